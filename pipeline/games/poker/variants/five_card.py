"""Five-card hands (the poker hands kata, Euler 54) as a poker variant: five cards, no board."""

from __future__ import annotations

from pipeline.core import rules
from pipeline.games.base import PokerVariant

FIVE_CARD_VARIANT = PokerVariant(
    "Five Card",
    rules.FIVE_CARD_DRAW,
    aliases=("Five-Card", "5-Card"),
)
"""The game of a five-card sheet (round, player, hand).  The same hands played as a draw game
on a mixed night are ``5 Card Draw`` (:mod:`pipeline.games.poker.variants.draw`)."""
