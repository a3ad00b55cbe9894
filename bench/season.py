"""The season report on a generated season: 1,000,000 scored poker rows in 50 Parquet nights.

Run: ``.venv/bin/python -m bench.season [--rows N] [--files F] [--repeats R]``.

The season is dealt with numpy (6 players a round, real cards from a shuffled deck, strengths
from our evaluator, about 40 % of players folding, win_turn figures, chips) and written as
``night-NN.poker.parquet`` files with a ``date`` each.  Each repeat is a fresh interpreter (this
file with ``--worker``) that times :func:`pipeline.season.report.season_report` and then
:func:`pipeline.sinks.excel.season.write_season_workbook`, and prints its peak RSS
(``ru_maxrss``: polars' Rust allocations included).  Medians of the repeats are printed.
The season is dealt in a child process as well: ``ru_maxrss`` survives fork and exec, so the
workers must be started by a parent that stayed small.  Targets: report under 10 s, peak RSS
under 1 GB.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# A script's folder comes first on sys.path, and bench/pipeline.py would shadow the package.
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    del sys.path[0]

import numpy as np
import polars as pl

PLAYERS_PER_ROUND = 6
TARGET_SECONDS = 10.0
TARGET_RSS_MB = 1024.0


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def generate(folder: Path, rows: int, files: int, seed: int = 0, contract: bool = False) -> None:
    """Deal ``rows`` scored poker rows (6 a round) into ``files`` Parquet nights; ``contract``
    writes the data contract's columns too (a PokerStars USD cash log per night: site, hand
    times in ET, currency, big blind, net), which the season keys hands and nights on."""
    from pipeline.core.cards import RANKS, SUITS
    from pipeline.core.evaluation import evaluator

    rng = np.random.default_rng(seed)
    rounds = rows // PLAYERS_PER_ROUND
    seats = PLAYERS_PER_ROUND
    deck = np.argsort(rng.random((rounds, 52)), axis=1).astype(np.uint8)
    board = deck[:, :5]
    holes = deck[:, 5 : 5 + 2 * seats].reshape(rounds, seats, 2)
    hands = np.concatenate([holes, np.repeat(board[:, None, :], seats, axis=1)], axis=2)
    flat = hands.reshape(-1, 7)
    strength = evaluator.evaluate(flat, check=False).reshape(rounds, seats)
    folded = rng.random((rounds, seats)) < 0.4
    folded[folded.all(axis=1), 0] = False
    live = np.where(folded, -1, strength.astype(np.int64))
    winner = live == live.max(axis=1, keepdims=True)
    rank = (live[:, :, None] < live[:, None, :]).sum(axis=2) + 1
    raw = rng.random((rounds, seats)) * ~folded
    equity = 100 * raw / raw.sum(axis=1, keepdims=True)
    chips = np.where(
        winner, rng.gamma(2.0, 50.0, (rounds, seats)), -rng.gamma(1.0, 10.0, (rounds, seats))
    )
    card_text = np.array([rank + suit for rank in RANKS for suit in SUITS])  # id = rank * 4 + suit
    text = card_text[flat]
    full = np.char.add(text[:, 0], "")
    for column in range(1, 7):
        full = np.char.add(np.char.add(full, " "), text[:, column])
    hole_only = np.char.add(np.char.add(text[:, 0], " "), text[:, 1])
    folded_flat = folded.reshape(-1)
    details = np.array(evaluator.describe(np.arange(evaluator.N_STRENGTHS)), dtype=object)
    names = np.array(evaluator.category_names(np.arange(evaluator.N_STRENGTHS)), dtype=object)
    players = np.array([f"Player {number:02d}" for number in range(1, 31)])
    who = np.argsort(rng.random((rounds, 30)), axis=1)[:, :seats]
    strength_flat = strength.reshape(-1)
    frame = pl.DataFrame(
        {
            "source_file": "season.csv",
            "sheet": "Sheet1",
            "row": np.arange(rounds * seats, dtype=np.int64) + 2,
            "tournament": "Season",
            "round": np.repeat(np.arange(1, rounds + 1), seats).astype(str),
            "player": players[who.reshape(-1)],
            "cards": np.where(folded_flat, hole_only, full),
            "folded": folded_flat,
            "strength": pl.Series(strength_flat, dtype=pl.UInt16).scatter(
                np.flatnonzero(folded_flat), None
            ),
            "hand": pl.Series(names[strength_flat], dtype=pl.String).scatter(
                np.flatnonzero(folded_flat), None
            ),
            "hand_detail": pl.Series(details[strength_flat], dtype=pl.String).scatter(
                np.flatnonzero(folded_flat), None
            ),
            "rank": pl.Series(rank.reshape(-1), dtype=pl.UInt32).scatter(
                np.flatnonzero(folded_flat), None
            ),
            "winner": winner.reshape(-1),
            "win_turn": pl.Series(equity.reshape(-1)).scatter(np.flatnonzero(folded_flat), None),
            "chips_won": chips.reshape(-1),
        }
    )
    folder.mkdir(parents=True, exist_ok=True)
    per_file = -(-rounds // files) * seats
    start = dt.date(2026, 1, 1)
    for number in range(files):
        part = frame.slice(number * per_file, per_file)
        day = start + dt.timedelta(days=7 * number)
        part = part.with_columns(pl.lit(day).alias("date"))
        if contract:  # a hand every 20 s from 23:00 UTC: past midnight, one night per file
            began = dt.datetime.combine(day, dt.time(23), tzinfo=dt.UTC)
            hand = pl.int_range(pl.len()) // PLAYERS_PER_ROUND
            part = part.with_columns(
                site=pl.lit("PokerStars"),
                played_at=pl.lit(began) + pl.duration(seconds=hand * 20),
                time_zone=pl.lit("ET"),
                currency=pl.lit("USD"),
                big_blind=pl.lit(0.5),
                format=pl.lit("cash"),
                net=pl.col("chips_won"),
            ).drop("chips_won")
        part.write_parquet(folder / f"night-{number + 1:02d}.poker.parquet")


def worker(folder: Path, output: Path) -> None:
    """One repeat: time the report and the workbook write, print JSON with peak RSS."""
    from pipeline.season.report import season_report
    from pipeline.sinks.excel.season import write_season_workbook

    began = time.perf_counter()
    report = season_report(folder, min_rounds=100)
    middle = time.perf_counter()
    write_season_workbook(report, output)
    ended = time.perf_counter()
    print(
        json.dumps(
            {
                "report": middle - began,
                "workbook": ended - middle,
                "rss_mb": _peak_rss_mb(),
                "players": report.standings.height,
            }
        )
    )


def main() -> None:
    """Generate the season, run the repeats in fresh interpreters, print medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--files", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--contract", action="store_true", help="write the data contract's columns too"
    )
    parser.add_argument("--worker", nargs=2, metavar=("FOLDER", "OUTPUT"), help=argparse.SUPPRESS)
    parser.add_argument("--generate", metavar="FOLDER", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(Path(args.worker[0]), Path(args.worker[1]))
        return
    if args.generate:
        generate(Path(args.generate), args.rows, args.files, contract=args.contract)
        return
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "season"
        began = time.perf_counter()
        # Dealt in a child too: ru_maxrss survives fork and exec, so a parent that had grown
        # while dealing would hand its peak to every worker started after it.
        subprocess.run(
            [sys.executable, __file__, "--generate", str(folder), "--rows", str(args.rows),
             "--files", str(args.files), *(["--contract"] if args.contract else [])],
            check=True,
        )  # fmt: skip
        print(
            f"generated {args.rows:,} rows in {args.files} files in "
            f"{time.perf_counter() - began:.1f} s",
            flush=True,
        )
        runs = []
        for _ in range(args.repeats):
            done = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--worker",
                    str(folder),
                    str(Path(temporary) / "s.xlsx"),
                ],
                capture_output=True,
                text=True,
                check=True,
            )
            runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
            print(json.dumps(runs[-1]), flush=True)
    report = statistics.median(run["report"] for run in runs)
    workbook = statistics.median(run["workbook"] for run in runs)
    rss = statistics.median(run["rss_mb"] for run in runs)
    print(f"report    {report:6.2f} s (median of {len(runs)}; target < {TARGET_SECONDS:.0f} s)")
    print(f"workbook  {workbook:6.2f} s")
    print(f"peak RSS  {rss:6.0f} MB (target < {TARGET_RSS_MB:.0f} MB)")


if __name__ == "__main__":
    main()
