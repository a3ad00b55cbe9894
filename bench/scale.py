"""Issue 15's figures: the nightly job serial against Dask workers, and a CSV past memory.

Run: ``.venv/bin/python -m bench.scale night [--rows 2000000] [--files 20] [--repeats 3]``
     ``.venv/bin/python -m bench.scale stream [--mib 256 512 ...] [--stream-above-mib 1024]``
     ``.venv/bin/python -m bench.scale sheet``  (one real sheet past 1,048,576 rows)

``night`` deals ``--rows`` players-layout rows into ``--files`` CSVs and times the real CLI
(``pipeline run DIR -o OUT --force --no-equity``) serially and with ``--workers 2``, alternating,
``--repeats`` times each; while each run goes, every process of its tree is sampled (psutil,
every 0.1 s) for its resident memory, so the peak of the driver and of each worker is known.

``stream`` grows one CSV through the sizes given (``--mib 256 512``; seeded deals appended in
blocks, round ids running on, so it never sits in memory whole) and scores it at each size in a
fresh process, streamed (``--stream-above-mib``), the workbook showing ``--workbook-rows``; the
peak RSS is sampled as above: flat across sizes is what constant memory means.

``sheet`` scores one CSV of 1,100,000 rows to a workbook and shows that the night continues on a
second sheet at Excel's real limit.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 8


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "pipeline", *args]


def deal_csv(path: Path, rows: int, seed: int, *, first_round: int = 1, header: bool = True) -> int:
    """Append a players-layout night of about ``rows`` rows; round ids start at ``first_round``."""
    import polars as pl

    from pipeline.games.generate import deal_holdem, players_frame

    frame = players_frame(deal_holdem(max(1, rows // PLAYERS), PLAYERS, seed))
    frame = frame.with_columns((pl.col("round").cast(pl.Int64) + first_round - 1).cast(pl.String))
    with path.open("ab") as handle:
        frame.write_csv(handle, include_header=header)
    return frame.height


class PeakSampler(threading.Thread):
    """Peak RSS (MiB) of every process in a tree, sampled every 0.1 s until stopped."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.root = psutil.Process(pid)
        self.peaks: dict[int, tuple[str, float]] = {}
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                tree = [self.root, *self.root.children(recursive=True)]
            except psutil.NoSuchProcess:
                return
            for process in tree:
                try:
                    rss = process.memory_info().rss / 2**20
                    role = " ".join(process.cmdline()[1:4])
                except (psutil.NoSuchProcess, psutil.AccessDenied):
                    continue
                _, old = self.peaks.get(process.pid, (role, 0.0))
                self.peaks[process.pid] = (role, max(old, rss))
            self.stop.wait(0.1)


def timed_run(command: list[str]) -> tuple[float, float, list[float], float]:
    """Seconds, the driver's peak RSS, each other process's peak RSS (MiB) and the CPU seconds
    of the whole tree (``RUSAGE_CHILDREN``: every process waited for) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    clock = time.perf_counter()
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
    )
    sampler = PeakSampler(process.pid)
    sampler.start()
    _, err = process.communicate()
    seconds = time.perf_counter() - clock
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    sampler.stop.set()
    sampler.join()
    if process.returncode not in (0, 1) or b"Traceback" in err:
        msg = f"{' '.join(command)} exited {process.returncode}: {err.decode()[-2000:]}"
        raise RuntimeError(msg)
    driver = sampler.peaks.get(process.pid, ("", 0.0))[1]
    others = [peak for pid, (_, peak) in sampler.peaks.items() if pid != process.pid]
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return seconds, driver, others, cpu


def night(rows: int, files: int, repeats: int) -> None:
    with tempfile.TemporaryDirectory(dir=ROOT.parent) as scratch:
        folder = Path(scratch) / "night"
        folder.mkdir()
        written = sum(
            deal_csv(folder / f"table-{n:02d}.csv", rows // files, seed=n) for n in range(files)
        )
        print(f"{written:,} rows in {files} files; load average {os.getloadavg()[0]:.1f}")
        runs: dict[str, list[tuple[float, float, list[float], float]]] = {
            "serial": [],
            "workers 2": [],
        }
        for repeat in range(repeats):
            for mode, extra in (("serial", []), ("workers 2", ["--workers", "2"])):
                out = Path(scratch) / f"out-{mode.replace(' ', '')}-{repeat}"
                command = cli("run", str(folder), "-o", str(out), "--force", "--no-equity", *extra)
                runs[mode].append(timed_run(command))
                seconds, driver, others, cpu = runs[mode][-1]
                print(
                    f"  {mode:9} run {repeat + 1}: {seconds:6.1f} s wall, {cpu:6.1f} s CPU, "
                    f"driver {driver:5.0f} MiB, largest other process "
                    f"{max(others, default=0.0):5.0f} MiB ({len(others)} others), "
                    f"load {os.getloadavg()[0]:.1f}"
                )
                shutil.rmtree(out, ignore_errors=True)
        wall = {
            mode: statistics.median(run[0] for run in figures) for mode, figures in runs.items()
        }
        for mode, figures in runs.items():
            cpu = statistics.median(run[3] for run in figures)
            driver = statistics.median(run[1] for run in figures)
            worker = statistics.median(max(run[2], default=0.0) for run in figures)
            print(
                f"{mode:9}: median {wall[mode]:.1f} s wall ({written / wall[mode]:,.0f} rows/s), "
                f"{cpu:.1f} s CPU ({written / cpu:,.0f} rows per CPU second), driver peak "
                f"{driver:.0f} MiB, largest other process {worker:.0f} MiB"
            )
        print(f"speed-up with 2 workers (medians): {wall['serial'] / wall['workers 2']:.2f}x")


STREAM_WORKER = """
import sys
from pathlib import Path
from pipeline.job.runner.limits import Limits
from pipeline.job.runner.driver import run
limits = Limits(stream_bytes=int(sys.argv[3]), workbook_rows=int(sys.argv[4]))
report = run([Path(sys.argv[1])], Path(sys.argv[2]), force=True, limits=limits)
entry = report.files[0]
assert entry.error is None and entry.timings.get("stream"), entry
print(entry.rows_read, entry.timings["stream"])
"""


def stream(sizes_mib: list[int], stream_mib: int, workbook_rows: int) -> None:
    """Stream CSVs of growing size; the peak RSS must not grow with them."""
    with tempfile.TemporaryDirectory(dir=ROOT.parent) as scratch:
        big = Path(scratch) / "season.csv"
        seed, first_round, rows = 0, 1, 0
        for size_mib in sorted(sizes_mib):
            while not big.exists() or big.stat().st_size < size_mib * 2**20:
                block = 250_000
                rows += deal_csv(big, block, seed, first_round=first_round, header=seed == 0)
                first_round += block // PLAYERS
                seed += 1
            out = Path(scratch) / "out"
            command = [
                sys.executable, "-c", STREAM_WORKER, str(big), str(out),
                str(stream_mib * 2**20), str(workbook_rows),
            ]  # fmt: skip
            seconds, driver, _, cpu = timed_run(command)
            size = big.stat().st_size
            made = [path for path in sorted(out.iterdir()) if not path.name.startswith(".")]
            sizes = ", ".join(
                f"{path.name} {path.stat().st_size / 2**20:,.0f} MiB" for path in made
            )
            print(
                f"{size / 2**20:,.0f} MiB, {rows:,} rows: {seconds:.0f} s wall, {cpu:.0f} s CPU "
                f"({rows / cpu:,.0f} rows per CPU second), peak RSS {driver:,.0f} MiB; "
                f"outputs {sizes}"
            )
            shutil.rmtree(out)


def sheet() -> None:
    from openpyxl import load_workbook

    with tempfile.TemporaryDirectory(dir=ROOT.parent) as scratch:
        csv = Path(scratch) / "night.csv"
        rows = deal_csv(csv, 1_100_000, seed=7)
        out = Path(scratch) / "out"
        seconds, driver, _, _ = timed_run(cli("run", str(csv), "-o", str(out), "--no-equity"))
        book = load_workbook(out / "night.csv.xlsx", read_only=True)
        sizes = {name: book[name].max_row for name in book.sheetnames}
        print(f"{rows:,} rows -> {sizes} in {seconds:.0f} s, peak RSS {driver:.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    night_args = commands.add_parser("night")
    night_args.add_argument("--rows", type=int, default=2_000_000)
    night_args.add_argument("--files", type=int, default=20)
    night_args.add_argument("--repeats", type=int, default=3)
    stream_args = commands.add_parser("stream")
    stream_args.add_argument("--mib", type=int, nargs="+", default=[5 * 1024])
    stream_args.add_argument("--stream-above-mib", type=int, default=1024)
    stream_args.add_argument("--workbook-rows", type=int, default=1_000_000)
    commands.add_parser("sheet")
    arguments = parser.parse_args()
    if arguments.command == "night":
        night(arguments.rows, arguments.files, arguments.repeats)
    elif arguments.command == "stream":
        stream(arguments.mib, arguments.stream_above_mib, arguments.workbook_rows)
    else:
        sheet()


if __name__ == "__main__":
    main()
