"""Issue 14: what a producer sees, read back from the workbooks the job really writes: the
winners' cells on a sheet of one row per round, percentages as percentages, Booleans as TRUE and
FALSE in every sheet, numbers as numbers."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import openpyxl
import polars as pl
import pytest
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import range_boundaries

from pipeline.sinks.excel.contract import BOOLEAN_FORMAT, FOLD_FONT, PERCENT_FORMAT, WINNER_FILL
from tests.helpers import run_cli

HANDS = Path(__file__).resolve().parents[1] / "data" / "hand_histories"

# A player's cell is marked when the row's winner column names them: the formula the sink writes.
FIND_RULE = re.compile(r'^ISNUMBER\(FIND\("(?P<wanted>.*)",", "&\$(?P<column>[A-Z]+)\d+&","\)\)$')
NOT_EMPTY_RULE = re.compile(r'^\$(?P<column>[A-Z]+)\d+<>""$')
FOLD_RULE = re.compile(
    r'^OR\(RIGHT\(TRIM\((?P<cell>[A-Z]+)\d+\),5\)=" fold",'
    r'RIGHT\(TRIM\((?P=cell)\d+\),7\)=" folded"\)$'
)


def rounds_workbook(path: Path) -> None:
    """A producer's rounds sheet: a title, the header on row 3, a narrow notes column.

    Round 1: Ann's full house wins. Round 2: Jo and Jon split with the same ace-king (Ann
    folded her pair). Round 3: Jon's three queens beat Jo's two pair ("Jo" is in "Jon": the
    mark must not spill onto Jo).
    """
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Night 1"
    sheet["A1"] = "Club night"
    rows: list[list[object]] = [
        ["round", "board", "Ann", "Bob", "Jo", "Jon", "notes"],
        [1, "Ks Kd 9d 3c 6d", "Kc 9s", "9c Ah", None, "2h 3h", "first hand of the night"],
        [2, "2c 7d 9h Jd 4s", "3c 3d fold", None, "Ah Kh", "As Kd", None],
        [3, "Qs Jh 5c 4d 2h", "8c 8d", "Ac Kc", "Qc Js", "Qh Qd", "late"],
    ]
    for offset, row in enumerate(rows, start=3):
        for column, value in enumerate(row, start=1):
            sheet.cell(row=offset, column=column, value=value)
    sheet["C4"].font = Font(name="Calibri", italic=True)
    sheet.column_dimensions["G"].width = 6
    book.save(path)


def marked_cells(sheet: Any) -> dict[str, set[str]]:
    """Every cell a rule marks, worked out from the rules as Excel would apply them: players'
    cells marked as winners, our winner columns, and folded players' cells (grey)."""
    marked: dict[str, set[str]] = {"players": set(), "ours": set(), "folds": set()}
    for block in sheet.conditional_formatting:
        low_column, low_row, high_column, high_row = range_boundaries(str(block.sqref))
        for rule in block.rules:
            formula = rule.formula[0]
            find, not_empty = FIND_RULE.match(formula), NOT_EMPTY_RULE.match(formula)
            fold = FOLD_RULE.match(formula)
            assert find or not_empty or fold, f"unexpected rule {formula!r} on {block.sqref}"
            if fold:
                assert rule.dxf.font.color.rgb.endswith(FOLD_FONT), formula
                own = {get_column_letter(low_column), get_column_letter(high_column)}
                assert own == {fold["cell"]}, f"{formula!r} on {block.sqref}"
            else:
                assert rule.dxf.fill.fgColor.rgb.endswith(WINNER_FILL), formula
                assert rule.dxf.font.b, formula
            for row in range(low_row, high_row + 1):
                for column in range(low_column, high_column + 1):
                    where = f"{get_column_letter(column)}{row}"
                    if find:
                        names = sheet[f"{find['column']}{row}"].value or ""
                        wanted = find["wanted"].replace('""', '"')
                        if wanted in f", {names},":
                            marked["players"].add(where)
                    elif not_empty and sheet[f"{not_empty['column']}{row}"].value:
                        marked["ours"].add(where)
                    elif fold and str(sheet[where].value or "").strip().lower().endswith(
                        (" fold", " folded")
                    ):
                        marked["folds"].add(where)
    return marked


def test_rounds_write_back_marks_the_winners_own_cells(tmp_path: Path) -> None:
    rounds_workbook(tmp_path / "club.xlsx")
    result = run_cli("run", str(tmp_path / "club.xlsx"), "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    sheet = openpyxl.load_workbook(tmp_path / "out" / "club.xlsx")["Night 1"]
    assert [sheet.cell(row=3, column=c).value for c in (8, 9)] == ["winner", "winning_hand"]
    assert [sheet[f"H{row}"].value for row in (4, 5, 6)] == ["Ann", "Jo, Jon", "Jon"]

    marked = marked_cells(sheet)
    # Ann's cards in round 1, both split winners in round 2, only Jon (never Jo) in round 3.
    assert marked["players"] == {"C4", "E5", "F5", "F6"}
    assert marked["ours"] == {f"{column}{row}" for column in "HI" for row in (4, 5, 6)}
    assert marked["folds"] == {"C5"}  # Ann's "3c 3d fold"
    # One rule per player column, each over that column's rows of rounds.
    ranges = sorted(str(block.sqref) for block in sheet.conditional_formatting)
    assert ranges == ["C4:C6", "D4:D6", "E4:E6", "F4:F6", "H4:I6"]
    # The producer's own look stays underneath; their notes stay readable beside our columns.
    assert sheet["C4"].font.i and sheet["C4"].fill.fill_type is None
    assert sheet.column_dimensions["G"].width >= len("first hand of the night")


def test_rounds_csv_in_a_new_workbook_marks_the_same_cells(tmp_path: Path) -> None:
    (tmp_path / "club.csv").write_text(
        "round,board,Ann,Bob,Jo,Jon,notes\n"
        "1,Ks Kd 9d 3c 6d,Kc 9s,9c Ah,,2h 3h,first hand of the night\n"
        "2,2c 7d 9h Jd 4s,3c 3d fold,,Ah Kh,As Kd,\n"
        "3,Qs Jh 5c 4d 2h,8c 8d,Ac Kc,Qc Js,Qh Qd,late\n",
        encoding="utf-8",
    )
    result = run_cli("run", str(tmp_path / "club.csv"), "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    sheet = openpyxl.load_workbook(tmp_path / "out" / "club.csv.xlsx")["club"]
    assert [cell.value for cell in sheet[1]][-2:] == ["winner", "winning_hand"]
    marked = marked_cells(sheet)
    assert marked["players"] == {"C2", "E3", "F3", "F4"}
    assert marked["ours"] == {f"{column}{row}" for column in "HI" for row in (2, 3, 4)}
    assert marked["folds"] == {"C3"}


def test_players_write_back_marks_the_winners_rows(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Night"
    for row in (
        ["round", "player", "cards", "note"],
        [1, "Ann", "As Ks Qs Js Ts 2c 3d", "royal"],
        [1, "Bob", "9h 9d Qs Js Ts 2c 3d", None],
    ):
        sheet.append(row)
    book.save(tmp_path / "night.xlsx")
    result = run_cli("run", str(tmp_path / "night.xlsx"), "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    sheet = openpyxl.load_workbook(tmp_path / "out" / "night.xlsx")["Night"]
    header = [cell.value for cell in sheet[1]]
    winner = get_column_letter(header.index("winner") + 1)
    rules = [
        (str(block.sqref), rule.formula[0], rule.dxf.font.b)
        for block in sheet.conditional_formatting
        for rule in block.rules
    ]
    last = get_column_letter(len(header))
    assert (f"A2:{last}3", f"${winner}2=TRUE", True) in rules
    assert [sheet[f"{winner}{row}"].value for row in (2, 3)] == [True, False]


PLAYERS_CSV = """\
tournament,round,seat,player,hole,board,folded
Spring,1,1,Ann,Ah Kd,As Ks Qs Js 2d,false
Spring,1,2,Bob,2c 3d,As Ks Qs Js 2d,false
Spring,1,3,Cy,9h 9c,As Ks Qs,true
Spring,2,1,Ann,Qh Qd,2c 7d 9h Jd 4s,false
Spring,2,2,Bob,Kh Kc,2c 7d 9h Jd 4s,false
"""

YATZY_CSV = "game,round,player,dice,category\n" + "".join(
    f"G,{number},{player},{dice},\n"
    for number in range(1, 16)
    for player, dice in (("Ann", "6 6 6 5 5"), ("Bo", "1 2 3 4 5"))
)


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One night of every kind of workbook we write: players CSV, Yatzy CSV, a PokerStars log,
    a rounds workbook; then the season workbook over their Parquet files."""
    folder = tmp_path_factory.mktemp("night")
    inputs = folder / "in"
    inputs.mkdir()
    (inputs / "spring.csv").write_text(PLAYERS_CSV, encoding="utf-8")
    (inputs / "dice.csv").write_text(YATZY_CSV, encoding="utf-8")
    shutil.copy(HANDS / "pokerstars_mixed.txt", inputs / "log.txt")
    rounds_workbook(inputs / "club.xlsx")
    result = run_cli("run", str(inputs), "-o", str(folder / "out"))
    assert result.returncode in (0, 1), result.stdout + result.stderr
    season = run_cli("season", str(folder / "out"), "-o", str(folder / "season.xlsx"))
    assert season.returncode == 0, season.stdout + season.stderr
    return folder


def header_columns(sheet: Any, row: int = 1) -> dict[str, str]:
    return {str(cell.value): cell.column_letter for cell in sheet[row] if cell.value is not None}


def test_equity_is_a_percentage_with_the_sign_in_the_header(night: Path) -> None:
    sheet = openpyxl.load_workbook(night / "out" / "spring.csv.xlsx")["spring"]
    columns = header_columns(sheet)
    scored = pl.read_parquet(night / "out" / "spring.csv.poker.parquet").sort("row")
    for street in ("win_preflop", "win_flop", "win_turn"):
        letter = columns[f"{street} %"]  # Parquet keeps its own name and its 0..100 figures
        for row, figure in zip(scored["row"], scored[street], strict=True):
            cell = sheet[f"{letter}{row}"]
            if figure is None:
                assert cell.value is None, cell.coordinate
                continue
            assert cell.value == pytest.approx(figure / 100), cell.coordinate
            assert cell.number_format == PERCENT_FORMAT, cell.coordinate
        assert sheet[f"{letter}1"].alignment.horizontal == "right", street
    summary = openpyxl.load_workbook(night / "out" / "spring.csv.xlsx")["Summary"]
    rates = [
        (cell.value, cell.number_format)
        for row in summary.iter_rows()
        for cell in row
        if cell.value is not None and isinstance(cell.value, float)
    ]
    assert rates and all(number_format == PERCENT_FORMAT for _, number_format in rates), rates
    titles = [cell.value for row in summary.iter_rows() for cell in row if cell.value]
    assert "win rate %" in titles


def test_numbers_written_as_text_are_numbers_and_yes_no_text_stays(night: Path) -> None:
    sheet = openpyxl.load_workbook(night / "out" / "spring.csv.xlsx")["spring"]
    columns = header_columns(sheet)
    assert [sheet[f"{columns['round']}{row}"].value for row in (2, 5)] == [1, 2]
    assert sheet[f"{columns['seat']}2"].data_type == "n"
    assert sheet[f"{columns['round']}1"].alignment.horizontal == "right"
    assert [sheet[f"{columns['folded']}{row}"].value for row in (2, 4)] == [False, True]
    assert sheet[f"{columns['tournament']}2"].value == "Spring"


def test_printed_pages_carry_the_header_and_issues_print_their_own_columns(night: Path) -> None:
    book = openpyxl.load_workbook(night / "out" / "club.xlsx")
    assert book["Night 1"].print_title_rows == "$3:$3"  # written back: the producer's header row
    new = openpyxl.load_workbook(night / "out" / "log.txt.xlsx")
    assert new["hands"].print_title_rows == "$1:$1"
    issues = new["Issues"]
    header = [cell.value for cell in issues[1]]
    assert header[:7] == ["file", "sheet", "row", "column", "value", "code", "message"]
    assert issues.print_area == f"'Issues'!$A$1:$G${issues.max_row}"
    message = issues["G2"]
    # xlsxwriter stores a width with Excel's 5-pixel cell padding: 60 characters is 60.71
    assert message.alignment.wrap_text and issues.column_dimensions["G"].width < 61


def every_workbook(night: Path) -> list[Path]:
    return [*sorted((night / "out").glob("*.xlsx")), night / "season.xlsx"]


def test_booleans_read_true_false_in_every_sheet_we_write(night: Path) -> None:
    written = every_workbook(night)
    assert [path.name for path in written] == [
        "club.xlsx", "dice.csv.xlsx", "log.txt.xlsx", "spring.csv.xlsx", "season.xlsx"
    ]  # fmt: skip
    seen: dict[str, int] = {}
    for path in written:
        book = openpyxl.load_workbook(path)
        for sheet in book:
            for row in sheet.iter_rows():
                for cell in row:
                    if cell.data_type == "b":
                        where = f"{path.name}!{sheet.title}!{cell.coordinate}"
                        assert cell.number_format == BOOLEAN_FORMAT, where
                        assert cell.alignment.horizontal == "center", where
                        seen[path.name] = seen.get(path.name, 0) + 1
    assert set(seen) == {"dice.csv.xlsx", "log.txt.xlsx", "spring.csv.xlsx", "season.xlsx"}
    dice = openpyxl.load_workbook(night / "out" / "dice.csv.xlsx")["dice"]
    chosen = header_columns(dice)["category_chosen"]
    assert {dice[f"{chosen}{row}"].value for row in range(2, 32)} == {True}
    log = openpyxl.load_workbook(night / "out" / "log.txt.xlsx")["hands"]
    columns = header_columns(log)
    for name in ("button", "mucked", "folded", "winner"):
        assert log[f"{columns[name]}2"].data_type == "b", name


def test_every_percent_heading_holds_percentages(night: Path) -> None:
    """A numeric cell under a heading that ends in ``%`` is shown as a percentage, in the first
    table of every sheet of every workbook (headers on row 1, the table ends at a blank row)."""
    checked = 0
    for path in every_workbook(night):
        book = openpyxl.load_workbook(path)
        for sheet in book:
            if sheet.title in ("Summary",):
                continue
            last = next(
                (
                    row[0].row - 1
                    for row in sheet.iter_rows(min_row=2)
                    if not any(cell.value is not None for cell in row)
                ),
                sheet.max_row,
            )
            for name, letter in header_columns(sheet).items():
                if not name.endswith("%"):
                    continue
                for (cell,) in sheet[f"{letter}2:{letter}{last}"]:
                    if isinstance(cell.value, int | float) and not isinstance(cell.value, bool):
                        assert cell.number_format == PERCENT_FORMAT, (
                            f"{path.name}!{sheet.title}!{cell.coordinate}"
                        )
                        checked += 1
    assert checked > 20
