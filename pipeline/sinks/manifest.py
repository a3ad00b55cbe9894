"""``manifest.json``: one entry per input (hash, counts, outputs and their hashes, status,
settings, timings, when it ran), and the lock that keeps two runs out of one output folder.

Entries are merged into the manifest on disk under the lock, never written from a stale copy,
so two runs (one after the other, or a crashed one and its rerun) never lose each other's lines.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
from collections.abc import Iterator
from pathlib import Path

from pipeline.sinks.atomic import atomic_open

MANIFEST = "manifest.json"
LOCK = ".showdown.lock"


class OutputBusyError(RuntimeError):
    """Another run holds the output folder."""


@contextlib.contextmanager
def output_lock(output: Path) -> Iterator[None]:
    """Hold the output folder for one run; a second run is told, at once, that it is busy."""
    handle = os.open(output / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            msg = f"output folder {str(output)!r} is busy: another run is writing to it"
            raise OutputBusyError(msg) from None
        os.ftruncate(handle, 0)
        os.write(handle, f"{os.getpid()}\n".encode())
        yield
    finally:
        os.close(handle)  # closing releases the lock, also when the process is killed


def load_manifest(output: Path) -> dict[str, dict[str, object]]:
    """The manifest's entries by input name; empty when there is none or it broke."""
    try:
        data = json.loads((output / MANIFEST).read_text(encoding="utf-8"))
        files = data.get("files", {})
        return files if isinstance(files, dict) else {}
    except (OSError, ValueError):
        return {}


class Manifest:
    r"""The manifest of an output folder, for the run that holds its lock: read once, then an
    entry merged in and the whole file written atomically as each input finishes.

    Each entry is encoded once: re-encoding every entry on every update (``json.dumps`` with
    ``indent`` is pure Python) took 47 ms a file at 300 entries, growing with the night; the
    text written is what ``json.dumps({"files": entries}, indent=2, sort_keys=True)`` writes.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> manifest = Manifest(folder)
    >>> manifest.update("b.csv", {"status": "clean", "outputs": {}})
    >>> manifest.update("a.csv", {"status": "issues", "rows": [1, 2]})
    >>> text = (folder / MANIFEST).read_text()
    >>> text == json.dumps({"files": manifest.entries}, indent=2, sort_keys=True) + "\n"
    True
    """

    def __init__(self, output: Path) -> None:
        self.output = output
        self.entries = load_manifest(output)
        self._encoded = {name: _encoded(entry) for name, entry in self.entries.items()}

    def update(self, name: str, entry: dict[str, object]) -> None:
        self.entries[name] = entry
        self._encoded[name] = _encoded(entry)
        parts = [f"    {json.dumps(key)}: {self._encoded[key]}" for key in sorted(self._encoded)]
        body = "{\n" + ",\n".join(parts) + "\n  }" if parts else "{}"
        text = '{\n  "files": ' + body + "\n}\n"
        with atomic_open(self.output / MANIFEST) as handle:
            handle.write(text.encode("utf-8"))


def _encoded(entry: object) -> str:
    """An entry as ``json.dumps`` writes it two levels deep (indent 2)."""
    return json.dumps(entry, indent=2, sort_keys=True).replace("\n", "\n    ")
