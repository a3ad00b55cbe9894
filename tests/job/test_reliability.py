"""Issue 11: nothing lost, nothing wrong, under the faults a nightly job meets."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from pipeline.games.generate import deal_holdem, players_frame
from pipeline.sinks.manifest import LOCK
from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]


def _night(path: Path, seed: int, rounds: int = 5) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    players_frame(deal_holdem(rounds, 3, seed=seed)).write_csv(path)


def test_same_names_in_two_folders_write_two_sets_of_outputs(tmp_path: Path) -> None:
    _night(tmp_path / "in" / "a" / "night.csv", 1)
    _night(tmp_path / "in" / "b" / "night.csv", 2, rounds=7)
    result = run_cli("run", str(tmp_path / "in"), "-o", str(tmp_path / "out"), "--no-equity")
    assert result.returncode == 0, result.stdout + result.stderr
    a = pl.read_parquet(tmp_path / "out" / "a" / "night.csv.poker.parquet")
    b = pl.read_parquet(tmp_path / "out" / "b" / "night.csv.poker.parquet")
    assert (a.height, b.height) == (15, 21)
    assert set(a["source_file"]) == {"a/night.csv"}
    assert set(b["source_file"]) == {"b/night.csv"}
    files = json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]
    assert sorted(files) == ["a/night.csv", "b/night.csv"]


def test_relative_then_absolute_path_is_one_input_skipped_once(tmp_path: Path) -> None:
    _night(tmp_path / "night.csv", 1)
    first = run_cli("run", "night.csv", "-o", "out", "--no-equity", cwd=tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    again = run_cli("run", str(tmp_path / "night.csv"), "-o", str(tmp_path / "out"), "--no-equity")
    assert "unchanged, skipped" in again.stderr
    files = json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]
    assert list(files) == ["night.csv"]
    assert files["night.csv"]["run_at"].endswith("+00:00")


def test_a_truncated_output_is_redone_not_skipped(tmp_path: Path) -> None:
    _night(tmp_path / "night.csv", 1)
    out = tmp_path / "out"
    run = ("run", str(tmp_path / "night.csv"), "-o", str(out), "--no-equity")
    assert run_cli(*run).returncode == 0
    parquet = out / "night.csv.poker.parquet"
    parquet.write_bytes(parquet.read_bytes()[:100])
    again = run_cli(*run)
    assert "unchanged, skipped" not in again.stderr
    assert pl.read_parquet(parquet).height == 15


def test_a_changed_equity_budget_redoes_the_file(tmp_path: Path) -> None:
    _night(tmp_path / "night.csv", 1)
    out = tmp_path / "out"
    assert run_cli("run", str(tmp_path / "night.csv"), "-o", str(out)).returncode == 0
    again = run_cli("run", str(tmp_path / "night.csv"), "-o", str(out), "--equity-budget", "5")
    assert "unchanged, skipped" not in again.stderr


def test_a_raised_memory_cap_redoes_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file reported over the cap is scored once the cap is raised, without --force."""
    _night(tmp_path / "night.csv", 1)
    out = tmp_path / "out"
    monkeypatch.setenv("SHOWDOWN_MEMORY_CAP_MB", "3000")
    assert (
        run_cli("run", str(tmp_path / "night.csv"), "-o", str(out), "--no-equity").returncode == 0
    )
    monkeypatch.setenv("SHOWDOWN_MEMORY_CAP_MB", "4000")
    again = run_cli("run", str(tmp_path / "night.csv"), "-o", str(out), "--no-equity")
    assert "unchanged, skipped" not in again.stderr
    settings = json.loads((out / "manifest.json").read_text())["files"]["night.csv"]["settings"]
    assert settings["memory_cap_mb"] == 4000
    same = run_cli("run", str(tmp_path / "night.csv"), "-o", str(out), "--no-equity")
    assert "unchanged, skipped" in same.stderr


def test_read_only_output_fails_with_one_line_and_exit_2(tmp_path: Path) -> None:
    _night(tmp_path / "night.csv", 1)
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o555)
    command = [
        sys.executable, "-m", "pipeline", "run", str(tmp_path / "night.csv"), "-o", str(out),
        "--no-equity",
    ]  # fmt: skip
    if os.geteuid() == 0:  # root writes through permissions: drop that power, for real
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv to drop CAP_DAC_OVERRIDE")
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *command]
    try:
        result = subprocess.run(
            command,
            capture_output=True,
            text=True,
            env=os.environ | {"PYTHONPATH": str(ROOT)},
            check=False,
        )
    finally:
        out.chmod(0o755)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    # One line naming what could not be written: the first file the run writes in the output
    # folder is its lock (.showdown.lock).
    errors = [line for line in result.stdout.splitlines() if line.startswith("Error:")]
    assert errors == [f"Error: cannot write to {str(out / LOCK)!r}: Permission denied"]


def test_output_that_is_a_file_fails_with_one_line_and_exit_2(tmp_path: Path) -> None:
    """What a user meets as root, where permissions do not stop writes: the path is a file."""
    _night(tmp_path / "night.csv", 1)
    (tmp_path / "out").write_text("not a folder")
    result = run_cli("run", str(tmp_path / "night.csv"), "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    lines = [line for line in (result.stdout + result.stderr).splitlines() if "Error" in line]
    assert lines == [f"Error: cannot write to {str(tmp_path / 'out')!r}: File exists"]


def test_a_second_run_into_a_busy_folder_exits_2_and_leaves_it_alone(tmp_path: Path) -> None:
    _night(tmp_path / "night.csv", 1)
    out = tmp_path / "out"
    out.mkdir()
    # A real lock held by another open file description, as another process would hold it.
    holder = os.open(out / LOCK, os.O_RDWR | os.O_CREAT)
    fcntl.flock(holder, fcntl.LOCK_EX)
    try:
        result = run_cli("run", str(tmp_path / "night.csv"), "-o", str(out), "--no-equity")
    finally:
        os.close(holder)
    assert result.returncode == 2
    assert "is busy: another run is writing to it" in result.stdout + result.stderr
    assert sorted(path.name for path in out.iterdir()) == [LOCK]
    after = run_cli("run", str(tmp_path / "night.csv"), "-o", str(out), "--no-equity")
    assert after.returncode == 0, after.stdout + after.stderr


def test_rounds_rows_where_nobody_was_dealt_in_are_issues_not_lost(tmp_path: Path) -> None:
    (tmp_path / "rounds.csv").write_text(
        "round,board,Ann,Bob\n1,Ks Kd 9d 3c 6d,Kc 9s,9h 5s\n2,2c 7d 9h Jd 4s,,\n",
        encoding="utf-8",
    )
    result = run_cli("run", str(tmp_path / "rounds.csv"), "-o", str(tmp_path / "out"))
    assert result.returncode == 1, result.stdout + result.stderr
    entry = json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]["rounds.csv"]
    assert (entry["rows_read"], entry["rows_scored"], entry["rows_rejected"]) == (2, 1, 1)
    issues = pl.read_excel(tmp_path / "out" / "rounds.csv.xlsx", sheet_name="Issues")
    assert issues.select("row", "code").rows() == [(3, "empty_row")]


def test_a_header_we_nearly_know_is_reported_not_ignored(tmp_path: Path) -> None:
    (tmp_path / "night.csv").write_text(
        "round,player,hole,board,Folded?,notes\n"
        "1,Ann,Ah Kh,2c 7d 9h Jd 4s,,\n"
        "1,Bob,Qc Qd,2c 7d 9h,yes,folded on the flop\n",
        encoding="utf-8",
    )
    result = run_cli("run", str(tmp_path / "night.csv"), "-o", str(tmp_path / "out"))
    assert result.returncode == 1, result.stdout + result.stderr
    issues = pl.read_excel(tmp_path / "out" / "night.csv.xlsx", sheet_name="Issues")
    assert issues.select("column", "code", "message").rows() == [
        (
            "Folded?",
            "unknown_column",
            "column 'Folded?' not recognised; did you mean 'folded'? (its values were not used)",
        )
    ]
