"""Lowball hands (Razz, A-5 and 2-7 draw), declared as data and scored by the evaluator's loop.

A :class:`LowballRanking` says where the ace plays and whether straights and flushes count; the
rest follows from the hand types of a high hand.  **Ace-to-five** (Razz, A-5 Triple Draw): the
ace is the lowest card, straights and flushes do not count, pairs count against you, and every
hand is ranked (a paired Razz hand still plays).  **Deuce-to-seven** (2-7 Single and Triple
Draw): the ace is high only (A-2-3-4-5 is no straight), straights and flushes count against
you; the best hand is 7-5-4-3-2 of two suits or more, "Number one".

A **strength** is ``0..n_lowball_strengths(ranking) - 1``, *higher is better* as for high
hands, so :func:`pipeline.core.pots.pot_shares` decides a lowball pot unchanged.  Strengths are
the places of the hand classes in the ranking's order: 6,175 classes for ace-to-five (the rank
multisets of five cards) and 7,462 for deuce-to-seven (the standard count: the wheel becomes an
ace-high hand, A-2-3-4-5 of one suit an ace-high flush).

How it is fast: a lowball hand is decided by its rank multiset and, in 2-7, its flush, exactly
what the evaluator's keys carry.  So the evaluator's loop (compiled or numpy,
:func:`pipeline.core.evaluation.evaluator.evaluate_tables`) reads tables built here from the
declaration (:class:`~pipeline.core.evaluation.evaluator.StrengthTables`); no other evaluator is
written. Ace-to-five takes the best five of 5, 6 or 7 cards (Razz); deuce-to-seven is dealt five
cards.

>>> from pipeline.core.cards import parse_cards
>>> razz = lowball_strengths(ACE_TO_FIVE, parse_cards([["Kd", "7c", "5s", "4h", "3d", "2c", "Kh"],
...                                                    ["As", "2d", "3h", "4c", "5d", "9s", "9c"]]))
>>> describe_lowball(ACE_TO_FIVE, razz), format_lowball(ACE_TO_FIVE, razz)
(['7-5 low', 'wheel'], ['7-5-4-3-2', '5-4-3-2-A'])
>>> draw = lowball_strengths(DEUCE_TO_SEVEN, parse_cards([["7c", "5d", "4h", "3s", "2c"],
...                                                      ["6c", "5d", "4h", "3s", "2c"]]))
>>> describe_lowball(DEUCE_TO_SEVEN, draw)
['Number one', 'a straight, Six high']
"""

from __future__ import annotations

import functools
import hashlib
import itertools
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pipeline.core import rules
from pipeline.core.cards import RANK_NAMES, RANK_PLURALS, RANKS
from pipeline.core.evaluation import hand_tables, table_cache
from pipeline.core.evaluation.evaluator import StrengthTables, evaluate_tables
from pipeline.core.evaluation.hand_tables import (
    NO_FLUSH,
    SUIT_SHIFT,
    flush_suits,
    rank_mask,
    rank_weights,
)
from pipeline.core.rules import ACE_TO_FIVE, DEUCE_TO_SEVEN, STANDARD, LowballRanking

__all__ = [
    "ACE_TO_FIVE",
    "DEUCE_TO_SEVEN",
    "LowballRanking",
    "best_lowball_five",
    "describe_lowball",
    "format_lowball",
    "lowball_categories",
    "lowball_category_names",
    "lowball_strengths",
    "n_lowball_strengths",
]


@dataclass(frozen=True)
class _Classes:
    """A ranking's hand classes by strength (weakest first)."""

    category: NDArray[np.uint8]  # strength -> category code of the high hand it reverses
    faces: NDArray[np.uint8]  # strength -> the five ranks 0..12, as they are said
    names: tuple[str, ...]  # strength -> the name players say
    texts: tuple[str, ...]  # strength -> '7-5-4-3-2'


def _high_key(
    ranks: tuple[int, ...], flush: bool, ranking: LowballRanking
) -> tuple[int, int, tuple[int, ...]]:
    """``(category place, category, ordered values)`` of five ranks as a high hand under the
    ranking's rules: a *greater* key is a *worse* low.  An ace-low ace has value -1."""
    values = [-1 if ranking.ace_low and rank == rules.ACE else rank for rank in ranks]
    counts = {value: values.count(value) for value in set(values)}
    ordered = tuple(sorted(values, key=lambda value: (counts[value], value), reverse=True))
    straight = ranking.straights_and_flushes and len(counts) == 5 and ordered[0] - ordered[4] == 4
    flush = ranking.straights_and_flushes and flush
    if straight:
        category = rules.STRAIGHT_FLUSH if flush else rules.STRAIGHT
    elif flush:
        category = rules.FLUSH
    else:
        shape = tuple(sorted(counts.values(), reverse=True))
        category = {
            (1, 1, 1, 1, 1): rules.HIGH_CARD,
            (2, 1, 1, 1): rules.PAIR,
            (2, 2, 1): rules.TWO_PAIR,
            (3, 1, 1): rules.THREE_OF_A_KIND,
            (3, 2): rules.FULL_HOUSE,
            (4, 1): rules.FOUR_OF_A_KIND,
        }[shape]
    return STANDARD.rank_place(category), category, ordered


@functools.cache
def _source_key() -> str | None:
    """Version of the table-building code: this file, the evaluator's tables and the rules."""
    return table_cache.source_key((__file__, hand_tables.__file__, rules.__file__))


def _cache_key(ranking: LowballRanking) -> str | None:
    """The cache key of a ranking's tables: the building code's version and the declaration
    (``None``, nothing cached, when the code's version is unknown)."""
    source = _source_key()
    if source is None:
        return None
    return hashlib.sha256(f"{source} {ranking!r}".encode()).hexdigest()[:20]


def _build_classes(ranking: LowballRanking) -> table_cache.Arrays:
    """Every five-card class (rank multisets, and the flushes when they count), its strength
    and its names; kept in the on-disk table cache."""
    multisets = [
        ranks
        for ranks in itertools.combinations_with_replacement(range(13), 5)
        if max(ranks.count(rank) for rank in ranks) <= 4
    ]
    flushes = list(itertools.combinations(range(13), 5)) if ranking.straights_and_flushes else []
    multiset_keys = [_high_key(ranks, False, ranking) for ranks in multisets]
    flush_keys = [_high_key(ranks, True, ranking) for ranks in flushes]
    ordered = sorted(set(multiset_keys + flush_keys), reverse=True)  # the worst low first
    place = {key: strength for strength, key in enumerate(ordered)}
    faces = [tuple(rules.ACE if value == -1 else value for value in key[2]) for key in ordered]
    best = len(ordered) - 1
    names = [
        ranking.best_hand if strength == best else _name(key[1], faces[strength])
        for strength, key in enumerate(ordered)
    ]
    return {
        "category": np.array([key[1] for key in ordered], dtype=np.uint8),
        "faces": np.array(faces, dtype=np.uint8),
        "names": np.array(names),
        "texts": np.array(["-".join(RANKS[rank] for rank in five) for five in faces]),
        "multisets": np.array(multisets, dtype=np.uint8),
        "multiset_strengths": np.array([place[key] for key in multiset_keys], dtype=np.uint16),
        "flushes": np.array(flushes, dtype=np.uint8).reshape(-1, 5),
        "flush_strengths": np.array([place[key] for key in flush_keys], dtype=np.uint16),
    }


@functools.cache
def _class_arrays(ranking: LowballRanking) -> table_cache.Arrays:
    return table_cache.load_or_build(
        "lowball-classes", _cache_key(ranking), lambda: _build_classes(ranking)
    )


@functools.cache
def _classes(ranking: LowballRanking) -> _Classes:
    arrays = _class_arrays(ranking)
    return _Classes(
        category=arrays["category"],
        faces=arrays["faces"],
        names=tuple(arrays["names"].tolist()),
        texts=tuple(arrays["texts"].tolist()),
    )


def _name(category: int, faces: tuple[int, ...]) -> str:
    """What players say: ``'7-5 low'``, ``'pair of Kings'``, ``'a straight, Six high'``."""
    first, second = faces[0], faces[3] if category == rules.FULL_HOUSE else faces[2]
    return {
        rules.HIGH_CARD: f"{RANKS[faces[0]]}-{RANKS[faces[1]]} low",
        rules.PAIR: f"pair of {RANK_PLURALS[first]}",
        rules.TWO_PAIR: f"two pair, {RANK_PLURALS[first]} and {RANK_PLURALS[second]}",
        rules.THREE_OF_A_KIND: f"three of a kind, {RANK_PLURALS[first]}",
        rules.STRAIGHT: f"a straight, {RANK_NAMES[first]} high",
        rules.FLUSH: f"a flush, {RANK_NAMES[first]} high",
        rules.FULL_HOUSE: f"a full house, {RANK_PLURALS[first]} over {RANK_PLURALS[second]}",
        rules.FOUR_OF_A_KIND: f"four of a kind, {RANK_PLURALS[first]}",
        rules.STRAIGHT_FLUSH: f"a straight flush, {RANK_NAMES[first]} high",
    }[category]


@functools.cache
def _strength_tables(ranking: LowballRanking, hand_size: int) -> StrengthTables:
    """The evaluator's three tables for ``ranking`` and ``hand_size`` cards, built once and
    then read from the on-disk table cache (:mod:`pipeline.core.evaluation.table_cache`)."""
    if hand_size not in ranking.hand_sizes:
        msg = f"{ranking.name} hands hold {ranking.hand_sizes!r} cards, got {hand_size}"
        raise ValueError(msg)
    arrays = table_cache.load_or_build(
        f"lowball-tables-{hand_size}",
        _cache_key(ranking),
        lambda: _build_strength_tables(ranking, hand_size),
    )
    return StrengthTables(arrays["rank_table"], arrays["flush_suit"], arrays["flush_strength"])


def _build_strength_tables(ranking: LowballRanking, hand_size: int) -> table_cache.Arrays:
    """The rank table is indexed by the rank-weight sum of the standard deck's keys: for five
    cards the strength of the multiset without a flush; for six or seven (ace-to-five only) the
    best strength of its five-card multisets.  The flush table is indexed by the flush suit's
    rank bits."""
    classes = _class_arrays(ranking)
    weights = np.array(rank_weights(STANDARD), dtype=np.int64)
    mask = rank_mask(STANDARD)
    five = np.zeros(mask + 1, dtype=np.uint16)
    five[weights[classes["multisets"]].sum(axis=1)] = classes["multiset_strengths"]
    rank_table = five
    if hand_size > 5:
        every = np.array(
            list(itertools.combinations_with_replacement(range(13), hand_size)), dtype=np.int64
        )
        counts = (every[:, :, None] == np.arange(13)).sum(axis=1)
        weighted = weights[every[counts.max(axis=1) <= 4]]
        best = np.zeros(len(weighted), dtype=np.uint16)
        for subset in itertools.combinations(range(hand_size), 5):
            np.maximum(best, five[weighted[:, list(subset)].sum(axis=1)], out=best)
        rank_table = np.zeros(mask + 1, dtype=np.uint16)
        rank_table[weighted.sum(axis=1)] = best
    flush_strength = np.zeros(1 << 13, dtype=np.uint16)
    if ranking.straights_and_flushes:
        flush_suit = flush_suits(hand_size).copy()
        bits = np.left_shift(1, classes["flushes"].astype(np.int64)).sum(axis=1)
        flush_strength[bits] = classes["flush_strengths"]
    else:
        flush_suit = np.full(1 << (32 - SUIT_SHIFT), NO_FLUSH, dtype=np.uint8)
    return {"rank_table": rank_table, "flush_suit": flush_suit, "flush_strength": flush_strength}


def lowball_strengths(
    ranking: LowballRanking, cards: ArrayLike, *, check: bool = True
) -> NDArray[np.uint16]:
    """Strength of each hand of an ``(n, k)`` array of card ids under a lowball ranking:
    ``0..n_lowball_strengths(ranking) - 1``, higher is better, equal ties.

    ``k`` is one of ``ranking.hand_sizes`` (the best five of up to seven play in ace-to-five).
    With ``check=False`` the ids are trusted, as in
    :func:`pipeline.core.evaluation.evaluator.evaluate`.

    >>> from pipeline.core.cards import parse_cards
    >>> hands = parse_cards([["Ks", "Kd", "2c", "3c", "4c"], ["Qs", "Jd", "9c", "8c", "7c"]])
    >>> describe_lowball(ACE_TO_FIVE, lowball_strengths(ACE_TO_FIVE, hands))
    ['pair of Kings', 'Q-J low']
    >>> lowball_strengths(DEUCE_TO_SEVEN, parse_cards([["Ks", "Kd", "2c", "3c", "4c", "5c"]]))
    Traceback (most recent call last):
    ...
    ValueError: deuce-to-seven hands hold (5,) cards, got 6
    """
    array = np.asarray(cards)
    hand_size = array.shape[1] if array.ndim == 2 else 0
    if hand_size not in ranking.hand_sizes:
        msg = f"{ranking.name} hands hold {ranking.hand_sizes!r} cards, got {hand_size}"
        raise ValueError(msg)
    return evaluate_tables(
        array, functools.partial(_strength_tables, ranking), check=check, ranking=STANDARD
    )


def n_lowball_strengths(ranking: LowballRanking) -> int:
    """How many hand classes (strengths ``0..n - 1``) the ranking has.

    >>> n_lowball_strengths(ACE_TO_FIVE), n_lowball_strengths(DEUCE_TO_SEVEN)
    (6175, 7462)
    """
    return len(_classes(ranking).names)


def describe_lowball(ranking: LowballRanking, strengths: ArrayLike) -> list[str]:
    """What players call each hand: ``'7-5 low'`` (the two highest cards of an unpaired hand),
    the ranking's best hand by its name (``'wheel'``, ``'Number one'``), ``'pair of Kings'``,
    ``'a straight, Six high'``.

    >>> describe_lowball(DEUCE_TO_SEVEN, [7461, 7460, 0])
    ['Number one', '7-6 low', 'a straight flush, Ace high']
    """
    names = _classes(ranking).names
    return [names[strength] for strength in np.asarray(strengths, dtype=np.intp).ravel().tolist()]


def format_lowball(ranking: LowballRanking, strengths: ArrayLike) -> list[str]:
    """Each hand's five ranks as written, groups first then highest first: ``'7-5-4-3-2'``,
    ``'6-4-3-2-A'``, ``'K-K-4-3-2'``.

    >>> format_lowball(ACE_TO_FIVE, [6174, 0])
    ['5-4-3-2-A', 'K-K-K-K-Q']
    """
    texts = _classes(ranking).texts
    return [texts[strength] for strength in np.asarray(strengths, dtype=np.intp).ravel().tolist()]


def lowball_categories(ranking: LowballRanking, strengths: ArrayLike) -> NDArray[np.uint8]:
    """The category code (:data:`pipeline.core.rules.CATEGORY_NAMES`) of the high hand each
    strength reverses: ``HIGH_CARD`` for an unpaired low, ``PAIR``, ``STRAIGHT`` in 2-7, ...

    >>> from pipeline.core.rules import CATEGORY_NAMES
    >>> [CATEGORY_NAMES[code] for code in lowball_categories(DEUCE_TO_SEVEN, [7461, 0])]
    ['High Card', 'Straight Flush']
    """
    return _classes(ranking).category[np.asarray(strengths, dtype=np.intp)]


def lowball_category_names(ranking: LowballRanking, strengths: ArrayLike) -> list[str]:
    """Each hand's category as players count them: an unpaired hand by its highest card
    (``'7 low'``, ``'T low'``; a 2-7 ace-high hand ``'A low'``), else the high category it
    reverses (``'Pair'``, ``'Straight'``, ...), the classes whose odds a season compares.

    >>> lowball_category_names(ACE_TO_FIVE, [6174, 0])
    ['5 low', 'Four of a Kind']
    >>> lowball_category_names(DEUCE_TO_SEVEN, [7461, 7460, 0])
    ['7 low', '7 low', 'Straight Flush']
    """
    classes = _classes(ranking)
    at = np.asarray(strengths, dtype=np.intp).ravel()
    categories = classes.category[at].tolist()
    tops = classes.faces[at, 0].tolist()
    return [
        f"{RANKS[top]} low" if category == rules.HIGH_CARD else rules.CATEGORY_NAMES[category]
        for category, top in zip(categories, tops, strict=True)
    ]


def best_lowball_five(
    ranking: LowballRanking, cards: ArrayLike, *, check: bool = True
) -> NDArray[np.uint8]:
    """The five cards that make each hand's low, as :func:`format_lowball` lists their ranks
    (groups first, then highest first; an ace-to-five ace last): ``(n, 5)``.

    Every five of a row's cards is scored in one call and the first best one plays.

    >>> from pipeline.core.cards import format_hand, parse_cards
    >>> razz = parse_cards([["Kd", "7c", "5s", "Ah", "3d", "2c", "Kh"]])
    >>> format_hand(best_lowball_five(ACE_TO_FIVE, razz)[0])
    '7c 5s 3d 2c Ah'
    """
    strengths = lowball_strengths(ranking, cards, check=check)
    hands = np.ascontiguousarray(cards, dtype=np.uint8)
    n, hand_size = hands.shape
    columns = np.array(list(itertools.combinations(range(hand_size), 5)), dtype=np.intp)
    every = hands[:, columns].reshape(-1, 5)
    scores = lowball_strengths(ranking, every, check=False).reshape(n, -1)
    chosen = np.argmax(scores == strengths[:, None], axis=1)
    five = every.reshape(n, -1, 5)[np.arange(n), chosen]
    # Arrange as the ranks are said: each card's place is its rank's first place in the text.
    faces = _classes(ranking).faces[strengths.astype(np.intp)].astype(np.int16)
    ranks = (five >> 2).astype(np.int16)
    suit_order = 3 - (five & 3).astype(np.int16)  # equal ranks listed s, h, d, c
    position = np.argmax(faces[:, None, :] == ranks[:, :, None], axis=2)
    order = np.lexsort((suit_order, position), axis=1)
    arranged: NDArray[np.uint8] = np.take_along_axis(five, order, axis=1)
    return arranged
