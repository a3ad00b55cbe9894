"""Seven Card Stud, Stud Hi/Lo (eight or better) and Razz, declared as poker variants.

No board: a stud hand is the player's seven cards at the showdown, up and down alike (the
``cards`` cell lists all seven, in the order dealt).  Stud's best five of seven and Stud Hi/Lo's
low half are the evaluator's, given seven cards and no board; Razz ranks the same seven cards
ace-to-five.  Their names (PokerStars' and the usual short forms) are in
:mod:`pipeline.records.game_names`.
"""

from __future__ import annotations

from pipeline.core import rules
from pipeline.games.base import PokerVariant
from pipeline.records import game_names

STUD = PokerVariant.declared(game_names.STUD, rules.STUD)
"""The best five of seven cards, high only."""

STUD_HI_LO = PokerVariant.declared(game_names.STUD_HI_LO, rules.STUD_HI_LO)
"""Stud's high half and an eight-or-better low half from any five of the seven; no qualifying
low means high scoops."""

RAZZ = PokerVariant.declared(game_names.RAZZ, rules.RAZZ)
"""The lowest five of seven, ace-to-five: aces low, straights and flushes don't count."""
