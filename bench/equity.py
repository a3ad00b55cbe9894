"""Exact equity against eval7 and pokerkit on the same matchups, in one run; a season with --season.

Run: ``.venv/bin/python -m bench.equity`` (about 2 minutes) and
``.venv/bin/python -m bench.equity --season`` (adds a generated 10,000-round, 6-player season
with equity on every street: about 5 minutes); ``--games`` times every other poker game and
fits the forecast's constants (:mod:`bench.equity_games`).  Prints medians and ratios.

Contenders, each on the same hole cards and board:

- **ours**: :func:`pipeline.core.probability.equity.equity`, exact over every completion of the
board.
- **eval7 loop**: a plain ``for`` loop over every completion with ``eval7.evaluate`` per hand,
  exact; over 100,000 boards the time is extrapolated from the first 100,000.
- **eval7 MC**: ``eval7.py_hand_vs_range_monte_carlo`` (heads-up only: hero against a one-hand
  range) with as many samples as we enumerate boards; eval7 has no exact multi-street
  enumeration (``py_hand_vs_range_exact`` scores a complete board only).
- **pokerkit MC**: ``pokerkit.calculate_equities``, Monte Carlo only, timed on 1,000 samples and
  extrapolated linearly to as many samples as we enumerate boards.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import time

import eval7
import numpy as np
import polars as pl
from pokerkit import Card, Deck, StandardHighHand, calculate_equities, parse_range

from bench import equity_games
from bench.timing import median_seconds
from pipeline.core.cards import format_card, parse_cards
from pipeline.core.probability.equity import equity
from pipeline.core.probability.turn_equity import turn_equities
from pipeline.games.generate import deal_holdem, street_rows
from pipeline.games.poker.equity.street_equity import estimate_seconds, street_equities

HANDS = [
    ["Ah", "Kh"],
    ["Qs", "Qc"],
    ["7d", "6d"],
    ["Jc", "Tc"],
    ["2s", "2h"],
    ["As", "9c"],
    ["8h", "8d"],
    ["Ks", "Qd"],
    ["5c", "4c"],
]
BOARDS = {"preflop": [], "flop": ["3c", "7h", "9d"], "turn": ["3c", "7h", "9d", "Jd"]}
LOOP_LIMIT = 100_000
POKERKIT_SAMPLES = 1_000


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


def eval7_monte_carlo(holes: list[list[str]], board: list[str], samples: int) -> float:
    hero = [eval7.Card(card) for card in holes[0]]
    villain = eval7.HandRange("".join(holes[1]))
    known = [eval7.Card(card) for card in board]
    return float(eval7.py_hand_vs_range_monte_carlo(hero, villain, known, samples))


def pokerkit_monte_carlo(holes: list[list[str]], board: list[str], samples: int) -> list[float]:
    ranges = tuple(parse_range("".join(hole)) for hole in holes)
    known = tuple(Card.parse("".join(board)))
    return calculate_equities(
        ranges, known, 2, 5, Deck.STANDARD, (StandardHighHand,), sample_count=samples
    )


def matchups() -> None:
    equity(parse_cards(HANDS[:2]))  # build tables once, as a warm run would
    header = (
        f"{'matchup':<20}{'boards':>11}{'ours s':>9}{'eval7 loop s':>14}{'x':>6}"
        f"{'eval7 MC s':>12}{'x':>6}{'pokerkit MC s':>15}{'x':>8}"
    )
    print(header)
    for players, street in itertools.product((2, 3, 6, 9), BOARDS):
        holes, board = HANDS[:players], BOARDS[street]
        hole_ids, board_ids = parse_cards(holes), np.asarray(parse_cards(board), dtype=np.uint8)
        ours = median_seconds(functools.partial(equity, hole_ids, board_ids), repeats=7)
        boards = equity(hole_ids, board_ids).boards
        sample = min(boards, LOOP_LIMIT)
        loop = median_seconds(functools.partial(eval7_loop, holes, board, sample), repeats=3)
        loop *= boards / sample
        if players == 2:
            mc = median_seconds(
                functools.partial(eval7_monte_carlo, holes, board, boards), repeats=3
            )
            mc_text = f"{mc:>12.3f}{mc / ours:>5.1f}x"
        else:
            mc_text = f"{'-':>12}{'':>6}"
        kit = median_seconds(
            functools.partial(pokerkit_monte_carlo, holes, board, POKERKIT_SAMPLES), repeats=3
        )
        kit *= boards / POKERKIT_SAMPLES
        print(
            f"{f'{players}-way {street}':<20}{boards:>11,}{ours:>9.4f}{loop:>14.2f}"
            f"{loop / ours:>5.0f}x{mc_text}{kit:>15.1f}{kit / ours:>7.0f}x"
        )
    print(
        f"eval7 loop times over {LOOP_LIMIT:,} boards are extrapolated from {LOOP_LIMIT:,}; "
        f"pokerkit from {POKERKIT_SAMPLES:,} samples.  MC columns are Monte Carlo with as many "
        "samples as our exact boards."
    )


def turn_street(deals: int = 2_000, seed: int = 3) -> None:
    """The turn street of many rounds: ours in one batch, ours one call per deal, eval7's loop.

    Deals are random, 2 to 9 players each, four board cards known (30 to 46 boards per deal).
    """
    rng = np.random.default_rng(seed)
    holes, boards = [], []
    for number in range(deals):
        players = 2 + number % 8
        cards = rng.permutation(52)[: 2 * players + 4].astype(np.uint8)
        holes.append(cards[: 2 * players].reshape(players, 2))
        boards.append(cards[2 * players :])
    board_array = np.array(boards, dtype=np.uint8)
    texts = [
        (
            [[format_card(int(c)) for c in hole] for hole in hole_ids],
            [format_card(int(c)) for c in b],
        )
        for hole_ids, b in zip(holes, boards, strict=True)
    ]
    turn_equities(holes[:10], board_array[:10])  # tables built outside the clock
    batched = median_seconds(lambda: turn_equities(holes, board_array), repeats=7)
    per_deal = median_seconds(
        lambda: [equity(hole, board) for hole, board in zip(holes, boards, strict=True)],
        repeats=5,
    )
    loop = median_seconds(
        lambda: [eval7_loop(hole, board, LOOP_LIMIT) for hole, board in texts], repeats=3
    )
    print(f"\nturn street, {deals:,} deals of 2 to 9 players (medians)")
    print(f"  ours, turn_equities (batched)   {batched:8.3f} s   {loop / batched:6.1f}x eval7 loop")
    print(
        f"  ours, one equity call per deal  {per_deal:8.3f} s   {loop / per_deal:6.1f}x eval7 loop"
    )
    print(f"  eval7 loop                      {loop:8.3f} s")


def season_rows(rounds: int, players: int, seed: int = 0) -> pl.DataFrame:
    """One row per player per round of a generated season, as :func:`street_equities` reads."""
    return street_rows(deal_holdem(rounds=rounds, players=players, seed=seed))


def season(rounds: int, players: int) -> None:
    rows = season_rows(rounds, players)
    for samples in (None, 100_000, 10_000):
        label = "exact" if samples is None else f"preflop MC {samples:,}"
        forecast = estimate_seconds(rows, samples=samples)
        start = time.perf_counter()
        street_equities(rows, samples=samples)
        took = time.perf_counter() - start
        print(
            f"season {rounds:,} rounds x {players} players, {label:<18} "
            f"{took / 60:6.2f} min (estimate {forecast / 60:.2f} min)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--season", action="store_true", help="also time a generated season")
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--skip-matchups", action="store_true")
    parser.add_argument(
        "--games", action="store_true", help="only the other games (bench/equity_games.py)"
    )
    args = parser.parse_args()
    if args.games:
        equity_games.calls()
        equity_games.nights()
        equity_games.big_night()
        return
    if not args.skip_matchups:
        matchups()
    turn_street()
    if args.season:
        season(args.rounds, args.players)


if __name__ == "__main__":
    main()
