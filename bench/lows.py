"""The mixed-games night's hand strengths: every declared game against pokerkit's evaluators,
same hands, same process.

Run from the repository root: ``.venv/bin/python -m bench.lows`` (about two minutes).

For each game, 1,000,000 random hands of its size are scored by the pipeline's own call, the
game's declared rules handed to ``hands.high_strengths`` (checked and ``check=False``, and the
numpy path that runs without a C compiler, interleaved so load from other jobs hits them
alike), and a leading subsample by a plain loop over pokerkit's ``from_game_or_none`` (its card
objects made before the clock starts): Stud and 5 Card Draw against ``StandardHighHand``, Stud
Hi/Lo's low half against ``EightOrBetterLowHand``, Razz (seven cards) and A-5 Triple Draw
(five) against ``RegularLowHand``, 2-7 Single and Triple Draw against ``StandardLowHand``,
Badugi against ``BadugiHand``.  The target of issue 34 is 20 M hands/s for each game.  Then the time
to build each game's tables at first use, in a fresh interpreter.

Medians of repeats; the ratio is our rate (checked) over pokerkit's.
"""

from __future__ import annotations

import functools
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pokerkit
from numpy.typing import NDArray

from bench.evaluator import random_hands
from bench.timing import median_seconds
from pipeline.core.cards import format_card
from pipeline.core.evaluation import evaluator, lowball
from pipeline.core.evaluation.hands import high_strengths, low_values
from pipeline.core.evaluation.lowball import ACE_TO_FIVE, DEUCE_TO_SEVEN
from pipeline.core.kernel import KERNEL_NAME
from pipeline.core.rules import STUD_HI_LO
from pipeline.games.poker.variants import POKER_VARIANTS

N_HANDS = 1_000_000
OUR_REPEATS = 7
KIT_REPEATS = 3
TARGET = 20e6


@dataclass(frozen=True)
class Game:
    """A game's hand size, our scoring call, our numpy path and pokerkit's hand class."""

    name: str
    size: int
    ours: Callable[..., NDArray[Any]]
    numpy_path: Callable[..., NDArray[Any]] | None
    kit: str
    kit_hands: int


def _no_board(hands: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return np.empty((len(hands), 0), dtype=np.uint8)


def _declared(name: str) -> Callable[..., NDArray[Any]]:
    """The pipeline's call for a declared game: its rules, every card a hand, no board."""
    rules = POKER_VARIANTS[name].rules

    def strengths(hands: NDArray[np.uint8], check: bool = True) -> NDArray[Any]:
        return high_strengths(rules, hands, _no_board(hands), check=check)

    return strengths


def _stud_low(hands: NDArray[np.uint8], check: bool = True) -> NDArray[Any]:
    return low_values(STUD_HI_LO, hands, _no_board(hands), check=check)


def _lowball_numpy(ranking: lowball.LowballRanking) -> Callable[..., NDArray[Any]]:
    tables = functools.partial(lowball._strength_tables, ranking)
    return functools.partial(evaluator._evaluate_numpy, tables=tables)


def _high_numpy(hands: NDArray[np.uint8]) -> NDArray[Any]:
    return evaluator._evaluate_numpy(hands)


def _games() -> list[Game]:
    return [
        Game("7 Card Stud (7)", 7, _declared("7 Card Stud"), _high_numpy, "StandardHighHand",
             3_000),
        Game("7 Card Stud Hi/Lo, low half (7)", 7, _stud_low, None, "EightOrBetterLowHand",
             3_000),
        Game("Razz (7)", 7, _declared("Razz"), _lowball_numpy(ACE_TO_FIVE), "RegularLowHand",
             3_000),
        Game("5 Card Draw (5)", 5, _declared("5 Card Draw"), _high_numpy, "StandardHighHand",
             20_000),
        Game("Triple Draw 2-7 Lowball (5)", 5, _declared("Triple Draw 2-7 Lowball"),
             _lowball_numpy(DEUCE_TO_SEVEN), "StandardLowHand", 20_000),
        Game("Single Draw 2-7 Lowball (5)", 5, _declared("Single Draw 2-7 Lowball"),
             _lowball_numpy(DEUCE_TO_SEVEN), "StandardLowHand", 20_000),
        Game("Triple Draw A-5 Lowball (5)", 5, _declared("Triple Draw A-5 Lowball"),
             _lowball_numpy(ACE_TO_FIVE), "RegularLowHand", 20_000),
        Game("Badugi (4)", 4, _declared("Badugi"), None, "BadugiHand", 20_000),
    ]  # fmt: skip


def _kit_loop(from_game: Callable[..., object], hands: list[tuple[Any, ...]]) -> None:
    for cards in hands:
        from_game(cards)


def bench_game(game: Game, hands: NDArray[np.uint8]) -> tuple[float, float]:
    """Print one game's rows; return our checked rate and pokerkit's rate, hands per second."""
    game.ours(hands[:1])  # tables built outside the clock
    paths: dict[str, Callable[[], object]] = {
        "checked": functools.partial(game.ours, hands),
        "check=False": functools.partial(game.ours, hands, check=False),
    }
    if game.numpy_path is not None:
        paths["numpy path, checked"] = functools.partial(game.numpy_path, hands)
    seconds: dict[str, list[float]] = {name: [] for name in paths}
    for _ in range(OUR_REPEATS):
        for name, call in paths.items():
            seconds[name].append(median_seconds(call, 1))
    rates = {name: N_HANDS / statistics.median(times) for name, times in seconds.items()}
    card = [next(iter(pokerkit.Card.parse(format_card(c)))) for c in range(52)]
    kit_hands = [tuple(card[c] for c in hand) for hand in hands[: game.kit_hands].tolist()]
    # from_game_or_none: a Stud Hi/Lo hand without a qualifying low is None, not an error.
    from_game = getattr(pokerkit, game.kit).from_game_or_none
    kit_rate = game.kit_hands / median_seconds(
        functools.partial(_kit_loop, from_game, kit_hands), KIT_REPEATS
    )
    print(f"\n{game.name}")
    for name, rate in rates.items():
        mark = "" if rate >= TARGET else "   (below 20 M/s)"
        print(f"  ours, {name:<24}{N_HANDS:>12,}{rate / 1e6:>12.1f}{mark}")
    ratio = rates["checked"] / kit_rate
    label = f"pokerkit {game.kit}"
    print(f"  {label:<30}{game.kit_hands:>12,}{kit_rate / 1e6:>12.4f}{ratio:>14,.0f}x")
    return rates["checked"], kit_rate


FIRST_USE = """
import json, time
import numpy as np
from pipeline.core.evaluation.badugi import badugi_strengths
from pipeline.core.evaluation.lowball import ACE_TO_FIVE, DEUCE_TO_SEVEN, lowball_strengths
report = {}
calls = {
    "Razz (7 cards)": lambda: lowball_strengths(ACE_TO_FIVE, [[0, 4, 8, 12, 16, 20, 24]]),
    "A-5 (5 cards)": lambda: lowball_strengths(ACE_TO_FIVE, [[0, 4, 8, 12, 16]]),
    "2-7 (5 cards)": lambda: lowball_strengths(DEUCE_TO_SEVEN, [[0, 4, 8, 12, 16]]),
    "Badugi": lambda: badugi_strengths([[0, 5, 10, 15]]),
}
for name, call in calls.items():
    start = time.perf_counter()
    call()
    report[name] = time.perf_counter() - start
print(json.dumps(report))
"""


def bench_first_use(repeats: int = 3) -> None:
    """Each game's first call in a fresh interpreter: tables built (the Badugi table's disk
    cache empty), then with the cache warm."""
    with tempfile.TemporaryDirectory() as cache:
        environment = {**os.environ, "SHOWDOWN_CACHE_DIR": cache}

        def once() -> dict[str, float]:
            done = subprocess.run(
                [sys.executable, "-c", FIRST_USE],
                check=True,
                capture_output=True,
                text=True,
                env=environment,
            )
            result: dict[str, float] = json.loads(done.stdout)
            return result

        cold = once()
        warm = [once() for _ in range(repeats)]
    print("\nfirst call in a fresh interpreter (empty cache, then median of warm)")
    for name, seconds in cold.items():
        warm_s = statistics.median(run[name] for run in warm)
        print(f"  {name:<28}{seconds * 1e3:8.0f} ms {warm_s * 1e3:8.0f} ms")


def bench_stud_streets() -> None:
    """One stud round's win chances per street, as the nightly job computes them: each street
    enumerated when it has at most ``EXACT_DEALS`` deals, else 20,000 sampled deals."""
    from pipeline.core.probability.stud_equity import stud_deals, stud_equity
    from pipeline.core.rules import STUD
    from pipeline.games.poker.equity.stud_streets import EXACT_DEALS

    rng = np.random.default_rng(7)
    print("\nstud win chances per street (Stud Hi/Lo: high and low halves; median of 5)")
    for players in (2, 3, 5):
        cards = rng.permutation(52)[: 7 * players].reshape(players, 7).astype(np.uint8)
        for known in (3, 4, 5, 6):
            deals = stud_deals(players, known, players * known, STUD)
            samples = None if deals <= EXACT_DEALS else 20_000
            call = functools.partial(
                stud_equity, cards[:, :known], rules=STUD_HI_LO, samples=samples
            )
            call()
            seconds = median_seconds(call, 5)
            how = "exact" if samples is None else "20,000 sampled"
            print(
                f"  {players} players, {known} cards known: {deals:>18,} deals, {how:<15}"
                f"{seconds * 1e3:8.1f} ms"
            )


def main() -> None:
    rng = np.random.default_rng(34)
    print(f"numpy {np.__version__}, Python {sys.version.split()[0]}, {KERNEL_NAME} loop")
    print(f"{'':<32}{'n':>12}{'M hands/s':>12}{'ours / theirs':>16}")
    hands_of_size = {size: random_hands(rng, N_HANDS, size) for size in (4, 5, 7)}
    summary = []
    for game in _games():
        ours, theirs = bench_game(game, hands_of_size[game.size])
        summary.append((game.name, ours, theirs))
    print("\nsummary (checked, medians)")
    for name, ours, theirs in summary:
        met = "meets" if ours >= TARGET else "MISSES"
        print(f"  {name:<28}{ours / 1e6:8.1f} M/s  {ours / theirs:>10,.0f}x pokerkit  {met} 20 M/s")
    bench_stud_streets()
    bench_first_use()


if __name__ == "__main__":
    main()
