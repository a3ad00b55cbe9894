"""Issue 11, items 9, 13 and 15: a workbook is read once; the whole work on a big one runs
under a memory cap, in a subprocess that leaves nothing behind, also inside a Dask worker."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import polars as pl
import pytest

from bench.xlsx_files import GOOD_ROWS, MAIN, rows_block, sheet_xml, write_workbook
from pipeline.games.generate import deal_holdem, players_frame
from pipeline.job.plan.inputs import PlannedInput
from pipeline.job.runner.executors import DaskExecutor
from pipeline.job.task.input_task import run_task
from tests.helpers import run_cli, worker_environment

ROOT = Path(__file__).resolve().parents[2]
SHEET_HEAD = f'<?xml version="1.0"?><worksheet xmlns="{MAIN}"><sheetData>'.encode()
SHEET_TAIL = b"</sheetData></worksheet>"
CAP_MB = 1024


@contextlib.contextmanager
def _file_that_changes(path: Path, first: bytes, then: bytes) -> Iterator[None]:
    """``path`` is a FIFO: the first open reads ``first``, every later open reads ``then``,
    so a job that opens the input twice sees two different files."""
    os.mkfifo(path)
    stop = threading.Event()

    def serve() -> None:
        content = first
        while not stop.is_set():
            with contextlib.suppress(BrokenPipeError), path.open("wb") as writer:
                writer.write(content)
            content = then
            while not stop.is_set() and _still_open_for_reading(path):  # one open, one content
                time.sleep(0.001)

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    try:
        yield
    finally:
        stop.set()
        unblock = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # lets a waiting open through
        server.join(timeout=10)
        os.close(unblock)


def _still_open_for_reading(fifo: Path) -> bool:
    try:
        descriptor = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    except OSError:  # ENXIO: no reader has it open
        return False
    os.close(descriptor)
    return True


def test_the_hash_in_the_manifest_is_of_the_bytes_scored_and_written_back(
    tmp_path: Path,
) -> None:
    write_workbook(tmp_path / "a.xlsx", [("Night A", sheet_xml(GOOD_ROWS))])
    swapped: list[list[object]] = [GOOD_ROWS[0], ["1", "Ann", "2h 3d 4c 5s 9h Jd Kc"], GOOD_ROWS[2]]
    write_workbook(tmp_path / "b.xlsx", [("Night B", sheet_xml(swapped))])
    night_a, night_b = (tmp_path / "a.xlsx").read_bytes(), (tmp_path / "b.xlsx").read_bytes()
    (tmp_path / "in").mkdir()
    source = tmp_path / "in" / "night.xlsx"
    planned = PlannedInput(source, "night.xlsx", tmp_path / "out" / "night")
    with _file_that_changes(source, night_a, night_b):
        report = run_task(planned, None)
    assert (report.status, report.error) == ("clean", None)
    assert report.sha256 == hashlib.sha256(night_a).hexdigest()
    scored = pl.read_parquet(tmp_path / "out" / "night.poker.parquet")
    assert scored.select("sheet", "player", "winner").rows() == [
        ("Night A", "Ann", True),
        ("Night A", "Bob", False),
    ]
    written_back = openpyxl.load_workbook(tmp_path / "out" / "night.xlsx")
    assert written_back.sheetnames == ["Night A", "Summary", "Issues"]


def _bomb(path: Path) -> None:
    """A workbook of about 1 MB whose second sheet inflates to 1.1 GB (a row, then a megabyte
    of the blanks XML allows between rows, over and over: deflate packs it 1,000 to 1)."""
    block = rows_block(5, [2]) + b" " * (1 << 20)
    repeats = 1100
    write_workbook(
        path, [("Good", sheet_xml(GOOD_ROWS)), ("Bomb", (SHEET_HEAD, block, repeats, SHEET_TAIL))]
    )
    assert path.stat().st_size < 2 << 20


def _dense(path: Path) -> None:
    """200,000 cells (far under the cell limit), each naming one 10 KB shared string: 2 GB of
    text once read, from a file of 400 KB."""
    row = b"<row>" + b'<c t="s"><v>0</v></c>' * 20 + b"</row>"
    write_workbook(
        path,
        [("Good", sheet_xml(GOOD_ROWS)), ("Dense", (SHEET_HEAD, row, 10_000, SHEET_TAIL))],
        shared_strings=["x" * 10_000],
    )
    assert path.stat().st_size < 1 << 20


def _hostile_inputs(folder: Path) -> None:
    folder.mkdir()
    _bomb(folder / "bomb.xlsx")
    _dense(folder / "dense.xlsx")
    players_frame(deal_holdem(10, 4, seed=3)).write_csv(folder / "ok.csv")


def _check_hostile_run(out: Path) -> None:
    files = json.loads((out / "manifest.json").read_text())["files"]
    assert files["ok.csv"]["status"] == "clean"
    assert files["ok.csv"]["rows_scored"] == 40
    assert (files["bomb.xlsx"]["status"], files["bomb.xlsx"]["rows_scored"]) == ("issues", 2)
    bomb = pl.read_excel(out / "bomb.xlsx", sheet_name="Issues")
    assert bomb.select("sheet", "message").row(0) == (
        "Bomb",
        "cannot be read: its part 'xl/worksheets/sheet2.xml' "
        f"inflates to 1,100 MB: over the memory cap of {CAP_MB} MB",
    )
    assert (files["dense.xlsx"]["status"], files["dense.xlsx"]["rows_scored"]) == ("issues", 0)
    dense = pl.read_excel(out / "dense.xlsx", sheet_name="Issues")["message"].to_list()
    assert dense == [
        f"'dense.xlsx' is over the memory cap of {CAP_MB} MB: reading, scoring and writing it "
        "back needs more, so none of it was scored (split the workbook, or raise "
        "SHOWDOWN_MEMORY_CAP_MB)"
    ]
    assert not [path for path in out.rglob("*") if ".tmp-" in path.name]


def test_a_zip_bomb_and_a_dense_sheet_are_over_the_cap_and_the_others_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHOWDOWN_MEMORY_CAP_MB", str(CAP_MB))
    _hostile_inputs(tmp_path / "in")
    result = run_cli("run", str(tmp_path / "in"), "-o", str(tmp_path / "out"), "--no-equity")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "memory allocation" not in result.stderr  # the child's crash report stays its own
    _check_hostile_run(tmp_path / "out")
    checked = run_cli("check", str(tmp_path / "in"))  # validating only is capped the same way
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert checked.stdout.splitlines() == [
        "bomb.xlsx, sheet 'Bomb': cannot be read: its part "
        f"'xl/worksheets/sheet2.xml' inflates to 1,100 MB: over the memory cap of {CAP_MB} MB",
        f"dense.xlsx: 'dense.xlsx' is over the memory cap of {CAP_MB} MB: reading, scoring and "
        "writing it back needs more, so none of it was scored (split the workbook, or raise "
        "SHOWDOWN_MEMORY_CAP_MB)",
    ]


@pytest.mark.xdist_group("dask")
def test_the_cap_holds_inside_dask_workers(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    dask_executor: DaskExecutor,
    dask_scheduler: str,
) -> None:
    # The cap is read where the work runs: in the suite cluster's workers, started before this
    # test, it is set in their environment for the run.
    monkeypatch.setenv("SHOWDOWN_MEMORY_CAP_MB", str(CAP_MB))
    _hostile_inputs(tmp_path / "in")
    with worker_environment(dask_executor, SHOWDOWN_MEMORY_CAP_MB=str(CAP_MB)):
        result = run_cli(
            "run", str(tmp_path / "in"), "-o", str(tmp_path / "out"), "--no-equity",
            "--scheduler", dask_scheduler,
        )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr
    _check_hostile_run(tmp_path / "out")


def test_a_child_killed_while_it_writes_leaves_nothing_behind(tmp_path: Path) -> None:
    """Killed at the moment its temporary workbook exists: the job still ends (nothing holds
    its stderr), reports the input, and leaves no process, no temporary file, nothing in
    ``$TMPDIR``; the next run writes whole outputs."""
    source = tmp_path / "big.xlsx"
    generated = run_cli("generate", str(source), "--rounds", "1000", "--players", "4")
    assert generated.returncode == 0, generated.stderr
    out, scratch = tmp_path / "out", tmp_path / "tmp"
    scratch.mkdir()
    environment = os.environ | {
        "SHOWDOWN_IN_PROCESS_MB": "0",  # every workbook in a capped child
        "TMPDIR": str(scratch),
        "PYTHONPATH": str(ROOT),
    }
    command = [sys.executable, "-m", "pipeline", "run", str(source), "-o", str(out)]
    job = subprocess.Popen(
        [*command, "--no-equity"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment,
        text=True,
    )
    killed = 0
    try:
        while not killed and job.poll() is None:
            for temporary in out.glob(".big.xlsx.tmp-*"):
                child = int(temporary.name.rsplit("-", 1)[1])
                with contextlib.suppress(ProcessLookupError):  # gone already: try again
                    os.kill(child, signal.SIGKILL)
                    killed = child
                break
            time.sleep(0.002)
        stdout, stderr = job.communicate(timeout=300)
    finally:
        if job.poll() is None:
            job.kill()
    assert killed, "the child never wrote its workbook: " + stderr
    assert job.returncode == 2, stdout + stderr
    assert "big.xlsx" in stderr and "killed by SIGKILL" in stderr, stderr
    with pytest.raises(ProcessLookupError):  # reaped, not a zombie nor an orphan
        os.kill(killed, 0)
    assert list(scratch.iterdir()) == []
    assert [path.name for path in out.rglob("*") if ".tmp-" in path.name] == []
    again = subprocess.run(
        [*command, "--no-equity"], capture_output=True, env=environment, text=True, timeout=300
    )
    assert again.returncode == 0, again.stdout + again.stderr
    assert pl.read_parquet(out / "big.poker.parquet").height == 4_000
    assert list(scratch.iterdir()) == []


def _isolation_children_of(parent: int) -> list[int]:
    """Live ``python -m pipeline.job.runner.isolation PARENT`` processes, found in /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        wanted = [b"pipeline.job.runner.isolation", str(parent).encode()]
        if command[-3:-1] == wanted and state != "Z":
            found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs Linux /proc")
def test_a_job_killed_takes_its_child_with_it_and_the_rerun_cleans_up(tmp_path: Path) -> None:
    source = tmp_path / "big.xlsx"
    assert run_cli("generate", str(source), "--rounds", "1000", "--players", "4").returncode == 0
    out = tmp_path / "out"
    environment = os.environ | {"SHOWDOWN_IN_PROCESS_MB": "0", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "pipeline", "run", str(source), "-o", str(out), "--no-equity"]
    job = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment
    )
    children: list[int] = []
    try:
        while not children and job.poll() is None:  # until the capped child is running
            children = _isolation_children_of(job.pid)
            time.sleep(0.002)
    finally:
        job.kill()
        job.wait()
    assert children, "the job ended before its child started"
    deadline = time.monotonic() + 60
    while _isolation_children_of(job.pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert _isolation_children_of(job.pid) == []  # PR_SET_PDEATHSIG: it died with the job
    assert [path for path in out.iterdir() if path.name.startswith(".showdown.tmp-")]  # left
    again = subprocess.run(command, capture_output=True, env=environment, text=True, timeout=300)
    assert again.returncode == 0, again.stdout + again.stderr
    assert [path.name for path in out.rglob("*") if ".tmp-" in path.name] == []
    assert pl.read_parquet(out / "big.poker.parquet").height == 4_000


def test_a_text_input_too_is_scored_from_the_bytes_that_were_hashed(tmp_path: Path) -> None:
    """A CSV that changes between the hash and the read: the hash and the scores are of one
    content (before, the reader opened the file again and scored the other night)."""
    night_a = b"round,player,cards\n1,Ann,Ah Ad Kc Ks 2h 7d 9c\n1,Bob,Qh Qd Kc Ks 2h 7d 9c\n"
    night_b = b"round,player,cards\n1,Ann,3h 4d Kc Ks 2h 7d 9c\n1,Bob,Qh Qd Kc Ks 2h 7d 9c\n"
    (tmp_path / "in").mkdir()
    source = tmp_path / "in" / "night.csv"
    planned = PlannedInput(source, "night.csv", tmp_path / "out" / "night.csv")
    with _file_that_changes(source, night_a, night_b):
        report = run_task(planned, None)
    assert (report.status, report.error) == ("clean", None)
    assert report.sha256 == hashlib.sha256(night_a).hexdigest()
    scored = pl.read_parquet(tmp_path / "out" / "night.csv.poker.parquet")
    assert scored.select("player", "winner").rows() == [("Ann", True), ("Bob", False)]
