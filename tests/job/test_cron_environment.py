"""Issue 21: the job where cron and real exporters live: an inherited memory limit, a clean
environment, closed standard streams.  Real ``pipeline run`` processes: the process is the
point."""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import polars as pl
import pytest

from pipeline.sources.xlsx import INHERITED_LIMIT
from tests.helpers import Completed, run_cli

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


NIGHT_WITH_NAMES = """\
tournament,round,player,hole,board,notes
Été,1,Zoë,Ah Kh,2c 7d 9h Jd 4s,première main
Été,1,Łukasz,Qs Qc,2c 7d 9h Jd 4s,«all-in»
Été,1,Søren,9c 9d,2c 7d 9h Jd 4s,
Été,2,Zoë,Qx Kh,2c 7d 9h Jd 4s,carte illégale
Été,2,Łukasz,5s 5c,2c 7d 9h Jd 4s,
"""
CLOSED = {"no stream closed": None, "stdin": 0, "stdout": 1, "stderr": 2}
SECONDS = re.compile(r" *\d+\.\d\d")  # with its padding: 10.42 s takes one space less


@pytest.fixture(scope="module")
def night_inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of inputs with non-ASCII names, made once so every run reads the same bytes."""
    folder = tmp_path_factory.mktemp("inputs")
    (folder / "nuit-été.csv").write_text(NIGHT_WITH_NAMES, encoding="utf-8")
    assert run_cli("generate", str(folder / "säison.xlsx"), "--rounds", "4").returncode == 0
    shutil.copy(SPREADSHEETS / "night.ods", folder / "nuit à Łódź.ods")
    return folder


def _console_script() -> Path:
    script = Path(sys.executable).parent / "pipeline"
    if not script.is_file():
        pytest.skip("the console script is not installed beside this Python")
    return script


def _outputs(out: Path) -> dict[str, bytes]:
    """Every output's bytes; a workbook as its parts (a zip's dates are the time it was
    written) with the document's created/modified stamps blanked; the manifest without the
    run's time, timings, folder and the workbook's hash (of the zip)."""
    found: dict[str, bytes] = {}
    for path in sorted(out.rglob("*")):
        name = str(path.relative_to(out))
        if path.suffix == ".xlsx":
            with zipfile.ZipFile(path) as book:
                for part in book.namelist():
                    data = book.read(part)
                    if part == "docProps/core.xml":
                        data = re.sub(rb"<dcterms:(created|modified)[^<]*<", b"<", data)
                    found[f"{name}:{part}"] = data
        elif path.name == "manifest.json":
            files = json.loads(path.read_text(encoding="utf-8"))["files"]
            for entry in files.values():
                del entry["run_at"], entry["timings"]
                del entry["output_sha256"]["workbook"]  # of the zip: compared part by part
            text = json.dumps(files, sort_keys=True, ensure_ascii=False)
            found[name] = text.replace(str(out.parent), "FOLDER").encode()
        elif path.is_file() and path.name != ".showdown.lock":  # it holds the run's pid
            found[name] = path.read_bytes()
    return found


ARGS = ["run", "in", "-o", "out"]
CAPPED = {"SHOWDOWN_IN_PROCESS_MB": "0"}  # the workbooks go to the capped child too


@pytest.fixture(scope="module")
def session_run(
    tmp_path_factory: pytest.TempPathFactory, night_inputs: Path
) -> tuple[Path, Completed]:
    """The run as a person starts it in a terminal session's environment (no TTY here)."""
    folder = tmp_path_factory.mktemp("session")
    shutil.copytree(night_inputs, folder / "in")
    result = subprocess.run(
        [str(_console_script()), *ARGS], cwd=folder, env=os.environ | CAPPED,
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr  # two bad cards
    return folder / "out", Completed(result.returncode, result.stdout, result.stderr)


@pytest.mark.parametrize("closed", CLOSED.values(), ids=CLOSED.keys())
def test_a_clean_environment_without_a_terminal_writes_what_a_session_writes(
    tmp_path: Path, night_inputs: Path, session_run: tuple[Path, Completed], closed: int | None
) -> None:
    """``env -i PATH=/usr/bin:/bin HOME=... LANG=C pipeline run``, stdin /dev/null or a stream
    closed, no terminal: the outputs and the text printed are those of a run in a session.
    Before, a closed stderr ended the job at its first log line (exit 1, no outputs)."""
    reference_out, reference = session_run
    shutil.copytree(night_inputs, tmp_path / "in")
    bare = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C"} | CAPPED
    result = subprocess.run(
        ["env", "-i", *(f"{key}={value}" for key, value in bare.items()),
         str(_console_script()), *ARGS],
        cwd=tmp_path, env={}, stdin=subprocess.DEVNULL, capture_output=True, text=True,
        preexec_fn=None if closed is None else lambda: os.close(closed), timeout=300,
        check=False,
    )  # fmt: skip
    assert result.returncode == reference.returncode, result.stdout + result.stderr
    assert _outputs(tmp_path / "out") == _outputs(reference_out)
    assert "Zoë" in pl.read_parquet(tmp_path / "out" / "nuit-été.csv.poker.parquet")["player"]
    for stream, number in (("stdout", 1), ("stderr", 2)):
        if closed != number:
            text, expected = getattr(result, stream), getattr(reference, stream)
            assert SECONDS.sub("S", text) == SECONDS.sub("S", expected), stream
