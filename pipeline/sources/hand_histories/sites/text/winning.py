"""Winning Poker Network's hand histories (ACR, Americas Cardroom; ``Game started at:
2019/2/16 8:37:2`` then ``Game ID: 1377529121 0.02/0.05 (PRR) Bahamut (Cap) - 5 (Hold'em)``),
declared for the text engine.

The hand opens with its start time, the id on the next line with the stakes, the table and the
game in brackets last; no zone is written (the time is taken as written, in UTC), nor seconds'
leading zeros.  Files are UTF-16 or ASCII, blank lines between lines in some.  Every action
line begins ``Player `` (removed before reading); hole cards are dealt one line each
(``received card: [6s]``), others' as ``received a card.``; amounts in parentheses, a raise
by what it adds (``raises (130)`` from the small blind's 10 makes 140); ``allin (5.50)``
adds.  The summary gives each player's pot (``Collects: 0.49``, after the rake) and the
hands shown, named the site's way (``One pair of 6s``).  A tournament's header gives its name
and table (``$5 Regular 9-Max, Table 3``), its id only in the file's name.  Play money tables
are ``PM``.  The network's newer logs (``Hand #N - Holdem(No Limit) - ...``) are not
declared yet.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.records.stated_hands import HandWording
from pipeline.sources.hand_histories.sites.text.patterns import (
    DEALT_BRACKETS,
    FOLD_CHECK,
    NEVER,
    STARS_BETS,
    STARS_SUMMARY,
)
from pipeline.sources.hand_histories.text_site import RUNS_NUMBERED, TextSite

_NAME = r"(?P<name>.*?)"
_PUT = r"\((?P<amount>[\d.,]+)\)"
_WORDING = HandWording(
    (
        (r"^(?:a )?(?:straight flush|royal flush)", "Straight Flush"),
        (r"^four of (?:a )?kind", "Four of a Kind"),
        (r"^(?:a )?full house", "Full House"),
        (r"^(?:a )?flush", "Flush"),
        (r"^(?:a )?straight", "Straight"),
        (r"^three of (?:a )?kind", "Three of a Kind"),
        (r"^two pairs?", "Two Pair"),
        (r"^(?:one|a) pair", "Pair"),
        (r"^high card", "High Card"),
    )
)
"""The network's names of hands, old (``One pair of 6s``, ``Three Of Kind``) and new (``a pair
of Queens``, ``two pair, Eights and Threes``)."""
_ID = (
    r"^\ufeff?Game started at: (?P<date>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{1,2}:\d{1,2})\n"
    r"Game ID: (?P<hand_id>\d+) (?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) "
)

WINNING = TextSite(
    name="Winning",
    hand_start=re.compile(r"^\ufeff?Game started at: [^\n]*\n\s*Game ID: (?P<hand_id>\d+)", re.M),
    headers=(
        # a tournament: "$5 Regular 9-Max, Table 3 (Hold'em)"
        re.compile(
            _ID + r"(?P<tournament>(?P<buy_in>\$[\d.,]+)?[^()\n]*?), Table (?P<table>\d+) "
            r"\((?P<game>[^()\n]+)\)"
        ),
        re.compile(
            _ID + r"(?:\(PRR\) )?(?P<table>[^\n]*?) ?\((?P<game>[^()\n]+)\)(?: \d+-max)?(?=\n|\Z)"
        ),
    ),
    table=re.compile(r"(?:Seat (?P<button>\d+) is the button)?"),  # stud has no button
    # a file cut short may end in a broken character after its last seat
    seat=re.compile(rf"^Seat (?P<seat>\d+): {_NAME} \((?P<stack>[^()]*)\)\.?\ufffd?$"),
    name_marks=re.compile(r"(?m)^\*?Player "),
    actor_separator=" ",
    actions=(
        *FOLD_CHECK,
        (re.compile(r"calls " + _PUT), "call"),
        (re.compile(r"bets " + _PUT), "bet"),
        (re.compile(r"raises " + _PUT), "raise"),
        (re.compile(r"(?:allin|caps) " + _PUT), "call"),
        (re.compile(r"has small blind " + _PUT), "small_blind"),
        (re.compile(r"has big blind " + _PUT), "big_blind"),
        (re.compile(r"(?:posts )?ante " + _PUT), "ante"),
        (re.compile(r"bring in " + _PUT), "bring_in"),
        (re.compile(r"straddle " + _PUT), "straddle"),
        (re.compile(r"posts " + _PUT), "live_post"),
        (re.compile(r"shows: .*"), "show"),
        (re.compile(r"mucks cards"), "muck"),
        (
            re.compile(
                r"is timed out|sitting out|wait(?:s|ing)? (?:for big blind|BB)"
                r"|is disconnected"
            ),
            "nothing",
        ),
    ),
    all_in=re.compile(r"^allin"),
    street=re.compile(
        r"^\*\*\* (?P<street>FLOP|TURN|RIVER|Third street|Fourth street|Fifth street|Sixth street)"
        r" \*\*\*"
    ),
    streets=MappingProxyType({"flop": 1, "turn": 2, "river": 3}),
    # stud: third street's cards are dealt before any line; "Third street" deals the fourth
    deal_streets=MappingProxyType(
        {"stud": {"third street": 1, "fourth street": 2, "fifth street": 3, "sixth street": 4}}
    ),
    # a card a line, "received a card." for one not shown (stud's down cards)
    dealt=re.compile(rf"^{_NAME} received (?:card: \[(?P<cards>[^\]]*)\]|a card\.)$"),
    dealt_one_by_one=True,
    uncalled=re.compile(rf"^Uncalled bet \((?P<amount>[^()]*)\) returned to {_NAME}$"),
    collected=re.compile(
        rf"^{_NAME} (?:shows|mucks|does(?:n't| not) show).*\bCollects: (?P<amount>[\d.,]+)"
    ),
    collected_in_summary=True,
    summary=re.compile(r"^------ Summary ------"),
    summary_board=re.compile(r"^Board: \[(?P<cards>[^\]]*)\]"),
    summary_shown=re.compile(
        rf"^{_NAME} (?:shows: (?P<stated>.+?) |(?P<mucked>mucks) \(does not show: )"
        r"\[(?P<cards>[^\]]*)\]"
    ),
    date_formats=("%Y/%m/%d %H:%M:%S",),
    currency="USD",
    play_money=re.compile(r" PM "),
    ignored=(re.compile(r"^(?:Game ended at: |Pot: |\ufffd)"),),
    wording=_WORDING,
)
"""Winning (ACR): cash (real and play money) and tournaments, Hold'em, Omaha, Six Plus, Stud
and Stud Hi/Lo (a card a line, ``received a card.`` for one not seen)."""

WINNING_2019 = TextSite(
    name="Winning",
    hand_start=re.compile(
        r"^\ufeff?(?:Game )?Hand #(?P<hand_id>\d+) - (?:[^\n]*?Tournament #\d+ - )?"
        r"[\w /']+\((?:No|Pot|Fixed) Limit\) - ",
        re.M,
    ),
    headers=(
        # a tournament: "Game Hand #80586589 - Tournament #11182752 - Holdem(No Limit) - Level
        # 15 (250.00/500.00)- 2019/07/21 17:44:50 UTC"
        re.compile(
            r"^\ufeff?Game Hand #(?P<hand_id>\d+) - [^\n]*?Tournament #(?P<tournament>\d+) - "
            r"(?P<game>[\w /']+\([\w ]+\)) - Level \d+ \((?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)\) ?- "
            r"(?P<date>\d{4}/\d\d/\d\d \d\d:\d\d:\d\d)(?: (?P<zone>UTC))?"
        ),
        re.compile(
            r"^\ufeff?Hand #(?P<hand_id>\d+) - (?P<game>[\w /']+\([\w ]+\)) - "
            r"(?P<sb>\$?[\d.,]+)/(?P<bb>\$?[\d.,]+) - "
            r"(?P<date>\d{4}/\d\d/\d\d \d\d:\d\d:\d\d)(?: (?P<zone>UTC))?"
        ),
    ),
    table=re.compile(
        r"(?:Table )?'?(?P<table>.+?)'? (?P<size>\d+)-max(?: Seat #(?P<button>\d+) is the button)?"
    ),
    seat=re.compile(rf"^Seat (?P<seat>\d+): {_NAME} \((?P<stack>[^()]*)\)"),
    sitting_out=re.compile(r"is sitting out"),
    actor_separator=" ",
    actions=(
        *STARS_BETS,
        (re.compile(r"caps (?P<amount>\S+)"), "call"),
        (re.compile(r"posts the small blind (?P<amount>\S+)"), "small_blind"),
        (re.compile(r"posts the big blind (?P<amount>\S+)"), "big_blind"),
        (re.compile(r"posts ante (?P<amount>\S+)"), "ante"),
        (re.compile(r"brings in (?P<amount>\S+)"), "bring_in"),
        (re.compile(r"posts dead (?P<amount>\S+)"), "dead_post"),
        (
            re.compile(r"shows \[(?P<cards>[^\]]*)\](?: \((?:HI - )?(?P<stated>[^\[|)]+?) ?\[)?"),
            "show",
        ),
        (re.compile(r"mucks|does not show"), "muck"),
        (re.compile(r"is sitting out|sits out|has (?:joined|left)"), "nothing"),
    ),
    all_in=re.compile(r"\band is all-in\b"),
    street=re.compile(
        r"^\*\*\* (?P<street>HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|[3-7](?:rd|th) STREET) \*\*\*"
    ),
    streets=MappingProxyType(
        {
            **{"hole cards": 0, "flop": 1, "turn": 2, "river": 3, "show down": 0},
            **{f"{n}{'rd' if n == 3 else 'th'} street": n - 3 for n in range(3, 8)},
        }
    ),
    # a board run twice: "*** FLOP 2 *** [6c 9s Jh]", "*** SHOW DOWN 2 ***"
    run_street=re.compile(r"^\*\*\* (?P<street>FLOP|TURN|RIVER|SHOW DOWN) (?P<run>\d) \*\*\*"),
    run_words=RUNS_NUMBERED,
    # stud: "[Qd 2d] [Ac]", the up cards dealt before and the street's
    dealt=DEALT_BRACKETS,
    uncalled=re.compile(rf"^Uncalled bet \((?P<amount>[^()]*)\) returned to {_NAME}$"),
    # the pots shown down are collected before the summary; one won without a showdown only
    # in it ("Seat 7: Ann did not show and won $0.07")
    collected=re.compile(
        r"^(?:Seat \d+: )?(?P<name>.+?)(?: \([a-z ]+\))? (?:collected|did not show and won) "
        r"(?P<amount>\$?[\d.,]+)"
    ),
    collected_in_summary=True,
    summary=STARS_SUMMARY,
    summary_shown=NEVER,  # the showdown's lines give the cards and names
    date_formats=("%Y/%m/%d %H:%M:%S",),
    ignored=(re.compile(r"^(?:Main pot |Side pot |Total pot |Board |\*\*\* RUN IT TWICE)"),),
    wording=_WORDING,
)
"""Winning's newer logs (``Hand #784383001 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20
18:42:26 UTC``): PokerStars-like, in UTC; ``posts dead $0.07`` (a missed blind in full)."""
