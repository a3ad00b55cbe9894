"""Delimited text (CSV and the like): :class:`DelimitedSource` reads a whole file
(``reader.py``); :func:`text_batches` and :func:`parse_lines` read a large one a batch of whole
lines at a time (``batched.py``, which the job's streaming path uses).
"""

from pipeline.sources.delimited.batched import StreamError, parse_lines, text_batches
from pipeline.sources.delimited.reader import (
    DelimitedSource,
    read_csv,
    read_delimited,
    sniff_delimiter,
)

__all__ = [
    "DelimitedSource",
    "StreamError",
    "parse_lines",
    "read_csv",
    "read_delimited",
    "sniff_delimiter",
    "text_batches",
]
