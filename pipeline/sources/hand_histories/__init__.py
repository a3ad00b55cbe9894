"""Hand histories: the formats read beside PokerStars, and the hand-history sources.

The rows every site's reader returns are :class:`pipeline.records.HandLog` (below sources and
games both); ``phh.py`` reads the Poker Hand History format; ``reader.py`` declares the
hand-history sources (``PHH``, ``POKERSTARS``) that :data:`pipeline.sources.SOURCES` lists, and
turns a log into a sheet.  ``reader.py`` is not re-exported here: it imports the site readers
(:mod:`pipeline.sources.pokerstars`).
"""

from pipeline.sources.hand_histories.phh import read_phh, sniff_phh

__all__ = ["read_phh", "sniff_phh"]
