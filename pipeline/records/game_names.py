"""The one table of games: each game's name, its aliases, the rule sets it may be played by and
the words each site's logs use for it, declared once here and nowhere else.

Every source reads its game words from :data:`GAMES` (the PokerStars line reader and, at
import, its compiled scanner; the PHH reader; the other sites' engine), and the games' variant
table (:mod:`pipeline.games.poker.variants`) takes its names and rule sets from it, adding the
rules each game is scored by.  This module imports the standard library only (no polars, no
numpy), so the sources, the games and ``pipeline equity`` can all import it for the price of a
few microseconds.

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
    log_words={POKERSTARS: _limits("Hold'em"), PHH: ("NT", "FT", "PT")},
)
"""The game of a poker sheet that names none: the quiz's, the TV show's."""

FIVE_CARD = GameNames(
    "Five Card",
    aliases=("Five-Card", "5-Card", "Five Card Draw", "5-Card Draw", "Five-Card Draw"),
    hole_cards=5,
)
"""Five-card hands (the poker hands kata, Euler 54): five cards, no board."""

OMAHA = GameNames(
    "Omaha",
    aliases=("PLO", "Pot-Limit Omaha", "Pot Limit Omaha", "Omaha Hi"),
    hole_cards=4,
    log_words={POKERSTARS: _limits("Omaha"), PHH: ("PO",)},
)
OMAHA_5 = GameNames("Omaha 5", aliases=("PLO5", "5-Card Omaha", "Five-Card Omaha"), hole_cards=5)
OMAHA_6 = GameNames("Omaha 6", aliases=("PLO6", "6-Card Omaha", "Six-Card Omaha"), hole_cards=6)
OMAHA_HI_LO = GameNames(
    "Omaha Hi/Lo",
    aliases=("PLO8", "Omaha 8", "O8", "Omaha Hi-Lo", "Omaha 8 or Better", "PO/8"),
    hole_cards=4,
    log_words={POKERSTARS: _limits("Omaha Hi/Lo"), PHH: ("FO/8",)},
)
SHORT_DECK = GameNames(
    "Short Deck",
    aliases=("6+", "6+ Hold'em", "6+ Holdem", "Six Plus", "Six Plus Hold'em", "Short Deck Hold'em"),
    # PokerStars 6+ and Triton rank trips above a straight; pokerkit and other rooms below.
    rule_sets=(TRIPS_OVER_STRAIGHT, STRAIGHT_OVER_TRIPS),
    log_words={POKERSTARS: _limits("6+ Hold'em"), PHH: ("NS",)},
)

GAMES: tuple[GameNames, ...] = (HOLDEM, FIVE_CARD, OMAHA, OMAHA_5, OMAHA_6, OMAHA_HI_LO, SHORT_DECK)
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
