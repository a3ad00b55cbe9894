"""PartyPoker's hand histories (``#Game No : 9582251255`` then ``***** Hand History for Game
9582251255 *****``), declared for the text engine.

Two families, both read: the classic log (a ``#Game No`` preamble, a cash line giving the
table's cap or its stakes, ``$2 USD NL Texas Hold'em - Monday, August 30, 16:08:09 EDT 2010``,
the year after the zone; a tournament's ``Trny: 53861565 Level: 1 Blinds(20/40)`` and buy-in)
and the 2019 one (``***** Hand History For Game 16194828757579au6ou93d1 *****``, ``70000/140000
Tourney Texas Holdem Game Table (NL) (MTT Tournament #303344128) (Buyin $100.0 + $9.0) - Mon
Apr 26 20:17:21 EDT 2021``).  ``round`` is the id of the ``Hand History for Game`` line (the
preamble's may differ).  Amounts sit in brackets or parentheses (``[$0.08 USD]``, ``(200)``,
``$26,02`` in some locales); a raise gives what it adds (``raises [$0.08 USD]``) or its total
(``raises 300 to 400``); ``is all-In [$5 USD]`` adds.  Most hands end with the pots won (``wins
$0.65 USD from the main pot with two pairs, Aces and Queens.``) and no summary; no uncalled bet
returned is written.  Names of hands are the site's own (``a pair of Queens``).  Files converted
by other tools (the ``(Poker Stars)`` mark, PokerBros, WPN) are left out where their lines are
not PartyPoker's, one named issue per hand.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.sources.hand_histories.sites.text.patterns import (
    CATEGORY_WORDING,
    DEALT,
    NAME,
)
from pipeline.sources.hand_histories.text_site import TextSite

_ID = r"\s*(?:#Game No : \d+\n\s*)?\*{5} Hand History [Ff]or Game (?P<hand_id>\w+) \*{5}[^\n]*\n"
_WHEN = (
    r" *- *(?P<date>\w+, ?\w+ \d+, \d+:\d\d:\d\d|\w{3} \w{3} \d+ \d+:\d\d:\d\d)"
    r" +(?P<zone>[A-Z]+)? *(?P<year>\d{4})"
)
_AMOUNT = r"[$€£]? ?[\d.,]+"
_ISO = r"(?P<iso>USD|EUR|GBP)"
_PUT = r"[\[(] ?(?P<amount>[^\])]*?) ?[\])]\.?"  # "[$0.08 USD]." or "(200)"

PARTYPOKER = TextSite(
    name="PartyPoker",
    hand_start=re.compile(
        r"^\s*(?:#Game No : \d+\r?\n\s*)?\*{5} Hand History [Ff]or Game (?P<hand_id>\w+) \*{5}",
        re.MULTILINE,
    ),
    headers=(
        # the classic tournament: "NL Texas Hold'em $11 USD Buy-in Trny: 1 Level: 7 Blinds(..)"
        re.compile(
            _ID + r"(?P<game>(?:NL|PL|FL) [\w' -]+?) +(?:(?P<buy_in>[$€£] ?[\d.,]+(?: \w+)?"
            r" Buy-in(?: +\+ [$€£][\d.,]+ Entry Fee)?) *)?(?:Trny: *(?P<tournament>\d+) +Level: *"
            rf"\d+ +(?:Blinds|Stakes)(?:-Antes)?\((?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)[^)]*\))?{_WHEN}"
        ),
        # the 2019 log: "250/500 Tourney Texas Holdem Game Table (NL) (MTT Tournament #3) .."
        re.compile(
            _ID + rf"(?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT}) (?:Tourney )?(?P<game>[A-Za-z' -]+? "
            r"Game Table \(\w+\)) *(?:\((?:[\w ]+ )?Tournament #(?P<tournament>\d+)\) *)?"
            r"(?:\(Buyin (?P<buy_in>[^)]*)\))?" + _WHEN
        ),
        # the classic cash game: "$2 USD NL Texas Hold'em" (the table's cap) or its stakes
        re.compile(
            _ID + rf"(?:(?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT})|{_AMOUNT}) +{_ISO} +"
            r"(?:fastforward +)?(?P<game>[\w' -]+?)" + _WHEN
        ),
    ),
    table=re.compile(
        r"\s*Table (?P<table>.+?) *\( ?(?:Real|Play) Money ?\)"
        r"(?:(?: -- |\n\s*)Seat (?P<button>\d+) is the button)?"
    ),
    seat=re.compile(rf"^ ?[Ss]eat ?(?P<seat>\d+): {NAME} \( ?(?P<stack>[^()]*?) ?\)"),
    actor_separator=" ",
    actions=(
        (re.compile(r"(?:Forward )?[Ff]olds"), "fold"),
        (re.compile(r"checks"), "check"),
        (re.compile(r"calls ?" + _PUT), "call"),
        (re.compile(r"bets ?" + _PUT), "bet"),
        (re.compile(r"raises (?:\S+ )?to (?P<to>[\d.,]+)"), "raise"),
        (re.compile(r"raises ?" + _PUT), "raise"),
        (re.compile(r"is all-In +" + _PUT), "call"),
        (re.compile(r"posts small blind " + _PUT), "small_blind"),
        (re.compile(r"posts big blind \+ dead " + _PUT), "dead_post"),
        (re.compile(r"posts big blind " + _PUT), "big_blind"),
        (re.compile(r"posts ante (?:of )?" + _PUT), "ante"),
        (re.compile(r"bring-ins ?" + _PUT), "bring_in"),
        (re.compile(r"completes ?" + _PUT), "raise"),  # what it adds, as a raise's
        (re.compile(r"double bets ?" + _PUT), "bet"),  # stud's fourth street, a pair showing
        (
            re.compile(r"shows \[(?P<cards>[^\]]*)\] ?(?P<stated>[^.]+)?\.?"),
            "show",
        ),
        (
            re.compile(r"doesn't show +\[(?P<cards>[^\]]*)\] *(?P<stated>[^.]+)?\.?"),
            "muck",
        ),
        (re.compile(r"does not show cards|mucks"), "muck"),
        (re.compile(r"shows ?[\dA-Z,]+ +for low"), "nothing"),  # the low, its cards shown above
        (
            re.compile(
                r"has (?:joined|left) the table|is sitting out|sits out|could not respond|did not "
                r"respond|will be using his time bank|is all-In\.?$|has been reconnected|"
                r"is disconnected|- Selects|finished in \d+|Cash-out Premium|probabilty is |"
                r"Cashout Amount is |opens$"
            ),
            "nothing",
        ),
    ),
    all_in=re.compile(r"^is all-In"),
    blinds_posted=re.compile(r" posts (?:small|big) blind"),
    street=re.compile(r"^\*\* (?P<street>Dealing down cards|Dealing(?: \w+)?(?: street)?) \*\*"),
    streets=MappingProxyType(
        {"dealing down cards": 0, "dealing flop": 1, "dealing turn": 2, "dealing river": 3}
    ),
    # stud: "** Dealing **" third street, then fourth to sixth, and the river the seventh
    deal_streets=MappingProxyType(
        {
            "stud": {
                "dealing": 0,
                "dealing fourth street": 1,
                "dealing fifth street": 2,
                "dealing sixth street": 3,
                "dealing river": 4,
            }
        }
    ),
    dealt=DEALT,
    # "Ann wins $0.65 USD from the main pot ..." (classic), "Ann balance $51.20, bet $13.15,
    # collected $25.20, net +$12.05" (the 2019 summary)
    collected=re.compile(
        rf"^{NAME} (?:wins (?:(?:Hi|Lo) \()?|(?:Cashed out +)?balance [^,]*, bet [^,]*, "
        r"collected )(?P<amount>[$€£]? ?[\d.,]+)(?: +USD| +EUR| +GBP| chips)?\)?(?: from|,|\.?$)"
    ),
    collected_in_summary=True,
    unmatched_in_collected=None,
    summary=re.compile(r"^\*\* Summary \*\*"),
    summary_required=False,
    summary_shown=re.compile(rf"^{NAME} (?:shows|(?P<mucked>mucks)) \[(?P<cards>[^\]]*)\]"),
    date_formats=(
        "%A, %B %d, %H:%M:%S %Y",
        "%A,%B %d, %H:%M:%S %Y",
        "%a %b %d %H:%M:%S %Y",
    ),
    free_buy_in=re.compile(r"Freeroll", re.IGNORECASE),
    currency="USD",  # the 2019 cash header writes none; its seats write dollars
    noted=(
        (
            re.compile(r"^.+ opted for cash-out"),
            "cashed_out",
            "a player cashed out (their all-in equity paid apart from the pot)",
        ),
    ),
    ignored=(
        re.compile(r"^.+ has (?:joined|left) the table\.?$|^\S+: |^\x00"),
        re.compile(r"^Congratulations to player "),
        re.compile(
            r"^(?:Game #\w+ starts\.|There was no qualifying low hand|"
            r"Your time bank will be activated|Board: |Main Pot: |"
            r"Creating (?:Main|Side) Pot|>You have options|Player .+ finished in \d+|Total number"
            r" of players|Trny: ?\d+ Level: ?\d+|(?:Blinds|Stakes)(?:-Antes)?\()"
        ),
    ),
    wording=CATEGORY_WORDING,
)
"""PartyPoker: cash and tournaments (classic and 2019 logs), Hold'em, Omaha, Stud and Stud
Hi/Lo (the player's own new card each street, ``bring-ins``, ``completes``, ``wins Lo``)."""
