"""Issue 15 (first part): the same inputs, serially and on a real 2-worker Dask LocalCluster,
give the same outputs: Parquet byte for byte, workbooks cell for cell."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import openpyxl
import pytest

from tests.helpers import run_cli

pytest.importorskip("distributed")
ROOT = Path(__file__).resolve().parents[2]


def _cells(path: Path) -> dict[str, list[tuple[object, ...]]]:
    book = openpyxl.load_workbook(path)
    return {name: list(book[name].iter_rows(values_only=True)) for name in book.sheetnames}


@pytest.mark.xdist_group("dask")
def test_serial_and_a_local_dask_cluster_write_the_same_outputs(
    tmp_path: Path, dask_scheduler: str
) -> None:
    # On the suite's LocalCluster, started as --workers 2 starts one (tests/conftest.py);
    # --workers itself starts and stops its own in tests/job/test_signals.py.
    inputs = tmp_path / "in"
    shutil.copytree(ROOT / "input", inputs)
    serial = run_cli("run", str(inputs), "-o", str(tmp_path / "serial"), "--no-equity")
    dask = run_cli(
        "run", str(inputs), "-o", str(tmp_path / "dask"), "--no-equity", "--scheduler",
        dask_scheduler,
    )  # fmt: skip
    assert (serial.returncode, dask.returncode) == (1, 1), dask.stdout + dask.stderr
    written = sorted(p.name for p in (tmp_path / "serial").iterdir() if p.suffix != ".json")
    assert written == sorted(p.name for p in (tmp_path / "dask").iterdir() if p.suffix != ".json")
    assert any(name.endswith(".xlsx") for name in written)
    for name in written:
        one, other = tmp_path / "serial" / name, tmp_path / "dask" / name
        if name.endswith(".parquet"):
            assert one.read_bytes() == other.read_bytes(), name
        elif name.endswith(".xlsx"):
            assert _cells(one) == _cells(other), name


def test_an_unreachable_scheduler_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The wait is a setting (10 s by default, for a cluster across a network): half a second
    # is plenty for a closed port on this machine.
    monkeypatch.setenv("SHOWDOWN_SCHEDULER_TIMEOUT", "0.5")
    started = time.monotonic()
    result = run_cli(
        "run", str(ROOT / "input"), "-o", str(tmp_path / "out"), "--scheduler",
        "tcp://127.0.0.1:9",
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.startswith("Error: cannot reach the Dask scheduler 'tcp://127.0.0.1:9'")
    assert time.monotonic() - started < 8  # not the default 10 s


@pytest.mark.parametrize("value", ["soon", "0", "-1", "nan", "inf"])
def test_a_scheduler_timeout_that_is_no_number_of_seconds_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("SHOWDOWN_SCHEDULER_TIMEOUT", value)
    result = run_cli(
        "run", str(ROOT / "input"), "-o", str(tmp_path / "out"), "--scheduler",
        "tcp://127.0.0.1:9",
    )  # fmt: skip
    assert (result.returncode, result.stderr) == (
        2,
        f"Error: SHOWDOWN_SCHEDULER_TIMEOUT must be a number of seconds above 0, got {value!r}\n",
    )
