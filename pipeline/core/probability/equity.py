"""Exact win probabilities when every player's hole cards are known, vectorised.

Every way the rest of the board can fall is enumerated at once as an array, every player's
seven cards are scored on every board, and the winners are counted per board: no per-board
Python loop.  Scoring shares the evaluator's tables but not its per-hand work: a completion's
rank multiset is found with one look-up per three cards, each player gets a table of the few
thousand multisets, and only boards holding three or more of a suit the player can use are
rescored for flushes (see :func:`showdown_strengths`).  A seeded Monte Carlo mode samples boards
uniformly when enumeration is too slow, with a 95 % margin of error.

Other games come as :class:`~pipeline.core.rules.HandRules` (``rules=``): a short deck's 36
cards and ranking take the same path; hands of exactly two hole cards (Omaha) and low halves
(Omaha Hi/Lo) are scored by :mod:`pipeline.core.probability.combination_equity`, and a hi/lo pot is
split by :func:`pipeline.core.pots.pot_shares`.

>>> from pipeline.core.cards import parse_cards
>>> holes = parse_cards([["As", "Ad"], ["Kc", "Kd"]])
>>> result = equity(holes, parse_cards(["Ah", "Kh", "2c", "3d"]))
>>> result.boards, [round(100 * value, 2) for value in result.equity.tolist()]
(44, [97.73, 2.27])
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pipeline.core.cards import DECK_SIZE
from pipeline.core.combinatorics import combinations_array as combinations_array
from pipeline.core.evaluation import hand_tables, table_cache
from pipeline.core.pots import pot_shares
from pipeline.core.probability import combination_equity
from pipeline.core.probability.equity_loop import BOARD_SIZE as BOARD_SIZE
from pipeline.core.probability.equity_loop import MAX_PLAYERS as MAX_PLAYERS
from pipeline.core.probability.equity_loop import check_deal
from pipeline.core.rules import HOLDEM, STANDARD, HandRanking, HandRules


@dataclass(frozen=True)
class EquityResult:
    """Per player: chance to win the whole pot alone, to win a part of it (a tie, or one half of
    a hi/lo pot), and equity: the expected share of the pot."""

    win: NDArray[np.float64]
    tie: NDArray[np.float64]
    equity: NDArray[np.float64]
    boards: int
    exact: bool
    margin: float = 0.0
    """Half-width of the 95 % interval of an equity estimate (0 when exact)."""


def check_deal_arrays(
    holes: NDArray[np.uint8],
    board: NDArray[np.uint8],
    dead: NDArray[np.uint8],
    rules: HandRules = HOLDEM,
) -> None:
    """The deal's checks (:func:`pipeline.core.probability.equity_loop.check_deal`, the same for
    both paths), after the shape only an array can get wrong."""
    if holes.ndim != 2:
        msg = (
            f"expected 2 to {MAX_PLAYERS} hands of {rules.hole_cards} hole cards each, "
            f"got shape {holes.shape!r}"
        )
        raise ValueError(msg)
    check_deal(holes.tolist(), board.tolist(), dead.tolist(), rules)


def equity(
    holes: ArrayLike,
    board: ArrayLike = (),
    dead: ArrayLike = (),
    *,
    samples: int | None = None,
    seed: int = 0,
    rules: HandRules = HOLDEM,
) -> EquityResult:
    """Win, tie and equity of each hand over all completions of the board (or ``samples`` of them).

    ``holes`` is ``(players, rules.hole_cards)`` card ids (two for Hold'em); ``board`` 0, 3, 4 or
    5 ids; ``dead`` ids are out of the deck (the rules' deck: 36 cards for a short deck).  A tie
    or half of a hi/lo pot counts toward ``tie``; ``equity`` is the expected share of the pot.

    >>> from pipeline.core.cards import parse_cards
    >>> from pipeline.core.rules import OMAHA_HI_LO
    >>> holes = parse_cards([["As", "2s", "3d", "Kd"], ["Kh", "Kc", "Qh", "Jc"]])
    >>> result = equity(holes, parse_cards(["4s", "5h", "Ks"]), rules=OMAHA_HI_LO)
    >>> result.boards, [round(100 * value, 2) for value in result.equity.tolist()]
    (820, [65.85, 34.15])
    """
    hole_array = np.asarray(holes, dtype=np.uint8)
    board_array = np.asarray(board, dtype=np.uint8).ravel()
    dead_array = np.asarray(dead, dtype=np.uint8).ravel()
    check_deal_arrays(hole_array, board_array, dead_array, rules)
    used = np.ones(DECK_SIZE, dtype=bool)
    used[list(rules.ranking.deck)] = False
    used[np.concatenate([hole_array.ravel(), board_array, dead_array])] = True
    deck = np.flatnonzero(~used).astype(np.uint8)
    missing = BOARD_SIZE - len(board_array)
    if missing > len(deck):
        msg = f"the deck has {len(deck)} cards left, the board needs {missing}"
        raise ValueError(msg)
    boards = math.comb(len(deck), missing)
    exact = samples is None or samples >= boards
    rows = None
    if not exact:
        rng = np.random.default_rng(seed)
        rows = rng.integers(0, boards, size=samples).astype(np.intp)
    if rules.hole_cards_used is None:
        strengths = showdown_strengths(hole_array, board_array, deck, rows, rules.ranking)
    else:
        strengths = combination_equity.high_strengths(hole_array, board_array, deck, rules, rows)
    if rules.low is None:
        wins, ties, shares = count_pots(strengths)
    else:
        lows = combination_equity.low_values(hole_array, board_array, deck, rules, rows)
        pots = pot_shares(strengths, lows)
        wins = np.count_nonzero(pots == 1.0, axis=1)
        ties = np.count_nonzero((pots > 0.0) & (pots < 1.0), axis=1)
        shares = pots.sum(axis=1)
    total = strengths.shape[1]
    margin = 0.0 if exact else float(1.96 * np.sqrt(0.25 / total))
    return EquityResult(wins / total, ties / total, shares / total, total, exact, margin)


@functools.cache
def _source_key() -> str | None:
    """Version of the code building the tables below: this file and the evaluator's."""
    return table_cache.source_key((__file__, hand_tables.__file__))


def _completion_tables(
    slots: int, ranking: HandRanking = STANDARD
) -> tuple[NDArray[np.uint16], NDArray[np.uint32]]:
    """Index and rank-weight sum of every multiset of ``slots`` ranks.

    ``offsets[j, r] = C(r + j, j + 1)``: for ranks ``r_0 <= r_1 <= ...`` the sum of
    ``offsets[j, r_j]`` is the multiset's place in the combinatorial number system, a bijection
    onto ``0..C(12 + slots, slots) - 1``.  ``keys`` holds each multiset's sum of rank weights.
    Read from the on-disk cache when there.
    """
    return _completion_tables_of(slots, ranking)


@functools.cache
def _completion_tables_of(
    slots: int, ranking: HandRanking
) -> tuple[NDArray[np.uint16], NDArray[np.uint32]]:
    source, spec = _source_key(), hand_tables.cache_key(ranking)
    key = None if source is None or spec is None else f"{source[:10]}{spec[:10]}"
    arrays = table_cache.load_or_build(
        f"completion-tables-{slots}", key, lambda: _build_completion_tables(slots, ranking)
    )
    return arrays["offsets"], arrays["keys"]


def _build_completion_tables(slots: int, ranking: HandRanking = STANDARD) -> table_cache.Arrays:
    offsets = np.array(
        [[math.comb(rank + j, j + 1) for rank in range(13)] for j in range(slots)],
        dtype=np.uint16,
    ).reshape(slots, 13)
    weights = _rank_weights(ranking)
    keys = np.zeros(math.comb(12 + slots, slots), dtype=np.uint32)
    for ranks in itertools.combinations_with_replacement(range(13), slots):
        index = sum(int(offsets[j, rank]) for j, rank in enumerate(ranks))
        keys[index] = sum(int(weights[rank]) for rank in ranks)
    return {"offsets": offsets, "keys": keys}


@functools.cache
def _rank_weights(ranking: HandRanking = STANDARD) -> NDArray[np.uint32]:
    """Rank -> its weight in the evaluator's key of ``ranking`` (0 for a rank off its deck)."""
    return np.array(hand_tables.rank_weights(ranking), dtype=np.uint32)


@functools.cache
def _board_flush_group() -> NDArray[np.uint8]:
    """``sum(6 ** suit)`` over five board cards -> ``suit << 2 | (count - 3)`` for the suit
    holding three or more of them, else 16.

    Only such a suit can make a flush with two hole cards, and five cards hold at most one.
    """
    table = np.full(6**4, _NO_FLUSH_GROUP, dtype=np.uint8)
    for counts in itertools.product(range(6), repeat=4):
        if sum(counts) == BOARD_SIZE and max(counts) >= 3:
            suit = counts.index(max(counts))
            table[sum(count * 6**s for s, count in enumerate(counts))] = (
                suit << 2 | counts[suit] - 3
            )
    table.setflags(write=False)
    return table


_NO_FLUSH_GROUP = 16


_CODE_BITS = 6  # a deck position (0..49) in a completion code
_GROUP = 3  # positions per code: a 2**18-entry table of uint32 stays in L2 cache


@functools.lru_cache(maxsize=16)
def _completion_codes(positions: int, slots: int) -> tuple[NDArray[np.uint32], ...]:
    """Every completion of :func:`combinations_array` as codes of up to three positions each.

    Code ``g`` packs positions ``3g, 3g + 1, 3g + 2`` of a row into six bits each, so one
    look-up in a per-deck table of ``64**3`` entries stands for three cards.  Read from the
    on-disk cache when there (a new process skips building the 1.7 M preflop completions).
    """
    arrays = table_cache.load_or_build(
        f"completion-codes-{positions}-{slots}",
        _source_key(),
        lambda: _build_completion_codes(positions, slots),
    )
    return tuple(arrays[f"code{group}"] for group in range(len(arrays)))


def _build_completion_codes(positions: int, slots: int) -> table_cache.Arrays:
    combos = combinations_array(positions, slots).astype(np.uint32)
    codes = []
    for start in range(0, slots, _GROUP):
        code = np.zeros(len(combos), dtype=np.uint32)
        for column in range(start, min(start + _GROUP, slots)):
            code = (code << np.uint32(_CODE_BITS)) | combos[:, column]
        codes.append(code)
    return {f"code{group}": code for group, code in enumerate(codes)}


def _group_tables(
    deck: NDArray[np.uint8], first_slot: int, width: int, offsets: NDArray[np.uint16]
) -> tuple[NDArray[np.uint32], NDArray[np.uint16]]:
    """For every code of ``width`` deck positions filling slots ``first_slot...``: the part of
    the rank-multiset index ``| sum(6 ** suit) << 16``, and per suit the rank bits of its cards."""
    padded = np.zeros(1 << _CODE_BITS, dtype=np.uint8)
    padded[: len(deck)] = deck
    ranks, suits = padded >> 2, padded & 3
    # Built by broadcasting one axis per slot: axis ``j`` is the position in slot ``first + j``,
    # so the flattened table is indexed by the positions' six-bit fields, first slot highest.
    value = np.zeros((), dtype=np.uint32)
    bits = np.zeros(4, dtype=np.uint16)
    in_suit = np.arange(4, dtype=np.uint8)[:, None] == suits  # (4, 64)
    for depth, slot in enumerate(range(first_slot, first_slot + width)):
        part = offsets[slot][ranks].astype(np.uint32) | (
            (6 ** suits.astype(np.uint32)) << np.uint32(16)
        )
        value = (value[..., None] + part).astype(np.uint32)
        rank_bits = np.where(in_suit, np.left_shift(1, ranks, dtype=np.uint16), 0)
        bits = bits[..., None] | rank_bits.reshape((4,) + (1,) * depth + (64,))
    return value.reshape(-1), bits.astype(np.uint16).reshape(4, -1)


def showdown_strengths(
    holes: NDArray[np.uint8],
    board: NDArray[np.uint8],
    deck: NDArray[np.uint8],
    rows: NDArray[np.intp] | None = None,
    ranking: HandRanking = STANDARD,
) -> NDArray[np.uint16]:
    """Seven-card strength of every hand on every completion of the board from the deck.

    Returns ``(players, boards)``: the completions are the rows of
    ``combinations_array(len(deck), 5 - len(board))`` (or those numbered by ``rows``).
    ``deck`` must be sorted, so the ranks of a completion never decrease and its rank multiset
    has an index from one look-up per three cards.  Each player then gets a table over the few
    thousand multisets (one look-up each in the evaluator's rank table) and a board costs one
    look-up per player in a table that stays in cache.  Flushes are possible only where the
    full board holds three or more of a suit; only those boards are rescored.  Ids are trusted.

    >>> from pipeline.core.evaluation import evaluator
    >>> from pipeline.core.cards import parse_cards
    >>> holes, board = parse_cards([["Ah", "Kh"], ["Qs", "Qc"]]), parse_cards(["2h", "7h", "9h"])
    >>> deck = np.setdiff1d(np.arange(52, dtype=np.uint8), np.concatenate([holes.ravel(), board]))
    >>> combos = combinations_array(len(deck), 2)
    >>> boards = np.hstack([np.broadcast_to(board, (len(combos), 3)), deck[combos]])
    >>> bool((showdown_strengths(holes, board, deck)
    ...       == evaluator.evaluate_shared(holes, boards)).all())
    True
    """
    slots = BOARD_SIZE - len(board)
    offsets, multiset_keys = _completion_tables(slots, ranking)
    codes = _completion_codes(len(deck), slots)
    count = len(codes[0]) if rows is None and codes else (1 if rows is None else len(rows))
    value = np.full(count, int((6 ** (board & 3).astype(np.uint32)).sum()) << 16, np.uint32)
    group_bits = []
    group_codes = []
    for group, code in enumerate(codes):
        first = group * _GROUP
        table, bits = _group_tables(deck, first, min(_GROUP, slots - first), offsets)
        code_at = (code if rows is None else code[rows]).astype(np.intp)
        value += np.take(table, code_at, mode="clip")
        group_bits.append(bits)
        group_codes.append(code_at)
    multiset = (value & np.uint32(0xFFFF)).astype(np.intp)
    weights = _rank_weights(ranking)
    fixed = int(weights[board >> 2].sum())
    rank_table = hand_tables.rank_strengths(7, ranking)
    out = np.empty((len(holes), count), dtype=np.uint16)
    for player, hole in enumerate(holes.tolist()):
        key = fixed + int(weights[hole[0] >> 2]) + int(weights[hole[1] >> 2])
        table = np.take(rank_table, multiset_keys + np.uint32(key), mode="clip")
        np.take(table, multiset, out=out[player], mode="clip")
    # A player flushes only where the board holds 3, 4 or 5 of a suit and the player holds
    # 2, 1 or 0 of it.  Boards are grouped by (flush suit, count) so each player's boards are a
    # few contiguous runs: most boards are never rescored.
    hole_suits = np.zeros((len(holes), 4), dtype=np.int64)
    np.add.at(hole_suits, (np.arange(len(holes))[:, None], holes & 3), 1)
    least = np.maximum(3, 5 - hole_suits.max(axis=0))  # fewest board cards of a suit that matter
    wanted = np.zeros(_NO_FLUSH_GROUP + 1, dtype=bool)
    for suit in range(4):
        wanted[suit << 2 | np.arange(least[suit] - 3, 3)] = True
    groups = np.take(_board_flush_group(), value >> np.uint32(16), mode="clip")
    flushable = np.flatnonzero(np.take(wanted, groups))
    if not flushable.size:
        return out
    order = np.argsort(groups[flushable], kind="stable")
    flushable = flushable[order]
    bounds = np.searchsorted(groups[flushable], np.arange(_NO_FLUSH_GROUP + 1))
    suits_at = (groups[flushable] >> 2).astype(np.intp)
    board_bits = np.zeros(4, dtype=np.uint16)
    for card in board.tolist():
        board_bits[card & 3] |= 1 << (card >> 2)
    flush_bits = board_bits[suits_at]
    for bits, code_at in zip(group_bits, group_codes, strict=True):
        flush_bits |= np.take(bits.reshape(-1), suits_at * bits.shape[1] + code_at[flushable])
    flush_strength = hand_tables.ranking_tables(ranking).flush_strength
    for player, hole in enumerate(holes.tolist()):
        for suit in range(4):
            held = int(hole_suits[player, suit])
            start, stop = bounds[suit << 2 | max(0, 2 - held)], bounds[suit << 2 | 3]
            if start == stop:
                continue
            hole_bits = sum(1 << (card >> 2) for card in hole if card & 3 == suit)
            flushes = np.take(flush_strength, flush_bits[start:stop] | np.uint16(hole_bits))
            at = flushable[start:stop]
            out[player, at] = np.maximum(out[player, at], flushes)
    return out


def count_pots(
    strengths: NDArray[np.uint16],
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.float64]]:
    """Per player: boards won outright, boards tied for the best hand, and pots won (ties split)."""
    best = strengths.max(axis=0)
    winners = strengths == best
    winner_count = winners.sum(axis=0, dtype=np.uint8)
    single = winner_count == 1
    wins = np.count_nonzero(winners & single, axis=1).astype(np.int64)
    tied = np.flatnonzero(~single)
    tied_winners = winners[:, tied]
    ties = np.count_nonzero(tied_winners, axis=1).astype(np.int64)
    shares = wins + (tied_winners / winner_count[tied]).sum(axis=1)
    return wins, ties, shares
