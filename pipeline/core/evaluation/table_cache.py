"""Lookup tables kept on disk between processes, so a new process does not rebuild them.

A table set is a few named numpy arrays built by a function.  The first process to need it
builds it and writes it to ``$XDG_CACHE_HOME/showdown/`` (``~/.cache/showdown/`` when the
variable is unset, or ``$SHOWDOWN_CACHE_DIR`` when set) as an uncompressed ``.npz``; later
processes read it back in milliseconds.

- The file name holds a hash of the source files of the code that builds the tables (and of the
  numpy major version), so editing that code makes a new file: a stale table is never read.
- The file is written to a temporary name in the same folder and moved into place by
  :func:`pipeline.core.atomic_file.replace_with` (the package's one :func:`os.replace`), so a
  reader sees either no file or a complete one, and two processes that build at once each
  write a whole file and the last one wins (both are identical).
- Every member of a zip archive carries a CRC-32 that is checked on reading, so a damaged file
  (truncated, overwritten) fails to load; it is then rebuilt and rewritten.
- When the folder cannot be created or written, the tables are built in memory as before.

A raw table (:func:`read_raw`, :func:`write_raw`) is bytes in a file of its own, mapped into
memory when read: what ``pipeline equity``'s cold path reads without numpy
(:mod:`pipeline.core.probability.equity_loop`).  numpy, zipfile and tempfile are imported by the
functions that use them, not by the module, for the same reason.
"""

from __future__ import annotations

import contextlib
import hashlib
import mmap
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.core.atomic_file import replace_with

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Arrays = dict[str, NDArray[Any]]


def cache_folder() -> Path:
    """Where table files live: ``$SHOWDOWN_CACHE_DIR``, else ``$XDG_CACHE_HOME/showdown``, else
    ``~/.cache/showdown``."""
    explicit = os.environ.get("SHOWDOWN_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "showdown"


def source_key(paths: Iterable[str | os.PathLike[str]]) -> str | None:
    """A short hash of the given source files' bytes and the numpy major version, or ``None``
    when a file cannot be read (then nothing is cached: a table of unknown version is never
    trusted)."""
    import numpy as np

    digest = hashlib.sha256(np.__version__.split(".")[0].encode())
    try:
        for path in paths:
            digest.update(Path(path).read_bytes())
    except OSError:
        return None
    return digest.hexdigest()[:20]


def cache_path(name: str, key: str) -> Path:
    return cache_folder() / f"{name}-{key}.npz"


def load_or_build(name: str, key: str | None, build: Callable[[], Arrays]) -> Arrays:
    """The arrays ``build()`` returns, read from the cache file when it is there and sound.

    ``key`` (from :func:`source_key`) names the version of the building code; ``None`` builds
    without the cache.  The arrays returned are read-only.
    """
    path = None if key is None else cache_path(name, key)
    arrays = None if path is None else _read(path)
    if arrays is None:
        arrays = build()
        if path is not None:
            _write(path, arrays)
    for array in arrays.values():
        array.setflags(write=False)
    return arrays


def _read(path: Path) -> Arrays | None:
    import zipfile

    import numpy as np

    try:
        # The file is opened here so it is closed even when numpy cannot read it as an archive.
        with open(path, "rb") as file, np.load(file, allow_pickle=False) as archive:
            return {name: archive[name] for name in archive.files}
    except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile):
        return None


def _write(path: Path, arrays: Arrays) -> None:
    import numpy as np

    save: Callable[..., None] = np.savez  # its stubs cannot type ``**arrays``
    _write_with(path, lambda file: save(file, **arrays))


def _write_with(path: Path, write: Callable[[Any], None]) -> None:
    import tempfile  # here: tempfile imports random and shutil, which a cold read does not need

    temporary: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(
            prefix=path.stem + ".", suffix=".tmp", dir=path.parent
        )
        with os.fdopen(descriptor, "wb") as file:
            write(file)
        replace_with(temporary, path)  # the package's one os.replace (core/atomic_file.py)
        temporary = None
    except OSError:
        pass  # not writable (read-only home, full disk): the tables stay in memory only
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def raw_path(name: str, key: str) -> Path:
    """Where the raw table ``name`` of version ``key`` lives."""
    return cache_folder() / f"{name}-{key}.bin"


def read_raw(path: Path) -> memoryview | None:
    """The raw table file's bytes, mapped read-only, when it is there; else None (then the
    caller builds it and :func:`write_raw` writes it).  The caller checks what it reads: a
    file cut short is the caller's to refuse."""
    try:
        with open(path, "rb") as file:
            return memoryview(mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ))
    except (OSError, ValueError):  # not there, unreadable, or empty (mmap refuses 0 bytes)
        return None


def write_raw(path: Path, parts: Iterable[bytes | memoryview]) -> None:
    """Write the raw table's parts end to end, whole or not at all (a temporary file moved into
    place); an unwritable folder writes nothing."""

    def write(file: Any) -> None:
        for part in parts:
            file.write(part)

    _write_with(path, write)
