"""888poker's hand histories (``#Game No : 418361264`` then ``***** 888poker Hand History for
Game 418361264 *****``; Cassava, 888.ro, 888poker.ca-on and Pacific Poker write the same),
declared for the text engine.

The stakes and the date have a line of their own, after the preamble: ``$5/$10 Blinds Fix Limit
Holdem - *** 04 03 2012 15:32:21`` (day, month, year; no zone written, so the time is taken as
written, in UTC); a tournament adds ``Tournament #N $1.80 + $0.20 - Table #7``, its buy-in
``Free`` / ``Бесплатно`` for a freeroll.  Amounts sit in brackets and are written by the
player's locale: ``[$0.25]``, ``[284,48$]``, ``[1 234 $]``; a raise gives what it adds
(``raises [$20]``), a dead blind its two parts (``[$0.05 + $0.10]``).  888 writes no uncalled
bet returned: the part of the last bet no one matched is in the bettor's ``collected`` (the
engine gives it back), and the pots are collected after ``** Summary **``.  No hand is named in
the log: the cards shown alone.  ``Practice Play`` tables are play money.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.sources.hand_histories.sites.text.patterns import (
    DEALT,
    FOLD_CHECK,
)
from pipeline.sources.hand_histories.text_site import TextSite

_AMOUNT = r"[$€£]?[ \u00a0]?\d[\d,. \u00a0]*?(?:[ \u00a0]?[$€£])?"
_BRANDS = r"(?:Cassava|888poker|888\.\w+|Pacific Poker)[\w.-]*(?: BLAST)?"
_PREAMBLE = (
    rf"#Game No : \d+\n\*{{5}} {_BRANDS} Hand History for Game (?P<hand_id>\d+) \*{{5}}\n"
    rf"(?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT}) Blinds (?P<game>.+?) - \*\*\*"
    r"(?: (?P<date>\d\d \d\d \d{4} \d\d:\d\d:\d\d))?"
)
_NAME = r"(?P<name>.*?)"

PACIFIC = TextSite(
    name="888poker",
    hand_start=re.compile(
        rf"^#Game No : (?P<hand_id>\d+)\r?\n\*{{5}} {_BRANDS} Hand History", re.MULTILINE
    ),
    headers=(
        re.compile(
            _PREAMBLE + r"\nTournament #(?P<tournament>\d+) (?P<buy_in>.*?)"
            r"(?: - Table #(?P<table>\d+))?(?: (?P<size>\d+) Max)? \((?:Real Money|Practice Play)\)"
        ),
        re.compile(_PREAMBLE),
    ),
    table=re.compile(
        r"(?:Table (?P<table>.+?)(?: (?P<size>\d+) Max)? \((?:Real Money|Practice Play)\)\n)?"
        r"Seat (?P<button>\d+) is the button\nTotal number of players : \d+"
    ),
    seat=re.compile(rf"^Seat (?P<seat>\d+): {_NAME} \( ?(?P<stack>[^()]*?) ?\)$"),
    actor_separator=" ",
    actions=(
        *FOLD_CHECK,
        (re.compile(r"calls \[(?P<amount>[^\]]*)\]"), "call"),
        (re.compile(r"bets \[(?P<amount>[^\]]*)\]"), "bet"),
        (re.compile(r"raises \[(?P<amount>[^\]]*)\]"), "raise"),
        (re.compile(r"posts small blind \[(?P<amount>[^\]]*)\]"), "small_blind"),
        (re.compile(r"posts big blind \[(?P<amount>[^\]]*)\]"), "big_blind"),
        (re.compile(r"posts ante \[(?P<amount>[^\]]*)\]"), "ante"),
        (re.compile(r"posts dead blind \[(?P<amount>[^\]]*)\]"), "dead_post"),
        (re.compile(r"shows \[(?P<cards>[^\]]*)\]"), "show"),
        (re.compile(r"mucks(?: \[(?P<cards>[^\]]*)\])?"), "muck"),
        (re.compile(r"did not show his hand"), "nothing"),
    ),
    street=re.compile(r"^\*\* (?P<street>Dealing down cards|Dealing \w+) \*\*"),
    streets=MappingProxyType(
        {"dealing down cards": 0, "dealing flop": 1, "dealing turn": 2, "dealing river": 3}
    ),
    dealt=DEALT,
    collected=re.compile(rf"^{_NAME} collected \[ ?(?P<amount>[^\]]*?) ?\]$"),
    collected_in_summary=True,
    unmatched_in_collected=None,
    # a comma before one or two last digits, a mark after the amount or spaced from it, two
    # points grouping thousands: the hand is written the continental way (``1.183.764 $``)
    decimal_comma_when=re.compile(
        r"\d,\d\d?(?![\d,])|\d[ \u00a0]?[$€£](?![ \u00a0]?\d)|[$€£][ \u00a0]\d|\d\.\d{3}\.\d{3}"
    ),
    summary=re.compile(r"^\*\* Summary \*\*"),
    summary_shown=re.compile(rf"^{_NAME} (?:shows|(?P<mucked>mucks)) \[(?P<cards>[^\]]*)\]"),
    date_formats=("%d %m %Y %H:%M:%S",),
    free_buy_in=re.compile(r"^(?:Free|Бесплатно)", re.IGNORECASE),
    play_money=re.compile(r"\(Practice Play\)"),
    ignored=(re.compile(r"^\((?:Hi|Lo): [^)]*\)$"),),
)
"""888poker: cash (real money and practice play, jackpot tables) and tournaments."""
