"""PokerStars hand histories: :func:`read_pokerstars` reads a log into a
:class:`~pipeline.sources.hand_histories.HandLog`.

``reader.py`` chooses the path: the compiled scanner (``compiled.py`` over our C extension,
``_pokerstars_scan*.c``, built by ``setup.py``) where it is built, else the line reader
(``lines.py``, the reference); ``header.py`` reads the header lines both paths share.
"""

from pipeline.sources.pokerstars.reader import (
    HandLog,
    read_pokerstars,
    read_pokerstars_lines,
    sniff_pokerstars,
    split_hands,
)

__all__ = [
    "HandLog",
    "read_pokerstars",
    "read_pokerstars_lines",
    "sniff_pokerstars",
    "split_hands",
]
