"""The Ongame network's hand histories (``***** History for hand R5-70000684-006 *****``: Ongame,
Betfair and bwin skins), declared for the text engine.

A hand's header is three lines: its id (a tournament's name, id and buy-in beside it), ``Start
hand: Wed Aug 11 03:21:00 GMT+0100 2010`` (the zone an offset or a name, ``EEST``; the year
after it) and ``Table: Kassel [73910684]
(NO_LIMIT TEXAS_HOLDEM 0.05/0.10, Real money)``; then ``User:``, ``Button: seat 8`` and the
seats, listed from the button round.  Cash stakes are written bare or with ``$``: the currency
is the rake line's mark (``Rake taken: $0.04``).  Ongame writes no uncalled bet: the engine
gives back the part of the last bet no one matched, and the awards exclude it.  The awards
are in the summary only (``Main pot: 0.90 won by Player1 (0.86)``, after rake; a split
``... won by A (165 High), B (165 Low)``), and so are the cards shown (``Seat 5: slbseia
(0), net: -1500, [8d, 8s] (PAIR EIGHT)``): no one is seen mucking, and no showdown line is
written.  A tournament's chips are ``TC`` or ``Chips``; a header may leave the tournament out
(``(TOURNAMENT: )``): a tournament all the same, its id null.  Stud deals ``Dealing to Bob: [-,
-, Kd]`` on third street, then one card a line (``Dealing river`` the seventh); a draw is
``changed 2 cards``, written with no line before it, the player's hand after it ``New hand
for Hero: [...]``.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.records.stated_hands import HandWording
from pipeline.sources.hand_histories.sites.text.patterns import (
    FOLD_CHECK,
    NAME,
    NEVER,
)
from pipeline.sources.hand_histories.text_site import TextSite

_AMOUNT = r"[$€£]?\d[\d,.]*"

ONGAME = TextSite(
    name="Ongame",
    hand_start=re.compile(r"^\ufeff?\*{5} History for hand (?P<hand_id>\S+)", re.MULTILINE),
    headers=(
        re.compile(
            r"^\ufeff?\*{5} History for hand (?P<hand_id>\S+)"
            r"(?: \(TOURNAMENT: (?:\"(?P<tournament_name>.*)\", )?(?P<tournament>[\w-]*)"
            r"(?:, buy-in: (?P<buy_in>[^)]*))?\))? \*{5}\n"
            r"Start hand: \w+ (?P<date>\w+ \d{1,2} \d\d:\d\d:\d\d) "
            r"(?P<zone>GMT[+-]\d{4}|[A-Z]{2,5}) (?P<year>\d{4})\n"
            r"Table: (?P<table>.*?) \[\d+\] \((?P<game>[A-Z_]+ [A-Z_]+) "
            rf"(?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT})(?:,? ante: (?P<ante>{_AMOUNT}))?,? "
            r"(?:Real money|Play money|TC|Chips)\)"
        ),
    ),
    table=None,
    button_line=re.compile(r"^Button: seat (?P<button>\d+)"),
    seat=re.compile(rf"^Seat (?P<seat>\d+): {NAME} \((?P<stack>{_AMOUNT})\)$"),
    actor_separator=" ",
    all_in=re.compile(r"\[all in\]"),
    actions=(
        *FOLD_CHECK,
        (re.compile(r"calls (?P<amount>\S+)"), "call"),
        (re.compile(r"bets (?P<amount>\S+)"), "bet"),
        # "raises $1 to $1.37": what it adds, then a total that in stud is the hand's since
        # the bring-in (antes apart), not the street's: the added amount is read
        (re.compile(r"raises (?P<amount>\S+) to \S+"), "raise"),
        (re.compile(r"posts small blind \((?P<amount>[^()]+)\)"), "small_blind"),
        (re.compile(r"posts big blind \((?P<amount>[^()]+)\)"), "big_blind"),
        (re.compile(r"posts dead blind \((?P<amount>[^()]+)\)"), "dead_post"),
        (re.compile(r"posts ante (?P<amount>\S+)"), "ante"),
        # stud: the bring-in, or the small bet made in its place ("big bring in $1")
        (re.compile(r"(?:small|big) bring in (?P<amount>\S+)"), "bring_in"),
        (re.compile(r"changed (?P<count>\d+) cards?"), "draw"),
    ),
    street=re.compile(r"^(?:--- )?Dealing (?P<street>pocket cards|flop|turn|river|[4-6]th street)"),
    streets=MappingProxyType({"pocket cards": 0, "flop": 1, "turn": 2, "river": 3}),
    # stud: "Dealing 4th street" to 6th, and the river the seventh
    deal_streets=MappingProxyType(
        {"stud": {"4th street": 1, "5th street": 2, "6th street": 3, "river": 4}}
    ),
    # stud: "[-, -, Kd]" (a card not seen: "-"), then each street's card; a draw: "New hand for"
    dealt=re.compile(rf"^(?:Dealing to|New hand for) {NAME}: \[(?P<cards>[^\]]*)\]$"),
    collected=NEVER,  # the awards are in the summary
    summary=re.compile(r"^Summary:$"),
    summary_collected=re.compile(r"^(?:Main pot|Side pot \d+): \S+ won by (?P<winners>.+)$"),
    unmatched_in_collected=False,
    currency_line=re.compile(r"^Rake taken: (?P<mark>[$€£])", re.MULTILINE),
    play_money=re.compile(r", Play money\)"),
    summary_shown=re.compile(
        rf"^Seat \d+: {NAME} \([^()]*\)(?:, net: [^,]*)?, \[(?P<cards>[^\]]*)\]"
        r"(?: \((?P<stated>[^()]*)\))?$"
    ),
    date_formats=("%b %d %H:%M:%S %Y",),
    free_buy_in=re.compile(r"^$"),
    ignored=(
        re.compile(r"^---$"),
        re.compile(r"^User: "),
        re.compile(r"^Players in round: \d+(?: \(\d+\))?$"),
    ),
    wording=HandWording(
        (
            (r"^(?:straight_flush|royal_flush)", "Straight Flush"),
            (r"^four_of_a_kind", "Four of a Kind"),
            (r"^full_house", "Full House"),
            (r"^flush", "Flush"),
            (r"^straight", "Straight"),
            (r"^three_of_a_kind", "Three of a Kind"),
            (r"^two_pair", "Two Pair"),
            (r"^pair", "Pair"),
            (r"^high_card", "High Card"),
        )
    ),
)
"""Ongame: cash (Hold'em, Omaha and Omaha Hi/Lo, Stud, Stud Hi/Lo, 5 Card Draw; real and play
money) and tournaments."""
