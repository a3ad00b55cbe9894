"""One large input on a 2-worker Dask LocalCluster: its street equities spread by round or not.

Run from the repository root: ``.venv/bin/python -m bench.spread [--rounds 150] [--repeats 3]``.
A generated players-layout night (6 players a round, exact equity on every street) is scored
serially, on the cluster as one task (the file's work stays on one worker), and on the cluster
with its rounds cut into chunks mapped over the workers
(:func:`pipeline.job.runner.executors.map_on_workers`), on the cluster ``--workers 2`` starts.  Wall
medians of the whole ``run``; the cluster is started before the clock.  Dask's task stream
gives how many workers were computing chunks at once.  The Parquet outputs of the three are
compared byte for byte.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from distributed import get_task_stream

from pipeline.games.base import NO_OPTIONS, SPREAD_SECONDS, EquityOptions, ScoringOptions
from pipeline.games.generate import write_generated
from pipeline.games.poker.equity.street_equity import estimate_seconds
from pipeline.job.runner.driver import run
from pipeline.job.runner.executors import WORKER_MMAP_THRESHOLD, executor_for, map_on_workers
from pipeline.job.task.scoring import is_known_header, score_source
from pipeline.sources import read_source


def _timed_run(
    night: Path, output: Path, options: EquityOptions, executor: Executor | None
) -> float:
    start = time.perf_counter()
    report = run([night], output, force=True, scoring=ScoringOptions(options), executor=executor)
    seconds = time.perf_counter() - start
    assert report.files[0].status in ("clean", "issues"), report.files[0].error
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=150)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--own-sessions",
        action="store_true",
        help="start a scheduler and 2 workers with Dask's own commands, each in a session of its "
        "own, and run with --scheduler (on a shared Linux machine, autogroups give each session "
        "one share of the CPU: a LocalCluster's workers share the driver's)",
    )
    parser.add_argument("--chunk-seconds", type=float, default=SPREAD_SECONDS)
    arguments = parser.parse_args()
    options = EquityOptions(budget_seconds=3600)
    spread = EquityOptions(
        budget_seconds=3600, map_rounds=map_on_workers, spread_seconds=arguments.chunk_seconds
    )
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        night = root / "night.csv"
        write_generated(night, layout="players", rounds=arguments.rounds, players=6, seed=7)
        scored = score_source(read_source(night, is_known_header), NO_OPTIONS).sheets[0].scored
        forecast = estimate_seconds(scored)
        print(
            f"night: {arguments.rounds} rounds x 6 players, {os.path.getsize(night):,} bytes; "
            f"equity forecast {forecast:.1f} s; {os.cpu_count()} cores; "
            f"medians of {arguments.repeats}, interleaved; load average {os.getloadavg()[0]:.1f}; "
            f"chunks of {arguments.chunk_seconds} s"
        )
        with contextlib.ExitStack() as stack:
            if arguments.own_sessions:
                address = stack.enter_context(_cluster_in_own_sessions(root))
                client = stack.enter_context(executor_for(None, address))
            else:
                client = stack.enter_context(executor_for(2, None))  # what --workers 2 starts
            # A first pass off the clock: imports and tables on the workers.
            _timed_run(night, root / "spread", spread, client)
            serial_s, whole_s, spread_s, busy = [], [], [], []
            # The three alternate, so load from other jobs on the machine hits each alike.
            for _ in range(arguments.repeats):
                serial_s.append(_timed_run(night, root / "serial", options, None))
                whole_s.append(_timed_run(night, root / "whole", options, client))
                with get_task_stream() as stream:
                    spread_s.append(_timed_run(night, root / "spread", spread, client))
                busy.append(_chunk_seconds(stream.data))
        name = "night.csv.poker.parquet"
        same = (root / "serial" / name).read_bytes() == (root / "spread" / name).read_bytes()
        same &= (root / "serial" / name).read_bytes() == (root / "whole" / name).read_bytes()
    serial, whole, spread_median = (statistics.median(s) for s in (serial_s, whole_s, spread_s))
    print(f"{'serial (in-process)':<42}{serial:8.2f} s")
    print(f"{'--workers 2, the file as one task':<42}{whole:8.2f} s  {serial / whole:5.2f}x")
    print(
        f"{'--workers 2, rounds spread over workers':<42}{spread_median:8.2f} s  "
        f"{serial / spread_median:5.2f}x"
    )
    chunks, workers, computing = (statistics.median(values) for values in zip(*busy, strict=True))
    print(
        f"  {chunks:.0f} chunks on {workers:.0f} workers; their compute {computing:.2f} s in "
        f"{spread_median:.2f} s of wall: {computing / spread_median:.2f} workers busy on average"
    )
    print(f"Parquet identical across the three: {same}; load average {os.getloadavg()[0]:.1f}")


@contextlib.contextmanager
def _cluster_in_own_sessions(root: Path) -> Iterator[str]:
    """``dask scheduler`` and two ``dask worker`` processes, each in a new session, as the
    README starts a cluster of your own; yields the scheduler's address."""
    dask = str(Path(sys.executable).with_name("dask"))
    scheduler_file = root / "scheduler.json"
    environment = {
        **os.environ,
        "DASK_DISTRIBUTED__WORKER__DAEMON": "False",
        "MALLOC_MMAP_THRESHOLD_": str(WORKER_MMAP_THRESHOLD),
    }
    commands = [[dask, "scheduler", "--port", "0", "--dashboard-address", ":0"]]
    commands += [[dask, "worker", "--nworkers", "1", "--nthreads", "1"]] * 2
    processes = []
    try:
        for command in commands:
            where = ["--scheduler-file", str(scheduler_file)]
            processes.append(
                subprocess.Popen(
                    [*command, *where],
                    start_new_session=True,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    env=environment,
                )
            )
            while not scheduler_file.exists():
                time.sleep(0.1)
        address = str(json.loads(scheduler_file.read_text(encoding="utf-8"))["address"])
        yield address
    finally:
        for process in processes[::-1]:
            process.terminate()
            process.wait(timeout=30)


def _chunk_seconds(tasks: list[dict[str, Any]]) -> tuple[int, int, float]:
    """From Dask's task stream: how many chunk tasks ran, on how many workers, and their summed
    compute seconds."""
    chunks = [task for task in tasks if str(task["key"]).startswith("equity_of_jobs")]
    seconds = sum(
        part["stop"] - part["start"]
        for task in chunks
        for part in task["startstops"]
        if part["action"] == "compute"
    )
    return len(chunks), len({task["worker"] for task in chunks}), seconds


if __name__ == "__main__":
    main()
