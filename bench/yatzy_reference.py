"""A slow, readable Yatzy scorer used as the test oracle for :mod:`pipeline.core.yatzy`.

Plain Python, no numpy, nothing shared with the code under test.  It follows the kata's F#
solution (Steffen Forkmann, NaturalSpec) step by step: ``sum_as_tuple`` is its ``sumAsTuple``,
``best_combo`` its ``takeBestCombo``.  Categories are named as in
:data:`pipeline.core.yatzy.CATEGORIES`.

Shared by the tests (the oracle) and ``bench/yatzy.py`` (the plain loop it is timed against),
here so that the bench stands on the package alone.
"""

from __future__ import annotations

from collections.abc import Sequence

REFERENCE_CATEGORIES = (
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "pair",
    "two_pairs",
    "three_of_a_kind",
    "four_of_a_kind",
    "small_straight",
    "large_straight",
    "full_house",
    "yatzy",
    "chance",
)


def sum_as_tuple(size: int, roll: Sequence[int], face: int) -> int:
    """``size`` dice of ``face`` scored as ``size * face``, or 0 when fewer show that face."""
    return size * face if roll.count(face) >= size else 0


def best_tuple(size: int, roll: Sequence[int]) -> int:
    return max(sum_as_tuple(size, roll, face) for face in range(1, 7))


def best_combo(first: int, second: int, roll: Sequence[int]) -> int:
    """Best ``first`` of one face plus ``second`` of a *different* face; 0 when there is none."""
    best = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a == b:
                continue
            left, right = sum_as_tuple(first, roll, a), sum_as_tuple(second, roll, b)
            if left and right:
                best = max(best, left + right)
    return best


def reference_score(roll: Sequence[int], category: str) -> int:
    """Score of one roll of five dice placed on ``category``."""
    upper = REFERENCE_CATEGORIES[:6]
    if category in upper:
        face = upper.index(category) + 1
        return sum(die for die in roll if die == face)
    if category == "pair":
        return best_tuple(2, roll)
    if category == "two_pairs":
        return best_combo(2, 2, roll)
    if category == "three_of_a_kind":
        return best_tuple(3, roll)
    if category == "four_of_a_kind":
        return best_tuple(4, roll)
    if category == "small_straight":
        return 15 if sorted(roll) == [1, 2, 3, 4, 5] else 0
    if category == "large_straight":
        return 20 if sorted(roll) == [2, 3, 4, 5, 6] else 0
    if category == "full_house":
        return best_combo(2, 3, roll)
    if category == "yatzy":
        return 50 if len(set(roll)) == 1 else 0
    if category == "chance":
        return sum(roll)
    msg = f"unknown category {category!r}"
    raise ValueError(msg)


def reference_card(roll: Sequence[int]) -> list[int]:
    """Every category's score for one roll, in :data:`REFERENCE_CATEGORIES` order."""
    return [reference_score(roll, category) for category in REFERENCE_CATEGORIES]
