"""Checks on arrays of hands before they are scored: shape, ids in the ranking's deck, no card
twice.  Every failure is a ``ValueError`` naming the row and the card.

Hole and board cards dealt together (:func:`check_deals`) are checked by the compiled loop
(:mod:`pipeline.core.kernel`) when it is built and the cards are ``uint8``: it only vouches for
good deals, and any deal it flags is checked again by the numpy reference, which raises, so both
paths reject the same deals with the same message.
"""

from __future__ import annotations

import functools
from types import ModuleType

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pipeline.core.cards import DECK_SIZE, format_card
from pipeline.core.evaluation.hand_tables import HAND_SIZES, pair_bits, pair_checks
from pipeline.core.kernel import KERNEL
from pipeline.core.rules import STANDARD, HandRanking

__all__ = ["check_deals", "check_hands", "checked_cards", "deal_arrays"]

ALL_BOARD_SIZES = (0, 1, 2, 3, 4, 5)


def check_hands(cards: ArrayLike, ranking: HandRanking = STANDARD) -> NDArray[np.uint8]:
    """Return ``cards`` as a ``(n, k)`` ``uint8`` array, or raise ``ValueError`` naming the row.

    >>> check_hands([[0, 1, 2, 3, 51]]).shape
    (1, 5)
    >>> check_hands([[0, 1, 2, 3, 3]])
    Traceback (most recent call last):
    ...
    ValueError: row 0: card id 3 appears twice in the hand
    >>> check_hands([[0, 1, 2, 3, 52]])
    Traceback (most recent call last):
    ...
    ValueError: row 0: card id 52 is not in 0..51
    >>> from pipeline.core.rules import SHORT_DECK
    >>> check_hands([[16, 17, 18, 19, 3]], SHORT_DECK)
    Traceback (most recent call last):
    ...
    ValueError: row 0: card id 3 (2s) is not in the 36-card deck (6 through A)
    """
    hands = checked_ids(cards, ranking)
    repeated = np.bitwise_count(card_bits(hands)) != hands.shape[1]
    if repeated.any():
        raise_repeated(hands, repeated)
    return hands


def checked_cards(
    cards: ArrayLike, width: int | None, what: str, ranking: HandRanking = STANDARD
) -> NDArray[np.uint8]:
    """``cards`` as a ``(n, width)`` ``uint8`` array of ids in ``ranking``'s deck (repeats are
    not looked for), or a ``ValueError`` naming ``what``, the row and the card.

    >>> checked_cards([[0, 1]], 2, "hole cards").tolist()
    [[0, 1]]
    >>> checked_cards([[0, 1, 2]], 2, "hole cards")
    Traceback (most recent call last):
    ...
    ValueError: expected an (n, 2) array of hole cards, got shape (1, 3)
    """
    array = np.asarray(cards)
    if array.ndim != 2 or (width is not None and array.shape[1] != width):
        expected = "k" if width is None else str(width)
        msg = f"expected an (n, {expected}) array of {what}, got shape {array.shape!r}"
        raise ValueError(msg)
    return _in_deck(array, ranking)


def check_deals(
    holes: ArrayLike,
    boards: ArrayLike,
    ranking: HandRanking = STANDARD,
    *,
    board_sizes: tuple[int, ...] = ALL_BOARD_SIZES,
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """Hole cards ``(n, h)`` and boards ``(n, b)`` as ``uint8`` arrays, checked: ids in the
    ranking's deck, no card twice in a row (hole and board together), ``b`` in ``board_sizes``.

    >>> check_deals([[0, 1, 2, 3]], [[4, 5, 3]])
    Traceback (most recent call last):
    ...
    ValueError: row 0: card id 3 appears twice in the hole and board cards
    """
    if KERNEL is None:
        return _check_deals_numpy(holes, boards, ranking, board_sizes=board_sizes)
    return _check_deals_compiled(KERNEL, holes, boards, ranking, board_sizes=board_sizes)


def deal_arrays(
    holes: ArrayLike,
    boards: ArrayLike,
    ranking: HandRanking = STANDARD,
    *,
    check: bool,
    board_sizes: tuple[int, ...] = ALL_BOARD_SIZES,
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """The deal as C-contiguous ``uint8`` arrays: through :func:`check_deals` with ``check``,
    else trusted as they are (what every scorer's ``check=False`` means).

    >>> [array.tolist() for array in deal_arrays([[0, 1]], [[2, 3, 4]], check=False)]
    [[[0, 1]], [[2, 3, 4]]]
    """
    if check:
        return check_deals(holes, boards, ranking, board_sizes=board_sizes)
    return np.ascontiguousarray(holes, dtype=np.uint8), np.ascontiguousarray(boards, dtype=np.uint8)


def _check_deals_compiled(
    kernel: ModuleType,
    holes: ArrayLike,
    boards: ArrayLike,
    ranking: HandRanking = STANDARD,
    *,
    board_sizes: tuple[int, ...] = ALL_BOARD_SIZES,
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """:func:`check_deals` through the compiled loop: one pass over ``uint8`` deals of good
    shape (the pair look-ups of :func:`pipeline.core.evaluation.hand_tables.pair_checks`);
    anything else, and any deal it rejects, goes to the numpy reference, which words the error."""
    hole_array, board_array = np.asarray(holes), np.asarray(boards)
    if not (
        hole_array.dtype == board_array.dtype == np.uint8
        and hole_array.ndim == board_array.ndim == 2
        and len(hole_array) == len(board_array)
        and board_array.shape[1] in board_sizes
        and hole_array.shape[1] + board_array.shape[1] <= 16
    ):
        # Wider ids are range-checked before they are narrowed; shape errors are worded there.
        return _check_deals_numpy(holes, boards, ranking, board_sizes=board_sizes)
    hole_array = np.ascontiguousarray(hole_array)
    board_array = np.ascontiguousarray(board_array)
    bad_row = kernel.check_deals(
        hole_array,
        hole_array.shape[1],
        board_array,
        board_array.shape[1],
        len(hole_array),
        pair_checks(ranking),
    )
    if bad_row >= 0:
        _check_deals_numpy(hole_array, board_array, ranking, board_sizes=board_sizes)  # raises
        msg = f"the compiled check rejected row {bad_row}, which the numpy check accepts"
        raise AssertionError(msg)
    return hole_array, board_array


def _check_deals_numpy(
    holes: ArrayLike,
    boards: ArrayLike,
    ranking: HandRanking = STANDARD,
    *,
    board_sizes: tuple[int, ...] = ALL_BOARD_SIZES,
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """:func:`check_deals` in numpy alone: the reference, the fallback and every message."""
    hole_array = checked_cards(holes, None, "hole cards", ranking)
    board_array = checked_cards(boards, None, "boards", ranking)
    if len(board_array) != len(hole_array):
        msg = f"got {len(hole_array)} rows of hole cards and {len(board_array)} boards"
        raise ValueError(msg)
    if board_array.shape[1] not in board_sizes:
        msg = f"a board of {board_array.shape[1]} cards is not one of {board_sizes!r}"
        raise ValueError(msg)
    # The rows' card bits, two cards per look-up: distinct cards set as many bits as there are.
    seen = card_bits(hole_array) | card_bits(board_array)
    repeated = np.bitwise_count(seen) != hole_array.shape[1] + board_array.shape[1]
    if repeated.any():
        row = int(np.argmax(repeated))
        ordered = np.sort(np.concatenate([hole_array[row], board_array[row]]))
        card = int(ordered[1:][ordered[1:] == ordered[:-1]][0])
        msg = f"row {row}: card id {card} appears twice in the hole and board cards"
        raise ValueError(msg)
    return hole_array, board_array


def checked_ids(cards: ArrayLike, ranking: HandRanking = STANDARD) -> NDArray[np.uint8]:
    """Shape and ids checked, as a C-contiguous ``uint8`` array; repeats not checked.

    A ``uint8`` array needs one ``max`` over its bytes (it cannot be negative); anything else is
    range-checked before it is narrowed, so ``-1`` or ``308`` cannot wrap into a legal id.  A
    ranking whose deck lacks some ranks (a short deck) also looks each id up in its deck.
    """
    array = np.asarray(cards)
    if array.ndim != 2 or array.shape[1] not in HAND_SIZES:
        msg = f"expected an (n, k) array of card ids with k in 5, 6, 7, got shape {array.shape!r}"
        raise ValueError(msg)
    return _in_deck(array, ranking)


def _in_deck(array: NDArray[np.integer], ranking: HandRanking) -> NDArray[np.uint8]:
    if array.dtype == np.uint8:
        out_of_range = array.size > 0 and int(array.max()) >= DECK_SIZE
    else:
        out_of_range = array.size > 0 and bool(array.min() < 0 or array.max() >= DECK_SIZE)
    if out_of_range:
        row, column = np.argwhere((array < 0) | (array >= DECK_SIZE))[0]
        msg = f"row {row}: card id {array[row, column]} is not in 0..51"
        raise ValueError(msg)
    hands = np.ascontiguousarray(array, dtype=np.uint8)
    if ranking.deck_size < DECK_SIZE and hands.size:
        outside = ~np.take(_deck_table(ranking), hands)
        if outside.any():
            row, column = np.argwhere(outside)[0]
            card = int(hands[row, column])
            msg = (
                f"row {row}: card id {card} ({format_card(card)}) is not in the "
                f"{ranking.describe_deck()}"
            )
            raise ValueError(msg)
    return hands


@functools.cache
def _deck_table(ranking: HandRanking) -> NDArray[np.bool_]:
    """Card id 0..255 -> in the ranking's deck."""
    table = np.zeros(256, dtype=bool)
    table[list(ranking.deck)] = True
    table.setflags(write=False)
    return table


def card_bits(hands: NDArray[np.uint8]) -> NDArray[np.uint64]:
    """Per hand, the ``uint64`` with bit ``id`` set for each of its cards (ids trusted in range).

    Two cards at a time through a 65,536-entry table, as :func:`evaluate` sums its keys.  The
    hand's cards are distinct exactly when the mask has as many bits as the hand has cards.
    """
    bit_table = pair_bits()
    hand_size = hands.shape[1]
    pairs = pair_view(hands.reshape(-1), 0, len(hands), hand_size)
    bits = np.zeros(len(hands), dtype=np.uint64)
    for column in range(hand_size // 2):
        bits |= np.take(bit_table, pairs[:, column], mode="clip")
    if hand_size & 1:
        single = bit_table[DECK_SIZE << 8 : (DECK_SIZE << 8) + 256]  # one card, padded with 52
        bits |= np.take(single, hands[:, hand_size - 1], mode="clip")
    return bits


def raise_repeated(hands: NDArray[np.uint8], repeated: NDArray[np.bool_]) -> None:
    """Raise :class:`ValueError` naming the first row ``repeated`` flags and its repeated card."""
    row = int(np.argmax(repeated))
    ordered = np.sort(hands[row])
    card = ordered[1:][ordered[1:] == ordered[:-1]][0]
    msg = f"row {row}: card id {card} appears twice in the hand"
    raise ValueError(msg)


def pair_view(flat: NDArray[np.uint8], start: int, rows: int, hand_size: int) -> NDArray[np.uint16]:
    """Rows ``start..`` of the hands as byte pairs read in place as ``uint16`` (no copy)."""
    pairs: NDArray[np.uint16] = np.ndarray(
        (rows, hand_size // 2),
        dtype=np.uint16,
        buffer=flat,
        offset=start * hand_size,
        strides=(hand_size, 2),
    )
    return pairs
