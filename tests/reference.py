"""A slow, readable poker hand evaluator used as the test oracle for
:mod:`pipeline.core.evaluation.evaluator` and the rules-driven hands (short deck, Omaha, Omaha's low
half).

Plain Python, no numpy, nothing shared with the code under test: the rule sets below are written
again from the rules as a dealer states them.  A hand's **key** is a pair ``(category, tie_break)``;
comparing keys as tuples compares hands, equal keys tie.

Card ids are ``rank * 4 + suit`` with rank 0..12 for 2..A and suit 0..3 for c, d, h, s.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

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


@dataclass(frozen=True)
class Ranking:
    """A deck's lowest rank and the categories from weakest to strongest."""

    lowest: int
    order: tuple[int, ...]


STANDARD = Ranking(
    0,
    (
        HIGH_CARD,
        PAIR,
        TWO_PAIR,
        THREE_OF_A_KIND,
        STRAIGHT,
        FLUSH,
        FULL_HOUSE,
        FOUR_OF_A_KIND,
        STRAIGHT_FLUSH,
    ),
)
# Short deck, 6 through A: a flush beats a full house; PokerStars 6+ and Triton rank three of a
# kind above a straight, the other rule set (and pokerkit) a straight above three of a kind.
SHORT_DECK = Ranking(
    4,
    (
        HIGH_CARD,
        PAIR,
        TWO_PAIR,
        STRAIGHT,
        THREE_OF_A_KIND,
        FULL_HOUSE,
        FLUSH,
        FOUR_OF_A_KIND,
        STRAIGHT_FLUSH,
    ),
)
SHORT_DECK_STRAIGHT_OVER_TRIPS = Ranking(
    4,
    (
        HIGH_CARD,
        PAIR,
        TWO_PAIR,
        THREE_OF_A_KIND,
        STRAIGHT,
        FULL_HOUSE,
        FLUSH,
        FOUR_OF_A_KIND,
        STRAIGHT_FLUSH,
    ),
)


def straight_high(ranks: Sequence[int], lowest: int = 0) -> int | None:
    """The top rank of the straight formed by five ranks, or ``None`` if they are no straight.

    The ace also plays below the deck's lowest rank: A-2-3-4-5 (or A-6-7-8-9 in a short deck)
    is a straight whose top card is the fifth rank up; an ace never wraps around, so K-A-2-3-4
    is not a straight.
    """
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct == [lowest, lowest + 1, lowest + 2, lowest + 3, ACE]:
        return lowest + 3
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    return None


def five_card_key(cards: Sequence[int], lowest: int = 0) -> Key:
    """The key of exactly five cards: category, then the ranks that break ties, in order."""
    if len(cards) != 5 or len(set(cards)) != 5:
        msg = f"expected five distinct cards, got {list(cards)}"
        raise ValueError(msg)
    ranks = [card // 4 for card in cards]
    suits = [card % 4 for card in cards]
    flush = len(set(suits)) == 1
    high = straight_high(ranks, lowest)
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


def ranked_key(five: Sequence[int], ranking: Ranking) -> Key:
    """The key of five cards under ``ranking``: the category's place in its order first."""
    if any(card // 4 < ranking.lowest for card in five):
        msg = f"card below the deck's lowest rank in {list(five)}"
        raise ValueError(msg)
    category, tie_break = five_card_key(five, ranking.lowest)
    return ranking.order.index(category), tie_break


def best_key(cards: Sequence[int], ranking: Ranking) -> Key:
    """The best key over every five of ``cards`` (any of them may play), under ``ranking``."""
    return max(ranked_key(five, ranking) for five in itertools.combinations(cards, 5))


def omaha_key(
    hole: Sequence[int], board: Sequence[int], ranking: Ranking = STANDARD, used: int = 2
) -> Key:
    """The best key using exactly ``used`` hole cards and ``5 - used`` board cards."""
    return max(
        ranked_key([*part, *rest], ranking)
        for part in itertools.combinations(hole, used)
        for rest in itertools.combinations(board, 5 - used)
    )


def low_key(five: Sequence[int], highest: int = 8) -> tuple[int, ...] | None:
    """An ace-to-five low: the faces (ace = 1) highest first, or ``None`` when the five cards are
    not five distinct ranks at or below ``highest``.  A smaller key is a better low."""
    faces = sorted({1 if card // 4 == ACE else card // 4 + 2 for card in five}, reverse=True)
    if len(faces) != 5 or faces[0] > highest:
        return None
    return tuple(faces)


def omaha_low_key(
    hole: Sequence[int], board: Sequence[int], used: int = 2, highest: int = 8
) -> tuple[int, ...] | None:
    """The best low using exactly ``used`` hole cards and ``5 - used`` board cards, or ``None``."""
    lows = [
        low_key([*part, *rest], highest)
        for part in itertools.combinations(hole, used)
        for rest in itertools.combinations(board, 5 - used)
    ]
    qualifying = [low for low in lows if low is not None]
    return min(qualifying) if qualifying else None


def low_text(low: tuple[int, ...] | None) -> str | None:
    """``8-6-4-2-A`` for a low key, ``None`` for no low."""
    if low is None:
        return None
    return "-".join("A" if face == 1 else str(face) for face in low)
