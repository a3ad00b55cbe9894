"""Omaha (PLO), five- and six-card Omaha and Omaha Hi/Lo, declared as poker variants.

Every form makes its hand from exactly two hole cards and three board cards (never four or five
from the board); the scoring is Hold'em's, given these rules.
"""

from __future__ import annotations

from pipeline.core import rules
from pipeline.games.base import PokerVariant

OMAHA = PokerVariant(
    "Omaha",
    rules.OMAHA,
    aliases=(
        "PLO", "Pot-Limit Omaha", "Pot Limit Omaha", "Omaha Hi", "Omaha Pot Limit",
        "Omaha Limit", "Omaha No Limit", "PO",
    ),
)  # fmt: skip
"""Four hole cards, two of them play."""

OMAHA_5 = PokerVariant(
    "Omaha 5",
    rules.OMAHA_5,
    aliases=("PLO5", "5-Card Omaha", "Five-Card Omaha", "5-Card Omaha Pot Limit",
             "5-Card Omaha No Limit", "5-Card Omaha Limit"),
)  # fmt: skip
"""Five hole cards, two of them play."""

OMAHA_6 = PokerVariant(
    "Omaha 6",
    rules.OMAHA_6,
    aliases=("PLO6", "6-Card Omaha", "Six-Card Omaha", "6-Card Omaha Pot Limit",
             "6-Card Omaha No Limit", "6-Card Omaha Limit"),
)  # fmt: skip
"""Six hole cards, two of them play."""

OMAHA_HI_LO = PokerVariant(
    "Omaha Hi/Lo",
    rules.OMAHA_HI_LO,
    aliases=(
        "PLO8", "Omaha 8", "O8", "Omaha Hi-Lo", "Omaha 8 or Better", "Omaha Hi/Lo Pot Limit",
        "Omaha Hi/Lo Limit", "Omaha Hi/Lo No Limit", "FO/8", "PO/8",
    ),
)  # fmt: skip
"""Omaha's high half and an eight-or-better low half; no qualifying low, high scoops."""
