"""``write_workbook`` against a bare openpyxl write-only dump of the same cells, in one run.

Run: ``.venv/bin/python -m bench.workbook [rows]`` (default 100,000 rows x 14 columns, winners on
about 20 % of rows, folds on about 30 %). Prints the median of 3 runs of each, the ratio (target:
ours within 1.5x of the bare dump) and the peak memory of each, measured with tracemalloc.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import numpy as np
import polars as pl
from openpyxl import Workbook

from pipeline.sinks.excel.workbook import SheetOutput, write_workbook

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NAMES = ["Ann Duke", "=Bob", "Chen Wei", "Dara O'Neil", "Élodie", "Farid", "-Gus", "Hana"]


def sample_table(rows: int, seed: int = 7) -> pl.DataFrame:
    """A realistic scored round sheet: cards, names, chips, flags, percentages."""
    rng = np.random.default_rng(seed)
    deck = np.array([rank + suit for rank in RANKS for suit in SUITS])
    picks = np.argsort(rng.random((rows, 52)), axis=1)[:, :7]
    cards = deck[picks]
    holes = np.char.add(np.char.add(cards[:, 0], " "), cards[:, 1])
    board = cards[:, 2]
    for column in range(3, 7):
        board = np.char.add(np.char.add(board, " "), cards[:, column])
    winner = rng.random(rows) < 0.2
    fold = ~winner & (rng.random(rows) < 0.3)
    return pl.DataFrame(
        {
            "tournament": ["Spring Open"] * rows,
            "table": rng.integers(1, 40, rows),
            "round": rng.integers(1, 200, rows),
            "seat": rng.integers(1, 10, rows),
            "player": rng.choice(NAMES, rows),
            "hole": holes,
            "board": board,
            "hand": rng.choice(["Two Pair", "Flush", "High Card", "Full House"], rows),
            "strength": rng.integers(1, 7463, rows),
            "chips": rng.integers(0, 2_000_000, rows),
            "win_preflop": rng.random(rows) * 100,
            "win_river": rng.random(rows) * 100,
            "winner": winner,
            "fold": fold,
        }
    )


def ours(table: pl.DataFrame, target: Path, *, flags_in_table: bool = True) -> None:
    """Flags that are columns become one conditional format; others style every cell of a row."""
    written = table if flags_in_table else table.drop("winner", "fold")
    sheet = SheetOutput(
        "Round sheet",
        written,
        highlight=table["winner"],
        muted=table["fold"],
        percent_columns=["win_preflop", "win_river"],
    )
    write_workbook(target, [sheet], [("Totals", table.head(5))], pl.DataFrame({"message": []}))


def bare(table: pl.DataFrame, target: Path) -> None:
    book = Workbook(write_only=True)
    sheet = book.create_sheet("Round sheet")
    sheet.append(table.columns)
    for row in table.iter_rows():
        sheet.append(row)
    book.save(target)


def measure(function: Callable[[], None], repeats: int) -> tuple[float, float]:
    """Median seconds of ``repeats`` runs, then the tracemalloc peak (MiB) of one more run."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    function()
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return statistics.median(times), peak


def main() -> None:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    table = sample_table(rows)
    with tempfile.TemporaryDirectory() as folder:
        ours_s, ours_mib = measure(lambda: ours(table, Path(folder) / "ours.xlsx"), repeats=3)
        cells_s, cells_mib = measure(
            lambda: ours(table, Path(folder) / "cells.xlsx", flags_in_table=False), repeats=3
        )
        bare_s, bare_mib = measure(lambda: bare(table, Path(folder) / "bare.xlsx"), repeats=3)
        size = (Path(folder) / "ours.xlsx").stat().st_size / 2**20
    print(f"{rows:,} rows x {table.width} columns, {int(table['winner'].sum()):,} winners")
    print(f"{'':<26}{'seconds':>9}{'peak MiB':>10}")
    print(f"{'write_workbook':<26}{ours_s:>9.2f}{ours_mib:>10.1f}")
    print(f"{'  flags styled per cell':<26}{cells_s:>9.2f}{cells_mib:>10.1f}  (12 columns)")
    print(f"{'bare write-only dump':<26}{bare_s:>9.2f}{bare_mib:>10.1f}")
    print(f"ratio {ours_s / bare_s:.2f}x (target <= 1.5x), per-cell flags {cells_s / bare_s:.2f}x")
    print(f"our file {size:.1f} MiB")


if __name__ == "__main__":
    main()
