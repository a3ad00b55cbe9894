"""Full Tilt Poker's hand histories (``Full Tilt Poker Game #32616909390: Table Vera (6 max) -
NL Hold'em - $0.01/$0.02 - 08:55:55 ET - 2013/05/08``), declared for the text engine.

Full Tilt writes most files in UTF-16 (little-endian, with or without a BOM), some in ASCII.
Its header names the table (there is no table line) and writes the game and the stakes in
either order; the button is named among the actions (``The button is in seat #3``).  Since
2010 a header gives two clocks, the player's own then Eastern time in brackets (``19:36:43 CET
- 2011/04/07 [13:36:43 ET - 2011/04/07]``): the first is read, with its zone.  A 2010 header
writes ``22:04 ET - Wed, July 21, 2010``.  Names carry no colon (``Player0 calls $0.02``) and
may hold spaces; a line ``name: text`` is chat.  A tournament's header gives its name and id
(``$2,500 Guarantee (Cashout) (112570793), Table 65``), no buy-in (null); big tournament
blinds are written ``50K/100K``.  Courchevel deals one board card before the flop (``***
FLOPET ***``): it is five-card Omaha with that card seen early.  Run it twice (``Players agree
to Run It Twice``) leaves the hand out; an observer's log without seat lines is a malformed
hand.  Hands shown are named as PokerStars names them, but for a high card: ``Ace King high``.
A Flipout's header writes ``2B/2B Ante 2B`` (every stack anted; the figures' meaning is not
stated): its stakes are null.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.records.stated_hands import HandWording
from pipeline.sources.hand_histories.sites.text.patterns import (
    DEALT_BRACKETS,
    FOLD_CHECK,
    NAME,
    STARS_SUMMARY,
)
from pipeline.sources.hand_histories.text_site import RUNS_NUMBERED, TextSite

_AMOUNT = r"[$€£]?\d[\d,.]*[KM]?"
_STAKES = (
    rf"(?:(?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT})(?: Ante (?P<ante>{_AMOUNT}))?"
    r"|\d+B/\d+B Ante \d+B)"  # a Flipout's: every stack anted, the figures' meaning unstated
)
_GAME = (  # a capped table's cap before the game's words: "$2,000 Cap Pot Limit Omaha Hi"
    r"(?:[$€£]?[\d,]+ Cap )?(?:[$€£]?\d+ )?"
    r"(?P<game>(?:CAP )?(?:NL|PL|FL|No Limit|Pot Limit|Limit) .+?)"
)
_TABLE = r"Table (?P<table>.+?)(?: \((?:(?P<size>\d+) max|heads up|deep|shallow)(?:, \w+)*\))?"
_TOURNAMENT = (
    r"(?P<tournament_name>.+?) \((?P<tournament>\d+)\), (?:Table )?(?P<table>\d+|Match \d+)"
)
_CLOCK = (
    r"(?P<time>\d{1,2}:\d\d(?::\d\d)?) (?P<zone>[A-Z]+) - "
    r"(?P<date>\d{4}/\d\d/\d\d|\w+, \w+ \d{1,2}, \d{4})"
)
_START = r"^\ufeff?Full ?Tilt ?Poker Game #(?P<hand_id>\d+): "

FULL_TILT = TextSite(
    name="Full Tilt",
    hand_start=re.compile(r"^\ufeff?Full ?Tilt ?Poker Game #(?P<hand_id>\d+): ", re.MULTILINE),
    headers=tuple(
        re.compile(rf"{_START}{where} - {order} - {_CLOCK}")
        for where in (_TABLE, _TOURNAMENT)
        for order in (rf"{_GAME} - {_STAKES}", rf"{_STAKES} - {_GAME}")
    ),
    table=None,
    seat=re.compile(rf"^Seat (?P<seat>\d+): {NAME} \((?P<stack>[$€£]?\d[\d,.]*)\)"),
    sitting_out=re.compile(r"is sitting out"),
    button_line=re.compile(r"^The button is in seat #(?P<button>\d+)"),
    actor_separator=" ",
    all_in=re.compile(r"\band is all in\b"),
    actions=(
        *FOLD_CHECK,
        (re.compile(r"calls (?P<amount>\S+)"), "call"),
        (re.compile(r"bets (?P<amount>\S+)"), "bet"),
        (re.compile(r"raises to (?P<to>\S+)"), "raise"),
        (re.compile(r"posts the small blind of (?P<amount>\S+)"), "small_blind"),
        (re.compile(r"posts the big blind of (?P<amount>\S+)"), "big_blind"),
        (re.compile(r"posts a dead small blind of (?P<amount>\S+)"), "dead_post"),
        (re.compile(r"antes (?P<amount>\S+)"), "ante"),
        (re.compile(r"brings in for (?P<amount>[^,\s]+)"), "bring_in"),
        (re.compile(r"completes it to (?P<to>[^,\s]+)"), "raise"),
        (re.compile(r"discards (?P<count>\d+) cards?"), "draw"),
        (re.compile(r"stands pat"), "draw"),
        (re.compile(r"posts (?P<amount>[$€£]?\d\S*)"), "live_post"),
        (re.compile(r"shows \[(?P<cards>[^\]]*)\](?: \(?(?P<stated>[^()]+)\)?)?"), "show"),
        (re.compile(r"shows (?P<stated>.+)"), "show"),
        (re.compile(r"mucks(?: \[(?P<cards>[^\]]*)\])?"), "muck"),
        (
            re.compile(
                r"has \d+ seconds left to act|has requested TIME|has timed out|"
                r"has been disconnected|has reconnected|is sitting out|has returned|sits down|"
                r"adds |stands up|is feeling |seconds left to act|is dealt \d+ cards?$|"
                r"is (?:low|high) with \["
            ),
            "nothing",
        ),
    ),
    street=re.compile(
        r"^\*\*\* (?P<street>HOLE CARDS|FLOPET|FLOP|TURN|RIVER|SHOW DOWN|[3-7](?:RD|TH) STREET|"
        r"(?:FIRST |SECOND |THIRD )?DRAW) \*\*\*"
    ),
    streets=MappingProxyType(
        {
            **{"hole cards": 0, "flopet": 0, "flop": 1, "turn": 2, "river": 3, "show down": 0},
            **{f"{n}{'rd' if n == 3 else 'th'} street": n - 3 for n in range(3, 8)},
            **{"draw": 1, "first draw": 1, "second draw": 2, "third draw": 3},
        }
    ),
    # a board run twice: "*** TURN 1 *** [2c As Jh] [9h]", "*** SHOW DOWN 2 ***", a summary
    # per run ("*** SUMMARY 1 ***": its seat lines name that run's hands)
    run_street=re.compile(r"^\*\*\* (?P<street>FLOP|TURN|RIVER|SHOW DOWN) (?P<run>\d) \*\*\*"),
    run_words=RUNS_NUMBERED,
    dealt=DEALT_BRACKETS,
    uncalled=re.compile(rf"^Uncalled bet of (?P<amount>\S+) returned to {NAME}$"),
    uncalled_unwritten=True,  # a walk in a 2012 tournament: no line, the pot the matched part
    unmatched_in_collected=False,
    collected=re.compile(
        rf"^{NAME} (?:wins|ties for) (?:the )?(?:(?:high|low) )?(?:(?:main|side) )?pot(?: \d)? "
        r"\((?P<amount>[^()]+)\)"
    ),
    summary=STARS_SUMMARY,
    # Full Tilt leaves out its 'wins the pot' line at times: the summary's award is read then
    summary_collected=re.compile(
        rf"^Seat \d+: {NAME} (?:\((?:button|small blind|big blind)\) )*"
        r"(?:collected|showed \[[^\]]*\] and won) \((?P<amount>[^()]+)\)"
    ),
    summary_shown=re.compile(
        rf"^Seat \d+: {NAME} (?:\((?:button|small blind|big blind)\) )*"
        r"(?:showed|(?P<mucked>mucked)) \[(?P<cards>[^\]]*)\]"
        r"(?: (?:and (?:won \([^)]*\)|lost) with|-) (?P<stated>.+?))?$"
    ),
    date_formats=("%Y/%m/%d %H:%M:%S", "%a, %B %d, %Y %H:%M"),
    wording=HandWording(
        (
            (r"^a (?:straight flush|royal flush)", "Straight Flush"),
            (r"^four of a kind", "Four of a Kind"),
            (r"^a full house", "Full House"),
            (r"^a flush", "Flush"),
            (r"^a straight", "Straight"),
            (r"^three of a kind", "Three of a Kind"),
            (r"^two pair", "Two Pair"),
            (r"^a pair", "Pair"),
            (r"^\w+ \w+ high$", "High Card"),  # "Ace King high"
        )
    ),
    ignored=(
        re.compile(r"^[^:]+: "),  # chat: "Player5: im so sorry"
        re.compile(r"^.+ (?:sits down|adds \S+|stands up|is feeling \w+|has returned)$"),
        re.compile(r"^.+ (?:has been disconnected|has reconnected|is sitting out)$"),
        re.compile(r"^Seats: \d+$"),
        re.compile(
            r"^Players agree to Run It Twice$"
        ),  # a 2013 tournament's seats, before the seat lines
        re.compile(r"^\d+ seconds left to act$"),  # a timer line cut in two
        re.compile(r"^ \([\dA,]+\)$"),  # the low hand shown, under its player's line
        re.compile(r"^No low hand qualified$"),  # a Stud or Omaha Hi/Lo pot all high
    ),
)
"""Full Tilt: cash (Hold'em, Omaha 4, 5, 6 cards and Hi/Lo, Courchevel, Stud, Stud Hi/Lo,
Razz, 5 Card Draw, 2-7 Single and Triple Draw, A-5 Triple Draw, Badugi, mixed games), sit &
go's and tournaments; 5 Card Stud is a named unsupported variant.  Stud streets are ``*** 3RD
STREET ***`` to ``*** 7TH STREET ***`` (the player's cards so far, then the street's:
``Dealt to Hero [Td Jd As] [Jc]``), draws ``*** FIRST DRAW ***`` (``*** DRAW ***`` for a single
draw), ``discards 2 cards`` or ``stands pat``."""
