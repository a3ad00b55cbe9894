"""Every hand-history site we read, in one table: :data:`SITES`.

A text site is one file here holding its :class:`~pipeline.sources.hand_histories.TextSite`
declaration (``ggpoker.py``, ``winamax.py``), listed below with :func:`text_site`; an XML site
(iPoker, Merge, ...) is one file holding its declaration for the streaming XML engine, listed
below the same way with that engine's helper.  Each entry is a :class:`Site`: how its files are
recognised (from their first characters, whatever their name) and how its bytes are read into a
:class:`~pipeline.records.HandLog`.  :mod:`pipeline.sources.hand_histories.reader` makes one
source per entry, tried in this order, so the job reads a new site once it is listed here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from pipeline.records import HandLog, declare_wording
from pipeline.sources.hand_histories.sites.bovada import BOVADA
from pipeline.sources.hand_histories.sites.ggpoker import GGPOKER
from pipeline.sources.hand_histories.sites.pacific import PACIFIC
from pipeline.sources.hand_histories.sites.winamax import WINAMAX
from pipeline.sources.hand_histories.text_engine import looks_like, read_text_site
from pipeline.sources.hand_histories.text_site import TextSite
from pipeline.sources.pokerstars import read_pokerstars, sniff_pokerstars

__all__ = ["SITES", "TEXT_SITES", "Site", "text_site"]


@dataclass(frozen=True)
class Site:
    """A site as the job sees it: its name (the ``site`` column and, lower case, the source's
    kind), whether a file's head (decoded text) is one of its logs, and how its bytes are read
    (``read(data, file name)``)."""

    name: str
    looks_like: Callable[[str], bool]
    read: Callable[[bytes, str], HandLog]


def text_site(site: TextSite) -> Site:
    """A text site's declaration as a :class:`Site` read by the text engine; its wording of
    hands (where it declares one) goes to the hand-name check."""
    if site.wording is not None:
        declare_wording(site.name, site.wording)
    return Site(site.name, partial(looks_like, site), partial(read_text_site, site))


TEXT_SITES: tuple[TextSite, ...] = (GGPOKER, WINAMAX, PACIFIC, BOVADA)
"""The text sites declared for the engine."""

SITES: tuple[Site, ...] = (
    # PokerStars keeps its own reader: a compiled scanner, the line reader its reference.
    Site("PokerStars", sniff_pokerstars, read_pokerstars),
    *(text_site(site) for site in TEXT_SITES),
    # XML sites (iPoker, Merge, Microgaming, Everest, Boss) plug in here.
)
"""Every site read, tried in this order."""
