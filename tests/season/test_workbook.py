"""The season workbook read back with openpyxl: tables, formats, charts; the CLI."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import polars as pl
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.season.report import season_report
from pipeline.sinks.excel.season import write_season_workbook

EXPECTED_SHEETS = [
    "Standings", "Player stats", "Player pages", "Trend", "Trend by player", "Player nights",
    "Hand odds", "Luck", "Head to head", "Yatzy", "Nights", "Same player",
]  # fmt: skip


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
    # The game's block; one night records net chips, in no currency the file says.
    assert ws["A1"].value == "Hold'em — currency not recorded"
    assert [cell.value for cell in ws[2]] == [
        "place", "player", "rounds", "showdowns", "wins", "split wins", "pots won", "win rate %",
        "net", "best hand", "nights",
    ]  # fmt: skip
    assert [cell.value for cell in ws[3]][:8] == [1, "Ann", 4, 3, 2, 1, 1.5, 0.5]
    assert ws.freeze_panes == "A3"
    assert all(cell.font.bold and cell.font.name == "Calibri" for cell in ws[2] if cell.value)
    rate = _column(ws, "win rate %", 2)
    assert ws[f"{rate}2"].alignment.horizontal == "right"
    assert ws[f"{rate}3"].alignment.horizontal == "right"
    assert ws[f"{rate}3"].number_format == "0.0%"
    assert ws[f"{_column(ws, 'net', 2)}3"].value == -12.0
    assert (ws.column_dimensions[_column(ws, "best hand", 2)].width or 0) >= len(
        "Three of a Kind (Nines)"
    )
    odds = book["Hand odds"]
    assert odds["A1"].value == "Hold'em: 7 showdown hands by category against the exact odds"
    flag = _column(odds, "outside 95 %", 2)
    assert [odds[f"{flag}{row}"].value for row in (6, 7, 8)] == [True, True, False]
    assert odds[f"{flag}6"].data_type == "b"
    assert odds[f"{_column(odds, 'expected %', 2)}3"].number_format == "0.0%"


def test_charts_reference_their_tables(season_folder: Path, tmp_path: Path) -> None:
    path = write_season_workbook(season_report(season_folder), tmp_path / "season.xlsx")
    book = load_workbook(path)
    standings = book["Standings"]
    (bar,) = standings._charts
    # Ranked by pots won (no currency recorded): the bars are pots won.
    assert _refs(bar) == [("'Standings'!G2", "'Standings'!$G$3:$G$5", "'Standings'!$B$3:$B$5")]
    # The top players' trend: a row per poker night, a column per player, under a title.
    trend = book["Trend"]
    line, *_ = trend._charts  # the wins; then each money block's net won by date
    assert [trend.cell(2, column).value for column in range(1, 6)] == [
        "night", "date", "Ann", "Bob", "Cy",
    ]  # fmt: skip
    assert [trend[f"C{row}"].value for row in (3, 4)] == [2, 2]
    assert _refs(line) == [
        (f"'Trend'!{letter}2", f"'Trend'!${letter}$3:${letter}$4", "'Trend'!$B$3:$B$4")
        for letter in "CDE"
    ]  # fmt: skip
    # Cumulative wins never fall: the lines are drawn straight, never smoothed into a dip.
    assert all(series.smooth is False for series in line.series)
    assert trend.freeze_panes == "C3"
    # Every player's rows a click away.
    link = next(cell for cell in trend["A"] if cell.hyperlink is not None)
    assert link.hyperlink.location == "'Trend by player'!A1"
    (odds_chart,) = book["Hand odds"]._charts
    assert _refs(odds_chart) == [
        ("'Hand odds'!B2", "'Hand odds'!$B$3:$B$12", "'Hand odds'!$A$3:$A$12"),
        ("'Hand odds'!C2", "'Hand odds'!$C$3:$C$12", "'Hand odds'!$A$3:$A$12"),
    ]
    odds = book["Hand odds"]
    assert odds["B2"].value == "observed" and odds["C2"].value == "expected"
    assert [odds[f"B{row}"].value for row in range(3, 13)] == [1, 1, 1, 2, 2, 0, 0, 0, 0, 0]


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
    names = {ws[f"B{row}"].value: ws[f"B{row}"].data_type for row in (3, 4, 5)}
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
    assert nights["B2"].value.date() == dt.date(2026, 1, 12) and nights["B3"].value is None
    assert nights["H2"].value == "a.poker.parquet"


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
