"""The one table of games: each game's name, its aliases, the rule sets it may be played by and
the words each site's logs use for it, declared once here and nowhere else.

Every source reads its game words from :data:`GAMES` (the text engine, PokerStars' declaration
and every other site's; at import, PokerStars' compiled scanner; the PHH reader), and the
games' variant table (:mod:`pipeline.games.poker.variants`) takes its names and rule sets from
it, adding the rules each game is scored by.  This module imports the standard library only (no
polars, no numpy), so the sources, the games and ``pipeline equity`` can all import it for the
price of a few microseconds.

To add a site's words for a game: add them under the site's name in that game's
``log_words``; to add a game: add a :class:`GameNames` to :data:`GAMES` (and its variant, its
rules, in :mod:`pipeline.games.poker.variants`).  ``docs/games.md`` shows the table.

>>> canonical_game("plo8"), canonical_game("6+ Hold'em No Limit"), canonical_game("Chess")
('Omaha Hi/Lo', 'Short Deck', None)
>>> sorted(site_words(PHH))
['FO/8', 'FT', 'NS', 'NT', 'PO', 'PT']
>>> site_words(POKERSTARS)["6+ Hold'em No Limit"].name
'Short Deck'
>>> rule_sets_of(["6+=straight-over-trips"])
{'Short Deck': 'straight-over-trips'}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

POKERSTARS = "PokerStars"
"""The site name under which PokerStars' game words are declared (the ``site`` column's)."""
PHH = "PHH"
"""The same for PHH's ``variant`` codes."""
GGPOKER = "GGPoker"
WINAMAX = "Winamax"
ABSOLUTE = "Absolute"
ULTIMATEBET = "UltimateBet"
ENET = "Enet"
FULL_TILT = "Full Tilt"
ONGAME = "Ongame"
PACIFIC = "888poker"
BOVADA = "Bovada"
BETONLINE = "BetOnline"
PARTYPOKER = "PartyPoker"
BETFAIR = "Betfair"
UNIBET = "Unibet"
WINNING = "Winning"
POKERTRACKER = "PokerTracker"
EVERLEAF = "Everleaf"
PKR = "PKR"
CAKE = "Cake"
KINGSCLUB = "KingsClub"
SEALSWITHCLUBS = "SealsWithClubs"
ENTRACTION = "Entraction"
"""The text sites of :mod:`pipeline.sources.hand_histories.sites`, by their ``site`` name: their
headers' words for a game (matched whatever their case)."""
MERGE = "Merge"
IPOKER = "iPoker"
BOSS = "Boss"
"""The XML sites whose words for a stud or draw game are declared here (their board games'
codes are their declarations' own: Boss' ``GAME_THM``)."""

TRIPS_OVER_STRAIGHT = "trips-over-straight"
STRAIGHT_OVER_TRIPS = "straight-over-trips"


@dataclass(frozen=True)
class GameNames:
    """A game as people and logs name it: ``name`` (what every ``game`` column holds),
    ``aliases`` a sheet's ``game`` column or ``--game`` may use, the ``hole_cards`` each player
    is dealt (a reader needs it to tell a player's own cards from a partial show),
    ``rule_sets`` the game may be played by (the default first; ``--rule GAME=RULESET`` picks
    another) and ``log_words``: per site, the words its logs write for the game.

    >>> HOLDEM.words(POKERSTARS)[:2], HOLDEM.words("Nowhere")
    (("Hold'em No Limit", "Hold'em Pot Limit"), ())
    """

    name: str
    aliases: tuple[str, ...] = ()
    hole_cards: int = 2
    rule_sets: tuple[str, ...] = ()
    log_words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def words(self, site: str) -> tuple[str, ...]:
        """The words ``site``'s logs write for this game (none: the site's logs never name it)."""
        return self.log_words.get(site, ())

    @property
    def default_rule_set(self) -> str | None:
        """The rule set a run uses unless told otherwise (None: the game has one way to play)."""
        return self.rule_sets[0] if self.rule_sets else None


def _limits(game: str) -> tuple[str, ...]:
    """PokerStars writes a game with its betting limit: ``Omaha Hi/Lo Pot Limit``."""
    return tuple(f"{game} {limit}" for limit in ("No Limit", "Pot Limit", "Limit"))


HOLDEM = GameNames(
    "Hold'em",
    aliases=("Holdem", "Texas Hold'em", "Texas Holdem", "NLHE", "LHE"),
    log_words={
        POKERSTARS: _limits("Hold'em"),
        PHH: ("NT", "FT", "PT"),
        GGPOKER: (*_limits("Hold'em"), "Hold'em Fixed Limit"),
        WINAMAX: ("Holdem no limit", "Holdem pot limit", "Holdem fixed limit"),
        ABSOLUTE: ("Holdem",),
        ULTIMATEBET: ("Holdem",),
        ENET: ("Hold'em", "Holdem"),
        FULL_TILT: (
            "nl hold'em",
            "no limit hold'em",
            "pl hold'em",
            "pot limit hold'em",
            "limit hold'em",
            "fl hold'em",
            "cap nl hold'em",
        ),
        ONGAME: (
            "no_limit texas_holdem",
            "pot_limit texas_holdem",
            "limit texas_holdem",
        ),
        PACIFIC: (
            "No Limit Holdem",
            "No Limit Holdem Jackpot table",
            "Pot Limit Holdem",
            "Fix Limit Holdem",
        ),
        BOVADA: (
            "Holdem",  # written HOLDEM: matched whatever its case
            "HOLDEM No Limit",
            "HOLDEM Pot Limit",
            "HOLDEM Fixed Limit",
            "HOLDEMZonePoker No Limit",
        ),
        BETONLINE: (
            "Hold'em",
            "Hold'em No Limit",
            "Hold'em Pot Limit",
            "Hold'em Limit",
        ),
        PARTYPOKER: (
            "NL Texas Hold'em",
            "PL Texas Hold'em",
            "FL Texas Hold'em",
            "Texas Hold'em",
            "Texas Holdem Game Table (NL)",
            "Texas Holdem Game Table (PL)",
            "Texas Holdem Game Table (FL)",
            "Texas Hold'em Game Table (NL)",
            "Texas Hold'em Game Table (PL)",
            "Texas Hold'em Game Table (FL)",
        ),
        BETFAIR: (
            "Texas Hold'em",
            "Hold'em",
        ),
        UNIBET: (
            "No Limit Hold'Em",
            "No Limit Hold'Em Banzai",
            "Pot Limit Hold'Em",
        ),
        WINNING: (
            "Hold'em",
            "Holdem(No Limit)",
            "Holdem(Pot Limit)",
            "Holdem(Fixed Limit)",
        ),
        POKERTRACKER: (
            "Texas Hold'em NL",
            "Texas Hold'em PL",
            "Texas Hold'em FL",
            "Holdem NL",
            "Holdem PL",
            "No Limit Hold'em",
            "Pot Limit Hold'em",
            "Limit Hold'em",
            "Hold'em",
            "Multi Table Hold'em",
        ),
        EVERLEAF: ("NL Hold'em", "PL Hold'em", "Hold'em"),
        PKR: ("Hold'em",),  # written HOLD'EM: matched whatever its case
        CAKE: ("NL Hold'em", "PL Hold'em", "FL Hold'em"),
        KINGSCLUB: ("No Limit Holdem", "Pot Limit Holdem", "Limit Holdem"),
        SEALSWITHCLUBS: ("NL Hold'em", "PL Hold'em", "Limit Hold'em"),
        ENTRACTION: (
            "Texas Hold'em No Limit",
            "Texas Hold'em Pot Limit",
            "Texas Hold'em Fixed Limit",
        ),
    },
)
"""The game of a poker sheet that names none: the quiz's, the TV show's."""

FIVE_CARD = GameNames("Five Card", aliases=("Five-Card", "5-Card"), hole_cards=5)
"""Five-card hands (the poker hands kata, Euler 54): five cards, no board.  The same hands
played as a draw game on a mixed night are :data:`FIVE_CARD_DRAW`."""

OMAHA = GameNames(
    "Omaha",
    aliases=("PLO", "Pot-Limit Omaha", "Pot Limit Omaha", "Omaha Hi"),
    hole_cards=4,
    log_words={
        POKERSTARS: _limits("Omaha"),
        PHH: ("PO",),
        GGPOKER: ("PLO", "Omaha Pot Limit", "Omaha No Limit", "Omaha (NL postflop)"),
        WINAMAX: ("Omaha pot limit", "Omaha no limit", "Omaha fixed limit"),
        ABSOLUTE: ("Omaha", "Omaha Hi"),
        ULTIMATEBET: ("Omaha", "Omaha Hi"),
        ENET: ("Omaha",),
        FULL_TILT: (
            "pot limit omaha",
            "pot limit omaha hi",
            "pl omaha hi",
            "no limit omaha hi",
            "limit omaha hi",
            "cap pl omaha hi",
        ),
        ONGAME: (
            "pot_limit omaha_hi",
            "limit omaha_hi",
            "no_limit omaha_hi",
        ),
        PACIFIC: (
            "Pot Limit Omaha",
            "Fix Limit Omaha",
        ),
        BOVADA: (
            "Omaha",  # written OMAHA
            "OMAHA Pot Limit",
        ),
        BETONLINE: ("Omaha Pot Limit",),
        PARTYPOKER: (
            "NL Omaha",
            "PL Omaha",
            "FL Omaha",
            "Omaha Game Table (PL)",
            "Omaha Hi Game Table (PL)",
            "PL Omaha Hi",
        ),
        BETFAIR: ("Omaha",),
        UNIBET: (
            "Pot Limit Omaha",
            "Pot Limit Omaha Banzai",
        ),
        WINNING: (
            "Omaha",
            "Omaha(Pot Limit)",
        ),
        POKERTRACKER: ("Omaha", "Omaha PL", "Pot Limit Omaha"),
        EVERLEAF: ("PL Omaha", "NL Omaha", "Omaha"),
        PKR: ("Omaha",),  # written OMAHA
        CAKE: ("PL Omaha", "NL Omaha", "FL Omaha"),
        KINGSCLUB: ("Pot Limit Omaha", "No Limit Omaha", "Limit Omaha"),
        SEALSWITHCLUBS: ("PL Omaha", "NL Omaha", "Limit Omaha"),
        ENTRACTION: ("Omaha High Pot Limit", "Omaha High No Limit", "Omaha High Fixed Limit"),
    },
)
OMAHA_5 = GameNames(
    "Omaha 5",
    aliases=("PLO5", "5-Card Omaha", "Five-Card Omaha"),
    hole_cards=5,
    log_words={
        GGPOKER: ("PLO-5",),
        WINAMAX: ("Omaha5 pot limit", "5 Card Omaha pot limit"),
        KINGSCLUB: ("Pot Limit Omaha 5 Card",),
        ENTRACTION: ("5-Card Omaha High Pot Limit",),
        FULL_TILT: (
            "pl 5 card omaha hi",
            "pl courchevel hi",
        ),
    },
)
OMAHA_6 = GameNames(
    "Omaha 6",
    aliases=("PLO6", "6-Card Omaha", "Six-Card Omaha"),
    hole_cards=6,
    log_words={
        GGPOKER: ("PLO-6",),
        FULL_TILT: ("pl 6 card omaha hi",),
    },
)
OMAHA_HI_LO = GameNames(
    "Omaha Hi/Lo",
    aliases=("PLO8", "Omaha 8", "O8", "Omaha Hi-Lo", "Omaha 8 or Better", "PO/8"),
    hole_cards=4,
    log_words={
        POKERSTARS: _limits("Omaha Hi/Lo"),
        PHH: ("FO/8",),
        GGPOKER: ("PLO Hi/Lo",),
        WINAMAX: ("Omaha Hi/Lo pot limit", "Omaha Hi/Lo fixed limit", "Omaha8 pot limit"),
        ABSOLUTE: ("Omaha Hi/Lo",),
        ULTIMATEBET: ("Omaha Hi/Lo",),
        FULL_TILT: (
            "limit omaha h/l",
            "limit omaha hi/lo",
            "pot limit omaha h/l",
            "pot limit omaha hi/lo",
            "pl omaha h/l",
        ),
        ONGAME: (
            "pot_limit omaha_hi_lo",
            "limit omaha_hi_lo",
        ),
        PACIFIC: (
            "Pot Limit OmahaHL",
            "Fix Limit OmahaHL",
        ),
        BOVADA: (
            "OMAHA HiLo",
            "OMAHA HiLo Pot Limit",
            "OMAHA HiLo Fixed Limit",
        ),
        BETONLINE: ("Omaha Hi/Lo Pot Limit",),
        PARTYPOKER: (
            "NL Omaha Hi-Lo",
            "PL Omaha Hi-Lo",
            "FL Omaha Hi-Lo",
            "Omaha Hi-Lo Game Table (PL)",
            "Omaha Hi-Lo Game Table (FL)",
        ),
        EVERLEAF: ("PL Omaha Hi/Lo", "NL Omaha Hi/Lo", "Omaha Hi/Lo"),
        PKR: ("Omaha Hi/Lo",),  # written OMAHA HI/LO
        CAKE: ("PL OmahaHiLo", "FL OmahaHiLo", "NL OmahaHiLo"),
        KINGSCLUB: ("Pot Limit Omaha Hi-Lo", "Limit Omaha Hi-Lo"),
        WINNING: (
            "Omaha HiLow",
            "Omaha H/L(No Limit)",
            "Omaha H/L(Pot Limit)",
            "Omaha H/L(Fixed Limit)",
        ),
    },
)
SHORT_DECK = GameNames(
    "Short Deck",
    aliases=("6+", "6+ Hold'em", "6+ Holdem", "Six Plus", "Six Plus Hold'em", "Short Deck Hold'em"),
    # PokerStars 6+ and Triton rank trips above a straight; pokerkit and other rooms below.
    rule_sets=(TRIPS_OVER_STRAIGHT, STRAIGHT_OVER_TRIPS),
    log_words={
        POKERSTARS: _limits("6+ Hold'em"),
        PHH: ("NS",),
        GGPOKER: ("ShortDeck No Limit",),
        WINNING: ("Six Plus Hold'em",),
    },
)

# The games of a mixed night (issue 34).  Their names are PokerStars' own and the usual short
# forms; a site's log_words are added as its reader learns the game's hands (the text engine's
# sites: the stud and draw streets of pipeline.records.deals), the others are left out
# (unsupported_variant).
STUD = GameNames(
    "7 Card Stud",
    aliases=(
        "Stud", "Seven Card Stud", "7-Card Stud", "Seven-Card Stud", "7 Stud", "Stud Hi",
        "7 Card Stud Hi", "Seven Card Stud Hi", "7CS", *_limits("7 Card Stud"),
    ),
    hole_cards=7,
    log_words={
        POKERSTARS: _limits("7 Card Stud"),
        FULL_TILT: ("limit stud hi",),
        WINAMAX: ("7-Card Stud fixed limit", "7stud fixed limit"),
        PARTYPOKER: ("7 Card Stud", "FL 7 Card Stud"),
        ONGAME: ("limit seven_card_stud",),
        BOVADA: ("7CARD Fixed Limit", "7CARD"),
        WINNING: ("Seven Cards Stud", "7Stud(Fixed Limit)"),
        MERGE: ("7-Stud",),
        IPOKER: ("7 Card Stud",),
        EVERLEAF: ("7 Card Stud",),
        KINGSCLUB: ("Limit Seven Card Stud",),
    },
)  # fmt: skip
"""Seven Card Stud: the best five of a player's seven cards, no board."""
STUD_HI_LO = GameNames(
    "7 Card Stud Hi/Lo",
    aliases=(
        "Stud8", "Stud 8", "Stud Hi/Lo", "Stud Hi-Lo", "Stud/8", "Stud 8 or Better", "Stud H/L",
        "Seven Card Stud Hi/Lo", "Seven Card Stud Hi-Lo", "7 Card Stud Hi-Lo", "7 Card Stud 8",
        "7CS8", *_limits("7 Card Stud Hi/Lo"),
    ),
    hole_cards=7,
    log_words={
        POKERSTARS: _limits("7 Card Stud Hi/Lo"),
        FULL_TILT: ("limit stud h/l",),
        WINAMAX: ("7-Card Stud Hi/Lo fixed limit",),
        PARTYPOKER: ("7 Card Stud Hi-Lo", "FL 7 Card Stud Hi-Lo"),
        ONGAME: ("limit seven_card_stud_hi_lo",),
        BOVADA: ("7CARD HiLo Fixed Limit",),
        WINNING: ("Seven Cards Stud HiLow",),
        ABSOLUTE: ("Seven Card Hi/Lo",),
        MERGE: ("7-Stud H/L8",),
        IPOKER: ("7 Card Stud Hi-Lo",),
        KINGSCLUB: ("Limit Seven Card Stud Hi-Lo",),
    },
)  # fmt: skip
"""Seven Card Stud Hi/Lo, eight or better."""
RAZZ = GameNames(
    "Razz",
    aliases=("Seven Card Razz", "7 Card Razz", "Stud Lo", *_limits("Razz")),
    hole_cards=7,
    log_words={
        POKERSTARS: _limits("Razz"),
        FULL_TILT: ("limit razz",),
        WINAMAX: ("Razz fixed limit",),
        MERGE: ("Razz",),
        KINGSCLUB: ("Limit Razz",),
    },
)
"""Razz: the lowest five of seven, ace-to-five."""
FIVE_CARD_DRAW = GameNames(
    "5 Card Draw",
    aliases=(
        "Five Card Draw", "5-Card Draw", "Five-Card Draw", "5CD", "Draw High",
        *_limits("5 Card Draw"),
    ),
    hole_cards=5,
    log_words={
        POKERSTARS: _limits("5 Card Draw"),
        FULL_TILT: ("no limit 5 card draw", "pot limit 5 card draw", "limit 5 card draw"),
        ONGAME: ("limit five_card_draw", "pot_limit five_card_draw", "no_limit five_card_draw"),
        MERGE: ("5-Draw",),
        BOSS: ("GAME_FCD",),
    },
)  # fmt: skip
"""Five Card Draw, high: the final five cards."""
TRIPLE_DRAW_2_7 = GameNames(
    "Triple Draw 2-7 Lowball",
    aliases=(
        "2-7 TD", "2-7 Triple Draw", "27TD", "2-7TD", "Deuce to Seven Triple Draw",
        "Deuce-to-Seven Triple Draw", "2-7 Lowball Triple Draw", "Triple Draw 2-7", "TD 2-7",
        "2-7 Draw", *_limits("Triple Draw 2-7 Lowball"),
    ),
    hole_cards=5,
    log_words={
        POKERSTARS: _limits("Triple Draw 2-7 Lowball"),
        FULL_TILT: ("limit 2-7 triple draw",),
        WINAMAX: ("2-7 Triple Draw fixed limit", "Lowball27 fixed limit"),
        MERGE: ("2-7 Lowball",),  # Merge's 2-7 is triple draw (its rounds say so)
        KINGSCLUB: ("Limit 2-7 Triple Draw",),
    },
)  # fmt: skip
"""2-7 Triple Draw: the final five, deuce-to-seven."""
SINGLE_DRAW_2_7 = GameNames(
    "Single Draw 2-7 Lowball",
    aliases=(
        "2-7 SD", "2-7 Single Draw", "27SD", "2-7SD", "Deuce to Seven Single Draw",
        "Deuce-to-Seven Single Draw", "Kansas City Lowball", "Single Draw 2-7", "2-7 NL",
        "NL 2-7 Single Draw", *_limits("Single Draw 2-7 Lowball"),
    ),
    hole_cards=5,
    log_words={
        POKERSTARS: _limits("Single Draw 2-7 Lowball"),
        FULL_TILT: ("no limit 2-7 single draw", "pot limit 2-7 single draw"),
        KINGSCLUB: ("No Limit 2-7 Single Draw",),
    },
)  # fmt: skip
"""2-7 Single Draw: the final five, deuce-to-seven."""
TRIPLE_DRAW_A_5 = GameNames(
    "Triple Draw A-5 Lowball",
    aliases=(
        "A-5 TD", "A-5 Triple Draw", "A5TD", "Ace to Five Triple Draw", "Ace-to-Five Triple Draw",
        "Triple Draw A-5", "A-5 Lowball Triple Draw", "California Lowball",
        *_limits("Triple Draw A-5 Lowball"),
    ),
    hole_cards=5,
    log_words={
        POKERSTARS: _limits("Triple Draw A-5 Lowball"),
        FULL_TILT: ("limit a-5 triple draw",),
        MERGE: ("A-5 Lowball",),
        KINGSCLUB: ("Limit A-5 Triple Draw",),
    },
)  # fmt: skip
"""A-5 Triple Draw: the final five, ace-to-five."""
BADUGI = GameNames(
    "Badugi",
    aliases=("Badugi Triple Draw", *_limits("Badugi")),
    hole_cards=4,
    log_words={
        POKERSTARS: _limits("Badugi"),
        FULL_TILT: ("limit badugi", "fl badugi"),
        MERGE: ("Badugi",),
        KINGSCLUB: ("Limit Badugi",),
    },
)
"""Badugi: the final four, one card of each suit and rank, lowest wins."""
OMAHA_5_HI_LO = GameNames(
    "Omaha 5 Hi/Lo",
    aliases=(
        "Big O", "5 Card Omaha Hi/Lo", "5-Card Omaha Hi/Lo", "Five-Card Omaha Hi/Lo", "PLO8-5",
        "PLO5 Hi/Lo", "Omaha 5 Hi-Lo",
    ),
    hole_cards=5,
    log_words={KINGSCLUB: ("Pot Limit Big O", "Limit Big O", "No Limit Big O")},
)  # fmt: skip
"""Big O: five hole cards, Omaha Hi/Lo's two halves, two hole cards in each."""

GAMES: tuple[GameNames, ...] = (
    HOLDEM, FIVE_CARD, OMAHA, OMAHA_5, OMAHA_6, OMAHA_HI_LO, OMAHA_5_HI_LO, SHORT_DECK,
    STUD, STUD_HI_LO, RAZZ, FIVE_CARD_DRAW, TRIPLE_DRAW_2_7, SINGLE_DRAW_2_7, TRIPLE_DRAW_A_5,
    BADUGI,
)  # fmt: skip
"""Every game, in the order their names are listed to a user."""


def _key(written: str) -> str:
    return written.strip().casefold()


def _by_key(games: Iterable[GameNames]) -> dict[str, GameNames]:
    table: dict[str, GameNames] = {}
    for game in games:
        words = (word for site in game.log_words.values() for word in site)
        # a game's name with a betting limit (``Omaha 5 Pot Limit``) is how a reader that
        # maps a site's own codes to our games writes one (the XML sites)
        for written in (game.name, *_limits(game.name), *game.aliases, *words):
            other = table.setdefault(_key(written), game)
            if other is not game:
                msg = f"{written!r} names both {other.name!r} and {game.name!r}"
                raise ValueError(msg)
    return table


_GAME_OF_KEY = _by_key(GAMES)


def game_named(written: str) -> GameNames | None:
    """The game ``written`` names (its name, an alias or a log's words, any case, surrounding
    spaces ignored), or None."""
    return _GAME_OF_KEY.get(_key(written))


def canonical_game(written: str) -> str | None:
    """The canonical name ``written`` means, or None when it names no game we know."""
    game = game_named(written)
    return None if game is None else game.name


def names_by_key() -> dict[str, str]:
    """Every spelling's key (stripped, lower case) -> its canonical name: for a column of
    written games, matched in one step."""
    return {key: game.name for key, game in _GAME_OF_KEY.items()}


def site_words(site: str) -> dict[str, GameNames]:
    """The words ``site``'s logs write for the games read, exactly as written, each with its
    game (the order of :data:`GAMES`)."""
    return {words: game for game in GAMES for words in game.words(site)}


def known_game_names() -> str:
    """The canonical names, for a message about an unknown game."""
    return ", ".join(game.name for game in GAMES)


def games_and_an_alias() -> str:
    """The canonical names, each with its first alias, for a command's help.

    >>> games_and_an_alias().split(", ")[:3]
    ["Hold'em (Holdem)", 'Five Card (Five-Card)', 'Omaha (PLO)']
    """
    return ", ".join(
        f"{game.name} ({game.aliases[0]})" if game.aliases else game.name for game in GAMES
    )


def rule_sets_of(choices: Iterable[str]) -> dict[str, str]:
    """``GAME=RULESET`` choices (``--rule``) as canonical name -> rule set, each checked; a
    game's default rule set is left out (a run that names it is the run that does not).  An
    unknown game, a game with no such rule set or a choice without ``=`` is a ``ValueError``
    naming what there is.

    >>> rule_sets_of(["short deck = trips-over-straight"])
    {}
    >>> rule_sets_of(["Omaha=x"])
    Traceback (most recent call last):
        ...
    ValueError: Omaha has no rule sets; the games with rule sets: Short Deck
    """
    chosen: dict[str, str] = {}
    for choice in choices:
        written, equals, rule_set = choice.partition("=")
        if not equals:
            msg = f"a rule is GAME=RULESET, e.g. 'Short Deck={STRAIGHT_OVER_TRIPS}'; got {choice!r}"
            raise ValueError(msg)
        game = game_named(written)
        if game is None:
            msg = f"no game named {written.strip()!r}; known: {known_game_names()}"
            raise ValueError(msg)
        rule_set = rule_set.strip()
        if rule_set not in game.rule_sets:
            if not game.rule_sets:
                having = ", ".join(other.name for other in GAMES if other.rule_sets)
                msg = f"{game.name} has no rule sets; the games with rule sets: {having}"
            else:
                known = ", ".join(game.rule_sets)
                msg = f"{game.name} has no rule set {rule_set!r}; known: {known}"
            raise ValueError(msg)
        if rule_set != game.default_rule_set:
            chosen[game.name] = rule_set
        else:
            chosen.pop(game.name, None)
    return chosen
