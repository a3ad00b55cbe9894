"""Exact category counts over every deal of a game whose hands use exactly ``used`` hole cards
(Omaha), without scoring 4.6e11 deals one by one.

1. **Hole classes.**  Relabelling suits changes no category, so every hole is mapped to the
   smallest of its 24 relabellings; four cards fall into 16,432 classes (the distinct PLO
   starting hands), each counted with its multiplicity.
2. **Boards without a flush, by rank multiset.**  For one hole, a board's non-flush category
   depends only on the board's rank multiset (6,188 of them): the best of the hole's pairs
   with any three of the board's ranks (:mod:`pipeline.core.evaluation.combination_tables`).  The
   number of boards with a multiset is ``prod(C(4 - held_r, count_r))`` over its ranks.
3. **Flushes, recounted.**  A board can flush with the hole only in a suit where the hole holds
   ``used`` cards and the board ``5 - used`` or more (one suit at most).  Those boards are
   counted again by their cards of the suit (a set of ranks the hole does not hold in it) and
   their other cards (a multiset of at most two ranks, ``prod(C(3 - held off the suit))`` ways);
   each moves from its non-flush category to the category of the better of the two hands.

The low half is counted in step 2: whether a low qualifies depends only on the low ranks held
and shown, and the board's low ranks are a function of its rank multiset.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from pipeline.core.combinatorics import all_multisets, combinations_array, multiset_index
from pipeline.core.evaluation.combination_tables import (
    flush_part_table,
    part_strength_table,
    suit_tables,
)
from pipeline.core.evaluation.hand_tables import ranking_tables
from pipeline.core.evaluation.low import NO_LOW, low_bits, low_table
from pipeline.core.rules import HandRanking, HandRules

__all__ = ["count_deals", "hole_classes", "hole_counts"]

BOARD_SIZE = 5
_CODE_BITS = 6  # a card id in a hole's code


def hole_classes(
    ranking: HandRanking, hole_cards: int
) -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """One hole of each class under suit relabelling, and how many holes each class holds.

    >>> from pipeline.core.rules import STANDARD
    >>> holes, sizes = hole_classes(STANDARD, 2)
    >>> len(holes), int(sizes.sum())
    (169, 1326)
    """
    deck = np.array(ranking.deck, dtype=np.uint8)
    codes = []
    combos = combinations_array(len(deck), hole_cards)
    for start in range(0, len(combos), 1 << 20):
        cards = deck[combos[start : start + (1 << 20)]]
        codes.append(_canonical_codes(cards))
    distinct, sizes = np.unique(np.concatenate(codes), return_counts=True)
    shifts = np.arange(hole_cards - 1, -1, -1, dtype=np.int64) * _CODE_BITS
    holes = ((distinct[:, None] >> shifts) & ((1 << _CODE_BITS) - 1)).astype(np.uint8)
    return holes, sizes.astype(np.int64)


def _canonical_codes(cards: NDArray[np.uint8]) -> NDArray[np.int64]:
    """The smallest code of each row's cards over the 24 relabellings of the suits."""
    best = np.full(len(cards), np.iinfo(np.int64).max, dtype=np.int64)
    ranks, suits = cards & ~np.uint8(3), cards & np.uint8(3)
    for permutation in itertools.permutations(range(4)):
        relabelled = np.sort(ranks | np.array(permutation, dtype=np.uint8)[suits], axis=1)
        code = np.zeros(len(cards), dtype=np.int64)
        for column in range(cards.shape[1]):
            code = (code << _CODE_BITS) | relabelled[:, column]
        np.minimum(best, code, out=best)
    return best


@dataclass(frozen=True)
class _Tables:
    """What every hole's count needs, built once per rules."""

    part_strength: NDArray[np.uint16]  # (13 ** used, board multisets): part-major
    category: NDArray[np.uint8]  # strength -> category code
    board_slots: tuple[NDArray[np.intp], ...]  # per place: rank * 5 + occurrence of the rank
    board_ways: NDArray[np.float64]  # (multisets,): product of count! over the ranks
    board_low: NDArray[np.intp]  # (multisets,): the low ranks shown, as bits
    flush_rows: NDArray[np.uint16]  # (part rows, 8192): best flush by the suit's board bits
    flush_row_of: NDArray[np.uint32]  # a part's bits in the suit -> row offset (row << 13)
    suited_mask: NDArray[np.intp]  # (cases,): the board's rank bits in the flush suit
    suited_multiset: NDArray[np.intp]  # (cases,): the board's whole rank multiset
    other_slots: tuple[NDArray[np.intp], ...]  # per place, off the suit (or a factor of 1)
    other_ways: NDArray[np.float64]  # (cases,): product of count! of the cards off the suit


@functools.cache
def _odds_tables(rules: HandRules) -> _Tables:
    ranking, used = rules.ranking, rules.hole_cards_used
    assert used is not None
    boards = all_multisets(BOARD_SIZE).astype(np.intp)
    slots, ways = _slots(boards)
    low = np.zeros(len(boards), dtype=np.intp)
    if rules.low is not None:
        rank_bits = low_bits(rules.low.highest)[0::4]  # the card of suit 0 of each rank
        low = np.bitwise_or.reduce(rank_bits[boards], axis=1)
    table, row_of = flush_part_table(ranking, used)
    masks, multisets, others = [], [], []
    for suited in range(BOARD_SIZE - used, BOARD_SIZE + 1):
        for ranks in itertools.combinations(ranking.ranks, suited):
            for rest in itertools.combinations_with_replacement(ranking.ranks, BOARD_SIZE - suited):
                masks.append(sum(1 << rank for rank in ranks))
                multisets.append(sorted(ranks + rest))
                others.append(list(rest))
    multiset = multiset_index(list(np.array(multisets, dtype=np.uint8).T))
    width = BOARD_SIZE - (BOARD_SIZE - used)
    other = np.full((len(others), width), -1, dtype=np.intp)
    for case, rest_ranks in enumerate(others):
        other[case, : len(rest_ranks)] = rest_ranks
    other_slots, other_ways = _slots(other)
    return _Tables(
        np.ascontiguousarray(
            part_strength_table(ranking, used, BOARD_SIZE).reshape(len(boards), -1).T
        ),
        ranking_tables(ranking).category,
        slots,
        ways,
        low,
        table.reshape(-1, 1 << 13),
        row_of,
        np.array(masks, dtype=np.intp),
        multiset.astype(np.intp),
        other_slots,
        other_ways,
    )


_ONE = 13 * BOARD_SIZE  # a slot whose factor is 1: an empty place


def _slots(ranks: NDArray[np.intp]) -> tuple[tuple[NDArray[np.intp], ...], NDArray[np.float64]]:
    """Per row of ranks (sorted, -1 for none): each card's ``rank * 5 + i`` where it is the
    ``i``-th of its rank in the row, and the product of ``count!`` over the ranks.

    ``C(a, c)`` is ``prod(a - i for i < c) / c!``: with a per-hole table of ``a_rank - i`` at
    ``rank * 5 + i``, a product of look-ups over the slots, divided by the row's ``count!``
    product, is the number of ways to pick the row's cards.
    """
    occurrence = np.zeros(ranks.shape, dtype=np.intp)
    for column in range(1, ranks.shape[1]):
        occurrence[:, column] = np.where(
            ranks[:, column] == ranks[:, column - 1], occurrence[:, column - 1] + 1, 0
        )
    slots = np.where(ranks >= 0, ranks * BOARD_SIZE + occurrence, _ONE)
    ways = np.prod(np.where(ranks >= 0, occurrence + 1, 1), axis=1).astype(np.float64)
    return tuple(np.ascontiguousarray(column) for column in slots.T), ways


def _ways(
    available: NDArray[np.int64],
    slots: tuple[NDArray[np.intp], ...],
    ways: NDArray[np.float64],
) -> NDArray[np.float64]:
    """The number of ways to pick each row's cards, ``available[rank]`` cards of each rank.

    Products of at most five factors of at most 4, divided by a product of factorials that
    divides them: exact in float64, and ready as ``bincount`` weights.
    """
    falling = np.maximum(available[:, None] - np.arange(BOARD_SIZE), 0).reshape(-1)
    factors = np.append(falling, 1).astype(np.float64)
    product = np.take(factors, slots[0])
    for column in slots[1:]:
        product *= np.take(factors, column)
    product /= ways
    return product


def hole_counts(hole: NDArray[np.uint8], rules: HandRules) -> tuple[NDArray[np.int64], int]:
    """Category counts over every board dealt to one hole (five cards from the rest of the
    deck), and how many of those boards make a qualifying low.

    >>> from pipeline.core.cards import parse_cards
    >>> from pipeline.core.rules import OMAHA
    >>> counts, _ = hole_counts(parse_cards(["As", "Ad", "Kh", "Kc"]), OMAHA)
    >>> int(counts.sum()) == math.comb(48, 5)
    True
    """
    tables = _odds_tables(rules)
    used = rules.hole_cards_used
    assert used is not None
    cards = [int(card) for card in hole]
    deck_ranks = np.zeros(13, dtype=np.int64)
    deck_ranks[list(rules.ranking.ranks)] = 1
    held = np.bincount([card >> 2 for card in cards], minlength=13)
    parts = [list(part) for part in itertools.combinations(cards, used)]
    codes = [sum((card >> 2) * 13 ** (used - 1 - i) for i, card in enumerate(p)) for p in parts]
    best = tables.part_strength[codes].max(axis=0)  # per board multiset
    boards = _ways((4 - held) * deck_ranks, tables.board_slots, tables.board_ways)
    counts = np.bincount(tables.category[best], weights=boards, minlength=10)
    low = 0
    if rules.low is not None:
        values, _ = low_table(rules.low, used)
        shown_by = int(np.bitwise_or.reduce(low_bits(rules.low.highest)[cards]))
        row = values[shown_by << rules.low.highest : (shown_by + 1) << rules.low.highest]
        low = int(boards[row[tables.board_low] != NO_LOW].sum())
    suits = suit_tables(used)
    for suit in range(4):
        in_suit = [card for card in cards if card & 3 == suit]
        if len(in_suit) < used:
            continue
        bit_of = suits.suit_rank_bit[suit << 8 : (suit + 1) << 8]
        offsets = [
            int(tables.flush_row_of[np.bitwise_or.reduce(bit_of[list(part)])]) >> 13
            for part in itertools.combinations(in_suit, used)
        ]
        flush = tables.flush_rows[offsets].max(axis=0)
        held_mask = sum(1 << (card >> 2) for card in in_suit)
        off_suit = np.bincount([card >> 2 for card in cards if card & 3 != suit], minlength=13)
        ways = _ways((3 - off_suit) * deck_ranks, tables.other_slots, tables.other_ways)
        ways *= (tables.suited_mask & held_mask) == 0  # the hole holds one of those cards
        plain = np.take(best, tables.suited_multiset)
        better = np.maximum(plain, np.take(flush, tables.suited_mask))
        was, now = np.take(tables.category, plain), np.take(tables.category, better)
        moved = np.bincount(now * np.uint8(10) + was, weights=ways, minlength=100)
        moved = moved.reshape(10, 10)
        counts += moved.sum(axis=1) - moved.sum(axis=0)
    return np.rint(counts).astype(np.int64), low


def count_deals(rules: HandRules) -> tuple[list[int], int, int]:
    """``(category counts, deals with a qualifying low, deals)`` over every deal of
    ``rules.hole_cards`` hole cards and five board cards."""
    holes, sizes = hole_classes(rules.ranking, rules.hole_cards)
    counts = np.zeros(10, dtype=np.int64)
    low = 0
    for hole, size in zip(holes, sizes.tolist(), strict=True):
        hole_count, hole_low = hole_counts(hole, rules)
        counts += hole_count * size
        low += hole_low * size
    deck = rules.ranking.deck_size
    deals = math.comb(deck, rules.hole_cards) * math.comb(deck - rules.hole_cards, BOARD_SIZE)
    if int(counts.sum()) != deals:  # pragma: no cover - a broken count, not bad input
        msg = f"counted {int(counts.sum())} deals, expected {deals}"
        raise AssertionError(msg)
    return [int(count) for count in counts], low, deals
