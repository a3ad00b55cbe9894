"""Tables taller than one Excel sheet continue on "NAME (2)", "NAME (3)"... (issue 11.10, issue
15): tried with a small sheet height passed in, on real files reopened with openpyxl."""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl
import pytest
from openpyxl import Workbook, load_workbook

from pipeline.sinks.excel.workbook import MAX_ROWS, SheetOutput, write_workbook

ISSUES = pl.DataFrame({"file": ["n.csv"] * 5, "row": [2, 3, 4, 5, 6], "message": list("abcde")})


def _values(book_path: Path, title: str) -> list[tuple[object, ...]]:
    return list(load_workbook(book_path)[title].iter_rows(values_only=True))


def _summary_lines(book_path: Path) -> list[str]:
    rows = _values(book_path, "Summary")
    return [" | ".join(str(cell) for cell in row if cell is not None) for row in rows]


def test_a_table_past_the_sheet_height_continues_on_numbered_sheets(tmp_path: Path) -> None:
    target = tmp_path / "night.xlsx"
    table = pl.DataFrame(
        {"player": [f"P{n}" for n in range(7)], "winner": [n % 3 == 0 for n in range(7)]}
    )
    sheet = SheetOutput("Night 1", table, highlight=table["winner"])
    write_workbook(target, [sheet], [], ISSUES, max_rows=4)

    book = load_workbook(target)
    assert book.sheetnames == [
        "Night 1",
        "Night 1 (2)",
        "Night 1 (3)",
        "Summary",
        "Issues",
        "Issues (2)",
    ]
    players = []
    for title in ("Night 1", "Night 1 (2)", "Night 1 (3)"):
        rows = _values(target, title)
        assert rows[0] == ("player", "winner"), title  # every part has the header
        assert len(rows) <= 4, title
        assert book[title].freeze_panes == "A2", title
        players += [row[0] for row in rows[1:]]
    assert players == [f"P{n}" for n in range(7)]  # every row, once, in order
    # the winner look follows the rows onto the continuation sheets: P3 is on "Night 1 (2)"
    rules = book["Night 1 (2)"].conditional_formatting
    assert [str(rule.sqref) for rule in rules] == ["A2:B4"]
    issue_rows = [
        row[2] for title in ("Issues", "Issues (2)") for row in _values(target, title)[1:]
    ]
    assert issue_rows == list("abcde")
    assert _values(target, "Issues (2)")[-1] == ("n.csv", 6, "e")  # no "no issues" line there
    lines = _summary_lines(target)
    assert any("an Excel sheet holds 4 rows" in line for line in lines), lines
    assert "Night 1 | 7 | Night 1 (2), Night 1 (3)" in lines
    assert "Issues | 5 | Issues (2)" in lines


def test_a_table_that_fits_gets_no_continuation_block(tmp_path: Path) -> None:
    target = tmp_path / "night.xlsx"
    write_workbook(
        target, [SheetOutput("N", pl.DataFrame({"x": [1, 2, 3]}))], [], ISSUES[:3], max_rows=4
    )
    assert load_workbook(target).sheetnames == ["N", "Summary", "Issues"]
    assert not any("continued" in line for line in _summary_lines(target))


def test_continued_titles_stay_within_31_characters_and_unique(tmp_path: Path) -> None:
    target = tmp_path / "night.xlsx"
    long_name = "A very long tournament sheet name indeed"
    sheets = [
        SheetOutput(long_name, pl.DataFrame({"x": [1, 2, 3]})),
        SheetOutput("Night 1 (2)", pl.DataFrame({"x": [9]})),  # a producer's own title
        SheetOutput("Night 1", pl.DataFrame({"x": [4, 5, 6]})),
    ]
    write_workbook(target, sheets, [], ISSUES[:0], max_rows=3)
    names = load_workbook(target).sheetnames
    assert names == [
        "A very long tournament sheet na",
        "A very long tournament shee (2)",
        "Night 1 (2)",
        "Night 1",
        "Night 1 (2) (Showdown)",
        "Summary",
        "Issues",
    ]
    assert all(len(name) <= 31 for name in names)
    assert [row[0] for row in _values(target, "Night 1 (2) (Showdown)")] == ["x", 6]


def test_issues_continue_in_a_written_back_workbook(tmp_path: Path) -> None:
    source = tmp_path / "club.xlsx"
    book = Workbook()
    book.active.title = "Night 1"
    book.active.append(["round", "player"])
    book.active.append([1, "Ann"])
    book.save(source)
    target = tmp_path / "out.xlsx"
    shutil.copy(source, target)
    added = SheetOutput("Night 1", pl.DataFrame({"winner": [True]}), excel_rows=[2])
    write_workbook(target, [added], [], ISSUES, source=target, max_rows=3)
    assert load_workbook(target).sheetnames == [
        "Night 1",
        "Summary",
        "Issues",
        "Issues (2)",
        "Issues (3)",
    ]
    # written back again (its own output as the source): our old Issues sheets are replaced
    write_workbook(target, [], [], ISSUES[:2], source=target, max_rows=3)
    assert load_workbook(target).sheetnames == ["Night 1", "Summary", "Issues"]


@pytest.mark.parametrize("max_rows", [1, MAX_ROWS + 1], ids=["header only", "past Excel"])
def test_a_sheet_height_excel_cannot_hold_is_refused(tmp_path: Path, max_rows: int) -> None:
    with pytest.raises(ValueError, match="max_rows must be 2 to 1,048,576"):
        write_workbook(
            tmp_path / "o.xlsx",
            [SheetOutput("N", pl.DataFrame({"x": [1]}))],
            [],
            ISSUES,
            max_rows=max_rows,
        )
