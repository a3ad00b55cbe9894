"""Ace-to-five low hands (the low half of Omaha Hi/Lo, eight or better), vectorised.

A low is five distinct ranks no higher than the rule's highest card (ace = 1); straights and
flushes do not count against it.  Its **value** is the bitmask of its faces, bit 0 for the ace
up to bit 7 for the eight: for five distinct ranks, comparing the masks as integers compares the
lows (the highest differing rank decides), so a smaller value is a better low and the best low
is a minimum.  :data:`NO_LOW` (larger than every value) means no qualifying low.

Which lows a hand can make depends only on two small sets: the low ranks among the hole cards
(``H``) and among the board cards (``L``).  With exactly two hole cards used, a low is two
ranks of ``H`` and three others of ``L``; so one table over ``(H, L)`` (65,536 entries for eight
or better) answers every row in one look-up, whatever the number of hole or board cards.

>>> from pipeline.core.cards import parse_cards
>>> holes = parse_cards([["Ah", "2d", "Kc", "Ks"], ["Ac", "Kd", "Qh", "Js"]])
>>> board = parse_cards([["4h", "6c", "8d", "Td", "4s"]] * 2)
>>> format_low(evaluate_low(holes, board))
['8-6-4-2-A', None]
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pipeline.core.cards import INVALID_CARD, RANKS, fold_cards
from pipeline.core.evaluation.combination import BestHand
from pipeline.core.evaluation.hand_checks import deal_arrays
from pipeline.core.rules import EIGHT_OR_BETTER, STANDARD, HandRanking, LowRule

__all__ = [
    "NO_LOW",
    "best_low",
    "evaluate_low",
    "format_low",
    "low_bits",
    "low_faces",
    "low_table",
]

NO_LOW = 0xFFFF
"""The value of a hand with no qualifying low: worse than every low."""

_ACE = len(RANKS) - 1


def _face(rank: int) -> int:
    return 1 if rank == _ACE else rank + 2


def evaluate_low(
    holes: ArrayLike,
    boards: ArrayLike,
    *,
    rule: LowRule = EIGHT_OR_BETTER,
    used: int | None = 2,
    ranking: HandRanking = STANDARD,
    check: bool = True,
) -> NDArray[np.uint16]:
    """The low value of each row (smaller is better, :data:`NO_LOW` for none): holes ``(n, h)``,
    boards ``(n, b)``; exactly ``used`` hole cards and ``5 - used`` board cards, or any five of
    them when ``used`` is ``None``.

    >>> from pipeline.core.cards import parse_cards
    >>> wheel = evaluate_low(parse_cards([["As", "2s", "9c", "9d"]]),
    ...                      parse_cards([["3h", "4h", "5h", "Kd", "Kc"]]))
    >>> format_low(wheel), int(wheel[0])
    (['5-4-3-2-A'], 31)
    """
    hole_array, board_array = _deals(holes, boards, ranking, used, check)
    values, _ = low_table(rule, used)
    return np.take(values, _row_keys(hole_array, board_array, rule))


def _deals(
    holes: ArrayLike, boards: ArrayLike, ranking: HandRanking, used: int | None, check: bool
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    hole_array, board_array = deal_arrays(holes, boards, ranking, check=check)
    if used is not None and (used > hole_array.shape[1] or 5 - used > board_array.shape[1]):
        msg = (
            f"cannot use exactly {used} of {hole_array.shape[1]} hole cards and {5 - used} of "
            f"{board_array.shape[1]} board cards"
        )
        raise ValueError(msg)
    return hole_array, board_array


def _row_keys(
    holes: NDArray[np.uint8], boards: NDArray[np.uint8], rule: LowRule
) -> NDArray[np.uint16]:
    """``H << highest | L`` per row: the low ranks held in the hole and on the board.

    The bits are folded as bytes (a low's eight ranks fit in one): three times the rate of
    folding ``intp`` words, which made seven-card Stud lows the slowest step (19 M/s).
    """
    low_bit = _low_bytes(rule.highest)
    held = fold_cards(np.bitwise_or, low_bit, holes).astype(np.uint16)
    shown = fold_cards(np.bitwise_or, low_bit, boards)
    held <<= rule.highest
    held |= shown
    return held


@functools.cache
def _low_bytes(highest: int) -> NDArray[np.uint8]:
    """:func:`low_bits` as bytes (``highest`` is at most 8)."""
    table = low_bits(highest).astype(np.uint8)
    table.setflags(write=False)
    return table


@functools.cache
def low_bits(highest: int) -> NDArray[np.intp]:
    """Card id 0..255 -> ``1 << (face - 1)`` for a face at or below ``highest``, else 0."""
    bits = np.zeros(256, dtype=np.intp)
    for card in range(52):
        face = _face(card >> 2)
        if face <= highest:
            bits[card] = 1 << (face - 1)
    bits.setflags(write=False)
    return bits


@functools.cache
def low_table(rule: LowRule, used: int | None) -> tuple[NDArray[np.uint16], NDArray[np.uint16]]:
    """``(H << highest | L) -> (best low value, the ranks of it taken from the hole)``.

    Every split of a low into ``used`` hole ranks and ``5 - used`` board ranks is written into
    the table for every ``(H, L)`` holding it, worst low first, so the best one stays.  With
    ``used`` ``None`` any five of ``H | L`` play, hole ranks first.
    """
    width = rule.highest
    sets = np.arange(1 << width)
    values = np.full((1 << width, 1 << width), NO_LOW, dtype=np.uint16)
    from_hole = np.zeros_like(values)
    if used is None:
        union = sets[:, None] | sets[None, :]
        for five in sorted(_subsets(width, 5), reverse=True):
            holding = (union & five) == five
            values[holding] = five
            from_hole[holding] = (five & np.broadcast_to(sets[:, None], union.shape))[holding]
        return values.reshape(-1), from_hole.reshape(-1)
    splits = [
        (part | rest, part)
        for part in _subsets(width, used)
        for rest in _subsets(width, 5 - used)
        if not part & rest
    ]
    for value, part in sorted(splits, reverse=True):
        holes_with = (sets & part) == part
        boards_with = (sets & (value & ~part)) == (value & ~part)
        where = np.ix_(holes_with, boards_with)
        values[where] = value
        from_hole[where] = part
    return values.reshape(-1), from_hole.reshape(-1)


def _subsets(width: int, size: int) -> list[int]:
    return [sum(1 << bit for bit in bits) for bits in itertools.combinations(range(width), size)]


def low_faces(values: ArrayLike) -> list[tuple[int, ...] | None]:
    """The faces of each low, highest first (ace = 1), or ``None`` for :data:`NO_LOW`.

    >>> low_faces([171, NO_LOW])
    [(8, 6, 4, 2, 1), None]
    """
    out: list[tuple[int, ...] | None] = []
    for value in np.asarray(values, dtype=np.int64).ravel().tolist():
        if value == NO_LOW:
            out.append(None)
        else:
            out.append(tuple(bit + 1 for bit in range(15, -1, -1) if value >> bit & 1))
    return out


def format_low(values: ArrayLike) -> list[str | None]:
    """Each low as it is written, highest card first: ``'8-6-4-2-A'``; ``None`` for no low.

    >>> format_low([31, 171, NO_LOW])
    ['5-4-3-2-A', '8-6-4-2-A', None]
    """
    texts: dict[int, str | None] = {}
    out: list[str | None] = []
    for value in np.asarray(values, dtype=np.int64).ravel().tolist():
        if value not in texts:
            faces = low_faces([value])[0]
            texts[value] = None if faces is None else "-".join(_FACE_TEXT[f] for f in faces)
        out.append(texts[value])
    return out


_FACE_TEXT = {1: "A", **{face: RANKS[face - 2] for face in range(2, 14)}}


def best_low(
    holes: ArrayLike,
    boards: ArrayLike,
    *,
    rule: LowRule = EIGHT_OR_BETTER,
    used: int | None = 2,
    ranking: HandRanking = STANDARD,
    check: bool = True,
) -> BestHand:
    """The five cards of each row's best low, highest first, and which hole and board cards
    they are; a row with no low gets :data:`~pipeline.core.cards.INVALID_CARD` five times and
    no card used.

    >>> from pipeline.core.cards import format_hand, parse_cards
    >>> best = best_low(parse_cards([["Ah", "2d", "Kc", "Ks"]]),
    ...                 parse_cards([["4h", "6c", "8d", "Td", "4s"]]))
    >>> format_hand(best.five[0]), best.hole_used[0].tolist(), best.board_used[0].tolist()
    ('8d 6c 4h 2d Ah', [True, True, False, False], [True, True, True, False, False])
    """
    hole_array, board_array = _deals(holes, boards, ranking, used, check)
    values, from_hole = low_table(rule, used)
    keys = _row_keys(hole_array, board_array, rule)
    value = np.take(values, keys).astype(np.intp)
    qualifies = value != NO_LOW
    low_bit = low_bits(rule.highest)
    hole_part = np.where(qualifies, np.take(from_hole, keys), 0).astype(np.intp)
    hole_used = _pick(hole_array, hole_part, low_bit)
    board_part = np.where(qualifies, value & ~hole_part, 0)
    board_used = _pick(board_array, board_part, low_bit)
    cards = np.hstack([hole_array, board_array])
    used_cards = np.hstack([hole_used, board_used])
    # Highest face first: an ace (face 1) sorts last.
    faces = np.where(used_cards, np.take(_FACES, cards), -1)
    order = np.argsort(-faces, axis=1, kind="stable")[:, :5]
    five = np.take_along_axis(cards, order, axis=1)
    five[~qualifies] = INVALID_CARD
    return BestHand(five, hole_used, board_used)


_FACES = np.array([_face(card >> 2) if card < 52 else 0 for card in range(256)], dtype=np.int16)


def _pick(
    cards: NDArray[np.uint8], wanted: NDArray[np.intp], low_bit: NDArray[np.intp]
) -> NDArray[np.bool_]:
    """Per row, one card of each face in ``wanted`` (the first from the left)."""
    remaining = wanted.copy()
    picked = np.zeros(cards.shape, dtype=bool)
    for column in range(cards.shape[1]):
        bit = np.take(low_bit, cards[:, column])
        take = (bit & remaining) != 0
        picked[:, column] = take
        remaining &= ~np.where(take, bit, 0)
    return picked
