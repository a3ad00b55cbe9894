"""The draw games, declared as poker variants: 5 Card Draw (high), 2-7 Single and Triple Draw,
A-5 Triple Draw (lowball) and Badugi.

No board: the ``cards`` cell holds the player's final hand after the last draw (five cards, four
in Badugi).  A draw game's showdown is its final hands, so Single and Triple Draw 2-7 rank by the
same deuce-to-seven rules and differ only in how many draws come before.  Their names
(PokerStars' and the usual short forms) are in :mod:`pipeline.records.game_names`.
"""

from __future__ import annotations

from pipeline.core import rules
from pipeline.games.base import PokerVariant
from pipeline.records import game_names

FIVE_CARD_DRAW = PokerVariant.declared(game_names.FIVE_CARD_DRAW, rules.FIVE_CARD_DRAW)
"""Five cards after one draw, high hand wins (a five-card sheet's hands under the draw's name)."""

TRIPLE_DRAW_2_7 = PokerVariant.declared(game_names.TRIPLE_DRAW_2_7, rules.DEUCE_TO_SEVEN_DRAW)
"""Five cards after three draws, ranked deuce-to-seven (7-5-4-3-2, "Number one", best)."""

SINGLE_DRAW_2_7 = PokerVariant.declared(game_names.SINGLE_DRAW_2_7, rules.DEUCE_TO_SEVEN_DRAW)
"""Five cards after one draw, ranked deuce-to-seven."""

TRIPLE_DRAW_A_5 = PokerVariant.declared(game_names.TRIPLE_DRAW_A_5, rules.ACE_TO_FIVE_DRAW)
"""Five cards after three draws, ranked ace-to-five (the wheel, 5-4-3-2-A, best)."""

BADUGI = PokerVariant.declared(game_names.BADUGI, rules.BADUGI_DRAW)
"""Four cards after three draws: one card of each suit, all ranks different and low, wins."""
