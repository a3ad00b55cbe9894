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

from pipeline.games.poker.logs.hand_log_game import GAME_SHAPED_COLUMNS, SIDE_COLUMNS
from pipeline.records.hand_log import STUD_DRAW_COLUMNS
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


FIVE_CARD_CSV = "round,player,hand\n1,Black,2H 3D 5S 9C KD\n1,White,2C 3H 4S 8C AH\n"


@pytest.fixture(scope="module")
def printed(night: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every sheet kind of the night, and a five-card night, opened once."""
    five = tmp_path_factory.mktemp("five")
    (five / "kata.csv").write_text(FIVE_CARD_CSV, encoding="utf-8")
    result = run_cli("run", str(five / "kata.csv"), "-o", str(five / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    out = night / "out"
    return {
        "players": openpyxl.load_workbook(out / "spring.csv.xlsx"),
        "yatzy": openpyxl.load_workbook(out / "dice.csv.xlsx"),
        "hands": openpyxl.load_workbook(out / "log.txt.xlsx"),
        "rounds": openpyxl.load_workbook(out / "club.xlsx"),
        "five": openpyxl.load_workbook(five / "out" / "kata.csv.xlsx"),
    }


def printed_scale(sheet: Any) -> int | None:
    """The print scale a sheet asks for (``None``: one page wide, the reader's to compute)."""
    fit = sheet.sheet_properties.pageSetUpPr
    if fit is not None and fit.fitToPage:
        assert (sheet.page_setup.fitToWidth or 1) == 1, sheet.title  # one page wide
        assert sheet.page_setup.fitToHeight == 0, sheet.title  # as many pages down as needed
        return None
    return int(sheet.page_setup.scale or 100)


@pytest.mark.parametrize(
    ("book", "title", "header_row", "scale", "title_columns"),
    [
        # 15 columns with the win % per street: pages across, round and player on each
        ("players", "spring", 1, 60, "$A:$D"),
        ("five", "kata", 1, None, None),
        ("yatzy", "dice", 1, None, None),
        ("rounds", "Night 1", 3, None, None),
        ("hands", "hands", 1, 60, "$A:$B"),  # 29 columns: pages across, hand and player on each
        ("players", "Summary", None, None, None),
        ("hands", "Summary", None, None, None),
        ("players", "Issues", 1, None, None),
        # One page wide: its widest issue, the game not read, now names the game's words only
        # (issue 20), not the rest of its header line.
        ("hands", "Issues", 1, None, None),
    ],
    ids=lambda value: str(value),
)
def test_every_sheet_kind_prints_legibly(
    printed: dict[str, Any],
    book: str,
    title: str,
    header_row: int | None,
    scale: int | None,
    title_columns: str | None,
) -> None:
    """Issue 24: landscape, the header row on every page, one page wide when that is legible,
    else at 60 % or more with the key columns on every page across."""
    sheet = printed[book][title]
    assert sheet.page_setup.orientation == "landscape"
    wanted_rows = None if header_row is None else f"${header_row}:${header_row}"
    assert sheet.print_title_rows == wanted_rows
    assert printed_scale(sheet) == scale
    assert sheet.print_title_cols == title_columns
    if scale is not None:
        assert scale >= 60
        assert sheet.page_setup.pageOrder == "overThenDown"  # a page's rows, then across


def test_a_hand_log_puts_what_a_reader_needs_first_and_groups_the_rest(
    printed: dict[str, Any],
) -> None:
    sheet = printed["hands"]["hands"]
    header = [cell.value for cell in sheet[1]]
    assert header[:13] == [
        "hand_id", "player", "position", "hole", "board", "hand", "winner",
        "win_preflop %", "win_flop %", "win_turn %", "put_in", "won", "net",
    ]  # fmt: skip
    technical = ["tournament", "round", "date", "seat", "button", "stack", "mucked", "line",
                 "variant"]  # fmt: skip
    # and the reader's site, zone, format, buy-in, table size and actions, once it gives them
    technical += [name for name in SIDE_COLUMNS if name in header and name not in technical]
    # then the log's columns only some games fill, where no row here does (stud's, draw's)
    blank = [
        name
        for name in GAME_SHAPED_COLUMNS
        if name in header
        and all(
            row[header.index(name)] in (None, "") for row in sheet.iter_rows(2, values_only=True)
        )
    ]
    assert set(STUD_DRAW_COLUMNS) <= set(blank)
    technical += blank
    assert header[-len(technical) :] == technical
    for name in technical:  # grouped and collapsed: hidden, so never printed
        letter = get_column_letter(header.index(name) + 1)
        dimension = next(
            found
            for found in sheet.column_dimensions.values()
            if (found.min or 0) <= header.index(name) + 1 <= (found.max or 0)
        )
        assert dimension.hidden and dimension.outlineLevel == 1, letter
    shown = [name for name in header if name not in technical]
    assert "table" in shown and "hand_detail" in shown


NOTED = {
    "players": ["hand_detail", "best_five", "rank", "winner", "win_preflop %", "win_flop %",
                "win_turn %"],
    "hands": ["hand_detail", "best_five", "rank", "winner", "win_flop %", "put_in", "won",
              "mucked", "stated_hand", "folded_street", "line"],
    "yatzy": ["category_chosen", "total", "rank", "winner", "score"],
    "rounds": ["winner", "winning_hand"],
}  # fmt: skip


@pytest.mark.parametrize("book", sorted(NOTED))
def test_headers_that_need_it_carry_a_one_line_note(printed: dict[str, Any], book: str) -> None:
    workbook = printed[book]
    sheet = workbook.worksheets[0]
    header_row = 3 if book == "rounds" else 1
    notes = {str(cell.value): cell.comment.text for cell in sheet[header_row] if cell.comment}
    for name in NOTED[book]:
        assert name in notes, f"{book}: {name} has no note"
        assert "\n" not in notes[name] and 10 < len(notes[name]) <= 120, (name, notes[name])
    assert "player" not in notes and "board" not in notes  # obvious headings stay bare
    issues = {str(cell.value): cell.comment for cell in workbook["Issues"][1] if cell.comment}
    assert {"row", "code"} <= set(issues), book


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="needs LibreOffice")
def test_every_printed_page_of_the_night_is_legible(night: Path, tmp_path: Path) -> None:
    """Printed through LibreOffice, every page's text is 6 pt or more (bench.print_legibility)."""
    from bench.print_legibility import FLOOR_POINTS, measure

    measured = measure(sorted((night / "out").glob("*.xlsx")), tmp_path)
    assert measured
    for sheet in measured:
        assert sheet.smallest is None or sheet.smallest >= FLOOR_POINTS, sheet
