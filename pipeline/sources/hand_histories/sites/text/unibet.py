"""Unibet's hand histories (``Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em
Banzai - 13:22:50 2021/04/04``), declared for the text engine.

The header gives the time before the date and no zone (the time is taken as written, in UTC).
Sections are named (``*** Seated players ***``, ``*** Blinds and button ***``, ``*** Hole cards
***``, ``*** Preflop ***``); the button is a player (``Player4 has the button``), every player
dealt in is listed (``Dealt in Player0``).  Amounts carry the currency mark (``€0.95``); a raise
gives its total (``raises €0.95 to €0.95, and is all-in``).  No uncalled bet is written: the
winner's ``wins €1.10`` holds it.  The summary repeats each seat's bet and result.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.sources.hand_histories.sites.text.patterns import (
    FOLD_CHECK,
    NAME,
    NEVER,
)
from pipeline.sources.hand_histories.text_site import TextSite

_AMOUNT = r"(?P<amount>[$€£]?[\d.,]+)"

UNIBET = TextSite(
    name="Unibet",
    hand_start=re.compile(
        r"^\ufeff?Game #(?P<hand_id>\d+): Table .* - \d{1,2}:\d\d:\d\d \d{4}/\d\d/\d\d", re.M
    ),
    headers=(
        re.compile(
            r"^\ufeff?Game #(?P<hand_id>\d+): Table (?P<table>.+?) - (?P<sb>[$€£]?[\d.,]+)/"
            r"(?P<bb>[$€£]?[\d.,]+) - (?P<game>.+?) - (?P<date>\d{1,2}:\d\d:\d\d \d{4}/\d\d/\d\d)"
        ),
    ),
    table=re.compile(r"\*\*\* Seated players \*\*\*"),
    seat=re.compile(rf"^Seat (?P<seat>\d+): {NAME} \((?P<stack>[^()]*)\)$"),
    button_line=re.compile(rf"^{NAME} has the button$"),
    actor_separator=" ",
    actions=(
        *FOLD_CHECK,
        (re.compile(rf"calls {_AMOUNT}"), "call"),
        (re.compile(rf"bets {_AMOUNT}"), "bet"),
        (re.compile(r"raises \S+ to (?P<to>[$€£]?[\d.,]+)"), "raise"),
        (re.compile(rf"posts small blind {_AMOUNT}"), "small_blind"),
        (re.compile(rf"posts big blind {_AMOUNT}"), "big_blind"),
        (re.compile(rf"posts ante {_AMOUNT}"), "ante"),
        (re.compile(r"shows \[(?P<cards>[^\]]*)\](?: \((?P<stated>[^)]*)\))?"), "show"),
        (re.compile(r"mucks(?: \[(?P<cards>[^\]]*)\])?"), "muck"),
        (re.compile(r"is sitting out|sits out|has (?:joined|left)"), "nothing"),
    ),
    all_in=re.compile(r"\band is all-in\b"),
    street=re.compile(
        r"^\*\*\* (?P<street>Blinds and button|Hole cards|Preflop|Flop|Turn|River|Showdown)"
        r" \*\*\*"
    ),
    streets=MappingProxyType(
        {
            "blinds and button": 0,
            "hole cards": 0,
            "preflop": 0,
            "flop": 1,
            "turn": 2,
            "river": 3,
            "showdown": 0,
        }
    ),
    dealt=re.compile(rf"^Dealt (?:in|to) {NAME}(?: \[(?P<cards>[^\]]*)\])?$"),
    collected=re.compile(rf"^{NAME} wins {_AMOUNT}"),
    unmatched_in_collected=None,
    summary=re.compile(r"^\*\*\* Summary \*\*\*"),
    summary_shown=NEVER,  # the summary repeats bets and results, no cards
    date_formats=("%H:%M:%S %Y/%m/%d",),
)
"""Unibet (Relax network): cash, Banzai tables too."""
