"""Issue 21: the job where cron and real exporters live: an inherited memory limit, a clean
environment, closed standard streams.  Real ``pipeline run`` processes: the process is the
point."""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import polars as pl

from pipeline.sources.xlsx import INHERITED_LIMIT
from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
SPREADSHEETS = ROOT / "tests" / "data" / "spreadsheets"
INHERITED_BYTES = 6 << 30  # as `prlimit --as=6442450944` sets it


def _pipeline(
    args: list[str], env: dict[str, str], preexec_fn: Callable[[], None] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pipeline", *args],
        capture_output=True,
        text=True,
        env=env,
        preexec_fn=preexec_fn,
        timeout=300,
        check=False,
    )


def _inherit_an_address_space_limit() -> None:
    """In the child before it starts, as a cron shell's ``ulimit -v`` or systemd's LimitAS."""
    resource.setrlimit(resource.RLIMIT_AS, (INHERITED_BYTES, INHERITED_BYTES))


def test_an_inherited_memory_limit_lower_than_the_cap_is_the_cap(tmp_path: Path) -> None:
    """Before: the capped child asked for 16 GB under a 6 GB hard limit and failed
    (``ValueError: not allowed to raise maximum limit``), status failed, exit 2."""
    folder = tmp_path / "in"
    folder.mkdir()
    assert run_cli("generate", str(folder / "big.xlsx"), "--rounds", "20").returncode == 0
    shutil.copy(SPREADSHEETS / "night.ods", folder)  # calamine's child caps itself too
    environment = os.environ | {
        "SHOWDOWN_IN_PROCESS_MB": "0",  # the workbook goes to the capped child
        "SHOWDOWN_MEMORY_CAP_MB": "16384",  # above what the job inherits
        "PYTHONPATH": str(ROOT),
    }
    out = tmp_path / "out"
    result = _pipeline(
        ["run", str(folder), "-o", str(out), "--no-equity"],
        environment,
        _inherit_an_address_space_limit,
    )
    assert result.returncode == 1, result.stdout + result.stderr  # night.ods: one bad card
    files = json.loads((out / "manifest.json").read_text())["files"]
    big, night = files["big.xlsx"], files["night.ods"]
    assert (big["status"], big["rows_scored"], big["error"]) == ("clean", 160, None)
    assert (night["status"], night["rows_read"], night["rows_scored"]) == ("issues", 5, 3)
    for entry in (big, night):
        assert entry["settings"]["memory_cap_mb"] == INHERITED_BYTES >> 20
        assert entry["settings"]["memory_cap_from"] == INHERITED_LIMIT
    assert pl.read_parquet(out / "big.poker.parquet").height == 160
