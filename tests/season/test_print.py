"""The season workbook's print settings and chart places, read back from the saved file.

Each sheet kind: a sheet with charts prints at a fixed scale, one page wide (60 % or more); a
long table fits one page wide with its header on every page; a too-wide trend prints across
with its night columns repeated.  Every chart has both axis titles and lies whole on one
printed page, below its table (never over a cell), the page measured as the sheet prints it:
rows of their set height, pages from the top and from each manual break, on the shorter of A4
and Letter landscape within the sheet's margins, at its scale.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
import pytest
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from pipeline.season.report import season_report
from pipeline.sinks.excel.season import write_season_workbook

EMU_PER_POINT = 12_700
LANDSCAPE_HEIGHT = 8.27 * 72  # A4 landscape, shorter than Letter's 8.5 in


def _season(folder: Path, players: int, name_length: int = 4) -> Path:
    """One night: player k plays (k % 7) + 1 rounds alone and wins them all."""
    folder.mkdir()
    rows = [
        {"round": f"{k}-{j}", "player": f"P{k:0{name_length - 1}d}", "cards": "x",
         "folded": False, "strength": 1, "winner": True}
        for k in range(players)
        for j in range(k % 7 + 1)
    ]  # fmt: skip
    pl.DataFrame(rows, schema_overrides={"strength": pl.UInt16}).write_parquet(
        folder / "night.parquet"
    )
    return folder


def _row_points(ws: Worksheet, row: int) -> float:
    dimension = ws.row_dimensions.get(row)  # never adds a row to the sheet
    height = dimension.height if dimension is not None else None
    return float(height or ws.sheet_format.defaultRowHeight)


def _page_height(ws: Worksheet) -> float:
    margins = ws.page_margins
    printable = LANDSCAPE_HEIGHT - 72 * (margins.top + margins.bottom)
    repeated = 0.0
    if ws.print_title_rows:
        first, last = (int(part.strip("$")) for part in ws.print_title_rows.split(":"))
        repeated = sum(_row_points(ws, row) for row in range(first, last + 1))
    return float(printable * 100 / (ws.page_setup.scale or 100) - repeated)


def _chart_rows(ws: Worksheet, chart: Any) -> tuple[int, int, float]:
    """The chart's first and last sheet rows (1-based) and its height in points."""
    anchor = chart.anchor
    first = anchor._from.row + 1
    height = anchor.ext.height / EMU_PER_POINT
    last, covered = first, _row_points(ws, first)
    while covered < height:
        last += 1
        covered += _row_points(ws, last)
    return first, last, height


def _assert_charts_whole_on_a_page(ws: Worksheet) -> None:
    assert ws.sheet_format.customHeight and ws.sheet_format.defaultRowHeight == 15
    breaks = sorted(brk.id for brk in ws.row_breaks.brk)  # a break after row id
    assert ws._charts, ws.title
    for chart in ws._charts:
        first, last, height = _chart_rows(ws, chart)
        page_top = max([brk + 1 for brk in breaks if brk + 1 <= first], default=1)
        assert not [brk for brk in breaks if first <= brk < last], (ws.title, first, last)
        above = sum(_row_points(ws, row) for row in range(page_top, first))
        assert above + height <= _page_height(ws), (ws.title, page_top, first, height)
        # Below a table, over no cell.
        assert any(ws.cell(row, 1).value is not None for row in range(1, first)), ws.title
        covered = [
            cell.coordinate
            for row in ws.iter_rows(min_row=first, max_row=last)
            for cell in row
            if cell.value is not None
        ]
        assert covered == [], (ws.title, covered)
        # An axis title on each axis.
        for axis in (chart.x_axis, chart.y_axis):
            assert axis.title is not None and not axis.delete, (ws.title, axis)


@pytest.mark.parametrize(
    "players", [3, 12, 40], ids=["chart-below", "chart-next-page", "bars-capped"]
)
def test_charts_lie_whole_on_one_page(tmp_path: Path, players: int) -> None:
    report = season_report(_season(tmp_path / "season", players))
    book = load_workbook(write_season_workbook(report, tmp_path / "season.xlsx"))
    for title in ("Standings", "Trend", "Hand odds"):
        _assert_charts_whole_on_a_page(book[title])
    standings = book["Standings"]
    (chart,) = standings._charts
    first, _, height = _chart_rows(standings, chart)
    table_end = 2 + players
    assert first > table_end
    if players == 3:  # room on the table's page: the chart right below it
        assert first == table_end + 2 and not standings.row_breaks.brk
    else:  # a page of its own, after a manual break under the table
        assert [brk.id for brk in standings.row_breaks.brk] == [table_end]
    # The bars: the players named from row 3 (under the title and the header) on.
    category = chart.series[0].cat
    bars = int((category.strRef or category.numRef).f.rsplit("$", 1)[1]) - 2
    if players == 40:  # a page holds fewer bars than players: the top ones, said in the title
        assert bars < players
        assert f"top {bars} of {players}" in str(chart.title.tx.rich.p[0].r[0].t)
    else:
        assert bars == players
    # Height grows with the bars.
    assert height >= (4.0 + bars * 0.55) * 72 / 2.54 - 1


def test_print_settings_per_sheet_kind(tmp_path: Path) -> None:
    report = season_report(_season(tmp_path / "season", 12))
    book = load_workbook(write_season_workbook(report, tmp_path / "season.xlsx"))
    for ws in book:
        assert ws.page_setup.orientation == "landscape", ws.title
    for title in ("Standings", "Trend", "Hand odds"):  # charts: one page wide, a fixed scale
        ws = book[title]
        assert not ws.sheet_properties.pageSetUpPr.fitToPage, title
        assert 60 <= (ws.page_setup.scale or 0) <= 100, title
        assert ws.print_title_cols is None, title
    assert book["Standings"].print_title_rows == "$1:$2"  # one game: its title and header
    for title in ("Trend by player", "Head to head", "Nights"):  # long tables
        ws = book[title]
        assert ws.sheet_properties.pageSetUpPr.fitToPage, title
        assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0), title
        assert ws.print_title_rows == "$1:$1", title
    for title in ("Luck", "Yatzy"):  # tables one under the other: one page wide
        ws = book[title]
        assert ws.sheet_properties.pageSetUpPr.fitToPage, title
        assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0), title


def test_a_wide_trend_prints_across_with_its_nights_repeated(tmp_path: Path) -> None:
    # 30 players with 30-character names do not fit one page wide at 60 %.
    report = season_report(_season(tmp_path / "season", 30, name_length=30), top=30)
    book = load_workbook(write_season_workbook(report, tmp_path / "season.xlsx"))
    trend = book["Trend"]
    assert trend.max_column == 32
    assert not trend.sheet_properties.pageSetUpPr.fitToPage
    assert trend.page_setup.scale == 60 and trend.page_setup.pageOrder == "overThenDown"
    assert trend.print_title_cols == "$A:$B"
    _assert_charts_whole_on_a_page(trend)


def test_headers_that_need_it_carry_a_note(season_folder: Path, tmp_path: Path) -> None:
    book = load_workbook(write_season_workbook(season_report(season_folder), tmp_path / "s.xlsx"))
    obvious = {"player", "night", "category", "round", "cards", "tournament", "date", "game"}
    headers = {
        "Standings": 2, "Trend by player": 1, "Hand odds": 2, "Luck": 1, "Head to head": 1,
        "Nights": 1,
    }  # fmt: skip
    for title, row in headers.items():
        for cell in book[title][row]:
            if cell.value is None or cell.value in obvious:
                continue
            assert cell.comment is not None, (title, cell.value)
            assert "\n" not in cell.comment.text.strip(), (title, cell.value)
    assert book["Standings"]["B2"].comment is None  # player: obvious
    assert "min-rounds" in book["Standings"]["A2"].comment.text
