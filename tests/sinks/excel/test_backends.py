"""The two Excel back-ends through their one interface (pipeline.sinks.excel.sheet_writer):
the same calls into xlsxwriter (a new book) and into openpyxl (a producer's book), each file
saved, read back with openpyxl and checked against the values stated here."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import openpyxl
import polars as pl
import pytest
import xlsxwriter
from openpyxl.styles import Font

from pipeline.sinks.excel.backends.openpyxl_sheets import (
    OpenpyxlLooks,
    OpenpyxlSheet,
    merge_rule_look,
)
from pipeline.sinks.excel.backends.xlsxwriter_book import (
    BOOK_OPTIONS,
    XlsxwriterFormats,
    XlsxwriterSheet,
)
from pipeline.sinks.excel.contract import FOLD_ROW, NO_ISSUES, WINNER_ROW
from pipeline.sinks.excel.printing import PrintPlan
from pipeline.sinks.excel.rules import Rule
from pipeline.sinks.excel.sheet_writer import SheetWriter, write_issues, write_layout
from pipeline.sinks.excel.styles import TITLE_LOOK, Look
from pipeline.sinks.excel.summary import SheetLayout

Draw = Callable[[SheetWriter], None]
"""What a test writes into one sheet, through the interface."""


def _with_xlsxwriter(path: Path, title: str, draw: Draw) -> None:
    book = xlsxwriter.Workbook(str(path), BOOK_OPTIONS)
    draw(XlsxwriterSheet(book, XlsxwriterFormats(book), title))
    book.close()


def _with_openpyxl(path: Path, title: str, draw: Draw) -> None:
    book = openpyxl.Workbook()
    worksheet = book.active
    worksheet.title = title
    draw(OpenpyxlSheet(worksheet, OpenpyxlLooks(book)))
    book.save(path)


BACKENDS = {"xlsxwriter": _with_xlsxwriter, "openpyxl": _with_openpyxl}


@pytest.fixture(params=sorted(BACKENDS))
def written(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """Write one sheet with the parametrised back-end; the sheet as openpyxl reads it back."""
    backend = BACKENDS[request.param]

    def write(draw: Draw, title: str = "Sheet") -> Any:
        path = tmp_path / f"{request.param}.xlsx"
        backend(path, title, draw)
        return openpyxl.load_workbook(path)[title]

    yield write


ISSUES = pl.DataFrame(
    {
        "file": ["night.csv", "night.csv"],
        "sheet": ["night", "night"],
        "row": [4, 9],
        "column": ["cards", "player"],
        "value": ["Ah Ah", None],
        "code": ["repeated_card", "empty_player"],
        "message": ["card Ah appears twice", "no player named"],
    }
)


def test_the_issues_sheet(written: Callable[..., Any]) -> None:
    notes = {"code": "what kind of issue, one word"}
    sheet = written(
        lambda writer: write_issues(writer, "Issues", ISSUES, continued=False, notes=notes),
        "Issues",
    )
    assert [cell.value for cell in sheet[1]] == list(ISSUES.columns)
    assert all(cell.font.b for cell in sheet[1])
    assert sheet["C1"].alignment.horizontal == "right"  # a number's heading sits over it
    assert sheet["F1"].comment.text == "what kind of issue, one word"
    assert [cell.value for cell in sheet[3]] == [
        "night.csv",
        "night",
        9,
        "player",
        None,
        "empty_player",
        "no player named",
    ]
    assert sheet["G2"].alignment.wrap_text  # the message is read whole
    assert sheet.freeze_panes == "A2" and sheet.auto_filter.ref == "A1:G3"
    assert sheet.print_title_rows == "$1:$1"
    assert sheet.print_area == "'Issues'!$A$1:$G$3"
    assert sheet.page_setup.orientation == "landscape"
    assert sheet.sheet_properties.pageSetUpPr.fitToPage  # seven short columns: one page wide
    # fitToWidth absent is 1 (xlsxwriter leaves the default out); 0 pages down: as many as needed
    assert sheet.page_setup.fitToWidth in (None, 1) and sheet.page_setup.fitToHeight == 0
    assert sheet.defined_names["Showdown_Output"].attr_text == '"issues"'
    assert sheet.defined_names["Showdown_Output"].hidden


@pytest.mark.parametrize("continued", [False, True], ids=["first", "continued"])
def test_no_issues_says_so_once(written: Callable[..., Any], continued: bool) -> None:
    empty = ISSUES.clear()
    sheet = written(lambda writer: write_issues(writer, "Issues", empty, continued=continued))
    assert [cell.value for cell in sheet[1]] == list(ISSUES.columns)
    expected = None if continued else NO_ISSUES  # a continued part adds no line
    assert sheet["A2"].value == expected
    if not continued:
        assert sheet["A2"].font.b


def test_a_laid_out_sheet(written: Callable[..., Any]) -> None:
    layout = SheetLayout(
        rows=[
            [("Night 1", TITLE_LOOK, True)],
            [("player", Look(bold=True), True), ("win %", Look(bold=True, align="right"), True)],
            [("Ann", Look(), False), (0.25, Look(number_format="0.0%"), False)],
            [],
            [("=not a formula", Look(), True)],
        ],
        widths=[12.0, 8.0],
        plan=PrintPlan(fit_width=False, scale=75, title_columns=(1, 1)),
        notes={(1, 1): "a fraction shown as a percentage"},
    )
    sheet = written(lambda writer: write_layout(writer, layout), "Summary")
    assert [[cell.value for cell in row] for row in sheet.iter_rows()] == [
        ["Night 1", None],
        ["player", "win %"],
        ["Ann", 0.25],
        [None, None],
        ["=not a formula", None],
    ]
    assert sheet["A5"].data_type == "s"  # text, never a formula
    assert sheet["A1"].font.b and sheet["B2"].alignment.horizontal == "right"
    assert sheet["B3"].number_format == "0.0%" and not sheet["A3"].font.b
    # a note on a heading: before, xlsxwriter's constant memory lost the Summary's notes
    assert sheet["B2"].comment.text == "a fraction shown as a percentage"
    assert abs(sheet.column_dimensions["A"].width - 12.0) < 1  # xlsxwriter adds its padding
    assert sheet.page_setup.scale == 75 and sheet.page_setup.pageOrder == "overThenDown"
    assert sheet.print_title_cols == "$A:$A" and sheet.print_title_rows is None
    assert sheet.freeze_panes is None and sheet.auto_filter.ref is None  # stacked blocks


def test_winner_and_fold_rules(written: Callable[..., Any]) -> None:
    def draw(writer: SheetWriter) -> None:
        writer.write_cell(0, 0, "player", Look(bold=True))
        writer.add_rule(Rule(2, 1, 5, 3, "$C2=TRUE", WINNER_ROW))
        writer.add_rule(Rule(2, 1, 5, 3, "$D2=TRUE", FOLD_ROW))

    sheet = written(draw)
    rules = {
        rule.formula[0]: (str(cells.sqref), rule.dxf)
        for cells in sheet.conditional_formatting
        for rule in cells.rules
    }
    assert sorted(rules) == ["$C2=TRUE", "$D2=TRUE"]
    where, winner = rules["$C2=TRUE"]
    assert where == "A2:C5" and winner.font.b
    assert winner.fill.bgColor.rgb.endswith("C6EFCE")  # Excel's own "Good" green
    where, fold = rules["$D2=TRUE"]
    assert where == "A2:C5" and fold.font.color.rgb.endswith("808080") and not fold.font.b


def test_a_producers_cells_keep_their_own_style_under_a_merged_look(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet["A2"] = "Ann"
    sheet["A2"].font = Font(italic=True, color="1F4E78")
    sheet["B2"] = 0.5
    sheet["B2"].number_format = "0%"
    merge_rule_look(sheet, [2], 3, WINNER_ROW)
    merge_rule_look(sheet, [3], 2, FOLD_ROW)
    book.save(tmp_path / "producer.xlsx")
    sheet = openpyxl.load_workbook(tmp_path / "producer.xlsx").active
    ann, half, empty = sheet["A2"], sheet["B2"], sheet["C2"]
    assert ann.font.b and ann.font.i and ann.font.color.rgb.endswith("1F4E78")
    assert half.font.b and half.number_format == "0%"
    for cell in (ann, half, empty):  # the empty cell of the row too
        assert cell.fill.patternType == "solid" and cell.fill.fgColor.rgb.endswith("C6EFCE")
    assert sheet["A3"].font.color.rgb.endswith("808080") and not sheet["A3"].font.b
    assert not sheet["C3"].has_style  # past the last column given: untouched
