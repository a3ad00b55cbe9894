"""PKR's hand histories (``Table #46301943 - Hellenic Aquarium`` then ``Starting Hand
#2147625245``), declared for the text engine.

The header is a block of its own lines: the table (a tournament's ``Tournament #57213925 Table
#1`` or ``STT # 25738091``), the hand, ``Start time of hand: 15 Aug 2012 00:51:26``, ``Game
Type: HOLD'EM``, ``Limit Type``, ``Table Type``, ``Money Type: REAL MONEY`` (``TOURNAMENT
CHIPS``, ``PLAY MONEY``) and ``Blinds are now $0.02 / $0.04``.  The button written before the
seats (``Button is at seat 5``) may move for the hand (``Moving Button to seat 9``): the second
is the hand's.  Cards are written rank, space, suit, each in its brackets (``[4 h][Q s]``).  A
raise and a call give the street total they make (``raises to $0.53 (all-in)``, ``calls
$0.12`` from the big blind); an uncalled bet comes back ``Returning
$0.10 to Ann uncalled``; the pots are won before the seats are listed again with their new
stacks (``Seat 1: Ann - $0.58``: the summary), ``ties side pot #1, and wins $0.43`` where a pot
is split.  Chat comes as emotes (``Ann yawns.``, ``Ann says Boom!``).
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.sources.hand_histories.sites.text.patterns import (
    CATEGORY_WORDING,
    FOLD_CHECK,
    NAME,
    NEVER,
)
from pipeline.sources.hand_histories.text_site import TextSite

_ONE_CARD = re.compile(r"\[(10|[2-9TJQKA]) ([shdc])\]")
_NEXT_CARD = re.compile(r"(?<=[shdc])\]\[(?=[2-9TJQKA1])")

PKR = TextSite(
    name="PKR",
    hand_start=re.compile(
        r"^\ufeff?(?:Table #\d+ - [^\n]*\n)?Starting Hand #(?P<hand_id>\d+)", re.MULTILINE
    ),
    headers=(
        re.compile(
            r"^\ufeff?(?:Table #\d+ - (?P<table>(?:Tournament #|STT # ?)(?P<tournament>\d+)[^\n]*"
            r"|[^\n]*)\n)?Starting Hand #(?P<hand_id>\d+)\nStart time of hand: "
            r"(?P<date>\d+ \w+ \d{4} \d\d:\d\d:\d\d)\n(?:Last Hand [^\n]*\n)?"
            r"Game Type: (?P<game>[^\n]+)\n(?:[A-Za-z ]+: [^\n]*\n)*?"
            r"Blinds are now (?P<sb>[^\s/]+) ?/ ?(?P<bb>\S+)"
        ),
    ),
    table=None,
    seat=re.compile(
        rf"^Seat (?P<seat>\d+): {NAME}(?: \(bounty [^()]*\))? - (?P<stack>[^ ()]+)(?: \([^()]*\))?$"
    ),
    sitting_out=re.compile(r"\(away from table\)|\(sitting out\)"),
    actor_separator=" ",
    actions=(
        (re.compile(r"(?:folds|did not respond in time and is folded)"), "fold"),
        *FOLD_CHECK[1:],
        (re.compile(r"calls (?P<to>\S+)"), "call"),  # the street total it makes
        (re.compile(r"bets (?P<amount>\S+)"), "bet"),
        (re.compile(r"raises to (?P<to>\S+)"), "raise"),
        (re.compile(r"posts small blind \((?P<amount>[^()]+)\)"), "small_blind"),
        (re.compile(r"posts big blind \((?P<amount>[^()]+)\)"), "big_blind"),
        (re.compile(r"posts ante of (?P<amount>\S+)"), "ante"),
        (re.compile(r"posts (?P<amount>\S+) dead"), "dead_post"),
        (re.compile(r"posts (?P<amount>\S+)"), "live_post"),
        (re.compile(r"shows \[(?P<cards>[^\]]*)\]"), "show"),
        (re.compile(r"mucks"), "muck"),
        (
            re.compile(
                r"\s*(?:doesn't show|has |will be dealt in|rebuys |brings |yawns|says |claps|"
                r"is |sits |adds |.*[.!]$)"  # the last: an emote ("laughs his *** off.")
            ),
            "nothing",
        ),
    ),
    all_in=re.compile(r"\(all-in\)"),
    button_line=re.compile(r"^(?:Button is at|Moving Button to) seat (?P<button>\d+)$"),
    street=re.compile(r"^Dealing (?P<street>Cards|Flop|Turn|River)\b"),
    streets=MappingProxyType({"cards": 0, "flop": 1, "turn": 2, "river": 3}),
    dealt=re.compile(rf"^Dealing \[(?P<cards>[^\]]*)\] to {NAME}$"),
    uncalled=re.compile(rf"^Returning (?P<amount>\S+) to {NAME} uncalled$"),
    uncalled_unwritten=True,  # at times: the pots won then leave the unmatched part out
    unmatched_in_collected=False,
    collected=re.compile(
        rf"^{NAME} (?:ties(?: side pot #\d+)?, and )?(?:wins|ties) "
        r"(?P<amount>[$€£]?[\d.,]*\d)(?: |,|$)"
    ),
    summary=re.compile(r"^Seat \d+: .+ - "),
    summary_shown=NEVER,
    date_formats=("%d %b %Y %H:%M:%S",),
    play_money=re.compile(r"Money Type: PLAY MONEY"),
    ignored=(
        re.compile(r"^(?:Shuffling Deck|Pot sizes: |Taking Rake of |No Rake Taken|End of Hand #)"),
        re.compile(r"^There is no qualifying low hand"),
        re.compile(r"^.+ (?:will be dealt in after the button|has (?:joined|left) the table)"),
        re.compile(r"^[^:\[\]]+: "),  # chat
        # a player joining, not yet seated
        re.compile(r"^.+ (?:brings \S+ to table |has joined from )"),
    ),
    # "[A s][10 d]" -> "[As 10d]": each card its own word, the hand in one pair of brackets
    rewrites=((_ONE_CARD, r"[\1\2]"), (_NEXT_CARD, " ")),
    wording=CATEGORY_WORDING,
)
"""PKR: cash and tournaments, Hold'em and Omaha (Hi/Lo)."""
