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

from pipeline.sinks.atomic import atomic_write

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


def update_manifest(output: Path, name: str, entry: dict[str, object]) -> None:
    """Merge one input's entry into the manifest on disk, atomically."""
    entries = load_manifest(output)
    entries[name] = entry
    text = json.dumps({"files": entries}, indent=2, sort_keys=True) + "\n"
    atomic_write(output / MANIFEST, lambda path: path.write_text(text, encoding="utf-8"))
