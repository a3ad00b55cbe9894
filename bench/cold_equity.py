"""``pipeline equity "Ah Kh" "2c 2d"`` in a new process against eval7's warm loop, in one run.

Run: ``.venv/bin/python -m bench.cold_equity`` (about a minute).  Prints medians and the ratio.

- **ours, cold**: the console script (``pipeline.console.main``, what ``pipeline`` runs) in a
  new Python process each time, wall time from start to exit, the table cache warm (as after
  the first run on a machine); the CPU time (user + system) of the same processes beside it,
  since wall time on a shared machine is mostly the wait for a core.
- **eval7 loop, warm**: :func:`bench.equity.eval7_loop` in this process, eval7 imported and
  its cards made: one ``eval7.evaluate`` per player per board over the first 100,000 of the
  1,712,304 boards, scaled to all of them (as in :mod:`bench.equity`).
- **the numpy path, cold**: the same command with ``SHOWDOWN_KERNEL=numpy``, which leaves the
  compiled loops out: what ``pipeline equity`` did before the loop (numpy imported, the tables
  read from ``.npz`` files, numpy takes over every board).
- **floors**: ``python -c pass`` and ``python -c "import numpy"`` in new processes: what no
  command can go under, and what the numpy path paid before it counted a board.

The runs alternate (ours, a floor, ours, ...) so that load from other jobs falls on each alike.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

from bench.equity import LOOP_LIMIT, eval7_loop
from bench.timing import median_seconds

HANDS = [["Ah", "Kh"], ["2c", "2d"]]
BOARDS = 1_712_304
CONSOLE_SCRIPT = "import sys; from pipeline.console import main; sys.exit(main())"
COMMAND = [sys.executable, "-c", CONSOLE_SCRIPT, "equity", "Ah Kh", "2c 2d"]
FLOORS = {"python -c pass": "pass", "python -c 'import numpy'": "import numpy"}


def new_process(command: list[str], numpy_path: bool = False) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one run of ``command``."""
    environment = {**os.environ, "SHOWDOWN_KERNEL": "numpy"} if numpy_path else os.environ
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=environment)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=21)
    args = parser.parse_args()
    new_process(COMMAND)  # the table files, if this machine has none yet
    new_process(COMMAND, numpy_path=True)
    ours: list[tuple[float, float]] = []
    numpy_path: list[tuple[float, float]] = []
    floors: dict[str, list[float]] = {name: [] for name in FLOORS}
    for _ in range(args.repeats):
        ours.append(new_process(COMMAND))
        numpy_path.append(new_process(COMMAND, numpy_path=True))
        for name, code in FLOORS.items():
            floors[name].append(new_process([sys.executable, "-c", code])[0])
    loop = median_seconds(lambda: eval7_loop(HANDS, [], LOOP_LIMIT), repeats=3)
    eval7_all = loop * BOARDS / LOOP_LIMIT
    wall = statistics.median(seconds for seconds, _ in ours)
    cpu = statistics.median(seconds for _, seconds in ours)
    load = os.getloadavg()[0]
    print(f"pipeline equity 'Ah Kh' '2c 2d', {BOARDS:,} boards, medians of {args.repeats}")
    print(f"  ours, new process, wall   {wall * 1e3:8.1f} ms   (CPU {cpu * 1e3:.1f} ms)")
    before = statistics.median(seconds for seconds, _ in numpy_path)
    before_cpu = statistics.median(seconds for _, seconds in numpy_path)
    print(f"  the numpy path, wall      {before * 1e3:8.1f} ms   (CPU {before_cpu * 1e3:.1f} ms)")
    for name, seconds in floors.items():
        print(f"  floor: {name:<26}{statistics.median(seconds) * 1e3:8.1f} ms")
    print(f"  eval7 loop, warm, scaled  {eval7_all * 1e3:8.1f} ms")
    print(
        f"  ratio: eval7 / ours       {eval7_all / wall:8.1f}x (target 10x; CPU-time ratio ", end=""
    )
    print(f"{eval7_all / cpu:.0f}x); load average {load:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
