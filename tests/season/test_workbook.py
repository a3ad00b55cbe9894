"""The season workbook read back with openpyxl: tables, formats, charts; the CLI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.season.report import season_report
from pipeline.sinks.excel.season import write_season_workbook

EXPECTED_SHEETS = ["Standings", "Trend", "Hand odds", "Luck", "Head to head", "Yatzy", "Nights"]


def _refs(chart: Any) -> list[tuple[str | None, str, str | None]]:
    refs = []
    for series in chart.series:
        title = series.tx.strRef.f if series.tx is not None and series.tx.strRef else None
        category = None
        if series.cat is not None:
            category = (series.cat.strRef or series.cat.numRef).f
        refs.append((title, series.val.numRef.f, category))
    return refs


def _column(ws: Worksheet, header: str, row: int = 1) -> str:
    for cell in ws[row]:
        if cell.value == header:
            return str(cell.column_letter)
    raise AssertionError(f"no header {header!r} in row {row}")


def test_sheets_tables_and_look(season_folder: Path, tmp_path: Path) -> None:
    path = write_season_workbook(season_report(season_folder), tmp_path / "out" / "season.xlsx")
    assert [p.name for p in path.parent.iterdir()] == ["season.xlsx"]  # no temp file left
    book = load_workbook(path)
    assert book.sheetnames == EXPECTED_SHEETS
    ws = book["Standings"]
    assert [cell.value for cell in ws[1]][:5] == ["place", "player", "rounds", "showdowns", "wins"]
    assert [cell.value for cell in ws[2]][:7] == [1, "Ann", 4, 3, 2, 1, 0.5]
    assert ws.freeze_panes == "A2"
    assert all(cell.font.bold and cell.font.name == "Calibri" for cell in ws[1] if cell.value)
    rate = _column(ws, "win rate %")
    assert ws[f"{rate}1"].alignment.horizontal == "right"
    assert ws[f"{rate}2"].alignment.horizontal == "right"
    assert ws[f"{rate}2"].number_format == "0.0%"
    assert ws[f"{_column(ws, 'ranked')}2"].value is True
    assert ws[f"{_column(ws, 'ranked')}2"].data_type == "b"
    assert ws[f"{_column(ws, 'chips won')}2"].value == -12.0
    assert ws.page_setup.fitToWidth == 1 and ws.sheet_properties.pageSetUpPr.fitToPage
    assert (ws.column_dimensions["I"].width or 0) >= len("Three of a Kind (Nines)")
    odds = book["Hand odds"]
    flag = _column(odds, "outside 95 %")
    assert [odds[f"{flag}{row}"].value for row in (5, 6, 7)] == [True, True, False]
    assert odds[f"{_column(odds, 'expected %')}2"].number_format == "0.0%"


def test_charts_reference_their_tables(season_folder: Path, tmp_path: Path) -> None:
    path = write_season_workbook(season_report(season_folder), tmp_path / "season.xlsx")
    book = load_workbook(path)
    standings = book["Standings"]
    (bar,) = standings._charts
    assert _refs(bar) == [("'Standings'!E1", "'Standings'!$E$2:$E$4", "'Standings'!$B$2:$B$4")]
    # The trend table on its own sheet (wide with many players): a row per poker night.
    trend = book["Trend"]
    (line,) = trend._charts
    assert [trend.cell(1, column).value for column in range(1, 6)] == [
        "night", "night name", "Ann", "Bob", "Cy",
    ]  # fmt: skip
    assert [trend[f"C{row}"].value for row in (2, 3)] == [2, 2]
    assert _refs(line) == [
        (f"'Trend'!{letter}1", f"'Trend'!${letter}$2:${letter}$3", "'Trend'!$A$2:$A$3")
        for letter in "CDE"
    ]  # fmt: skip
    # Cumulative wins never fall: the lines are drawn straight, never smoothed into a dip.
    assert all(series.smooth is False for series in line.series)
    assert trend.freeze_panes == "C2" and trend.page_setup.fitToWidth == 1
    (odds_chart,) = book["Hand odds"]._charts
    assert _refs(odds_chart) == [
        ("'Hand odds'!B1", "'Hand odds'!$B$2:$B$11", "'Hand odds'!$A$2:$A$11"),
        ("'Hand odds'!C1", "'Hand odds'!$C$2:$C$11", "'Hand odds'!$A$2:$A$11"),
    ]
    odds = book["Hand odds"]
    assert odds["B1"].value == "observed" and odds["C1"].value == "expected"
    assert [odds[f"B{row}"].value for row in range(2, 12)] == [1, 1, 1, 2, 2, 0, 0, 0, 0, 0]


def test_formula_like_text_is_written_as_text(tmp_path: Path) -> None:
    folder = tmp_path / "nights"
    folder.mkdir()
    pl.DataFrame(
        {"round": ["1", "1", "2"], "player": ["=HYPERLINK(1)", "@me", "+1"],
         "cards": ["x", "y", "z"], "folded": [False, True, False], "strength": [5, None, 9],
         "winner": [True, False, True]},
        schema_overrides={"strength": pl.UInt16},
    ).write_parquet(folder / "n.parquet")  # fmt: skip
    path = write_season_workbook(season_report(folder), tmp_path / "s.xlsx")
    ws = load_workbook(path)["Standings"]
    names = {ws[f"B{row}"].value: ws[f"B{row}"].data_type for row in (2, 3, 4)}
    assert names == {"=HYPERLINK(1)": "s", "@me": "s", "+1": "s"}


def test_cli_writes_the_workbook(season_folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "season.xlsx"
    result = CliRunner().invoke(
        app, ["season", str(season_folder), "-o", str(out), "--min-rounds", "2"]
    )
    assert result.exit_code == 0, result.output
    assert out.is_file()
    assert "3 poker players" in result.output
    assert load_workbook(out).sheetnames == EXPECTED_SHEETS


def test_cli_filters(season_folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "late.xlsx"
    result = CliRunner().invoke(
        app,
        ["season", str(season_folder), "-o", str(out), "--from", "2026-01-10",
         "--to", "2026-01-31", "--tournament", "Winter"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    nights = load_workbook(out)["Nights"]
    assert nights["B2"].value == "a.poker.parquet" and nights["B3"].value is None


def test_cli_bad_folder_is_one_error_line(tmp_path: Path) -> None:
    out = tmp_path / "season.xlsx"
    result = CliRunner().invoke(app, ["season", str(tmp_path / "missing"), "-o", str(out)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ")
    assert not out.exists()


def test_cli_bad_date_is_one_error_line(season_folder: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["season", str(season_folder), "--from", "yesterday"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "Error: --from 'yesterday' is not a date (YYYY-MM-DD)"
    ]
