"""Every file the job writes goes through here: a temporary file in the same folder, flushed to
disk, then renamed over the target (:mod:`pipeline.core.atomic_file`, the one place that calls
:func:`os.replace`), so a reader sees the old file or the new one, never half.

Every output also carries our stamp (:func:`output_stamp`): ``showdown_output = "1"`` and the
pipeline's version, in a Parquet file's key-value metadata and a workbook's custom document
properties.  The planner reads it (:func:`is_showdown_output`) so that an output folder copied or
archived among the inputs is never scored again, lock file or not.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import zipfile
from collections.abc import Callable, Iterator
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, BinaryIO

from pipeline.core.atomic_file import TEMPORARY_MARK, replace_with, replacing, temporary_for

__all__ = [
    "OUTPUT_MARK",
    "TEMPORARY_MARK",
    "atomic_open",
    "atomic_write",
    "file_digest",
    "is_showdown_output",
    "make_folders",
    "output_stamp",
    "remove_stale_temporaries",
    "replace_with",
    "stamp_workbook",
    "temporary_for",
    "walk_files",
]

OUTPUT_MARK = "showdown_output"
VERSION_MARK = "showdown_version"


@cache
def output_stamp() -> dict[str, str]:
    """What every output carries: ``showdown_output = "1"`` and the pipeline's version.

    >>> output_stamp()["showdown_output"]
    '1'
    """
    try:
        ours = version("showdown")
    except PackageNotFoundError:  # run from a source tree that was never installed
        ours = "unknown"
    return {OUTPUT_MARK: "1", VERSION_MARK: ours}


def atomic_write(path: Path, write: Callable[[Path], object]) -> None:
    """Write through a temporary file in the same folder, then rename: all or nothing.  The
    writer is given the temporary path (see :func:`atomic_open` for a writer of handles)."""
    with replacing(path) as temporary:
        write(temporary)


@contextlib.contextmanager
def atomic_open(path: Path) -> Iterator[BinaryIO]:
    """A binary handle on a temporary file that replaces ``path`` when the block succeeds.

    A handle, not a path: writers that take text paths (polars, xlsxwriter) cannot open a name
    holding bytes that are not UTF-8 (``n\\xe9ight.csv``); Python's ``open`` can."""
    with replacing(path) as temporary, temporary.open("wb") as handle:
        yield handle


def make_folders(folder: Path) -> None:
    """``folder`` and its parents, made one by one: ``Path.mkdir(parents=True)`` recurses once
    per level, and 1,100 nested folders raised ``RecursionError``."""
    missing = []
    while not folder.is_dir():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for each in reversed(missing):
        each.mkdir(exist_ok=True)


def walk_files(folder: Path) -> Iterator[Path]:
    """Every entry under ``folder``, without recursion (``rglob`` recurses per level) and
    without following links to folders."""
    pending = [folder]
    while pending:
        current = pending.pop()
        try:
            with os.scandir(current) as scan:
                entries = list(scan)
        except OSError:
            continue
        for entry in entries:
            path = Path(entry.path)
            yield path
            if entry.is_dir(follow_symlinks=False):
                pending.append(path)


def remove_stale_temporaries(folder: Path) -> None:
    """Temporary files and scratch folders a killed run left behind (they never replaced
    anything)."""
    stale_names = [
        path
        for path in walk_files(folder)
        if path.name.startswith(".") and TEMPORARY_MARK in path.name
    ]
    for stale in sorted(stale_names, reverse=True):
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


def stamp_workbook(book: Any) -> None:
    """Put :func:`output_stamp` in a workbook's custom document properties, before it is
    saved: an xlsxwriter ``Workbook`` or an openpyxl one (a producer's own, written back)."""
    if hasattr(book, "set_custom_property"):  # xlsxwriter
        for name, value in output_stamp().items():
            book.set_custom_property(name, value)
        return
    from openpyxl.packaging.custom import StringProperty

    properties = book.custom_doc_props
    for held in [held for held in properties.props if held.name in output_stamp()]:
        properties.props.remove(held)
    for name, value in output_stamp().items():
        properties.append(StringProperty(name=name, value=value))


_CUSTOM_PROPERTIES = "docProps/custom.xml"
_MARKED = re.compile(rb'name="' + OUTPUT_MARK.encode() + rb'"')
_PARQUET_MAGIC = b"PAR1"


def is_showdown_output(path: Path) -> bool:
    """Whether ``path`` is a file we wrote, by its content (the stamp), whatever its name.

    Reads a workbook's custom properties part (a few hundred bytes) or a Parquet file's footer;
    anything else, or a file that cannot be read, is not ours."""
    try:
        with path.open("rb") as handle:
            magic = handle.read(4)
        if magic == _PARQUET_MAGIC:
            import pyarrow.parquet as pq

            metadata = pq.read_metadata(path).metadata or {}
            return metadata.get(OUTPUT_MARK.encode()) == b"1"
        if magic != b"PK\x03\x04":
            return False
        with zipfile.ZipFile(path) as book:
            if _CUSTOM_PROPERTIES not in book.namelist():
                return False
            with book.open(_CUSTOM_PROPERTIES) as part:
                return _MARKED.search(part.read(1 << 20)) is not None
    except (OSError, ValueError, zipfile.BadZipFile, KeyError):
        return False
    except Exception:  # pyarrow's own errors: a damaged footer is not ours
        return False
