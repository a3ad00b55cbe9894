"""PokerStars' hand histories (``PokerStars Hand #1: Tournament #9, $1+$0.1 USD Hold'em No Limit -
Level I (10/20) - 2020/01/01 12:00:00 ET``), declared for the text engine: the reference the
compiled scanner (:mod:`pipeline.sources.pokerstars.scanner`) must agree with, and the reader
of the hands it hands back (:mod:`pipeline.sources.pokerstars.reader`).

Cash games, tournaments, Zoom and Home Games (``{Club #5}``); the header names the game with
its limit (``Omaha Hi/Lo Pot Limit``: the ``variant`` column keeps these words, as the scanner
writes them), a mixed game inside parentheses (``HORSE (Hold'em Limit, $0.10/$0.20 USD)``).
Since 2009 a header gives two clocks, the player's own then Eastern time in brackets: the
first is read, with its zone.  What sets PokerStars apart, each a declared option of the
engine:

- the show line's name of a hand (``shows [Ah Kh] (a pair of Kings)``) is preferred to the
  summary's, which may be cut;
- a pot a player cashed out of (``(pot not awarded as player cashed out)``) is awarded in the
  summary alone: ``won`` holds that award, and an issue says it is not the cash-out payment;
- ``posts small & big blinds $0.75``: the small blind's part (the header's small blind) is
  dead, in the pot only;
- ``folds [9c]``: the cards go into the fold's token, and into ``hole`` only when they are
  the whole hand;
- a summary names every seat dealt in: fewer seat lines, or a last line cut, is a hand cut
  short (``truncated_hand``), never scored from half;
- a seated player is dealt in unless the seat line says ``sitting out`` (or ``out of hand``,
  moved from another table) and they never act;
- a board run twice or three times (``*** FIRST RIVER ***``, ``*** SECOND RIVER ***``, the
  summary's ``FIRST Board [...]``): ``board`` is the first run's, ``run_boards`` every run's,
  ``won`` the awards of every run (the compiled scanner hands such a hand back to the engine).

Lines that carry nothing to score (chat, ``has returned``, ``leaves the table``, a bounty, a
tournament's finish) are every other line, as the compiled scanner reads them: the two paths
must agree on every text, however odd.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.sources.hand_histories.text_site import TextSite
from pipeline.sources.pokerstars.header import header_says

_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_AMOUNT = rf"[$€£]?{_NUMBER}"
_START = r"^\ufeff?PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #"
# What the header says wherever it says it, read by lookaheads from the hand number on: the
# stakes (a cash game's "($0.25/$0.50 USD)", a level's "(10/20)", a mixed game's "(Razz Limit,
# $0.10/$0.20 USD)"), 6+ Hold'em's "(Button Blind $5 - Ante $5 USD)" (its money only), the first
# date and the zone written after it.
_STAKES = (
    rf"(?:(?=[^\n]*?\((?:[^()\n]*?, )?(?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT})"
    r"(?: - [^()\n]*?)?(?:\s+(?P<iso>[A-Z]{3}))?\)))?"
)
_BUTTON_BLIND = rf"(?:(?=[^\n]*?\(Button Blind\s{_AMOUNT} - Ante\s(?P<ante>{_AMOUNT})))?"
_DATE = (
    r"(?:(?=[^\n]*?(?P<date>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2})"
    r"(?: (?P<zone>[A-Za-z][\w+\-:/]*))?))?"
)
# The game and its limit: after a home game's "{Club #5} ", past a tournament's number and
# buy-in ("Tournament #9, $1+$0.10 USD "), or inside a mixed game's parentheses.
_GAME = (
    r"(?:\{[^{}\n]*\} +)?"
    r"(?:Tournament #(?P<tournament>\d+), +(?P<buy_in>Freeroll|\S*\d\S*(?: [A-Z]{3})?) +)?"
    r"(?:[^()\n]*?\()?"
    r"(?P<game>[^()\n,]*?(?:No Limit|Pot Limit|Limit))(?=[ ,)]|$)"
)
# A seated name, as the seat line takes it: any text, even none (the scanner reads it so).
_NAME = r"(?P<name>.*?)"
# A post's amount: its last word before " and is all-in", or the line's last.
_ALL_IN = " and is all-in"
_POSTED = rf"(?:(?:(?!{_ALL_IN}).)* )?(?P<amount>(?:(?!{_ALL_IN})\S)+)(?:{_ALL_IN}.*)?$"
# How a summary's seat line ends when it is whole: a fold ("folded on the Turn", "(didn't
# bet)"), an amount or cards ("collected ($1.90)", "mucked [Qs]"), "mucked", "lost", or the
# last word of a hand's name ("... full of Nines", "a flush, Ace high", a low's "7,6,5,4,3").
_WHOLE_SEAT_LINE = (
    r"(?:Flop|Turn|River|[)\]]|mucked|hand|lost|high|Flush|\d|"
    r"Aces?|Kings?|Queens?|Jacks?|Tens?|Nines?|Eights?|Sevens?|Six(?:es)?|Fives?|Fours?|"
    r"Threes?|Deuces?|Twos?)$"
)

POKERSTARS = TextSite(
    name="PokerStars",
    hand_start=re.compile(rf"{_START}(?P<hand_id>\d+)?", re.MULTILINE),
    headers=(
        re.compile(rf"{_START}(?P<hand_id>\d+): +{_STAKES}{_BUTTON_BLIND}{_DATE}{_GAME}"),
        # no game in the words above (a tracker's export in capitals): the rest of the line
        # names the game not read
        re.compile(rf"{_START}(?P<hand_id>\d+): +(?P<game>.*)"),
    ),
    table=re.compile(
        r"^Table '(?P<table>.*)' (?:(?P<size>\d+)-max)?"
        r"(?:.*?Seat #(?P<button>\d+) is the button)?"  # a stud table has no button
        r"[^\n]*\Z"  # one line, the seats right after it
    ),
    seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?) in chips"),
    seat_start=re.compile(r"^Seat "),
    # "is sitting out", or "out of hand (moved from another table into small blind)": a seat
    # that is not dealt in, whatever game
    sitting_out=re.compile(r"sitting out|out of hand"),
    actor_separator=": ",
    actions=(
        (re.compile(r"folds(?:[^\[]*\[(?P<cards>[^\]]*)\])?"), "fold"),
        (re.compile(r"checks"), "check"),
        (re.compile(r"mucks"), "muck"),
        (
            re.compile(
                r"sits out|is sitting out|doesn't show|is disconnected|is connected|"
                r"has timed out|leaves|joins|said"
            ),
            "nothing",
        ),
        (re.compile(r"calls (?P<amount>\S+)"), "call"),
        (re.compile(r"bets (?P<amount>\S+)"), "bet"),
        (re.compile(r"raises \S+ to (?P<to>\S+)"), "raise"),
        (re.compile(r"brings in for (?P<amount>\S+)"), "bring_in"),
        (re.compile(r"discards (?P<count>\d+) cards?"), "draw"),
        (re.compile(r"stands pat"), "draw"),
        (re.compile(rf"posts (?=[^\n]*ante){_POSTED}"), "ante"),
        (re.compile(rf"posts (?=[^\n]*small & big){_POSTED}"), "both_blinds"),
        (re.compile(rf"posts (?=small blind){_POSTED}"), "small_blind"),
        (re.compile(rf"posts (?=big blind){_POSTED}"), "big_blind"),
        (re.compile(rf"posts (?=[^\n]*straddle){_POSTED}"), "straddle"),
        (re.compile(rf"posts {_POSTED}"), "live_post"),  # a button blind, ...
        (
            re.compile(
                r"shows (?:[^\[]*\[(?P<cards>[^\]]*)(?:\](?:.*?\])? \((?P<stated>.+)\)$)?)?"
            ),
            "show",
        ),
    ),
    street=re.compile(
        r"^\*\*\* (?:.*?)(?P<street>FLOP|TURN|RIVER|[3-6](?:rd|th) STREET|DEALING HANDS|"
        r"(?:FIRST |SECOND |THIRD )?DRAW) \*\*\*"
    ),
    streets=MappingProxyType(
        {
            **{"flop": 1, "turn": 2, "river": 3},
            **{"3rd street": 0, "4th street": 1, "5th street": 2, "6th street": 3},
            **{"dealing hands": 0, "draw": 1, "first draw": 1, "second draw": 2, "third draw": 3},
        }
    ),
    deal_streets=MappingProxyType({"stud": {"river": 4}}),  # stud's seventh street
    # a board run twice or three times; a draw game's "*** FIRST DRAW ***" is a street
    run_street=re.compile(
        r"^\*\*\* (?P<run>FIRST|SECOND|THIRD) (?P<street>FLOP|TURN|RIVER|SHOW DOWN) \*\*\*"
    ),
    run_board=re.compile(r"^(?P<run>FIRST|SECOND|THIRD) Board \[(?P<cards>[^\]]*)\]"),
    # stud: "[6h 7h] [5s]", the up cards dealt before, then the street's; a draw: the hand
    # kept, then the cards drawn
    dealt=re.compile(r"^Dealt to (?P<name>.*?) (?P<cards>\[[^\]]*\](?: \[[^\]]*\])*)"),
    uncalled=re.compile(r"^Uncalled bet(?: \((?P<amount>\S+)\) returned to (?P<name>.*)$)?"),
    collected=re.compile(r"^(?P<name>.*) collected (?P<amount>\S+) from "),
    summary=re.compile(r"^\*\*\* SUMMARY"),
    summary_shown=re.compile(
        rf"^Seat \d+: {_NAME} (?:\((?:button|small blind|big blind)\) )*"
        r"(?:showed|(?P<mucked>mucked)) \[(?P<cards>[^\]]*)\]"
        r"(?:(?:.*?\])? and (?:won \([^)]*\)|lost|collected \([^)]*\)) with (?P<stated>.+)$)?"
    ),
    date_formats=("%Y/%m/%d %H:%M:%S",),
    variant_as_written=True,
    stated_from_show_line=True,
    cashed_out=re.compile(
        r"^Seat \d+: (?P<name>.*?) (?:\((?:button|small blind|big blind)\) )*"
        r"(?:showed|mucked) \[[^\]]*\].*? won \((?P<amount>[^)]*)\)"
        r".*\(pot not awarded as player cashed out\)$"
    ),
    header_says=header_says,
    amount_run=re.compile(r"[-\d.,]+"),
    calls_as_written=True,
    dealt_in_unless_sitting_out=True,
    late_small_blind_dead=True,
    pot_sums_checked=False,
    summary_seat=re.compile(r"^Seat "),
    whole_summary_seat=re.compile(_WHOLE_SEAT_LINE),
    free_buy_in=re.compile(r"^Freeroll$"),
    cancelled=re.compile(r"^Hand cancelled$"),
    unknown_lines_ignored=True,  # see the module doc
)
"""PokerStars: Hold'em, Omaha, Omaha Hi/Lo and 6+ Hold'em (cash, Zoom, home games and
tournaments); Stud, Stud Hi/Lo, Razz, 5 Card Draw, 2-7 Single and Triple Draw, A-5 Triple
Draw and Badugi, alone or in a mixed game (HORSE, 8-Game: each hand its own game), read here
alone: the compiled scanner hands them back.  Stud: ``*** 3rd STREET ***`` to ``*** 6th
STREET ***`` and ``*** RIVER ***`` (the seventh), ``Dealt to Bob [6h 7h] [5s]``, ``brings in
for``; draw: ``*** DEALING HANDS ***``, ``*** FIRST DRAW ***`` (a single draw writes none),
``discards 2 cards``, ``stands pat``."""
