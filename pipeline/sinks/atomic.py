"""Every file the job writes goes through here: a temporary file in the same folder, flushed to
disk, then renamed over the target, so a reader sees the old file or the new one, never half."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
from collections.abc import Callable
from pathlib import Path

TEMPORARY_MARK = ".tmp-"


def atomic_write(path: Path, write: Callable[[Path], object]) -> None:
    """Write through a temporary file in the same folder, then rename: all or nothing."""
    temporary = path.with_name(f".{path.name}{TEMPORARY_MARK}{os.getpid()}")
    try:
        write(temporary)
        with temporary.open("rb") as handle:
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()


def remove_stale_temporaries(folder: Path) -> None:
    """Temporary files and scratch folders a killed run left behind (they never replaced
    anything)."""
    for stale in sorted(folder.rglob(f".*{TEMPORARY_MARK}*"), reverse=True):
        if stale.is_dir() and not stale.is_symlink():
            shutil.rmtree(stale, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                stale.unlink()


def file_digest(path: Path) -> str:
    """SHA-256 of a file's content, read in blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
