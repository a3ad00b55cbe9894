"""The season workbook's native Excel charts (:mod:`openpyxl.chart`), each with a title on both
axes and sized to its data: a bar chart grows :data:`BAR_CM` per bar.

Every series references the cells of the table it plots, so a chart never shows a number the
sheet does not.
"""

from __future__ import annotations

from openpyxl.chart import BarChart, LineChart, Reference
from openpyxl.worksheet.worksheet import Worksheet

from pipeline.sinks.excel.season.layout import PageFlow, TableRange

BAR_CM = 0.55
"""Height per bar of a horizontal bar chart, in centimetres."""
CHART_MARGIN_CM = 4.0
"""Room for a chart's title (two lines when long) and its value axis with the axis title."""


def max_bars(flow: PageFlow) -> int:
    """The most bars a horizontal bar chart shows and still fits a printed page."""
    return max(1, int((flow.chart_cm(1_000.0) - CHART_MARGIN_CM) / BAR_CM))


def wins_bars(
    ws: Worksheet,
    table: TableRange,
    bars: int,
    title: str,
    flow: PageFlow,
    measure: str = "wins",
) -> BarChart:
    """Horizontal bars of the ``measure`` column (``wins``, ``pots won``, ``net``, ...) of the
    table's first ``bars`` players, first on top; the axis starts at zero unless a bar is
    below it (a net loss)."""
    chart = BarChart()
    chart.type = "bar"
    chart.title = title
    chart.x_axis.title = "player"
    chart.y_axis.title = measure
    chart.y_axis.delete = False
    chart.x_axis.delete = False
    chart.x_axis.scaling.orientation = "maxMin"  # first place on top
    chart.y_axis.crosses = "max"  # and the wins axis along the bottom
    column = table.column(measure)
    values = [
        ws.cell(row=row, column=column).value
        for row in range(table.first_row, table.first_row + bars)
    ]
    if all(not isinstance(value, int | float) or value >= 0 for value in values):
        chart.y_axis.scaling.min = 0  # bars start at zero
    else:
        chart.x_axis.tickLblPos = "low"  # names at the left edge, not over a loss's bar
    chart.legend = None
    chart.x_axis.tickLblSkip = 1  # every player's name, never every other one
    last = table.header_row + bars
    chart.add_data(
        Reference(ws, min_col=column, min_row=table.header_row, max_row=last),
        titles_from_data=True,
    )
    players = table.column("player")
    chart.set_categories(Reference(ws, min_col=players, min_row=table.first_row, max_row=last))
    chart.height = flow.chart_cm(CHART_MARGIN_CM + BAR_CM * bars)
    chart.width = flow.chart_width_cm(16.0)
    return chart


def cumulative_lines(
    ws: Worksheet,
    table: TableRange,
    players: int,
    flow: PageFlow,
    *,
    title: str | None = None,
    measure: str = "cumulative wins",
) -> LineChart:
    """A straight line per player column (the ``players`` after ``date``) across the nights'
    dates; the value axis from zero unless a value is below it (a net loss)."""
    line = LineChart()
    line.title = title or f"Cumulative wins after each night (top {players})"
    line.y_axis.title = measure
    # The nights' dates along the axis; a season whose nights have none: their numbers.
    dated = any(
        ws.cell(row=row, column=table.column("date")).value is not None
        for row in range(table.first_row, table.last_row + 1)
    )
    axis = "date" if dated else "night"
    line.x_axis.title = axis
    if dated:
        line.x_axis.number_format = "yyyy-mm-dd"
    line.y_axis.delete = False
    line.x_axis.delete = False
    first = table.column("date") + 1
    values = [
        ws.cell(row=row, column=column).value
        for row in range(table.first_row, table.last_row + 1)
        for column in range(first, first + players)
    ]
    if all(not isinstance(value, int | float) or value >= 0 for value in values):
        line.y_axis.scaling.min = 0
    else:
        line.x_axis.tickLblPos = "low"  # the dates along the bottom, below any loss
    line.add_data(
        Reference(
            ws,
            min_col=first,
            max_col=first + players - 1,
            min_row=table.header_row,
            max_row=table.last_row,
        ),
        titles_from_data=True,
    )
    for series in line.series:
        series.smooth = False  # a cumulative count never dips: no curve may draw one
    line.set_categories(
        Reference(ws, min_col=table.column("date"), min_row=table.first_row, max_row=table.last_row)
    )
    line.height, line.width = flow.chart_cm(9.0), flow.chart_width_cm(24.0)
    return line


def category_columns(ws: Worksheet, table: TableRange, title: str, flow: PageFlow) -> BarChart:
    """Observed beside expected hands, a pair of columns per category."""
    chart = BarChart()
    chart.type = "col"
    chart.title = title
    chart.x_axis.title = "hand category"
    chart.y_axis.title = "showdown hands"
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
    chart.height, chart.width = flow.chart_cm(8.0), flow.chart_width_cm(20.0)
    return chart


__all__ = ["BAR_CM", "category_columns", "cumulative_lines", "max_bars", "wins_bars"]
