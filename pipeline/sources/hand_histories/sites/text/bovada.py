"""Bovada's hand histories (``Bovada Hand #3183548059 TBL#10253202 HOLDEM No Limit - 2015-12-01
04:04:36``; Ignition and Bodog write the same), declared for the text engine.

Bovada is anonymous: a player is named by the seat's position in the hand (``Dealer``, ``Small
Blind``, ``Big Blind``, ``UTG``, ``UTG+1``, ...), so a name says nothing across hands, and the
one who saved the log is marked ``[ME]`` (removed before reading).  Every player's hole cards
are written (``Card dealt to a spot [Kc Kh]``); ``Showdown [..]`` gives the best five, so the
hole cards come from the deal.  A cash header writes no stakes (the blinds posted are) and no
currency (dollars); a tournament's gives its level's blinds.  Raises are written as their
street total, in new logs ``Raises $2 to $6`` and in old ones ``Raises $6``; ``All-in $X`` adds
``X``.  Times are ET unless the header says ``UTC``.  An old log writes no street after an
all-in: the summary's ``Board`` is read.  Stud (``7CARD``) is not read yet.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.records.stated_hands import HandWording
from pipeline.sources.hand_histories.sites.text.patterns import (
    NAME,
    STARS_SUMMARY,
)
from pipeline.sources.hand_histories.text_site import NEXT_STREET, TextSite

_BRANDS = r"\ufeff?(?:Bovada|Ignition|Bodog(?:\.eu|\.com| UK)?) Hand #(?P<hand_id>\d+):? +"
_DATE = r"(?: \[MVS\])? - (?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?: (?P<zone>UTC))?"
_AMOUNT = r"(?P<amount>\$?[\d,.]+)"

BOVADA = TextSite(
    name="Bovada",
    hand_start=re.compile(
        r"^\ufeff?(?:Bovada|Ignition|Bodog(?:\.eu|\.com| UK)?) Hand #(?P<hand_id>\d+)", re.M
    ),
    headers=(
        re.compile(
            _BRANDS + r"(?P<game>.+?) Tournament #(?P<tournament>[\w-]+) TBL#(?P<table>\d+), "
            r".*?- Level \d+ \((?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)\)" + _DATE
        ),
        re.compile(_BRANDS + r"(?:Zone Poker ID#|TBL#)(?P<table>\d+) (?P<game>.+?)" + _DATE),
    ),
    table=re.compile(r""),  # no table line: the header gives the table, the deal the button
    seat=re.compile(rf"^Seat (?P<seat>\d+): {NAME} \((?P<stack>[^()]*?) in chips\)"),
    name_marks=re.compile(r" +\[ME\](?= )"),
    # stud's seats are anonymous, written "Seat+5 [ME]: $200 in chips": read as "Seat+5"
    rewrites=(
        (
            re.compile(r"^Seat\+(\d+)(?: \[ME\])?: (.+) in chips$", re.M),
            r"Seat \1: Seat+\1 (\2 in chips)",
        ),
    ),
    button_line=re.compile(r"^.+? : Set dealer(?:/Bring in spot)? \[(?P<button>\d+)\]"),
    actor_separator=" : ",
    actions=(
        (re.compile(r"Folds|Fold\b"), "fold"),
        (re.compile(r"Checks"), "check"),
        (re.compile(rf"Calls? ?(?:\([^)]*\) )?{_AMOUNT}"), "call"),
        (re.compile(rf"Bets(?: chip info)?(?:\([^)]*\))? {_AMOUNT}"), "bet"),
        (
            re.compile(r"(?:Raises|All-in\(raise[^)]*\)) ?(?:\([^)]*\) )?\S+ to (?P<to>\S+)"),
            "raise",
        ),
        (
            re.compile(r"(?:Raises|All-in\(raise[^)]*\)) ?(?:\([^)]*\) )?(?P<to>\$?[\d,.]+)$"),
            "raise",
        ),
        (re.compile(rf"All-in(?:\([^)]*\))? {_AMOUNT}"), "call"),
        (re.compile(rf"(?:Ante/)?Small [Bb]lind {_AMOUNT}"), "small_blind"),
        # in stud, "Big blind/Bring in(timeout) 5" is the bring-in
        (re.compile(rf"Big [Bb]lind(?:/Bring in)?(?:\(timeout\))? {_AMOUNT}"), "big_blind"),
        (re.compile(rf"Ante chip {_AMOUNT}"), "ante"),
        (re.compile(rf"Bring_in chip {_AMOUNT}"), "bring_in"),
        (re.compile(rf"(?:Double|D) bets {_AMOUNT}"), "bet"),  # stud, a pair showing on fourth
        (re.compile(rf"Posts chip {_AMOUNT}"), "live_post"),
        (re.compile(rf"Posts dead chip {_AMOUNT}"), "dead_post"),
        (re.compile(r"Showdown ?(?:\[[^\]]*\] ?)?(?:\((?P<stated>[^)]*)\))?"), "show"),
        (
            re.compile(r"(?:Mucks|Does not show) (?:\[[^\]]*\] ?)?(?:\((?P<stated>[^)]*)\))?"),
            "muck",
        ),
        (
            re.compile(
                r"Set dealer|Draw for dealer|Leave|Enter|Sit ?out|Seat |Re-join|Stand|Ranking "
                r"|Table (?:enter|leave) user|Table deposit|Prize |Rebuyin|Double rebuys|Addon"
                r"|BOUNTY PRIZE"
            ),
            "nothing",
        ),
    ),
    all_in=re.compile(r"^All-in"),
    # old logs deal the board without naming the street: "Card dealt to table [7s 6d Ah]"
    street=re.compile(
        r"^(?:\*\*\* (?=\w+(?: CARDS| STREET)? \*\*\*))?"
        r"(?P<street>HOLE CARDS|FLOP|TURN|RIVER|[3-6](?:RD|TH) STREET|"
        r"Card (?:dealt )?to (?:the )?table)\b"
    ),
    # stud: third to sixth street, and the river the seventh (a tournament's log names none:
    # each street is the next card dealt)
    deal_streets=MappingProxyType(
        {"stud": {"3rd street": 0, "4th street": 1, "5th street": 2, "6th street": 3, "river": 4}}
    ),
    streets=MappingProxyType(
        {
            "hole cards": 0,
            "flop": 1,
            "turn": 2,
            "river": 3,
            "card dealt to table": NEXT_STREET,
            "card to the table": NEXT_STREET,
        }
    ),
    dealt=re.compile(rf"^{NAME} : Card dealt to a spot \[(?P<cards>[^\]]*)\]$"),
    uncalled=re.compile(rf"^{NAME} : Return uncalled portion of bet (?P<amount>\S+)$"),
    collected=re.compile(rf"^{NAME} : Hand [Rr]esult(?:-Side [Pp]ot)? (?P<amount>\S+)$"),
    summary=STARS_SUMMARY,
    summary_board=re.compile(r"^Board \[(?P<cards>[^\]]*)\]"),
    summary_shown=re.compile(
        rf"^Seat\+?\d+: {NAME} +(?:\S+ +with|lo(?:st|se) with) (?P<stated>.+?) \["
    ),
    date_formats=("%Y-%m-%d %H:%M:%S",),
    zone="ET",
    currency="USD",
    ignored=(
        re.compile(
            r"^(?:Enter\(Auto\)|Leave\(Auto\)|Table deposit|Table (?:enter|leave) user|Seat "
            r"|Set dealer|Player Info: |Seating Info: )"
        ),
    ),
    wording=HandWording(
        (
            (r"^(?:royal flush|straight flush)", "Straight Flush"),
            (r"^four of a kind", "Four of a Kind"),
            (r"^full house", "Full House"),
            (r"^flush", "Flush"),
            (r"^straight", "Straight"),
            (r"^three of a kind", "Three of a Kind"),
            (r"^two pair", "Two Pair"),
            (r"^one pair", "Pair"),
            (r"^high card", "High Card"),
        )
    ),
)
"""Bovada (Ignition, Bodog): cash (Zone Poker too) and tournaments, Hold'em, Omaha, Stud and
Stud Hi/Lo (anonymous seats, every player's cards written, a tournament's streets unnamed)."""
