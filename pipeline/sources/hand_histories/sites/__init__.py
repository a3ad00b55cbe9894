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
from pipeline.sources.hand_histories.sites.acpc import looks_like_acpc, read_acpc
from pipeline.sources.hand_histories.sites.text.absolute import ABSOLUTE, ULTIMATE_BET
from pipeline.sources.hand_histories.sites.text.betfair import BETFAIR
from pipeline.sources.hand_histories.sites.text.betonline import BETONLINE
from pipeline.sources.hand_histories.sites.text.bovada import BOVADA
from pipeline.sources.hand_histories.sites.text.cake import CAKE
from pipeline.sources.hand_histories.sites.text.enet import ENET
from pipeline.sources.hand_histories.sites.text.entraction import ENTRACTION
from pipeline.sources.hand_histories.sites.text.everleaf import EVERLEAF
from pipeline.sources.hand_histories.sites.text.full_tilt import FULL_TILT
from pipeline.sources.hand_histories.sites.text.ggpoker import GGPOKER
from pipeline.sources.hand_histories.sites.text.kingsclub import KINGSCLUB
from pipeline.sources.hand_histories.sites.text.ongame import ONGAME
from pipeline.sources.hand_histories.sites.text.pacific import PACIFIC
from pipeline.sources.hand_histories.sites.text.partypoker import PARTYPOKER
from pipeline.sources.hand_histories.sites.text.pkr import PKR
from pipeline.sources.hand_histories.sites.text.pokertracker import (
    POKERTRACKER,
    POKERTRACKER_EVEREST,
    POKERTRACKER_MICROGAMING,
    POKERTRACKER_VERSIONED,
)
from pipeline.sources.hand_histories.sites.text.sealswithclubs import SEALSWITHCLUBS
from pipeline.sources.hand_histories.sites.text.unibet import UNIBET
from pipeline.sources.hand_histories.sites.text.winamax import WINAMAX
from pipeline.sources.hand_histories.sites.text.winning import WINNING, WINNING_2019
from pipeline.sources.hand_histories.sites.xml.boss import BOSS
from pipeline.sources.hand_histories.sites.xml.everest import EVEREST
from pipeline.sources.hand_histories.sites.xml.ipoker import IPOKER
from pipeline.sources.hand_histories.sites.xml.merge import MERGE
from pipeline.sources.hand_histories.sites.xml.microgaming import MICROGAMING
from pipeline.sources.hand_histories.text_engine import looks_like, read_text_site
from pipeline.sources.hand_histories.text_site import TextSite
from pipeline.sources.hand_histories.xml_engine import XmlSite
from pipeline.sources.pokerstars import read_pokerstars, sniff_pokerstars

__all__ = ["SITES", "TEXT_SITES", "XML_SITES", "Site", "text_site", "xml_site"]


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


def xml_site(site: XmlSite) -> Site:
    """An XML site's declaration as a :class:`Site` read by the streaming XML engine."""
    return Site(site.name, site.looks_like, site.read_log)


TEXT_SITES: tuple[TextSite, ...] = (
    GGPOKER,
    WINAMAX,
    FULL_TILT,
    ONGAME,
    ABSOLUTE,
    ULTIMATE_BET,
    ENET,
    PACIFIC,
    BOVADA,
    BETONLINE,
    PARTYPOKER,
    BETFAIR,
    UNIBET,
    WINNING,
    WINNING_2019,
    POKERTRACKER_VERSIONED,  # before the older exports: their "GAME #" starts alike
    POKERTRACKER,
    POKERTRACKER_EVEREST,
    POKERTRACKER_MICROGAMING,
    EVERLEAF,
    PKR,
    CAKE,
    KINGSCLUB,
    SEALSWITHCLUBS,
    ENTRACTION,
)
"""The text sites declared for the engine."""
XML_SITES: tuple[XmlSite, ...] = (IPOKER, MERGE, MICROGAMING, EVEREST, BOSS)
"""The XML sites declared for the streaming XML engine
(:mod:`pipeline.sources.hand_histories.xml_engine`)."""

SITES: tuple[Site, ...] = (
    # PokerStars keeps its own reader: a compiled scanner, the text engine over its
    # declaration (sites/text/pokerstars.py, not listed in TEXT_SITES) its reference.
    Site("PokerStars", sniff_pokerstars, read_pokerstars),
    *(text_site(site) for site in TEXT_SITES),
    *(xml_site(site) for site in XML_SITES),
    # ACPC's one-line hands: a small reader of its own (why: sites/acpc.py)
    Site("ACPC", looks_like_acpc, read_acpc),
)
"""Every site read, tried in this order."""
