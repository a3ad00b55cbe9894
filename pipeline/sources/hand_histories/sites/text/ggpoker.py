"""GGPoker's hand histories (``Poker Hand #RC3796575777: Hold'em No Limit ($0.02/$0.05) - ...``),
declared for the text engine.

Hand ids keep their letters (``RC`` Rush & Cash, ``OM`` Omaha, ``SD`` short deck, ``TM``
tournaments, ``HD`` ...); players other than the one who saved the file are anonymised
(``f4ed9d``).  GGPoker writes no time zone: the time is taken as written, in UTC.  Short deck
posts antes and a button blind, its header giving the ante alone (``ShortDeck No Limit ($0.02)``).
A straddle is written as the player's total (``straddle $0.04``, then ``straddle $0.08``: 0.08
in all).  A cash drop added to the pot and an all-in insurance are kept as issues on the hand.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.records.stated_hands import HandWording
from pipeline.sources.hand_histories.sites.text.patterns import (
    DEALT,
    NAME,
    STARS_BETS,
    STARS_SUMMARY,
)
from pipeline.sources.hand_histories.text_site import TextSite

_AMOUNT = r"[$€£]?\d[\d,.]*"
_DATE = r"(?P<date>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2})"

GGPOKER = TextSite(
    name="GGPoker",
    hand_start=re.compile(r"^\ufeff?Poker Hand #(?P<hand_id>[A-Z]{0,4}\d+):", re.MULTILINE),
    headers=(
        re.compile(
            r"^\ufeff?Poker Hand #(?P<hand_id>[A-Z]{0,4}\d+): +Tournament #(?P<tournament>\d+), "
            r"(?:.*? )??(?P<game>(?:\S+ )?(?:No Limit|Pot Limit|Fixed Limit|Limit)|\S+ \([^()]*\))"
            rf" *- Level\w*\s*\((?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT})\) - {_DATE}"
        ),
        re.compile(
            r"^\ufeff?Poker Hand #(?P<hand_id>[A-Z]{0,4}\d+): +(?P<game>[^()]+?) +"
            rf"\((?:(?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT})|(?P<ante>{_AMOUNT}))\) - {_DATE}"
        ),
    ),
    table=re.compile(
        r"^Table '(?P<table>.*)' (?:(?P<size>\d+)-max )?.*?Seat #(?P<button>\d+) is the button"
    ),
    seat=re.compile(rf"^Seat (?P<seat>\d+): {NAME} \((?P<stack>[^()]*?) in chips\)"),
    sitting_out=re.compile(r"sitting out"),
    actor_separator=": ",
    actions=(
        *STARS_BETS,
        (re.compile(r"posts small blind (?P<amount>\S+)"), "small_blind"),
        (re.compile(r"posts big blind (?P<amount>\S+)"), "big_blind"),
        (re.compile(r"posts the ante (?P<amount>\S+)"), "ante"),
        (re.compile(r"posts button blind (?P<amount>\S+)"), "live_post"),
        (re.compile(r"posts missed blind (?P<amount>\S+)"), "dead_post"),
        (re.compile(r"straddle (?P<to>\S+)"), "straddle"),
        (re.compile(r"shows \[(?P<cards>[^\]]*)\](?: \((?P<stated>.*)\))?"), "show"),
        (re.compile(r"mucks(?: \[(?P<cards>[^\]]*)\])?"), "muck"),
        (
            re.compile(r"doesn't show|sits out|is sitting out|has returned|is disconnected"),
            "nothing",
        ),
    ),
    street=re.compile(r"^\*\*\* (?P<street>HOLE CARDS|FLOP|TURN|RIVER|SHOWDOWN|SHOW DOWN) \*\*\*"),
    streets=MappingProxyType(
        {"hole cards": 0, "flop": 1, "turn": 2, "river": 3, "showdown": 0, "show down": 0}
    ),
    run_street=re.compile(
        r"^\*\*\* (?P<run>FIRST|SECOND|THIRD) (?P<street>FLOP|TURN|RIVER|SHOWDOWN|SHOW DOWN) \*\*\*"
    ),
    run_board=re.compile(r"^(?P<run>FIRST|SECOND|THIRD) Board \[(?P<cards>[^\]]*)\]"),
    dealt=DEALT,
    uncalled=re.compile(rf"^Uncalled bet \((?P<amount>[^()]*)\) returned to {NAME}$"),
    collected=re.compile(rf"^{NAME} collected (?P<amount>\S+) from"),
    summary=STARS_SUMMARY,
    summary_shown=re.compile(
        rf"^Seat \d+: {NAME} (?:\((?:button|small blind|big blind)\) )*"
        r"(?:showed|(?P<mucked>mucked)) \[(?P<cards>[^\]]*)\]"
        r"(?: and (?:won \([^)]*\)|lost) with (?P<stated>.+?)(?:, and .*|, AII Premium.*)?)?$"
    ),
    date_formats=("%Y/%m/%d %H:%M:%S",),
    noted=(
        (re.compile(r"^Cash Drop to Pot"), "cash_drop", "a cash drop added to the pot"),
        (
            re.compile(r"^.+: (?:pay premium of|get an) all-in insurance"),
            "insurance",
            "an all-in insurance, paid apart from the pot",
        ),
    ),
    ignored=(re.compile(r"^.+ (?:is sitting out|has returned|sits out|joins|leaves)"),),
    wording=HandWording(
        (
            (r"royal flush|straight flush", "Straight Flush"),
            (r"\bfull over\b", "Full House"),
            (r"^four ", "Four of a Kind"),
            (r"\bflush$|^flush", "Flush"),
            (r"\bstraight$|^straight", "Straight"),
            (r"^three ", "Three of a Kind"),
            (r"^pair of .+ and pair of ", "Two Pair"),
            (r"^pair of ", "Pair"),
            (r"^\w+-high$|^high card", "High Card"),
        )
    ),
)
"""GGPoker: cash (Hold'em, PLO, PLO-5, PLO-6, short deck, Rush & Cash) and tournaments."""
