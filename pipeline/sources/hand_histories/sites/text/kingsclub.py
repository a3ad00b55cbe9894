"""KingsClub's hand histories (``#3264632: No Limit Holdem - 125/250``, the time on the next
line, then ``Table 'Bobbys Room Mix' Seat 1 is the button``), declared for the text engine.

Amounts carry no currency mark and use ``,`` for thousands (``10,000``, ``13,812.50``); the
club plays for dollars, so a hand is in ``USD``.  A limit game's header gives its bets (``Limit
Holdem - 40/80``): its blinds are the ones posted.  Every player's hole cards are dealt, hidden
ones as ``[X X]``.  A post puts a colon after the name (``Ann: posts ante 50``), an action
does not (``Ann folds``).  A call and a raise give the street total they make (``calls 625``
from the small blind, ``raises to 1,375``), ``, and is all in`` marks an all-in; no uncalled bet is
written.  A street repeats the board before the card it adds (``*** TURN *** [8d 4d 3c]
[5c]``); a board run twice is written ``*** BOARD 2 - RIVER *** [- - - Kh] [Ac]`` (a dash for a
card both runs share): read, each run's board in ``run_boards``.
The summary gives each seat's net (``Seat 3: Ann (12,925) +2,925``) and the pots won (``Ann wins
pot (1,350)``, ``Ann wins (3,075) from side pot 1``).  Big O (five-card Omaha Hi/Lo), stud and
the draw games are left out, named, until the games' table and the engine read them.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.sources.hand_histories.sites.text.patterns import (
    CATEGORY_WORDING,
    FOLD_CHECK,
    NAME,
    NEVER,
    STARS_SUMMARY,
)
from pipeline.sources.hand_histories.text_site import RUNS_NUMBERED, TextSite

_STAKE = r"[\d.,]+"
_WHEN_AND_WHERE = (
    r"\n(?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\nTable '(?P<table>[^'\n]*)'"
    r"(?: Seat (?P<button>\d+) is the button)?"
)
_TO = r"(?P<to>[\d.,]*\d)"

KINGSCLUB = TextSite(
    name="KingsClub",
    hand_start=re.compile(r"^\ufeff?#(?P<hand_id>\d+): ", re.MULTILINE),
    headers=(
        re.compile(
            rf"^\ufeff?#(?P<hand_id>\d+): (?P<game>(?:No|Pot) Limit [^\n]+?) - "
            rf"(?P<sb>{_STAKE})/(?P<bb>{_STAKE}){_WHEN_AND_WHERE}"
        ),
        re.compile(
            rf"^\ufeff?#(?P<hand_id>\d+): (?P<game>[^\n]+?) - {_STAKE}/{_STAKE}{_WHEN_AND_WHERE}"
        ),
    ),
    table=None,
    seat=re.compile(rf"^Seat (?P<seat>\d+): {NAME} \((?P<stack>[\d.,]+)\)$"),
    actor_separator=" ",
    actions=(
        *FOLD_CHECK,
        (re.compile(rf"calls {_TO}"), "call"),  # the street total it makes
        (re.compile(r"bets (?P<amount>[\d.,]*\d)"), "bet"),
        (re.compile(rf"raises to {_TO}"), "raise"),
        (re.compile(r"posts the small blind (?P<amount>\S+)"), "small_blind"),
        (re.compile(r"posts the big blind (?P<amount>\S+)"), "big_blind"),
        (re.compile(r"posts ante (?P<amount>\S+)"), "ante"),
        (re.compile(r"posts blind (?P<amount>\S+)"), "live_post"),
        (re.compile(r"shows \[(?P<cards>[^\]]*)\]"), "show"),
        (re.compile(r"mucks(?: \[(?P<cards>[^\]]*)\])?"), "muck"),
        (re.compile(r"sits out|is sitting out|has (?:joined|left)"), "nothing"),
    ),
    all_in=re.compile(r"\band is all in\b"),
    street=re.compile(r"^\*\*\* (?P<street>HOLE CARDS|FLOP|TURN|RIVER) \*\*\*"),
    streets=MappingProxyType({"hole cards": 0, "flop": 1, "turn": 2, "river": 3}),
    # the second board: "*** BOARD 2 - RIVER *** [- - - Kh] [Ac]" (a dash: a card shared)
    run_street=re.compile(r"^\*\*\* BOARD (?P<run>\d) - (?P<street>FLOP|TURN|RIVER) \*\*\*"),
    run_words=RUNS_NUMBERED,
    dealt=re.compile(rf"^Dealt to {NAME}: \[(?:(?:X ?)+|(?P<cards>[^\]]*))\]$"),
    collected=re.compile(rf"^{NAME} wins (?:pot )?\((?P<amount>[\d.,]+)\)(?: from |$)"),
    collected_in_summary=True,
    unmatched_in_collected=False,
    summary=STARS_SUMMARY,
    summary_shown=NEVER,
    currency="USD",
    date_formats=("%Y-%m-%d %H:%M:%S",),
    rewrites=((re.compile(r"(?m)^([^:\n]+): (?=posts )"), r"\1 "),),  # "Ann: posts", "Ann folds"
    wording=CATEGORY_WORDING,
)
"""KingsClub: cash, Hold'em and Omaha (4 and 5 cards, Hi/Lo)."""
