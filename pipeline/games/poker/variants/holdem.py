"""Hold'em as a poker variant: two hole cards, the best five of seven, a 52-card deck."""

from __future__ import annotations

from pipeline.core import rules
from pipeline.games.base import PokerVariant
from pipeline.records.game_names import HOLDEM

HOLDEM_VARIANT = PokerVariant.declared(HOLDEM, rules.HOLDEM)
"""The game of a poker sheet that names none: the quiz's, the TV show's (its names:
:data:`pipeline.records.game_names.HOLDEM`)."""
