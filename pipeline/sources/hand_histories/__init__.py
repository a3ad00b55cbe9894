"""Hand histories: the shared text engine, the sites declared for it, and the formats read
beside PokerStars.

- ``text_site.py``: :class:`TextSite`, a site's grammar as data; ``text_engine.py``:
  :func:`read_text_site`, the one engine that reads any declared site;
- ``sites/``: one file per site (``ggpoker.py``, ``winamax.py``) and the table of every site
  read (:data:`~pipeline.sources.hand_histories.sites.SITES`, where XML sites plug in too);
- ``head_marks.py``: how the files of every site in the corpus begin, read or not;
- ``phh.py`` reads the Poker Hand History format; ``reader.py`` makes a source of each site
  (:data:`pipeline.sources.SOURCES` lists them) and turns a log into a sheet.

The rows every reader returns are :class:`pipeline.records.HandLog` (below sources and games
both).  ``reader.py`` and ``sites/`` are not re-exported here: they import the PokerStars reader.
"""

from pipeline.sources.hand_histories.phh import read_phh, sniff_phh
from pipeline.sources.hand_histories.text_engine import read_text_site
from pipeline.sources.hand_histories.text_site import TextSite, read_amount

__all__ = ["TextSite", "read_amount", "read_phh", "read_text_site", "sniff_phh"]
