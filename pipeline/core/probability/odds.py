"""Exact odds: how often a random 7-card hand makes each category, and what a random Yatzy roll
scores in each box on average.

Poker: the counts over all C(52, 7) = 133,784,560 seven-card hands are the well-known exhaustive
enumeration (``bench/exhaustive7.py`` re-derives them with our evaluator).  The 37,260 straight
flushes do *not* include the 4,324 royal flushes: only with the royals counted apart do the ten
counts add up to C(52, 7) (checked at import), as
:data:`pipeline.core.evaluation.evaluator.CATEGORY_NAMES` names them apart.  Yatzy: every one of the
6**5 = 7,776 ordered rolls is scored with
:func:`pipeline.core.yatzy.score_card` and averaged, as an exact fraction.

>>> SEVEN_CARD_COUNTS["Royal Flush"]
4324
>>> float(seven_card_probabilities()["Pair"])  # doctest: +ELLIPSIS
0.4382...
>>> yatzy_expected_scores()["Chance"]
Fraction(35, 2)
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import numpy as np

from pipeline.core.evaluation.evaluator import CATEGORY_NAMES as HAND_NAMES
from pipeline.core.yatzy import CATEGORY_NAMES as YATZY_NAMES
from pipeline.core.yatzy import N_DICE, score_card

SEVEN_CARD_HANDS = math.comb(52, 7)
"""133,784,560: every 7-card hand from one deck."""

ROYAL_FLUSHES_7 = 4_324
STRAIGHT_FLUSHES_7 = 37_260  # royal flushes not included
SEVEN_CARD_COUNTS: dict[str, int] = {
    "High Card": 23_294_460,
    "Pair": 58_627_800,
    "Two Pair": 31_433_400,
    "Three of a Kind": 6_461_620,
    "Straight": 6_180_020,
    "Flush": 4_047_644,
    "Full House": 3_473_184,
    "Four of a Kind": 224_848,
    "Straight Flush": STRAIGHT_FLUSHES_7,
    "Royal Flush": ROYAL_FLUSHES_7,
}
"""How many of the 133,784,560 seven-card hands make each category (best five of seven), keyed
and ordered as :data:`pipeline.core.evaluation.evaluator.CATEGORY_NAMES`; "Straight Flush" excludes
royals."""

if tuple(SEVEN_CARD_COUNTS) != HAND_NAMES or sum(SEVEN_CARD_COUNTS.values()) != SEVEN_CARD_HANDS:
    raise ImportError("seven-card category counts do not match the evaluator's categories")

YATZY_ROLLS = 6**N_DICE
"""7,776: every ordered roll of five dice."""


def seven_card_probabilities() -> dict[str, Fraction]:
    """Exact probability of each hand category for a random 7-card hand (sums to 1)."""
    return {name: Fraction(count, SEVEN_CARD_HANDS) for name, count in SEVEN_CARD_COUNTS.items()}


@functools.cache
def _yatzy_totals() -> tuple[int, ...]:
    faces = np.indices((6,) * N_DICE).reshape(N_DICE, -1).T + 1  # (7776, 5), every ordered roll
    return tuple(int(total) for total in score_card(faces).sum(axis=0))


def yatzy_expected_scores() -> dict[str, Fraction]:
    """Exact expected score of one random roll (five fair dice, no rerolls) in each category,
    keyed by display name in score-sheet order."""
    return {
        name: Fraction(total, YATZY_ROLLS)
        for name, total in zip(YATZY_NAMES, _yatzy_totals(), strict=True)
    }


__all__ = [
    "ROYAL_FLUSHES_7",
    "SEVEN_CARD_COUNTS",
    "SEVEN_CARD_HANDS",
    "STRAIGHT_FLUSHES_7",
    "YATZY_ROLLS",
    "seven_card_probabilities",
    "yatzy_expected_scores",
]
