"""Seals With Clubs' hand histories (``Hand #5338590-82 - 2013-04-12 00:37:11``), declared for
the text engine.

The header's lines give the game and its stakes (``Game: NL Hold'em (20 - 100) - Blinds 1/1``;
a limit game's ``Stakes 2/4`` are its bets, its blinds the ones posted), the site and the table.
The site played for millibitcoins: amounts carry no mark, and a hand's currency is ``mBTC``.
The button is a line among the posts (``Ann has the dealer button``); a seat ``- sitting out``
or ``- waiting for big blind`` is not dealt in.  A raise gives its total, a call what it adds;
``(All-in)`` marks an all-in; an uncalled bet comes back ``Ann refunded 4``.  Each pot is shown
down on its own (``** Side Pot 1 Show Down **``, ``** Main Pot Show Down **``) and won (``Ann
wins Main Pot (6) with Two Pair``), then its rake written (``Rake (0.17)``); there is no summary.
A player posting both blinds (``posts small & big blind 1.50``) puts them in as a dead post.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.sources.hand_histories.sites.text.patterns import (
    CATEGORY_WORDING,
    DEALT,
    FOLD_CHECK,
    NAME,
    NEVER,
)
from pipeline.sources.hand_histories.text_site import TextSite

_START = r"^\ufeff?Hand #(?P<hand_id>\d+-\d+) - (?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)"
_WHERE = r"\nSite: Seals With Clubs\nTable: (?P<table>[^\n]+)"

SEALSWITHCLUBS = TextSite(
    name="SealsWithClubs",
    hand_start=re.compile(_START, re.MULTILINE),
    headers=(
        re.compile(
            rf"{_START}\nGame: (?P<game>[^\n(]+?) \([^)]*\) - Blinds (?P<sb>[\d.]+)/(?P<bb>[\d.]+)"
            + _WHERE
        ),
        re.compile(rf"{_START}\nGame: (?P<game>[^\n(]+?) \([^)]*\) - Stakes [\d./]+{_WHERE}"),
    ),
    table=None,
    seat=re.compile(rf"^Seat (?P<seat>\d+): {NAME} \((?P<stack>[\d.]+)\)(?: - [\w ]+)?$"),
    sitting_out=re.compile(r" - (?:sitting out|waiting for big blind)"),
    actor_separator=" ",
    actions=(
        *FOLD_CHECK,
        (re.compile(r"calls (?P<amount>[\d.]+)"), "call"),
        (re.compile(r"bets (?P<amount>[\d.]+)"), "bet"),
        (re.compile(r"raises to (?P<to>[\d.]+)"), "raise"),
        (re.compile(r"posts small blind (?P<amount>\S+)"), "small_blind"),
        (re.compile(r"posts big blind (?P<amount>\S+)"), "big_blind"),
        (re.compile(r"posts small & big blind (?P<amount>\S+)"), "dead_post"),
        (re.compile(r"posts ante (?P<amount>\S+)"), "ante"),
        (re.compile(r"shows \[(?P<cards>[^\]]*)\](?: \((?P<stated>[^)]*)\))?"), "show"),
        (re.compile(r"mucks(?: \[(?P<cards>[^\]]*)\])?"), "muck"),
        (re.compile(r"adds \S+ chips|sits out|is sitting out|has (?:joined|left)"), "nothing"),
    ),
    all_in=re.compile(r"\(All-in\)"),
    button_line=re.compile(rf"^{NAME} has the dealer button$"),
    street=re.compile(
        r"^\*\* (?:(?:Main |Side )?Pot(?: \d+)? )?(?P<street>Hole Cards|Flop|Turn|River|Show Down)"
        r" \*\*"
    ),
    streets=MappingProxyType({"hole cards": 0, "flop": 1, "turn": 2, "river": 3, "show down": 0}),
    dealt=DEALT,
    uncalled=re.compile(rf"^{NAME} refunded (?P<amount>[\d.]+)$"),
    collected=re.compile(
        rf"^{NAME} wins (?:Main |Side )?Pot(?: \d+)? \((?P<amount>[\d.]+)\)(?: with |$)"
    ),
    summary=NEVER,
    summary_required=False,
    summary_shown=NEVER,
    currency="mBTC",
    date_formats=("%Y-%m-%d %H:%M:%S",),
    ignored=(re.compile(r"^Rake \([\d.]+\)$"),),
    wording=CATEGORY_WORDING,
)
"""Seals With Clubs: cash, Hold'em and Omaha, in millibitcoins."""
