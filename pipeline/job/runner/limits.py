"""How big things may grow before the job changes how it writes or reads them.

The defaults are Excel's own limit and what fits a modest machine; tests pass small ones, so that
the behaviour past each limit is tried without writing a million rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.sinks.excel.contract import MAX_ROWS

STREAM_BYTES = 64 << 20
"""A CSV larger than this (64 MiB, about 1.8 million rows of a night) is scored in batches
(:mod:`pipeline.job.streaming`): read whole, a CSV takes about 20 times its size in memory
(1 million rows, 35 MiB of text, peaked at 685 MiB; bench/README.md)."""
BATCH_BYTES = 8 << 20
"""Bytes of CSV text read per batch when streaming (about 230,000 rows of a night): peak memory
is mostly one batch being scored (about 1 GB at 16 MiB, 330 MiB at 2 MiB; bench/README.md)."""
WORKBOOK_ROWS = 1_000_000
"""Rows of a streamed input shown in its workbook; every row is in the Parquet file."""


@dataclass(frozen=True)
class Limits:
    """``sheet_rows``: rows an Excel sheet holds, header included (past it a sheet continues on
    ``NAME (2)``); ``stream_bytes``: a CSV larger than this is streamed; ``batch_bytes``: CSV
    text per batch; ``workbook_rows``: rows of a streamed input its workbook shows."""

    sheet_rows: int = MAX_ROWS
    stream_bytes: int = STREAM_BYTES
    batch_bytes: int = BATCH_BYTES
    workbook_rows: int = WORKBOOK_ROWS


DEFAULT_LIMITS = Limits()
