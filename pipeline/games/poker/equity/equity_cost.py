"""What :func:`pipeline.core.probability.equity.equity` costs, per game: the forecast's model.

The nightly job forecasts a sheet's street equities before computing them
(:func:`pipeline.games.poker.equity.street_equity.estimate_seconds`) and samples the preflop street
when exact does not fit its budget; a sheet too large for one process is cut into chunks of
about equal forecast work.  Both need the price of one call of the core: a fixed cost, a cost
per board and one per hand per board, scaled by what the game's rules ask of each hand (the
deck's size, the hole cards, exactly two of them, a low half) -- data of the rules, never a
game's name.  Constants measured by ``bench/equity.py --games`` (bench/README.md).

>>> from pipeline.core.rules import HOLDEM, OMAHA_HI_LO
>>> boards_left(HOLDEM, players=2, known=0), boards_left(OMAHA_HI_LO, players=2, known=0)
(1712304, 1086008)
>>> call_seconds_model(OMAHA_HI_LO, 2, 1_086_008) > 3 * call_seconds_model(HOLDEM, 2, 1_712_304)
True
"""

from __future__ import annotations

import math

from pipeline.core.probability.equity import BOARD_SIZE
from pipeline.core.rules import HandRules

# Cost model of :func:`pipeline.core.probability.equity.equity`, fitted to heads-up to 9-way preflop
# timings (``bench/equity.py``) on a shared 2-core Intel Xeon VM, one core: a fixed cost per call, a
# cost per board completion (rank-multiset and flush look-ups) and one per hand per board.
SECONDS_PER_CALL = 3e-4
SECONDS_PER_BOARD = 8e-9
SECONDS_PER_HAND_BOARD = 9e-9
# Per hand per call: the tables each hand's call builds from its own cards (a board-rank table
# in every game, measured on fresh deals as a night's rounds are) and, for a hand that must use
# exactly two hole cards, one more per choice of them (6 in Omaha, 15 in Omaha 6: why an Omaha
# flop or turn call costs twice Hold'em's).
SECONDS_PER_HAND_CALL = 1e-4
SECONDS_PER_HOLE_CHOICE = 1.5e-5
# Other games' look-ups per hand per board against Hold'em's: a short deck's are Hold'em's; a
# hand of exactly two hole cards looks up its best pair per board (EXACT_HOLE_FACTOR); a low
# half multiplies the look-ups by LOW_HALF_FACTOR and the tables by LOW_TABLE_FACTOR.
EXACT_HOLE_FACTOR = 2.5
LOW_HALF_FACTOR = 3.3
LOW_TABLE_FACTOR = 1.4
# A sampled preflop call (``samples``) draws its boards and checks them first, and a drawn board
# costs each hand about twice an enumerated one (enumeration shares a board's rank multiset with
# its neighbours) in every game: without these a 20,000-sample night ran up to 4x its forecast.
SECONDS_PER_SAMPLED_CALL = 1.5e-3
SAMPLED_BOARD_FACTOR = 2.0


def hand_board_seconds(rules: HandRules) -> float:
    """The cost model's seconds per hand per board under ``rules``.

    >>> from pipeline.core.rules import HOLDEM, OMAHA
    >>> hand_board_seconds(OMAHA) / hand_board_seconds(HOLDEM) == EXACT_HOLE_FACTOR
    True
    """
    factor = 1.0 if rules.hole_cards_used is None else EXACT_HOLE_FACTOR
    return SECONDS_PER_HAND_BOARD * factor * (1.0 if rules.low is None else LOW_HALF_FACTOR)


def hand_call_seconds(rules: HandRules) -> float:
    """The cost model's seconds per hand per call under ``rules``: the tables built from the
    hand's cards, one more for each choice of ``hole_cards_used`` of its hole cards.

    >>> from pipeline.core.rules import HOLDEM, OMAHA_6
    >>> round(hand_call_seconds(HOLDEM) * 1e6), round(hand_call_seconds(OMAHA_6) * 1e6)
    (100, 325)
    """
    if rules.hole_cards_used is None:
        return SECONDS_PER_HAND_CALL
    choices = math.comb(rules.hole_cards, rules.hole_cards_used)
    low = 1.0 if rules.low is None else LOW_TABLE_FACTOR
    return (SECONDS_PER_HAND_CALL + SECONDS_PER_HOLE_CHOICE * choices) * low


def call_seconds_model(
    rules: HandRules, players: int, boards: int, *, sampled: bool = False, batched: bool = False
) -> float:
    """The cost model's seconds for one deal of ``players`` hands over ``boards`` boards, drawn
    at random when ``sampled``; a batched deal (Hold'em's turn) pays no call.

    >>> from pipeline.core.rules import HOLDEM
    >>> round(call_seconds_model(HOLDEM, 2, 1_712_304), 3)
    0.045
    """
    call = 0.0 if batched else SECONDS_PER_CALL + players * hand_call_seconds(rules)
    hand_board = hand_board_seconds(rules)
    if sampled:
        call += SECONDS_PER_SAMPLED_CALL
        hand_board *= SAMPLED_BOARD_FACTOR
    return call + boards * (SECONDS_PER_BOARD + players * hand_board)


def boards_left(rules: HandRules, players: int, known: int) -> int:
    """Ways the rest of the board can fall with ``players`` hands dealt and ``known`` shown."""
    unseen = rules.ranking.deck_size - rules.hole_cards * players - known
    return math.comb(unseen, BOARD_SIZE - known)
