"""Enet's hand histories (``Game #7732310: Omaha (€0,25/€0,50) - 23:31:54 29.7.2012 - %6``),
declared for the text engine.

Enet writes amounts with a decimal comma (``€0,25``, ``€129,20``), the clock before the day
(``23:31:54 29.7.2012``, no zone: taken as UTC, ``time_zone`` null), the limit in the table's
name (``'SantElena 1 - Pot Limit' 6-max``), cards without spaces (``[9dJd2dTd]``), a raise as
what it adds (``raises €11,75`` over a posted 0,50 makes 12,25), an all-in likewise (``goes
all-in €5,75``: a call or a raise as the amount makes it), the pot as the player's own line
(``Player4: collected (€10,57) from pot``) and the rake taken on every street (``Rake: €0,09``,
at times negative: carries nothing to score).  A blind posted without its amount (``posts big
blind``, a player joining) is the header's blind.  Its summary's ``Total pot`` is not the pot (``€0
| Rake €0,67``): the acceptance test does not read it.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.records.stated_hands import HandWording
from pipeline.sources.hand_histories.sites.text.patterns import (
    DEALT,
    FOLD_CHECK,
    NAME,
    STARS_SUMMARY,
)
from pipeline.sources.hand_histories.text_site import TextSite

_AMOUNT = r"[$€£]?-?\d[\d,.]*"
_START = r"^\ufeff?Game #(?P<hand_id>\d+): "

ENET = TextSite(
    name="Enet",
    hand_start=re.compile(
        _START + r"[^()\n]+ \([^()\n]+\) - \d{1,2}:\d\d:\d\d \d{1,2}\.\d{1,2}\.\d{4}",
        re.MULTILINE,
    ),
    headers=(
        re.compile(
            rf"{_START}(?P<game>[^()]+?) \((?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT})\) - "
            r"(?P<time>\d{1,2}:\d\d:\d\d) (?P<date>\d{1,2}\.\d{1,2}\.\d{4})"
        ),
    ),
    table=re.compile(
        r"^Table '(?P<table>.*?) - (?:Pot Limit|No Limit|Fixed Limit|Limit)' "
        r"(?:(?P<size>\d+)-max )?Seat #(?P<button>\d+) is the button"
    ),
    seat=re.compile(rf"^Seat (?P<seat>\d+): {NAME} \((?P<stack>{_AMOUNT}) in chips\)"),
    actor_separator=": ",
    all_in=re.compile(r"^goes all-in"),
    actions=(
        *FOLD_CHECK,
        (re.compile(r"calls (?P<amount>\S+)"), "call"),
        (re.compile(r"bets (?P<amount>\S+)"), "bet"),
        (re.compile(r"raises (?P<amount>\S+)"), "raise"),
        (re.compile(r"goes all-in (?P<amount>\S+)"), "all_in"),
        (re.compile(r"posts small blind(?: (?P<amount>\S+))?"), "small_blind"),
        (re.compile(r"posts big blind(?: (?P<amount>\S+))?"), "big_blind"),
        (re.compile(r"shows \[(?P<cards>[^\]]*)\](?: \((?P<stated>[^()]*)\))?"), "show"),
        (re.compile(r"mucks hand|mucked"), "muck"),
        (re.compile(r"collected \((?P<amount>[^()]+)\) from pot"), "collected"),
    ),
    street=re.compile(r"^\*\*\* (?P<street>HOLECARDS|FLOP|TURN|RIVER|SHOWDOWN) \*\*\*"),
    streets=MappingProxyType({"holecards": 0, "flop": 1, "turn": 2, "river": 3, "showdown": 0}),
    dealt=DEALT,
    uncalled=re.compile(rf"^Uncalled bet \((?P<amount>[^()]*)\) returned to {NAME}$"),
    # the pot as the player's own line (an action), or at times without the colon
    collected=re.compile(rf"^{NAME} collected \((?P<amount>[^()]+)\) from pot"),
    summary=STARS_SUMMARY,
    summary_shown=re.compile(
        rf"^Seat \d+: {NAME} (?:\((?:dealer|small blind|big blind)\))? ?"
        r"(?:showed|(?P<mucked>mucked)) \[(?P<cards>[^\]]*)\]"
        r"(?: and (?:won \([^)]*\)|lost) with (?P<stated>.+))?$"
    ),
    date_formats=("%d.%m.%Y %H:%M:%S",),
    decimal_comma=True,
    ignored=(re.compile(r"^Rake: "),),
    wording=HandWording(
        (
            (r"^(?:straight flush|royal flush)", "Straight Flush"),
            (r"^four of a kind", "Four of a Kind"),
            (r"^full house", "Full House"),
            (r"^flush", "Flush"),
            (r"^straight", "Straight"),
            (r"^three of a kind", "Three of a Kind"),
            (r"^two pairs?", "Two Pair"),
            (r"^(?:a|one) pair", "Pair"),
            (r"^high card", "High Card"),
        )
    ),
)
"""Enet: cash Hold'em and Omaha (pot limit, no limit)."""
