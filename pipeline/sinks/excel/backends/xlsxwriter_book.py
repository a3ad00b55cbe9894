"""A new workbook (a CSV's, a listing's, a hand log's, an ``.xls``/``.ods``'s), written with
xlsxwriter in constant-memory mode: each row goes to disk as soon as it is written, so memory
does not grow with the rows.

Per cell, only the value is written: each column's look (percent, Boolean, indented, wrapped)
is the column's format, which xlsxwriter gives every cell written without one, and the winner
and fold rows are one conditional format each when the flags are a column of the table.  Only
rows flagged by flags that are not a column get a format per cell.  Text is never taken for a
formula, a number or a link (``=Ann`` stays text).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, BinaryIO

import polars as pl
import xlsxwriter

from pipeline.sinks.atomic import stamp_workbook
from pipeline.sinks.excel.continuation import continued_block, continued_titles, split_rows
from pipeline.sinks.excel.continuation import split_sheet as _split_sheet
from pipeline.sinks.excel.continuation import unique_title as _unique_title
from pipeline.sinks.excel.contract import (
    _FOLD,
    _PLAIN,
    _WINNER,
    ISSUES_TITLE,
    MARKER_NAME,
    SUMMARY_TITLE,
    BookContents,
    SheetOutput,
    sanitize_title,
)
from pipeline.sinks.excel.printing import PrintPlan, print_plan, reading_order, title_columns
from pipeline.sinks.excel.row_xml import fast_path_fits, write_rows
from pipeline.sinks.excel.rules import Rule, flag_column, flag_rule, round_rules
from pipeline.sinks.excel.sheet_writer import write_header, write_issues, write_layout
from pipeline.sinks.excel.styles import (
    Look,
    cell_look,
    column_looks,
    header_looks,
    row_kinds,
    rule_look,
    widths,
)
from pipeline.sinks.excel.summary import summary_layout
from pipeline.sinks.excel.values import as_excel_reads, excel_ready

FAST_PATH = True
"""Rows as polars-built XML where the table allows; ``False`` (a test) writes cell by cell."""
BATCH_ROWS = 8_192
"""Rows turned into Python values at a time: memory stays flat however tall the table."""
_OPTIONS = {
    "constant_memory": True,
    "strings_to_formulas": False,
    "strings_to_urls": False,
    "strings_to_numbers": False,
    "default_date_format": "yyyy-mm-dd h:mm:ss",  # as openpyxl wrote dates before
}


class _Formats:
    """One xlsxwriter format per look, made on first use."""

    def __init__(self, book: Any) -> None:
        self._book = book
        self._made: dict[Look, Any] = {}
        self._rules: dict[int, Any] = {}

    def __call__(self, look: Look) -> Any:
        """The format for ``look``; ``None`` for the default look (no format at all)."""
        if look.is_default:
            return None
        if look not in self._made:
            properties: dict[str, Any] = {"font_name": "Calibri", "font_size": 11}
            properties["bold"] = look.bold
            if look.color:
                properties["font_color"] = f"#{look.color}"
            if look.fill:
                properties |= {"pattern": 1, "bg_color": f"#{look.fill}"}
            if look.number_format:
                properties["num_format"] = look.number_format
            if look.align:
                properties["align"] = look.align
            if look.indent:
                properties["indent"] = look.indent
            if look.wrap:
                properties["text_wrap"] = True
            self._made[look] = self._book.add_format(properties)
        return self._made[look]

    def rule(self, kind: int) -> Any:
        """The conditional format of a rule's :func:`~pipeline.sinks.excel.styles.rule_look`:
        only what it changes (a conditional format's fill is its background and foreground)."""
        if kind not in self._rules:
            look = rule_look(kind)
            properties: dict[str, Any] = {}
            if look.bold:
                properties["bold"] = True
            if look.fill:
                properties |= {"bg_color": f"#{look.fill}", "fg_color": f"#{look.fill}"}
            if look.color:
                properties["font_color"] = f"#{look.color}"
            self._rules[kind] = self._book.add_format(properties)
        return self._rules[kind]


class XlsxwriterSheet:
    """A :class:`~pipeline.sinks.excel.sheet_writer.SheetWriter` over one xlsxwriter worksheet
    of a constant-memory book (rows are written in order, each once)."""

    def __init__(self, book: Any, formats: _Formats, title: str) -> None:
        self.book = book
        self.formats = formats
        self.title = title
        self.worksheet = book.add_worksheet(title)

    def set_columns(self, widths: Sequence[float], looks: Sequence[int] | None = None) -> None:
        """Each column's width, and its format: xlsxwriter gives it every cell written without
        one, so a plain row is written as bare values."""
        if looks is None:
            for column, width in enumerate(widths):
                self.worksheet.set_column(column, column, width)
        else:
            _columns(self.worksheet, self.formats, widths, looks, side=0)

    def write_cell(self, row: int, column: int, value: Any, look: Look) -> None:
        """One cell (the book's options keep text from being taken for a formula)."""
        self.worksheet.write(row, column, value, self.formats(look))

    def add_note(self, row: int, column: int, text: str) -> None:
        """A note as Excel's cell comment, wide and short."""
        self.worksheet.write_comment(row, column, text, {"x_scale": 2, "y_scale": 0.6})

    def write_rows(self, table: pl.DataFrame, looks: list[int], heights: dict[int, float]) -> None:
        """The rows, as polars-built XML where the table allows (:func:`_rows`)."""
        _rows(self.worksheet, self.formats, table, looks, None, first_row=1, heights=heights)

    def freeze_and_filter(self, height: int, width: int) -> None:
        """The header row frozen; an autofilter over the table."""
        self.worksheet.freeze_panes(1, 0)
        if width:
            self.worksheet.autofilter(0, 0, height, width - 1)

    def add_rule(self, rule: Rule) -> None:
        """One formula conditional format."""
        self.worksheet.conditional_format(
            rule.first_row - 1,
            rule.first_column - 1,
            rule.last_row - 1,
            rule.last_column - 1,
            {
                "type": "formula",
                "criteria": f"={rule.formula}",
                "format": self.formats.rule(rule.kind),
            },
        )

    def set_print(
        self, plan: PrintPlan, title_row: int | None, area: tuple[int, int] | None = None
    ) -> None:
        """Landscape, row ``title_row`` on every page; one page wide, or pages across at
        ``plan.scale`` with the title columns on each, across before down."""
        worksheet = self.worksheet
        worksheet.set_landscape()
        if title_row is not None:
            worksheet.repeat_rows(title_row)
        if plan.fit_width:
            worksheet.fit_to_pages(1, 0)
        else:
            worksheet.set_print_scale(plan.scale)
            worksheet.print_across()
            if plan.title_columns is not None:
                worksheet.repeat_columns(plan.title_columns[0] - 1, plan.title_columns[1] - 1)
        if area is not None:
            worksheet.print_area(0, 0, *area)

    def mark(self, role: str) -> None:
        """The hidden sheet-scoped defined name of our sheets."""
        self.book.define_name(f"'{self.title}'!{MARKER_NAME}", f'="{role}"')
        hidden = 3  # xlsxwriter's define_name has no such argument: set in its record
        self.book.defined_names[-1][hidden] = True


def write_new_book(handle: BinaryIO, contents: BookContents) -> None:
    """The tables (continued past ``max_rows``), then Summary, then Issues, into ``handle``."""
    book = xlsxwriter.Workbook(handle, _OPTIONS)
    try:
        _fill(book, contents)
        stamp_workbook(book)  # never read back as an input (sinks/atomic.py)
    except BaseException:
        _discard(book)
        raise
    book.close()


def _fill(book: Any, contents: BookContents) -> None:
    sheets, summary, issues = contents.sheets, contents.summary, contents.issues
    max_rows, notes = contents.max_rows, contents.notes
    formats = _Formats(book)
    taken: set[str] = set()
    parts: list[tuple[str, SheetOutput]] = []
    continued: list[tuple[str, list[str], int]] = []
    for sheet in sheets:
        pieces = _split_sheet(sheet, max_rows)
        titles = continued_titles(sanitize_title(sheet.name), len(pieces), taken)
        parts.extend(zip(titles, pieces, strict=True))
        continued.append((titles[0], titles, sheet.table.height))
    summary_title = _unique_title(SUMMARY_TITLE, taken)
    issue_parts = split_rows(issues, max_rows)
    issue_titles = continued_titles(ISSUES_TITLE, len(issue_parts), taken)
    continued.append((issue_titles[0], issue_titles, issues.height))
    blocks = [*summary, *continued_block(continued, max_rows)]
    for title, sheet in parts:
        _write_table(XlsxwriterSheet(book, formats, title), sheet)
    summary_sheet = XlsxwriterSheet(book, formats, summary_title)
    write_layout(summary_sheet, summary_layout(summary_title, blocks, notes))
    summary_sheet.mark("summary")
    for number, (title, part) in enumerate(zip(issue_titles, issue_parts, strict=True)):
        issues_sheet = XlsxwriterSheet(book, formats, title)
        write_issues(issues_sheet, title, part, continued=number > 0, notes=notes)


def _discard(book: Any) -> None:
    """Close and delete a failed book's row files (constant-memory mode keeps one a sheet)."""
    for worksheet in book.worksheets():
        handle = getattr(worksheet, "row_data_fh", None)
        if handle is not None and not handle.closed:
            handle.close()
        if getattr(worksheet, "row_data_filename", None):
            Path(worksheet.row_data_filename).unlink(missing_ok=True)


def _ordered(sheet: SheetOutput, table: pl.DataFrame) -> pl.DataFrame:
    """The table's columns in reading order (see :mod:`pipeline.sinks.excel.printing`)."""
    if not (sheet.first_columns or sheet.side_columns):
        return table
    order = reading_order(table.columns, sheet.key_columns, sheet.first_columns, sheet.side_columns)
    return table.select(order)


def _write_table(writer: XlsxwriterSheet, sheet: SheetOutput) -> None:
    table = _ordered(sheet, excel_ready(as_excel_reads(sheet.table)))
    sized = widths([table], sheet.percent_columns)
    side = [name for name in sheet.side_columns if name in table.columns]
    shown = table.width - len(side)
    keys = [table.columns.index(name) + 1 for name in sheet.key_columns if name in table.columns]
    plan = print_plan(sized[:shown], _first_page(sheet, table), title_columns(sized, keys))
    looks = column_looks(table, sheet.percent_columns)
    _columns(writer.worksheet, writer.formats, sized, looks, side=len(side))
    write_header(writer, table, header_looks(table, sheet.percent_columns), sheet.notes)
    writer.freeze_and_filter(table.height, table.width)
    writer.set_print(plan, 0)
    # flags that are columns of the table become one conditional format; others style cells
    per_cell: dict[int, pl.Series] = {}
    rules: list[Rule] = []
    for flags, kind in ((sheet.highlight, _WINNER), (sheet.muted, _FOLD)):
        if flags is None or not table.height:
            continue
        column = flag_column(table, flags)
        if column is None:
            per_cell[kind] = flags
        else:
            where = table.columns.index(column) + 1
            rules.append(flag_rule(kind, where, 2, table.height + 1, table.width))
    players = {name: table.columns.index(name) + 1 for name in sheet.player_columns}
    rules.extend(round_rules(sheet, 1, players, 2, table.height + 1))
    for rule in rules:
        writer.add_rule(rule)
    kinds = row_kinds(table.height, per_cell.get(_WINNER), per_cell.get(_FOLD))
    _rows(writer.worksheet, writer.formats, table, looks, kinds if per_cell else None, first_row=1)


def _first_page(sheet: SheetOutput, table: pl.DataFrame) -> int:
    """How many leading columns should fill the first printed page: the key and first columns
    when the sheet declares them in that order, else every column."""
    if not sheet.first_columns:
        return table.width
    leading = [*sheet.key_columns, *sheet.first_columns]
    return sum(1 for name in leading if name in table.columns)


def _columns(
    worksheet: Any, formats: _Formats, sized: Sequence[float], looks: Sequence[int], side: int
) -> None:
    """Widths and each column's format; the last ``side`` columns grouped and collapsed."""
    first_side = len(sized) - side
    for index, (width, look) in enumerate(zip(sized, looks, strict=True)):
        options = {"level": 1, "hidden": True} if index >= first_side else {}
        worksheet.set_column(index, index, width, formats(cell_look(_PLAIN, look)), options)
    if side:
        worksheet.set_column(len(sized), len(sized), None, None, {"collapsed": True})


FAST_ROWS_PER_COLUMN = 10
"""The polars path pays off from about one row per ten columns (measured at 1,000 columns)."""


def _rows(
    worksheet: Any,
    formats: _Formats,
    table: pl.DataFrame,
    looks: Sequence[int],
    kinds: pl.Series | None,
    first_row: int,
    heights: dict[int, float] | None = None,
) -> None:
    """Every row of ``table`` from worksheet row ``first_row`` (0-based): as XML built by polars
    when every column is text, a number or a Boolean (:mod:`.row_xml`), else cell by cell (the
    reference: plain rows bare values, the columns' formats applying; flagged rows a format
    per cell, empty cells too)."""
    styled = [[formats(cell_look(kind, look)) for look in looks] for kind in range(4)]
    heights = heights or {}
    # The polars path costs about 1.4 ms a column before its first cell (an expression per
    # column), the reference about 10 us a cell: a wide, short table (an Issues sheet with a
    # wide row's cells) goes cell by cell, so the cost follows the cells written.
    if FAST_PATH and fast_path_fits(table) and table.height * FAST_ROWS_PER_COLUMN >= table.width:
        styles = [[0 if fmt is None else fmt._get_xf_index() for fmt in row] for row in styled]
        write_rows(worksheet, table, first_row, styles, kinds, heights, BATCH_ROWS)
        return
    writers = list(enumerate(_typed_writers(worksheet, table)))
    blank = getattr(worksheet, "_write_blank", worksheet.write_blank)
    row = first_row
    for start in range(0, table.height, BATCH_ROWS):
        batch = table.slice(start, BATCH_ROWS)
        flags = [0] * batch.height if kinds is None else kinds.slice(start, BATCH_ROWS).to_list()
        for index, values in enumerate(batch.iter_rows()):
            if heights and start + index in heights:
                worksheet.set_row(row, heights[start + index])
            kind = flags[index]
            if kind:  # every cell of the row has the look, empty ones too
                cells = styled[kind]
                for column, write in writers:
                    value = values[column]
                    if value is None:
                        blank(row, column, None, cells[column])
                    else:
                        write(row, column, value, cells[column])
            else:  # the column's format applies: none per cell
                for column, write in writers:
                    value = values[column]
                    if value is not None:
                        write(row, column, value, None)
            row += 1


def _typed_writers(worksheet: Any, table: pl.DataFrame) -> list[Any]:
    """Per column, xlsxwriter's own writer for its type (what ``write_row`` picks per cell by
    testing the value's type, picked once a column; the generic one for other types)."""
    generic = getattr(worksheet, "_write", worksheet.write)
    by_type = {
        "string": getattr(worksheet, "_write_string", generic),
        "number": getattr(worksheet, "_write_number", generic),
        "boolean": getattr(worksheet, "_write_boolean", generic),
    }
    chosen = []
    for dtype in table.schema.values():
        if dtype == pl.String:
            chosen.append(by_type["string"])
        elif dtype == pl.Boolean:
            chosen.append(by_type["boolean"])
        elif dtype.is_numeric():
            chosen.append(by_type["number"])
        else:
            chosen.append(generic)
    return chosen
