"""A slow, readable oracle for the lowball games and Badugi
(:mod:`pipeline.core.evaluation.lowball`,
:mod:`pipeline.core.evaluation.badugi`).

Plain Python, no numpy, nothing shared with the code under test: each rule is written again as
a dealer states it.  Every key here is *smaller is better*: the best hand has the least key.

Card ids are ``rank * 4 + suit`` with rank 0..12 for 2..A and suit 0..3 for c, d, h, s.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

ACE = 12

Key = tuple[int, tuple[int, ...]]

# Ace-to-five: what pairs cost, from none (best) to four of a kind (worst).
_A5_SHAPES = {
    (1, 1, 1, 1, 1): 0,
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 4,
    (4, 1): 5,
}


def face(card: int) -> int:
    """The card's face with the ace as 1: 1 (A), 2..13 (K)."""
    return 1 if card // 4 == ACE else card // 4 + 2


def _grouped(values: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(shape, values)``: the group sizes, largest first, and each value once, the larger
    groups first and the higher value first within a size."""
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return tuple(count for _, count in groups), tuple(value for value, _ in groups)


def ace_to_five_key(five: Sequence[int]) -> Key:
    """Razz / A-5: fewer pairs win, then the lower groups and cards from the top down; aces
    are ones, straights and flushes do not matter."""
    shape, values = _grouped([face(card) for card in five])
    return _A5_SHAPES[shape], values


def razz_key(cards: Sequence[int]) -> Key:
    """The best (least) ace-to-five key of any five of 5 to 7 cards."""
    return min(ace_to_five_key(five) for five in itertools.combinations(cards, 5))


# Deuce-to-seven: the high hand's categories, weakest (best for lowball) first.
_HIGH_CARD, _PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL, _QUADS, _STRAIGHT_FLUSH = range(9)
_BY_SHAPE = {
    (1, 1, 1, 1, 1): _HIGH_CARD,
    (2, 1, 1, 1): _PAIR,
    (2, 2, 1): _TWO_PAIR,
    (3, 1, 1): _TRIPS,
    (3, 2): _FULL,
    (4, 1): _QUADS,
}


def deuce_to_seven_key(five: Sequence[int]) -> Key:
    """2-7: the hand as a high hand with the ace high only (A-2-3-4-5 is no straight); the
    weaker the high hand, the better the low."""
    ranks = [card // 4 for card in five]
    flush = len({card % 4 for card in five}) == 1
    shape, values = _grouped(ranks)
    straight = shape == (1, 1, 1, 1, 1) and max(ranks) - min(ranks) == 4
    if straight:
        return (_STRAIGHT_FLUSH if flush else _STRAIGHT), values
    if flush:
        return _FLUSH, values
    return _BY_SHAPE[shape], values


def badugi_key(cards: Sequence[int]) -> Key:
    """Badugi: the most cards of distinct ranks and suits (more is better), then the lowest
    faces from the top down, aces low.  The key is ``(-cards, faces highest first)``."""
    for size in (4, 3, 2, 1):
        hands = [
            tuple(sorted((face(card) for card in subset), reverse=True))
            for subset in itertools.combinations(cards, size)
            if len({card // 4 for card in subset}) == size
            and len({card % 4 for card in subset}) == size
        ]
        if hands:
            return -size, min(hands)
    msg = f"no Badugi hand in {list(cards)}"
    raise ValueError(msg)
