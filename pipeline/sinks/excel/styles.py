"""Cell values and styles shared by new workbooks and write-back: safe text, widths, the
header and row looks, each built once as a template (see :mod:`pipeline.sinks.excel.workbook`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    BOOLEAN_FORMAT,
    CUT_MARKER,
    FOLD_FONT,
    FONT_NAME,
    FONT_SIZE,
    MARKER_NAME,
    MAX_CELL_TEXT,
    MAX_FORMULA_TEXT,
    MAX_ROW_HEIGHT,
    MAX_WIDTH,
    PERCENT_FORMAT,
    ROW_HEIGHT,
    WIDTH_SAMPLE,
    WINNER_FILL,
    WRAPPED_COLUMNS,
    WRAPPED_WIDTH,
    SheetOutput,
)

# How a column's cells look, whatever the row's kind: a number format, an alignment or both.
_GENERAL, _PERCENT, _BOOLEAN, _AFTER_NUMBER, _WRAPPED = 0, 1, 2, 3, 4

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


_BOOLEAN_TEXT = r"(?i)^(true|false)$"
_INTEGER_TEXT = r"^-?(0|[1-9][0-9]{0,14})$"  # no leading zeros: "01" stays as written
_DECIMAL_TEXT = r"^-?(0|[1-9][0-9]{0,14})(\.[0-9]{1,6})?$"  # 1500 beside 0.25


def _as_excel_reads(frame: pl.DataFrame) -> pl.DataFrame:
    """Text columns of a CSV or log turned into what Excel makes of them when it opens the file:
    a column of only ``true``/``false`` becomes Booleans, one of only plain numbers becomes
    numbers (so ``round`` sorts 1, 2, 10 and sits right, and ``folded`` reads TRUE like our
    ``winner``). A column with any other value, or a number with leading zeros, stays text.

    >>> frame = pl.DataFrame(
    ...     {"round": ["1", "10"], "seat": ["01", "2"], "in": ["true", "FALSE"],
    ...      "bet": ["5", "0.25"]}
    ... )
    >>> dict(_as_excel_reads(frame).schema)
    {'round': Int64, 'seat': String, 'in': Boolean, 'bet': Float64}
    """
    checks = [
        (name, pattern)
        for name, dtype in frame.schema.items()
        if dtype == pl.String
        for pattern in (_BOOLEAN_TEXT, _INTEGER_TEXT, _DECIMAL_TEXT)
    ]
    if not checks:
        return frame
    verdicts = frame.select(
        (pl.col(name).str.contains(pattern).all() & pl.col(name).is_not_null().any()).alias(
            f"{index}"
        )
        for index, (name, pattern) in enumerate(checks)
    ).row(0)
    casts: dict[str, pl.Expr] = {}
    for (name, pattern), matches in zip(checks, verdicts, strict=True):
        if not matches or name in casts:
            continue
        column = pl.col(name)
        if pattern == _BOOLEAN_TEXT:
            casts[name] = column.str.to_lowercase() == "true"
        elif pattern == _INTEGER_TEXT:
            casts[name] = column.cast(pl.Int64)
        else:
            casts[name] = column.cast(pl.Float64)
    return frame.with_columns(expression.alias(name) for name, expression in casts.items())


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
    """Column widths from the headers and the first rows of each frame, capped at ``MAX_WIDTH``
    (``WRAPPED_WIDTH`` for wrapped text that must be read whole, such as an issue's message)."""
    widths: list[float] = []
    for frame in frames:
        sample = frame.head(WIDTH_SAMPLE)
        looks = _column_looks(sample, percent_columns)
        for index, (name, dtype) in enumerate(sample.schema.items()):
            # bold header plus the autofilter arrow need about three characters more
            needed = len(name) * 1.1 + 3
            if looks[index] in (_PERCENT, _BOOLEAN):
                needed = max(needed, 8)
            elif dtype.is_float():
                needed = max(needed, 12)
            elif sample.height and dtype != pl.Object:
                longest = sample[name].cast(pl.String).str.len_chars().max()
                if isinstance(longest, int):
                    needed = max(needed, longest * 1.1 + 2)
            if looks[index] == _AFTER_NUMBER:
                needed += 1.5  # the indent
            cap = WRAPPED_WIDTH if looks[index] == _WRAPPED else MAX_WIDTH
            needed = min(max(needed, 6.0), cap)
            if index < len(widths):
                widths[index] = max(widths[index], needed)
            else:
                widths.append(needed)
    return [round(width, 1) for width in widths]


# --- styles ------------------------------------------------------------------------------------


def _font(*, bold: bool = False, color: str | None = None) -> Any:
    return Font(name=FONT_NAME, size=FONT_SIZE, bold=bold, color=color)


# Excel centres Booleans, LibreOffice puts them right: centred, they read the same in both.
_CENTRE = Alignment(horizontal="center")
# Text right after a right-aligned number would touch it ("5category"): a gap reads as two.
_INDENT = Alignment(horizontal="left", indent=1)
_WRAP = Alignment(wrap_text=True)


def _column_looks(frame: pl.DataFrame, percent_columns: Sequence[str] = ()) -> list[int]:
    """Each column's look: percent (listed, or a float column whose heading holds ``%``),
    Boolean, wrapped text (``WRAPPED_COLUMNS``), text right after a number column, or general.

    >>> frame = pl.DataFrame({"rank": [1], "player": ["Ann"], "win %": [0.5], "won": [True]})
    >>> _column_looks(frame)
    [0, 3, 1, 2]
    """
    looks: list[int] = []
    previous_numeric = False
    for name, dtype in frame.schema.items():
        if name in percent_columns or (dtype.is_float() and "%" in name):
            looks.append(_PERCENT)
        elif dtype == pl.Boolean:
            looks.append(_BOOLEAN)
        elif dtype == pl.String and name in WRAPPED_COLUMNS:
            looks.append(_WRAPPED)
        elif previous_numeric and not dtype.is_numeric():
            looks.append(_AFTER_NUMBER)
        else:
            looks.append(_GENERAL)
        previous_numeric = dtype.is_numeric()
    return looks


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
        # headings sit where their column's cells sit: numbers right, Booleans centred, text
        # after a number indented like its cells (indexed by look)
        self.headers = [
            self.header,
            self.header_right,
            self._template(_font(bold=True), alignment=_CENTRE),
            self._template(_font(bold=True), alignment=_INDENT),
            self.header,
        ]
        self.title = self._template(_font(bold=True))
        self.plain = self._template(_font())
        # indexed by kind (_PLAIN, _WINNER, _FOLD, _WINNER_FOLD) then by look
        green = PatternFill(fill_type="solid", start_color=WINNER_FILL, end_color=WINNER_FILL)
        fonts = [
            _font(),
            _font(bold=True),
            _font(color=FOLD_FONT),
            _font(bold=True, color=FOLD_FONT),
        ]
        fills = [None, green, None, green]
        self.body = [
            [
                self._template(font, fill),
                self._template(font, fill, PERCENT_FORMAT),
                self._template(font, fill, BOOLEAN_FORMAT, _CENTRE),
                self._template(font, fill, alignment=_INDENT),
                self._template(font, fill, alignment=_WRAP),
            ]
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
    worksheet: Any, styles: _Styles, frame: pl.DataFrame, percent_columns: Sequence[str] = ()
) -> None:
    """``frame``'s column names as a bold header row, each aligned like its column's cells."""
    looks = _column_looks(frame, percent_columns)
    numeric = set(numeric_columns(frame))
    worksheet.append(
        [
            _cell(
                worksheet,
                _clean_header(name),
                _header_style(styles, look, name in numeric),
                text=True,
            )
            for name, look in zip(frame.columns, looks, strict=True)
        ]
    )


def _header_style(styles: _Styles, look: int, numeric: bool) -> Any:
    if look == _GENERAL and numeric:
        return styles.header_right
    return styles.headers[look]


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
    first_row: int | None = None,
) -> None:
    """Append ``frame``'s rows below what ``worksheet`` holds, styling only the cells that need it.

    ``frame`` has been through :func:`_excel_ready`. Works for write-only and normal worksheets
    alike: every styled cell is a fresh ``Cell``. Given the worksheet row the frame starts on,
    rows whose wrapped text runs over several lines are made tall enough to show it all (an
    xlsx reader need not fit row heights itself, and LibreOffice does not).
    """
    ready = frame
    kinds = _row_kinds(ready.height, highlight, muted)
    text_cells = _text_cells(ready)
    looks = _column_looks(ready, percent_columns)
    if first_row is not None:
        _fit_wrapped_rows(worksheet, ready, looks, first_row)
    styled_columns = [index for index, look in enumerate(looks) if look != _GENERAL]
    body = styles.body
    for index, values in enumerate(ready.iter_rows()):
        kind = kinds[index]
        texts = text_cells.get(index, ())
        if kind == _PLAIN and not styled_columns and not texts:
            worksheet.append(values)
            continue
        row: list[Any] = list(values)
        styled = body[kind]
        if kind == _PLAIN:
            for column in styled_columns:
                if row[column] is not None:
                    row[column] = _cell(worksheet, row[column], styled[looks[column]])
            for column in texts:
                row[column] = _cell(worksheet, values[column], styled[looks[column]], text=True)
        else:
            row = [
                _cell(worksheet, value, styled[looks[column]], text=column in texts)
                for column, value in enumerate(values)
            ]
        worksheet.append(row)


# Calibri 11 fits about 1.2 characters of ordinary text per unit of column width.
CHARACTERS_PER_LINE = WRAPPED_WIDTH * 1.2


def _fit_wrapped_rows(
    worksheet: Any, frame: pl.DataFrame, looks: list[int], first_row: int
) -> None:
    """Set the height of each row whose wrapped text needs more than one line."""
    wrapped = [name for name, look in zip(frame.columns, looks, strict=True) if look == _WRAPPED]
    if not wrapped:
        return
    lines = pl.max_horizontal(
        pl.col(name)
        .str.split("\n")
        .list.eval((pl.element().str.len_chars() / CHARACTERS_PER_LINE).ceil().clip(1))
        .list.sum()
        for name in wrapped
    )
    counted = frame.select(lines.fill_null(1).cast(pl.Int64).alias("lines"))["lines"]
    for index in (counted > 1).arg_true().to_list():
        height = min(ROW_HEIGHT * counted[index], MAX_ROW_HEIGHT)  # Excel's tallest row
        worksheet.row_dimensions[first_row + index].height = height


def _prepare_sheet(worksheet: Any, widths: Sequence[float], *, freeze_row: int | None) -> None:
    """Widths and frozen header: in write-only mode both must be set before the first row."""
    for index, width in enumerate(widths, 1):
        worksheet.column_dimensions[get_column_letter(index)].width = width
    if freeze_row is not None:
        worksheet.freeze_panes = f"A{freeze_row + 1}"
        worksheet.print_title_rows = f"1:{freeze_row}"  # the header on every printed page
    # printed or exported to PDF, a wide round sheet stays one page wide
    worksheet.page_setup.orientation = "landscape"
    worksheet.page_setup.fitToWidth = 1
    worksheet.page_setup.fitToHeight = 0
    worksheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)


def _print_issue_columns(worksheet: Any, issues: pl.DataFrame) -> None:
    """Print the Issues sheet's own columns (``file`` to ``message``) one page wide; the
    original row's cells after them stay on screen, where they would shrink the print past
    reading (a rounds sheet has a column per player)."""
    if "message" not in issues.columns or not issues.height:
        return
    last = get_column_letter(issues.columns.index("message") + 1)
    worksheet.print_area = f"A1:{last}{issues.height + 1}"


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
    look = _winner_look() if kind == _WINNER else {"font": Font(color=FOLD_FONT)}
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


def _winner_look() -> dict[str, Any]:
    green = PatternFill(fill_type="solid", start_color=WINNER_FILL, end_color=WINNER_FILL)
    return {"fill": green, "font": Font(bold=True)}


def _add_round_winner_rules(
    worksheet: Any,
    sheet: SheetOutput,
    first_column: int,
    player_columns: Mapping[str, int],
    first_row: int,
    last_row: int,
) -> None:
    """A sheet of one row per round: the winners' cards and our winner columns, green and bold;
    the cards of a player who folded (``9h 5s fold``) grey, as the legend says.

    ``first_column`` is the worksheet column of ``sheet.table``'s first column and
    ``player_columns`` each player's worksheet column. Per player column, one conditional format
    finds the player's name in the row's winners (``Ann, Bob``) and one finds the fold mark, so
    the look costs nothing per row and stays right on a sheet of a million rounds; one more
    covers ``winners_column`` and the columns after it where a round has winners.
    """
    if sheet.winners_column is None or last_row < first_row:
        return
    winners_index = sheet.table.columns.index(sheet.winners_column)
    winners = f"${get_column_letter(first_column + winners_index)}{first_row}"
    for name, column in player_columns.items():
        wanted = f", {name},".replace('"', '""')
        if len(wanted) > MAX_FORMULA_TEXT:  # Excel refuses longer text in a formula
            continue
        letter = get_column_letter(column)
        rule = FormulaRule(
            formula=[f'ISNUMBER(FIND("{wanted}",", "&{winners}&","))'], **_winner_look()
        )
        worksheet.conditional_formatting.add(f"{letter}{first_row}:{letter}{last_row}", rule)
        # the layout's fold mark (``fold`` or ``folded`` after the cards); = ignores case
        cell = f"TRIM({letter}{first_row})"
        folded = FormulaRule(
            formula=[f'OR(RIGHT({cell},5)=" fold",RIGHT({cell},7)=" folded")'],
            font=Font(color=FOLD_FONT),
        )
        worksheet.conditional_formatting.add(f"{letter}{first_row}:{letter}{last_row}", folded)
    first = get_column_letter(first_column + winners_index)
    last = get_column_letter(first_column + sheet.table.width - 1)
    rule = FormulaRule(formula=[f'{winners}<>""'], **_winner_look())
    worksheet.conditional_formatting.add(f"{first}{first_row}:{last}{last_row}", rule)
