"""Five-card hands (the poker hands kata, Euler 54) as a poker variant: five cards, no board."""

from __future__ import annotations

from pipeline.core import rules
from pipeline.games.base import PokerVariant
from pipeline.records.game_names import FIVE_CARD

FIVE_CARD_VARIANT = PokerVariant.declared(FIVE_CARD, rules.FIVE_CARD_DRAW)
"""The game of a five-card sheet (round, player, hand)."""
