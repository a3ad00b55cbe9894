"""High hands that use exactly ``used`` hole cards and ``5 - used`` board cards (Omaha: 2 and 3).

Never four or five from the board, never one hole card with a board flush: every hand is the
best of the ``C(h, used) * C(b, 5 - used)`` combinations (60 for four hole cards on a full
board), and the strengths are the evaluator's (:mod:`pipeline.core.evaluation.evaluator`, any
ranking).

How it is fast, without a Python call per combination or per row: without a flush, a hand's
strength depends only on the ranks, so one table per board size holds, for every board rank
multiset (6,188 for five cards) and every multiset of ``used`` ranks (91 for two), the best
strength of that part with any ``5 - used`` of the board (:mod:`pipeline.core.combinatorics`
numbers them).  A row is then one look-up per hole part (6 for four hole cards) in a table of
about 1 MB.  Flushes need a suit with ``5 - used`` board cards and ``used`` hole cards; the few
rows that have one are redone for that suit alone, combination by combination, in one
broadcast.  The same look-ups run in a compiled loop (``_kernel.c``, row by row with all of a
row's parts together) when it is built; the numpy path, a block of rows at a time, is its
reference and fallback.

>>> from pipeline.core.cards import parse_cards
>>> from pipeline.core.evaluation.evaluator import describe
>>> holes = parse_cards([["Ah", "Kd", "Qc", "2s"], ["Ac", "Ad", "Kc", "3c"]])
>>> board = parse_cards([["Jh", "Th", "9h", "8h", "2h"]] * 2)
>>> describe(evaluate_combination(holes, board))  # one heart in the hole makes no flush
['Straight (King high)', 'Pair (Aces)']
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pipeline.core.cards import fold_cards
from pipeline.core.combinatorics import combinations_array
from pipeline.core.evaluation.combination_tables import (
    OTHER_SUIT,
    SUM_MASK,
    board_words,
    flush_part_table,
    multiset_of_sum,
    part_code_width,
    part_strength_table,
    suit_tables,
)
from pipeline.core.evaluation.evaluator import best_five, evaluate
from pipeline.core.evaluation.hand_checks import check_deals, deal_arrays
from pipeline.core.evaluation.hand_tables import BLOCK_ROWS
from pipeline.core.kernel import KERNEL
from pipeline.core.rules import STANDARD, HandRanking

__all__ = ["BestHand", "best_combination", "check_deals", "evaluate_combination"]


def evaluate_combination(
    holes: ArrayLike,
    boards: ArrayLike,
    *,
    used: int = 2,
    ranking: HandRanking = STANDARD,
    check: bool = True,
) -> NDArray[np.uint16]:
    """Strength of each row's best hand of exactly ``used`` (1 or 2) hole cards and
    ``5 - used`` board cards: holes ``(n, h)``, boards ``(n, b)`` with ``5 - used <= b <= 5``.

    Strengths are the evaluator's under ``ranking`` (names through
    :func:`pipeline.core.evaluation.evaluator.describe`).  With ``check=False`` ids are trusted.

    >>> from pipeline.core.cards import parse_cards
    >>> from pipeline.core.evaluation.evaluator import category_names
    >>> holes = parse_cards([["As", "Kd", "7c", "2s"]])
    >>> category_names(evaluate_combination(holes, parse_cards([["Qh", "Qd", "Qs", "Qc", "3h"]])))
    ['Three of a Kind']
    """
    hole_array, board_array = deal_arrays(holes, boards, ranking, check=check)
    check_sizes(hole_array.shape[1], board_array.shape[1], used)
    if KERNEL is not None:
        return _evaluate_compiled(KERNEL, hole_array, board_array, used, ranking)
    return _evaluate_numpy(hole_array, board_array, used, ranking)


def _evaluate_numpy(
    holes: NDArray[np.uint8], boards: NDArray[np.uint8], used: int, ranking: HandRanking
) -> NDArray[np.uint16]:
    """:func:`evaluate_combination` in numpy alone, a block of rows at a time: the reference
    for the compiled loop and its fallback."""
    out = np.empty(len(holes), dtype=np.uint16)
    for start in range(0, len(holes), BLOCK_ROWS):
        stop = start + BLOCK_ROWS
        out[start:stop] = _evaluate_block(holes[start:stop], boards[start:stop], used, ranking)
    return out


def _evaluate_compiled(
    kernel: ModuleType,
    holes: NDArray[np.uint8],
    boards: NDArray[np.uint8],
    used: int,
    ranking: HandRanking,
) -> NDArray[np.uint16]:
    """:func:`evaluate_combination` through the compiled loop (``_kernel.c``): the same tables
    and the same arithmetic as :func:`_evaluate_block`, one row at a time, all of a row's
    look-ups in cache together (about four times the numpy path; ``bench/README.md``)."""
    suits = suit_tables(used)
    flush_table, row_of = flush_part_table(ranking, used)
    out = np.empty(len(holes), dtype=np.uint16)
    kernel.combination_strengths(
        holes,
        holes.shape[1],
        boards,
        boards.shape[1],
        len(holes),
        used,
        part_strength_table(ranking, used, boards.shape[1]),
        part_code_width(used),
        board_words(),
        SUM_MASK,
        multiset_of_sum(boards.shape[1]),
        suits.suit_field,
        suits.board_suits,
        suits.hole_suits,
        suits.suit_rank_bit,
        suits.lowest_suit,
        flush_table,
        row_of,
        out,
    )
    return out


def check_sizes(hole_size: int, board_size: int, used: int) -> None:
    """Raise ``ValueError`` unless ``used`` (1 or 2) of ``hole_size`` hole cards and
    ``5 - used`` of ``board_size`` board cards can be picked."""
    if used not in (1, 2) or used > hole_size or not 5 - used <= board_size <= 5:
        msg = (
            f"cannot use exactly {used} of {hole_size} hole cards and {5 - used} of "
            f"{board_size} board cards (1 or 2 hole cards are implemented)"
        )
        raise ValueError(msg)


# Card id -> rank and 13 * rank, as the part codes' digits (ids past 51 read as aces: never
# looked up for a checked deal, and in range of every table for any byte).
_RANK = np.minimum(np.arange(256) >> 2, 12).astype(np.uint32)
_RANK_13 = 13 * _RANK


def _evaluate_block(
    holes: NDArray[np.uint8], boards: NDArray[np.uint8], used: int, ranking: HandRanking
) -> NDArray[np.uint16]:
    table = part_strength_table(ranking, used, boards.shape[1])
    # Each board card adds one word: its rank's weight (sums unique per multiset of up to five
    # ranks) in the low half, its suit's count field in the high half.
    words = fold_cards(np.add, board_words(), boards)
    multiset = np.take(multiset_of_sum(boards.shape[1]), words & np.uint64(SUM_MASK))
    row_base = multiset * np.uint32(part_code_width(used))
    # A part's code is its ranks as base-13 digits: the first card's digit is added to the
    # board's row once per hole column, the second's once per part.
    parts = combinations_array(holes.shape[1], used).tolist()
    if used == 2:
        leading = {
            column: row_base + np.take(_RANK_13, holes[:, column])
            for column in {part[0] for part in parts}
        }
        trailing = {
            column: np.take(_RANK, holes[:, column]) for column in {part[1] for part in parts}
        }
        indexes = (leading[first] + trailing[second] for first, second in parts)
    else:
        indexes = (row_base + np.take(_RANK, holes[:, part[0]]) for part in parts)
    best = np.zeros(len(holes), dtype=np.uint16)
    for index in indexes:
        np.maximum(best, np.take(table, index, mode="clip"), out=best)
    board_counts = (words >> np.uint64(32)).astype(np.uint16)
    _add_flushes(best, holes, boards, board_counts, used, ranking)
    return best


def _add_flushes(
    best: NDArray[np.uint16],
    holes: NDArray[np.uint8],
    boards: NDArray[np.uint8],
    board_counts: NDArray[np.uint16],
    used: int,
    ranking: HandRanking,
) -> None:
    """Raise ``best`` to the best flush of each row that can make one (in place).

    A row can when a suit has ``5 - used`` board cards and ``used`` hole cards (with at most two
    hole cards used, at most one suit): the cards' suit counts, four bits per suit, are summed
    and looked up once per row.  Only those rows are redone, for that suit: the board's rank
    bits in the suit and each hole part's rank bits (bit 13 for a card off the suit) index the
    flush table of :func:`pipeline.core.evaluation.combination_tables.flush_part_table`.
    """
    suits = suit_tables(used)
    hole_counts = fold_cards(np.add, suits.suit_field, holes)
    flushing = np.take(suits.board_suits, board_counts) & np.take(suits.hole_suits, hole_counts)
    rows = np.flatnonzero(flushing)
    if not rows.size:
        return
    table, row_of = flush_part_table(ranking, used)
    suit = np.take(suits.lowest_suit, flushing[rows]).astype(np.intp) << 8
    hole_bits = [
        np.take(suits.suit_rank_bit, suit + holes[rows, column]) for column in range(len(holes[0]))
    ]
    board_bits = np.take(suits.suit_rank_bit, suit + boards[rows, 0])
    for column in range(1, boards.shape[1]):
        board_bits |= np.take(suits.suit_rank_bit, suit + boards[rows, column])
    board_bits &= np.uint16(OTHER_SUIT - 1)
    flushes = np.zeros(len(rows), dtype=np.uint16)
    for part in combinations_array(holes.shape[1], used).tolist():
        part_bits = hole_bits[part[0]] if used == 1 else hole_bits[part[0]] | hole_bits[part[1]]
        index = np.take(row_of, part_bits) + board_bits
        np.maximum(flushes, np.take(table, index), out=flushes)
    best[rows] = np.maximum(best[rows], flushes)


@dataclass(frozen=True)
class BestHand:
    """The five cards that make each row's hand, and which hole and board cards they are.

    ``five`` is ``(n, 5)`` in showdown order (groups first, as
    :func:`pipeline.core.evaluation.evaluator.best_five` arranges them); ``hole_used`` ``(n, h)``
    and ``board_used`` ``(n, b)`` say which of the row's cards play.
    """

    five: NDArray[np.uint8]
    hole_used: NDArray[np.bool_]
    board_used: NDArray[np.bool_]


def best_combination(
    holes: ArrayLike,
    boards: ArrayLike,
    *,
    used: int = 2,
    ranking: HandRanking = STANDARD,
    check: bool = True,
) -> BestHand:
    """Which ``used`` hole cards and ``5 - used`` board cards make each row's best hand.

    Every combination is gathered into one ``(n * C, 5)`` array and scored in one evaluator
    call; the first best combination of a row plays (ties between combinations are equal hands).

    >>> from pipeline.core.cards import format_hand, parse_cards
    >>> best = best_combination(parse_cards([["Ah", "Kh", "Qc", "2s"]]),
    ...                         parse_cards([["Jh", "Th", "9h", "8h", "2h"]]))
    >>> format_hand(best.five[0]), best.hole_used[0].tolist(), best.board_used[0].tolist()
    ('Ah Kh Jh Th 9h', [True, True, False, False], [True, True, True, False, False])
    """
    hole_array, board_array = deal_arrays(holes, boards, ranking, check=check)
    n, hole_size = hole_array.shape
    board_size = board_array.shape[1]
    check_sizes(hole_size, board_size, used)
    parts = combinations_array(hole_size, used).astype(np.intp)
    rests = combinations_array(board_size, 5 - used).astype(np.intp)
    # Combination c is (part c // len(rests), rest c % len(rests)).
    columns = np.hstack(
        [np.repeat(parts, len(rests), axis=0), np.tile(rests + hole_size, (len(parts), 1))]
    )
    cards = np.hstack([hole_array, board_array])
    every = cards[:, columns].reshape(-1, 5)
    strengths = evaluate(every, check=False, ranking=ranking).reshape(n, -1)
    chosen = np.argmax(strengths, axis=1)
    five = every.reshape(n, -1, 5)[np.arange(n), chosen]
    arranged, _ = best_five(five, check=False, ranking=ranking)
    hole_used = np.zeros((n, hole_size), dtype=bool)
    board_used = np.zeros((n, board_size), dtype=bool)
    rows = np.arange(n)[:, None]
    hole_used[rows, parts[chosen // len(rests)]] = True
    board_used[rows, rests[chosen % len(rests)]] = True
    return BestHand(arranged, hole_used, board_used)
