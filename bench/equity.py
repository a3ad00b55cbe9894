"""Exact equity against a plain enumeration loop over eval7, on the same matchups, in one run.

Run: ``.venv/bin/python bench/equity.py``.  Prints the median of repeats and the ratio.
"""

from __future__ import annotations

import functools
import itertools
import statistics
import time
from collections.abc import Callable

import eval7
import numpy as np

from pipeline.cards import format_card, parse_cards
from pipeline.equity import equity

MATCHUPS: list[tuple[str, list[list[str]], list[str]]] = [
    ("heads-up preflop", [["Ah", "Kh"], ["Qs", "Qc"]], []),
    ("3-way preflop", [["Ah", "Kh"], ["Qs", "Qc"], ["7d", "6d"]], []),
    (
        "6-way preflop",
        [["Ah", "Kh"], ["Qs", "Qc"], ["7d", "6d"], ["Jc", "Tc"], ["2s", "2h"], ["As", "9c"]],
        [],
    ),
    (
        "9-way flop",
        [
            ["Ah", "Kh"],
            ["Qs", "Qc"],
            ["7d", "6d"],
            ["Jc", "Tc"],
            ["2s", "2h"],
            ["As", "9c"],
            ["8h", "8d"],
            ["Ks", "Qd"],
            ["5c", "4c"],
        ],
        ["2c", "7h", "9d"],
    ),
    ("heads-up turn", [["Ah", "Kh"], ["Qs", "Qc"]], ["2c", "7h", "9d", "Jd"]),
]


def median_seconds(function: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def eval7_loop(holes: list[list[str]], board: list[str], limit: int) -> int:
    """Enumerate up to ``limit`` boards with eval7, one evaluate per player per board."""
    used = {card for hole in holes for card in hole} | set(board)
    deck = [eval7.Card(format_card(c)) for c in range(52) if format_card(c) not in used]
    hole_cards = [[eval7.Card(card) for card in hole] for hole in holes]
    known = [eval7.Card(card) for card in board]
    boards = 0
    for rest in itertools.islice(itertools.combinations(deck, 5 - len(board)), limit):
        full = known + list(rest)
        scores = [eval7.evaluate(hole + full) for hole in hole_cards]
        max(scores)
        boards += 1
    return boards


def main() -> None:
    equity(parse_cards([["Ah", "Kh"], ["Qs", "Qc"]]))  # build tables once, as a warm run would
    print(f"{'matchup':<18}{'boards':>11}{'ours s':>9}{'eval7 loop s':>14}{'ratio':>8}")
    for name, holes, board in MATCHUPS:
        hole_ids, board_ids = parse_cards(holes), np.asarray(parse_cards(board), dtype=np.uint8)
        ours = median_seconds(functools.partial(equity, hole_ids, board_ids), repeats=5)
        boards = equity(hole_ids, board_ids).boards
        sample = min(boards, 100_000)
        loop = median_seconds(functools.partial(eval7_loop, holes, board, sample), repeats=3)
        loop_full = loop * boards / sample
        print(f"{name:<18}{boards:>11,}{ours:>9.3f}{loop_full:>14.2f}{loop_full / ours:>7.0f}x")
    print("eval7 loop times over more than 100,000 boards are extrapolated from 100,000.")


if __name__ == "__main__":
    main()
