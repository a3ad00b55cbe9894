"""The standard evaluator's speed on this checkout against another commit (``main`` by default).

Run from the repository root: ``.venv/bin/python -m bench.before_after [--ref main]``.  The
other commit's ``pipeline/`` is extracted with ``git archive`` into a temporary folder and its
C loop compiled there (``setup.py build_ext --inplace``); each tree then times
``evaluate(hands)`` checked and with ``check=False`` on the same seeded 1,000,000 random 5- and
7-card hands, in fresh interpreters taken turn about, A-B then B-A (so load from other jobs hits
both), each with its own empty table cache.  Prints medians of the runs' medians.

Separate processes on a shared machine differ by more than the change measured, so a second
table times, in this one process and turn about, this checkout's ``evaluate`` and the bare
compiled loop called with the standard tables as ``main`` passed them: the cost of the
ranking argument itself.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

TIMING = """
import json, statistics, time
import numpy as np
from pipeline.core.evaluation.evaluator import evaluate
from pipeline.core.kernel import KERNEL_NAME
rng = np.random.default_rng(2024)
report = {"kernel": KERNEL_NAME}
for k in (7, 5):
    hands = np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :k].astype(np.uint8)
    evaluate(hands[:10])
    for label, check in (("check=False", False), ("checked", True)):
        times = []
        for _ in range(7):
            start = time.perf_counter()
            evaluate(hands, check=check)
            times.append(time.perf_counter() - start)
        report[f"{k}-card {label}"] = 1e6 / statistics.median(times) / 1e6
print(json.dumps(report))
"""


def extract(ref: str, into: Path) -> None:
    """``pipeline/``, ``setup.py`` and ``pyproject.toml`` of ``ref``, with its C loop built."""
    into.mkdir(parents=True)
    archive = into / "tree.tar"
    with open(archive, "wb") as out:
        subprocess.run(
            ["git", "archive", ref, "pipeline", "setup.py", "pyproject.toml"],
            cwd=ROOT,
            check=True,
            stdout=out,
        )
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=into,
        check=True,
        capture_output=True,
    )


def run(tree: Path, cache: Path) -> dict[str, Any]:
    environment = {**os.environ, "PYTHONPATH": str(tree), "SHOWDOWN_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", TIMING],
        cwd=tree,
        env=environment,
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def in_process(rounds: int = 25) -> None:
    """This checkout's ``evaluate`` against the bare compiled call, interleaved."""
    import functools

    import numpy as np

    from bench.timing import median_seconds
    from pipeline.core.evaluation import hand_tables as t
    from pipeline.core.evaluation.evaluator import evaluate
    from pipeline.core.kernel import compiled_kernel

    kernel = compiled_kernel()
    if kernel is None:
        print("no compiled loop here: nothing to compare in process")
        return
    rng = np.random.default_rng(2024)
    print(f"\nin one process, {rounds} interleaved runs, M hands/s: median (best)")
    print(f"{'':<22}{'bare loop':>18}{'evaluate':>18}{'evaluate/bare':>15}")
    for k in (7, 5):
        hands = np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :k].astype(np.uint8)

        def bare(hands: Any = hands, k: int = k, check: bool = False) -> Any:
            out = np.empty(len(hands), dtype=np.uint16)
            kernel.evaluate(
                hands,
                k,
                t.pair_keys(),
                t.rank_strengths(k),
                t.RANK_MASK,
                t.SUIT_SHIFT,
                t.flush_suits(k),
                t.NO_FLUSH,
                t.suit_rank_bits(),
                t.ranking_tables().flush_strength,
                t.pair_checks(),
                out,
                check,
            )
            return out

        assert (bare() == evaluate(hands, check=False)).all()
        for label, check in (("check=False", False), ("checked", True)):
            a, b = [], []
            for _ in range(rounds):
                a.append(median_seconds(functools.partial(bare, check=check), 1))
                b.append(median_seconds(functools.partial(evaluate, hands, check=check), 1))
            before, after = 1 / statistics.median(a), 1 / statistics.median(b)
            best_before, best_after = 1 / min(a), 1 / min(b)
            row = f"{k}-card {label}"
            cells = f"{before:>10.1f} ({best_before:5.1f}){after:>10.1f} ({best_after:5.1f})"
            ratios = f"{after / before:>8.2f}x ({best_after / best_before:.2f}x)"
            print(f"{row:<22}{cells}{ratios}")
    small = hands[:10]
    bare_small = median_seconds(functools.partial(bare, small, 5, False), 2001)
    evaluate_small = median_seconds(functools.partial(evaluate, small, check=False), 2001)
    micro = f"bare {bare_small * 1e6:.1f} us, evaluate {evaluate_small * 1e6:.1f} us"
    print(f"one call of 10 five-card hands (median of 2,001): {micro}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default="main")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        extract(args.ref, base / "before")
        trees = {args.ref: base / "before", "this checkout": ROOT}
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
        for round_number in range(args.rounds):
            # A-B then B-A: whichever runs second in a round gets no systematic edge.
            order = list(trees.items())
            for name, tree in order if round_number % 2 == 0 else order[::-1]:
                cache = base / f"cache-{name.replace(' ', '-')}-{round_number}"
                runs[name].append(run(tree, cache))
    keys = [key for key in runs["this checkout"][0] if key != "kernel"]
    print(f"M hands/s, medians of {args.rounds} runs (each a median of 7), 1,000,000 hands")
    print(f"{'':<22}" + "".join(f"{name:>16}" for name in trees) + f"{'after/before':>14}")
    for key in keys:
        before, after = (statistics.median(r[key] for r in runs[name]) for name in trees)
        print(f"{key:<22}{before:>16.1f}{after:>16.1f}{after / before:>13.2f}x")
    print("loops: " + ", ".join(f"{name} {runs[name][0]['kernel']}" for name in trees))
    in_process()


if __name__ == "__main__":
    main()
