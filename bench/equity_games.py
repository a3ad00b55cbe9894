"""Equity per street in every poker game: one call of the core timed per game, players and
street, the forecast's constants fitted to those times, and a night of each game against its
forecast and the nightly budget.

Run: ``.venv/bin/python -m bench.equity --games`` (about 3 minutes on a quiet core;
``python -m bench.equity_games --nights``: the nights alone).

Times are process CPU seconds (medians): the machine is shared by a team, and wall time under
a load of 10 on two cores measures the neighbours; the load average is printed with them.
"""

from __future__ import annotations

import argparse
import functools
import math
import os
import statistics
import time
from collections.abc import Callable

import numpy as np
import polars as pl

from pipeline.core.probability.equity import BOARD_SIZE, equity
from pipeline.core.rules import HandRules
from pipeline.games.base import EquityOptions
from pipeline.games.generate import deal_holdem, street_rows
from pipeline.games.poker.equity.equity_cost import (
    SAMPLED_BOARD_FACTOR,
    SECONDS_PER_BOARD,
    SECONDS_PER_CALL,
    SECONDS_PER_SAMPLED_CALL,
    call_seconds_model,
    hand_board_seconds,
    hand_call_seconds,
)
from pipeline.games.poker.equity.street_equity import estimate_seconds, street_equities
from pipeline.games.poker.variants import DEFAULT_RULES

GAMES = ("Hold'em", "Short Deck", "Omaha", "Omaha Hi/Lo", "Omaha 5", "Omaha 6")
PLAYERS = (2, 3, 6)
KNOWN = {"preflop": 0, "flop": 3, "turn": 4}
SAMPLES = (2_000, 20_000, 100_000)
NIGHT_ROUNDS = 60
NIGHT_PLAYERS = 6


def cpu_median(function: Callable[[], object], repeats: int) -> float:
    """Median process CPU seconds of ``repeats`` calls of ``function``."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        function()
        times.append(time.process_time() - start)
    return statistics.median(times)


def load() -> str:
    return "load {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())


def deals(
    rules: HandRules, players: int, known: int, count: int, seed: int = 5
) -> list[tuple[np.ndarray, np.ndarray]]:
    """``count`` random deals of ``players`` hands and ``known`` board cards from the deck."""
    rng = np.random.default_rng(seed)
    deck = np.array(rules.ranking.deck, dtype=np.uint8)
    dealt = players * rules.hole_cards
    out = []
    for _ in range(count):
        cards = rng.permutation(deck)[: dealt + known]
        out.append((cards[:dealt].reshape(players, rules.hole_cards), cards[dealt:]))
    return out


def call_seconds(
    rules: HandRules, players: int, known: int, samples: int | None = None
) -> tuple[int, float]:
    """Boards scored and median CPU seconds of one :func:`equity` call (several deals a repeat
    where a call is short)."""
    count, repeats = (2 if known == 0 else 30), 5
    # fresh deals every repeat, as a night's rounds are: a deal scored twice runs warm
    batches = iter([deals(rules, players, known, count, seed) for seed in range(repeats + 1)])
    equity(*next(batches)[0], rules=rules, samples=samples)  # tables built outside the clock

    def score_batch() -> None:
        for holes, board in next(batches):
            equity(holes, board, rules=rules, samples=samples)

    seconds = cpu_median(score_batch, repeats=repeats)
    unseen = rules.ranking.deck_size - players * rules.hole_cards - known
    boards = math.comb(unseen, BOARD_SIZE - known)
    return boards if samples is None or samples >= boards else samples, seconds / count


def fit(
    rules: HandRules, measured: list[tuple[int, int, float]], *, sampled: bool
) -> tuple[float, float]:
    """The two per-game constants that fit ``(players, boards, seconds)`` best in relative error,
    the call and board costs held at Hold'em's: exact calls, seconds per hand per call and per
    hand per board; sampled calls, seconds per call (over an exact call's) and per hand per
    sampled board."""
    players = np.array([p for p, _, _ in measured], float)
    boards = np.array([b for _, b, _ in measured], float)
    seconds = np.array([s for _, _, s in measured])
    first = np.ones_like(players) if sampled else players
    rows = np.stack([first, players * boards], axis=1)
    fixed = SECONDS_PER_CALL + SECONDS_PER_BOARD * boards
    if sampled:  # the exact call's tables are paid too
        fixed = fixed + players * hand_call_seconds(rules)
    solution, *_ = np.linalg.lstsq(rows / seconds[:, None], 1 - fixed / seconds, rcond=None)
    return max(float(solution[0]), 0.0), max(float(solution[1]), 0.0)


def calls() -> None:
    print(f"\none equity call, CPU medians of 5 ({load()})")
    print(f"{'game':<12}{'players':>8}{'street':>15}{'boards':>11}{'ours ms':>10}{'model ms':>10}")
    for game in GAMES:
        rules = DEFAULT_RULES[game]
        exact: list[tuple[int, int, float]] = []
        sampled: list[tuple[int, int, float]] = []
        for players in PLAYERS:
            streets: list[tuple[str, int, int | None]]
            streets = [(street, known, None) for street, known in KNOWN.items()]
            streets += [(f"preflop {n // 1000}k", 0, n) for n in SAMPLES]
            for street, known, samples in streets:
                boards, seconds = call_seconds(rules, players, known, samples)
                drawn = samples is not None and samples == boards  # else the call was exact
                (sampled if drawn else exact).append((players, boards, seconds))
                model = call_seconds_model(rules, players, boards, sampled=drawn)
                print(
                    f"{game:<12}{players:>8}{street:>15}{boards:>11,}"
                    f"{1e3 * seconds:>10.2f}{1e3 * model:>10.2f}"
                )
        per_call, per_board = fit(rules, exact, sampled=False)
        sampled_call, per_sampled_board = fit(rules, sampled, sampled=True)
        print(
            f"  {game} fit, exact: {1e6 * per_call:.0f} us a hand a call (model "
            f"{1e6 * hand_call_seconds(rules):.0f}), {1e9 * per_board:.1f} ns a hand a board "
            f"(model {1e9 * hand_board_seconds(rules):.1f}); sampled: "
            f"{1e3 * sampled_call:.2f} ms a call over an exact one (model "
            f"{1e3 * SECONDS_PER_SAMPLED_CALL:.2f}), {1e9 * per_sampled_board:.1f} ns a hand a "
            f"board (model {1e9 * SAMPLED_BOARD_FACTOR * hand_board_seconds(rules):.1f})"
        )


def night(game: str, rounds: int = NIGHT_ROUNDS, players: int = NIGHT_PLAYERS) -> pl.DataFrame:
    """A generated night of ``game``: players fold at random streets, as the quiz's deals."""
    rules = DEFAULT_RULES[game]
    rows = street_rows(deal_holdem(rounds=rounds, players=players, seed=60, rules=rules))
    return rows.with_columns(pl.lit(game).alias("game"))


def nights() -> None:
    options = EquityOptions()
    budget, samples = options.budget_seconds, options.samples
    print(
        f"\n{NIGHT_ROUNDS} rounds x {NIGHT_PLAYERS} players, all streets, CPU medians of 3 "
        f"({load()}); the nightly budget is {budget:.0f} s, sampled preflop {samples:,} boards"
    )
    print(
        f"{'game':<12}{'exact: forecast s':>18}{'measured s':>11}{'ratio':>7}"
        f"{'sampled: forecast s':>20}{'measured s':>11}{'ratio':>7}  decision"
    )
    for game in GAMES:
        rows = night(game)
        exact = estimate_seconds(rows)
        exact_took = cpu_median(functools.partial(street_equities, rows), repeats=3)
        sampled = estimate_seconds(rows, samples=samples)
        sampled_took = cpu_median(
            functools.partial(street_equities, rows, samples=samples), repeats=3
        )
        # what the nightly job's with_equities decides under the default budget
        decision = "exact" if exact <= budget else "sampled" if sampled <= budget else "none"
        print(
            f"{game:<12}{exact:>18.2f}{exact_took:>11.2f}{exact_took / exact:>7.2f}"
            f"{sampled:>20.2f}{sampled_took:>11.2f}{sampled_took / sampled:>7.2f}  {decision}"
        )


def big_night(game: str = "Omaha Hi/Lo", rounds: int = 1_500) -> None:
    """A night too big for exact equity in the default budget: the forecast decides sampled
    preflop, and the sampled run (wall and CPU, once) should stay inside the budget."""
    options = EquityOptions()
    rows = night(game, rounds=rounds)
    exact = estimate_seconds(rows)
    sampled = estimate_seconds(rows, samples=options.samples)
    decision = "exact" if exact <= options.budget_seconds else "sampled preflop"
    wall, cpu = time.perf_counter(), time.process_time()
    street_equities(rows, samples=None if decision == "exact" else options.samples)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"\n{game}, {rounds:,} rounds x {NIGHT_PLAYERS} players ({load()}): exact forecast "
        f"{exact:.0f} s against the {options.budget_seconds:.0f} s budget -> {decision}; "
        f"forecast {sampled:.1f} s, took {wall:.1f} s wall, {cpu:.1f} s CPU"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", action="store_true", help="only the nights, not the calls")
    args = parser.parse_args()
    if not args.nights:
        calls()
    nights()
    big_night()


if __name__ == "__main__":
    main()
