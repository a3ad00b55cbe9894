"""The evaluator's look-up tables, built in code from a :class:`~pipeline.core.rules.HandRanking`
(its ranks and its hand types listed in strength order) and kept in the user's cache folder
(:mod:`pipeline.core.evaluation.table_cache`), keyed by a hash of the code that builds them and of
the ranking's spec.  Every function takes the ranking, :data:`~pipeline.core.rules.STANDARD` by
default."""

from __future__ import annotations

import functools
import hashlib
import itertools
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from pipeline.core import rules
from pipeline.core.cards import DECK_SIZE, RANK_NAMES, RANK_PLURALS
from pipeline.core.evaluation import table_cache
from pipeline.core.rules import STANDARD, HandRanking

# What the evaluators beside this module (evaluator, lowball, badugi, combination, hand_checks)
# and the equity kernels look up: public, so no module reaches into another's private names.
__all__ = [
    "BLOCK_ROWS",
    "HAND_SIZES",
    "NO_FLUSH",
    "N_STRENGTHS",
    "RANK_MASK",
    "SUIT_SHIFT",
    "RankingTables",
    "cache_key",
    "flush_suits",
    "n_strengths",
    "pair_bits",
    "pair_checks",
    "pair_key_bits",
    "pair_keys",
    "rank_mask",
    "rank_strengths",
    "rank_weights",
    "ranking_tables",
    "suit_rank_bits",
]

N_STRENGTHS = 7462
"""Hand classes of the standard ranking; :func:`n_strengths` gives any ranking's count."""

HAND_SIZES = (5, 6, 7)

# Rank weights whose sums are distinct for every rank multiset of 5, 6 or 7 cards with at most
# four of a rank (the constants of Kenneth Shackleton's SKPokerEval; checked when tables are
# built).  A ranking's lowest rank gets the first weight, and so on: any prefix keeps the sums
# distinct, and a short deck's sums stay below 2**17, so its rank tables are small.
_RANK_WEIGHTS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)

# Suit weights whose sums tell the suit holding five or more of up to seven cards.
_SUIT_WEIGHTS = (0, 1, 29, 37)

SUIT_SHIFT = 23

RANK_MASK = (1 << SUIT_SHIFT) - 1
"""The standard ranking's rank mask; :func:`rank_mask` gives any ranking's."""

NO_FLUSH = 4

BLOCK_ROWS = 1 << 15  # rows per block: keeps the temporaries in cache (2**14..2**15 measured best)


@dataclass(frozen=True)
class RankingTables:
    """Everything :func:`evaluate` and friends look up for one ranking; built by
    :func:`ranking_tables`."""

    card_key: NDArray[np.uint32]  # (52,) rank weight + suit weight << 23 (0 off the deck)
    flush_strength: NDArray[np.uint16]  # 13-bit rank mask -> best flush/straight flush
    category: NDArray[np.uint8]  # strength -> category code
    ranks: NDArray[np.uint8]  # strength -> (5,) ranks, groups first then kickers
    descriptions: tuple[str, ...]  # strength -> commentator's description
    five_multisets: NDArray[np.uint8]  # (m, 5) rank multisets of five cards
    five_non_flush: NDArray[np.uint16]  # their strengths without a flush


def rank_weights(ranking: HandRanking = STANDARD) -> tuple[int, ...]:
    """Weight of each rank 0..12 in the key of ``ranking`` (0 for a rank not in its deck).

    >>> rank_weights(rules.SHORT_DECK)[:6]
    (0, 0, 0, 0, 0, 1)
    """
    weights = [0] * 13
    for place, rank in enumerate(ranking.ranks):
        weights[rank] = _RANK_WEIGHTS[place]
    return tuple(weights)


def rank_mask(ranking: HandRanking = STANDARD) -> int:
    """``2**bits - 1`` for the fewest bits holding every rank-weight sum of up to seven cards.

    >>> rank_mask() == 2**23 - 1, rank_mask(rules.SHORT_DECK) == 2**17 - 1
    (True, True)
    """
    weights = sorted(rank_weights(ranking), reverse=True)
    most = 4 * weights[0] + 3 * weights[1]
    return (1 << most.bit_length()) - 1


def n_strengths(ranking: HandRanking = STANDARD) -> int:
    """How many hand classes (strengths ``0..n - 1``) the ranking has.

    >>> n_strengths(), n_strengths(rules.SHORT_DECK)
    (7462, 1404)
    """
    return len(ranking_tables(ranking).category)


def _five_card_key(
    ranks: tuple[int, ...], flush: bool, ranking: HandRanking = STANDARD
) -> tuple[int, tuple[int, ...]]:
    """Category and ranks in showdown order for five cards given as ranks (and flush or not)."""
    counts = {rank: ranks.count(rank) for rank in set(ranks)}
    ordered = tuple(sorted(ranks, key=lambda rank: (counts[rank], rank), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    straight = next((window for window in ranking.straights if set(window) == set(ranks)), None)
    if straight is not None:
        if flush:
            return (
                rules.ROYAL_FLUSH if straight[0] == rules.ACE else rules.STRAIGHT_FLUSH
            ), straight
        return rules.STRAIGHT, straight
    if flush:
        return rules.FLUSH, ordered
    by_shape = {
        (4, 1): rules.FOUR_OF_A_KIND,
        (3, 2): rules.FULL_HOUSE,
        (3, 1, 1): rules.THREE_OF_A_KIND,
        (2, 2, 1): rules.TWO_PAIR,
        (2, 1, 1, 1): rules.PAIR,
        (1, 1, 1, 1, 1): rules.HIGH_CARD,
    }
    return by_shape[tuple(shape)], ordered


def _describe(category: int, ranks: tuple[int, ...]) -> str:
    name = rules.CATEGORY_NAMES[category]
    first, second = ranks[0], ranks[3] if category == rules.FULL_HOUSE else ranks[2]
    detail = {
        rules.HIGH_CARD: RANK_NAMES[first],
        rules.PAIR: RANK_PLURALS[first],
        rules.TWO_PAIR: f"{RANK_PLURALS[first]} and {RANK_PLURALS[second]}",
        rules.THREE_OF_A_KIND: RANK_PLURALS[first],
        rules.STRAIGHT: f"{RANK_NAMES[first]} high",
        rules.FLUSH: f"{RANK_NAMES[first]} high",
        rules.FULL_HOUSE: f"{RANK_PLURALS[first]} over {RANK_PLURALS[second]}",
        rules.FOUR_OF_A_KIND: RANK_PLURALS[first],
        rules.STRAIGHT_FLUSH: f"{RANK_NAMES[first]} high",
    }.get(category)
    return name if detail is None else f"{name} ({detail})"


_SOURCE_FILES = (__file__, rules.__file__)


@functools.cache
def _source_key() -> str | None:
    """Version of the table-building code: the hash of this file and of the rules module."""
    return table_cache.source_key(_SOURCE_FILES)


@functools.cache
def cache_key(ranking: HandRanking = STANDARD) -> str | None:
    """The cache key of ``ranking``'s tables: the building code's version and the ranking's spec
    (``None``, nothing cached, when the code's version is unknown)."""
    source = _source_key()
    if source is None:
        return None
    return hashlib.sha256(f"{source} {ranking.spec}".encode()).hexdigest()[:20]


def ranking_tables(ranking: HandRanking = STANDARD) -> RankingTables:
    """The ranking's tables (card keys, flush strengths, categories, descriptions), built once
    and then read from the on-disk cache."""
    return _tables_of(ranking)


@functools.cache
def _tables_of(ranking: HandRanking) -> RankingTables:
    arrays = table_cache.load_or_build(
        "evaluator-tables", cache_key(ranking), lambda: _build_tables(ranking)
    )
    return RankingTables(
        arrays["card_key"],
        arrays["flush_strength"],
        arrays["category"],
        arrays["ranks"],
        tuple(arrays["descriptions"].tolist()),
        arrays["five_multisets"],
        arrays["five_non_flush"],
    )


def _build_tables(ranking: HandRanking = STANDARD) -> table_cache.Arrays:
    # 1. Every class of five-card hand: the rank multisets without a flush and the sets of five
    #    distinct ranks with one.  Strength is the place of its key in sorted order.
    multisets = [
        ranks[::-1]
        for ranks in itertools.combinations_with_replacement(ranking.ranks, 5)
        if max(ranks.count(rank) for rank in set(ranks)) <= 4
    ]
    distinct = [ranks[::-1] for ranks in itertools.combinations(ranking.ranks, 5)]
    classes = [(ranks, False) for ranks in multisets] + [(ranks, True) for ranks in distinct]
    keys = [_five_card_key(ranks, flush, ranking) for ranks, flush in classes]

    def order(key: tuple[int, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
        category, ranks = key
        return ranking.rank_place(category), ranks

    ranked = sorted(set(keys), key=order)
    if ranking == STANDARD and len(ranked) != N_STRENGTHS:  # pragma: no cover - a broken spec
        msg = f"expected {N_STRENGTHS} hand classes, built {len(ranked)}"
        raise AssertionError(msg)
    strength_of = {key: strength for strength, key in enumerate(ranked)}
    category = np.array([key[0] for key in ranked], dtype=np.uint8)
    ranks_table = np.array([key[1] for key in ranked], dtype=np.uint8)
    descriptions = tuple(_describe(*key) for key in ranked)

    # 2. Flushes by the rank bits of the flush suit: five bits directly, six or seven bits as the
    #    best of their five-bit subsets.
    flush_strength = np.zeros(1 << 13, dtype=np.uint16)
    for ranks in distinct:
        mask = sum(1 << rank for rank in ranks)
        flush_strength[mask] = strength_of[_five_card_key(ranks, True, ranking)]
    for bits in (6, 7):
        for subset in itertools.combinations(ranking.ranks, bits):
            mask = sum(1 << rank for rank in subset)
            flush_strength[mask] = max(flush_strength[mask & ~(1 << rank)] for rank in subset)

    weights = rank_weights(ranking)
    in_deck = set(ranking.deck)
    card_key = np.array(
        [
            weights[card >> 2] + (_SUIT_WEIGHTS[card & 3] << SUIT_SHIFT) if card in in_deck else 0
            for card in range(DECK_SIZE)
        ],
        dtype=np.uint32,
    )
    non_flush = np.array(
        [strength_of[_five_card_key(ranks, False, ranking)] for ranks in multisets],
        dtype=np.uint16,
    )
    return {
        "card_key": card_key,
        "flush_strength": flush_strength,
        "category": category,
        "ranks": ranks_table,
        "descriptions": np.array(descriptions),
        "five_multisets": np.array(multisets, dtype=np.uint8),
        "five_non_flush": non_flush,
    }


def rank_strengths(hand_size: int, ranking: HandRanking = STANDARD) -> NDArray[np.uint16]:
    """Rank-weight sum -> strength of the best non-flush five of ``hand_size`` cards.

    The table has ``rank_mask(ranking) + 1`` entries (``2**23`` for the standard ranking), so
    every key masked to its rank bits is in range.  It is read from the on-disk cache when there
    (:mod:`pipeline.core.evaluation.table_cache`).
    """
    return _rank_table_of(hand_size, ranking)


@functools.cache
def _rank_table_of(hand_size: int, ranking: HandRanking) -> NDArray[np.uint16]:
    arrays = table_cache.load_or_build(
        f"rank-table-{hand_size}",
        cache_key(ranking),
        lambda: {"table": _build_rank_table(hand_size, ranking)},
    )
    table: NDArray[np.uint16] = arrays["table"]
    return table


def _build_rank_table(hand_size: int, ranking: HandRanking = STANDARD) -> NDArray[np.uint16]:
    tables = ranking_tables(ranking)
    mask = rank_mask(ranking)
    weights = np.array(rank_weights(ranking), dtype=np.int64)
    five_table = np.zeros(mask + 1, dtype=np.uint16)
    five_table[weights[tables.five_multisets].sum(axis=1)] = tables.five_non_flush
    if hand_size == 5:
        return five_table
    every = np.array(
        list(itertools.combinations_with_replacement(ranking.ranks, hand_size)), dtype=np.int64
    )
    counts = (every[:, :, None] == np.arange(13)).sum(axis=1)
    multisets = every[counts.max(axis=1) <= 4]
    weighted = weights[multisets]
    best = np.zeros(len(multisets), dtype=np.uint16)
    for subset in itertools.combinations(range(hand_size), 5):
        np.maximum(best, five_table[weighted[:, list(subset)].sum(axis=1)], out=best)
    sums = weighted.sum(axis=1)
    if len(np.unique(sums)) != len(sums) or sums.max() > mask:  # pragma: no cover
        msg = f"rank weights collide or overflow for {hand_size}-card hands"
        raise AssertionError(msg)
    table = np.zeros(mask + 1, dtype=np.uint16)
    table[sums] = best
    return table


@functools.cache
def flush_suits(hand_size: int) -> NDArray[np.uint8]:
    """Suit-weight sum of ``hand_size`` cards -> the suit holding five or more of them, or 4.

    Every split of the cards over the four suits must give one answer, or the weights are wrong.
    The table has ``2**9`` entries, so every ``uint32`` key shifted to its suit bits is in range.
    """
    flush_suit = np.full(1 << (32 - SUIT_SHIFT), NO_FLUSH, dtype=np.uint8)
    seen: dict[int, int] = {}
    for counts in itertools.product(range(hand_size + 1), repeat=4):
        if sum(counts) != hand_size:
            continue
        total = sum(c * w for c, w in zip(counts, _SUIT_WEIGHTS, strict=True))
        suit = next((s for s, c in enumerate(counts) if c >= 5), NO_FLUSH)
        if seen.setdefault(total, suit) != suit:  # pragma: no cover - a broken spec
            msg = f"suit weights {_SUIT_WEIGHTS} cannot tell the flush suit of sum {total}"
            raise AssertionError(msg)
        flush_suit[total] = suit
    return flush_suit


@functools.cache
def suit_rank_bits() -> NDArray[np.uint16]:
    """``suit << 8 | card id`` -> the card's rank bit if the card is of that suit, else 0."""
    table = np.zeros((4, 256), dtype=np.uint16)
    for card in range(DECK_SIZE):
        table[card & 3, card] = 1 << (card >> 2)
    return table.reshape(-1)


@functools.cache
def pair_bits() -> NDArray[np.uint64]:
    """Two card ids packed in a uint16 -> ``1 << a | 1 << b`` (ids 52..255 count as no bit)."""
    bit = np.zeros(256, dtype=np.uint64)
    bit[:DECK_SIZE] = np.left_shift(np.uint64(1), np.arange(DECK_SIZE, dtype=np.uint64))
    packed = np.arange(1 << 16)
    pair_bits: NDArray[np.uint64] = bit[packed & 0xFF] | bit[packed >> 8]
    return pair_bits


def pair_key_bits(ranking: HandRanking = STANDARD) -> NDArray[np.uint64]:
    """Two packed card ids -> ``(key sum, 1 << a | 1 << b)`` as two ``uint64`` words."""
    return _pair_key_bit_table_of(ranking)


@functools.cache
def _pair_key_bit_table_of(ranking: HandRanking) -> NDArray[np.uint64]:
    table = np.stack([pair_keys(ranking).astype(np.uint64), pair_bits()], axis=1)
    return np.ascontiguousarray(table)


def pair_keys(ranking: HandRanking = STANDARD) -> NDArray[np.uint32]:
    """Two card ids packed in a uint16 -> the sum of their keys (ids 52..255 count as 0)."""
    return _pair_key_table_of(ranking)


@functools.cache
def _pair_key_table_of(ranking: HandRanking) -> NDArray[np.uint32]:
    key = np.zeros(256, dtype=np.uint32)
    key[:DECK_SIZE] = ranking_tables(ranking).card_key
    packed = np.arange(1 << 16)
    pair_key: NDArray[np.uint32] = key[packed & 0xFF] + key[packed >> 8]
    return pair_key


def pair_checks(ranking: HandRanking = STANDARD) -> NDArray[np.uint64]:
    """The compiled loop's check: two packed card ids -> ``1 << a | 1 << b``, then the 256
    single cards -> ``1 << c``; bit 52 alone when ``a == b`` or an id is not in the ranking's
    deck (52 or more, or a rank the deck lacks).

    A hand is bad exactly when its entries overlap (their sum is not their OR: a card repeats
    across pairs) or their OR has bit 52, so the check is four look-ups, three additions and
    three ORs.
    """
    return _pair_check_table_of(ranking)


@functools.cache
def _pair_check_table_of(ranking: HandRanking) -> NDArray[np.uint64]:
    poison = np.uint64(1 << DECK_SIZE)
    bit = np.full(256, poison, dtype=np.uint64)
    deck = np.array(ranking.deck, dtype=np.uint64)
    bit[deck.astype(np.intp)] = np.left_shift(np.uint64(1), deck)
    packed = np.arange(1 << 16)
    low, high = packed & 0xFF, packed >> 8
    pairs = bit[low] | bit[high]
    pairs[(low == high) | (bit[low] == poison) | (bit[high] == poison)] = poison
    table: NDArray[np.uint64] = np.concatenate([pairs, bit])
    return table
