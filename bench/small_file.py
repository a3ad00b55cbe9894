"""Where the time goes for one small input (a 2-row sheet) through ``pipeline run``.

Run from the repository root: ``.venv/bin/python -m bench.small_file [--repeats 5]``.  For a
2-row CSV and a 2-row ``.xlsx``, each repeat is a fresh interpreter (as a user's run is) that
times the job's imports, then ``run`` on the file twice: the first run pays what a process pays
once (pandera's backends, the equity tables read from the disk cache, first-touch memory), the
second is the per-file cost of every further file.  ``hypothesis`` is hidden from the child, as
in a user's install (pandera imports it when present, the dev extra installs it).  Then the
whole command's wall time, interpreter start included.  Medians of the repeats.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from pipeline.games.generate import write_generated

IN_PROCESS = """
import json, sys, tempfile, time
from pathlib import Path
sys.modules["hypothesis"] = None  # as a user's install: no dev extra
start = time.perf_counter()
from pipeline.games.base import EquityOptions
from pipeline.job.runner import run
report = {"imports": time.perf_counter() - start}
for attempt in ("first", "second"):
    with tempfile.TemporaryDirectory() as output:
        clock = time.perf_counter()
        done = run([Path(sys.argv[1])], Path(output), force=True, equity=EquityOptions())
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
    report(parser.parse_args().repeats)


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
