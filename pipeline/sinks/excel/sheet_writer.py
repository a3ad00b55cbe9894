"""The one interface both Excel back-ends implement (:class:`SheetWriter`), and the sheets
written through it once: a table's header row, the Summary and the Issues sheets.

What a sheet holds and how it looks is decided above the back-ends, as data: the cells and
their :class:`~pipeline.sinks.excel.styles.Look`, the rules (:mod:`.rules`), the print plan
(:mod:`.printing`), the Summary's layout (:mod:`.summary`).  A back-end only carries a
decision out in its library's terms: xlsxwriter for a new workbook
(:mod:`.backends.xlsxwriter_book`), openpyxl for a producer's own
(:mod:`.backends.openpyxl_sheets`).  So a new look, rule or sheet is written here once, and a
back-end learns at most one more method.

Rows and columns are 0-based, as in :class:`~pipeline.sinks.excel.summary.SheetLayout`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import polars as pl

from pipeline.sinks.excel.contract import NO_ISSUES, _check_fits
from pipeline.sinks.excel.printing import PrintPlan, print_plan
from pipeline.sinks.excel.rules import Rule
from pipeline.sinks.excel.styles import (
    TITLE_LOOK,
    Look,
    column_looks,
    header_looks,
    widths,
    wrapped_heights,
)
from pipeline.sinks.excel.summary import SheetLayout, issues_print_columns
from pipeline.sinks.excel.values import clean_header, excel_ready

ISSUE_KEYS = 3
"""An issue's file, sheet and row: the columns printed on every page across when Issues is too
wide."""


class SheetWriter(Protocol):
    """What a back-end does to one worksheet."""

    def set_columns(self, widths: Sequence[float], looks: Sequence[int] | None = None) -> None:
        """The widths of the columns from the first; ``looks`` (a column look each, see
        :func:`~pipeline.sinks.excel.styles.column_looks`) is what a plain cell of the column
        shows, given to the column or left to its cells as the library prefers."""

    def write_cell(self, row: int, column: int, value: Any, look: Look) -> None:
        """One cell; text is stored as text, never taken for a formula, a number or a link."""

    def add_note(self, row: int, column: int, text: str) -> None:
        """A cell's one-line note (a heading's explanation), as Excel's cell comment."""

    def write_rows(self, table: pl.DataFrame, looks: list[int], heights: dict[int, float]) -> None:
        """Every row of ``table`` under the header, each cell in its column's plain look; the
        rows ``heights`` names (by index in ``table``) that tall, in points."""

    def freeze_and_filter(self, height: int, width: int) -> None:
        """The header row (the first) frozen, and a filter over it and ``height`` rows below,
        ``width`` columns wide."""

    def add_rule(self, rule: Rule) -> None:
        """One conditional format: :func:`~pipeline.sinks.excel.styles.rule_look` of
        ``rule.kind`` where ``rule.formula`` holds."""

    def set_print(
        self, plan: PrintPlan, title_row: int | None, area: tuple[int, int] | None = None
    ) -> None:
        """Landscape; one page wide, or at ``plan.scale`` across then down with the plan's
        title columns on every page; row ``title_row`` on every page; only ``area`` (the last
        row and column, from the first cell) printed."""

    def mark(self, role: str) -> None:
        """The hidden sheet-scoped name that tells a later write-back this sheet is ours
        (``summary``, ``issues``)."""


def write_header(
    writer: SheetWriter,
    table: pl.DataFrame,
    looks: Sequence[Look],
    notes: Mapping[str, str],
    row: int = 0,
    first_column: int = 0,
) -> None:
    """A table's headings in ``row`` from ``first_column``, each in its look, with a note on
    each heading ``notes`` explains."""
    for offset, (name, look) in enumerate(zip(table.columns, looks, strict=True)):
        writer.write_cell(row, first_column + offset, clean_header(name), look)
        if name in notes:
            writer.add_note(row, first_column + offset, notes[name])


def write_layout(writer: SheetWriter, layout: SheetLayout) -> None:
    """A laid-out sheet (the Summary) into an empty worksheet."""
    writer.set_columns(layout.widths)
    for row, cells in enumerate(layout.rows):
        for column, (value, look, _) in enumerate(cells):
            writer.write_cell(row, column, value, look)
    for (row, column), note in layout.notes.items():
        writer.add_note(row, column, note)
    writer.set_print(layout.plan, None)


def write_issues(
    writer: SheetWriter,
    title: str,
    issues: pl.DataFrame,
    *,
    continued: bool,
    notes: Mapping[str, str] | None = None,
) -> None:
    """One Issues sheet (or one part of it, ``continued``: no "no issues" line there), printed
    from ``file`` to ``message``."""
    _check_fits(title, rows=issues.height + 1, columns=issues.width)
    table = excel_ready(issues)
    sized = widths([table])
    looks = column_looks(table)
    printed = issues_print_columns(table)
    writer.set_columns(sized, looks)
    write_header(writer, table, header_looks(table), notes or {})
    writer.freeze_and_filter(table.height, table.width)
    plan = print_plan(sized[:printed], printed, (1, min(ISSUE_KEYS, printed)))
    area = (table.height, printed - 1) if table.height and printed else None
    writer.set_print(plan, 0, area)
    writer.write_rows(table, looks, wrapped_heights(table, looks))
    if not table.height and not continued:  # an empty sheet reads as "nothing checked"
        writer.write_cell(1, 0, NO_ISSUES, TITLE_LOOK)
    writer.mark("issues")
