"""A slow, readable poker hand evaluator used as the test oracle for :mod:`pipeline.core.evaluator`.

Plain Python, no numpy, nothing shared with the code under test.  A hand's **key** is a pair
``(category, tie_break)``; comparing keys as tuples compares hands, equal keys tie.

Card ids are ``rank * 4 + suit`` with rank 0..12 for 2..A and suit 0..3 for c, d, h, s.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8  # a royal flush is the ace-high straight flush

ACE = 12
FIVE = 3

Key = tuple[int, tuple[int, ...]]


def straight_high(ranks: Sequence[int]) -> int | None:
    """The top rank of the straight formed by five ranks, or ``None`` if they are no straight.

    The wheel A-2-3-4-5 is a straight whose top card is the five; an ace never wraps
    around, so K-A-2-3-4 is not a straight.
    """
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct == [0, 1, 2, 3, ACE]:
        return FIVE
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    return None


def five_card_key(cards: Sequence[int]) -> Key:
    """The key of exactly five cards: category, then the ranks that break ties, in order."""
    if len(cards) != 5 or len(set(cards)) != 5:
        msg = f"expected five distinct cards, got {list(cards)}"
        raise ValueError(msg)
    ranks = [card // 4 for card in cards]
    suits = [card % 4 for card in cards]
    flush = len(set(suits)) == 1
    high = straight_high(ranks)
    if high is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT), (high,)
    if flush:
        return FLUSH, tuple(sorted(ranks, reverse=True))

    counts = Counter(ranks)
    # Groups first (bigger group first, then higher rank), each rank listed once.
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    tie_break = tuple(rank for rank, _ in groups)
    category = {
        (4, 1): FOUR_OF_A_KIND,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): THREE_OF_A_KIND,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
        (1, 1, 1, 1, 1): HIGH_CARD,
    }[shape]
    return category, tie_break


def reference_key(cards: Sequence[int]) -> Key:
    """The key of a 5-, 6- or 7-card hand: the best key over all its five-card subsets."""
    if len(cards) not in (5, 6, 7):
        msg = f"expected 5, 6 or 7 cards, got {len(cards)}"
        raise ValueError(msg)
    return max(five_card_key(five) for five in itertools.combinations(cards, 5))
