"""The nightly job's workbooks against the bare library floor, on the same cells (issue 23).

Run: ``.venv/bin/python -m bench.workbook [--rows 100000 1000000] [--repeats 3]
[--write-back-rows 100000] [--before DIR]`` (``DIR``: the code before, ``git archive main |
tar -x -C DIR``, whose job is measured beside ours).  Each measurement is a fresh process
(``python -m bench.workbook --child ...``), so its peak RSS (``ru_maxrss``; tracemalloc cannot
see polars' Rust memory) is its own; the processes of each pair alternate, and the figures
are medians.

* **New workbook** (a players CSV, ``deal_holdem`` rows): ``pipeline run --no-equity`` end to
  end in the process (read, score, Parquet, the workbook with its Summary and Issues sheets),
  against a bare xlsxwriter constant-memory ``write_row`` of the same cells: the job's own
  output sheet, read back with calamine before the clock starts.  Target: at most 1.3x.
* **Write-back** (the same rows as a producer's ``.xlsx``): the job on that workbook (its big
  workbooks go to the memory-capped child process, counted in the CPU and peak RSS), against
  openpyxl's own ``load_workbook`` + ``save`` of the same file.  Target: at most 1.3x.

CPU seconds (the process and its children) are the figures to compare on a shared machine;
wall seconds are printed too, with the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _usage() -> tuple[float, float]:
    """CPU seconds of this process and its children, and the peak RSS of either, MiB."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
    return cpu, max(own.ru_maxrss, children.ru_maxrss) / 1024


def child(kind: str, source: Path, scratch: Path) -> dict[str, float]:
    """One measurement in this (fresh) process."""
    if kind == "generate":
        from pipeline.games.generate import write_generated

        layout = "players"
        rows = write_generated(source, layout=layout, rounds=int(str(scratch)), players=8, seed=1)
        return {"rows": rows}
    if kind == "ours":
        from pipeline.games.generate import write_generated
        from pipeline.job.runner.driver import run

        warm = scratch / "warm" / f"warm{source.suffix}"  # imports and tables, off the clock
        warm.parent.mkdir(exist_ok=True)
        write_generated(warm, layout="players", rounds=2, players=8, seed=1)
        run([warm], scratch / "warm-out", force=True)
        cpu0, _ = _usage()
        start = time.perf_counter()
        report = run([source], scratch / "out", force=True)
        wall = time.perf_counter() - start
        cpu, rss = _usage()
        assert report.exit_code in (0, 1), report
        return {"wall": wall, "cpu": cpu - cpu0, "rss": rss}
    if kind == "bare":
        import polars as pl
        import xlsxwriter

        workbook = next((scratch / "out").glob("*.xlsx"))
        frame = pl.read_excel(workbook, sheet_id=1, engine="calamine")
        cpu0, _ = _usage()
        start = time.perf_counter()
        book = xlsxwriter.Workbook(str(scratch / "bare.xlsx"), {"constant_memory": True})
        sheet = book.add_worksheet("bare")
        sheet.write_row(0, 0, frame.columns)
        for row, values in enumerate(frame.iter_rows(), 1):
            sheet.write_row(row, 0, values)
        book.close()
        wall = time.perf_counter() - start
        cpu, rss = _usage()
        return {"wall": wall, "cpu": cpu - cpu0, "rss": rss}
    if kind == "openpyxl":
        from openpyxl import load_workbook

        cpu0, _ = _usage()
        start = time.perf_counter()
        load_workbook(source).save(scratch / "resaved.xlsx")
        wall = time.perf_counter() - start
        cpu, rss = _usage()
        return {"wall": wall, "cpu": cpu - cpu0, "rss": rss}
    msg = f"unknown measurement {kind!r}"
    raise ValueError(msg)


def _spawn(kind: str, source: Path, scratch: Path, code: Path | None = None) -> dict[str, float]:
    """One measurement in a fresh process; ``code``: a checkout whose ``pipeline`` it runs
    (``--before``), else this one's."""
    environment, where = None, None
    if code is not None:
        here = Path(__file__).resolve().parents[1]
        environment = {**os.environ, "PYTHONPATH": f"{code}{os.pathsep}{here}"}
        where = scratch  # not the repository: -m puts the working folder first on the path
    result = subprocess.run(
        [sys.executable, "-m", "bench.workbook", "--child", kind, str(source), str(scratch)],
        check=True,
        capture_output=True,
        text=True,
        env=environment,
        cwd=where,
    )
    figures: dict[str, float] = json.loads(result.stdout.strip().splitlines()[-1])
    return figures


def _pair(
    source: Path, scratch: Path, ours: str, floor: str, repeats: int, before: Path | None
) -> dict[str, dict[str, float]]:
    runs: dict[str, list[dict[str, float]]] = {ours: [], floor: []}
    if before is not None:
        runs["before"] = []
    for _ in range(repeats):
        if before is not None:
            runs["before"].append(_spawn(ours, source, scratch, before))
        runs[ours].append(_spawn(ours, source, scratch))
        runs[floor].append(_spawn(floor, source, scratch))
    return {
        kind: {key: statistics.median(run[key] for run in found) for key in found[0]}
        for kind, found in runs.items()
    }


def _report(
    label: str, rows: int, figures: dict[str, dict[str, float]], ours: str, floor: str
) -> None:
    mine, bare = figures[ours], figures[floor]
    if "before" in figures:
        was = figures["before"]
        print(
            f"{label:<12}{rows:>10,}  before {was['cpu']:7.2f} s CPU ({was['wall']:6.2f} wall, "
            f"{rows / was['cpu']:>9,.0f} rows/s, peak {was['rss']:6.0f} MiB)  "
            f"ratio {was['cpu'] / bare['cpu']:.2f}x"
        )
    print(
        f"{label:<12}{rows:>10,}  ours {mine['cpu']:7.2f} s CPU ({mine['wall']:6.2f} wall, "
        f"{rows / mine['cpu']:>9,.0f} rows/s, peak {mine['rss']:6.0f} MiB)  "
        f"{floor} {bare['cpu']:7.2f} s CPU ({bare['wall']:6.2f} wall, "
        f"{rows / bare['cpu']:>9,.0f} rows/s, peak {bare['rss']:6.0f} MiB)  "
        f"ratio {mine['cpu'] / bare['cpu']:.2f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--child", nargs=3, metavar=("KIND", "SOURCE", "SCRATCH"))
    parser.add_argument("--rows", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--write-back-rows", type=int, nargs="*", default=[100_000])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--before",
        type=Path,
        help="a checkout of the code before (git archive main | tar -x -C DIR): its job is "
        "measured too, at 100,000 rows or fewer",
    )
    arguments = parser.parse_args()
    if arguments.child:
        kind, source, scratch = arguments.child
        print(json.dumps(child(kind, Path(source), Path(scratch))))
        return
    print(f"load average {os.getloadavg()[0]:.1f}, medians of {arguments.repeats}")
    with tempfile.TemporaryDirectory() as folder:
        for label, sizes, suffix, floor in (
            ("new book", arguments.rows, "csv", "bare"),
            ("write-back", arguments.write_back_rows, "xlsx", "openpyxl"),
        ):
            for rows in sizes:
                scratch = Path(folder) / f"{label.replace(' ', '-')}-{rows}"
                scratch.mkdir()
                source = scratch / f"night.{suffix}"
                _spawn("generate", source, Path(str(rows // 8)))
                before = arguments.before if rows <= 100_000 else None
                figures = _pair(source, scratch, "ours", floor, arguments.repeats, before)
                _report(label, rows, figures, "ours", floor)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
