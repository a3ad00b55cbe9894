"""Write scored tables to Excel: a fresh workbook, or appended columns in the producer's own.

Two modes, one entry point, :func:`write_workbook`:

* **new workbook** (``source=None``): openpyxl *write-only* mode, rows streamed one by one. One
  worksheet per :class:`SheetOutput`, in order, then ``Summary``, then ``Issues``.
* **write-back** (``source=`` the producer's bytes, or a path): the producer's workbook is loaded
  in normal mode so that their sheets, formatting, extra columns and formulas survive; each
  :class:`SheetOutput` appends its columns to the right of the sheet's last used column, on the
  worksheet rows given in ``excel_rows``.

Every sheet we write has a bold header, the header row frozen, an autofilter over the table and
column widths taken from the header and a sample of values (capped at 50). Every font we set names
Calibri 11 explicitly, so LibreOffice renders what Excel shows.

Styling without iterating ranges
--------------------------------
openpyxl's per-cell style setters hash a ``Font``/``Fill`` on every call, and walking ``ws[row]`` to
style 100k rows took minutes. Instead each combination we need (header, winner, fold, percent...)
is built *once* as a template cell, and cells that need it are created with a copy of its style
array (the copy openpyxl's own docs use to copy styles). Unstyled cells are passed as raw values,
the same path as a bare ``ws.append(row)``.

* New workbook: winner rows (``highlight``) get a light-green fill and bold, fold rows (``muted``)
  a grey font, cell by cell: only those rows pay for styled cells, and the flags need not be
  columns of the table.
* Write-back: winner and fold rows are shown by **one conditional-formatting rule each**, over the
  whole used range (original cells too), whose formula reads the appended column holding the same
  flags (e.g. ``=$K2=TRUE``). The producer's own cell formats are left untouched underneath. When
  no appended Boolean column equals the flags, the rows are styled cell by cell instead, merging
  fill and bold into each cell's existing style (one merged style per distinct original style).

Summary and Issues sheets
-------------------------
Both carry a hidden sheet-scoped defined name ``Showdown_Output`` (``"summary"`` / ``"issues"``),
which travels with the sheet if it is renamed. On write-back a sheet carrying our marker for that
role is replaced in place; a producer's sheet is never removed. If the title ``Summary`` (or
``Issues``) is taken by a sheet that is not ours, ours is called ``Summary (Showdown)``, then
``Summary (Showdown 2)``, and so on. Summary blocks are stacked, so that sheet gets neither a
frozen row nor an autofilter (one filter cannot cover several tables).

Safety
------
* Text beginning with ``=``, ``+``, ``-`` or ``@``, or equal to an Excel error code such as
  ``#N/A``, is stored as text (cell type ``s``), never as a formula or an error.
* Characters that XML forbids (control characters other than tab, newline, carriage return) are
  removed from text, headers and titles, so a stray byte in a player name cannot crash the write.
* NaN and infinite floats become empty cells (Excel has no NaN); time-zone-aware datetimes are
  written as their wall-clock time; List columns are joined with a space.
* The file is written to ``.NAME.tmp-<pid>`` in the target's directory, fsynced and moved onto
  the target with :func:`os.replace`: a reader sees the old file or the new one, never half of
  one. On any exception the temporary file is removed and the exception re-raised.
* Titles are cut to 31 characters without ``[]:*?/\\``; a table wider than an Excel sheet
  (16,384 columns) raises :class:`ValueError` naming the sheet and the limit.
* A table taller than an Excel sheet (1,048,576 rows, header included) continues on
  ``NAME (2)``, ``NAME (3)``... (:mod:`pipeline.sinks.excel.continuation`); so does Issues, and
  the Summary gets a block naming where each continues. Never refused for its size.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import polars as pl

from pipeline.sinks.excel.continuation import split_sheet
from pipeline.sinks.excel.contract import (
    MAX_COLUMNS,
    MAX_ROWS,
    SheetOutput,
    _check_sheet,
    sanitize_title,
)
from pipeline.sinks.excel.new_book import _new_book
from pipeline.sinks.excel.write_back import UnloadableWorkbookError, _write_back

__all__ = [
    "MAX_COLUMNS",
    "MAX_ROWS",
    "SheetOutput",
    "UnloadableWorkbookError",
    "sanitize_title",
    "write_workbook",
]


def write_workbook(
    path: Path,
    sheets: Sequence[SheetOutput],
    summary: Sequence[tuple[str, pl.DataFrame]],
    issues: pl.DataFrame,
    *,
    source: Path | bytes | None = None,
    max_rows: int = MAX_ROWS,
) -> None:
    """Write the scored sheets, a Summary and an Issues sheet to ``path``, atomically.

    Parameters
    ----------
    path
        The ``.xlsx`` to write; replaced in one step if it exists.
    sheets
        The tables, in order (see :class:`SheetOutput`).
    summary
        Titled blocks written one under another on the Summary sheet: a bold title row, a header
        row, the data, and a blank row between blocks.
    issues
        Written as is on the Issues sheet, with its header even when it has no rows.
    source
        The producer's ``.xlsx`` to write back into (its path, or better the bytes that were
        read and scored), or ``None`` for a new workbook. May be ``path`` itself.
    max_rows
        Rows an Excel sheet holds, header included (a test passes a few). A table or an Issues
        table taller than that continues on ``NAME (2)``, ``NAME (3)``... and the Summary gets
        a block naming them.

    Raises
    ------
    UnloadableWorkbookError
        ``source`` cannot be loaded by openpyxl (a malformed part); a :class:`ValueError`.
    ValueError
        A table does not fit an Excel sheet, a write-back sheet is missing from ``source``,
        ``excel_rows`` / ``highlight`` / ``muted`` do not match the table, or a percent column
        is not in it.

    Examples
    --------
    >>> import tempfile
    >>> from openpyxl import load_workbook
    >>> table = pl.DataFrame({"player": ["=Ann", "Bob"], "winner": [True, False]})
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     target = Path(folder) / "out.xlsx"
    ...     write_workbook(target, [SheetOutput("Round 1", table, highlight=table["winner"])],
    ...                    [("Totals", pl.DataFrame({"rounds": [1]}))], pl.DataFrame())
    ...     book = load_workbook(target)
    ...     print(book.sheetnames, book["Round 1"]["A2"].value, book["Round 1"]["A2"].data_type)
    ['Round 1', 'Summary', 'Issues'] =Ann s
    """
    for sheet in sheets:
        whole = sheet if source is not None else split_sheet(sheet, max_rows)[0]
        _check_sheet(whole, write_back=source is not None)
    with _atomic_target(path) as handle:
        if source is None:
            book = _new_book(sheets, summary, issues, max_rows)
        else:
            book = _write_back(source, sheets, summary, issues, max_rows)
        book.save(handle)


# --- checks ------------------------------------------------------------------------------------


# --- atomic file replacement ----------------------------------------------------------------


@contextlib.contextmanager
def _atomic_target(path: Path) -> Iterator[Any]:
    """Yield a binary handle on a temporary file that replaces ``path`` when the block succeeds."""
    path = Path(path)
    temporary = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        with temporary.open("wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _fsync_directory(path.parent)


def _fsync_directory(folder: Path) -> None:
    """Make the rename durable; not every platform lets a directory be opened, so best effort."""
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
