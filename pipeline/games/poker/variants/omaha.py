"""Omaha (PLO), five- and six-card Omaha, Omaha Hi/Lo and Big O, declared as poker variants.

Every form makes its hand from exactly two hole cards and three board cards (never four or five
from the board); the scoring is Hold'em's, given these rules.  Their names are in
:mod:`pipeline.records.game_names`.
"""

from __future__ import annotations

from pipeline.core import rules
from pipeline.games.base import PokerVariant
from pipeline.records import game_names

OMAHA = PokerVariant.declared(game_names.OMAHA, rules.OMAHA)
"""Four hole cards, two of them play."""

OMAHA_5 = PokerVariant.declared(game_names.OMAHA_5, rules.OMAHA_5)
"""Five hole cards, two of them play."""

OMAHA_6 = PokerVariant.declared(game_names.OMAHA_6, rules.OMAHA_6)
"""Six hole cards, two of them play."""

OMAHA_HI_LO = PokerVariant.declared(game_names.OMAHA_HI_LO, rules.OMAHA_HI_LO)
"""Omaha's high half and an eight-or-better low half; no qualifying low, high scoops."""

OMAHA_5_HI_LO = PokerVariant.declared(game_names.OMAHA_5_HI_LO, rules.OMAHA_5_HI_LO)
"""Big O: Omaha Hi/Lo from five hole cards, two of them in each half."""
