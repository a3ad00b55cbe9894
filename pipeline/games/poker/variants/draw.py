"""The draw games, declared as poker variants: 5 Card Draw (high), 2-7 Single and Triple Draw,
A-5 Triple Draw (lowball) and Badugi.

No board: the ``cards`` cell holds the player's final hand after the last draw (five cards, four
in Badugi).  A draw game's showdown is its final hands, so Single and Triple Draw 2-7 rank by the
same deuce-to-seven rules and differ only in how many draws come before.  Names are
PokerStars' (``Triple Draw 2-7 Lowball``, ``Single Draw 2-7 Lowball``, ``5 Card Draw``), then
the usual short forms.
"""

from __future__ import annotations

from pipeline.core import rules
from pipeline.games.base import PokerVariant

FIVE_CARD_DRAW = PokerVariant(
    "5 Card Draw",
    rules.FIVE_CARD_DRAW,
    aliases=(
        "Five Card Draw", "5-Card Draw", "Five-Card Draw", "5 Card Draw Limit",
        "5 Card Draw No Limit", "5 Card Draw Pot Limit", "5CD", "Draw High",
    ),
)  # fmt: skip
"""Five cards after one draw, high hand wins (a five-card sheet's hands under the draw's name)."""

TRIPLE_DRAW_2_7 = PokerVariant(
    "Triple Draw 2-7 Lowball",
    rules.DEUCE_TO_SEVEN_DRAW,
    aliases=(
        "2-7 TD", "2-7 Triple Draw", "27TD", "2-7TD", "Deuce to Seven Triple Draw",
        "Deuce-to-Seven Triple Draw", "2-7 Lowball Triple Draw", "Triple Draw 2-7",
        "Triple Draw 2-7 Lowball Limit", "TD 2-7", "2-7 Draw",
    ),
)  # fmt: skip
"""Five cards after three draws, ranked deuce-to-seven (7-5-4-3-2, "Number one", best)."""

SINGLE_DRAW_2_7 = PokerVariant(
    "Single Draw 2-7 Lowball",
    rules.DEUCE_TO_SEVEN_DRAW,
    aliases=(
        "2-7 SD", "2-7 Single Draw", "27SD", "2-7SD", "Deuce to Seven Single Draw",
        "Deuce-to-Seven Single Draw", "Kansas City Lowball", "Single Draw 2-7",
        "Single Draw 2-7 Lowball No Limit", "NL 2-7 Single Draw", "2-7 NL",
    ),
)  # fmt: skip
"""Five cards after one draw, ranked deuce-to-seven."""

TRIPLE_DRAW_A_5 = PokerVariant(
    "Triple Draw A-5 Lowball",
    rules.ACE_TO_FIVE_DRAW,
    aliases=(
        "A-5 TD", "A-5 Triple Draw", "A5TD", "Ace to Five Triple Draw",
        "Ace-to-Five Triple Draw", "Triple Draw A-5", "Triple Draw A-5 Lowball Limit",
        "A-5 Lowball Triple Draw", "California Lowball",
    ),
)  # fmt: skip
"""Five cards after three draws, ranked ace-to-five (the wheel, 5-4-3-2-A, best)."""

BADUGI = PokerVariant("Badugi", rules.BADUGI_DRAW, aliases=("Badugi Limit", "Badugi Triple Draw"))
"""Four cards after three draws: one card of each suit, all ranks different and low, wins."""
