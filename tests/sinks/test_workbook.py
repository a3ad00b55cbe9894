"""The workbook writer, checked on real files reopened with openpyxl and fastexcel (calamine)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.styles import Font

from pipeline.sinks.excel.contract import BOOLEAN_FORMAT, EMPTY_BLOCK, LEGEND, NO_ISSUES
from pipeline.sinks.excel.workbook import (
    MAX_COLUMNS,
    SheetOutput,
    sanitize_title,
    write_workbook,
)

ISSUES = pl.DataFrame(
    {"file": ["a.xlsx"], "sheet": ["Round 1"], "row": [7], "message": ["bad card 'Zz'"]}
)
EMPTY_ISSUES = pl.DataFrame(schema={"file": pl.String, "row": pl.Int64, "message": pl.String})
SUMMARY = [
    ("Winners", pl.DataFrame({"player": ["Ann", "Bob"], "wins": [3, 1]})),
    ("Tables", pl.DataFrame({"table": [1], "rounds": [12]})),
]


def round_table() -> pl.DataFrame:
    return pl.DataFrame(
        {
            "player": ["Ann", '=HYPERLINK("x")', "+Cy", "-Dee", "@Eve", "#N/A", "Fi\x07n", None],
            "cards": [["Kh", "Kd"], ["9s", "9c"], None, ["2c", "3c"], [], ["Ah"], ["Td"], None],
            "chips": [100, 250, None, 0, 5, 6, 7, 8],
            "win_preflop": [55.25, 44.75, None, float("nan"), 1.0, 2.0, 3.0, 4.0],
            "winner": [True, False, None, False, False, False, False, True],
        }
    )


def formula_cells(path: Path) -> list[str]:
    book = load_workbook(path)
    return [
        f"{sheet.title}!{cell.coordinate}"
        for sheet in book
        for row in sheet.iter_rows()
        for cell in row
        if cell.data_type == "f"
    ]


def rule_list(sheet: Any) -> list[tuple[str, str]]:
    return [
        (str(formatting.sqref), rule.formula[0])
        for formatting in sheet.conditional_formatting
        for rule in formatting.rules
    ]


def test_new_workbook_content_types_booleans_and_nulls(tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    table = round_table()
    write_workbook(target, [SheetOutput("Round 1", table)], SUMMARY, ISSUES)

    sheet = load_workbook(target)["Round 1"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("player", "cards", "chips", "win_preflop", "winner")
    assert rows[1] == ("Ann", "Kh Kd", 100, 55.25, True)
    assert rows[3] == ("+Cy", None, None, None, None), "nulls and NaN must be empty cells"
    assert rows[4][3] is None, "NaN must be an empty cell"
    assert rows[7][0] == "Fin", "XML-illegal characters are removed"
    assert sheet["E2"].data_type == "b" and sheet["C2"].data_type == "n"

    back = pl.read_excel(target, sheet_name="Round 1", engine="calamine")
    assert back["chips"].dtype == pl.Int64, back.schema
    assert back["winner"].to_list() == [True, False, None, False, False, False, False, True]
    assert back["cards"].to_list()[:4] == ["Kh Kd", "9s 9c", None, "2c 3c"]


def test_formula_like_text_stays_text(tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    table = round_table()
    sheet_output = SheetOutput("Round 1", table, highlight=pl.Series([True] * 8))
    write_workbook(target, [sheet_output], SUMMARY, table.select("player"))

    assert formula_cells(target) == []
    book = load_workbook(target)
    expected = ['=HYPERLINK("x")', "+Cy", "-Dee", "@Eve", "#N/A"]
    for name in ("Round 1", "Issues"):
        got = [book[name].cell(row, 1).value for row in range(3, 8)]
        types = [book[name].cell(row, 1).data_type for row in range(3, 8)]
        assert got == expected, f"{name}: {got}"
        assert types == ["s"] * 5, f"{name}: {types}"
    for name in ("Round 1", "Issues"):
        back = pl.read_excel(target, sheet_name=name, engine="calamine")
        assert back["player"].to_list()[1:6] == expected, f"{name}: {back['player'].to_list()}"


def test_highlight_and_muted_not_in_table_style_cells(tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    table = pl.DataFrame({"player": ["Ann", "Bob", "Cy"], "chips": [1, None, 3]})
    sheet_output = SheetOutput(
        "R",
        table,
        highlight=pl.Series([True, False, None]),
        muted=pl.Series([False, True, False]),
    )
    write_workbook(target, [sheet_output], [], EMPTY_ISSUES)

    sheet = load_workbook(target)["R"]
    assert rule_list(sheet) == []
    for column in "AB":
        winner, fold, plain = (sheet[f"{column}{row}"] for row in (2, 3, 4))
        assert winner.fill.fgColor.rgb[-6:] == "C6EFCE" and winner.font.b, winner.coordinate
        assert fold.font.color.rgb[-6:] == "808080" and not fold.font.b, fold.coordinate
        assert fold.fill.fill_type is None and plain.fill.fill_type is None, column
        assert winner.font.name == "Calibri" and winner.font.sz == 11


def test_highlight_that_is_a_column_becomes_one_rule(tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    table = round_table()
    sheet_output = SheetOutput(
        "Round 1", table, highlight=table["winner"], percent_columns=["win_preflop"]
    )
    write_workbook(target, [sheet_output], [], EMPTY_ISSUES)

    sheet = load_workbook(target)["Round 1"]
    assert rule_list(sheet) == [("A2:E9", "$E2=TRUE")]
    assert sheet["D2"].number_format == "0.0%" and sheet["C2"].number_format == "General"


def test_every_sheet_has_bold_frozen_filtered_calibri_header(tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    table = round_table()
    write_workbook(target, [SheetOutput("Round 1", table)], SUMMARY, ISSUES)

    book = load_workbook(target)
    assert book.sheetnames == ["Round 1", "Summary", "Issues"]
    for name, filter_ref in (("Round 1", "A1:E9"), ("Issues", "A1:D2")):
        sheet = book[name]
        assert sheet.freeze_panes == "A2", name
        assert sheet.auto_filter.ref == filter_ref, name
        for cell in sheet[1]:
            assert cell.font.b and cell.font.name == "Calibri" and cell.font.sz == 11, cell
        widths = [sheet.column_dimensions[letter].width for letter in "ABCD"]
        assert all(6 <= width <= 50 for width in widths), f"{name}: {widths}"
    assert book["Round 1"].column_dimensions["A"].width >= len('=HYPERLINK("x")')


def test_summary_blocks_and_empty_issues(tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    write_workbook(target, [], SUMMARY, EMPTY_ISSUES)

    book = load_workbook(target)
    rows = list(book["Summary"].iter_rows(values_only=True))
    assert rows == [
        ("Winners", None),
        ("player", "wins"),
        ("Ann", 3),
        ("Bob", 1),
        (None, None),
        ("Tables", None),
        ("table", "rounds"),
        (1, 12),
        (None, None),
        *((line, None) for line in LEGEND),
    ]
    assert book["Summary"]["A1"].font.b and book["Summary"]["A2"].font.b
    # A number column's heading sits on the numbers' side, text headings on the left.
    assert book["Summary"]["B2"].alignment.horizontal == "right"
    assert book["Summary"]["A2"].alignment.horizontal is None
    # An empty Issues sheet says so, under its header.
    assert list(book["Issues"].iter_rows(values_only=True)) == [
        ("file", "row", "message"),
        (NO_ISSUES, None, None),
    ]


def test_summary_block_without_rows_says_none_and_each_column_has_its_look(
    tmp_path: Path,
) -> None:
    target = tmp_path / "out.xlsx"
    blocks = [
        ("Biggest swings", pl.DataFrame(schema={"player": pl.String, "lowest %": pl.Float64})),
        (
            "Players",
            pl.DataFrame({"wins": [3], "player": ["Ann"], "win rate %": [0.25], "ranked": [True]}),
        ),
    ]
    write_workbook(target, [], blocks, EMPTY_ISSUES)

    sheet = load_workbook(target)["Summary"]
    assert [row[0] for row in sheet.iter_rows(max_row=4, values_only=True)] == [
        "Biggest swings", "player", EMPTY_BLOCK, None
    ]  # fmt: skip
    assert [cell.value for cell in sheet[6]] == ["wins", "player", "win rate %", "ranked"]
    header, values = sheet[6], sheet[7]
    # numbers right, text after a number indented off it, percentages as such, Booleans centred
    assert [cell.alignment.horizontal for cell in header] == ["right", "left", "right", "center"]
    assert values[1].alignment.indent == 1 and header[1].alignment.indent == 1
    assert values[2].number_format == "0.0%" and values[2].value == 0.25
    assert values[3].number_format == BOOLEAN_FORMAT and values[3].alignment.horizontal == "center"


def producer_book(path: Path) -> None:
    """A producer's sheet: title row, header on row 2, a note column, a formula, formatting."""
    book = Workbook()
    sheet = book.active
    sheet.title = "Round 1"
    sheet.append(["Spring Open, table 3"])
    sheet.append(["player", "cards", "note", "total"])
    for number, (player, cards) in enumerate([("Ann", "Kh Kd"), ("Bob", "9s 9c"), ("Cy", "2c 3c")]):
        row = number + 3
        sheet.append([player, cards, f"seat {number + 1}", f"=LEN(B{row})"])
    sheet["A3"].font = Font(bold=True, italic=True)
    sheet["C4"].number_format = "@"
    sheet.column_dimensions["C"].width = 33
    other = book.create_sheet("Summary")  # the producer's own sheet of that name
    other["A1"] = "producer notes"
    book.save(path)


def test_write_back_keeps_producer_and_appends_on_the_right_rows(tmp_path: Path) -> None:
    source, target = tmp_path / "producer.xlsx", tmp_path / "scored.xlsx"
    producer_book(source)
    scored = pl.DataFrame(
        {"hand": ["Two Pair", "=One Pair"], "win_preflop": [81.25, 18.75], "winner": [True, False]}
    )
    sheet_output = SheetOutput(
        "Round 1",
        scored,
        excel_rows=[5, 3],  # out of order, row 4 missing
        header_row=2,
        highlight=scored["winner"],
        percent_columns=["win_preflop"],
    )
    write_workbook(target, [sheet_output], SUMMARY, ISSUES, source=source)

    book = load_workbook(target)
    assert book.sheetnames == ["Round 1", "Summary", "Summary (Showdown)", "Issues"]
    assert book["Summary"]["A1"].value == "producer notes"
    sheet = book["Round 1"]
    assert [cell.value for cell in sheet[2]] == [
        "player", "cards", "note", "total", "hand", "win_preflop", "winner",
    ]  # fmt: skip
    assert [cell.value for cell in sheet[3]][4:] == ["=One Pair", 18.75, False]
    assert [cell.value for cell in sheet[4]][4:] == [None, None, None]
    assert [cell.value for cell in sheet[5]][4:] == ["Two Pair", 81.25, True]
    assert sheet["E3"].data_type == "s"
    assert sheet["D5"].value == "=LEN(B5)" and sheet["D5"].data_type == "f"
    assert sheet["A3"].font.b and sheet["A3"].font.i
    assert sheet["C4"].number_format == "@" and sheet.column_dimensions["C"].width == 33
    assert sheet["E2"].font.b and sheet["F3"].number_format == "0.0%"
    assert rule_list(sheet) == [("A3:G5", "$G3=TRUE")]
    assert sheet.freeze_panes == "A3" and sheet.auto_filter.ref == "A2:G5"

    back = pl.read_excel(
        target, sheet_name="Round 1", engine="calamine", read_options={"header_row": 1}
    )
    assert back["hand"].to_list() == ["=One Pair", None, "Two Pair"]


def test_write_back_replaces_our_own_summary_sheets(tmp_path: Path) -> None:
    source, target = tmp_path / "producer.xlsx", tmp_path / "scored.xlsx"
    producer_book(source)
    scored = pl.DataFrame({"hand": ["Flush"]})
    sheet_output = SheetOutput("Round 1", scored, excel_rows=[3], header_row=2)
    write_workbook(target, [sheet_output], SUMMARY, ISSUES, source=source)
    write_workbook(target, [], [("Only", pl.DataFrame({"x": [1]}))], EMPTY_ISSUES, source=target)

    book = load_workbook(target)
    assert book.sheetnames == ["Round 1", "Summary", "Summary (Showdown)", "Issues"]
    assert book["Summary (Showdown)"]["A1"].value == "Only"
    assert [row[0] for row in book["Issues"].iter_rows(values_only=True)][1:] == [NO_ISSUES]


def test_write_back_flags_without_a_column_style_the_cells(tmp_path: Path) -> None:
    source, target = tmp_path / "producer.xlsx", tmp_path / "scored.xlsx"
    producer_book(source)
    sheet_output = SheetOutput(
        "Round 1",
        pl.DataFrame({"hand": ["Flush", "Pair"]}),
        excel_rows=[3, 4],
        header_row=2,
        highlight=pl.Series([True, False]),
        muted=pl.Series([False, True]),
    )
    write_workbook(target, [sheet_output], [], EMPTY_ISSUES, source=source)

    sheet = load_workbook(target)["Round 1"]
    assert rule_list(sheet) == []
    assert sheet["A3"].fill.fgColor.rgb[-6:] == "C6EFCE"
    assert sheet["A3"].font.b and sheet["A3"].font.i, "the producer's italic survives"
    assert sheet["E3"].fill.fgColor.rgb[-6:] == "C6EFCE" and sheet["E3"].font.b
    assert sheet["C4"].font.color.rgb[-6:] == "808080" and sheet["C4"].number_format == "@"
    assert sheet["A5"].fill.fill_type is None


def test_write_back_missing_sheet_is_an_error(tmp_path: Path) -> None:
    source = tmp_path / "producer.xlsx"
    producer_book(source)
    sheet_output = SheetOutput("Round 9", pl.DataFrame({"x": [1]}), excel_rows=[3], header_row=2)
    with pytest.raises(ValueError, match="'Round 9'"):
        write_workbook(tmp_path / "out.xlsx", [sheet_output], [], EMPTY_ISSUES, source=source)


def test_atomic_replace_keeps_old_file_when_a_write_fails(tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    write_workbook(target, [SheetOutput("Good", pl.DataFrame({"x": [1]}))], [], EMPTY_ISSUES)
    before = target.read_bytes()

    unwritable = pl.DataFrame({"x": [1, 2]}).with_columns(
        pl.Series("object", [object(), object()], dtype=pl.Object)
    )
    sheets = [SheetOutput("Fine", pl.DataFrame({"x": [1]})), SheetOutput("Bad", unwritable)]
    with pytest.raises(ValueError):  # no workbook holds a Python object
        write_workbook(target, sheets, [], EMPTY_ISSUES)

    assert target.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["out.xlsx"], "no temporary file may be left behind"
    assert load_workbook(target).sheetnames == ["Good", "Summary", "Issues"]


def test_atomic_replace_swaps_the_file(tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    target.write_bytes(b"old")
    write_workbook(target, [], [], EMPTY_ISSUES)
    assert load_workbook(target).sheetnames == ["Summary", "Issues"]
    assert sorted(os.listdir(tmp_path)) == ["out.xlsx"]


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Round 1", "Round 1"),
        ("a/b\\c?d*e:f[g]", "a_b_c_d_e_f_g_"),
        ("x" * 40, "x" * 31),
        ("'quoted'", "quoted"),
        ("History", "History_"),
        ("bell\x07", "bell"),
        ("", "Sheet"),
    ],
    ids=["plain", "forbidden", "long", "apostrophes", "reserved", "control", "empty"],
)
def test_sanitize_title(title: str, expected: str) -> None:
    assert sanitize_title(title) == expected


def test_titles_are_sanitised_and_unique_in_the_file(tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    sheets = [
        SheetOutput("Round 1/Final", pl.DataFrame({"x": [1]})),
        SheetOutput("round 1?final", pl.DataFrame({"x": [2]})),
        SheetOutput("Summary", pl.DataFrame({"x": [3]})),
    ]
    write_workbook(target, sheets, [], EMPTY_ISSUES)
    assert load_workbook(target).sheetnames == [
        "Round 1_Final",
        "round 1_final (Showdown)",
        "Summary",
        "Summary (Showdown)",
        "Issues",
    ]


def test_too_many_columns_is_a_clear_error(tmp_path: Path) -> None:
    table = pl.DataFrame({f"c{index}": [1] for index in range(MAX_COLUMNS + 1)})
    with pytest.raises(ValueError, match=r"sheet 'Wide' needs 16,385 columns.*at most 16,384"):
        write_workbook(tmp_path / "out.xlsx", [SheetOutput("Wide", table)], [], EMPTY_ISSUES)
    assert os.listdir(tmp_path) == []


def test_mismatched_flags_are_an_error(tmp_path: Path) -> None:
    sheet_output = SheetOutput("R", pl.DataFrame({"x": [1, 2]}), highlight=pl.Series([True]))
    with pytest.raises(ValueError, match="sheet 'R': highlight must be a Boolean series of 2"):
        write_workbook(tmp_path / "out.xlsx", [sheet_output], [], EMPTY_ISSUES)


def test_a_long_issue_message_wraps_in_a_row_as_tall_as_it_needs(tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    issues = pl.DataFrame(
        {
            "file": ["a.csv"] * 3,
            "row": [2, 3, 4],
            "message": ["short", "word " * 40, "x" * 40_000],  # one line, three lines, the cap
        }
    )
    write_workbook(target, [], [], issues)

    sheet = load_workbook(target)["Issues"]
    # xlsxwriter stores a width with Excel's 5-pixel cell padding: 60 characters is 60.71
    assert sheet["C2"].alignment.wrap_text and sheet.column_dimensions["C"].width < 61
    heights = [sheet.row_dimensions[row].height for row in (2, 3, 4)]
    # Excel allows no row taller than 409 points (stored in whole pixels: 408.75)
    assert heights == [None, 45, pytest.approx(409, abs=0.5)], heights
