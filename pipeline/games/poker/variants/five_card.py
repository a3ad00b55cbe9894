"""Five-card hands (the poker hands kata, Euler 54) as a poker variant: five cards, no board."""

from __future__ import annotations

from pipeline.core import rules
from pipeline.games.base import PokerVariant

FIVE_CARD_VARIANT = PokerVariant(
    "Five Card",
    rules.FIVE_CARD_DRAW,
    aliases=("Five-Card", "5-Card", "Five Card Draw", "5-Card Draw", "Five-Card Draw"),
)
"""The game of a five-card sheet (round, player, hand)."""
