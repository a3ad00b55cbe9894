"""Poker hand strengths for five, six and seven cards, vectorised with numpy.

A **strength** is an integer 0..7461: one value per equivalence class of five-card poker hands,
higher is better, equal means a tie.  Comparing strengths decides every showdown, kickers
included.  Six- and seven-card hands get the strength of their best five cards.

How it is fast: every card id maps to one ``uint32`` key, ``rank weight + (suit weight << 23)``.
The rank weights are chosen so that the sum over a hand's cards is different for every multiset
of ranks (counts 0..4, 5 to 7 cards, the sum below ``2**23``); the suit weights so that the
sum tells which suit, if any, holds five or more cards.  Scoring a seven-card hand is then: four
look-ups of key sums (three in a table of card pairs, one in a table of single cards), three
additions, one look-up in a rank table, one in a suit table and, for the few percent of hands
with a flush, one look-up in an 8,192-entry table indexed by the flush suit's rank bits.  All
tables are built at first use (:mod:`pipeline.core.evaluation.hand_tables`) from a ranking: the
deck's ranks and the hand types listed in strength order; nothing is committed as data.  Every
function takes ``ranking=`` (:data:`~pipeline.core.rules.STANDARD` by default; a short deck's
rankings give their own strength numbering, and category codes keep their names).

>>> from pipeline.core.cards import parse_cards
>>> hands = parse_cards([["Kc", "9s", "Ks", "Kd", "9d", "3c", "6d"],
...                      ["9c", "Ah", "Ks", "Kd", "9d", "3c", "6d"]])
>>> strengths = evaluate(hands)
>>> category_names(strengths)
['Full House', 'Two Pair']
>>> describe(strengths)
['Full House (Kings over Nines)', 'Two Pair (Kings and Nines)']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pipeline.core.cards import DECK_SIZE
from pipeline.core.evaluation.hand_checks import (
    card_bits,
    check_hands,
    checked_ids,
    pair_view,
    raise_repeated,
)
from pipeline.core.evaluation.hand_tables import (
    BLOCK_ROWS,
    HAND_SIZES,
    N_STRENGTHS,
    NO_FLUSH,
    SUIT_SHIFT,
    flush_suits,
    n_strengths,
    pair_checks,
    pair_key_bits,
    pair_keys,
    rank_mask,
    rank_strengths,
    ranking_tables,
    suit_rank_bits,
)
from pipeline.core.evaluation.hand_tables import (
    RANK_MASK as RANK_MASK,  # the standard ranking's, kept for callers of the compiled loop
)
from pipeline.core.kernel import KERNEL
from pipeline.core.rules import (
    CATEGORY_NAMES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    ROYAL_FLUSH,
    STANDARD,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    HandRanking,
)

__all__ = [
    "CATEGORY_NAMES",
    "FLUSH",
    "FOUR_OF_A_KIND",
    "FULL_HOUSE",
    "HAND_SIZES",
    "HIGH_CARD",
    "N_STRENGTHS",
    "PAIR",
    "ROYAL_FLUSH",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "THREE_OF_A_KIND",
    "TWO_PAIR",
    "StrengthTables",
    "best_five",
    "category",
    "category_names",
    "check_hands",
    "describe",
    "evaluate",
    "evaluate_shared",
    "evaluate_tables",
    "hand_ranks",
    "n_strengths",
]


@dataclass(frozen=True)
class StrengthTables:
    """Where the strength of a hand of one size is read once its cards' keys are summed.

    ``rank_table`` is indexed by the rank-weight sum (the key masked by the ranking's
    :func:`~pipeline.core.evaluation.hand_tables.rank_mask`), ``flush_suit`` by the suit-weight sum
    (the suit holding five or more cards, or 4 for none), ``flush_strength`` by the rank bits of the
    flush suit.  :func:`evaluate` reads the ranking's own tables; another ranking of the same
    deck that is decided by the rank multiset and the flush (the lowball rankings of
    :mod:`pipeline.core.evaluation.lowball`) gives its own tables to :func:`evaluate_tables` and
    reuses the keys, the checks and the compiled loop as they are.
    """

    rank_table: NDArray[np.uint16]
    flush_suit: NDArray[np.uint8]
    flush_strength: NDArray[np.uint16]


TablesOfSize = Callable[[int], StrengthTables]
"""Hand size (5, 6 or 7) -> the :class:`StrengthTables` of hands of that size."""


def _ranking_tables(ranking: HandRanking) -> TablesOfSize:
    def of_size(hand_size: int) -> StrengthTables:
        return StrengthTables(
            rank_strengths(hand_size, ranking),
            flush_suits(hand_size),
            ranking_tables(ranking).flush_strength,
        )

    return of_size


def evaluate_tables(
    cards: ArrayLike,
    tables: TablesOfSize,
    *,
    check: bool = True,
    ranking: HandRanking = STANDARD,
) -> NDArray[np.uint16]:
    """Strength of each hand read from ``tables`` (hand size -> :class:`StrengthTables`)
    through the evaluator's keys, checks and loops; ``ranking`` gives the deck and the keys.

    >>> from pipeline.core.cards import parse_cards
    >>> hands = parse_cards([["As", "Ks", "Qs", "Js", "Ts"]])
    >>> int(evaluate_tables(hands, _ranking_tables(STANDARD))[0])
    7461
    """
    if KERNEL is not None:
        return _evaluate_compiled(KERNEL, cards, check=check, ranking=ranking, tables=tables)
    return _evaluate_numpy(cards, check=check, ranking=ranking, tables=tables)


def evaluate(
    cards: ArrayLike, *, check: bool = True, ranking: HandRanking = STANDARD
) -> NDArray[np.uint16]:
    """Strength (0..7461, higher is better) of each hand in an ``(n, k)`` array of card ids.

    ``k`` is 5, 6 or 7.  With ``check=False`` the ids are trusted (the pipeline checks rows
    before it calls), and the call costs only the look-ups.  Under another ``ranking`` (a short
    deck) strengths run ``0..n_strengths(ranking) - 1`` and ids must be in its deck.

    >>> from pipeline.core.cards import parse_cards
    >>> royal, wheel = evaluate(parse_cards([["As", "Ks", "Qs", "Js", "Ts"],
    ...                                      ["5d", "4c", "3h", "2s", "Ad"]]))
    >>> int(royal), int(wheel)
    (7461, 5853)
    >>> from pipeline.core.rules import SHORT_DECK
    >>> hands = parse_cards([["Kh", "9h", "7h", "6h", "Jh"], ["Kc", "Ks", "Kd", "9d", "9c"]])
    >>> flush, full_house = evaluate(hands, ranking=SHORT_DECK)
    >>> bool(flush > full_house)
    True
    """
    if KERNEL is not None:
        return _evaluate_compiled(KERNEL, cards, check=check, ranking=ranking)
    return _evaluate_numpy(cards, check=check, ranking=ranking)


def _evaluate_compiled(
    kernel: ModuleType,
    cards: ArrayLike,
    *,
    check: bool = True,
    ranking: HandRanking = STANDARD,
    tables: TablesOfSize | None = None,
) -> NDArray[np.uint16]:
    """:func:`evaluate` through the compiled loop (:mod:`pipeline.core.kernel`), reading
    ``tables`` (the ranking's own when ``None``).

    A ``uint8`` array goes in as it is and the loop checks ids and repeats itself; any other
    dtype is range-checked by numpy before it is narrowed, as on the numpy path.  A bad row is
    reported by :func:`check_hands`, so both paths raise the same message.
    """
    array = np.asarray(cards)
    if check and array.dtype != np.uint8:
        hands = checked_ids(array, ranking)
    elif array.ndim != 2 or array.shape[1] not in HAND_SIZES:
        hands = checked_ids(array, ranking)  # raises the shape error
    else:
        hands = np.ascontiguousarray(array, dtype=np.uint8)
    n, hand_size = hands.shape
    lookups = (tables or _ranking_tables(ranking))(hand_size)
    out = np.empty(n, dtype=np.uint16)
    bad_row = kernel.evaluate(
        hands,
        hand_size,
        pair_keys(ranking),
        lookups.rank_table,
        rank_mask(ranking),
        SUIT_SHIFT,
        lookups.flush_suit,
        NO_FLUSH,
        suit_rank_bits(),
        lookups.flush_strength,
        pair_checks(ranking),
        out,
        check,
    )
    if bad_row >= 0:
        check_hands(hands, ranking)  # raises, naming the row
        msg = f"the compiled loop rejected row {bad_row}, which check_hands accepts"
        raise AssertionError(msg)
    return out


def _evaluate_numpy(
    cards: ArrayLike,
    *,
    check: bool = True,
    ranking: HandRanking = STANDARD,
    tables: TablesOfSize | None = None,
) -> NDArray[np.uint16]:
    """:func:`evaluate` in numpy alone: the reference for the compiled loop and its fallback."""
    hands = checked_ids(cards, ranking) if check else np.ascontiguousarray(cards, dtype=np.uint8)
    n, hand_size = hands.shape
    lookups = (tables or _ranking_tables(ranking))(hand_size)
    rank_table = lookups.rank_table
    mask = rank_mask(ranking)
    flush_suit_table = lookups.flush_suit
    pair_key = pair_keys(ranking)
    card_key = pair_key[DECK_SIZE << 8 : (DECK_SIZE << 8) + 256]  # one card, padded with id 52
    out = np.empty(n, dtype=np.uint16)
    suits = np.empty(n, dtype=np.uint8)
    # Cards go two at a time: a byte pair read in place as a uint16 (an unaligned view, no copy)
    # indexes a 65,536-entry table of the key sums of two cards, halving the look-ups.  Every
    # index below is in range of its table by construction, so ``np.take(mode="clip")`` never
    # clips; it is used because it skips the bounds check and writes straight into ``out``.
    n_pairs = hand_size // 2
    flat = hands.reshape(-1)
    keys = np.empty(min(n, BLOCK_ROWS), dtype=np.uint32)
    addend = np.empty_like(keys)
    index = np.empty_like(keys)
    flushed_parts: list[NDArray[np.intp]] = []
    # With ``check``, each pair look-up fetches the key sum and the pair's card bits together
    # (16 bytes, one gather) and both are summed: a hand's cards are distinct exactly when the
    # summed bits have ``hand_size`` bits set (a repeated bit carries and loses one).
    if check:
        key_and_bits = pair_key_bits(ranking)
        single_key_and_bits = key_and_bits[DECK_SIZE << 8 : (DECK_SIZE << 8) + 256]
        both = np.empty((min(n, BLOCK_ROWS), 2), dtype=np.uint64)
        both_addend = np.empty_like(both)
        both_keys = both.view(np.uint32)[:, 0]  # the low half of the key word (little-endian)
        counts = np.empty(min(n, BLOCK_ROWS), dtype=np.uint8)
    for start in range(0, n, BLOCK_ROWS):
        rows = min(BLOCK_ROWS, n - start)
        pairs = pair_view(flat, start, rows, hand_size)
        block_addend, block_index = addend[:rows], index[:rows]
        if check:
            block_both, block_both_addend = both[:rows], both_addend[:rows]
            np.take(key_and_bits, pairs[:, 0], axis=0, out=block_both, mode="clip")
            for column in range(1, n_pairs):
                np.take(key_and_bits, pairs[:, column], axis=0, out=block_both_addend, mode="clip")
                block_both += block_both_addend
            if hand_size & 1:
                last_card = hands[start : start + rows, hand_size - 1]
                np.take(single_key_and_bits, last_card, axis=0, out=block_both_addend, mode="clip")
                block_both += block_both_addend
            block_counts = np.bitwise_count(block_both[:, 1], out=counts[:rows])
            if int(block_counts.min()) != hand_size:  # a count is never above hand_size
                raise_repeated(hands, np.bitwise_count(card_bits(hands)) != hand_size)
            block_keys = both_keys[:rows]
        else:
            block_keys = keys[:rows]
            np.take(pair_key, pairs[:, 0], out=block_keys, mode="clip")
            for column in range(1, n_pairs):
                np.take(pair_key, pairs[:, column], out=block_addend, mode="clip")
                block_keys += block_addend
            if hand_size & 1:
                last = hands[start : start + rows, hand_size - 1]
                np.take(card_key, last, out=block_addend, mode="clip")
                block_keys += block_addend
        np.bitwise_and(block_keys, mask, out=block_index)
        np.take(rank_table, block_index, out=out[start : start + rows], mode="clip")
        np.right_shift(block_keys, SUIT_SHIFT, out=block_index)
        block_suits = suits[start : start + rows]
        np.take(flush_suit_table, block_index, out=block_suits, mode="clip")
        flushed_parts.append(np.flatnonzero(block_suits != NO_FLUSH) + start)
    # A few percent of hands hold a flush.  They are redone together, once, from the rank bits
    # of the flush suit: per block, the many small numpy calls would cost more than the work.
    flushed = np.concatenate(flushed_parts) if flushed_parts else np.empty(0, dtype=np.intp)
    if flushed.size:
        flush_cards = np.take(hands, flushed, axis=0)
        # Row ``suit`` of the bit table holds each card's rank bit if the card is of that suit.
        table_row = suits[flushed].astype(np.intp) << 8
        bit_table = suit_rank_bits()
        bits = np.take(bit_table, table_row + flush_cards[:, 0])
        for column in range(1, hand_size):
            bits |= np.take(bit_table, table_row + flush_cards[:, column])
        out[flushed] = np.take(lookups.flush_strength, bits)
    return out


def evaluate_shared(
    holes: ArrayLike, boards: ArrayLike, ranking: HandRanking = STANDARD
) -> NDArray[np.uint16]:
    """Strength of every hole-card set on every board: (players, h) x (m, b) -> (players, m).

    The board part of the work (key sums, per-suit rank bits) is done once and shared by all
    players, so each extra player costs one addition and a look-up per board.  ``h + b`` must be
    5, 6 or 7; ids are trusted (check them first).

    >>> from pipeline.core.cards import parse_cards
    >>> holes = parse_cards([["Ah", "Kh"], ["Qs", "Qc"]])
    >>> board = parse_cards([["2h", "7h", "9h", "Qd", "3c"]])
    >>> evaluate_shared(holes, board)[:, 0].tolist() == [
    ...     int(evaluate(np.hstack([hole[None], board]))[0]) for hole in holes]
    True
    """
    hole_array = np.asarray(holes, dtype=np.uint8)
    board_array = np.asarray(boards, dtype=np.uint8)
    hand_size = hole_array.shape[1] + board_array.shape[1]
    if hand_size not in HAND_SIZES:
        msg = f"hole and board cards must make 5, 6 or 7, got {hand_size}"
        raise ValueError(msg)
    tables = ranking_tables(ranking)
    rank_table = rank_strengths(hand_size, ranking)
    mask = rank_mask(ranking)
    flush_suit_table = flush_suits(hand_size)
    board_keys = np.zeros(len(board_array), dtype=np.uint32)
    for column in range(board_array.shape[1]):
        board_keys += tables.card_key[board_array[:, column]]
    out = np.empty((len(hole_array), len(board_array)), dtype=np.uint16)
    for player, hole in enumerate(hole_array):
        keys = board_keys + np.uint32(tables.card_key[hole].sum(dtype=np.uint32))
        strengths = rank_table[keys & mask]
        suit = flush_suit_table[keys >> SUIT_SHIFT]
        flushed = np.flatnonzero(suit != NO_FLUSH)
        if flushed.size:
            flush_suit = suit[flushed]
            hole_bits = np.zeros(4, dtype=np.int32)
            for card in hole.tolist():
                hole_bits[card & 3] |= 1 << (card >> 2)
            flush_board = board_array[flushed]
            in_suit = (flush_board & 3) == flush_suit[:, None]
            ranks = np.left_shift(1, flush_board >> 2, dtype=np.int32)
            bits = np.where(in_suit, ranks, 0).sum(axis=1) | hole_bits[flush_suit]
            strengths[flushed] = tables.flush_strength[bits]
        out[player] = strengths
    return out


def category(strengths: ArrayLike, ranking: HandRanking = STANDARD) -> NDArray[np.uint8]:
    """Category code (index into :data:`CATEGORY_NAMES`) of each strength under ``ranking``.

    >>> category([0, 7460, 7461]).tolist()
    [0, 8, 9]
    """
    return ranking_tables(ranking).category[np.asarray(strengths, dtype=np.intp)]


def category_names(strengths: ArrayLike, ranking: HandRanking = STANDARD) -> list[str]:
    """Hand name of each strength: ``'Full House'``, ``'Royal Flush'``.

    >>> category_names([0, 7461])
    ['High Card', 'Royal Flush']
    """
    return [CATEGORY_NAMES[code] for code in category(strengths, ranking).tolist()]


def describe(strengths: ArrayLike, ranking: HandRanking = STANDARD) -> list[str]:
    """The commentator's description of each strength.

    >>> describe([0, 7461])
    ['High Card (Seven)', 'Royal Flush']
    """
    table = ranking_tables(ranking).descriptions
    return [table[strength] for strength in np.asarray(strengths, dtype=np.intp).ravel().tolist()]


def hand_ranks(strengths: ArrayLike, ranking: HandRanking = STANDARD) -> NDArray[np.uint8]:
    """The five ranks (0..12) of each strength, groups first then kickers, wheel ace last.

    >>> hand_ranks([7461]).tolist()
    [[12, 11, 10, 9, 8]]
    """
    return ranking_tables(ranking).ranks[np.asarray(strengths, dtype=np.intp)]


def best_five(
    cards: ArrayLike, *, check: bool = True, ranking: HandRanking = STANDARD
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """The five cards that make each hand, in the quiz's arranged order, and the unused cards.

    Used cards come first: the larger group first, then by face (a wheel's ace last), then the
    kickers by face; the unused cards follow by face.  Equal faces are listed s, h, d, c.
    Returns ``(used, unused)`` of shapes ``(n, 5)`` and ``(n, k - 5)``.

    >>> from pipeline.core.cards import parse_cards, format_hand
    >>> used, unused = best_five(parse_cards([["9c", "Ah", "Ks", "Kd", "9d", "3c", "6d"]]))
    >>> format_hand(used[0]), format_hand(unused[0])
    ('Ks Kd 9d 9c Ah', '6d 3c')
    """
    hands = check_hands(cards, ranking) if check else np.asarray(cards, dtype=np.uint8)
    hand_size = hands.shape[1]
    strengths = evaluate(hands, check=False, ranking=ranking).astype(np.intp)
    ordered = -np.sort(-hands.astype(np.int16), axis=1)  # descending: by face, then s h d c
    ranks = ordered >> 2
    suits = ordered & 3
    hand_rank_list = ranking_tables(ranking).ranks[strengths].astype(np.int16)  # (n, 5)
    codes = ranking_tables(ranking).category[strengths]
    flush_like = np.isin(codes, (FLUSH, STRAIGHT_FLUSH, ROYAL_FLUSH))
    # The flush suit is the suit of the hand's suits with five or more cards.
    suit_counts = (suits[:, :, None] == np.arange(4)).sum(axis=1)
    flush_suit = np.argmax(suit_counts, axis=1)
    eligible = ~flush_like[:, None] | (suits == flush_suit[:, None])
    # How many of each rank the five use, and where that rank stands in the arranged order.
    needed = (hand_rank_list[:, None, :] == ranks[:, :, None]).sum(axis=2)  # (n, k)
    position = np.argmax(hand_rank_list[:, None, :] == ranks[:, :, None], axis=2)
    # A card is used when fewer than `needed` eligible cards of its rank come before it.
    earlier = np.zeros_like(ranks)
    for column in range(1, hand_size):
        same = (ranks[:, :column] == ranks[:, column : column + 1]) & eligible[:, :column]
        earlier[:, column] = same.sum(axis=1)
    used = eligible & (earlier < needed)
    sort_key = np.where(used, position, 5)
    arrangement = np.argsort(sort_key, axis=1, kind="stable")
    arranged = np.take_along_axis(ordered, arrangement, axis=1).astype(np.uint8)
    return arranged[:, :5].copy(), arranged[:, 5:].copy()
