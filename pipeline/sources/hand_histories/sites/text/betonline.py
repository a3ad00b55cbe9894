"""BetOnline's hand histories (``BetOnline Poker Game #1593704164: Hold'em No Limit ($0.01/0.02)
- 2016/04/05 08:08:59 Eastern Daylight Time``; the Chico network's PayNoRake, ActionPoker,
Sportsbetting.ag, Tiger Gaming and Gear Poker write the same), declared for the text engine.

PokerStars-like, with the network's own turns: the time zone in Windows' words (``Eastern
Daylight Time``, ``GMT Standard Time``) or none (taken as UTC); a seat line may say ``- Sitting
out``; ``ante processed 0.00`` lines; ``post now`` (a live post to come in) and ``post dead``;
old logs capitalise (``Folds.``, ``Raises 10.00 and is All In.``, cards ``[4C QC]``).  Pots are
collected in the summary alone (``Seat 3: Ann collected (1.10)``, ``showed [..] and won
(1.10)``), and the names of hands are not written.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.sources.hand_histories.sites.text.patterns import (
    NAME,
    STARS_SUMMARY,
)
from pipeline.sources.hand_histories.text_site import TextSite

_BRANDS = (
    r"\ufeff?(?:BetOnline Poker|PayNoRake|ActionPoker\.com|Sportsbetting\.ag Poker|Tiger Gaming"
    r"|Gear Poker) Game #(?P<hand_id>\d+): +"
)
_AMOUNT = r"[$€£]?[\d,.]+"
_DATE = (
    r" - (?P<date>\d{4}[/-]\d\d[/-]\d\d \d\d?:\d\d(?::\d\d)?)"
    r"(?: (?P<zone>[A-Z][\w ]*?))?(?=\n|\Z)"
)
_SEAT = rf"^Seat \d+: {NAME} (?:\((?:Small Blind|Big Blind|Button)\) +)?"

BETONLINE = TextSite(
    name="BetOnline",
    hand_start=re.compile(
        r"^\ufeff?(?:BetOnline Poker|PayNoRake|ActionPoker\.com|Sportsbetting\.ag Poker"
        r"|Tiger Gaming|Gear Poker) Game #(?P<hand_id>\d+)",
        re.MULTILINE,
    ),
    headers=(
        re.compile(
            _BRANDS + r"Tournament #(?P<tournament>\d+): +(?P<game>[^$(]+?) "
            rf"\(?(?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT})\)?" + _DATE
        ),
        re.compile(
            _BRANDS + rf"(?P<game>[^$(]+?)(?: \((?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT})\))?" + _DATE
        ),
    ),
    table=re.compile(
        r"^Table '?(?P<table>.*?)'? (?:(?P<size>\d+)-Max, |\((?:Real|Play) Money\) )?"
        r"Seat #(?P<button>\d+) is the button"
    ),
    seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*?) \((?P<stack>[^()]*?) in [Cc]hips\)"),
    sitting_out=re.compile(r"Sitting out", re.IGNORECASE),
    actor_separator=": ",
    actions=(
        (re.compile(r"[Ff]olds"), "fold"),
        (re.compile(r"[Cc]hecks"), "check"),
        (re.compile(r"[Cc]alls (?P<amount>[\d,.]+)"), "call"),
        (re.compile(r"[Bb]ets (?P<amount>[\d,.]+)"), "bet"),
        (re.compile(r"[Rr]aises \S+ to (?P<to>[\d,.]+)"), "raise"),
        (re.compile(r"[Rr]aises (?P<to>[\d,.]+)"), "raise"),
        (re.compile(r"[Pp]osts small blind (?P<amount>[\d,.]+)"), "small_blind"),
        (re.compile(r"[Pp]osts big blind (?P<amount>[\d,.]+)"), "big_blind"),
        (re.compile(r"ante processed 0(?:\.0+)?$"), "nothing"),  # every seat, antes or not
        (re.compile(r"ante processed (?P<amount>[\d,.]+)"), "ante"),
        (re.compile(r"post now (?P<amount>[\d,.]+)"), "live_post"),
        (re.compile(r"post dead (?P<amount>[\d,.]+)"), "dead_post"),
        (re.compile(r"shows \[?(?P<cards>[^\]]*)\]?"), "show"),
        (re.compile(r"mucks"), "muck"),
    ),
    all_in=re.compile(r"\band is all in\b", re.IGNORECASE),
    street=re.compile(r"^\*\*\* (?P<street>HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN) \*\*\*"),
    streets=MappingProxyType({"hole cards": 0, "flop": 1, "turn": 2, "river": 3, "show down": 0}),
    shown_line=re.compile(r"^(?P<name>.*?) shows \[?(?P<cards>(?:\w{2,3} ?)+)\]?$"),
    dealt=re.compile(rf"^Dealt [Tt]o {NAME}(?: \[(?P<cards>[^\]]*)\])?$"),
    uncalled=re.compile(rf"^Uncalled bet \((?P<amount>[^()]*)\) returned to {NAME}$"),
    collected=re.compile(_SEAT + r"(?:collected|showed \[[^\]]*\] and won) \((?P<amount>[^()]*)\)"),
    collected_in_summary=True,
    summary=STARS_SUMMARY,
    summary_board=re.compile(r"^Board \[(?P<cards>[^\]]*)\]"),
    summary_shown=re.compile(_SEAT + r"(?:showed|(?P<mucked>mucked)) \[(?P<cards>[^\]]*)\]"),
    date_formats=("%Y/%m/%d %H:%M:%S", "%Y/%m/%d %H:%M", "%Y-%m-%d %H:%M:%S"),
    play_money=re.compile(r"\(Play Money\)"),
    currency="USD",
    ignored=(
        re.compile(r"^.+ (?:has left the table|joins the table at seat #\d+|said \".*)$"),
        re.compile(
            r"^(?:Tournament will start in a moment|Total [Pp]ot |Joined table during game)"
        ),
    ),
)
"""BetOnline (the Chico network): cash and tournaments, Hold'em and Omaha."""
