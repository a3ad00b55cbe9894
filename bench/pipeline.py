"""The nightly job end to end on a generated players-layout CSV, stage by stage, to Parquet.

Run: ``.venv/bin/python -m bench.pipeline [--rows N] [--repeats R] [--cli-repeats C]``
(default 1,000,000 rows = 125,000 rounds of 8 players, 3 repeats, 1 CLI run).

Each repeat is a fresh interpreter (this file with ``--worker``) that builds the evaluator's
tables first (reported apart), then runs the library's own steps one after another and prints
their seconds and its peak RSS (``ru_maxrss``: tracemalloc cannot see polars' Rust
allocations).  Stages:

* read      ``read_source`` (polars CSV reader, strip, blank cells to null)
* layout    ``detect_layout`` + ``holdem_rows`` + ``with_card_ids`` (split cards, parse ids)
* validate  ``validate_holdem`` (pandera model + vectorised round rules) and dropping bad rows
* score     ``score_holdem`` (strength, hand, detail, best five, rank, winner); the rank window
  is re-timed on its own afterwards and shown as "of which rank"
* write     ``run.scored_frame`` (ScoredRows pandera check) + ``write_parquet``

The medians of the repeats are printed, then the real CLI (``pipeline run CSV -o TMP --force``,
which also writes the 1M-row workbook) is timed in a subprocess, with its peak RSS.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# This file is called pipeline.py, and a script's folder comes first on sys.path: without this,
# ``import pipeline`` would find this file instead of the package.
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    del sys.path[0]

STAGES = ("read", "layout", "validate", "score", "write")
TARGET_ROWS_PER_SECOND = 300_000
TARGET_PEAK_MIB = 2 * 1024
PLAYERS = 8
SEED = 2024
ROOT = Path(__file__).resolve().parent.parent


def peak_rss_mib(who: int = resource.RUSAGE_SELF) -> float:
    """Peak resident set size so far, MiB (Linux reports ``ru_maxrss`` in KiB)."""
    return resource.getrusage(who).ru_maxrss / 1024


def generate(path: Path, rows: int) -> int:
    """Write a players-layout CSV of about ``rows`` rows; returns the rows written."""
    from pipeline.games.generate import deal_holdem, players_frame

    frame = players_frame(deal_holdem(max(1, rows // PLAYERS), PLAYERS, SEED))
    frame.write_csv(path)
    return frame.height


def worker(csv: Path, output: Path) -> dict[str, float]:
    """One measurement in this (fresh) process: seconds per stage, peak RSS after each."""
    import numpy as np
    import polars as pl

    from pipeline.core.evaluation import evaluator
    from pipeline.games.layouts import FIVE_CARD, detect_layout, holdem_rows
    from pipeline.games.poker.scoring.round_rules import ROUND_KEY
    from pipeline.games.poker.scoring.rows import score_holdem, validate_holdem, with_card_ids
    from pipeline.job.task.outputs import scored_frames
    from pipeline.job.task.results import FileResult, SheetResult
    from pipeline.sources import read_source

    figures: dict[str, float] = {"rss_imports": peak_rss_mib()}
    clock = time.perf_counter()
    evaluator.evaluate(np.array([[0, 5, 10, 15, 20, 25, 30]] * 4, dtype=np.uint8))
    evaluator.evaluate(np.array([[0, 5, 10, 15, 20, 25]] * 4, dtype=np.uint8))
    evaluator.evaluate(np.array([[0, 5, 10, 15, 20]] * 4, dtype=np.uint8))
    figures["tables"] = time.perf_counter() - clock
    figures["rss_tables"] = peak_rss_mib()

    clock = time.perf_counter()
    source = read_source(csv)
    figures["read"] = time.perf_counter() - clock
    figures["rss_read"] = peak_rss_mib()
    (sheet,) = source.sheets
    figures["rows"] = sheet.frame.height

    clock = time.perf_counter()
    layout = detect_layout(sheet.frame.columns)
    if layout is None:
        msg = f"generated sheet matches no layout: {sheet.frame.columns!r}"
        raise AssertionError(msg)
    rows = with_card_ids(holdem_rows(sheet.frame, layout))
    figures["layout"] = time.perf_counter() - clock
    figures["rss_layout"] = peak_rss_mib()

    clock = time.perf_counter()
    issues = validate_holdem(rows, five_card=layout.kind == FIVE_CARD)
    good = rows.filter(~pl.col("row_id").is_in(issues["row_id"].implode()))
    figures["validate"] = time.perf_counter() - clock
    figures["rss_validate"] = peak_rss_mib()
    figures["issues"] = issues.height

    clock = time.perf_counter()
    scored = score_holdem(good)
    figures["score"] = time.perf_counter() - clock
    figures["rss_score"] = peak_rss_mib()

    # The rank window alone, re-run on the scored frame: a share of "score", not added to it.
    clock = time.perf_counter()
    scored.select(pl.col("strength").rank("min", descending=True).over(ROUND_KEY))
    figures["rank"] = time.perf_counter() - clock

    clock = time.perf_counter()
    result = FileResult(
        source, csv.name, [SheetResult(sheet, layout, scored, issues, issues.height)]
    )
    for name, frame in scored_frames(result).items():
        frame.write_parquet(output / f"{csv.name}.{name}.parquet")
    figures["write"] = time.perf_counter() - clock
    figures["rss_write"] = peak_rss_mib()
    figures["total"] = sum(figures[stage] for stage in STAGES)
    return figures


def measure(csv: Path, output: Path) -> dict[str, float]:
    """Run :func:`worker` in a fresh interpreter and return what it printed."""
    done = subprocess.run(
        [sys.executable, __file__, "--worker", str(csv), str(output)],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def time_cli(csv: Path, output: Path) -> tuple[float, float, int]:
    """Seconds, peak RSS (MiB) and exit code of ``pipeline run CSV -o OUTPUT --force``; prints
    the run's own split (read, score, write) from its ``manifest.json``."""
    before = peak_rss_mib(resource.RUSAGE_CHILDREN)
    command = [str(ROOT / ".venv" / "bin" / "pipeline"), "run", str(csv), "-o", str(output)]
    clock = time.perf_counter()
    done = subprocess.run([*command, "--force"], capture_output=True, text=True, cwd=ROOT)
    seconds = time.perf_counter() - clock
    if done.returncode not in (0, 1):
        msg = f"pipeline run failed ({done.returncode}): {done.stderr or done.stdout}"
        raise RuntimeError(msg)
    manifest = json.loads((output / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["files"].values():
        print(f"CLI manifest timings (s): {entry['timings']}")
    # RUSAGE_CHILDREN is the largest child so far: only meaningful if this one is the largest.
    peak = peak_rss_mib(resource.RUSAGE_CHILDREN)
    return seconds, peak if peak > before else float("nan"), done.returncode


def report(runs: list[dict[str, float]]) -> None:
    """Print medians: a stage table, end to end against the target, peak RSS."""

    def median(key: str) -> float:
        return statistics.median(run[key] for run in runs)

    rows = int(runs[0]["rows"])
    total = median("total")
    print(f"{rows:,} rows, {int(runs[0]['issues'])} issues, median of {len(runs)} fresh processes")
    print(f"evaluator tables (one-time): {median('tables'):.3f} s")
    print(f"{'stage':<18}{'seconds':>9}{'rows/s':>13}{'share':>8}{'peak RSS MiB':>14}")
    for stage in STAGES:
        seconds = median(stage)
        print(
            f"{stage:<18}{seconds:>9.3f}{rows / seconds:>13,.0f}{seconds / total:>8.1%}"
            f"{median('rss_' + stage):>14.0f}"
        )
        if stage == "score":
            rank = median("rank")
            print(f"{'  of which rank':<18}{rank:>9.3f}{rows / rank:>13,.0f}{rank / total:>8.1%}")
    print(f"{'end to end':<18}{total:>9.3f}{rows / total:>13,.0f}{1:>8.0%}")
    verdict = "meets" if rows / total >= TARGET_ROWS_PER_SECOND else "misses"
    print(f"end to end {rows / total:,.0f} rows/s: {verdict} the {TARGET_ROWS_PER_SECOND:,} target")
    peak = max(run["rss_write"] for run in runs)
    verdict = "meets" if peak < TARGET_PEAK_MIB else "misses"
    print(
        f"peak RSS {median('rss_write'):,.0f} MiB median, {peak:,.0f} max "
        f"(imports alone {median('rss_imports'):,.0f}): {verdict} the < {TARGET_PEAK_MIB:,} target"
    )
    print("per-stage seconds:", json.dumps({s: [round(r[s], 3) for r in runs] for s in STAGES}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rows", type=int, default=1_000_000, help="rows to generate")
    parser.add_argument("--repeats", type=int, default=3, help="fresh processes to time")
    parser.add_argument("--cli-repeats", type=int, default=1, help="CLI runs (0: skip)")
    parser.add_argument("--worker", nargs=2, metavar=("CSV", "OUTPUT"), help=argparse.SUPPRESS)
    parser.add_argument("--generate", metavar="CSV", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.generate:
        print(generate(Path(arguments.generate), arguments.rows))
        return
    if arguments.worker:
        csv, output = (Path(name) for name in arguments.worker)
        print(json.dumps(worker(csv, output)))
        return
    with tempfile.TemporaryDirectory() as folder:
        csv = Path(folder) / "night.csv"
        clock = time.perf_counter()
        # In a child: Linux carries a parent's peak RSS into a child across fork and exec, so
        # this process stays small (no polars) for the workers' ru_maxrss to be their own.
        command = [sys.executable, __file__, "--generate", str(csv), "--rows", str(arguments.rows)]
        done = subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT)
        written = int(done.stdout.strip().splitlines()[-1])
        size = csv.stat().st_size / 2**20
        print(f"generated {written:,} rows ({size:.1f} MiB) in {time.perf_counter() - clock:.1f} s")
        runs = [measure(csv, Path(folder)) for _ in range(arguments.repeats)]
        report(runs)
        cli = [time_cli(csv, Path(folder) / "cli") for _ in range(arguments.cli_repeats)]
        if cli:
            seconds = statistics.median(run[0] for run in cli)
            peak = max(run[1] for run in cli)
            outputs = Path(folder) / "cli"
            xlsx = sum(path.stat().st_size for path in outputs.glob("*.xlsx")) / 2**20
            print(
                f"CLI `pipeline run --force` (parquet + {xlsx:.0f} MiB workbook), "
                f"{len(cli)} run(s): {seconds:.1f} s median, {written / seconds:,.0f} rows/s, "
                f"peak RSS {peak:,.0f} MiB, exit code {cli[0][2]}"
            )


if __name__ == "__main__":
    main()
