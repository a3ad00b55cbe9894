"""The looks, rules and print setup in openpyxl's terms, for a producer's workbook written back:
:class:`OpenpyxlSheet`, the :class:`~pipeline.sinks.excel.sheet_writer.SheetWriter` through
which its Summary and Issues sheets, our header cells, the conditional formats and the page
setup are written.

Each :class:`~pipeline.sinks.excel.styles.Look` becomes one openpyxl style array, built once and
copied into every cell that needs it (``cell.font = Font(...)`` hashes the font into the
workbook's list on every call; a copied array costs nothing).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
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

from pipeline.sinks.excel.contract import _FORMULA_LIKE, FONT_NAME, FONT_SIZE, MARKER_NAME
from pipeline.sinks.excel.printing import PrintPlan
from pipeline.sinks.excel.rules import Rule
from pipeline.sinks.excel.styles import Look, cell_look, rule_look

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


def add_rule(worksheet: Any, rule: Rule) -> None:
    """One conditional format (:class:`~pipeline.sinks.excel.rules.Rule`) in the rule's
    :func:`~pipeline.sinks.excel.styles.rule_look`."""
    look = rule_look(rule.kind)
    differential: dict[str, Any] = {}
    if look.fill:
        solid = PatternFill(fill_type="solid", start_color=look.fill, end_color=look.fill)
        differential["fill"] = solid
    if look.bold or look.color:
        differential["font"] = Font(bold=look.bold or None, color=look.color)
    formatted = FormulaRule(formula=[rule.formula], **differential)
    worksheet.conditional_formatting.add(rule.ref, formatted)


def merge_rule_look(worksheet: Any, rows: Sequence[int], last_column: int, kind: int) -> None:
    """Merge a rule's look (:func:`~pipeline.sinks.excel.styles.rule_look`: the winner's or the
    fold's) into each of a producer's cells of ``rows``, empty ones too, one merge per distinct
    style: where the flags are none of our columns, so no conditional format can find them."""
    look = rule_look(kind)
    merged: dict[tuple[int, ...], Any] = {}
    scratch = Cell(worksheet)
    cells = worksheet._cells
    for row in rows:
        for column in range(1, last_column + 1):
            held = cells.get((row, column)) or worksheet.cell(row=row, column=column)
            if held._style is None:  # a cell the file never held: openpyxl styles it lazily
                held._style = StyleArray()
            key = tuple(held._style)
            if key not in merged:
                scratch._style = copy(held._style)
                font = copy(scratch.font)
                if look.bold:
                    font.b = True
                if look.color:
                    font.color = look.color
                if look.fill:
                    scratch.fill = PatternFill(
                        fill_type="solid", start_color=look.fill, end_color=look.fill
                    )
                scratch.font = font
                merged[key] = copy(scratch._style)
            held._style = copy(merged[key])


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


class OpenpyxlSheet:
    """A :class:`~pipeline.sinks.excel.sheet_writer.SheetWriter` over one openpyxl worksheet:
    each cell carries its own style (openpyxl has no column format that cells take on)."""

    def __init__(self, worksheet: Any, looks: OpenpyxlLooks) -> None:
        self.worksheet = worksheet
        self.looks = looks

    def set_columns(self, widths: Sequence[float], looks: Sequence[int] | None = None) -> None:
        """The widths; a column's look goes to its cells, as they are written."""
        for column, width in enumerate(widths, 1):
            self.worksheet.column_dimensions[get_column_letter(column)].width = width

    def write_cell(self, row: int, column: int, value: Any, look: Look) -> None:
        """One cell (:func:`cell`)."""
        cell(self.worksheet, row + 1, column + 1, value, self.looks(look))

    def add_note(self, row: int, column: int, text: str) -> None:
        """A note on a cell already written (:func:`note`)."""
        note(self.worksheet._cells[(row + 1, column + 1)], text)

    def write_rows(self, table: pl.DataFrame, looks: list[int], heights: dict[int, float]) -> None:
        """Each value a cell in its column's plain look (empty cells are not written)."""
        body = [self.looks(cell_look(0, look)) for look in looks]
        for row, values in enumerate(table.iter_rows(), 2):
            for column, value in enumerate(values, 1):
                if value is not None:
                    cell(self.worksheet, row, column, value, body[column - 1])
        for index, height in heights.items():
            self.worksheet.row_dimensions[index + 2].height = height

    def freeze_and_filter(self, height: int, width: int) -> None:
        """The header row frozen; an autofilter over the table."""
        self.worksheet.freeze_panes = "A2"
        if width:
            last = get_column_letter(width)
            self.worksheet.auto_filter.ref = f"A1:{last}{max(height + 1, 1)}"

    def add_rule(self, rule: Rule) -> None:
        """One conditional format (:func:`add_rule`)."""
        add_rule(self.worksheet, rule)

    def set_print(
        self, plan: PrintPlan, title_row: int | None, area: tuple[int, int] | None = None
    ) -> None:
        """The page setup (:func:`apply_print`) and the print area."""
        rows = None if title_row is None else f"{title_row + 1}:{title_row + 1}"
        apply_print(self.worksheet, plan, rows)
        if area is not None:
            self.worksheet.print_area = f"A1:{get_column_letter(area[1] + 1)}{area[0] + 1}"

    def mark(self, role: str) -> None:
        """Our hidden sheet-scoped name (:func:`mark`)."""
        mark(self.worksheet, role)


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
