"""The season workbook's tables and printed pages, in openpyxl's terms.

:func:`write_table` writes a frame (a bold header with a note on each heading its ``notes``
explain, numbers right, text indented off them, ``%`` headings as percentages, Booleans as
TRUE/FALSE, formula-like text as text) and returns where it landed.

:class:`PageFlow` follows where the printed pages of a sheet break, so that a chart is never cut:
every row is :data:`ROW_POINTS` high (set on the sheet, so LibreOffice and Excel agree), pages
are planned at 100 % (a sheet never prints larger: fitting one page wide only shrinks it, which
leaves more room), on the shorter of A4 and Letter landscape within the sheet's margins.  A
block (a table and its chart) starts a page of its own; its chart goes below the table when
both fit on that page, else on the next page, after a manual page break, and the chart is never
taller than a page.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import polars as pl
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from pipeline.sinks.excel.backends.openpyxl_sheets import apply_print, note
from pipeline.sinks.excel.contract import BOOLEAN_FORMAT, PERCENT_FORMAT
from pipeline.sinks.excel.printing import (
    PAGE_POINTS,
    PrintPlan,
    column_points,
    print_plan,
    title_columns,
)
from pipeline.sinks.excel.styles import cut_text

FONT = Font(name="Calibri", size=11)
BOLD = Font(name="Calibri", size=11, bold=True)
TITLE = Font(name="Calibri", size=13, bold=True)
RIGHT = Alignment(horizontal="right")
CENTRE = Alignment(horizontal="center")  # where Excel puts TRUE/FALSE (LibreOffice: right)
LEFT = Alignment(horizontal="left", indent=1)  # a gap after a right-aligned number
DECIMAL = "#,##0.00"
INTEGER = "#,##0"
MAX_WIDTH = 45

ROW_POINTS = 15.0
"""Every row's height, in points (Calibri 11's own, set on each sheet)."""
TITLE_POINTS = 18.0
"""A block title's row height (Calibri 13, bold)."""
PAPER_HEIGHT_POINTS = min(8.27, 8.5) * 72
"""The height of a landscape page: the shorter of A4 (8.27 in) and Letter (8.5 in)."""
POINTS_PER_CM = 72 / 2.54

_FORMULA_LIKE = re.compile(r"^[=+\-@]")


@dataclass(frozen=True)
class TableRange:
    """Where a table landed: header row, first and last data rows, first column (1-based)."""

    header_row: int
    first_row: int
    last_row: int
    first_column: int
    columns: tuple[str, ...]

    def column(self, name: str) -> int:
        """The sheet column number holding ``name``."""
        return self.first_column + self.columns.index(name)


def _number_format(name: str, dtype: pl.DataType) -> str | None:
    if dtype == pl.Boolean:
        return BOOLEAN_FORMAT
    if dtype.is_temporal():
        return "yyyy-mm-dd"
    if "%" in name and dtype.is_numeric():
        return PERCENT_FORMAT
    if dtype.is_float():
        return DECIMAL
    if dtype.is_integer():
        return INTEGER
    return None


def write_title(ws: Worksheet, row: int, text: str, column: int = 1) -> None:
    """A block's title, bold and larger, in a row of :data:`TITLE_POINTS`."""
    ws.cell(row=row, column=column, value=cut_text(text)).font = TITLE
    ws.row_dimensions[row].height = TITLE_POINTS


def write_table(
    ws: Worksheet,
    frame: pl.DataFrame,
    top: int,
    notes: Mapping[str, str],
    left: int = 1,
    title: str | None = None,
) -> TableRange:
    """Write ``frame`` with its header at row ``top`` (after a title row when given), each
    heading in ``notes`` carrying its note."""
    if title is not None:
        write_title(ws, top, title, left)
        top += 1
    alignments = {
        name: CENTRE
        if dtype == pl.Boolean
        else RIGHT
        if dtype.is_numeric() or dtype.is_temporal()
        else LEFT
        for name, dtype in frame.schema.items()
    }
    formats = {name: _number_format(name, dtype) for name, dtype in frame.schema.items()}
    for offset, name in enumerate(frame.columns):
        cell = ws.cell(row=top, column=left + offset, value=cut_text(name))
        cell.data_type = "s"
        cell.font = BOLD
        cell.alignment = alignments[name]
        if name in notes:
            note(cell, notes[name])
    for row_offset, values in enumerate(frame.iter_rows(), start=1):
        for offset, (name, value) in enumerate(zip(frame.columns, values, strict=True)):
            cell = ws.cell(row=top + row_offset, column=left + offset, value=_cell_value(value))
            cell.font = FONT
            if isinstance(value, str) and _FORMULA_LIKE.match(value):
                cell.data_type = "s"
            cell.alignment = alignments[name]
            number_format = formats[name]
            if number_format is not None:
                cell.number_format = number_format
    _widen(ws, frame, left)
    return TableRange(top, top + 1, top + frame.height, left, tuple(frame.columns))


def _cell_value(value: Any) -> Any:
    if isinstance(value, float) and value != value:  # NaN: Excel has none
        return None
    if isinstance(value, str):
        return cut_text(value)  # openpyxl would cut it silently, with no marker
    return value


def column_width(column: pl.Series) -> float:
    """The Excel width a table column needs: its heading or its longest value (the first 200
    rows), plus a little room, at most :data:`MAX_WIDTH`."""
    head = column.head(200)
    if head.dtype == pl.String:
        longest = head.str.len_chars().max()
        width = int(longest) if isinstance(longest, int) else 0
    elif head.dtype.is_float() or "%" in column.name:
        width = 8
    elif head.dtype.is_temporal():
        width = 10
    else:
        width = max((len(f"{value:,}") for value in head.drop_nulls().to_list()), default=1)
    return float(min(MAX_WIDTH, max(len(column.name) + 2, width + 2)))


def planned_widths(frames: Sequence[pl.DataFrame]) -> list[float]:
    """The widths of a sheet whose tables all start in column A: per column, the widest.

    >>> planned_widths([pl.DataFrame({"player": ["Ann"]}), pl.DataFrame({"p": [1], "q": [2]})])
    [8.0, 3.0]
    """
    widths: list[float] = []
    for frame in frames:
        for position, name in enumerate(frame.columns):
            wanted = column_width(frame.get_column(name))
            if position < len(widths):
                widths[position] = max(widths[position], wanted)
            else:
                widths.append(wanted)
    return widths


def set_widths(ws: Worksheet, widths: Sequence[float]) -> None:
    """Set the first columns' widths (``ws`` columns A, B, ...)."""
    for column, width in enumerate(widths, 1):
        ws.column_dimensions[get_column_letter(column)].width = width


def _widen(ws: Worksheet, frame: pl.DataFrame, left: int) -> None:
    for offset, name in enumerate(frame.columns):
        letter = get_column_letter(left + offset)
        # openpyxl answers 13 for a width never set: only a width we set counts.
        current = ws.column_dimensions[letter].width if letter in ws.column_dimensions else 0
        ws.column_dimensions[letter].width = max(current or 0, column_width(frame[name]))


def fold_constant(frame: pl.DataFrame, names: Sequence[str]) -> tuple[pl.DataFrame, list[str]]:
    """``frame`` without those of ``names`` that hold one value on every row (two rows or more),
    and that value said once for each (``street: turn``), for the block's title.

    >>> frame = pl.DataFrame({"street": ["turn", "turn"], "player": ["Ann", "Bo"]})
    >>> fold_constant(frame, ["street", "player"])[1]
    ['street: turn']
    """
    said: list[str] = []
    dropped: list[str] = []
    for name in names:
        if name in frame.columns and frame.height >= 2 and frame[name].n_unique() == 1:
            value = frame[name][0]
            said.append(f"{name}: {'none' if value is None else value}")
            dropped.append(name)
    return frame.drop(dropped), said


class PageFlow:
    """Where the printed pages of one sheet break (see the module notes), rows from the top.

    ``scale`` is the sheet's print scale in percent (a page holds more rows when smaller);
    ``repeated_rows``, the number of rows printed atop every page (print titles); ``widths``,
    the sheet's column widths (a chart is no wider than its columns: LibreOffice prints the
    cells' range and would cut a chart that reaches past it).
    """

    def __init__(
        self,
        ws: Worksheet,
        scale: int = 100,
        repeated_rows: int = 0,
        widths: Sequence[float] = (),
    ) -> None:
        self.ws = ws
        # Excel's printed column (5.25 w + 3.75 points) is the narrower: a chart that fits
        # there fits in LibreOffice too.
        self.columns_cm = sum(5.25 * width + 3.75 for width in widths) / POINTS_PER_CM
        ws.sheet_format.defaultRowHeight = ROW_POINTS
        ws.sheet_format.customHeight = True
        margins = ws.page_margins
        printable = PAPER_HEIGHT_POINTS - 72 * (float(margins.top) + float(margins.bottom))
        self.page_points = printable * 100 / scale - repeated_rows * TITLE_POINTS
        self.page_top = 1

    def rows_points(self, first: int, last: int) -> float:
        """The printed height of rows ``first`` to ``last`` (none when ``last < first``)."""
        dimensions = self.ws.row_dimensions
        return sum(
            (dimensions[row].height if row in dimensions else None) or ROW_POINTS
            for row in range(first, last + 1)
        )

    def new_page(self, row: int) -> None:
        """Make ``row`` the first of a printed page (a manual break above it)."""
        if row > self.page_top:
            self.ws.row_breaks.append(Break(id=row - 1))
            self.page_top = row

    def chart_cm(self, wanted_cm: float) -> float:
        """A chart height no taller than a page (in centimetres)."""
        return min(wanted_cm, (self.page_points - ROW_POINTS) / POINTS_PER_CM)

    def chart_width_cm(self, wanted_cm: float) -> float:
        """A chart width no wider than the sheet's columns (in centimetres)."""
        return min(wanted_cm, self.columns_cm) if self.columns_cm else wanted_cm

    def place(self, chart: Any, below: int) -> int:
        """Anchor ``chart`` under row ``below`` (its table's last row), an empty row between,
        when it fits on the same page, else on the next page, after a manual break and an empty
        row; returns the first row free after it."""
        height = float(chart.height) * POINTS_PER_CM
        anchor = below + 2
        if self.rows_points(self.page_top, anchor - 1) + height > self.page_points:
            # An empty row atop the new page too: a chart's border on a page's first row
            # prints as a stray line at the foot of the page before.
            self.new_page(below + 1)
        self.ws.add_chart(chart, f"A{anchor}")
        return anchor + math.ceil(height / ROW_POINTS) + 1


def print_sheet(
    ws: Worksheet,
    *,
    key_columns: int = 1,
    title_rows: str | None = None,
    freeze: str | None = None,
    fixed_scale: bool = False,
    widths: Sequence[float] | None = None,
) -> int:
    """Landscape; one page wide when the columns fit at 60 % or more, else across then down at
    60 % or more with the first ``key_columns`` repeated (the nightly books' rule);
    ``title_rows`` on every page.  Returns the print scale in percent, as planned.

    ``fixed_scale`` prints a sheet that fits one page wide at the scale that fits it, written as
    a scale rather than "fit to one page wide", so that its charts land on the pages planned
    (:class:`PageFlow`) in every program; Excel's columns are narrower than LibreOffice's, so a
    page wide there is a page wide in Excel.  ``widths`` are the columns' (else the sheet's).
    """
    if widths is None:
        widths = [
            float(ws.column_dimensions[get_column_letter(column)].width or 8.43)
            for column in range(1, ws.max_column + 1)
        ]
    keys = title_columns(widths, list(range(1, key_columns + 1)))
    plan = print_plan(widths, len(widths), keys)
    ws.freeze_panes = freeze
    if not plan.fit_width:
        apply_print(ws, plan, title_rows)
        return plan.scale
    total = sum(column_points(width) for width in widths)
    scale = min(100, int(100 * PAGE_POINTS / total)) if total else 100
    if not fixed_scale:
        apply_print(ws, plan, title_rows)
        return scale
    apply_print(ws, PrintPlan(fit_width=False, scale=scale), title_rows)
    ws.page_setup.pageOrder = None
    return scale


__all__ = [
    "PageFlow",
    "TableRange",
    "column_width",
    "fold_constant",
    "planned_widths",
    "print_sheet",
    "set_widths",
    "write_table",
    "write_title",
]
