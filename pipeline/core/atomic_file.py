"""The one primitive that replaces a file in one step: write a temporary file beside the target,
flush it to disk, rename it over the target.  A reader sees the old file or the new one, never
half of one.

Everything the package writes goes through here (the core's table cache directly, the job's
outputs through :mod:`pipeline.sinks.atomic`), so this module is the only place that calls
:func:`os.replace`; it is in the core, with the standard library only, because the core may
import nothing above it.

The temporary file is ``.NAME.tmp-PID``, or, when that would not fit a file name's limit
(``NAME_MAX``, 255 bytes on Linux), ``.PREFIX~HASH.tmp-PID``: a legal name of 231 bytes or more
once stopped the whole run with ``File name too long``.

>>> temporary_for(Path("out/night.csv.xlsx"), pid=7)
PosixPath('out/.night.csv.xlsx.tmp-7')
>>> long = temporary_for(Path("x" * 250 + ".xlsx"), pid=7)
>>> len(os.fsencode(long.name)) <= NAME_MAX, long.name.endswith(".tmp-7")
(True, True)
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

TEMPORARY_MARK = ".tmp-"
NAME_MAX = 255
"""The longest file name most file systems take, in bytes (ext4, xfs, btrfs, APFS, NTFS)."""


def shortened(name: str, limit: int) -> str:
    """``name`` when it fits ``limit`` bytes, else a prefix of it (cut at a character), ``~`` and
    a hash of the whole name: distinct names stay distinct, the same name is always cut alike.

    >>> shortened("night.csv", 20)
    'night.csv'
    >>> shortened("é" * 40, 30)
    'éééé~84fe2e03d50dd3a18b63'
    """
    encoded = os.fsencode(name)
    if len(encoded) <= limit:
        return name
    digest = hashlib.sha256(encoded).hexdigest()[:20]
    keep = encoded[: max(0, limit - len(digest) - 1)]
    prefix = keep.decode("utf-8", "ignore")  # never half a character
    return f"{prefix}~{digest}"


def temporary_for(path: Path, pid: int | None = None) -> Path:
    """The temporary file beside ``path`` that :func:`replace_with` renames over it; it always
    fits ``NAME_MAX``."""
    mark = f"{TEMPORARY_MARK}{os.getpid() if pid is None else pid}"
    return path.with_name(f".{shortened(path.name, NAME_MAX - len(mark) - 1)}{mark}")


def replace_with(temporary: Path | str, path: Path | str) -> None:
    """Flush ``temporary`` to disk and rename it over ``path`` (then the folder, best effort)."""
    with open(temporary, "rb") as handle:
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    _fsync_folder(Path(path).parent)


@contextlib.contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """The temporary file to write; on success it replaces ``path``, on any exception it is
    removed and the exception goes on."""
    temporary = temporary_for(path)
    try:
        yield temporary
        replace_with(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable; not every platform lets a folder be opened, so best effort."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
