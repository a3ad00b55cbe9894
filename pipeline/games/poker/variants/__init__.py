"""The poker variants the job scores: one line each in :data:`POKER_VARIANTS`.

Each variant is declared in its own file (:class:`pipeline.games.base.PokerVariant`: the core's
:class:`~pipeline.core.rules.HandRules` under each rule set), its names taken from the one table
of games' names, :mod:`pipeline.records.game_names`: the names a ``game`` column, ``--game`` or
a hand history may use, matched case-insensitively, surrounding spaces ignored; the
hand-history words are the logs' own (PokerStars' ``Omaha Hi/Lo Pot Limit``, PHH's ``NT``,
``PO``, ``FO/8``, ``NS``).  This table is the one list of the variants scored.  The stud and
draw games (:mod:`~pipeline.games.poker.variants.stud`, :mod:`~pipeline.games.poker.variants.draw`)
are scored from round sheets; their hands in logs are still left out by the readers
(``unsupported_variant``).

>>> canonical_game("plo8")
'Omaha Hi/Lo'
>>> canonical_game("Chess") is None
True
>>> canonical_game("stud8"), canonical_game("2-7 td"), canonical_game("BADUGI")
('7 Card Stud Hi/Lo', 'Triple Draw 2-7 Lowball', 'Badugi')
>>> rules_of_games({"Short Deck": "straight-over-trips"})["Short Deck"].ranking.order[3:5]
(3, 4)
"""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

from pipeline.core.rules import HandRules
from pipeline.games.base import PokerVariant
from pipeline.games.poker.variants.draw import (
    BADUGI,
    FIVE_CARD_DRAW,
    SINGLE_DRAW_2_7,
    TRIPLE_DRAW_2_7,
    TRIPLE_DRAW_A_5,
)
from pipeline.games.poker.variants.five_card import FIVE_CARD_VARIANT
from pipeline.games.poker.variants.holdem import HOLDEM_VARIANT
from pipeline.games.poker.variants.omaha import (
    OMAHA,
    OMAHA_5,
    OMAHA_5_HI_LO,
    OMAHA_6,
    OMAHA_HI_LO,
)
from pipeline.games.poker.variants.short_deck import SHORT_DECK
from pipeline.games.poker.variants.stud import RAZZ, STUD, STUD_HI_LO
from pipeline.records import game_names
from pipeline.records.game_names import canonical_game as canonical_game
from pipeline.records.game_names import known_game_names as known_game_names

POKER_VARIANTS: dict[str, PokerVariant] = {
    variant.name: variant
    for variant in (
        HOLDEM_VARIANT,
        FIVE_CARD_VARIANT,
        OMAHA,
        OMAHA_5,
        OMAHA_6,
        OMAHA_HI_LO,
        OMAHA_5_HI_LO,
        SHORT_DECK,
        STUD,
        STUD_HI_LO,
        RAZZ,
        FIVE_CARD_DRAW,
        TRIPLE_DRAW_2_7,
        SINGLE_DRAW_2_7,
        TRIPLE_DRAW_A_5,
        BADUGI,
    )
}
"""Every poker variant, by canonical name (the order the known names are listed in)."""

HOLDEM_NAME = HOLDEM_VARIANT.name
FIVE_CARD_NAME = FIVE_CARD_VARIANT.name

_CANONICAL_OF_KEY = game_names.names_by_key()


def variant_game(written: pl.Expr | None) -> pl.Expr:
    """``game``: the canonical name of each row's written game (a hand history's ``variant``),
    Hold'em where none is written, the text itself where it names no game we know (so that the
    row's validation names it).

    >>> frame = pl.DataFrame({"variant": ["Omaha Hi/Lo Pot Limit", "NS", None, "Razz"]})
    >>> frame.select(variant_game(pl.col("variant")))["game"].to_list()
    ['Omaha Hi/Lo', 'Short Deck', "Hold'em", 'Razz']
    """
    if written is None:
        return pl.lit(HOLDEM_NAME).alias("game")
    key = written.str.strip_chars().str.to_lowercase()
    named = key.replace_strict(_CANONICAL_OF_KEY, default=None, return_dtype=pl.String)
    return (
        pl.when(written.is_null())
        .then(pl.lit(HOLDEM_NAME))
        .otherwise(pl.coalesce(named, written))
        .alias("game")
    )


def rules_of_games(rule_sets: Mapping[str, str] | None = None) -> dict[str, HandRules]:
    """Each variant's rules by canonical name, under the named rule sets (variant name -> rule
    set; the rest keep their defaults).  A rule set a variant does not have is a ``ValueError``
    naming the ones it has."""
    chosen = dict(rule_sets or {})
    unknown = sorted(set(chosen) - set(POKER_VARIANTS))
    if unknown:
        msg = f"no poker game named {unknown[0]!r}; known: {known_game_names()}"
        raise ValueError(msg)
    return {name: variant.rules_for(chosen.get(name)) for name, variant in POKER_VARIANTS.items()}


DEFAULT_RULES: Mapping[str, HandRules] = rules_of_games()
"""Every variant under its default rules."""
