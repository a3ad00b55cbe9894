"""Write-back: our columns appended to the producer's own workbook, their sheets kept."""

from __future__ import annotations

import io
from collections.abc import Sequence
from copy import copy
from pathlib import Path
from typing import Any

import polars as pl
from openpyxl import load_workbook
from openpyxl.cell.cell import Cell
from openpyxl.styles import PatternFill
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.properties import PageSetupProperties

from pipeline.sinks.excel.continuation import continued_block
from pipeline.sinks.excel.continuation import unique_title as _unique_title
from pipeline.sinks.excel.contract import (
    _FOLD,
    _PLAIN,
    _WINNER,
    FOLD_FONT,
    MAX_ROWS,
    MAX_WIDTH,
    SUMMARY_TITLE,
    WIDTH_SAMPLE,
    WINNER_FILL,
    SheetOutput,
    _check_fits,
)
from pipeline.sinks.excel.new_book import (
    _issue_parts,
    _write_issues,
    _write_summary,
)
from pipeline.sinks.excel.styles import (
    _add_flag_rule,
    _add_round_winner_rules,
    _clean_header,
    _column_looks,
    _cut_long_cells,
    _excel_ready,
    _flag_column,
    _header_style,
    _marker,
    _set_filter,
    _Styles,
    _text_cells,
    _widths,
    numeric_columns,
)

DEFAULT_WIDTH = 8.43
"""Excel's width of a column nobody sized."""

# --- write-back ------------------------------------------------------------------------------


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


def _write_back(
    source: Path | bytes,
    sheets: Sequence[SheetOutput],
    summary: Sequence[tuple[str, pl.DataFrame]],
    issues: pl.DataFrame,
    max_rows: int = MAX_ROWS,
) -> Any:
    book = _load_producer_book(source)
    missing = [sheet.name for sheet in sheets if sheet.name not in book.sheetnames]
    if missing:
        where = "the workbook" if isinstance(source, bytes) else repr(str(source))
        msg = f"sheets {missing!r} are not in {where}; it has {book.sheetnames!r}"
        raise ValueError(msg)
    styles = _Styles(book.worksheets[0])
    for worksheet in book.worksheets:
        _cut_long_cells(worksheet)
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
    summary_title = _unique_title(SUMMARY_TITLE, taken)
    issue_parts, issues_line = _issue_parts(issues, taken, max_rows)
    summary_sheet = book.create_sheet(summary_title, positions.get("summary", end))
    _write_summary(summary_sheet, styles, [*summary, *continued_block([issues_line], max_rows)])
    at = positions.get("issues", len(book.sheetnames))
    for number, (title, part) in enumerate(issue_parts):
        # Issues past one sheet's rows go on in "Issues (2)"... right after it
        issues_sheet = book.create_sheet(title, at + number)
        _write_issues(issues_sheet, styles, part, continued=number > 0)
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
    # Our columns sit right of the producer's: printed, the sheet fits one page wide so that
    # winner and winning_hand land on the first page with the rounds they belong to.
    worksheet.page_setup.orientation = "landscape"
    worksheet.page_setup.fitToWidth = 1
    worksheet.page_setup.fitToHeight = 0
    worksheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    last_column = first + table.width - 1
    _check_fits(sheet.name, rows=max(rows, default=1), columns=last_column)
    _keep_overflow_readable(worksheet, first - 1, rows)

    looks = _column_looks(table, sheet.percent_columns)
    numeric = set(numeric_columns(table))
    for offset, (name, width) in enumerate(
        zip(table.columns, _widths([table], sheet.percent_columns), strict=True)
    ):
        header = worksheet.cell(row=sheet.header_row, column=first + offset)
        header.value = _clean_header(name)
        header.data_type = "s"
        header._style = copy(_header_style(styles, looks[offset], name in numeric))
        worksheet.column_dimensions[get_column_letter(first + offset)].width = width

    text_cells = _text_cells(table)
    body = styles.body[_PLAIN]
    for index, (row, values) in enumerate(zip(rows, table.iter_rows(), strict=True)):
        texts = text_cells.get(index, ())
        for offset, value in enumerate(values):
            if value is None:
                continue
            cell = worksheet.cell(row=row, column=first + offset, value=value)
            cell._style = copy(body[looks[offset]])
            if offset in texts:
                cell.data_type = "s"

    last_row = max(worksheet.max_row, max(rows, default=sheet.header_row))
    if worksheet.freeze_panes is None:
        worksheet.freeze_panes = f"A{sheet.header_row + 1}"
    if not worksheet.print_title_rows:  # the header on every printed page, unless they chose
        worksheet.print_title_rows = f"{sheet.header_row}:{sheet.header_row}"
    if not worksheet.tables:  # a sheet autofilter overlapping an Excel table corrupts the file
        _set_filter(worksheet, sheet.header_row, last_row, last_column)
    _show_rows(worksheet, sheet, table, first, last_row, last_column)


def _keep_overflow_readable(worksheet: Any, column: int, rows: Sequence[int]) -> None:
    """Widen the producer's last column when its text ran on into the empty cells we now fill
    (a narrow ``notes`` column), so what they wrote stays readable; never narrow it."""
    if column < 1:
        return
    letter = get_column_letter(column)
    longest = max(
        (
            len(str(cell.value))
            for row in rows[:WIDTH_SAMPLE]
            if (cell := worksheet._cells.get((row, column))) is not None
            and isinstance(cell.value, str)
        ),
        default=0,
    )
    width = worksheet.column_dimensions[letter].width or DEFAULT_WIDTH
    wanted = min(longest * 1.1 + 2, MAX_WIDTH)
    if wanted > width:
        worksheet.column_dimensions[letter].width = round(wanted, 1)


def _show_rows(
    worksheet: Any,
    sheet: SheetOutput,
    table: pl.DataFrame,
    first: int,
    last_row: int,
    last_column: int,
) -> None:
    """Winner and fold rows across the used range: one conditional format each when we can;
    on a sheet of one row per round, the winners' cells."""
    first_row = sheet.header_row + 1
    if last_row < first_row:
        return
    players = {name: sheet.source_columns[name] for name in sheet.player_columns}
    _add_round_winner_rules(worksheet, sheet, first, players, first_row, last_row)
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
