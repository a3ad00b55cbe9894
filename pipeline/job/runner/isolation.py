"""One input's work kept whole and bounded: its bytes read once, and a workbook that could be
big worked on in a subprocess whose memory is capped, leaving nothing behind.

* :func:`read_once`: an input's bytes are read once and hashed (all but a text file too big to
  hold, which is streamed); they are what is scored and written back, so a file that changes
  mid-run cannot put hands on the wrong players.
* :func:`needs_isolation`: a workbook whose parts inflate past a few megabytes, whose sheets
  span more than a quarter of a million cells, or whose shared strings would be copied into
  its cells past 64 MB, is worked on in a capped subprocess; a small one stays here, where it
  costs no interpreter start (its parts were checked, so nothing in it can grow).
* :func:`run_capped`: runs a picklable function in ``python -m pipeline.job.runner.isolation`` under
  ``RLIMIT_AS`` (the cap of :func:`pipeline.sources.xlsx.memory_cap_bytes`). A subprocess, not a
  ``multiprocessing`` child, so it works inside Dask's daemonic workers. The child has its own
  session (its whole group is killed when it ends or times out), dies with its parent
  (``PR_SET_PDEATHSIG``), writes its stderr to a file in a scratch folder beside the outputs
  (never to the job's stderr) and has that folder as ``TMPDIR``; the folder is removed whatever
  happens, and a run removes any a killed run left.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import os
import pickle
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from pipeline.job.runner.interrupt import signals_deferred
from pipeline.sinks.atomic import TEMPORARY_MARK, file_digest
from pipeline.sources.xlsx import declared_inflated_bytes, inspect_workbook, memory_cap_bytes

Result = TypeVar("Result")

IN_PROCESS_ENV = "SHOWDOWN_IN_PROCESS_MB"
DEFAULT_IN_PROCESS_BYTES = 8 << 20
"""A workbook inflating past this (``SHOWDOWN_IN_PROCESS_MB``; 0 caps every workbook) is
worked on in a capped subprocess."""
IN_PROCESS_CELLS = 250_000  # openpyxl holds about half a kilobyte per cell it loads
IN_PROCESS_STRING_BYTES = 64 << 20  # cells x the longest shared string: each cell a copy
CHILD_TIMEOUT_SECONDS = 6 * 3600.0
SCRATCH_PREFIX = f".showdown{TEMPORARY_MARK}"  # a run removes these as it removes temp files
_ZIP_MAGIC = b"PK\x03\x04"
_PR_SET_PDEATHSIG = 1
_MEMORY_SIGNS = ("memory allocation of", "MemoryError", "Cannot allocate memory", "out of memory")


class OverMemoryCapError(Exception):
    """The work on one input needed more memory than the cap."""

    def __init__(self, cap: int) -> None:
        super().__init__(f"over the memory cap of {cap >> 20} MB")
        self.cap = cap


class ChildDiedError(Exception):
    """The subprocess working on one input died (killed, crashed, timed out)."""


def read_once(path: Path, whole_below: int = 1 << 26) -> tuple[bytes | None, str]:
    """An input's bytes and their SHA-256, read in one go: a workbook always, any other input
    when it is at most ``whole_below`` bytes; its reader then reads those bytes, never the
    path again, so what was hashed is what was scored.  A larger text input (a CSV past
    memory, streamed in batches) is hashed as it is read and ``None`` is returned."""
    with path.open("rb") as handle:
        head = handle.read(len(_ZIP_MAGIC))
        if head != _ZIP_MAGIC and os.fstat(handle.fileno()).st_size > whole_below:
            return None, file_digest(path)
        content = head + handle.read()
    return content, hashlib.sha256(content).hexdigest()


def in_process_limit() -> int:
    """``SHOWDOWN_IN_PROCESS_MB`` in bytes, else :data:`DEFAULT_IN_PROCESS_BYTES`."""
    configured = os.environ.get(IN_PROCESS_ENV, "").strip()
    return int(configured) << 20 if configured.isdigit() else DEFAULT_IN_PROCESS_BYTES


def needs_isolation(content: bytes | None) -> bool:
    """Whether the work on these bytes must run under the memory cap: a workbook past the
    in-process limit, spanning more than :data:`IN_PROCESS_CELLS`, or whose longest shared
    string copied into each cell passes :data:`IN_PROCESS_STRING_BYTES`.

    >>> needs_isolation(None), needs_isolation(b"round,player,cards")
    (False, False)
    """
    if content is None or not content.startswith(_ZIP_MAGIC):
        return False
    limit = in_process_limit()
    if len(content) > limit or declared_inflated_bytes(content) > limit:
        return True
    parts = inspect_workbook(content, memory_cap_bytes())  # small: cheap; kept for the read
    cells = sum(sheet.cells for sheet in parts.sheets)
    copies = cells * parts.longest_shared_string  # one long string in every cell: gigabytes
    return cells > IN_PROCESS_CELLS or copies > IN_PROCESS_STRING_BYTES


def run_capped(function: Callable[..., Result], *args: Any, scratch: Path) -> Result:
    """``function(*args)`` in a subprocess under the memory cap; its result, or its exception
    raised here.  ``scratch``: a folder for the child's temporary files (removed after).

    Raises :class:`OverMemoryCapError` when the work needed more memory than the cap and
    :class:`ChildDiedError` when the child died otherwise.
    """
    cap = memory_cap_bytes()
    payload = pickle.dumps((function, args, cap))
    folder = Path(tempfile.mkdtemp(prefix=SCRATCH_PREFIX, dir=scratch))
    package_root = str(Path(__file__).resolve().parents[2])  # the child imports this package
    python_path = os.pathsep.join(filter(None, [package_root, os.environ.get("PYTHONPATH")]))
    environment = os.environ | {
        "TMPDIR": str(folder),  # openpyxl's temporary files land here and go with it
        "MALLOC_ARENA_MAX": "2",  # glibc reserves 64 MB of address space per thread arena
        "PYTHONPATH": python_path,
    }
    try:
        with (folder / "stderr").open("w+b") as stderr:
            child: subprocess.Popen[bytes] | None = None
            try:
                with signals_deferred():  # a stop signal waits until the child can be ended
                    child = subprocess.Popen(
                        [sys.executable, "-m", "pipeline.job.runner.isolation", str(os.getpid())],
                        stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE,
                        stderr=stderr,
                        env=environment,
                        start_new_session=True,
                    )
                output, _ = child.communicate(payload, timeout=CHILD_TIMEOUT_SECONDS)
            except subprocess.TimeoutExpired:
                msg = f"the work took longer than {CHILD_TIMEOUT_SECONDS / 3600:g} hours: stopped"
                raise ChildDiedError(msg) from None
            finally:
                if child is not None:
                    with signals_deferred():  # SIGTERM, SIGINT: the child is ended all the same
                        _end_group(child)
                        _remove_temporaries_of(child.pid, scratch)
            stderr.seek(0)
            errors = stderr.read().decode(errors="replace")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    result: Result = _outcome(child.returncode, output, errors, cap)
    return result


@contextlib.contextmanager
def scratch_tempdir(output: Path) -> Iterator[Path]:
    """This process's temporary files (openpyxl's write-only sheets) go to a scratch folder in
    the output folder for the run: removed when it ends, or by the next run if it was killed,
    never left in ``$TMPDIR``."""
    folder = Path(tempfile.mkdtemp(prefix=SCRATCH_PREFIX, dir=output))
    previous = tempfile.tempdir
    tempfile.tempdir = str(folder)
    try:
        yield folder
    finally:
        tempfile.tempdir = previous
        shutil.rmtree(folder, ignore_errors=True)


def _end_group(child: subprocess.Popen[bytes]) -> None:
    """Nothing the child started outlives it: its session's group is killed, then reaped."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(child.pid, signal.SIGKILL)
    child.wait()


def _remove_temporaries_of(pid: int, folder: Path) -> None:
    """A killed child's half-written outputs (``.NAME.tmp-PID``) never replaced anything."""
    for stale in folder.glob(f".*{TEMPORARY_MARK}{pid}"):
        with contextlib.suppress(OSError):
            stale.unlink()


def _outcome(returncode: int, output: bytes, errors: str, cap: int) -> Any:
    if returncode == 0 and output:
        kind, value = pickle.loads(output)
        if kind == "ok":
            return value
        if kind == "memory":
            raise OverMemoryCapError(cap)
        raise value
    if any(sign in errors for sign in _MEMORY_SIGNS):
        raise OverMemoryCapError(cap)
    last = next((line for line in reversed(errors.splitlines()) if line.strip()), "")
    if returncode < 0:
        how = f"was killed by {signal.Signals(-returncode).name}"
    else:
        how = f"exited with code {returncode}"
    msg = f"the process working on it {how}" + (f" ({last.strip()})" if last else "")
    raise ChildDiedError(msg)


def _die_with_parent(parent: int) -> None:
    """Linux: the kernel kills this child when the job dies, so none is left behind."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the job died before the line above took effect
        os._exit(1)


def _child_main(parent: int) -> None:
    """In the child: read the work, cap memory, do it, write back what came of it."""
    _die_with_parent(parent)
    function, args, cap = pickle.loads(sys.stdin.buffer.read())  # imports the work's modules
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    outcome: tuple[str, object]
    try:
        outcome = ("ok", function(*args))
    except MemoryError:
        outcome = ("memory", None)
    except Exception as error:  # raised again in the parent, as if it had run there
        outcome = ("error", error)
    try:
        data = pickle.dumps(outcome)
    except Exception as error:  # an exception that does not pickle: its text does
        data = pickle.dumps(("error", RuntimeError(f"{type(outcome[1]).__name__}: {error}")))
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


if __name__ == "__main__":
    _child_main(int(sys.argv[1]))
