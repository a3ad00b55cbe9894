"""The Cereus network's hand histories, Absolute Poker's and UltimateBet's (``Stage #1773383021:
Holdem  No Limit $1, $0.25 ante - 2009-11-30 15:50:12 (ET)``): one grammar, declared once for
the text engine, the two sites told apart by the hand id (UltimateBet's starts with a letter:
``Stage #C241220000``).

Seats are ``Seat 5 - RABIATOR ($98 in chips)`` and actions ``NAME - Calls $0.02``; a name holds
no `` - ``. A no-limit header gives the big blind alone (``No Limit $1``: the small blind is
null); a limit header gives the bets (``Normal $200/$400``). A post may carry a dead part
(``Posts $1 dead $0.50``: 1 live, 0.50 dead), or be written as a whole with its dead part
(``Posts dead $40 dead $15``: 25 live, 15 dead). An uncalled bet is the player's own line
(``NAME - returned ($1) : not called``). An all-in is ``All-In $5`` (what it adds: a call, a bet
or a raise as the amount makes it) or ``All-In(Raise) $5 to $10``; a player who times out is
``All-In (Timeout)``, in the pot for what he put in (``x!``). The awards are ``NAME Collects $4
from main pot`` (or ``side pot-1``); the summary shows the cards and names the hand (``Seat 4: X
won Total ($0.09) HI:($0.09) with Two Pair, eights and sixes [8s 6c - B:8h,...]``, a loser's
mucked cards ``HI: [Mucked] [Kd 6c]``). A millisecond clock and a second one in brackets may
follow the time (``18:23:36.005 (ET) [ 2009-12-31 18:23:36 ]``): the first is read. A table
playing the 7-2 proposition (``No Limit $4 (7-2)``) pays its bonus apart from the pot
(``Collects $40 from 72 proposition pot``): an issue on the hand, which is read and audited
without it. Stud is named an unsupported variant.
"""

from __future__ import annotations

import re
from dataclasses import replace
from types import MappingProxyType

from pipeline.records.stated_hands import HandWording
from pipeline.sources.hand_histories.sites.text.patterns import (
    NAME,
    STARS_SUMMARY,
)
from pipeline.sources.hand_histories.text_site import TextSite

_AMOUNT = r"[$€£]?\d[\d,.]*"
_GAME = r"(?P<game>[A-Za-z][\w /-]*?)(?: \(\d+ on \d+\))?"
_CLOCK = (
    r"(?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?:\.\d+)? \((?P<zone>[A-Z]+)\)"
    r"(?: \[ [^\]]* \])?$"
)

ABSOLUTE = TextSite(
    name="Absolute",
    hand_start=re.compile(r"^\ufeff?Stage #(?P<hand_id>\d+)", re.MULTILINE),
    headers=(
        re.compile(
            rf"^\ufeff?Stage #(?P<hand_id>[A-Z]?\d+) Tourney ID (?P<tournament>\d+) "
            r"(?P<game>\S+) .*?Tournament (?:No Limit|Pot Limit|Normal) "
            rf"(?P<bb>{_AMOUNT}) +- {_CLOCK}"
        ),
        re.compile(
            rf"^\ufeff?Stage #(?P<hand_id>[A-Z]?\d+): {_GAME} +(?:No Limit|Pot Limit) "
            rf"(?P<bb>{_AMOUNT})(?:, (?P<ante>{_AMOUNT}) ante)?(?: \([^()]*\)| Turbo)? +- {_CLOCK}"
        ),
        re.compile(
            rf"^\ufeff?Stage #(?P<hand_id>[A-Z]?\d+): {_GAME} +Normal "
            rf"(?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT}) +- {_CLOCK}",
            re.IGNORECASE,
        ),
    ),
    table=re.compile(  # a stud hand writes none
        r"^(?:Table: (?P<table>.*?) \((?:Real|Play) Money\) Seat #(?P<button>\d+) is the dealer)?"
    ),
    play_money=re.compile(r"\(Play Money\)"),
    seat=re.compile(rf"^Seat (?P<seat>\d+) - {NAME} \((?P<stack>{_AMOUNT}) in chips\)"),
    actor_separator=" - ",
    all_in=re.compile(r"^All-In"),
    actions=(
        (re.compile(r"Folds"), "fold"),
        (re.compile(r"Checks"), "check"),
        # all in by disconnection ("All-In (Timeout)"): in the pot so far, nothing added
        (re.compile(r"All-In \(Timeout\)"), "check"),
        (re.compile(r"Calls (?P<amount>\S+)"), "call"),
        (re.compile(r"Bets (?P<amount>\S+)"), "bet"),
        (re.compile(r"(?:Raises|All-In\(Raise\)) \S+ to (?P<to>\S+)"), "raise"),
        (re.compile(r"All-In (?P<amount>\S+)"), "all_in"),
        (re.compile(r"Posts small blind (?P<amount>\S+)"), "small_blind"),
        (re.compile(r"Posts big blind (?P<amount>\S+)"), "big_blind"),
        (re.compile(r"Posts dead (?P<total>\S+) dead (?P<dead>\S+)"), "live_post"),
        (re.compile(r"Posts dead (?P<amount>\S+)"), "dead_post"),
        (re.compile(r"Posts (?P<amount>\S+)(?: dead (?P<dead>\S+))?"), "live_post"),
        (re.compile(r"Ante (?P<amount>\S+)"), "ante"),
        (re.compile(r"Bring-In (?P<amount>\S+)"), "bring_in"),
        (re.compile(r"Shows \[(?P<cards>[^\]]*)\](?: \((?P<stated>[^()]*)\))?"), "show"),
        (re.compile(r"Mucks(?: \[(?P<cards>[^\]]*)\])?"), "muck"),
        (re.compile(r"returned \((?P<amount>[^()]+)\) : not called"), "returned"),
        (
            re.compile(r"Does not show|Sits out|Sitting out|sitout|Returned to the table"),
            "nothing",
        ),
    ),
    street=re.compile(
        r"^\*\*\* (?P<street>POCKET CARDS|FLOP|TURN|RIVER|SHOW DOWN|[3-6](?:RD|TH|rd|th) STREET)"
        r" \*\*\*"
    ),
    streets=MappingProxyType({"pocket cards": 0, "flop": 1, "turn": 2, "river": 3, "show down": 0}),
    deal_streets=MappingProxyType(  # stud: the river is the seventh street
        {"stud": {"3rd street": 0, "4th street": 1, "5th street": 2, "6th street": 3, "river": 4}}
    ),
    # stud: "PLAYER1 - Pocket [H H Js 10d]", each street the player's cards so far (H: unseen)
    dealt=re.compile(
        rf"^(?=Dealt to |.+ - Pocket \[)(?:Dealt to )?{NAME}(?: - Pocket)?(?: (?P<cards>\[.*\]))?$"
    ),
    collected=re.compile(rf"^{NAME} Collects (?P<amount>\S+) from (?:main|side) pot"),
    summary=STARS_SUMMARY,
    summary_shown=re.compile(
        rf"^Seat \d+: {NAME} (?:\((?:dealer|small blind|big blind)\) )*"
        r"(?:(?:won|collected) Total \([^()]*\)(?: All-In)? )?"
        r"(?:HI:(?:lost|\([^()]*\)) with (?P<stated>.+?) |HI: \[(?P<mucked>Mucked)\] )"
        r"\[(?P<cards>[^\]-]*?)(?: -|\])"
    ),
    date_formats=("%Y-%m-%d %H:%M:%S",),
    noted=(
        (
            re.compile(r"^.+ Collects \S+ from 72 proposition pot"),
            "proposition_pot",
            "a 7-2 proposition pot, paid by the other players apart from the pot and not in "
            "their put in or won",
        ),
    ),
    ignored=(re.compile(r"^.+ - (?:Sits out|Sitting out|Returned to the table)$"),),
    wording=HandWording(
        (
            (r"^(?:straight flush|royal flush)", "Straight Flush"),
            (r"^four of a kind", "Four of a Kind"),
            (r"^full house", "Full House"),
            (r"^flush", "Flush"),
            (r"^straight", "Straight"),
            (r"^three of a kind", "Three of a Kind"),
            (r"^two pair", "Two Pair"),
            (r"^one pair", "Pair"),
            (r"^high card|^\w+ high$", "High Card"),
        )
    ),
)
"""Absolute Poker: cash (Hold'em, Omaha Hi/Lo, Stud Hi/Lo) and tournaments."""

ULTIMATE_BET = replace(
    ABSOLUTE,
    name="UltimateBet",
    hand_start=re.compile(r"^\ufeff?Stage #(?P<hand_id>[A-Z]\d+)", re.MULTILINE),
)
"""UltimateBet: Absolute's grammar, hand ids starting with a letter."""
