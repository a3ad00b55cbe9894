"""The tracker statistics against the read alone (issue 33: "within 2x the time it takes to read").

Run from the repository root: ``.venv/bin/python -m bench.tracker_stats``.

Every PokerStars file under ``../shared/corpora/pokerstars`` (read in place, never copied) is
read with :func:`read_pokerstars` (the compiled scanner) and its repeated hands dropped: that is
"the read".  The statistics are then computed over all the rows at once, as the Parquet's
writer computes them (:func:`with_tracker_stats` over rows whose ``position`` the scorer has
already found; the positions' own time is printed apart).  Both are medians
of 3 runs taken turn about; the script prints hands/s of each, the ratio, and the load average
before and after (the machine is shared).  (The bench stands on the package alone: the scalar
reference in ``tests/`` is timed by the tests' corpus run, not here.)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import polars as pl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import median_seconds
from pipeline.games.poker.logs.positions import position
from pipeline.games.poker.stats.tracker_stats import with_tracker_stats
from pipeline.records.hand_log import drop_repeated_hands
from pipeline.sources.base import decode_text
from pipeline.sources.pokerstars import read_pokerstars, sniff_pokerstars

ROOT = Path(__file__).resolve().parent.parent
CORPORA = next(
    (
        folder / "shared" / "corpora"
        for folder in (ROOT.parent, ROOT.parent.parent)
        if (folder / "shared" / "corpora").is_dir()
    ),
    ROOT.parent / "shared" / "corpora",
)
POKERSTARS = CORPORA / "pokerstars"
REPEATS = 3
HAND = ("source_file", "tournament", "table", "round")


def corpus_files() -> list[tuple[str, bytes]]:
    """The PokerStars files' names and bytes (in memory: the bench times reading, not disk)."""
    files = []
    for path in sorted(POKERSTARS.rglob("*.txt")):
        data = path.read_bytes()
        if sniff_pokerstars(decode_text(data[:8192]).lstrip("\ufeff")):
            files.append((path.relative_to(POKERSTARS).as_posix(), data))
    return files


def read_all(files: list[tuple[str, bytes]]) -> pl.DataFrame:
    """The read alone: every file's rows, repeated hands dropped, in one frame."""
    frames = []
    for name, data in files:
        rows = drop_repeated_hands(read_pokerstars(data, name), name).rows
        frames.append(rows.with_columns(pl.lit(name).alias("source_file")))
    return pl.concat(frames, how="diagonal")


def located_rows(rows: pl.DataFrame) -> pl.DataFrame:
    """The rows as the Parquet's writer has them: the hand, the player, actions, won and the
    position (the scorer's, issue 29)."""
    hand = ["source_file", "tournament", "table", "hand_id"]
    return rows.select(
        "source_file",
        "tournament",
        "table",
        pl.col("hand_id").alias("round"),
        "player",
        "actions",
        "won",
        position(pl.col("seat"), pl.col("button"), hand).alias("position"),
    )


def main() -> None:
    if not POKERSTARS.is_dir():
        print(f"{POKERSTARS} is absent: nothing to bench (the corpora are not copied here)")
        return
    files = corpus_files()
    rows = read_all(files)
    hands = rows.select("source_file", "tournament", "table", "hand_id").n_unique()
    located = located_rows(rows)
    positions = median_seconds(lambda: located_rows(rows), REPEATS)
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    read_times, stats_times = [], []
    for _ in range(REPEATS):  # turn about, so a busy spell weighs on both
        read_times.append(median_seconds(lambda: read_all(files), 1))
        stats_times.append(median_seconds(lambda: with_tracker_stats(located, hand=HAND), 1))
    read_seconds = sorted(read_times)[REPEATS // 2]
    stats_seconds = sorted(stats_times)[REPEATS // 2]
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print(f"{len(files)} files, {hands:,} hands, {rows.height:,} player rows")
    print(f"read alone:  {read_seconds:6.2f} s  {hands / read_seconds:>10,.0f} hands/s")
    print(f"statistics:  {stats_seconds:6.2f} s  {hands / stats_seconds:>10,.0f} hands/s")
    print(f"statistics / read: {stats_seconds / read_seconds:.2f}x (target: within 2x)")
    print(f"(positions, the scorer's already: {positions:.2f} s)")


if __name__ == "__main__":
    main()
