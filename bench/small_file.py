"""Where the time goes for one small input (a 2-row sheet) through ``pipeline run``.

Run from the repository root: ``.venv/bin/python -m bench.small_file [--repeats 5]``.  For a
2-row CSV and a 2-row ``.xlsx``, each repeat is a fresh interpreter (as a user's run is) that
times the job's imports, then ``run`` on the file twice: the first run pays what a process pays
once (pandera's backends, the equity tables read from the disk cache, first-touch memory), the
second is the per-file cost of every further file.  ``hypothesis`` is hidden from the child, as
in a user's install (pandera imports it when present, the dev extra installs it).  Then the
whole command's wall time, interpreter start included.  Medians of the repeats.

``--many N`` (default 300): one night of N tiny CSVs through one ``pipeline run`` process:
files a second, the time of the first and the last 50 files (a cost that grows with the night
shows as the last slower than the first), and the most file descriptors the job held open at
once (sampled from ``/proc`` every 10 ms).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pipeline.games.generate import write_generated

IN_PROCESS = """
import json, sys, tempfile, time
from pathlib import Path
sys.modules["hypothesis"] = None  # as a user's install: no dev extra
start = time.perf_counter()
from pipeline.games.base import EquityOptions, ScoringOptions
from pipeline.job.runner.driver import run
report = {"imports": time.perf_counter() - start}
for attempt in ("first", "second"):
    with tempfile.TemporaryDirectory() as output:
        clock = time.perf_counter()
        scoring = ScoringOptions(EquityOptions())
        done = run([Path(sys.argv[1])], Path(output), force=True, scoring=scoring)
        report[attempt] = time.perf_counter() - clock
        report[attempt + " parts"] = done.files[0].timings
print(json.dumps(report))
"""

CONSOLE_SCRIPT = "import sys; from pipeline.console import main; sys.exit(main())"


def _fresh(code: str, *arguments: str) -> Any:
    done = subprocess.run(
        [sys.executable, "-c", code, *arguments], check=True, capture_output=True, text=True
    )
    return json.loads(done.stdout.splitlines()[-1])


def _wall(arguments: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(arguments, check=False, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--many", type=int, default=300, help="tiny files in one night")
    arguments = parser.parse_args()
    report(arguments.repeats)
    many_files(arguments.many)
    manifest_updates()


def manifest_updates(sizes: tuple[int, ...] = (300, 1000), repeats: int = 20) -> None:
    """Print the time to add one entry to a manifest of each size: as the run does it now
    (:class:`~pipeline.sinks.manifest.Manifest`: each entry encoded once, then write and
    fsync), and as it did before issue 21 (read the file, encode every entry, write)."""
    from pipeline.sinks.manifest import MANIFEST, Manifest

    entry: dict[str, object] = {
        "source": "night.csv", "sha256": "0" * 64, "status": "clean", "rows_read": 2,
        "outputs": {"workbook": "/out/night.csv.xlsx", "parquet_poker": "/out/n.parquet"},
        "output_sha256": {"workbook": "1" * 64, "parquet_poker": "2" * 64},
        "timings": {"read": 0.01, "score": 0.1, "write": 0.05, "total": 0.2},
        "settings": {"version": "0.1.0", "equity": True, "memory_cap_mb": 8192},
    }  # fmt: skip
    print("\nadding one entry to manifest.json, median of", repeats)
    for size in sizes:
        with tempfile.TemporaryDirectory() as folder:
            output = Path(folder)
            entries = {f"night-{index:05d}.csv": entry for index in range(size)}
            text = json.dumps({"files": entries}, indent=2, sort_keys=True) + "\n"
            (output / MANIFEST).write_text(text, encoding="utf-8")
            manifest = Manifest(output)
            update = functools.partial(manifest.update, "night-00000.csv", entry)
            timed = {
                "now": _median_seconds(update, repeats),
                "before": _median_seconds(
                    functools.partial(_update_as_before, output, entry), repeats
                ),
            }
        print(
            f"  {size:5,} entries: {timed['now'] * 1e3:5.1f} ms now, "
            f"{timed['before'] * 1e3:5.1f} ms before ({timed['before'] / timed['now']:.1f}x)"
        )


def many_files(count: int) -> None:
    """Print files/s, the first and last 50 files' times and the peak of open descriptors for
    one run over ``count`` two-row CSVs."""
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "in").mkdir()
        for seed in range(count):
            path = root / "in" / f"night-{seed:05d}.csv"
            write_generated(path, layout="players", rounds=1, players=2, seed=seed)
        command = [sys.executable, "-c", CONSOLE_SCRIPT, "run", str(root / "in")]
        command += ["-o", str(root / "out"), "--no-equity"]
        start = time.perf_counter()
        job = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        finished: list[float] = []

        def log_lines() -> None:  # one line a file on stderr when not on a terminal
            assert job.stderr is not None
            finished.extend(time.perf_counter() for _ in job.stderr)

        reader = threading.Thread(target=log_lines)
        reader.start()
        peak = 0
        while job.poll() is None:
            with contextlib.suppress(OSError):
                peak = max(peak, len(os.listdir(f"/proc/{job.pid}/fd")))
            time.sleep(0.01)
        reader.join()
        total = time.perf_counter() - start
    window = min(50, len(finished) - 1)
    print(f"\n{count} two-row CSVs in one run (load average {load:.1f})")
    print(f"  whole run {total:.1f} s: {count / total:.1f} files/s, interpreter start included")
    if window > 0:
        first = finished[window] - finished[0]
        last = finished[-1] - finished[-1 - window]
        print(f"  first {window} files {first:.2f} s, last {window} files {last:.2f} s")
    print(f"  open file descriptors, at most {peak}")


def report(repeats: int = 5) -> None:
    """Print the figures for a 2-row CSV and a 2-row workbook."""
    load = os.getloadavg()[0]
    print(f"\nper-file fixed cost, medians of {repeats} fresh processes; load average {load:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for name in ("small.csv", "small.xlsx"):
            path = root / name
            write_generated(path, layout="players", rounds=1, players=2, seed=3)
            reports = [_fresh(IN_PROCESS, str(path)) for _ in range(repeats)]
            command = [sys.executable, "-c", CONSOLE_SCRIPT, "run", str(path)]
            command += ["-o", str(root / "out"), "--force"]
            wall = statistics.median(_wall(command) for _ in range(repeats))

            def median(key: str, reports: list[Any] = reports) -> float:
                return statistics.median(float(report[key]) for report in reports)

            def part(attempt: str, key: str, reports: list[Any] = reports) -> float:
                return statistics.median(
                    float(report[attempt + " parts"].get(key, 0)) for report in reports
                )

            print(f"\n{name} (2 rows)")
            print(f"  imports (job, games, sinks)     {median('imports') * 1e3:7.0f} ms")
            for attempt in ("first", "second"):
                parts = ", ".join(
                    f"{key} {part(attempt, key) * 1e3:.0f}" for key in ("read", "score", "write")
                )
                seconds = median(attempt)
                print(f"  run(), {attempt} file in process   {seconds * 1e3:7.0f} ms  ({parts})")
            print(f"  pipeline run, whole command     {wall * 1e3:7.0f} ms (wall)")


if __name__ == "__main__":
    main()


def _update_as_before(output: Path, entry: dict[str, object]) -> None:
    """What ``update_manifest`` did before issue 21: the file read and every entry encoded."""
    from pipeline.sinks.atomic import atomic_write
    from pipeline.sinks.manifest import MANIFEST, load_manifest

    found = load_manifest(output)
    found["night-00000.csv"] = entry
    data = json.dumps({"files": found}, indent=2, sort_keys=True) + "\n"
    atomic_write(output / MANIFEST, lambda path: path.write_text(data, encoding="utf-8"))


def _median_seconds(step: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
