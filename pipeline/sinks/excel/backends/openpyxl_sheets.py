"""The looks, rules and print setup in openpyxl's terms, for a producer's workbook written back:
its Summary and Issues sheets, our header cells, the conditional formats, the page setup.

Each :class:`~pipeline.sinks.excel.styles.Look` becomes one openpyxl style array, built once and
copied into every cell that needs it (``cell.font = Font(...)`` hashes the font into the
workbook's list on every call; a copied array costs nothing).
"""

from __future__ import annotations

import re
from copy import copy
from typing import Any

import polars as pl
from openpyxl.cell.cell import ERROR_CODES, Cell
from openpyxl.comments import Comment
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.properties import PageSetupProperties

from pipeline.sinks.excel.contract import (
    _FORMULA_LIKE,
    _WINNER,
    FOLD_FONT,
    FONT_NAME,
    FONT_SIZE,
    MARKER_NAME,
    NO_ISSUES,
    WINNER_FILL,
    _check_fits,
)
from pipeline.sinks.excel.printing import PrintPlan, print_plan
from pipeline.sinks.excel.rules import Rule
from pipeline.sinks.excel.styles import (
    TITLE_LOOK,
    Look,
    cell_look,
    column_looks,
    header_looks,
    widths,
    wrapped_heights,
)
from pipeline.sinks.excel.summary import SheetLayout, issues_print_columns
from pipeline.sinks.excel.values import clean_header, excel_ready

NOTE_AUTHOR = "Showdown"
_FORMULA_START = re.compile(_FORMULA_LIKE)


class OpenpyxlLooks:
    """One style array per :class:`Look`, registered in ``book``, made on first use."""

    def __init__(self, book: Any) -> None:
        self._book = book
        self._made: dict[Look, StyleArray] = {}

    def __call__(self, look: Look) -> StyleArray:
        """The style array for ``look`` (fonts always name Calibri 11, as LibreOffice needs)."""
        if look not in self._made:
            cell = Cell(self._book.worksheets[0])
            color = look.color
            cell.font = Font(name=FONT_NAME, size=FONT_SIZE, bold=look.bold, color=color)
            if look.fill:
                cell.fill = PatternFill(
                    fill_type="solid", start_color=look.fill, end_color=look.fill
                )
            if look.number_format:
                cell.number_format = look.number_format
            if look.align or look.wrap:
                cell.alignment = Alignment(
                    horizontal=look.align, indent=look.indent, wrap_text=look.wrap or None
                )
            self._made[look] = cell._style
        return self._made[look]

    def style_id(self, look: Look) -> int:
        """The index of ``look`` in the workbook's cell formats, as saved (``s="N"``)."""
        return int(self._book._cell_styles.add(self(look)))


def cell(worksheet: Any, row: int, column: int, value: Any, style: StyleArray) -> Cell:
    """A cell holding ``value`` with a copy of ``style``, placed in ``worksheet``; text that
    looks like a formula or an error code is stored as text."""
    made = Cell(worksheet, row=row, column=column, value=value, style_array=copy(style))
    if isinstance(value, str) and (_FORMULA_START.match(value) or value in ERROR_CODES):
        made.data_type = "s"
    worksheet._cells[(row, column)] = made
    return made


def note(target: Cell, text: str) -> None:
    """A header's one-line note, as Excel's cell comment."""
    target.comment = Comment(text, NOTE_AUTHOR, height=40, width=240)


def rule_look(kind: int) -> dict[str, Any]:
    """The conditional format's look: green fill and bold, or grey text."""
    if kind == _WINNER:
        green = PatternFill(fill_type="solid", start_color=WINNER_FILL, end_color=WINNER_FILL)
        return {"fill": green, "font": Font(bold=True)}
    return {"font": Font(color=FOLD_FONT)}


def add_rule(worksheet: Any, rule: Rule) -> None:
    """One conditional format (:class:`~pipeline.sinks.excel.rules.Rule`)."""
    formatted = FormulaRule(formula=[rule.formula], **rule_look(rule.kind))
    worksheet.conditional_formatting.add(rule.ref, formatted)


def apply_print(worksheet: Any, plan: PrintPlan, title_rows: str | None) -> None:
    """Landscape; one page wide, or at ``plan.scale`` across then down with the plan's title
    columns on every page; ``title_rows`` (``"1:1"``) on every page unless already set."""
    setup = worksheet.page_setup
    setup.orientation = "landscape"
    if title_rows is not None and not worksheet.print_title_rows:
        worksheet.print_title_rows = title_rows
    if plan.fit_width:
        setup.fitToWidth, setup.fitToHeight = 1, 0
        worksheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
        return
    setup.scale = plan.scale
    setup.pageOrder = "overThenDown"
    worksheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=False)
    if plan.title_columns is not None and not worksheet.print_title_cols:
        first, last = (get_column_letter(column) for column in plan.title_columns)
        worksheet.print_title_cols = f"{first}:{last}"


def write_layout(worksheet: Any, looks: OpenpyxlLooks, layout: SheetLayout) -> None:
    """A laid-out sheet (the Summary) into an empty worksheet."""
    for column, width in enumerate(layout.widths, 1):
        worksheet.column_dimensions[get_column_letter(column)].width = width
    for row, cells in enumerate(layout.rows, 1):
        for column, (value, look, _) in enumerate(cells, 1):
            made = cell(worksheet, row, column, value, looks(look))
            if (row - 1, column - 1) in layout.notes:
                note(made, layout.notes[(row - 1, column - 1)])
    apply_print(worksheet, layout.plan, None)


def write_issues(
    worksheet: Any,
    looks: OpenpyxlLooks,
    issues: pl.DataFrame,
    *,
    continued: bool,
    notes: dict[str, str] | None = None,
) -> None:
    """One Issues sheet (or one part of it, ``continued``: no "no issues" line there)."""
    _check_fits(worksheet.title, rows=issues.height + 1, columns=issues.width)
    table = excel_ready(issues)
    sized = widths([table])
    column_kinds = column_looks(table)
    for column, width in enumerate(sized, 1):
        worksheet.column_dimensions[get_column_letter(column)].width = width
    for column, (name, look) in enumerate(zip(table.columns, header_looks(table), strict=True), 1):
        made = cell(worksheet, 1, column, clean_header(name), looks(look))
        if notes and name in notes:
            note(made, notes[name])
    body = [looks(cell_look(0, look)) for look in column_kinds]
    for row, values in enumerate(table.iter_rows(), 2):
        for column, value in enumerate(values, 1):
            if value is not None:
                cell(worksheet, row, column, value, body[column - 1])
    for index, height in wrapped_heights(table, column_kinds).items():
        worksheet.row_dimensions[index + 2].height = height
    worksheet.freeze_panes = "A2"
    if table.width:
        last = get_column_letter(table.width)
        worksheet.auto_filter.ref = f"A1:{last}{max(table.height + 1, 1)}"
    printed = issues_print_columns(table)
    keys = (1, min(3, printed))  # an issue's file, sheet and row, on every page across
    apply_print(worksheet, print_plan(sized[:printed], printed, keys), "1:1")
    if table.height and printed:
        worksheet.print_area = f"A1:{get_column_letter(printed)}{table.height + 1}"
    if not table.height and not continued:  # an empty sheet reads as "nothing checked"
        cell(worksheet, 2, 1, NO_ISSUES, looks(TITLE_LOOK))
    mark(worksheet, "issues")


def mark(worksheet: Any, role: str) -> None:
    """The hidden sheet-scoped name that tells a later write-back this sheet is ours."""
    worksheet.defined_names[MARKER_NAME] = DefinedName(
        MARKER_NAME, attr_text=f'"{role}"', hidden=True
    )


def marker(worksheet: Any) -> str | None:
    """The role our marker gives ``worksheet`` (``summary``, ``issues``), else ``None``."""
    names = getattr(worksheet, "defined_names", {})
    if MARKER_NAME not in names:
        return None
    return str(names[MARKER_NAME].attr_text).strip('"')
