"""Betfair's hand histories (``***** Betfair Poker Hand History for Game 100000000 *****``),
declared for the text engine.

The stakes and the date share the second line, the weekday first and the year after the zone
(``PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009``).  Amounts sit in brackets
(``calls [$0.10]``), a raise gives its total (``raises to [$0.30]``), and ``goes all-in`` comes
on a line of its own before the action it marks.  Cards are separated by commas.  The pots are
won after ``** Hand Conclusion **`` (``wins $6.26 from side pot #1 with a straight flush, Seven
to Three``); the hand ends ``************  Game 100000000 ends  ************``.
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

_PUT = r"\[(?P<amount>[^\]]*)\]"

BETFAIR = TextSite(
    name="Betfair",
    hand_start=re.compile(
        r"^\ufeff?\*{5} Betfair Poker Hand History for Game (?P<hand_id>\d+) \*{5}", re.M
    ),
    headers=(
        re.compile(
            r"^\ufeff?\*{5} Betfair Poker Hand History for Game (?P<hand_id>\d+) \*{5}\n"
            r"(?P<limit>NL|PL|FL) (?P<sb>[$€£]?[\d.,]+)/(?P<bb>[$€£]?[\d.,]+) (?P<game>.+?)"
            r" - (?P<date>\w+, \w+ \d+, \d+:\d\d:\d\d) (?P<zone>[A-Z]+) (?P<year>\d{4})"
        ),
    ),
    table=re.compile(
        r"Table (?P<table>.+?)(?: (?P<size>\d+)-max)? \((?:Real|Play) Money\)\n"
        r"Seat (?P<button>\d+) is the button"
    ),
    seat=re.compile(rf"^Seat (?P<seat>\d+): {NAME} \( ?(?P<stack>[^()]*?) ?\)$"),
    actor_separator=" ",
    actions=(
        *FOLD_CHECK,
        (re.compile(r"calls " + _PUT), "call"),
        (re.compile(r"bets " + _PUT), "bet"),
        (re.compile(r"raises to \[(?P<to>[^\]]*)\]"), "raise"),
        (re.compile(r"posts small blind " + _PUT), "small_blind"),
        (re.compile(r"posts big blind " + _PUT), "big_blind"),
        (re.compile(r"posts ante " + _PUT), "ante"),
        (re.compile(r"shows \[(?P<cards>[^\]]*)\] *(?P<stated>.+)?"), "show"),
        (re.compile(r"mucks(?: \[(?P<cards>[^\]]*)\])?"), "muck"),
        (re.compile(r"goes all-in|is sitting out|sits out|has (?:joined|left)"), "nothing"),
    ),
    street=re.compile(r"^\*\* (?P<street>Dealing down cards|Dealing \w+|Showdown) \*\*"),
    streets=MappingProxyType(
        {
            "dealing down cards": 0,
            "dealing flop": 1,
            "dealing turn": 2,
            "dealing river": 3,
            "showdown": 0,
        }
    ),
    dealt=DEALT,
    collected=re.compile(rf"^{NAME} wins (?P<amount>[$€£]?[\d.,]+) from"),
    collected_in_summary=True,
    unmatched_in_collected=None,
    summary=re.compile(r"^\*\* Hand Conclusion \*\*"),
    summary_shown=NEVER,  # the showdown's lines name the hands
    date_formats=("%A, %B %d, %H:%M:%S %Y",),
    ignored=(re.compile(r"^Total number of active players"),),
    wording=CATEGORY_WORDING,
)
"""Betfair: cash, Omaha and Hold'em."""
