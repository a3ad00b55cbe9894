"""Hand histories: what every site's reader returns and the formats read beside PokerStars.

``hand_log.py`` is the shared result, :class:`HandLog` (a row per player per hand, and issues),
which every reader fills and the games score; ``phh.py`` reads the Poker Hand History format;
``reader.py`` declares the hand-history sources (``PHH``, ``POKERSTARS``) that
:data:`pipeline.sources.SOURCES` lists, and turns a log into a sheet.  ``reader.py`` is not
re-exported here: it imports the site readers (:mod:`pipeline.sources.pokerstars`), which import
``hand_log.py`` from this package.
"""

from pipeline.sources.hand_histories.hand_log import (
    INSTANT_FORMAT,
    ISSUE_SCHEMA,
    ROW_SCHEMA,
    STREETS,
    HandLog,
    Issues,
    drop_repeated_hands,
)
from pipeline.sources.hand_histories.phh import read_phh, sniff_phh

__all__ = [
    "INSTANT_FORMAT",
    "ISSUE_SCHEMA",
    "ROW_SCHEMA",
    "STREETS",
    "HandLog",
    "Issues",
    "drop_repeated_hands",
    "read_phh",
    "sniff_phh",
]
