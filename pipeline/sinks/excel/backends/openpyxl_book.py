"""Write-back: our columns appended to the producer's own workbook, their sheets kept.

openpyxl loads the producer's workbook and saves it, so their sheets, formatting, formulas and
extra columns survive.  Per scored sheet, our headers (with their notes), widths, the winner and
fold looks (conditional formats), the frozen header, the filter and the print setup go through
openpyxl; our data cells are added to the saved sheet's XML (:mod:`.openpyxl_appended`), which
costs a small part of what openpyxl's own cells would.  Then our Summary and Issues sheets
replace the ones we wrote before, in place; a producer's sheet is never removed.
"""

from __future__ import annotations

import contextlib
import gc
import io
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO

import polars as pl
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from pipeline.sinks.atomic import stamp_workbook
from pipeline.sinks.excel.backends.openpyxl_appended import Appended, row_cells, save_with_cells
from pipeline.sinks.excel.backends.openpyxl_sheets import (
    OpenpyxlLooks,
    OpenpyxlSheet,
    apply_print,
    marker,
    merge_rule_look,
)
from pipeline.sinks.excel.continuation import continued_block, continued_titles, split_rows
from pipeline.sinks.excel.continuation import unique_title as _unique_title
from pipeline.sinks.excel.contract import (
    _FOLD,
    _WINNER,
    ISSUES_TITLE,
    MAX_WIDTH,
    SUMMARY_TITLE,
    WIDTH_SAMPLE,
    BookContents,
    SheetOutput,
    _check_fits,
)
from pipeline.sinks.excel.printing import print_plan, title_columns
from pipeline.sinks.excel.rules import flag_column, flag_rule, round_rules
from pipeline.sinks.excel.sheet_writer import write_header, write_issues, write_layout
from pipeline.sinks.excel.styles import cell_look, column_looks, header_looks, row_kinds, widths
from pipeline.sinks.excel.summary import summary_layout
from pipeline.sinks.excel.values import cut_long_cells, excel_ready

DEFAULT_WIDTH = 8.43
"""Excel's width of a column nobody sized."""


class UnloadableWorkbookError(ValueError):
    """The producer's workbook cannot be loaded to write back into (a malformed part): the
    caller writes a new workbook instead."""


def _load_producer_book(source: Path | bytes) -> Any:
    """The producer's workbook, from the bytes the job read (never the file again: it may
    have changed since it was read and scored) or from a path."""
    try:
        return load_workbook(io.BytesIO(source) if isinstance(source, bytes) else source)
    except MemoryError:
        raise  # the memory cap: reported by the job, never taken for a malformed file
    except Exception as error:  # openpyxl raises anything from KeyError to ParseError
        detail = str(error).splitlines()[0] if str(error) else type(error).__name__
        msg = f"cannot load the workbook to write back into it ({detail})"
        raise UnloadableWorkbookError(msg) from error


def write_back(handle: BinaryIO, source: Path | bytes, contents: BookContents) -> None:
    """The producer's workbook with our columns, Summary and Issues, saved into ``handle``."""
    with _no_cycle_collection():
        _write_back(handle, source, contents)


@contextlib.contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """openpyxl makes an object per cell, millions of them; the cycle collector's passes over
    them cost about a fifth of a load and save and free nothing (reference counts free the
    book when it goes): paused while the book lives, then as it was."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _write_back(handle: BinaryIO, source: Path | bytes, contents: BookContents) -> None:
    sheets, summary, issues = contents.sheets, contents.summary, contents.issues
    max_rows, notes = contents.max_rows, contents.notes
    book = _load_producer_book(source)
    missing = [sheet.name for sheet in sheets if sheet.name not in book.sheetnames]
    if missing:
        where = "the workbook" if isinstance(source, bytes) else repr(str(source))
        msg = f"sheets {missing!r} are not in {where}; it has {book.sheetnames!r}"
        raise ValueError(msg)
    looks = OpenpyxlLooks(book)
    for worksheet in book.worksheets:
        cut_long_cells(worksheet)
    added = {sheet.name: _append_columns(book[sheet.name], looks, sheet) for sheet in sheets}

    # replace the Summary / Issues sheets we wrote before, in place; never a producer's sheet
    positions: dict[str, int] = {}
    for index, worksheet in reversed(list(enumerate(book.worksheets))):
        role = marker(worksheet)
        if role in ("summary", "issues"):
            positions.setdefault(role, index)
            book.remove(worksheet)
    taken = {title.casefold() for title in book.sheetnames}
    summary_title = _unique_title(SUMMARY_TITLE, taken)
    parts = split_rows(issues, max_rows)
    titles = continued_titles(ISSUES_TITLE, len(parts), taken)
    blocks = [*summary, *continued_block([(titles[0], titles, issues.height)], max_rows)]
    summary_at = positions.get("summary", len(book.sheetnames))
    summary_sheet = OpenpyxlSheet(book.create_sheet(summary_title, summary_at), looks)
    write_layout(summary_sheet, summary_layout(summary_title, blocks, notes))
    summary_sheet.mark("summary")
    at = positions.get("issues", len(book.sheetnames))
    for number, (title, part) in enumerate(zip(titles, parts, strict=True)):
        # Issues past one sheet's rows go on in "Issues (2)"... right after it
        issues_sheet = OpenpyxlSheet(book.create_sheet(title, at + number), looks)
        write_issues(issues_sheet, title, part, continued=number > 0, notes=notes)

    stamp_workbook(book)  # never read back as an input (sinks/atomic.py)
    save_with_cells(book, added, handle)


def _last_used_column(worksheet: Any) -> int:
    """The rightmost column holding a value; formatting alone does not count as use.

    ``ws.max_column`` also counts cells that are merely styled (a producer who formatted whole
    rows), which would push our columns far to the right.
    """
    return max(
        (column for (_, column), held in worksheet._cells.items() if held.value is not None),
        default=0,
    )


def _append_columns(worksheet: Any, looks: OpenpyxlLooks, sheet: SheetOutput) -> Appended:
    """Our headers and every look on the producer's sheet; our data cells, to be added."""
    table = excel_ready(sheet.table)
    rows = list(sheet.excel_rows or ())
    first = _last_used_column(worksheet) + 1
    last_column = first + table.width - 1
    _check_fits(sheet.name, rows=max(rows, default=1), columns=last_column)
    _keep_overflow_readable(worksheet, first - 1, rows)

    column_kinds = column_looks(table, sheet.percent_columns)
    sized = widths([table], sheet.percent_columns)
    header = header_looks(table, sheet.percent_columns)
    writer = OpenpyxlSheet(worksheet, looks)
    write_header(writer, table, header, sheet.notes, sheet.header_row - 1, first - 1)
    for offset, width in enumerate(sized):
        worksheet.column_dimensions[get_column_letter(first + offset)].width = width

    last_row = max(worksheet.max_row, max(rows, default=sheet.header_row))
    if worksheet.freeze_panes is None:
        worksheet.freeze_panes = f"A{sheet.header_row + 1}"
    if not worksheet.tables:  # a sheet autofilter overlapping an Excel table corrupts the file
        worksheet.auto_filter.ref = (
            f"A{sheet.header_row}:{get_column_letter(last_column)}{max(last_row, sheet.header_row)}"
        )
    _print_setup(worksheet, sheet, last_column)
    kinds = _show_rows(writer, sheet, table, first, last_row, last_column)
    styles = [[looks.style_id(cell_look(kind, look)) for look in column_kinds] for kind in range(4)]
    return row_cells(table, rows, first, styles, kinds)


def _print_setup(worksheet: Any, sheet: SheetOutput, last_column: int) -> None:
    """One page wide when the columns fit at a legible scale, else pages across with the
    columns from A to the last key column on each (see :mod:`.printing`)."""
    dimensions = worksheet.column_dimensions  # read with get(): [] would add a column
    printed = [
        _width(worksheet, column)
        for column in range(1, last_column + 1)
        if not getattr(dimensions.get(get_column_letter(column)), "hidden", False)
    ]
    keys = [
        sheet.source_columns[name] for name in sheet.key_columns if name in sheet.source_columns
    ]
    leading = [_width(worksheet, column) for column in range(1, max(keys, default=0) + 1)]
    title = title_columns(leading, keys)
    apply_print(
        worksheet,
        print_plan(printed, len(printed), title),
        f"{sheet.header_row}:{sheet.header_row}",
    )


def _width(worksheet: Any, column: int) -> float:
    """A column's width as set, Excel's default where nobody set one (openpyxl groups columns
    of one width as a range: ``A`` may hold the width of ``A:C``)."""
    for dimension in worksheet.column_dimensions.values():
        low, high = dimension.min or 0, dimension.max or 0
        if low <= column <= high and dimension.customWidth:
            return float(dimension.width)
    return DEFAULT_WIDTH


def _keep_overflow_readable(worksheet: Any, column: int, rows: Sequence[int]) -> None:
    """Widen the producer's last column when its text ran on into the empty cells we now fill
    (a narrow ``notes`` column), so what they wrote stays readable; never narrow it."""
    if column < 1:
        return
    letter = get_column_letter(column)
    longest = max(
        (
            len(str(held.value))
            for row in rows[:WIDTH_SAMPLE]
            if (held := worksheet._cells.get((row, column))) is not None
            and isinstance(held.value, str)
        ),
        default=0,
    )
    width = _width(worksheet, column)
    wanted = min(longest * 1.1 + 2, MAX_WIDTH)
    if wanted > width:
        worksheet.column_dimensions[letter].width = round(wanted, 1)


def _show_rows(
    writer: OpenpyxlSheet,
    sheet: SheetOutput,
    table: pl.DataFrame,
    first: int,
    last_row: int,
    last_column: int,
) -> pl.Series | None:
    """Winner and fold rows across the used range: one conditional format each when we can;
    on a sheet of one row per round, the winners' cells.  Flags that are none of our columns
    are merged into the producer's cells; their kinds are returned for ours."""
    first_row = sheet.header_row + 1
    if last_row < first_row:
        return None
    per_cell: dict[int, pl.Series] = {}
    players = {name: sheet.source_columns[name] for name in sheet.player_columns}
    for rule in round_rules(sheet, first, players, first_row, last_row):
        writer.add_rule(rule)
    for flags, kind in ((sheet.highlight, _WINNER), (sheet.muted, _FOLD)):
        if flags is None or not flags.any():
            continue
        column = flag_column(table, flags)
        if column is not None:
            where = first + table.columns.index(column)
            writer.add_rule(flag_rule(kind, where, first_row, last_row, last_column))
            continue
        marked = [
            row
            for row, flag in zip(sheet.excel_rows or (), flags.fill_null(False), strict=True)
            if flag
        ]
        merge_rule_look(writer.worksheet, marked, last_column - table.width, kind)
        per_cell[kind] = flags
    if not per_cell:
        return None
    return row_kinds(table.height, per_cell.get(_WINNER), per_cell.get(_FOLD))
