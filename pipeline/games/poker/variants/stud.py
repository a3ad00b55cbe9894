"""Seven Card Stud, Stud Hi/Lo (eight or better) and Razz, declared as poker variants.

No board: a stud hand is the player's seven cards at the showdown, up and down alike (the
``cards`` cell lists all seven).  Stud's best five of seven and Stud Hi/Lo's low half are the
evaluator's, given seven cards and no board; Razz ranks the same seven cards ace-to-five.  Names
are PokerStars' (its logs write ``Razz Limit``, a mixed game ``HORSE (Razz Limit, ...)``), then
the usual short forms.
"""

from __future__ import annotations

from pipeline.core import rules
from pipeline.games.base import PokerVariant

STUD = PokerVariant(
    "7 Card Stud",
    rules.STUD,
    aliases=(
        "Stud", "Seven Card Stud", "7-Card Stud", "Seven-Card Stud", "7 Stud", "Stud Hi",
        "7 Card Stud Hi", "7 Card Stud Limit", "Seven Card Stud Hi", "7CS",
    ),
)  # fmt: skip
"""The best five of seven cards, high only."""

STUD_HI_LO = PokerVariant(
    "7 Card Stud Hi/Lo",
    rules.STUD_HI_LO,
    aliases=(
        "Stud8", "Stud 8", "Stud Hi/Lo", "Stud Hi-Lo", "Stud/8", "Stud 8 or Better",
        "Seven Card Stud Hi/Lo", "7 Card Stud Hi-Lo", "7 Card Stud 8", "7 Card Stud Hi/Lo Limit",
        "Seven Card Stud Hi-Lo", "7CS8", "Stud H/L",
    ),
)  # fmt: skip
"""Stud's high half and an eight-or-better low half from any five of the seven; no qualifying
low means high scoops."""

RAZZ = PokerVariant(
    "Razz", rules.RAZZ, aliases=("Razz Limit", "Seven Card Razz", "7 Card Razz", "Stud Lo")
)
"""The lowest five of seven, ace-to-five: aces low, straights and flushes don't count."""
