"""Exact 7-card category odds and Yatzy expected scores."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from bench.yatzy_reference import REFERENCE_CATEGORIES, reference_score
from pipeline.core.evaluation import evaluator
from pipeline.core.probability.odds import (
    SEVEN_CARD_COUNTS,
    SEVEN_CARD_HANDS,
    seven_card_probabilities,
    yatzy_expected_scores,
)
from pipeline.core.yatzy import CATEGORY_NAMES


def test_counts_cover_every_seven_card_hand() -> None:
    assert SEVEN_CARD_HANDS == math.comb(52, 7) == 133_784_560
    assert sum(SEVEN_CARD_COUNTS.values()) == SEVEN_CARD_HANDS
    assert tuple(SEVEN_CARD_COUNTS) == evaluator.CATEGORY_NAMES


def test_probabilities_sum_to_one_and_match_the_counts_exactly() -> None:
    probabilities = seven_card_probabilities()
    assert sum(probabilities.values()) == 1
    expected = {
        "High Card": 23_294_460,
        "Pair": 58_627_800,
        "Two Pair": 31_433_400,
        "Three of a Kind": 6_461_620,
        "Straight": 6_180_020,
        "Flush": 4_047_644,
        "Full House": 3_473_184,
        "Four of a Kind": 224_848,
        "Straight Flush": 37_260,
        "Royal Flush": 4_324,
    }
    for name, count in expected.items():
        assert probabilities[name] == Fraction(count, 133_784_560)
        assert probabilities[name] * SEVEN_CARD_HANDS == count


def test_yatzy_expected_scores_by_hand() -> None:
    expected = yatzy_expected_scores()
    assert tuple(expected) == CATEGORY_NAMES
    assert expected["Ones"] == Fraction(5, 6)  # five dice, each shows a one 1/6 of the time
    assert expected["Sixes"] == 5
    assert expected["Chance"] == Fraction(35, 2)
    assert expected["Yatzy"] == Fraction(6 * 50, 7776)
    assert expected["Small Straight"] == Fraction(120 * 15, 7776)
    assert expected["Large Straight"] == Fraction(120 * 20, 7776)


def test_yatzy_expected_scores_match_the_readable_reference() -> None:
    """Every ordered roll scored by ``bench/yatzy_reference.py`` (plain Python, nothing shared
    with ``score_card``), summed and divided by 7,776."""
    rolls = list(itertools.product(range(1, 7), repeat=5))
    expected = yatzy_expected_scores()
    assert len(REFERENCE_CATEGORIES) == len(CATEGORY_NAMES)
    for category, name in zip(REFERENCE_CATEGORIES, CATEGORY_NAMES, strict=True):
        total = sum(reference_score(roll, category) for roll in rolls)
        assert expected[name] == Fraction(total, 7776), (
            f"{name}: expected {Fraction(total, 7776)} from the reference, got {expected[name]}"
        )
