"""Exact win probabilities when every player's hole cards are known, vectorised.

Every way the rest of the board can fall is enumerated at once as an array, every player's
seven cards are scored on every board by :func:`pipeline.evaluator.evaluate`, and the winners
are counted per board: no per-board Python loop.  A seeded Monte Carlo mode samples boards
uniformly when enumeration is too slow, with a 95 % margin of error.

>>> from pipeline.cards import parse_cards
>>> holes = parse_cards([["As", "Ad"], ["Kc", "Kd"]])
>>> result = equity(holes, parse_cards(["Ah", "Kh", "2c", "3d"]))
>>> result.boards, [round(100 * value, 2) for value in result.equity.tolist()]
(44, [97.73, 2.27])
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pipeline import evaluator
from pipeline.cards import DECK_SIZE, format_card

BOARD_SIZE = 5
MAX_PLAYERS = 10


@dataclass(frozen=True)
class EquityResult:
    """Per player: chance to win outright, to tie for the pot, and equity (win + shared ties)."""

    win: NDArray[np.float64]
    tie: NDArray[np.float64]
    equity: NDArray[np.float64]
    boards: int
    exact: bool
    margin: float = 0.0
    """Half-width of the 95 % interval of an equity estimate (0 when exact)."""


@functools.cache
def combinations_array(n: int, k: int) -> NDArray[np.uint8]:
    """Every ``k``-subset of ``range(n)`` in lexicographic order, as an ``(C(n, k), k)`` array.

    >>> combinations_array(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    if k > n:
        return np.zeros((0, k), dtype=np.uint8)
    blocks = []
    for first in range(n - k + 1):
        rest = combinations_array(n - first - 1, k - 1) + np.uint8(first + 1)
        head = np.full((len(rest), 1), first, dtype=np.uint8)
        blocks.append(np.hstack([head, rest]))
    combos = np.vstack(blocks)
    combos.setflags(write=False)
    return combos


def _check_deal(
    holes: NDArray[np.uint8], board: NDArray[np.uint8], dead: NDArray[np.uint8]
) -> None:
    if holes.ndim != 2 or holes.shape[1] != 2 or not 2 <= len(holes) <= MAX_PLAYERS:
        msg = f"expected 2 to {MAX_PLAYERS} hands of 2 hole cards, got shape {holes.shape!r}"
        raise ValueError(msg)
    if len(board) not in (0, 3, 4, 5):
        msg = f"a board holds 0, 3, 4 or 5 cards, got {len(board)}"
        raise ValueError(msg)
    every = np.concatenate([holes.ravel(), board, dead])
    if every.size and int(every.max()) >= DECK_SIZE:
        msg = f"card id {int(every.max())} is not in 0..51"
        raise ValueError(msg)
    distinct, counts = np.unique(every, return_counts=True)
    if (counts > 1).any():
        msg = f"card {format_card(int(distinct[counts > 1][0]))!r} is dealt twice"
        raise ValueError(msg)


def equity(
    holes: ArrayLike,
    board: ArrayLike = (),
    dead: ArrayLike = (),
    *,
    samples: int | None = None,
    seed: int = 0,
) -> EquityResult:
    """Win, tie and equity of each hand over all completions of the board (or ``samples`` of them).

    ``holes`` is ``(players, 2)`` card ids; ``board`` 0, 3, 4 or 5 ids; ``dead`` ids are out of the
    deck.  Ties count toward ``tie``; ``equity`` shares a tied pot equally.
    """
    hole_array = np.asarray(holes, dtype=np.uint8)
    board_array = np.asarray(board, dtype=np.uint8).ravel()
    dead_array = np.asarray(dead, dtype=np.uint8).ravel()
    _check_deal(hole_array, board_array, dead_array)
    used = np.zeros(DECK_SIZE, dtype=bool)
    used[np.concatenate([hole_array.ravel(), board_array, dead_array])] = True
    deck = np.flatnonzero(~used).astype(np.uint8)
    missing = BOARD_SIZE - len(board_array)
    if missing > len(deck):
        msg = f"the deck has {len(deck)} cards left, the board needs {missing}"
        raise ValueError(msg)
    combos = combinations_array(len(deck), missing)
    exact = samples is None or samples >= len(combos)
    if not exact:
        rng = np.random.default_rng(seed)
        combos = combos[rng.integers(0, len(combos), size=samples)]
    completions = deck[combos]  # (boards, missing)
    boards = np.hstack(
        [np.broadcast_to(board_array, (len(completions), len(board_array))), completions]
    )
    strengths = evaluator.evaluate_shared(hole_array, boards)
    best = strengths.max(axis=0)
    winners = strengths == best
    winner_count = winners.sum(axis=0)
    total = len(boards)
    win = (winners & (winner_count == 1)).sum(axis=1) / total
    tie = (winners & (winner_count > 1)).sum(axis=1) / total
    shares = (winners / winner_count).sum(axis=1) / total
    margin = 0.0 if exact else float(1.96 * np.sqrt(0.25 / total))
    return EquityResult(win, tie, shares, total, exact, margin)
