"""Issue 11.18: the small ones, each as a user meets it."""

from __future__ import annotations

import zipfile
from importlib.metadata import version
from pathlib import Path

import polars as pl
import pytest
from openpyxl import Workbook, load_workbook

from pipeline.core.cards import CardError, parse_cards
from pipeline.core.kernel import KERNEL_NAME
from pipeline.sources.pokerstars.scanner import SCAN
from tests.helpers import run_cli


def test_a_nul_character_is_not_a_card() -> None:
    with pytest.raises(CardError, match="holds a NUL character"):
        parse_cards(["As\x00"])


def test_a_bom_on_stdin_does_not_break_the_first_round() -> None:
    result = run_cli("showdown", stdin="\ufeffKc 9s Ks Kd 9d 3c 6d\nAh Kh Ks Kd 9d 3c 6d\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "Kc 9s Ks Kd 9d 3c 6d Full House (winner)"


def test_equity_with_zero_samples_is_a_usage_error_not_a_traceback() -> None:
    result = run_cli("equity", "AhKh", "QsQc", "--samples", "0")
    assert result.returncode == 2
    assert "Traceback" not in result.stdout + result.stderr


def test_equity_with_one_hand_says_so() -> None:
    result = run_cli("equity", "AhKh")
    assert result.returncode == 2
    assert result.stderr == "Error: expected 2 to 10 hands of 2 hole cards, got 1 hand\n"


def test_version() -> None:
    result = run_cli("--version")
    reader = "C scanner" if SCAN is not None else "text engine"
    expected = (
        f"showdown {version('showdown')} (evaluator: {KERNEL_NAME} loop, PokerStars: {reader})\n"
    )
    assert (result.returncode, result.stdout) == (0, expected)


def test_counts_read_as_english(tmp_path: Path) -> None:
    (tmp_path / "one.csv").write_text(
        "round,player,cards\n1,Ann,As Ks Qs Js Ts 2c 3d\n", encoding="utf-8"
    )
    result = run_cli("run", str(tmp_path / "one.csv"), "-o", str(tmp_path / "out"))
    assert "one.csv: 1 row read, 0 scored, 1 rejected, 1 issue (" in result.stderr


MARKER = " …[cut: Excel holds 32,767 characters]"


def test_text_longer_than_a_cell_is_cut_with_a_marker_and_reported(tmp_path: Path) -> None:
    long_name, long_note = "N" * 40_000, "x" * 33_000
    (tmp_path / "night.csv").write_text(
        "round,player,cards,notes\n"
        f"1,{long_name},As Ks Qs Js Ts 2c 3d,\n"
        f"1,Bob,Ah Kh Qs Js Ts 2c 3d,{long_note}\n",
        encoding="utf-8",
    )
    result = run_cli("run", str(tmp_path / "night.csv"), "-o", str(tmp_path / "out"))
    assert result.returncode == 1, result.stdout + result.stderr
    book = load_workbook(tmp_path / "out" / "night.csv.xlsx", read_only=True)
    cells = {row[0].row: [cell.value for cell in row] for row in book["night"].iter_rows()}
    assert cells[2][1] == long_name[: 32_767 - len(MARKER)] + MARKER
    assert cells[3][3] == long_note[: 32_767 - len(MARKER)] + MARKER
    issues = pl.read_excel(tmp_path / "out" / "night.csv.xlsx", sheet_name="Issues")
    assert issues.select("file", "sheet", "row", "column", "value", "code", "message").rows() == [
        (
            "night.csv",
            "night",
            2,
            "player",
            "N" * 40 + "…",
            "text_cut",
            "text of 40,000 characters is longer than an Excel cell holds (32,767): cut in the "
            "workbook, ending '…[cut: Excel holds 32,767 characters]'; the Parquet file holds "
            "it in full",
        ),
        (
            "night.csv",
            "night",
            3,
            "notes",
            "x" * 40 + "…",
            "text_cut",
            "text of 33,000 characters is longer than an Excel cell holds (32,767): cut in the "
            "workbook, ending '…[cut: Excel holds 32,767 characters]'",
        ),
    ]
    scored = pl.read_parquet(tmp_path / "out" / "night.csv.poker.parquet")
    assert scored["player"].to_list() == [long_name, "Bob"]  # nothing cut where it fits


def test_a_producers_overlong_cell_is_cut_on_write_back(tmp_path: Path) -> None:
    """LibreOffice saves cells longer than Excel holds; openpyxl would write them back whole."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["round", "player", "cards", "notes"])
    sheet.append([1, "Ann", "As Ks Qs Js Ts 2c 3d", "PLACEHOLDER"])
    sheet.append([1, "Bob", "Ah Kh Qs Js Ts 2c 3d", None])
    book.save(tmp_path / "plain.xlsx")
    with (
        zipfile.ZipFile(tmp_path / "plain.xlsx") as plain,
        zipfile.ZipFile(tmp_path / "night.xlsx", "w") as long,
    ):
        for item in plain.infolist():
            data = plain.read(item)
            long.writestr(item, data.replace(b"PLACEHOLDER", b"y" * 50_000))
    result = run_cli("run", str(tmp_path / "night.xlsx"), "-o", str(tmp_path / "out"))
    assert result.returncode == 1, result.stdout + result.stderr
    written = load_workbook(tmp_path / "out" / "night.xlsx")
    assert written["Sheet"]["D2"].value == "y" * (32_767 - len(MARKER)) + MARKER
    issues = pl.read_excel(tmp_path / "out" / "night.xlsx", sheet_name="Issues")
    assert issues.select("row", "column", "code").rows() == [(2, "notes", "text_cut")]


def test_the_season_workbook_cuts_an_overlong_name_with_a_marker_and_says_so(
    tmp_path: Path,
) -> None:
    long_name = "N" * 40_000
    (tmp_path / "night.csv").write_text(
        f"round,player,cards\n1,{long_name},As Ks Qs Js Ts 2c 3d\n1,Bob,Ah Kh Qs Js Ts 2c 3d\n",
        encoding="utf-8",
    )
    run_cli("run", str(tmp_path / "night.csv"), "-o", str(tmp_path / "out"), "--no-equity")
    result = run_cli("season", str(tmp_path / "out"), "-o", str(tmp_path / "season.xlsx"))
    assert result.returncode == 1, result.stdout + result.stderr
    issues = [line for line in result.stderr.splitlines() if line.startswith("Issue:")]
    assert issues[0] == (
        f"Issue: {tmp_path / 'season.xlsx'}: table 'standings', row 1, column 'player': text of "
        f"40,000 characters ({'N' * 40 + '…'!r}) cut to fit an Excel cell (32,767)"
    )
    book = load_workbook(tmp_path / "season.xlsx", read_only=True)
    names = [row[1] for row in book["Standings"].iter_rows(values_only=True)]
    assert long_name[: 32_767 - len(MARKER)] + MARKER in names
