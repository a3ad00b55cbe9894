"""Everleaf's hand histories (``***** Hand history for game #196321235 *****``, Partouche's
French ``*** Historique des Mains pour la partie 25324991 ***``), declared for the text engine.

Each hand comes after a line naming the skin (``Everleaf Gaming Game #196321235``, ``Partouche
Poker Gibraltar``), then the stakes, the game and the time (``Blinds $0.05/$0.10 NL Hold'em -
2010/08/29 - 20:34:15``; a limit game writes its bets, ``$0.50/$1 Omaha Hi/Lo``, and its blinds
are the ones posted), the table and the button's seat.  A tournament's amounts carry no
currency mark (``300/600 Hold'em``, ``( 10290 Chips )``) and its header no tournament id.
Amounts sit in brackets with their currency (``[$ 0.35 USD]``, ``[€ 0.25 EURO]``); a call and a
raise give what they add.  The separator after a name is inconsistent: ``Hero: bets``, ``Hero
raises``, ``Hero: posts``; both are read.  There is no summary: a hand ends with its pots won
(``wins $ 1.52 USD from main pot with a full house...``, ``wins  low ($2.56) from main pot``),
and no uncalled bet is written (the pots won leave it out).  A seat ``( new player )`` is not
dealt in.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.records.game_names import EVERLEAF as EVERLEAF_NAME
from pipeline.sources.hand_histories.sites.text.patterns import (
    CATEGORY_WORDING,
    FOLD_CHECK,
    NAME,
    NEVER,
    stud_and_draw_words,
)
from pipeline.sources.hand_histories.text_site import CURRENCY_MARKS, TextSite

_START = (
    r"^\ufeff?\*{3,5} (?:Hand history for game #|Historique des Mains pour la partie )"
    r"(?P<hand_id>\d+) \*{3,5}"
)
_WHEN = r" - (?:(?P<size>\d+) Max - )?(?P<date>\d{4}/\d\d/\d\d - \d\d:\d\d:\d\d)"
_WHERE = r"\nTable (?P<table>[^\n]+)(?:\nSeat (?P<button>\d+) is the button)?"
_CASH = r"[$€£ˆ] ?[\d.,]+"  # "ˆ": the euro as some of its logs write it (a caret)
_CHIPS = r"[\d.,]+"
_PUT = r"\[ *(?P<amount>[^\]]*?) *\]"
_STUD = stud_and_draw_words(EVERLEAF_NAME)
_VERBS = r"posts|bets|calls|raises|folds|checks|shows|mucks|wins|does not show"


def _header(amount: str, tournament: str) -> re.Pattern[str]:
    """The header with stakes written ``amount``: a no-limit or pot-limit game's blinds, a limit
    game's bets (its blinds are then the ones posted); stud's bets (read as ``small_bet``,
    ``big_bet``: stud has no blinds)."""
    return re.compile(
        rf"{_START}\n{tournament}(?:Blinds +)?"
        rf"(?:(?P<sb>{amount})/ ?(?P<bb>{amount}) (?=[NP]L |(?:{_STUD}) - )"
        rf"|{amount}/ ?{amount} )(?P<game>.+?){_WHEN}{_WHERE}"
    )


EVERLEAF = TextSite(
    name="Everleaf",
    hand_start=re.compile(_START, re.MULTILINE),
    headers=(
        _header(_CASH, ""),
        # a tournament's id where a line gives it (``Tournament #2768325 - Level 2``), else ""
        _header(_CHIPS, r"(?:Tournament #(?=\d))?(?P<tournament>(?<=#)\d+|)(?: - Level \d+\n)?"),
    ),
    table=None,
    seat=re.compile(
        rf"^Seat (?P<seat>\d+): {NAME} \( *(?:new player|All-in|(?P<stack>[^()]*?)) *\)$"
    ),
    actor_separator=" ",
    actions=(
        *FOLD_CHECK,
        (re.compile(r"calls " + _PUT), "call"),
        (re.compile(r"bets " + _PUT), "bet"),
        (re.compile(r"raises " + _PUT), "raise"),  # what it adds
        (re.compile(r"posts small blind " + _PUT), "small_blind"),
        (re.compile(r"posts big blind " + _PUT), "big_blind"),
        (re.compile(r"posts ante " + _PUT), "ante"),
        # stud: "posts bring-in $0.02.", "completes to $0.05." (the street total)
        (re.compile(rf"posts bring-in (?P<amount>{_CASH}|{_CHIPS})\.?$"), "bring_in"),
        (re.compile(rf"completes to (?P<to>{_CASH}|{_CHIPS})\.?$"), "raise"),
        (re.compile(r"shows \[(?P<cards>[^\]]*)\] *(?P<stated>.+)?"), "show"),
        (re.compile(r"mucks(?: \[(?P<cards>[^\]]*)\])?"), "muck"),
        (
            re.compile(
                r"does not show cards|has (?:disconnected|been reseated|joined|left)|"
                r"est déconnecté|sits out|is sitting out"
            ),
            "nothing",
        ),
    ),
    all_in=re.compile(r"(?i)\ball-in\b"),
    # stud writes "** Dealing 4th Street **", or (before August 2011) "**** dealing 4th street ****"
    street=re.compile(
        r"^\*{2,4} (?P<street>Dealing down cards|[Dd]ealing (?:\w+ [Ss]treet|\w+)) \*{2,4}"
    ),
    streets=MappingProxyType(
        {
            **{"dealing down cards": 0, "dealing flop": 1, "dealing turn": 2, "dealing river": 3},
            **{"dealing 4th street": 1, "dealing 5th street": 2, "dealing 6th street": 3},
        }
    ),
    deal_streets=MappingProxyType({"stud": {"dealing river": 4}}),  # stud's seventh street
    # a stud card: "Dealt to Bob [ Ah ]." (an opponent's up card; the hero's three on third
    # street "[ 5d, Qs, 7s ].")
    dealt=re.compile(rf"^Dealt to {NAME} \[(?P<cards>[^\]]*)\]\.?$"),
    collected=re.compile(
        rf"^{NAME} wins +(?:(?:high|low) \()?(?P<amount>[$€£ˆ]? ?[\d.,]+)(?: \w+)?\)? from"
    ),
    unmatched_in_collected=False,
    summary=NEVER,
    summary_required=False,
    summary_shown=NEVER,
    currency_marks=MappingProxyType({**CURRENCY_MARKS, "ˆ": "EUR"}),
    date_formats=("%Y/%m/%d - %H:%M:%S",),
    ignored=(
        re.compile(r"^(?:Everleaf Gaming|Partouche Poker|Total number of players)"),
        re.compile(r"^.+ (?:has joined the table|has left the table|has been reseated)"),
        re.compile(r"^[^:\[\]]+: "),  # chat: every action's colon is taken off (rewrites)
        re.compile(r"^[a-z]+ \[[^\]]*\]$"),  # a hand's name wrapped onto a line of its own
    ),
    rewrites=((re.compile(rf"(?m)^(\S[^\n]*?): (?=(?:{_VERBS})\b)"), r"\1 "),),
    wording=CATEGORY_WORDING,
)
"""Everleaf (and its skins): cash and tournaments, Hold'em and Omaha (Hi/Lo), 7 Card Stud
(``** Dealing down cards **`` to ``** Dealing River **``, ``posts bring-in $0.02.``,
``completes to $0.05.``; the older logs deal no card a line and write the streets
``**** dealing 4th street ****``)."""
