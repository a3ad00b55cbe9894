"""Write scored tables to Excel: a fresh workbook, or appended columns in the producer's own.

Two modes, one entry point, :func:`write_workbook`:

* **new workbook** (``source=None``): openpyxl *write-only* mode, rows streamed one by one. One
  worksheet per :class:`SheetOutput`, in order, then ``Summary``, then ``Issues``.
* **write-back** (``source=Path``): the producer's workbook is loaded in normal mode so that their
  sheets, formatting, extra columns and formulas survive; each :class:`SheetOutput` appends its
  columns to the right of the sheet's last used column, on the worksheet rows given in
  ``excel_rows``.

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
* Titles are cut to 31 characters without ``[]:*?/\\``; a table that does not fit an Excel sheet
  (1,048,576 rows, 16,384 columns) raises :class:`ValueError` naming the sheet and the limit.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator, Sequence
from copy import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import polars as pl
from openpyxl import Workbook, load_workbook
from openpyxl.cell.cell import ERROR_CODES, Cell
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Font, PatternFill
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.properties import PageSetupProperties

__all__ = [
    "MAX_COLUMNS",
    "MAX_ROWS",
    "SheetOutput",
    "sanitize_title",
    "write_workbook",
]

MAX_ROWS: Final = 1_048_576
"""Rows in one Excel worksheet, header included."""
MAX_COLUMNS: Final = 16_384
"""Columns in one Excel worksheet."""
MAX_TITLE: Final = 31
"""Characters in a worksheet title."""
MAX_WIDTH: Final = 50
"""Widest column we set, in Excel character units."""
WIDTH_SAMPLE: Final = 2_000
"""Rows of each column measured for its width."""

SUMMARY_TITLE: Final = "Summary"
ISSUES_TITLE: Final = "Issues"
MARKER_NAME: Final = "Showdown_Output"
"""Hidden sheet-scoped defined name that marks a sheet as written by us."""

FONT_NAME: Final = "Calibri"
FONT_SIZE: Final = 11
WINNER_FILL: Final = "C6EFCE"  # Excel's own "Good" green: readable on air, bold text stays black
FOLD_FONT: Final = "808080"
PERCENT_FORMAT: Final = "0.0"

# The same set as openpyxl.cell.cell.ILLEGAL_CHARACTERS_RE, as a Rust regex for polars.
_ILLEGAL_XML: Final = r"[\x00-\x08\x0B\x0C\x0E-\x1F]"
_ILLEGAL_XML_RE: Final = re.compile(_ILLEGAL_XML)
_FORMULA_LIKE: Final = r"^[=+\-@]"
_TITLE_FORBIDDEN_RE: Final = re.compile(r"[\[\]:*?/\\]")

_PLAIN, _WINNER, _FOLD, _WINNER_FOLD = 0, 1, 2, 3


@dataclass(frozen=True)
class SheetOutput:
    """One table to write, as a new worksheet or as columns appended to an existing one.

    Parameters
    ----------
    name
        Worksheet title. New workbook: sanitised (see :func:`sanitize_title`) and made unique.
        Write-back: the exact title of a sheet in the source workbook.
    table
        New workbook: every column to write, the header being the column names. Write-back: only
        the columns to append.
    excel_rows
        Write-back only: the 1-based worksheet row of each row of ``table``; rows may be missing
        or out of order, but not repeated, and must lie below ``header_row``. ``None`` for a new
        workbook (rows 2, 3, ...).
    header_row
        Write-back only: the worksheet row holding the source sheet's header; appended headers go
        in this row, after the sheet's last used column.
    highlight
        Boolean, one per row of ``table``: True rows are winners, shown across the whole row
        (original cells too on write-back) with a light-green fill and bold. Nulls count as False.
    muted
        Boolean, one per row: True rows are folds, shown in a grey font.
    percent_columns
        Columns of ``table`` holding percentages 0..100, shown with one decimal.
    """

    name: str
    table: pl.DataFrame
    excel_rows: Sequence[int] | None = None
    header_row: int = 1
    highlight: pl.Series | None = None
    muted: pl.Series | None = None
    percent_columns: Sequence[str] = ()


def write_workbook(
    path: Path,
    sheets: Sequence[SheetOutput],
    summary: Sequence[tuple[str, pl.DataFrame]],
    issues: pl.DataFrame,
    *,
    source: Path | None = None,
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
        The producer's ``.xlsx`` to write back into, or ``None`` for a new workbook. May be
        ``path`` itself.

    Raises
    ------
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
        _check_sheet(sheet, write_back=source is not None)
    with _atomic_target(path) as handle:
        if source is None:
            book = _new_book(sheets, summary, issues)
        else:
            book = _write_back(source, sheets, summary, issues)
        book.save(handle)


def sanitize_title(title: str) -> str:
    """Make ``title`` a valid worksheet title: no ``[]:*?/\\``, 1 to 31 characters.

    Forbidden characters become ``_``, XML-illegal characters are dropped, leading and trailing
    apostrophes (which Excel refuses) are stripped, ``History`` (reserved by Excel) gets a
    trailing ``_``, and an empty result becomes ``Sheet``.

    Examples
    --------
    >>> sanitize_title("Round 1: Final [table 3]")
    'Round 1_ Final _table 3_'
    >>> sanitize_title("A very long tournament sheet name indeed")
    'A very long tournament sheet na'
    >>> sanitize_title("'quoted'"), sanitize_title("")
    ('quoted', 'Sheet')
    """
    clean = _TITLE_FORBIDDEN_RE.sub("_", _ILLEGAL_XML_RE.sub("", title)).strip("'")
    clean = clean[:MAX_TITLE].strip("'")
    if clean.casefold() == "history":
        clean += "_"
    return clean or "Sheet"


# --- checks ------------------------------------------------------------------------------------


def _check_sheet(sheet: SheetOutput, *, write_back: bool) -> None:
    height, width = sheet.table.shape
    for label, flags in (("highlight", sheet.highlight), ("muted", sheet.muted)):
        if flags is not None and (flags.len() != height or flags.dtype != pl.Boolean):
            msg = (
                f"sheet {sheet.name!r}: {label} must be a Boolean series of {height} values, "
                f"got {flags.dtype} of {flags.len()}"
            )
            raise ValueError(msg)
    missing = [name for name in sheet.percent_columns if name not in sheet.table.columns]
    if missing:
        msg = f"sheet {sheet.name!r}: percent columns {missing!r} are not in the table"
        raise ValueError(msg)
    if not write_back:
        _check_fits(sheet.name, rows=height + 1, columns=width)
        return
    if sheet.excel_rows is None:
        msg = f"sheet {sheet.name!r}: excel_rows is required when writing back into a workbook"
        raise ValueError(msg)
    rows = list(sheet.excel_rows)
    if len(rows) != height:
        msg = f"sheet {sheet.name!r}: {len(rows)} excel_rows for a table of {height} rows"
        raise ValueError(msg)
    if len(set(rows)) != len(rows):
        msg = f"sheet {sheet.name!r}: excel_rows repeats a row"
        raise ValueError(msg)
    if rows and min(rows) <= sheet.header_row:
        msg = (
            f"sheet {sheet.name!r}: excel_rows must lie below header row {sheet.header_row}, "
            f"got {min(rows)}"
        )
        raise ValueError(msg)
    if rows:
        _check_fits(sheet.name, rows=max(rows), columns=width)


def _check_fits(name: str, *, rows: int, columns: int) -> None:
    if rows > MAX_ROWS:
        msg = (
            f"sheet {name!r} needs {rows:,} rows; an Excel sheet holds at most {MAX_ROWS:,} rows "
            f"(header included): split the table"
        )
        raise ValueError(msg)
    if columns > MAX_COLUMNS:
        msg = (
            f"sheet {name!r} needs {columns:,} columns; "
            f"an Excel sheet holds at most {MAX_COLUMNS:,} columns"
        )
        raise ValueError(msg)


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


# --- values ------------------------------------------------------------------------------------


def _excel_ready(frame: pl.DataFrame) -> pl.DataFrame:
    """Turn every column into values openpyxl writes faithfully (see the module notes)."""
    expressions = []
    for name, dtype in frame.schema.items():
        column = pl.col(name)
        text = True
        if isinstance(dtype, pl.List | pl.Array):
            column = column.cast(pl.List(dtype.inner)).list.eval(pl.element().cast(pl.String))
            column = column.list.join(" ")
        elif isinstance(dtype, pl.Categorical | pl.Enum):
            column = column.cast(pl.String)
        elif isinstance(dtype, pl.Struct):
            column = column.struct.json_encode()
        elif dtype != pl.String:
            text = False
            if dtype == pl.Binary:
                column, text = column.bin.encode("hex"), True
            elif dtype.is_float():
                column = pl.when(column.is_finite()).then(column)
            elif isinstance(dtype, pl.Datetime) and dtype.time_zone is not None:
                column = column.dt.replace_time_zone(None)
        if text:
            column = column.str.replace_all(_ILLEGAL_XML, "")
        expressions.append(column.alias(name))
    return frame.select(expressions)


def _text_cells(frame: pl.DataFrame) -> dict[int, list[int]]:
    """Row index -> 0-based column indices of text openpyxl would turn into a formula or error."""
    found: dict[int, list[int]] = {}
    for index, (name, dtype) in enumerate(frame.schema.items()):
        if dtype != pl.String:
            continue
        column = frame[name]
        risky = column.str.contains(_FORMULA_LIKE) | column.is_in(list(ERROR_CODES))
        for row in risky.fill_null(False).arg_true().to_list():
            found.setdefault(row, []).append(index)
    return found


def _clean_header(name: str) -> str:
    return _ILLEGAL_XML_RE.sub("", name)


def _widths(frames: Sequence[pl.DataFrame], percent_columns: Sequence[str] = ()) -> list[float]:
    """Column widths from the headers and the first rows of each frame, capped at ``MAX_WIDTH``."""
    widths: list[float] = []
    for frame in frames:
        sample = frame.head(WIDTH_SAMPLE)
        for index, (name, dtype) in enumerate(sample.schema.items()):
            # bold header plus the autofilter arrow need about three characters more
            needed = len(name) * 1.1 + 3
            if name in percent_columns or dtype == pl.Boolean:
                needed = max(needed, 7)
            elif dtype.is_float():
                needed = max(needed, 12)
            elif sample.height and dtype != pl.Object:
                longest = sample[name].cast(pl.String).str.len_chars().max()
                if isinstance(longest, int):
                    needed = max(needed, longest * 1.1 + 2)
            needed = min(max(needed, 6.0), MAX_WIDTH)
            if index < len(widths):
                widths[index] = max(widths[index], needed)
            else:
                widths.append(needed)
    return [round(width, 1) for width in widths]


# --- styles ------------------------------------------------------------------------------------


def _font(*, bold: bool = False, color: str | None = None) -> Any:
    return Font(name=FONT_NAME, size=FONT_SIZE, bold=bold, color=color)


class _Styles:
    """Style arrays built once per workbook, copied into every cell that needs one.

    Creating ``Cell(ws, value=v, style_array=template)`` costs the same as an unstyled cell,
    whereas ``cell.font = Font(...)`` hashes the font into the workbook's list on every call.
    """

    def __init__(self, worksheet: Any) -> None:
        self._worksheet = worksheet
        self.header = self._template(_font(bold=True))
        self.title = self._template(_font(bold=True))
        self.plain = self._template(_font())
        # indexed by kind (_PLAIN, _WINNER, _FOLD, _WINNER_FOLD) then percent or not
        green = PatternFill(fill_type="solid", start_color=WINNER_FILL, end_color=WINNER_FILL)
        fonts = [
            _font(),
            _font(bold=True),
            _font(color=FOLD_FONT),
            _font(bold=True, color=FOLD_FONT),
        ]
        fills = [None, green, None, green]
        self.body = [
            [self._template(font, fill), self._template(font, fill, PERCENT_FORMAT)]
            for font, fill in zip(fonts, fills, strict=True)
        ]

    def _template(self, font: Any, fill: Any = None, number_format: str | None = None) -> Any:
        cell = Cell(self._worksheet)
        cell.font = font
        if fill is not None:
            cell.fill = fill
        if number_format is not None:
            cell.number_format = number_format
        return cell._style


def _cell(worksheet: Any, value: Any, style: Any, *, text: bool = False) -> Any:
    cell = Cell(worksheet, row=1, column=1, value=value, style_array=style)
    if text:
        cell.data_type = "s"
    return cell


def _row_kinds(height: int, highlight: pl.Series | None, muted: pl.Series | None) -> list[int]:
    kinds = pl.zeros(height, dtype=pl.Int8, eager=True)
    if highlight is not None:
        kinds = kinds + highlight.fill_null(False).cast(pl.Int8) * _WINNER
    if muted is not None:
        kinds = kinds + muted.fill_null(False).cast(pl.Int8) * _FOLD
    return kinds.to_list()


# --- writing frames as rows (new sheets, both modes) ---------------------------------------------


def _append_header(worksheet: Any, styles: _Styles, names: Sequence[str]) -> None:
    worksheet.append(
        [_cell(worksheet, _clean_header(name), styles.header, text=True) for name in names]
    )


def _append_frame(
    worksheet: Any,
    styles: _Styles,
    frame: pl.DataFrame,
    *,
    highlight: pl.Series | None = None,
    muted: pl.Series | None = None,
    percent_columns: Sequence[str] = (),
) -> None:
    """Append ``frame``'s rows below what ``worksheet`` holds, styling only the cells that need it.

    ``frame`` has been through :func:`_excel_ready`. Works for write-only and normal worksheets
    alike: every styled cell is a fresh ``Cell``.
    """
    ready = frame
    kinds = _row_kinds(ready.height, highlight, muted)
    text_cells = _text_cells(ready)
    percent = [index for index, name in enumerate(ready.columns) if name in percent_columns]
    body = styles.body
    for index, values in enumerate(ready.iter_rows()):
        kind = kinds[index]
        texts = text_cells.get(index, ())
        if kind == _PLAIN and not percent and not texts:
            worksheet.append(values)
            continue
        row: list[Any] = list(values)
        if kind == _PLAIN:
            for column in percent:
                row[column] = _cell(worksheet, row[column], body[_PLAIN][1])
            for column in texts:
                row[column] = _cell(worksheet, row[column], styles.plain, text=True)
        else:
            styled = body[kind]
            row = [_cell(worksheet, value, styled[0]) for value in row]
            for column in percent:
                row[column] = _cell(worksheet, values[column], styled[1])
            for column in texts:
                row[column].data_type = "s"
        worksheet.append(row)


def _prepare_sheet(worksheet: Any, widths: Sequence[float], *, freeze_row: int | None) -> None:
    """Widths and frozen header: in write-only mode both must be set before the first row."""
    for index, width in enumerate(widths, 1):
        worksheet.column_dimensions[get_column_letter(index)].width = width
    if freeze_row is not None:
        worksheet.freeze_panes = f"A{freeze_row + 1}"
    # printed or exported to PDF, a wide round sheet stays one page wide
    worksheet.page_setup.orientation = "landscape"
    worksheet.page_setup.fitToWidth = 1
    worksheet.page_setup.fitToHeight = 0
    worksheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)


def _set_filter(worksheet: Any, header_row: int, last_row: int, last_column: int) -> None:
    if last_column:
        worksheet.auto_filter.ref = (
            f"A{header_row}:{get_column_letter(last_column)}{max(last_row, header_row)}"
        )


def _mark(worksheet: Any, role: str) -> None:
    worksheet.defined_names[MARKER_NAME] = DefinedName(
        MARKER_NAME, attr_text=f'"{role}"', hidden=True
    )


def _marker(worksheet: Any) -> str | None:
    names = getattr(worksheet, "defined_names", {})
    if MARKER_NAME not in names:
        return None
    return str(names[MARKER_NAME].attr_text).strip('"')


def _write_table_sheet(worksheet: Any, styles: _Styles, sheet: SheetOutput) -> None:
    table = _excel_ready(sheet.table)
    _prepare_sheet(worksheet, _widths([table], sheet.percent_columns), freeze_row=1)
    _set_filter(worksheet, 1, table.height + 1, table.width)
    _append_header(worksheet, styles, table.columns)
    # flags that are columns of the table become one conditional format; others style cells
    per_cell: list[pl.Series | None] = []
    for flags, kind in ((sheet.highlight, _WINNER), (sheet.muted, _FOLD)):
        column = None if flags is None else _flag_column(table, flags)
        if column is None or not table.height:
            per_cell.append(flags)
            continue
        letter = get_column_letter(table.columns.index(column) + 1)
        _add_flag_rule(worksheet, kind, letter, 2, table.height + 1, table.width)
        per_cell.append(None)
    _append_frame(
        worksheet,
        styles,
        table,
        highlight=per_cell[0],
        muted=per_cell[1],
        percent_columns=sheet.percent_columns,
    )


def _write_summary(
    worksheet: Any, styles: _Styles, blocks: Sequence[tuple[str, pl.DataFrame]]
) -> None:
    rows = sum(frame.height + 3 for _, frame in blocks)
    _check_fits(worksheet.title, rows=rows, columns=max((f.width for _, f in blocks), default=0))
    ready = [(title, _excel_ready(frame)) for title, frame in blocks]
    _prepare_sheet(worksheet, _widths([frame for _, frame in ready]), freeze_row=None)
    for number, (title, frame) in enumerate(ready):
        if number:
            worksheet.append([])
        worksheet.append([_cell(worksheet, _clean_header(title), styles.title, text=True)])
        _append_header(worksheet, styles, frame.columns)
        _append_frame(worksheet, styles, frame)
    _mark(worksheet, "summary")


def _write_issues(worksheet: Any, styles: _Styles, issues: pl.DataFrame) -> None:
    _check_fits(worksheet.title, rows=issues.height + 1, columns=issues.width)
    issues = _excel_ready(issues)
    _prepare_sheet(worksheet, _widths([issues]), freeze_row=1)
    _set_filter(worksheet, 1, issues.height + 1, issues.width)
    _append_header(worksheet, styles, issues.columns)
    _append_frame(worksheet, styles, issues)
    _mark(worksheet, "issues")


def _unique_title(wanted: str, taken: set[str]) -> str:
    """``wanted`` if free, else ``wanted (Showdown)``, ``wanted (Showdown 2)``... (31 chars)."""
    title, number = wanted, 1
    while title.casefold() in taken:
        suffix = " (Showdown)" if number == 1 else f" (Showdown {number})"
        title = wanted[: MAX_TITLE - len(suffix)] + suffix
        number += 1
    taken.add(title.casefold())
    return title


# --- new workbook ----------------------------------------------------------------------------


def _new_book(
    sheets: Sequence[SheetOutput],
    summary: Sequence[tuple[str, pl.DataFrame]],
    issues: pl.DataFrame,
) -> Any:
    book = Workbook(write_only=True)
    try:
        _fill_new_book(book, sheets, summary, issues)
    except BaseException:
        _discard(book)
        raise
    return book


def _fill_new_book(
    book: Any,
    sheets: Sequence[SheetOutput],
    summary: Sequence[tuple[str, pl.DataFrame]],
    issues: pl.DataFrame,
) -> None:
    taken: set[str] = set()
    titles = [_unique_title(sanitize_title(sheet.name), taken) for sheet in sheets]
    summary_title = _unique_title(SUMMARY_TITLE, taken)
    issues_title = _unique_title(ISSUES_TITLE, taken)
    styles: _Styles | None = None
    for sheet, title in zip(sheets, titles, strict=True):
        worksheet = book.create_sheet(title)
        styles = styles or _Styles(worksheet)
        _write_table_sheet(worksheet, styles, sheet)
    worksheet = book.create_sheet(summary_title)
    styles = styles or _Styles(worksheet)
    _write_summary(worksheet, styles, summary)
    _write_issues(book.create_sheet(issues_title), styles, issues)


def _discard(book: Any) -> None:
    """Close a failed write-only book's streams and delete its temporary sheet files.

    Left to the garbage collector, a half-written sheet's stream would try to finish its XML
    into a file that is already closed and report an error long after ours.
    """
    for worksheet in book.worksheets:
        with contextlib.suppress(Exception):
            if not worksheet.closed:
                worksheet.close()
        with contextlib.suppress(Exception):
            if worksheet._writer is not None:
                worksheet._writer.cleanup()


# --- write-back ------------------------------------------------------------------------------


def _write_back(
    source: Path,
    sheets: Sequence[SheetOutput],
    summary: Sequence[tuple[str, pl.DataFrame]],
    issues: pl.DataFrame,
) -> Any:
    book = load_workbook(source)
    missing = [sheet.name for sheet in sheets if sheet.name not in book.sheetnames]
    if missing:
        msg = f"sheets {missing!r} are not in {str(source)!r}; it has {book.sheetnames!r}"
        raise ValueError(msg)
    styles = _Styles(book.worksheets[0])
    for sheet in sheets:
        _append_columns(book[sheet.name], styles, sheet)

    # replace the Summary / Issues sheets we wrote before, in place; never a producer's sheet
    positions: dict[str, int] = {}
    for index, worksheet in reversed(list(enumerate(book.worksheets))):
        role = _marker(worksheet)
        if role in ("summary", "issues"):
            positions.setdefault(role, index)
            book.remove(worksheet)
    taken = {title.casefold() for title in book.sheetnames}
    end = len(book.sheetnames)
    summary_sheet = book.create_sheet(
        _unique_title(SUMMARY_TITLE, taken), positions.get("summary", end)
    )
    _write_summary(summary_sheet, styles, summary)
    issues_sheet = book.create_sheet(
        _unique_title(ISSUES_TITLE, taken), positions.get("issues", len(book.sheetnames))
    )
    _write_issues(issues_sheet, styles, issues)
    return book


def _last_used_column(worksheet: Any) -> int:
    """The rightmost column holding a value; formatting alone does not count as use.

    ``ws.max_column`` also counts cells that are merely styled (a producer who formatted whole
    rows), which would push our columns far to the right.
    """
    return max(
        (column for (_, column), cell in worksheet._cells.items() if cell.value is not None),
        default=0,
    )


def _append_columns(worksheet: Any, styles: _Styles, sheet: SheetOutput) -> None:
    table = _excel_ready(sheet.table)
    rows = list(sheet.excel_rows or ())
    first = _last_used_column(worksheet) + 1
    last_column = first + table.width - 1
    _check_fits(sheet.name, rows=max(rows, default=1), columns=last_column)

    for offset, (name, width) in enumerate(
        zip(table.columns, _widths([table], sheet.percent_columns), strict=True)
    ):
        header = worksheet.cell(row=sheet.header_row, column=first + offset)
        header.value = _clean_header(name)
        header.data_type = "s"
        header._style = copy(styles.header)
        worksheet.column_dimensions[get_column_letter(first + offset)].width = width

    percent = {
        first + index for index, name in enumerate(table.columns) if name in sheet.percent_columns
    }
    text_cells = _text_cells(table)
    plain, percent_style = styles.body[_PLAIN]
    for index, (row, values) in enumerate(zip(rows, table.iter_rows(), strict=True)):
        texts = text_cells.get(index, ())
        for offset, value in enumerate(values):
            if value is None:
                continue
            column = first + offset
            cell = worksheet.cell(row=row, column=column, value=value)
            cell._style = copy(percent_style if column in percent else plain)
            if offset in texts:
                cell.data_type = "s"

    last_row = max(worksheet.max_row, max(rows, default=sheet.header_row))
    if worksheet.freeze_panes is None:
        worksheet.freeze_panes = f"A{sheet.header_row + 1}"
    if not worksheet.tables:  # a sheet autofilter overlapping an Excel table corrupts the file
        _set_filter(worksheet, sheet.header_row, last_row, last_column)
    _show_rows(worksheet, sheet, table, first, last_row, last_column)


def _show_rows(
    worksheet: Any,
    sheet: SheetOutput,
    table: pl.DataFrame,
    first: int,
    last_row: int,
    last_column: int,
) -> None:
    """Winner and fold rows across the used range: one conditional format each when we can."""
    first_row = sheet.header_row + 1
    if last_row < first_row:
        return
    for flags, kind in ((sheet.highlight, _WINNER), (sheet.muted, _FOLD)):
        if flags is None or not flags.any():
            continue
        column = _flag_column(table, flags)
        if column is not None:
            letter = get_column_letter(first + table.columns.index(column))
            _add_flag_rule(worksheet, kind, letter, first_row, last_row, last_column)
            continue
        marked = [
            row
            for row, flag in zip(sheet.excel_rows or (), flags.fill_null(False), strict=True)
            if flag
        ]
        _style_rows(worksheet, marked, last_column, kind)


def _add_flag_rule(
    worksheet: Any, kind: int, letter: str, first_row: int, last_row: int, last_column: int
) -> None:
    """One conditional format: rows ``first_row..last_row`` whose ``letter`` cell is TRUE."""
    if kind == _WINNER:
        green = PatternFill(fill_type="solid", start_color=WINNER_FILL, end_color=WINNER_FILL)
        look = {"fill": green, "font": Font(bold=True)}
    else:
        look = {"font": Font(color=FOLD_FONT)}
    rule = FormulaRule(formula=[f"${letter}{first_row}=TRUE"], **look)
    worksheet.conditional_formatting.add(
        f"A{first_row}:{get_column_letter(last_column)}{last_row}", rule
    )


def _flag_column(table: pl.DataFrame, flags: pl.Series) -> str | None:
    """The appended Boolean column equal to ``flags`` (nulls as False), its namesake first."""
    wanted = flags.fill_null(False)
    names = sorted(table.columns, key=lambda name: name != flags.name)
    for name in names:
        column = table[name]
        if column.dtype == pl.Boolean and column.fill_null(False).equals(wanted):
            return name
    return None


def _style_rows(worksheet: Any, rows: Sequence[int], last_column: int, kind: int) -> None:
    """Merge the winner or fold look into each cell's own style, one merge per distinct style."""
    merged: dict[tuple[int, ...], Any] = {}
    scratch = Cell(worksheet)
    for row in rows:
        for column in range(1, last_column + 1):
            cell = worksheet.cell(row=row, column=column)
            if cell._style is None:  # a cell the file never held: openpyxl styles it lazily
                cell._style = StyleArray()
            key = tuple(cell._style)
            if key not in merged:
                scratch._style = copy(cell._style)
                font = copy(scratch.font)
                if kind == _WINNER:
                    font.b = True
                    scratch.fill = PatternFill(
                        fill_type="solid", start_color=WINNER_FILL, end_color=WINNER_FILL
                    )
                else:
                    font.color = FOLD_FONT
                scratch.font = font
                merged[key] = copy(scratch._style)
            cell._style = copy(merged[key])
