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
HAND_INDEX = "hand_index.parquet"
"""Beside the manifest: which input scored each hand first (:mod:`pipeline.job.plan.hand_index`).
It is the job's bookkeeping, not a night's output, so the season never reads it."""


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


NAME_BYTES = "name_bytes"
"""An entry's field, only where a name in it holds bytes that are not UTF-8: the exact bytes
(hex) of each such name, by the text the manifest shows for it (``n\\xe9ight.csv``)."""
SOURCE_PATH = "source_path"
"""An entry's field: the input's absolute path when it was last scored (escaped as names are)."""
SOURCE_GONE = "source_gone"
"""An entry's field, ``true`` when the input is no longer at ``source_path`` (deleted, or moved
out of the inputs): its outputs are kept, they are the archive.  Absent while the input is live.
A season counting only live outputs leaves these out."""
RENAMED_FROM = "renamed_from"
"""An entry's field: the input names whose entries this one replaced, the same content found
under a new name (a rename, or a path through a link); their outputs were removed."""


def readable(name: str) -> str:
    r"""A name as text every writer and JSON takes: bytes that are not UTF-8 (kept by Python as
    lone surrogates, ``os.fsdecode``) are written ``\xNN``; a UTF-8 name is itself.

    >>> readable(os.fsdecode(b"n\xe9ight.csv")), readable("night.csv")
    ('n\\xe9ight.csv', 'night.csv')
    """
    return os.fsencode(name).decode("utf-8", "backslashreplace")


def _names_in(name: str, entry: dict[str, object]) -> list[str]:
    outputs = entry.get("outputs")
    paths = [str(path) for path in outputs.values()] if isinstance(outputs, dict) else []
    source = entry.get(SOURCE_PATH)
    return [name, *paths, *([source] if isinstance(source, str) else [])]


def _to_disk(name: str, entry: dict[str, object]) -> tuple[str, dict[str, object]]:
    """The key and entry as written: names escaped (:func:`readable`), their bytes beside them
    (``name_bytes``), so that the JSON never holds a lone surrogate and every name comes back
    exactly."""
    raw = {
        readable(text): os.fsencode(text).hex()
        for text in _names_in(name, entry)
        if readable(text) != text
    }
    if not raw:
        return name, entry
    written = dict(entry)
    for field in ("source", SOURCE_PATH):
        if isinstance(written.get(field), str):
            written[field] = readable(str(written[field]))
    outputs = written.get("outputs")
    if isinstance(outputs, dict):
        written["outputs"] = {key: readable(str(path)) for key, path in outputs.items()}
    written[NAME_BYTES] = raw
    return readable(name), written


def _from_disk(key: str, entry: dict[str, object]) -> tuple[str, dict[str, object]]:
    """The inverse of :func:`_to_disk`: the names as Python holds them (``os.fsdecode``)."""
    raw = entry.get(NAME_BYTES)
    if not isinstance(raw, dict):
        return key, entry

    def exact(text: object) -> object:
        held = raw.get(text) if isinstance(text, str) else None
        return os.fsdecode(bytes.fromhex(held)) if isinstance(held, str) else text

    read = {field: value for field, value in entry.items() if field != NAME_BYTES}
    for field in ("source", SOURCE_PATH):
        if field in read:
            read[field] = exact(read[field])
    outputs = read.get("outputs")
    if isinstance(outputs, dict):
        read["outputs"] = {field: exact(path) for field, path in outputs.items()}
    return str(exact(key)), read


def load_manifest(output: Path) -> dict[str, dict[str, object]]:
    """The manifest's entries by input name (a name holding bytes that are not UTF-8 as Python
    holds it); empty when there is none or it broke."""
    try:
        data = json.loads((output / MANIFEST).read_text(encoding="utf-8"))
        files = data.get("files", {})
        if not isinstance(files, dict):
            return {}
        return dict(
            _from_disk(key, entry) if isinstance(entry, dict) else (key, entry)
            for key, entry in files.items()
        )
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
        self._encoded = {name: _encoded(name, entry) for name, entry in self.entries.items()}

    def update(self, name: str, entry: dict[str, object]) -> None:
        self.entries[name] = entry
        self._encoded[name] = _encoded(name, entry)
        self._write()

    def remove(self, name: str) -> None:
        """Drop an input's entry (its content was found under a new name)."""
        self.entries.pop(name, None)
        self._encoded.pop(name, None)
        self._write()

    def _write(self) -> None:
        keys = sorted(self._encoded, key=lambda name: self._encoded[name][0])
        parts = [
            f"    {json.dumps(self._encoded[key][0])}: {self._encoded[key][1]}" for key in keys
        ]
        body = "{\n" + ",\n".join(parts) + "\n  }" if parts else "{}"
        text = '{\n  "files": ' + body + "\n}\n"
        with atomic_open(self.output / MANIFEST) as handle:
            handle.write(text.encode("utf-8"))


def _encoded(name: str, entry: dict[str, object]) -> tuple[str, str]:
    """An entry's key and the entry as ``json.dumps`` writes it two levels deep (indent 2)."""
    key, written = _to_disk(name, entry)
    return key, json.dumps(written, indent=2, sort_keys=True).replace("\n", "\n    ")
