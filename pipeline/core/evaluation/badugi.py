"""Badugi hands, vectorised: four cards, the best subset of distinct ranks and distinct suits.

A hand plays its largest subset of cards with no two of a rank and no two of a suit; a
four-card badugi beats every three-card hand, a three-card every two-card one.  Among hands of
as many cards the lower wins, aces low, compared from the highest card down (4-3-2-A is the
best hand, a three-card 6-4-2 beats a three-card 6-5-A).  Players name a hand by its count and
its ranks: ``'a 4-3-2-A badugi'`` (four cards), ``'a three-card 6-4-2 badugi'``.

A **strength** is ``0..N_BADUGI_STRENGTHS - 1``, higher is better, equal ties, as for every
other game, so :func:`pipeline.core.pots.pot_shares` decides a Badugi pot unchanged.  There are
1,092 classes: ``C(13, k)`` sets of ``k`` ranks for ``k`` = 1 to 4.

How it is fast: a hand's two card pairs, each read in place as one ``uint16``, are numbered
``0..1325`` (the unordered pairs of 52 cards; 1,326 for a repeated card or an id past 51) by a
65,536-entry table, and the two numbers index one table of the strength of every two pairs
(1,327 x 1,327 entries, 3.4 MiB, built once from every subset of the four cards), which reads
``0xFFFF`` for two pairs that are not four distinct cards.  A row is three look-ups, and the
check one look at the largest strength.

>>> from pipeline.core.cards import parse_cards
>>> hands = parse_cards([["Ac", "2d", "3h", "4s"], ["6c", "4d", "2h", "Kh"],
...                      ["Kc", "Kd", "Kh", "Ks"]])
>>> describe_badugi(badugi_strengths(hands))
['a 4-3-2-A badugi', 'a three-card 6-4-2 badugi', 'a one-card K badugi']
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pipeline.core.cards import DECK_SIZE, INVALID_CARD, RANKS
from pipeline.core.evaluation import table_cache
from pipeline.core.evaluation.hand_checks import card_bits, checked_cards
from pipeline.core.evaluation.hand_tables import BLOCK_ROWS

__all__ = [
    "BADUGI_CARDS",
    "N_BADUGI_STRENGTHS",
    "badugi_cards_used",
    "badugi_category_names",
    "badugi_faces",
    "badugi_sizes",
    "badugi_strengths",
    "best_badugi_cards",
    "describe_badugi",
]

BADUGI_CARDS = 4
"""A Badugi hand's cards."""

N_BADUGI_STRENGTHS = 1092
"""Badugi hand classes: the sets of one to four of the 13 ranks."""

_PAIRS = 1326  # C(52, 2)
_NOT_A_PAIR = _PAIRS  # the number of a repeated id or an id of 52 or more
_ROW = _PAIRS + 1  # the strength table's row length: every pair number, and not a pair
_NO_HAND = 0xFFFF  # the strength of two pairs that are not four distinct cards
_FACE_BITS = 13  # a class's ranks as bits, ace = bit 0 up to king = bit 12
_COUNT_WORDS = ("", "one-card ", "two-card ", "three-card ", "")
CATEGORY_NAMES = ("", "One-card hand", "Two-card hand", "Three-card hand", "Badugi")
"""Badugi's categories by the number of cards that play."""


@dataclass(frozen=True)
class _Classes:
    sizes: NDArray[np.uint8]  # strength -> how many cards play
    faces: tuple[tuple[int, ...], ...]  # strength -> faces, highest first, ace = 1
    strength_of_score: NDArray[np.uint16]  # count << 13 | (8191 - rank bits) -> strength


def _faces_text(faces: tuple[int, ...]) -> str:
    return "-".join("A" if face == 1 else RANKS[face - 2] for face in faces)


@functools.cache
def _classes() -> _Classes:
    """Every class, weakest first: fewer cards first, then the higher ranks first."""
    scores = sorted(
        count << _FACE_BITS | (~bits & ((1 << _FACE_BITS) - 1))
        for count in range(1, 5)
        for faces in itertools.combinations(range(_FACE_BITS), count)
        for bits in [sum(1 << face for face in faces)]
    )
    strength_of_score = np.zeros(5 << _FACE_BITS, dtype=np.uint16)
    strength_of_score[scores] = np.arange(len(scores))
    faces = tuple(
        tuple(bit + 1 for bit in range(_FACE_BITS - 1, -1, -1) if ~score >> bit & 1)
        for score in scores
    )
    return _Classes(
        sizes=np.array([score >> _FACE_BITS for score in scores], dtype=np.uint8),
        faces=faces,
        strength_of_score=strength_of_score,
    )


def _subsets() -> list[tuple[int, ...]]:
    return [subset for size in range(1, 5) for subset in itertools.combinations(range(4), size)]


def _best_scores(cards: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Per row of four cards: the best subset's score (``count << 13 | (8191 - rank bits)``,
    greater is better) and the subset as four bits (bit ``j`` for card ``j``)."""
    faces = np.where(cards >> 2 == 12, 0, (cards >> 2) + 1)  # ace = bit 0
    suits = cards & 3
    best = np.zeros(len(cards), dtype=np.int64)
    chosen = np.zeros(len(cards), dtype=np.int64)
    for subset in _subsets():
        columns = list(subset)
        rank_bits = np.bitwise_or.reduce(1 << faces[:, columns], axis=1)
        suit_bits = np.bitwise_or.reduce(1 << suits[:, columns], axis=1)
        distinct = (np.bitwise_count(rank_bits) == len(subset)) & (
            np.bitwise_count(suit_bits) == len(subset)
        )
        score = np.where(distinct, len(subset) << _FACE_BITS | (~rank_bits & 8191), 0)
        better = score > best
        best = np.where(better, score, best)
        chosen = np.where(better, sum(1 << column for column in subset), chosen)
    return best, chosen


@functools.cache
def _pair_number() -> NDArray[np.uint32]:
    """Two card ids packed in a ``uint16`` (first card in the low byte) -> the number of the
    unordered pair, ``0..1325``, or 1,326 for a repeated id or an id of 52 or more."""
    pairs = np.array(list(itertools.combinations(range(DECK_SIZE), 2)), dtype=np.intp)
    table = np.full(1 << 16, _NOT_A_PAIR, dtype=np.uint32)
    numbers = np.arange(_PAIRS, dtype=np.uint32)
    table[pairs[:, 0] | pairs[:, 1] << 8] = numbers
    table[pairs[:, 1] | pairs[:, 0] << 8] = numbers
    table.setflags(write=False)
    return table


@functools.cache
def _strength_table() -> NDArray[np.uint16]:
    """Pair numbers ``a * 1327 + b`` -> the strength of the four cards of pairs ``a`` and
    ``b``, or ``0xFFFF`` when they are not four distinct cards (the pairs share a card, or one
    is not a pair): the check of a row costs nothing but a look at the largest strength.

    Built in about a second from every subset of the four cards, then read from the on-disk
    cache (:mod:`pipeline.core.evaluation.table_cache`), keyed by this file's source.
    """
    key = table_cache.source_key([__file__])
    arrays = table_cache.load_or_build("badugi-table", key, lambda: {"table": _build_table()})
    table: NDArray[np.uint16] = arrays["table"]
    table.setflags(write=False)
    return table


def _build_table() -> NDArray[np.uint16]:
    pairs = np.array(list(itertools.combinations(range(DECK_SIZE), 2)), dtype=np.int64)
    first = np.repeat(np.arange(_PAIRS), _PAIRS)
    second = np.tile(np.arange(_PAIRS), _PAIRS)
    cards = np.hstack([pairs[first], pairs[second]])
    scores, _ = _best_scores(cards)
    strengths = _classes().strength_of_score[scores]
    shared = (cards[:, :2, None] == cards[:, None, 2:]).any(axis=(1, 2))
    strengths[shared] = _NO_HAND
    table = np.full((_ROW, _ROW), _NO_HAND, dtype=np.uint16)
    table[:_PAIRS, :_PAIRS] = strengths.reshape(_PAIRS, _PAIRS)
    return table.reshape(-1)


def _hands(cards: ArrayLike, check: bool) -> NDArray[np.uint8]:
    if not check:
        return np.ascontiguousarray(cards, dtype=np.uint8)
    hands = checked_cards(cards, BADUGI_CARDS, "Badugi hands")
    repeated = np.bitwise_count(card_bits(hands)) != BADUGI_CARDS
    if repeated.any():
        row = int(np.argmax(repeated))
        ordered = np.sort(hands[row])
        card = int(ordered[1:][ordered[1:] == ordered[:-1]][0])
        msg = f"row {row}: card id {card} appears twice in the hand"
        raise ValueError(msg)
    return hands


def badugi_strengths(cards: ArrayLike, *, check: bool = True) -> NDArray[np.uint16]:
    """Strength of each four-card Badugi hand of an ``(n, 4)`` array of card ids:
    ``0..N_BADUGI_STRENGTHS - 1``, higher is better, equal ties.

    With ``check=False`` the ids are trusted: any byte still reads inside the tables, and a row
    that is not four distinct cards reads ``0xFFFF``.

    >>> from pipeline.core.cards import parse_cards
    >>> hands = parse_cards([["Ac", "2d", "3h", "4s"], ["Ac", "2c", "3c", "Kc"]])
    >>> badugi_strengths(hands).tolist()
    [1091, 12]
    >>> badugi_strengths([[0, 1, 2, 2]])
    Traceback (most recent call last):
    ...
    ValueError: row 0: card id 2 appears twice in the hand
    """
    array = np.asarray(cards)
    # Wider ids are range-checked before they are narrowed (-1 or 300 must not wrap into a
    # card); uint8 rows of the right shape are checked by the table itself (see below).
    if check and (array.dtype != np.uint8 or array.ndim != 2 or array.shape[1] != BADUGI_CARDS):
        hands = checked_cards(array, BADUGI_CARDS, "Badugi hands")
    else:
        hands = np.ascontiguousarray(array, dtype=np.uint8)
    n = len(hands)
    out = np.empty(n, dtype=np.uint16)
    if n == 0:
        return out
    pair_number = _pair_number()
    table = _strength_table()
    # Each row's two pairs read in place as uint16 (no copy), as the evaluator reads its pairs.
    pairs = hands.reshape(-1).view(np.uint16).reshape(n, 2)
    first = np.empty(min(n, BLOCK_ROWS), dtype=np.uint32)
    second = np.empty_like(first)
    for start in range(0, n, BLOCK_ROWS):
        rows = min(BLOCK_ROWS, n - start)
        block_first, block_second = first[:rows], second[:rows]
        np.take(pair_number, pairs[start : start + rows, 0], out=block_first, mode="clip")
        np.take(pair_number, pairs[start : start + rows, 1], out=block_second, mode="clip")
        block_first *= np.uint32(_ROW)
        block_first += block_second
        np.take(table, block_first, out=out[start : start + rows], mode="clip")
    if check and int(out.max()) == _NO_HAND:
        _hands(hands, check=True)  # raises, naming the row and the card
        msg = "a Badugi row read as no hand, which the check accepts"
        raise AssertionError(msg)
    return out


def badugi_sizes(strengths: ArrayLike) -> NDArray[np.uint8]:
    """How many cards each hand plays (4 for a badugi, 3 for a three-card hand, ...).

    >>> badugi_sizes([0, 1091]).tolist()
    [1, 4]
    """
    return _classes().sizes[np.asarray(strengths, dtype=np.intp)]


def badugi_faces(strengths: ArrayLike) -> list[str]:
    """The ranks each hand plays, highest first, as written: ``'4-3-2-A'``, ``'K'``.

    >>> badugi_faces([1091, 0])
    ['4-3-2-A', 'K']
    """
    faces = _classes().faces
    return [
        _faces_text(faces[strength])
        for strength in np.asarray(strengths, dtype=np.intp).ravel().tolist()
    ]


def describe_badugi(strengths: ArrayLike) -> list[str]:
    """What players call each hand: ``'a 4-3-2-A badugi'`` (four cards), ``'a three-card 6-4-2
    badugi'``, ``'a two-card 5-3 badugi'``, ``'a one-card K badugi'``.

    >>> describe_badugi([1091, 12])
    ['a 4-3-2-A badugi', 'a one-card A badugi']
    """
    sizes = _classes().sizes
    return [
        f"a {_COUNT_WORDS[int(sizes[strength])]}{text} badugi"
        for strength, text in zip(
            np.asarray(strengths, dtype=np.intp).ravel().tolist(),
            badugi_faces(strengths),
            strict=True,
        )
    ]


def badugi_cards_used(cards: ArrayLike, *, check: bool = True) -> NDArray[np.bool_]:
    """Which of each row's four cards play: ``(n, 4)`` booleans (the first best subset when two
    are equal, as with 2c 3d 3c 4d: either three).

    >>> from pipeline.core.cards import parse_cards
    >>> badugi_cards_used(parse_cards([["2s", "3s", "4d", "7h"]])).tolist()
    [[True, False, True, True]]
    """
    hands = _hands(cards, check)
    _, chosen = _best_scores(hands.astype(np.int64))
    used: NDArray[np.bool_] = (chosen[:, None] >> np.arange(BADUGI_CARDS)) & 1 == 1
    return used


def badugi_category_names(strengths: ArrayLike) -> list[str]:
    """Each hand's category, by how many cards play: ``'Badugi'`` (four), ``'Three-card
    hand'``, ``'Two-card hand'``, ``'One-card hand'``.

    >>> badugi_category_names([1091, 12])
    ['Badugi', 'One-card hand']
    """
    return [CATEGORY_NAMES[size] for size in badugi_sizes(strengths).ravel().tolist()]


def best_badugi_cards(cards: ArrayLike, *, check: bool = True) -> NDArray[np.uint8]:
    """The cards each hand plays, highest first (aces low), padded to five with
    :data:`~pipeline.core.cards.INVALID_CARD`: ``(n, 5)``, as a best five is shown.

    >>> from pipeline.core.cards import format_hand, parse_cards
    >>> format_hand(best_badugi_cards(parse_cards([["2s", "3s", "4d", "7h"]]))[0, :3])
    '7h 4d 2s'
    """
    hands = _hands(cards, check)
    used = badugi_cards_used(hands, check=False)
    ranks = (hands >> 2).astype(np.int16)
    face = np.where(ranks == len(RANKS) - 1, -1, ranks)  # the ace plays low
    # the cards that play first, highest first; the others last, then dropped to pads
    order = np.lexsort((-face, ~used), axis=1)
    arranged = np.take_along_axis(hands, order, axis=1)
    playing = np.take_along_axis(used, order, axis=1)
    five = np.full((len(hands), 5), INVALID_CARD, dtype=np.uint8)
    five[:, :BADUGI_CARDS] = np.where(playing, arranged, INVALID_CARD)
    return five
