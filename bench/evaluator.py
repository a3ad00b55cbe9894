"""Hands per second: our vectorised evaluator against a plain loop over each Python poker library.

Run from the repository root: ``.venv/bin/python -m bench.evaluator`` (``make bench``).  Every
contender scores the same random hands in this one process (the slow libraries a leading
subsample of them; the ``n`` column says how many).  Each library gets its own card objects made
before the clock starts, so its figure is the bare ``for`` loop over its evaluate call.  Figures
are medians of repeats; the ratio is our rate over theirs.  Then: the time and memory to build
our tables at first use, the import time of ``pipeline.core.evaluation.evaluator`` and the wall time
of ``pipeline equity``, each in a fresh interpreter.
"""

from __future__ import annotations

import functools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import eval7
import numpy as np
import phevaluator
import pokerkit
import treys
from numpy.typing import NDArray

from bench.timing import median_seconds
from pipeline.core.cards import format_card
from pipeline.core.evaluation import evaluator
from pipeline.core.evaluation.evaluator import evaluate
from pipeline.core.kernel import KERNEL_NAME, compiled_kernel

N_HANDS = 1_000_000
N_HANDS_OURS_LARGE = 10_000_000
OUR_REPEATS = 7
LIBRARY_REPEATS = 3


@dataclass(frozen=True)
class Library:
    """A Python poker library: how to make its arguments for one hand, and its evaluate call."""

    name: str
    arguments: Callable[[list[int]], tuple[Any, ...]]
    score: Callable[..., object]
    sample: dict[int, int]  # hand size -> how many of the hands it scores


def _libraries() -> list[Library]:
    treys_evaluator = treys.Evaluator()
    treys_card = [treys.Card.new(format_card(card)) for card in range(52)]
    eval7_card = [eval7.Card(format_card(card)) for card in range(52)]
    pokerkit_card = [next(iter(pokerkit.Card.parse(format_card(card)))) for card in range(52)]
    return [
        # phevaluator's integer ids are ours (2c = 0 ... As = 51).
        Library("phevaluator", tuple, phevaluator.evaluate_cards, {5: N_HANDS, 7: N_HANDS}),
        Library(
            "eval7",
            lambda hand: ([eval7_card[card] for card in hand],),
            eval7.evaluate,
            {5: N_HANDS, 7: N_HANDS},
        ),
        Library(
            "treys",
            lambda hand: (
                [treys_card[card] for card in hand[:2]],
                [treys_card[card] for card in hand[2:]],
            ),
            treys_evaluator.evaluate,
            {5: 100_000, 7: 100_000},
        ),
        Library(
            "pokerkit",
            lambda hand: ([pokerkit_card[card] for card in hand],),
            pokerkit.StandardHighHand.from_game,
            {5: 100_000, 7: 20_000},
        ),
    ]


def random_hands(rng: np.random.Generator, n: int, k: int) -> NDArray[np.uint8]:
    """``n`` uniformly random hands of ``k`` distinct cards (rows with a repeat are redrawn)."""
    hands = rng.integers(0, 52, size=(n, k), dtype=np.uint8)
    redraw = np.arange(n)
    while redraw.size:
        seen = np.zeros(redraw.size, dtype=np.uint64)
        repeated = np.zeros(redraw.size, dtype=bool)
        for column in range(k):
            bit = np.left_shift(np.uint64(1), hands[redraw, column].astype(np.uint64))
            repeated |= (seen & bit) != 0
            seen |= bit
        redraw = redraw[repeated]
        hands[redraw] = rng.integers(0, 52, size=(redraw.size, k), dtype=np.uint8)
    return hands


def library_loop(score: Callable[..., object], arguments: Sequence[tuple[Any, ...]]) -> None:
    """The plain loop a user of the library would write."""
    for hand_arguments in arguments:
        score(*hand_arguments)


def _paths() -> dict[str, Callable[..., NDArray[np.uint16]]]:
    """Our two evaluator loops by name: the compiled one (when built) and the numpy one."""
    paths: dict[str, Callable[..., NDArray[np.uint16]]] = {}
    compiled = compiled_kernel()
    if compiled is not None:
        paths["C loop"] = functools.partial(evaluator._evaluate_compiled, compiled)
    paths["numpy"] = evaluator._evaluate_numpy
    return paths


def bench_hand_size(k: int, libraries: list[Library], rng: np.random.Generator) -> None:
    hands = random_hands(rng, N_HANDS, k)
    large = random_hands(rng, N_HANDS_OURS_LARGE, k)
    evaluate(hands[:1], check=False)  # build the tables outside the clock
    ours = N_HANDS / median_seconds(lambda: evaluate(hands, check=False), OUR_REPEATS)
    ours_large = N_HANDS_OURS_LARGE / median_seconds(
        lambda: evaluate(large, check=False), OUR_REPEATS
    )
    print(f"\n{k}-card hands (evaluate runs the {KERNEL_NAME} loop)")
    print(f"{'':<32}{'n':>12}{'M hands/s':>12}{'ours / theirs':>16}")
    print(f"{'ours (evaluate, check=False)':<32}{N_HANDS:>12,}{ours / 1e6:>12.1f}")
    print(f"{'ours (evaluate, check=False)':<32}{N_HANDS_OURS_LARGE:>12,}{ours_large / 1e6:>12.1f}")
    # Per loop, checked and unchecked alternate, so load from other jobs hits both alike.
    for name, path in _paths().items():
        assert (path(hands) == path(hands, check=False)).all()
        checked_s, unchecked_s = [], []
        for _ in range(2 * OUR_REPEATS + 1):
            checked_s.append(median_seconds(functools.partial(path, hands), 1))
            unchecked_s.append(median_seconds(functools.partial(path, hands, check=False), 1))
        checked = N_HANDS / statistics.median(checked_s)
        unchecked = N_HANDS / statistics.median(unchecked_s)
        for label, rate in (("check=False", unchecked), ("checked", checked)):
            print(f"{f'ours, {name} ({label})':<32}{N_HANDS:>12,}{rate / 1e6:>12.1f}")
        print(f"{'':<56}checked / unchecked {checked / unchecked:.2f}x (interleaved)")
    for library in libraries:
        n = library.sample[k]
        arguments = [library.arguments(hand) for hand in hands[:n].tolist()]
        loop = functools.partial(library_loop, library.score, arguments)
        theirs = n / median_seconds(loop, LIBRARY_REPEATS)
        print(f"{library.name + ' loop':<32}{n:>12,}{theirs / 1e6:>12.3f}{ours / theirs:>15,.0f}x")


FIRST_USE = """
import json, time
import numpy as np
import pipeline.core.evaluation.evaluator as evaluator
hands = {k: np.array([list(range(0, 4 * k, 4))], dtype=np.uint8) for k in (7, 5, 6)}
report = {}
for k, hand in hands.items():
    start = time.perf_counter()
    evaluator.evaluate(hand)
    report[k] = time.perf_counter() - start
print(json.dumps(report))
"""

TABLE_MEMORY = """
import json, tracemalloc
import numpy as np
import pipeline.core.evaluation.evaluator as evaluator
tracemalloc.start()
report = {}
for k in (7, 5, 6):
    evaluator.evaluate(np.array([list(range(0, 4 * k, 4))], dtype=np.uint8))
    report[k] = tracemalloc.get_traced_memory()
print(json.dumps(report))
"""

IMPORT_TIME = """
import json, time
start = time.perf_counter()
import numpy
middle = time.perf_counter()
import pipeline.core.evaluation.evaluator
end = time.perf_counter()
print(json.dumps([middle - start, end - middle, end - start]))
"""


def fresh(code: str, cache: str | None = None) -> Any:
    """Run ``code`` in a new interpreter and return the JSON it prints.

    The table cache is ``cache``, or an empty folder (so tables are built) when it is ``None``.
    """
    with tempfile.TemporaryDirectory() as empty:
        environment = {**os.environ, "SHOWDOWN_CACHE_DIR": cache or empty}
        done = subprocess.run(
            [sys.executable, "-c", code],
            check=True,
            capture_output=True,
            text=True,
            env=environment,
        )
    return json.loads(done.stdout)


def bench_tables(repeats: int = 5) -> None:
    firsts = [fresh(FIRST_USE) for _ in range(repeats)]
    print("\ntable build at first use (fresh interpreter, median of 5; 7-card first, then 5, 6)")
    for k in ("7", "5", "6"):
        seconds = statistics.median(first[k] for first in firsts)
        print(f"  first {k}-card call            {seconds * 1e3:8.0f} ms")
    with tempfile.TemporaryDirectory() as warm:
        fresh(FIRST_USE, warm)  # fills the cache
        loads = [fresh(FIRST_USE, warm) for _ in range(repeats)]
    print("same, tables read from the on-disk cache (median of 5)")
    for k in ("7", "5", "6"):
        seconds = statistics.median(load[k] for load in loads)
        print(f"  first {k}-card call            {seconds * 1e3:8.0f} ms")
    memory = fresh(TABLE_MEMORY)
    print("table memory (tracemalloc, cumulative: current / peak while building)")
    for k in ("7", "5", "6"):
        current, peak = memory[k]
        megabytes = f"{current / 2**20:7.1f} MiB / {peak / 2**20:6.1f} MiB"
        print(f"  after first {k}-card call     {megabytes}")
    imports = [fresh(IMPORT_TIME) for _ in range(repeats)]
    numpy_s, ours_s, total_s = (statistics.median(times) for times in zip(*imports, strict=True))
    print("import time (fresh interpreter, median of 5)")
    print(f"  import numpy                  {numpy_s * 1e3:8.1f} ms")
    print(f"  then import pipeline.core.evaluation.evaluator{ours_s * 1e3:8.1f} ms")
    print(f"  both                          {total_s * 1e3:8.1f} ms")


CLI_EQUITY = ["equity", "AhKh", "QsQc"]
# The console script's entry point (pyproject [project.scripts]), run from this checkout, and the
# Typer app it falls back to for every other command line.
CONSOLE_SCRIPT = "import sys; from pipeline.console import main; sys.exit(main())"
TYPER_APP = "from pipeline.cli import main; main()"


def bench_cold_cli(repeats: int = 20) -> None:
    """Wall time of ``pipeline equity AhKh QsQc`` in a new process: with an empty table cache
    (the first run after an install or a change to the table code) and with the cache warm,
    through the console script's fast path and through the Typer app."""
    console = [sys.executable, "-c", CONSOLE_SCRIPT, *CLI_EQUITY]
    typer_app = [sys.executable, "-c", TYPER_APP, *CLI_EQUITY]
    with tempfile.TemporaryDirectory() as folder:
        environment = {**os.environ, "SHOWDOWN_CACHE_DIR": folder}

        def once(command: list[str], clear: bool) -> float:
            if clear:
                for path in Path(folder).iterdir():
                    path.unlink()
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env=environment)
            return time.perf_counter() - start

        cold = statistics.median(once(console, clear=True) for _ in range(max(3, repeats // 4)))
        # Fast path and Typer app alternate, so load from other jobs hits both alike.
        fast_s, typer_s = [], []
        for _ in range(repeats):
            fast_s.append(once(console, clear=False))
            typer_s.append(once(typer_app, clear=False))
        warm, through_typer = statistics.median(fast_s), statistics.median(typer_s)
    floors = {
        code: statistics.median(_wall([sys.executable, "-c", code]) for _ in range(repeats))
        for code in ("pass", "import numpy", "import numpy, typer, typer._adapters")
    }
    print(f"\n'pipeline {' '.join(CLI_EQUITY)}' in a new process (wall, medians of {repeats})")
    print(f"  console script, table cache warm    {warm * 1e3:8.0f} ms   (target < 300 ms)")
    print(f"  console script, empty table cache   {cold * 1e3:8.0f} ms")
    print(f"  through the Typer app, cache warm   {through_typer * 1e3:8.0f} ms")
    for code, seconds in floors.items():
        print(f"  floor: python -c {code!r:<40}{seconds * 1e3:8.0f} ms")


def _wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    rng = np.random.default_rng(2024)
    libraries = _libraries()
    print(f"numpy {np.__version__}, Python {sys.version.split()[0]}, medians of repeats")
    for k in (5, 7):
        bench_hand_size(k, libraries, rng)
    bench_tables()
    bench_cold_cli()
    # The other targets of issue 12, in the same run: the turn street against eval7's loop and
    # the fixed cost of one small file.
    from bench import equity, small_file

    equity.turn_street()
    small_file.report()


if __name__ == "__main__":
    main()
