"""Issue 31: nothing counted twice, nothing lost at the edges.  Each case is one a real archive
did to the nightly job (colliding output names, odd file names, a reader that goes away, huge
rows, deep folders, our own outputs among the inputs); each test failed before its fix."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from pipeline.games.generate import deal_holdem, players_frame

ROOT = Path(__file__).resolve().parents[2]


def _nights(folder: Path, count: int, rounds: int = 40) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    names = [f"night{seed}.csv" for seed in range(count)]
    for seed, name in enumerate(names):
        players_frame(deal_holdem(rounds, 6, seed=seed)).write_csv(folder / name)
    return names


def _manifest(out: Path) -> dict[str, dict[str, object]]:
    files: dict[str, dict[str, object]] = json.loads((out / "manifest.json").read_text())["files"]
    return files


def test_a_log_reader_that_goes_away_never_stops_the_work(tmp_path: Path) -> None:
    """``pipeline run ... 2>&1 | head -1``: the reader takes one line and goes.  Every input is
    still scored and the exit code is the outcome's (0: clean).  Before, the first write after
    the reader left raised ``BrokenPipeError``: the other inputs were not scored, exit 1."""
    inputs = _nights(tmp_path / "in", 4)
    out = tmp_path / "out"
    job = subprocess.Popen(
        [sys.executable, "-m", "pipeline", "run", str(tmp_path / "in"), "-o", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
    )
    assert job.stdout is not None
    first = job.stdout.readline()
    job.stdout.close()  # the reader goes away after one line, as ``head -1`` does
    code = job.wait(timeout=300)
    assert first.startswith(b"clean  night0.csv"), first
    assert sorted(_manifest(out)) == inputs
    assert code == 0
