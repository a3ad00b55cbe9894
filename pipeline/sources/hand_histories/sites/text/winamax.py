"""Winamax's hand histories (``Winamax Poker - CashGame - HandId: #4489532-965-1366095481 - ...``),
declared for the text engine.

Names carry no colon (``Player5 posts small blind 0.02€``) and may hold spaces (``dies irae
7``): a line is split at the longest seated name it starts with.  Winamax writes no uncalled bet
returned; the engine gives back the part of the last bet no one matched.  A tournament's id is
the number in its table's name (``'TEA TIME(548967895)#0037'``); its buy-in is written
``18€ + 2€``, ``0,92€ + 0,08€``, ``Free`` / ``Gratuit`` (a freeroll) or ``Ticket`` (null).
Cash tables say ``(real money)`` or ``(play money)``.  Times are UTC.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.records.stated_hands import HandWording
from pipeline.sources.hand_histories.sites.text.patterns import (
    DEALT_BRACKETS,
    NAME,
    STARS_BETS,
    STARS_SUMMARY,
)
from pipeline.sources.hand_histories.text_site import TextSite

_AMOUNT = r"[$€£]?\d[\d,.]*[$€£]?"
_TAIL = (
    rf"HandId: #(?P<hand_id>[\d-]+) - (?P<game>[^()]+?) "
    rf"\((?:(?P<ante>{_AMOUNT})/)?(?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT})\) - "
    r"(?P<date>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2})(?: (?P<zone>[A-Z][\w+:-]*))?"
)

WINAMAX = TextSite(
    name="Winamax",
    hand_start=re.compile(r"^\ufeff?Winamax Poker - (?:.* )?HandId: #(?P<hand_id>[\d-]+)", re.M),
    headers=(
        re.compile(
            r"^\ufeff?Winamax Poker - Tournament \"(?P<tournament>.*)\" buyIn: (?P<buy_in>.*?) "
            rf"level: \d+ - {_TAIL}"
        ),
        re.compile(r"^\ufeff?Winamax Poker - (?:CashGame|Go Fast \"[^\"]*\") - " + _TAIL),
    ),
    table=re.compile(
        r"^Table:? '(?P<table>(?:.*\((?P<tournament>\d+)\)#\d+)|.*)' (?:(?P<size>\d+)-max )?"
        r"\((?:real|play) money\)(?: Seat #?(?P<button>\d+) is the button)?"  # no button: stud
    ),
    seat=re.compile(rf"^Seat (?P<seat>\d+): {NAME} \((?P<stack>[^,()]*)(?:, [^()]*)?\)$"),
    actor_separator=" ",
    actions=(
        *STARS_BETS,
        (re.compile(r"posts small blind (?P<amount>\S+) out of position"), "dead_post"),
        (re.compile(r"posts small blind (?P<amount>\S+)"), "small_blind"),
        (re.compile(r"posts big blind (?P<amount>\S+)"), "big_blind"),
        (re.compile(r"posts ante (?P<amount>\S+)"), "ante"),
        (re.compile(r"(?:brings in|bring-in) (?P<amount>\S+)"), "bring_in"),
        (re.compile(r"discard (?P<count>\d+) cards?"), "draw"),
        (re.compile(r"stands pat"), "draw"),
        (re.compile(r"shows \[(?P<cards>[^\]]*)\](?: \((?P<stated>.*)\))?"), "show"),
        (re.compile(r"mucks(?: \[(?P<cards>[^\]]*)\])?"), "muck"),
        (re.compile(r"denies big blind|deny BB|sits out|is sitting out|doesn't show"), "nothing"),
    ),
    street=re.compile(
        r"^\*\*\* (?P<street>ANTE/BLINDS|PRE-FLOP|FLOP|TURN|RIVER|SHOW DOWN|[3-7](?:rd|th) STREET|"
        r"THIRD|FOURTH|FIFTH|SIXTH|SEVENTH|(?:FIRST|SECOND|THIRD|FOURTH)-(?:BET|DRAW)) \*\*\*:?"
    ),
    streets=MappingProxyType(
        {
            **{"ante/blinds": 0, "pre-flop": 0, "flop": 1, "turn": 2, "river": 3, "show down": 0},
            # stud: written "3rd STREET" or "THIRD"; draw: each draw, then its betting
            **{f"{n}{'rd' if n == 3 else 'th'} street": n - 3 for n in range(3, 8)},
            **{"third": 0, "fourth": 1, "fifth": 2, "sixth": 3, "seventh": 4},
            **{"first-bet": 0, "first-draw": 1, "second-bet": 1, "second-draw": 2},
            **{"third-bet": 2, "third-draw": 3, "fourth-bet": 3},
        }
    ),
    # stud: "[X X 8h] [Ks]", the cards dealt so far (X: one not seen), then the street's
    dealt=DEALT_BRACKETS,
    collected=re.compile(rf"^{NAME} collected (?P<amount>\S+) from"),
    summary=STARS_SUMMARY,
    summary_shown=re.compile(
        rf"^Seat \d+: {NAME} (?:\((?:button|small blind|big blind)\) )*"
        r"(?:showed|(?P<mucked>mucked)) \[(?P<cards>[^\]]*)\]"
        r"(?: and (?:won \S+|lost) with (?P<stated>.+))?$"
    ),
    date_formats=("%Y/%m/%d %H:%M:%S",),
    zone="UTC",
    free_buy_in=re.compile(r"^(?:Free|Gratuit)", re.IGNORECASE),
    play_money=re.compile(r"\(play money\)"),
    ignored=(
        re.compile(r"^.+ (?:is sitting out|has returned|sits out|joins|leaves)$"),
        re.compile(r"^.+ (?:deny BB|denies big blind)"),
    ),
    wording=HandWording(
        (
            (r"^(?:straight flush|royal flush)", "Straight Flush"),
            (r"^quads", "Four of a Kind"),
            (r"^full of", "Full House"),
            (r"^flush", "Flush"),
            (r"^straight", "Straight"),
            (r"^trips", "Three of a Kind"),
            (r"^two pairs", "Two Pair"),
            (r"^one pair", "Pair"),
            (r"^high card", "High Card"),
        )
    ),
)
"""Winamax: cash (real and play money, Go Fast), sit & go's and tournaments; Stud, Stud Hi/Lo,
Razz and 2-7 Triple Draw (an 8-Game table's), a stud street's cards written as the hand so far
(``[X X 8h] [Ks]``, ``X`` one not seen), a draw ``discard 2 cards`` or ``stands pat``."""
