"""Write the season workbook (:class:`pipeline.season.report.SeasonReport`) with openpyxl.

Sheets, in order: ``Standings`` (the ranked table and its bar chart), ``Trend`` (the
night-by-night cumulative wins and their lines), ``Hand odds`` (categories made at showdown vs
the exact 7-card odds), ``Luck`` (expected vs actual wins, then the biggest suck-outs), ``Head to
head``, ``Yatzy`` (standings, then average score per category vs a random roll) and ``Nights``.

Native Excel charts (:mod:`openpyxl.chart`): a bar chart of wins per ranked player on
``Standings``, straight lines of cumulative wins per night (the top ten players) on ``Trend``,
observed vs expected counts on ``Hand odds``.  Every series references the cells of the table it
plots, so a chart never shows a number the sheet does not.

Look: Calibri 11 on every cell; header rows bold; the first table's header frozen; numbers
right-aligned under right-aligned headers; columns whose header holds ``%`` hold fractions shown
as percentages (``0.0%``, the rule of every workbook we write); Booleans written as Booleans,
centred, with a format that reads TRUE/FALSE in LibreOffice too (which otherwise prints some as
1/0); widths from the longest text (capped); every sheet printed landscape, fitted to one page
wide.  Text starting with ``=``, ``+``, ``-`` or ``@`` is stored as text, never as a formula.
The file is written to a temporary file in the target's folder and moved onto the target with
:func:`os.replace`.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import polars as pl
from openpyxl import Workbook
from openpyxl.chart import BarChart, LineChart, Reference
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from pipeline.sinks.excel.contract import BOOLEAN_FORMAT, MAX_CELL_TEXT, PERCENT_FORMAT
from pipeline.sinks.excel.styles import cut_text

if TYPE_CHECKING:  # a type only: the sink does not depend on the season layer
    from pipeline.season.report import SeasonReport


FONT = Font(name="Calibri", size=11)
BOLD = Font(name="Calibri", size=11, bold=True)
TITLE = Font(name="Calibri", size=13, bold=True)
RIGHT = Alignment(horizontal="right")
CENTRE = Alignment(horizontal="center")  # where Excel puts TRUE/FALSE (LibreOffice: right)
LEFT = Alignment(horizontal="left", indent=1)  # a gap after a right-aligned number
DECIMAL = "#,##0.00"
INTEGER = "#,##0"
MAX_WIDTH = 45
CHART_PLAYERS = 10


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


def _write_table(
    ws: Worksheet, frame: pl.DataFrame, top: int, left: int = 1, title: str | None = None
) -> TableRange:
    """Write ``frame`` with its header at row ``top`` (after a title row when given)."""
    if title is not None:
        cell = ws.cell(row=top, column=left, value=title)
        cell.font = TITLE
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


def overlong_texts(report: SeasonReport) -> list[str]:
    """One line for each text of the report longer than an Excel cell holds: the workbook shows
    it cut, ending with the cut marker, and the Parquet files keep it whole.

    >>> from types import SimpleNamespace
    >>> report = SimpleNamespace(standings=pl.DataFrame({"player": ["Ann", "B" * 40_000]}))
    >>> overlong_texts(report)  # doctest: +ELLIPSIS
    ["table 'standings', row 2, column 'player': text of 40,000 characters ('BBBBB...…') cut..."]
    """
    lines: list[str] = []
    for table, frame in vars(report).items():
        if not isinstance(frame, pl.DataFrame):
            continue
        for name, dtype in frame.schema.items():
            if dtype != pl.String:
                continue
            too_long = (frame[name].str.len_chars() > MAX_CELL_TEXT).fill_null(False)
            for index in too_long.arg_true().to_list():
                text = str(frame[name][index])
                lines.append(
                    f"table {table!r}, row {index + 1}, column {name!r}: text of "
                    f"{len(text):,} characters ({text[:40] + '…'!r}) cut to fit an Excel cell "
                    f"({MAX_CELL_TEXT:,})"
                )
    return lines


def _widen(ws: Worksheet, frame: pl.DataFrame, left: int) -> None:
    for offset, name in enumerate(frame.columns):
        column = frame.get_column(name).head(200)
        if column.dtype == pl.String:
            longest = column.str.len_chars().max()
            width = int(longest) if isinstance(longest, int) else 0
        elif column.dtype.is_float() or "%" in name:
            width = 10
        else:
            width = max((len(f"{value:,}") for value in column.drop_nulls().to_list()), default=4)
        letter = get_column_letter(left + offset)
        current = ws.column_dimensions[letter].width or 0
        wanted = min(MAX_WIDTH, max(len(name) + 3, width + 2))
        ws.column_dimensions[letter].width = max(current, wanted)


def _page(ws: Worksheet, freeze: str | None = "A2") -> None:
    ws.freeze_panes = freeze
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def _standings_sheet(ws: Worksheet, report: SeasonReport) -> None:
    ranked = report.standings.filter(pl.col("ranked"))
    table = _write_table(ws, report.standings, 1)
    _page(ws)
    if ranked.height:
        chart = BarChart()
        chart.type = "bar"
        chart.title = "Wins (ranked players)"
        chart.y_axis.title = "wins"
        chart.y_axis.delete = False
        chart.x_axis.delete = False
        chart.x_axis.scaling.orientation = "maxMin"  # first place on top
        chart.y_axis.crosses = "max"  # and the wins axis along the bottom
        chart.y_axis.scaling.min = 0  # bars start at zero wins
        chart.legend = None
        last = table.header_row + ranked.height  # ranked players come first
        wins = table.column("wins")
        chart.add_data(
            Reference(ws, min_col=wins, min_row=table.header_row, max_row=last),
            titles_from_data=True,
        )
        players = table.column("player")
        chart.set_categories(Reference(ws, min_col=players, min_row=table.first_row, max_row=last))
        chart.height, chart.width = max(7.5, 1.5 + 0.5 * ranked.height), 16
        ws.add_chart(chart, f"A{table.last_row + 3}")


def _trend_sheet(ws: Worksheet, report: SeasonReport) -> None:
    """Cumulative wins after each night, a column per player, and their lines (the top ten).

    On a sheet of its own: a season of many players makes the table wide, and printed one page
    wide beside the standings it shrank them past reading.
    """
    trend = _write_table(ws, report.trend, 1)
    _page(ws, "C2")
    players_shown = [name for name in report.trend.columns[2:]][:CHART_PLAYERS]
    if players_shown and report.trend.height:
        line = LineChart()
        line.title = f"Cumulative wins per night (top {len(players_shown)})"
        line.y_axis.title = "wins"
        line.x_axis.title = "night"
        line.y_axis.delete = False
        line.x_axis.delete = False
        line.y_axis.scaling.min = 0
        first = trend.column(players_shown[0])
        line.add_data(
            Reference(
                ws,
                min_col=first,
                max_col=first + len(players_shown) - 1,
                min_row=trend.header_row,
                max_row=trend.last_row,
            ),
            titles_from_data=True,
        )
        for series in line.series:
            series.smooth = False  # a cumulative count never dips: no curve may draw one
        line.set_categories(
            Reference(
                ws, min_col=trend.column("night"), min_row=trend.first_row, max_row=trend.last_row
            )
        )
        line.height, line.width = 9, 24
        ws.add_chart(line, f"A{trend.last_row + 3}")


def _odds_sheet(ws: Worksheet, report: SeasonReport) -> None:
    table = _write_table(ws, report.categories, 1)
    _page(ws)
    chart = BarChart()
    chart.type = "col"
    chart.title = "Hands made at showdown: observed vs 7-card odds"
    chart.y_axis.title = "hands"
    chart.y_axis.scaling.min = 0
    chart.y_axis.delete = False
    chart.x_axis.delete = False
    for name in ("observed", "expected"):
        column = table.column(name)
        chart.add_data(
            Reference(ws, min_col=column, min_row=table.header_row, max_row=table.last_row),
            titles_from_data=True,
        )
    chart.set_categories(
        Reference(
            ws, min_col=table.column("category"), min_row=table.first_row, max_row=table.last_row
        )
    )
    chart.height, chart.width = 8, 18
    ws.add_chart(chart, f"A{table.last_row + 3}")
    note = ws.cell(
        row=table.last_row + 2,
        column=1,
        value="Showdown hands are not random hands (weak ones fold more often): "
        "expect flags over a long season.",
    )
    note.font = FONT


def _luck_sheet(ws: Worksheet, report: SeasonReport) -> None:
    table = _write_table(ws, report.luck, 1)
    _page(ws)
    _write_table(
        ws,
        report.suckouts,
        table.last_row + 3,
        title="Biggest suck-outs (lowest chance that still won at showdown)",
    )


def _yatzy_sheet(ws: Worksheet, report: SeasonReport) -> None:
    table = _write_table(ws, report.yatzy_standings, 1)
    _page(ws)
    _write_table(
        ws,
        report.yatzy_categories,
        table.last_row + 3,
        title="Average score per category vs one random roll",
    )


def build_season_workbook(report: SeasonReport) -> Workbook:
    """The season workbook in memory (see the module docstring for its sheets)."""
    book = Workbook()
    standings = book.active
    assert standings is not None
    standings.title = "Standings"
    _standings_sheet(standings, report)
    _trend_sheet(book.create_sheet("Trend"), report)
    _odds_sheet(book.create_sheet("Hand odds"), report)
    _luck_sheet(book.create_sheet("Luck"), report)
    head = book.create_sheet("Head to head")
    _write_table(head, report.head_to_head, 1)
    _page(head, "B2")
    _yatzy_sheet(book.create_sheet("Yatzy"), report)
    nights = book.create_sheet("Nights")
    _write_table(nights, report.nights, 1)
    _page(nights)
    return book


def write_season_workbook(report: SeasonReport, path: Path) -> Path:
    """Write the season workbook to ``path`` atomically (temp file in the same folder, then
    :func:`os.replace`); returns ``path``."""
    book = build_season_workbook(report)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(handle)
    try:
        book.save(temporary)
        with open(temporary, "rb") as saved:
            os.fsync(saved.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return path


__all__ = ["TableRange", "build_season_workbook", "overlong_texts", "write_season_workbook"]
