"""Issue 11, items 14 and 7: a hostile sheet costs only itself, and merged cells fill down.

Every workbook here is a real file, written part by part (``bench/xlsx_files.py``) or by openpyxl.
"""

from __future__ import annotations

import resource
from pathlib import Path

import openpyxl
import polars as pl
import pytest

from bench.xlsx_files import GOOD_ROWS, MAIN, declare_size, rows_block, sheet_xml, write_workbook
from pipeline.job.task.scoring import is_known_header
from pipeline.sources import read_source
from tests.helpers import run_cli


def _laughs(level: int) -> str:
    """``lol9`` is ten ``lol8``, ... : a billion ``lol`` once expanded."""
    inner = f"&lol{level - 1};" if level > 1 else "&lol;"
    return f'<!ENTITY lol{level} "{inner * 10}">'


BILLION_LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(_laughs(level) for level in range(1, 10))
    + ']><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row>'
    "</sheetData></worksheet>"
).encode()
GOOD = sheet_xml(GOOD_ROWS)
HOSTILE_SHEETS = {
    "malformed XML": (
        GOOD.replace(b"</sheetData>", b"<row><c></sheetData>"),
        "cannot read sheet",
    ),
    "entity expansion": (
        BILLION_LAUGHS,
        "its part 'xl/worksheets/sheet2.xml' declares a DOCTYPE (entities that could expand "
        "without end): refused",
    ),
    "missing part": (None, "its part 'xl/worksheets/sheet2.xml' is missing from the file"),
    "bad cell reference": (GOOD.replace(b'r="A2"', b'r="2A"'), "cannot read sheet"),
    "row zero": (
        GOOD.replace(b'r="A2"', b'r="A0"'),
        "a cell reference names row 0, which does not exist",
    ),
}


@pytest.mark.parametrize(
    ("hostile", "expected"), list(HOSTILE_SHEETS.values()), ids=list(HOSTILE_SHEETS)
)
def test_a_hostile_sheet_costs_only_itself(
    tmp_path: Path, hostile: bytes | None, expected: str
) -> None:
    write_workbook(tmp_path / "night.xlsx", [("Good", GOOD), ("Bad", hostile), ("More", GOOD)])
    out = tmp_path / "out"
    result = run_cli("run", str(tmp_path / "night.xlsx"), "-o", str(out), "--no-equity")
    assert result.returncode == 1, result.stdout + result.stderr
    scored = pl.read_parquet(out / "night.poker.parquet")
    assert scored.select("sheet", "player", "winner").rows() == [
        ("Good", "Ann", True),
        ("Good", "Bob", False),
        ("More", "Ann", True),
        ("More", "Bob", False),
    ]
    issues = pl.read_excel(out / "night.xlsx", sheet_name="Issues")
    messages = issues["message"].to_list()
    assert issues["sheet"][0] == "Bad"  # the sheet in its own column, not said twice
    assert messages[0].startswith("cannot be read") or messages[0].startswith("spans")
    assert expected in messages[0].replace("cannot be read: calamine error", "cannot read sheet")
    book = openpyxl.load_workbook(out / "night.xlsx", read_only=True)
    for name in ("Good", "More"):  # written back, or a new workbook when that cannot be
        header = next(book[name].iter_rows(max_row=1, values_only=True))
        assert header[:3] == ("round", "player", "cards") and "winner" in header, name


def test_a_part_with_a_dtd_is_never_handed_to_a_parser(tmp_path: Path) -> None:
    """openpyxl would parse the billion laughs; the write-back must not load that workbook."""
    write_workbook(tmp_path / "night.xlsx", [("Good", GOOD), ("Bad", BILLION_LAUGHS)])
    out = tmp_path / "out"
    result = run_cli("run", str(tmp_path / "night.xlsx"), "-o", str(out), "--no-equity")
    assert result.returncode == 1, result.stdout + result.stderr
    messages = pl.read_excel(out / "night.xlsx", sheet_name="Issues")["message"].to_list()
    assert messages[1] == (
        "not written back into the workbook: its part 'xl/worksheets/sheet2.xml' was refused, "
        "so no parser may load it; wrote a new workbook with the scored sheets instead"
    )
    assert openpyxl.load_workbook(out / "night.xlsx").sheetnames == ["Good", "Summary", "Issues"]


def test_a_part_that_inflates_past_the_size_it_declares_is_refused(tmp_path: Path) -> None:
    """A bomb that says it is small: checked against what it really inflates to, in steps."""
    head = f'<?xml version="1.0"?><worksheet xmlns="{MAIN}"><sheetData>'.encode()
    bomb = (head, rows_block(3, [2]) + b" " * (1 << 20), 20, b"</sheetData></worksheet>")
    write_workbook(tmp_path / "night.xlsx", [("Good", GOOD), ("Bomb", bomb)])
    declare_size(tmp_path / "night.xlsx", "xl/worksheets/sheet2.xml", 1_000)
    source = read_source(tmp_path / "night.xlsx", is_known_header)
    assert [sheet.name for sheet in source.sheets] == ["Good"]
    assert [problem.message for problem in source.problems] == [
        "sheet 'Bomb' cannot be read: its part 'xl/worksheets/sheet2.xml' inflates to more "
        "than the 1,000 bytes the zip directory says (a zip bomb): refused"
    ]
    assert source.refused_parts == ["xl/worksheets/sheet2.xml"]


def test_one_bad_sheet_among_a_thousand_is_read_without_a_child_process(tmp_path: Path) -> None:
    sheets: list[tuple[str, bytes | None]] = [(f"Night {n}", GOOD) for n in range(1, 1001)]
    sheets[499] = ("Night 500", GOOD.replace(b"</sheetData>", b"<row><c></sheetData>"))
    write_workbook(tmp_path / "season.xlsx", sheets)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    source = read_source(tmp_path / "season.xlsx", is_known_header)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert len(source.sheets) == 999
    assert {sheet.frame.height for sheet in source.sheets} == {2}
    assert [problem.sheet for problem in source.problems] == ["Night 500"]
    # No process was started (and reaped) to read them: not one per sheet, not one at all.
    assert (after.ru_utime, after.ru_stime) == (before.ru_utime, before.ru_stime)


def test_merged_round_and_tournament_cells_apply_to_every_row_they_span(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Night"
    for row in (
        ["tournament", "round", "player", "cards"],
        ["Spring", 1, "Ann", "As Ks Qs Js Ts 2c 3d"],
        [None, None, "Bob", "9h 9d Qs Js Ts 2c 3d"],
        [None, 2, "Ann", "2h 7d 9c Jd Qh 3s 4s"],
        [None, None, "Bob", "Ah Ad 9c Jd Qh 3s 4s"],
    ):
        sheet.append(row)
    sheet.merge_cells("A2:A5")
    sheet.merge_cells("B2:B3")
    sheet.merge_cells("B4:B5")
    book.save(tmp_path / "merged.xlsx")
    out = tmp_path / "out"
    result = run_cli("run", str(tmp_path / "merged.xlsx"), "-o", str(out), "--no-equity")
    assert result.returncode == 0, result.stdout + result.stderr
    scored = pl.read_parquet(out / "merged.poker.parquet").sort("row")
    assert scored.select("row", "tournament", "round", "player", "winner").rows() == [
        (2, "Spring", "1", "Ann", True),
        (3, "Spring", "1", "Bob", False),
        (4, "Spring", "2", "Ann", False),
        (5, "Spring", "2", "Bob", True),
    ]
