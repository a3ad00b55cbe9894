"""Tables for hands of exactly ``used`` hole cards (1 or 2) and ``5 - used`` board cards, built
from a ranking's evaluator tables and kept in the on-disk cache
(:mod:`pipeline.core.evaluation.table_cache`).

- :func:`part_strength_table`: board rank multiset x the ranks of a hole part -> the best
  non-flush strength of the part with any ``5 - used`` board ranks.
- :func:`flush_part_table`: a hole part's rank bits x the board's rank bits in that suit -> the
  best flush (or straight flush) of the part with any ``5 - used`` of those board cards.
- :func:`suit_tables`: per card its suit count field and per-suit rank bit, and the packed suit
  counts of a board or a hole -> which suits can flush.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from pipeline.core.combinatorics import all_multisets, multiset_index
from pipeline.core.evaluation import table_cache
from pipeline.core.evaluation.hand_tables import (
    cache_key,
    rank_strengths,
    rank_weights,
    ranking_tables,
)
from pipeline.core.rules import HandRanking

__all__ = ["OTHER_SUIT", "SuitTables", "flush_part_table", "part_strength_table", "suit_tables"]

OTHER_SUIT = 1 << 13
"""The bit a card of another suit stands for in a suit's rank bits: it spoils any flush."""

_FLUSH_MASKS = 1 << 13


def part_code_width(used: int) -> int:
    """How many codes a hole part of ``used`` ranks has: ``13 ** used`` (ranks in hole order)."""
    width: int = 13**used
    return width


def part_strength_table(ranking: HandRanking, used: int, board_size: int) -> NDArray[np.uint16]:
    """Board multiset x part code -> best non-flush strength, flattened board-major.

    Entry ``b * 13 ** used + code`` is for board rank multiset ``b``
    (:func:`pipeline.core.combinatorics.multiset_index`) and the part whose ranks, in any order,
    are the base-13 digits of ``code``; 0 where a rank would appear five times (no deal reaches
    it).  About 2 MB for five board cards and two hole cards.
    """
    return _part_strength_table(ranking, used, board_size)


@functools.cache
def _table_key(ranking: HandRanking) -> str | None:
    base = cache_key(ranking)
    source = table_cache.source_key((__file__,))
    return None if base is None or source is None else f"{base[:10]}{source[:10]}"


@functools.cache
def _part_strength_table(ranking: HandRanking, used: int, board_size: int) -> NDArray[np.uint16]:
    arrays = table_cache.load_or_build(
        f"part-strength-{used}-{board_size}",
        _table_key(ranking),
        lambda: {"table": _build_part_strength_table(ranking, used, board_size)},
    )
    table: NDArray[np.uint16] = arrays["table"]
    return table


def _build_part_strength_table(
    ranking: HandRanking, used: int, board_size: int
) -> NDArray[np.uint16]:
    weights = np.array(rank_weights(ranking), dtype=np.int64)
    five_table = rank_strengths(5, ranking)
    boards = all_multisets(board_size).astype(np.intp)
    parts = all_multisets(used).astype(np.intp)
    part_sums = weights[parts].sum(axis=1)
    part_counts = _packed_counts(parts)
    best = np.zeros((len(boards), len(parts)), dtype=np.uint16)
    for rest in itertools.combinations(range(board_size), 5 - used):
        rest_ranks = boards[:, list(rest)]
        strength = np.take(five_table, weights[rest_ranks].sum(axis=1)[:, None] + part_sums)
        # A rank five times (four plus one) is no hand: its count field passes 4, so adding 3
        # carries into the field's top bit.
        counts = _packed_counts(rest_ranks)[:, None] + part_counts
        impossible = ((counts + _THREES) & _EIGHTS) != 0
        np.maximum(best, np.where(impossible, 0, strength), out=best)
    # Spread the multiset columns over every ordering of the part's ranks.
    digits = np.indices((13,) * used).reshape(used, -1)
    return best[:, multiset_index(list(digits.astype(np.uint8)))].reshape(-1)


_THREES = np.uint64(sum(3 << (4 * rank) for rank in range(13)))
_EIGHTS = np.uint64(sum(8 << (4 * rank) for rank in range(13)))


def _packed_counts(ranks: NDArray[np.intp]) -> NDArray[np.uint64]:
    """Per row, the count of each rank in a four-bit field: ``sum(1 << 4 * rank)``."""
    fields = np.left_shift(np.uint64(1), (4 * ranks).astype(np.uint64))
    packed: NDArray[np.uint64] = fields.sum(axis=1, dtype=np.uint64)
    return packed


def flush_part_table(
    ranking: HandRanking, used: int
) -> tuple[NDArray[np.uint16], NDArray[np.uint32]]:
    """``(table, row_of)``: the best flush of a hole part with the board's cards of its suit.

    ``row_of[bits]`` maps a part's OR of rank bits (bit 13 when a card is off the suit) to the
    offset of its row; ``table[row_of[bits] + board_bits]`` is the best flush strength of the
    part with any ``5 - used`` of the board's cards of the suit (rank bits ``board_bits``),
    0 when there is none (row 0 is all zeros: a part off the suit).
    """
    return _flush_part_table(ranking, used)


@functools.cache
def _flush_part_table(
    ranking: HandRanking, used: int
) -> tuple[NDArray[np.uint16], NDArray[np.uint32]]:
    arrays = table_cache.load_or_build(
        f"flush-part-{used}",
        _table_key(ranking),
        lambda: _build_flush_part_table(ranking, used),
    )
    return arrays["table"], arrays["row_of"]


def _build_flush_part_table(ranking: HandRanking, used: int) -> table_cache.Arrays:
    flush_strength = ranking_tables(ranking).flush_strength
    masks = [sum(1 << r for r in part) for part in itertools.combinations(ranking.ranks, used)]
    rests = [sum(1 << r for r in rest) for rest in itertools.combinations(ranking.ranks, 5 - used)]
    table = np.zeros((len(masks) + 1, _FLUSH_MASKS), dtype=np.uint16)
    rest_array = np.array(rests, dtype=np.intp)
    for row, part in enumerate(masks, start=1):
        disjoint = rest_array[(rest_array & part) == 0]
        table[row, disjoint] = flush_strength[disjoint | part]
    # Best over subsets: a board holding more cards of the suit may use any of them.
    for bit in range(13):
        view = table.reshape(len(table), -1, 2, 1 << bit)
        np.maximum(view[:, :, 1, :], view[:, :, 0, :], out=view[:, :, 1, :])
    row_of = np.zeros(2 * _FLUSH_MASKS, dtype=np.uint32)
    row_of[masks] = np.arange(1, len(masks) + 1, dtype=np.uint32) * _FLUSH_MASKS
    return {"table": table.reshape(-1), "row_of": row_of}


# Rank weights whose sums are distinct for every multiset of up to five ranks with at most four
# of a rank (found greedily: each the smallest that keeps the sums distinct; checked when the
# tables are built), all below 2**19.
_BOARD_WEIGHTS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
_SUM_BITS = 19
SUM_MASK = (1 << _SUM_BITS) - 1


@functools.cache
def board_words() -> NDArray[np.uint64]:
    """Card id -> its rank's board weight, plus its suit's count field (``1 << 4 * suit``)
    shifted to the high 32 bits: a board's words add up to its rank-multiset sum and its
    suit counts at once (ids past 51 count as the ace of their suit: never in a checked deal)."""
    cards = np.arange(256)
    weights = np.array(_BOARD_WEIGHTS, dtype=np.uint64)[np.minimum(cards >> 2, 12)]
    fields = np.left_shift(np.uint64(1), (4 * (cards & 3)).astype(np.uint64))
    words: NDArray[np.uint64] = weights | (fields << np.uint64(32))
    words.setflags(write=False)
    return words


@functools.cache
def multiset_of_sum(board_size: int) -> NDArray[np.uint32]:
    """A board's rank-weight sum (:func:`board_words`) -> the number of its rank multiset
    (:func:`pipeline.core.combinatorics.multiset_index`); 2**19 entries."""
    boards = all_multisets(board_size)
    sums = np.array(_BOARD_WEIGHTS, dtype=np.int64)[boards.astype(np.intp)].sum(axis=1)
    counts = (boards[:, :, None] == np.arange(13)).sum(axis=1)
    real = counts.max(axis=1) <= 4
    if len(np.unique(sums[real])) != int(real.sum()) or sums.max() > SUM_MASK:  # pragma: no cover
        msg = f"board weights collide or overflow for {board_size} cards"
        raise AssertionError(msg)
    table = np.zeros(1 << _SUM_BITS, dtype=np.uint32)
    table[sums[real]] = np.flatnonzero(real).astype(np.uint32)
    table.setflags(write=False)
    return table


@dataclass(frozen=True)
class SuitTables:
    """Per card and per packed suit count, what finding a flush needs (see :func:`suit_tables`)."""

    suit_field: NDArray[np.uint16]  # card id -> 1 << 4 * suit
    board_suits: NDArray[np.uint8]  # packed board suit counts -> suits with 5 - used or more
    hole_suits: NDArray[np.uint8]  # packed hole suit counts -> suits with used or more
    suit_rank_bit: NDArray[np.uint16]  # suit << 8 | card -> its rank bit, or bit 13 off the suit
    lowest_suit: NDArray[np.uint8]  # a 4-bit set of suits -> its lowest suit


@functools.cache
def suit_tables(used: int) -> SuitTables:
    """Suit counts are summed four bits per suit (a hole of up to 15 cards fits); a row can
    flush in the suits of ``board_suits[board count] & hole_suits[hole count]``."""
    cards = np.arange(256)
    suit_field = np.left_shift(1, 4 * (cards & 3)).astype(np.uint16)
    counts = (np.arange(1 << 16)[:, None] >> (4 * np.arange(4))) & 15  # (65536, 4)
    suit_bits = np.left_shift(1, np.arange(4))
    board_suits = ((counts >= 5 - used) * suit_bits).sum(axis=1).astype(np.uint8)
    hole_suits = ((counts >= used) * suit_bits).sum(axis=1).astype(np.uint8)
    in_suit = (cards[None, :] & 3) == np.arange(4)[:, None]
    rank_bit = np.left_shift(1, np.minimum(cards >> 2, 12))
    suit_rank_bit = np.where(in_suit, rank_bit, OTHER_SUIT).astype(np.uint16).reshape(-1)
    lowest = np.array([max(0, (mask & -mask).bit_length() - 1) for mask in range(16)])
    return SuitTables(suit_field, board_suits, hole_suits, suit_rank_bit, lowest.astype(np.uint8))
