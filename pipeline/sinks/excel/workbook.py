"""Write scored tables to Excel: a fresh workbook, or appended columns in the producer's own.

Two modes, one entry point, :func:`write_workbook`:

* **new workbook** (``source=None``; a CSV's, a listing's, a hand log's, an ``.xls``/``.ods``'s):
  written with xlsxwriter in constant-memory mode (:mod:`.backends.xlsxwriter_book`), rows streamed
  to disk.
  One worksheet per :class:`SheetOutput`, in order, then ``Summary``, then ``Issues``.
* **write-back** (``source=`` the producer's bytes, or a path): the producer's workbook is
  loaded and saved by openpyxl, so their sheets, formatting, extra columns and formulas survive
  (:mod:`.backends.openpyxl_book`); each :class:`SheetOutput` appends its columns to the right of
  the sheet's last used column, on the worksheet rows given in ``excel_rows``.

What every sheet looks like is decided once, as data, whichever library writes it: each
column's format from its type and heading (:mod:`.styles`), the winner and fold looks as
conditional formats (:mod:`.rules`), how the sheet prints (:mod:`.printing`), the Summary and
Issues layouts (:mod:`.summary`), the cell values (:mod:`.values`).  Every sheet we write has a
bold header (a note on each heading the table's ``notes`` explain), the header row frozen and
printed on every page, an autofilter over the table and column widths taken from the header and
a sample of values (capped at 50).  Every font names Calibri 11, so LibreOffice renders what
Excel shows.

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
  ``#N/A``, is stored as text, never as a formula or an error.
* Characters that XML forbids (control characters other than tab, newline, carriage return) are
  removed from text, headers and titles, so a stray byte in a player name cannot crash the write.
* NaN and infinite floats become empty cells (Excel has no NaN); time-zone-aware datetimes are
  written as their wall-clock time; List columns are joined with a space.
* The file is written through :func:`pipeline.sinks.atomic.atomic_open` (``.NAME.tmp-<pid>`` in
  the target's directory, fsynced and renamed onto the target): a reader sees the old file or
  the new one, never half of one. On any exception the temporary file is removed and the
  exception re-raised. Every workbook carries the custom document property
  ``showdown_output = "1"`` and ``showdown_version``, so it is never read back as an input.
* Titles are cut to 31 characters without ``[]:*?/\\``; a table wider than an Excel sheet
  (16,384 columns) raises :class:`ValueError` naming the sheet and the limit.
* A table taller than an Excel sheet (1,048,576 rows, header included) continues on
  ``NAME (2)``, ``NAME (3)``... (:mod:`pipeline.sinks.excel.continuation`); so does Issues, and
  the Summary gets a block naming where each continues. Never refused for its size.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import polars as pl

from pipeline.sinks.atomic import atomic_open
from pipeline.sinks.excel.backends.openpyxl_book import UnloadableWorkbookError, write_back
from pipeline.sinks.excel.backends.xlsxwriter_book import write_new_book
from pipeline.sinks.excel.continuation import split_sheet
from pipeline.sinks.excel.contract import (
    MAX_COLUMNS,
    MAX_ROWS,
    BookContents,
    SheetOutput,
    check_sheet,
    sanitize_title,
)

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
    notes: dict[str, str] | None = None,
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
    notes
        A one-line note per heading of the Summary's blocks and the Issues sheet that does not
        say it all, shown as the header cell's comment.

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
        check_sheet(whole, write_back=source is not None)
    contents = BookContents(sheets, summary, issues, max_rows, notes)
    with atomic_open(Path(path)) as handle:
        if source is None:
            write_new_book(handle, contents)
        else:
            write_back(handle, source, contents)
