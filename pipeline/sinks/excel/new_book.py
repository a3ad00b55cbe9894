"""A new workbook, streamed in openpyxl write-only mode: the tables, Summary and Issues."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

import polars as pl
from openpyxl import Workbook
from openpyxl.utils import get_column_letter

from pipeline.sinks.excel.contract import (
    _FOLD,
    _WINNER,
    EMPTY_BLOCK,
    ISSUES_TITLE,
    LEGEND,
    MAX_TITLE,
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


def _write_issues(worksheet: Any, styles: _Styles, issues: pl.DataFrame) -> None:
    _check_fits(worksheet.title, rows=issues.height + 1, columns=issues.width)
    issues = _excel_ready(issues)
    _prepare_sheet(worksheet, _widths([issues]), freeze_row=1)
    _set_filter(worksheet, 1, issues.height + 1, issues.width)
    _append_header(worksheet, styles, issues)
    _append_frame(worksheet, styles, issues, first_row=2)
    _print_issue_columns(worksheet, issues)
    if issues.height == 0:  # an empty sheet reads as "nothing checked"; say it was clean
        worksheet.append([_cell(worksheet, NO_ISSUES, styles.title, text=True)])
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
