"""A new workbook, streamed in openpyxl write-only mode: the tables, Summary and Issues."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

import polars as pl
from openpyxl import Workbook
from openpyxl.utils import get_column_letter

from pipeline.sinks.excel.continuation import (
    continued_block,
    continued_titles,
    split_rows,
    split_sheet,
)
from pipeline.sinks.excel.continuation import (
    unique_title as _unique_title,
)
from pipeline.sinks.excel.contract import (
    _FOLD,
    _WINNER,
    EMPTY_BLOCK,
    ISSUES_TITLE,
    LEGEND,
    MAX_ROWS,
    NO_ISSUES,
    SUMMARY_TITLE,
    SheetOutput,
    _check_fits,
    sanitize_title,
)
from pipeline.sinks.excel.styles import (
    _add_flag_rule,
    _add_round_winner_rules,
    _append_frame,
    _append_header,
    _as_excel_reads,
    _cell,
    _clean_header,
    _excel_ready,
    _flag_column,
    _mark,
    _prepare_sheet,
    _print_issue_columns,
    _set_filter,
    _Styles,
    _widths,
)


def _write_table_sheet(worksheet: Any, styles: _Styles, sheet: SheetOutput) -> None:
    table = _excel_ready(_as_excel_reads(sheet.table))
    _prepare_sheet(worksheet, _widths([table], sheet.percent_columns), freeze_row=1)
    _set_filter(worksheet, 1, table.height + 1, table.width)
    _append_header(worksheet, styles, table, sheet.percent_columns)
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
    players = {name: table.columns.index(name) + 1 for name in sheet.player_columns}
    _add_round_winner_rules(worksheet, sheet, 1, players, 2, table.height + 1)
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
    rows = sum(max(frame.height, 1) + 3 for _, frame in blocks) + 1 + len(LEGEND)
    _check_fits(worksheet.title, rows=rows, columns=max((f.width for _, f in blocks), default=0))
    ready = [(title, _excel_ready(frame)) for title, frame in blocks]
    _prepare_sheet(worksheet, _widths([frame for _, frame in ready]), freeze_row=None)
    for number, (title, frame) in enumerate(ready):
        if number:
            worksheet.append([])
        worksheet.append([_cell(worksheet, _clean_header(title), styles.title, text=True)])
        _append_header(worksheet, styles, frame)
        _append_frame(worksheet, styles, frame)
        if not frame.height:  # a heading over nothing reads as a fault; say there was none
            worksheet.append([_cell(worksheet, EMPTY_BLOCK, styles.plain, text=True)])
    worksheet.append([])
    for line in LEGEND:
        worksheet.append([_cell(worksheet, line, styles.plain, text=True)])
    _mark(worksheet, "summary")


def _write_issues(
    worksheet: Any, styles: _Styles, issues: pl.DataFrame, *, continued: bool = False
) -> None:
    """One Issues sheet (or one part of it, ``continued``: an empty part is never written)."""
    _check_fits(worksheet.title, rows=issues.height + 1, columns=issues.width)
    issues = _excel_ready(issues)
    _prepare_sheet(worksheet, _widths([issues]), freeze_row=1)
    _set_filter(worksheet, 1, issues.height + 1, issues.width)
    _append_header(worksheet, styles, issues)
    _append_frame(worksheet, styles, issues, first_row=2)
    _print_issue_columns(worksheet, issues)
    if issues.height == 0 and not continued:  # an empty sheet reads as "nothing checked"
        worksheet.append([_cell(worksheet, NO_ISSUES, styles.title, text=True)])
    _mark(worksheet, "issues")


def _issue_parts(
    issues: pl.DataFrame, taken: set[str], max_rows: int
) -> tuple[list[tuple[str, pl.DataFrame]], tuple[str, list[str], int]]:
    """The Issues table by sheet title (``Issues``, ``Issues (2)``... past ``max_rows``), and
    its line for the Summary's block of continued sheets."""
    parts = split_rows(issues, max_rows)
    titles = continued_titles(ISSUES_TITLE, len(parts), taken)
    return list(zip(titles, parts, strict=True)), (titles[0], titles, issues.height)


# --- new workbook ----------------------------------------------------------------------------


def _new_book(
    sheets: Sequence[SheetOutput],
    summary: Sequence[tuple[str, pl.DataFrame]],
    issues: pl.DataFrame,
    max_rows: int = MAX_ROWS,
) -> Any:
    book = Workbook(write_only=True)
    try:
        _fill_new_book(book, sheets, summary, issues, max_rows)
    except BaseException:
        _discard(book)
        raise
    return book


def _fill_new_book(
    book: Any,
    sheets: Sequence[SheetOutput],
    summary: Sequence[tuple[str, pl.DataFrame]],
    issues: pl.DataFrame,
    max_rows: int,
) -> None:
    taken: set[str] = set()
    # a table taller than a sheet goes on in "Night 1 (2)", "Night 1 (3)"...
    parts: list[tuple[str, SheetOutput]] = []
    continued: list[tuple[str, list[str], int]] = []
    for sheet in sheets:
        pieces = split_sheet(sheet, max_rows)
        titles = continued_titles(sanitize_title(sheet.name), len(pieces), taken)
        parts.extend(zip(titles, pieces, strict=True))
        continued.append((titles[0], titles, sheet.table.height))
    summary_title = _unique_title(SUMMARY_TITLE, taken)
    issue_parts, issues_line = _issue_parts(issues, taken, max_rows)
    summary = [*summary, *continued_block([*continued, issues_line], max_rows)]
    styles: _Styles | None = None
    for title, sheet in parts:
        worksheet = book.create_sheet(title)
        styles = styles or _Styles(worksheet)
        _write_table_sheet(worksheet, styles, sheet)
    worksheet = book.create_sheet(summary_title)
    styles = styles or _Styles(worksheet)
    _write_summary(worksheet, styles, summary)
    for number, (title, part) in enumerate(issue_parts):
        _write_issues(book.create_sheet(title), styles, part, continued=number > 0)


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
