"""PokerTracker's exports: hands PokerTracker 4 (and Holdem Manager) write back out as text, one
grammar per network they came from, all with the ``site`` ``PokerTracker`` (the tool that
wrote the file; the network is in the header's words and the table's name).

- **iPoker and Merge** (``GAME #4402349920 Version:18.9.3.4 Uncalled:Y Texas Hold'em NL
  €0.05/€0.10 2019-01-03 11:56:34/GMT``, ``MERGE_GAME #53094604-134: Holdem NL $0.10/$0.25
  04/11/2012 19:28:19``, ``Merge Game #80256693-236 | Holdem NL ($0.02/$0.04) | 12/05/2014
  17:08:49 EST | Version:2``): actions in capitals after ``name: `` (``Post SB``, ``Raise (NF)
  €0.25``, ``Allin $297.50`` what it adds), the button a ``DEALER`` mark on its seat line, cards
  written suit first (``[HA C10]``, ``[dJ s7]``) in the iPoker exports, pots won in the summary
  (``Hero: wins $0.10``).  A raise gives its street total, except in the exports older than
  the ``Version:`` header, where it gives what it adds (``Raise $23.38`` after no bet of one's
  own; the totals of ``Total pot`` say which).  No uncalled bet is written: the newer exports
  (``Uncalled:Y``) leave it out of the winner's award, the older keep it in.
- **Microgaming** (``** Game ID 4152594215 starting - 2011-11-02 23:08:51``): see
  :data:`POKERTRACKER_MICROGAMING`.
- **Everest** (``EverestPoker Game #6450768434: Table Moroni-1 - $0.50/$1 - No Limit Hold'em -
  22:33:12 - 2011/01/02``): PokerStars' words (``raises to $5.50``, ``Uncalled bet of $7.00
  returned to``), the blinds ``posts the small blind of $0.50``, the pots ``collects $12.85``
  in the summary, ``The button is in seat #7`` among the posts.
"""

from __future__ import annotations

import re
from dataclasses import replace
from types import MappingProxyType

from pipeline.sources.hand_histories.sites.text.patterns import (
    CATEGORY_WORDING,
    DEALT,
    FOLD_CHECK,
    NAME,
    NEVER,
    STARS_SUMMARY,
)
from pipeline.sources.hand_histories.text_site import TextSite

_AMOUNT = r"[$€£]?\d[\d,.]*"
_WHEN = r"(?P<date>\d{2,4}[-/]\d\d[-/]\d{2,4} \d\d:\d\d:\d\d)(?:/| )?(?P<zone>GMT|[A-Z]{3})?"
_ID = r"^\ufeff?(?:MERGE_)?GAME #(?P<hand_id>[\d-]+):?(?: Version:\S+)?(?: Uncalled:\w)?"
_TOURNAMENT_TABLE = (
    r"\nTable (?P<table>.+?),(?: \d+,)? (?P<tournament>\d+) \(Tournament: .*Buy-In: "
    r"(?P<buy_in>[^)]*)\)"
)
_SUIT_FIRST = re.compile(r"(?<=[\[ ])([SHDCshdc])(10|[2-9TJQKAjqka])(?=[\] ])")
_STREETS = MappingProxyType({"hole cards": 0, "flop": 1, "turn": 2, "river": 3})

POKERTRACKER = TextSite(
    name="PokerTracker",
    hand_start=re.compile(
        r"^\ufeff?(?:(?:MERGE_)?GAME #|Merge Game #)(?P<hand_id>[\d-]+)", re.MULTILINE
    ),
    headers=(
        re.compile(rf"{_ID} +(?P<game>.+?) +Tournament +{_WHEN}{_TOURNAMENT_TABLE}"),
        re.compile(
            rf"{_ID} +(?P<game>.+?) +(?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT})(?: -)? +{_WHEN}"
            r"\nTable (?P<table>[^\n]+?)(?:, Seats (?P<size>\d+))?(?:\n|$)"
        ),
        re.compile(
            r"^\ufeff?Merge Game #(?P<hand_id>[\d-]+) \| (?P<game>.+?) \((?P<sb>[^/()]+)/"
            r"(?P<bb>[^/()]+)\) \| (?P<date>\d\d/\d\d/\d{4} \d\d:\d\d:\d\d) (?P<zone>[A-Z]+)"
            r".*\nTable (?P<table>[^\n]+?)(?:, Seats (?P<size>\d+))?(?:\n|$)"
        ),
    ),
    table=None,
    seat=re.compile(
        rf"^Seat (?P<seat>\d+): {NAME} \((?P<stack>[^()]*) in chips\)(?: \(\w+\))*"
        r"(?P<button> DEALER)?$"
    ),
    actor_separator=": ",
    actions=(
        (re.compile(r"Fold"), "fold"),
        (re.compile(r"Check"), "check"),
        (re.compile(r"Call (?P<amount>\S+)"), "call"),
        (re.compile(r"Bet (?P<amount>\S+)"), "bet"),
        (re.compile(r"Raise \(NF\) (?P<to>\S+)"), "raise"),
        (re.compile(r"Raise (?:to )?(?P<amount>\S+)"), "raise"),  # what it adds
        (re.compile(r"Allin (?P<amount>\S+)"), "all_in"),
        (re.compile(r"(?:Post )?SB (?:Allin )?(?P<amount>\S+)"), "small_blind"),
        (re.compile(r"(?:Post )?BB (?:Allin )?(?P<amount>\S+)"), "big_blind"),
        (re.compile(r"Post Ante (?:Allin )?(?P<amount>\S+)"), "ante"),
        (re.compile(r"Post DB (?P<amount>\S+)"), "dead_post"),
    ),
    all_in=re.compile(r"Allin"),
    street=re.compile(r"^\*\*\* (?P<street>HOLE CARDS|FLOP|TURN|RIVER) \*\*\*"),
    streets=_STREETS,
    dealt=DEALT,
    collected=re.compile(rf"^{NAME}: wins (?P<amount>{_AMOUNT})(?: \(uncalled\))?$"),
    collected_in_summary=True,
    unmatched_in_collected=True,
    summary=STARS_SUMMARY,
    summary_shown=re.compile(
        rf"^{NAME}: (?:Shows|(?P<mucked>Mucks)) \[(?P<cards>[^\]]*)\](?: (?P<stated>.+))?$"
    ),
    date_formats=("%Y-%m-%d %H:%M:%S", "%Y/%m/%d %H:%M:%S", "%m/%d/%Y %H:%M:%S"),
    ignored=(re.compile(r"^[^:]+:$"), re.compile(r"^Server ")),
    rewrites=((_SUIT_FIRST, r"\2\1"),),
    wording=CATEGORY_WORDING,
)
"""PokerTracker's exports of iPoker's and Merge's hands, older than the ``Version:`` header:
an uncalled bet is in its bettor's award (``wins $0.35``, or Merge's ``wins $0.04
(uncalled)``)."""

POKERTRACKER_VERSIONED = replace(
    POKERTRACKER,
    hand_start=re.compile(r"^\ufeff?GAME #(?P<hand_id>\d+) Version:", re.MULTILINE),
    unmatched_in_collected=False,
)
"""PokerTracker's exports of iPoker's hands with a ``Version:`` (``Uncalled:Y``) header: an
uncalled bet is left out of the awards."""

POKERTRACKER_EVEREST = TextSite(
    name="PokerTracker",
    hand_start=re.compile(r"^\ufeff?EverestPoker Game #(?P<hand_id>\d+)", re.MULTILINE),
    headers=(
        re.compile(
            r"^\ufeff?EverestPoker Game #(?P<hand_id>\d+): (?:Tourney ID: (?P<tournament>\d+), )?"
            rf"Table (?P<table>.+?) - (?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT}) - (?P<game>.+?) - "
            r"(?P<time>\d\d:\d\d:\d\d) - (?P<date>\d{4}/\d\d/\d\d)$"
        ),
    ),
    table=None,
    seat=re.compile(rf"^Seat (?P<seat>\d+): {NAME} \((?P<stack>[^()]*)\)$"),
    actor_separator=" ",
    actions=(
        *FOLD_CHECK,
        (re.compile(r"calls (?P<amount>\S+)"), "call"),
        (re.compile(r"bets (?P<amount>\S+)"), "bet"),
        (re.compile(r"raises to (?P<to>\S+)"), "raise"),
        (re.compile(r"posts the small blind of (?P<amount>\S+)"), "small_blind"),
        (re.compile(r"posts the big blind of (?P<amount>\S+)"), "big_blind"),
        (re.compile(r"posts the ante of (?P<amount>\S+)"), "ante"),
        (re.compile(r"posts the dead blind of (?P<amount>\S+)"), "dead_post"),
        (re.compile(r"posts (?P<amount>\S+)"), "live_post"),
        (re.compile(r"shows \[(?P<cards>[^\]]*)\]"), "show"),
        (re.compile(r"mucked \[(?P<cards>[^\]]*)\]"), "muck"),
        (re.compile(r"has been disconnected|finished in place"), "nothing"),
    ),
    button_line=re.compile(r"^The button is in seat #(?P<button>\d+)$"),
    street=re.compile(r"^\*\*\* (?P<street>HOLE CARDS|FLOP|TURN|RIVER) \*\*\*"),
    streets=_STREETS,
    dealt=DEALT,
    uncalled=re.compile(rf"^Uncalled bet of (?P<amount>\S+) returned to {NAME}$"),
    collected=re.compile(rf"^{NAME} collects (?P<amount>\S+)$"),
    collected_in_summary=True,
    summary=STARS_SUMMARY,
    summary_shown=NEVER,
    date_formats=("%Y/%m/%d %H:%M:%S",),
    wording=CATEGORY_WORDING,
)
"""PokerTracker's exports of Everest's hands."""

POKERTRACKER_MICROGAMING = TextSite(
    name="PokerTracker",
    hand_start=re.compile(r"^\ufeff?\*\* (?:Game ID|Hand #) (?P<hand_id>\d+)", re.MULTILINE),
    headers=(
        re.compile(
            r"^\ufeff?\*\* (?:Game ID|Hand #) (?P<hand_id>\d+)(?: Version:\d+)? starting - "
            r"(?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\n\*\* (?P<table>[^\n]*?"
            r"(?:\((?P<tournament>\d+)\):Table \d+)?) \[(?P<game>[^\]]+)\] \((?P<sb>[\d.,]+)\|"
            r"(?P<bb>[\d.,]+) [NPF]?L - [^)]*?(?:seats:(?P<size>\d+) ?[^)]*)?\)"
        ),
    ),
    table=None,
    seat=re.compile(
        rf"^(?:- )?{NAME} sitting in seat (?P<seat>\d+) with (?P<stack>[^ \[]+)"
        r"(?: at end \S+)?(?: ?\[(?P<button>Dealer)\])?(?: ?\[Sitting out\])?$"
    ),
    sitting_out=re.compile(r"\[Sitting out\]"),
    actor_separator=" ",
    actions=(
        (re.compile(r"folded"), "fold"),
        (re.compile(r"checked"), "check"),
        (re.compile(r"called - (?P<amount>\S+)"), "call"),
        (re.compile(r"bet - (?P<amount>\S+)"), "bet"),
        # both add: "raised to €16.75" puts in 16.75 more (the calls after it say so)
        (re.compile(r"raised (?:to|-) (?P<amount>\S+)"), "raise"),
        (re.compile(r"went all-in - (?P<amount>\S+)"), "all_in"),
        (re.compile(r"posted the small blind - (?P<amount>\S+)"), "small_blind"),
        (re.compile(r"posted the big blind - (?P<amount>\S+)"), "big_blind"),
        (re.compile(r"posted ante - (?P<amount>\S+)"), "ante"),
        (re.compile(r"posted to play - (?P<amount>\S+)"), "dead_post"),
        (re.compile(r"shows: (?P<cards>.+)"), "show"),
        (re.compile(r"mucks:(?: (?P<cards>.+))?"), "muck"),
    ),
    all_in=re.compile(r"^went all-in"),
    street=re.compile(r"^\*\* Dealing the (?P<street>flop|turn|river):"),
    streets=MappingProxyType({"flop": 1, "turn": 2, "river": 3}),
    dealt=re.compile(rf"^\*\* Dealing cards? to {NAME}: (?P<cards>.+)$"),
    collected=re.compile(rf"^{NAME} wins (?P<amount>\S+) from "),
    unmatched_in_collected=None,
    summary=re.compile(r"^End of game \d+"),
    summary_required=False,
    summary_shown=NEVER,
    date_formats=("%Y-%m-%d %H:%M:%S",),
    ignored=(re.compile(r"^Rake: "),),
    rewrites=(
        (re.compile(r"\b(10|[2-9JQKA]) of ([cdhs])\b"), r"\1\2"),  # "A of c" -> "Ac"
        (re.compile(r"(?m)^(\*\* Dealing the \w+): (.+)$"), r"\1: [\2]"),
    ),
    wording=CATEGORY_WORDING,
)
"""PokerTracker's exports of Microgaming's hands (``** Game ID 4152594215 starting -
2011-11-02 23:08:51``, ``** Hand # 5870377181 starting``): the table, the game in brackets and
the stakes on the second line (``** Deal 252 (Deep) - €5 Min [Hold'em] (0.05|0.10 NL - € Cash
Game) Real Money``, a tournament's ``(10124058):Table 11``), seats ``- Ann sitting in seat 3
with €6.90 [Dealer]``, actions in the past tense with what they add (``raised - €0.20``,
``went all-in - €14.47``, and the newer ``raised to €1.75`` too, whatever its words),
cards spelt ``A of s`` or ``As``, the board without brackets; ``End of game 4152594215`` or
the rake ends a hand."""
