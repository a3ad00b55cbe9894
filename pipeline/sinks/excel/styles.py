"""Cell values and styles shared by new workbooks and write-back: safe text, widths, the
header and row looks, each built once as a template (see :mod:`pipeline.sinks.excel.workbook`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import polars as pl
from openpyxl.cell.cell import ERROR_CODES, Cell
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.properties import PageSetupProperties

from pipeline.sinks.excel.contract import (
    _FOLD,
    _FORMULA_LIKE,
    _ILLEGAL_XML,
    _ILLEGAL_XML_RE,
    _PLAIN,
    _WINNER,
    CUT_MARKER,
    FOLD_FONT,
    FONT_NAME,
    FONT_SIZE,
    MARKER_NAME,
    MAX_CELL_TEXT,
    MAX_WIDTH,
    PERCENT_FORMAT,
    WIDTH_SAMPLE,
    WINNER_FILL,
)

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
            column = _cut_to_fit(column.str.replace_all(_ILLEGAL_XML, ""))
        expressions.append(column.alias(name))
    return frame.select(expressions)


def _cut_to_fit(text: pl.Expr) -> pl.Expr:
    """Text longer than a cell holds, cut with :data:`CUT_MARKER` at its end (openpyxl would cut
    it silently)."""
    keep = MAX_CELL_TEXT - len(CUT_MARKER)
    too_long = text.str.len_chars() > MAX_CELL_TEXT
    return pl.when(too_long).then(text.str.slice(0, keep) + pl.lit(CUT_MARKER)).otherwise(text)


def cut_text(text: str) -> str:
    """One text as a cell holds it: unchanged when it fits, else cut with :data:`CUT_MARKER`.

    >>> cut_text("Ann"), len(cut_text("x" * 40_000)), cut_text("x" * 40_000).endswith("]")
    ('Ann', 32767, True)
    """
    if len(text) <= MAX_CELL_TEXT:
        return text
    return text[: MAX_CELL_TEXT - len(CUT_MARKER)] + CUT_MARKER


def _cut_long_cells(worksheet: Any) -> None:
    """A producer's own cells longer than Excel holds (LibreOffice writes them), cut with the
    marker: openpyxl loads them whole and would save a file Excel has to repair."""
    for cell in getattr(worksheet, "_cells", {}).values():
        value = cell._value
        if isinstance(value, str) and len(value) > MAX_CELL_TEXT:
            cell._value = cut_text(value)


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
    return cut_text(_ILLEGAL_XML_RE.sub("", name))


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
        # over a column of numbers the header sits on the numbers' side, so each number is
        # read under its own heading (left-aligned headers over right-aligned numbers were
        # read one column off in print)
        self.header_right = self._template(
            _font(bold=True), alignment=Alignment(horizontal="right")
        )
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

    def _template(
        self,
        font: Any,
        fill: Any = None,
        number_format: str | None = None,
        alignment: Any = None,
    ) -> Any:
        cell = Cell(self._worksheet)
        cell.font = font
        if alignment is not None:
            cell.alignment = alignment
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


def _append_header(
    worksheet: Any, styles: _Styles, names: Sequence[str], numeric: Sequence[str] = ()
) -> None:
    worksheet.append(
        [
            _cell(
                worksheet,
                _clean_header(name),
                styles.header_right if name in numeric else styles.header,
                text=True,
            )
            for name in names
        ]
    )


def numeric_columns(frame: pl.DataFrame) -> list[str]:
    """Columns whose cells Excel right-aligns: numbers (Booleans are centred, not numbers)."""
    return [name for name, dtype in frame.schema.items() if dtype.is_numeric()]


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
