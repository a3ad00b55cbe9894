"""Hold'em as a poker variant: two hole cards, the best five of seven, a 52-card deck."""

from __future__ import annotations

from pipeline.core import rules
from pipeline.games.base import PokerVariant

HOLDEM_VARIANT = PokerVariant(
    "Hold'em",
    rules.HOLDEM,
    aliases=(
        "Holdem", "Texas Hold'em", "Texas Holdem", "NLHE", "LHE", "Hold'em No Limit",
        "Hold'em Pot Limit", "Hold'em Limit", "NT", "FT", "PT",
    ),
)  # fmt: skip
"""The game of a poker sheet that names none: the quiz's, the TV show's."""
