"""Issue 21: SIGTERM and SIGINT (cron wrappers, ``timeout``, systemd, Ctrl-C) stop a run
cleanly.  Real ``pipeline run`` processes, each signalled while a temporary file exists; then
the folder is checked and a rerun finishes."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import polars as pl
import pytest

from pipeline.games.generate import deal_holdem, players_frame
from pipeline.sinks.atomic import file_digest
from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
STOPPED = re.compile(
    r"^Error: interrupted by (SIG\w+); (\d+) of (\d+) inputs finished, rerun to finish the rest$",
    re.MULTILINE,
)


def _nights(folder: Path, count: int, rounds: int = 500) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    names = [f"night{seed}.csv" for seed in range(count)]
    for seed, name in enumerate(names):
        players_frame(deal_holdem(rounds, 6, seed=seed)).write_csv(folder / name)
    return names


def _everything(folder: Path) -> Iterator[Path]:
    try:
        yield from folder.rglob("*")
    except FileNotFoundError:
        return


def _with_default_signals() -> None:
    """As a shell in a terminal starts a command: SIGINT, SIGTERM and SIGHUP not ignored."""
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)


def _start(args: list[str], environment: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "pipeline", "run", *args, "--no-equity"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ | {"PYTHONPATH": str(ROOT)} | (environment or {}),
        preexec_fn=_with_default_signals,
    )


def _signal_when(
    job: subprocess.Popen[str], number: int, moment: Callable[[], bool]
) -> tuple[str, str]:
    """Send ``number`` at the moment that matters (polled for), then wait for the end."""
    deadline = time.monotonic() + 180
    try:
        while not moment():
            assert job.poll() is None, "the run ended before the moment came"
            assert time.monotonic() < deadline, "the moment never came"
            time.sleep(0.001)
        job.send_signal(number)
        return job.communicate(timeout=120)
    finally:
        if job.poll() is None:
            job.kill()
            job.wait()


def _a_temporary_of(out: Path, prefix: str) -> Callable[[], bool]:
    """A temporary output file (``.NAME.tmp-PID``) whose name starts with ``prefix``."""
    return lambda: any(
        path.name.startswith(prefix) and ".tmp-" in path.name and path.is_file()
        for path in _everything(out)
    )


def _check_tidy(out: Path, inputs: list[str], stdout: str, number: int) -> list[str]:
    """The folder after the stop: no temporary file or scratch folder, every output whole, a
    manifest entry for each input that finished and for no other; the inputs that finished."""
    (line,) = STOPPED.findall(stdout)
    assert line[0] == signal.Signals(number).name and int(line[2]) == len(inputs), stdout
    assert stdout.splitlines()[-1] == f"exit {128 + number}: stopped by {line[0]}"
    assert [path.name for path in _everything(out) if ".tmp-" in path.name] == []
    manifest = out / "manifest.json"
    files = json.loads(manifest.read_text())["files"] if manifest.exists() else {}
    assert len(files) == int(line[1])
    for entry in files.values():
        assert entry["status"] == "clean"
        for key, path in entry["outputs"].items():
            assert file_digest(Path(path)) == entry["output_sha256"][key]
    for path in _everything(out):  # outputs without an entry too: whole or not there
        if path.suffix == ".parquet":
            assert pl.read_parquet(path).height > 0
        elif path.suffix == ".xlsx":
            with zipfile.ZipFile(path) as book:
                assert book.testzip() is None
    return sorted(files)


def _rerun_finishes(args: list[str], out: Path, inputs: list[str], finished: list[str]) -> None:
    again = run_cli("run", *args, "--no-equity")
    assert again.returncode == 0, again.stdout + again.stderr
    assert again.stderr.count("unchanged, skipped") == len(finished)
    files = json.loads((out / "manifest.json").read_text())["files"]
    assert sorted(files) == sorted(inputs)
    assert [path.name for path in _everything(out) if ".tmp-" in path.name] == []


@pytest.mark.parametrize(
    "number",
    [signal.SIGTERM, signal.SIGINT, signal.SIGHUP],
    ids=["SIGTERM", "SIGINT", "SIGHUP"],
)
def test_a_signal_stops_the_run_tidies_and_keeps_what_finished(
    tmp_path: Path, number: signal.Signals
) -> None:
    """Signalled while the second night's temporary file exists: the first night finished and
    keeps its entry; exit 128 + the signal, one line; a rerun does the rest.  Before: SIGTERM
    exited 143 without a word and left ``.NAME.tmp-PID`` files and a scratch folder; SIGHUP (a
    closing terminal or ssh session, issue 31) exited 129 the same way."""
    inputs = _nights(tmp_path / "in", 3)
    out = tmp_path / "out"
    args = [str(tmp_path / "in"), "-o", str(out)]
    stdout, stderr = _signal_when(_start(args), number, _a_temporary_of(out, ".night1.csv"))
    finished = _check_tidy(out, inputs, stdout, number)
    assert "night0.csv" in finished and "Traceback" not in stderr, stderr
    _rerun_finishes(args, out, inputs, finished)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _processes(where: Callable[[list[bytes], int], bool]) -> list[int]:
    """Live processes whose command line and parent id satisfy ``where``, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().split(b"\0")
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if _alive(int(entry.name)) and where(command, parent):
                found.append(int(entry.name))
    return found


def _capped_children() -> list[int]:
    return _processes(lambda command, _: b"pipeline.job.runner.isolation" in command)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_a_signal_while_the_capped_child_writes_ends_the_child_too(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    generated = run_cli("generate", str(tmp_path / "in" / "big.xlsx"), "--rounds", "750")
    assert generated.returncode == 0, generated.stderr
    inputs = ["big.xlsx", *_nights(tmp_path / "in", 1)]
    out, scratch = tmp_path / "out", tmp_path / "tmp"
    scratch.mkdir()
    args = [str(tmp_path / "in"), "-o", str(out)]
    job = _start(args, {"SHOWDOWN_IN_PROCESS_MB": "0", "TMPDIR": str(scratch)})
    children: list[int] = []

    def the_child_writes() -> bool:
        children[:] = [pid for pid in _capped_children() if str(job.pid).encode() in _args(pid)]
        return bool(children) and _a_temporary_of(out, ".big.")()

    stdout, stderr = _signal_when(job, signal.SIGTERM, the_child_writes)
    assert "Traceback" not in stderr, stderr
    assert [pid for pid in children if _alive(pid)] == []  # ended with the run, and reaped
    assert list(scratch.iterdir()) == []
    finished = _check_tidy(out, ["big.xlsx", "night0.csv"], stdout, signal.SIGTERM)
    assert "big.xlsx" not in finished
    _rerun_finishes(args, out, inputs, finished)


def _args(pid: int) -> list[bytes]:
    try:
        return (Path(f"/proc/{pid}/cmdline")).read_bytes().split(b"\0")
    except OSError:
        return []


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
@pytest.mark.filterwarnings("ignore:Port 8787 is already in use")  # another cluster on the host
def test_a_signal_stops_the_dask_cluster_its_workers_and_their_children(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    (tmp_path / "in").mkdir()
    generated = run_cli("generate", str(tmp_path / "in" / "big.xlsx"), "--rounds", "750")
    assert generated.returncode == 0, generated.stderr
    inputs = ["big.xlsx", *_nights(tmp_path / "in", 3)]
    out, scratch = tmp_path / "out", tmp_path / "tmp"
    scratch.mkdir()
    args = [str(tmp_path / "in"), "-o", str(out)]
    environment = {"SHOWDOWN_IN_PROCESS_MB": "0", "TMPDIR": str(scratch)}
    job = _start([*args, "--workers", "2"], environment)
    workers: list[int] = []
    children: list[int] = []

    def a_worker_writes_through_its_capped_child() -> bool:
        workers[:] = _processes(lambda _, parent: parent == job.pid)
        children[:] = [pid for pid in _capped_children() if _parent(pid) in workers]
        return bool(children) and _a_temporary_of(out, ".")()

    stdout, _ = _signal_when(job, signal.SIGTERM, a_worker_writes_through_its_capped_child)
    assert job.returncode == 143, stdout
    deadline = time.monotonic() + 30  # orphans die of PR_SET_PDEATHSIG, a moment after
    while any(_alive(pid) for pid in workers + children) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [pid for pid in workers + children if _alive(pid)] == []
    assert list(scratch.iterdir()) == []  # the workers' temporary files went with them
    finished = _check_tidy(out, inputs, stdout, signal.SIGTERM)
    _rerun_finishes(args, out, inputs, finished)


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return -1
