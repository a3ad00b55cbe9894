"""Every completion of a board scored at once for hands of exactly two hole cards (Omaha), and
for any rules' low half: the parts of :func:`pipeline.core.probability.equity.equity` beyond
Hold'em.

What a board brings is computed once and shared by the players: its rank multiset's number
(:mod:`pipeline.core.combinatorics`), its flush suit and rank bits in that suit, and its low
ranks.  Each player then gets three small tables built from their own hole cards, so a board
costs a player one look-up for the non-flush strength (a table over the 6,188 board
multisets: the best of the player's hole pairs, taken once), one for a flush where the board
and the player share a suit, and one for the low (a table over the 256 sets of low ranks).

>>> import numpy as np
>>> from pipeline.core.cards import parse_cards
>>> from pipeline.core.rules import OMAHA
>>> holes = parse_cards([["Ah", "Kh", "Qc", "2s"], ["Jd", "Jc", "9s", "8s"]])
>>> board = parse_cards(["Jh", "Th", "2h", "3c"])
>>> deck = np.setdiff1d(np.arange(52, dtype=np.uint8), np.concatenate([holes.ravel(), board]))
>>> high_strengths(holes, board, deck, OMAHA).shape
(2, 40)
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from pipeline.core.cards import fold_cards
from pipeline.core.combinatorics import combinations_array, count_multisets, multiset_index
from pipeline.core.evaluation.combination_tables import (
    OTHER_SUIT,
    flush_part_table,
    part_code_width,
    part_strength_table,
    suit_tables,
)
from pipeline.core.evaluation.low import low_bits, low_table
from pipeline.core.rules import HandRules

__all__ = ["completed_boards", "high_strengths", "low_values"]

BOARD_SIZE = 5


def completed_boards(
    board: NDArray[np.uint8], deck: NDArray[np.uint8], rows: NDArray[np.intp] | None = None
) -> NDArray[np.uint8]:
    """Every completion of ``board`` from ``deck`` (rows of ``combinations_array``, or those
    numbered by ``rows``) as full ``(boards, 5)`` boards: the known cards, then the new ones.

    >>> completed_boards(np.array([0, 1, 2, 3], dtype=np.uint8), np.arange(4, 7, dtype=np.uint8))
    array([[0, 1, 2, 3, 4],
           [0, 1, 2, 3, 5],
           [0, 1, 2, 3, 6]], dtype=uint8)
    """
    combos = combinations_array(len(deck), BOARD_SIZE - len(board))
    if rows is not None:
        combos = combos[rows]
    boards = np.empty((len(combos), BOARD_SIZE), dtype=np.uint8)
    boards[:, : len(board)] = board
    boards[:, len(board) :] = deck[combos]
    return boards


def high_strengths(
    holes: NDArray[np.uint8],
    board: NDArray[np.uint8],
    deck: NDArray[np.uint8],
    rules: HandRules,
    rows: NDArray[np.intp] | None = None,
) -> NDArray[np.uint16]:
    """High strength of every player on every completion: ``(players, boards)``, for rules whose
    hands use exactly ``rules.hole_cards_used`` hole cards.  Ids are trusted."""
    used = rules.hole_cards_used
    if used is None:
        msg = (
            "these rules let any five cards play: "
            "use pipeline.core.probability.equity.showdown_strengths"
        )
        raise ValueError(msg)
    boards = completed_boards(board, deck, rows)
    table = part_strength_table(rules.ranking, used, BOARD_SIZE).reshape(
        count_multisets(BOARD_SIZE), part_code_width(used)
    )
    multiset = multiset_index([boards[:, column] >> 2 for column in range(BOARD_SIZE)])
    out = np.empty((len(holes), len(boards)), dtype=np.uint16)
    parts = combinations_array(holes.shape[1], used).tolist()
    for player, hole in enumerate(holes.tolist()):
        codes = [_part_code([hole[column] >> 2 for column in part]) for part in parts]
        best_by_multiset = table[:, codes].max(axis=1)  # the player's best part, per multiset
        np.take(best_by_multiset, multiset, out=out[player])
    _add_flushes(out, holes, boards, rules, used)
    return out


def _part_code(ranks: list[int]) -> int:
    code = 0
    for rank in ranks:
        code = 13 * code + rank
    return code


def _add_flushes(
    out: NDArray[np.uint16],
    holes: NDArray[np.uint8],
    boards: NDArray[np.uint8],
    rules: HandRules,
    used: int,
) -> None:
    """Raise ``out`` to each player's best flush on the boards where one is possible.

    A board has at most one suit with ``5 - used`` (three or more) cards; its boards are grouped
    by that suit.  A player holding ``used`` cards of the suit gets a table over the board's
    rank bits in the suit: the best over the player's parts of that suit.
    """
    suits = suit_tables(used)
    counts = fold_cards(np.add, suits.suit_field, boards)
    board_suit = np.take(suits.lowest_suit, np.take(suits.board_suits, counts))
    flushable = np.take(suits.board_suits, counts) != 0
    table, row_of = flush_part_table(rules.ranking, used)
    flush_rows = table.reshape(-1, 1 << 13)
    parts = combinations_array(holes.shape[1], used).tolist()
    for suit in range(4):
        at = np.flatnonzero(flushable & (board_suit == suit))
        if not at.size:
            continue
        bit_of = suits.suit_rank_bit[suit << 8 : (suit + 1) << 8]
        board_bits = fold_cards(np.bitwise_or, bit_of, boards[at]) & np.uint16(OTHER_SUIT - 1)
        for player, hole in enumerate(holes.tolist()):
            part_bits = [np.bitwise_or.reduce(bit_of[[hole[c] for c in part]]) for part in parts]
            offsets = [int(row_of[bits]) for bits in part_bits]
            offsets = [offset for offset in offsets if offset]  # a part off the suit: no row
            if not offsets:
                continue
            best = flush_rows[np.array(offsets) >> 13].max(axis=0)
            out[player, at] = np.maximum(out[player, at], np.take(best, board_bits))


def low_values(
    holes: NDArray[np.uint8],
    board: NDArray[np.uint8],
    deck: NDArray[np.uint8],
    rules: HandRules,
    rows: NDArray[np.intp] | None = None,
) -> NDArray[np.uint16]:
    """Low value of every player on every completion: ``(players, boards)``, smaller is better,
    :data:`pipeline.core.evaluation.low.NO_LOW` for none.  Ids are trusted."""
    if rules.low is None:
        msg = "these rules have no low half"
        raise ValueError(msg)
    highest = rules.low.highest
    values, _ = low_table(rules.low, rules.hole_cards_used)
    bits = low_bits(highest)
    boards = completed_boards(board, deck, rows)
    shown = fold_cards(np.bitwise_or, bits, boards)
    out = np.empty((len(holes), len(boards)), dtype=np.uint16)
    for player, hole in enumerate(holes.tolist()):
        held = int(np.bitwise_or.reduce(bits[hole]))
        row = values[held << highest : (held + 1) << highest]
        np.take(row, shown, out=out[player])
    return out
