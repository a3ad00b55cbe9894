"""Issue 21: the dialects real spreadsheet exports are written in, each a file of bytes written
here: read right (the rows and their line numbers), or named precisely (file, row, column,
value)."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from pipeline.job.task.scoring import is_known_header
from pipeline.sources import RawSheet, ReadProblem, read_source
from tests.helpers import run_cli

ANN = "As Ks Qs Js Ts 2c 3d"
BOB = "9h 9d Qs Js Ts 2c 3d"


def _read(tmp_path: Path, data: bytes, name: str = "night.csv") -> tuple[RawSheet, list[str]]:
    path = tmp_path / name
    path.write_bytes(data)
    source = read_source(path, is_known_header)
    assert source.kind == "csv"
    (sheet,) = source.sheets
    return sheet, [_described(problem) for problem in source.problems]


def _described(problem: ReadProblem) -> str:
    return f"row {problem.row}, column {problem.column!r}, value {problem.value!r}: " + (
        problem.message
    )


SEPARATOR_HINTS = {
    "semicolon after a BOM": b"\xef\xbb\xbfsep=;\r\nround;player;cards\r\n1;Ann;" + ANN.encode(),
    "comma": b"sep=,\nround,player,cards\n1,Ann," + ANN.encode() + b"\n",
    "pipe, quoted": b'"sep=|"\nround|player|cards\n1|Ann|' + ANN.encode() + b"\n",
}


@pytest.mark.parametrize("data", SEPARATOR_HINTS.values(), ids=SEPARATOR_HINTS.keys())
def test_excels_sep_line_names_the_delimiter_and_is_no_row(tmp_path: Path, data: bytes) -> None:
    """Before: ``sep=;`` was taken for the header and the file "matched no layout"."""
    sheet, problems = _read(tmp_path, data)
    assert sheet.frame.rows() == [("1", "Ann", ANN)]
    assert (sheet.header_row, sheet.excel_rows, problems) == (2, [3], [])


def test_decimal_commas_beside_semicolons_are_numbers_and_cards_are_untouched(
    tmp_path: Path,
) -> None:
    """Before: ``1,5`` stayed text, so the workbook had text where Excel shows a number."""
    data = (
        "round;player;cards;stack;chips;notes\n"
        f"1;Ann;{ANN};1,5;1.234,5;2,5 blinds\n"
        f"1;Bob;{BOB};2;-0,25;\n"
    ).encode()
    sheet, problems = _read(tmp_path, data)
    assert sheet.frame.rows() == [
        ("1", "Ann", ANN, "1.5", "1234.5", "2,5 blinds"),  # a note is text, comma and all
        ("1", "Bob", BOB, "2", "-0.25", None),
    ]
    assert problems == []
    result = run_cli("run", str(tmp_path / "night.csv"), "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    book = openpyxl.load_workbook(tmp_path / "out" / "night.csv.xlsx", read_only=True)
    cells = list(book["night"].iter_rows(min_row=2, max_col=5, values_only=True))
    assert cells == [(1, "Ann", ANN, 1.5, 1234.5), (1, "Bob", BOB, 2, -0.25)]


def test_a_title_and_blank_lines_above_the_header(tmp_path: Path) -> None:
    data = f"\n\nClub night, 3 May\n\n\nround,player,cards\n1,Ann,{ANN}\n\n1,Bob,{BOB}\n"
    sheet, problems = _read(tmp_path, data.encode())
    assert sheet.frame.columns == ["round", "player", "cards"]
    assert (sheet.header_row, sheet.excel_rows, problems) == (6, [7, 9], [])


@pytest.mark.parametrize("delimiter", [",", ";"])
def test_trailing_empty_columns_are_dropped(tmp_path: Path, delimiter: str) -> None:
    """Excel pads a row to the widest one: ``;;;``.  Before: ``column_4``, ``column_5`` ...
    (or ``extra_1``) came along as empty columns."""
    rows = [["round", "player", "cards", "", ""], ["1", "Ann", ANN, "", "", ""], ["1", "Bob", BOB]]
    data = "\r\n".join(delimiter.join(row) for row in rows) + "\r\n"
    sheet, problems = _read(tmp_path, data.encode())
    assert sheet.frame.columns == ["round", "player", "cards"]
    assert (sheet.frame.rows(), problems) == ([("1", "Ann", ANN), ("1", "Bob", BOB)], [])


def test_a_header_written_twice_is_named(tmp_path: Path) -> None:
    """Before: the second ``player`` column became ``player_duplicated_0``, in silence."""
    data = f"round,player,cards,player\n1,Ann,{ANN},Ann B.\n".encode()
    sheet, problems = _read(tmp_path, data)
    assert sheet.frame.columns == ["round", "player", "cards", "player_2"]
    assert sheet.frame["player"].to_list() == ["Ann"]
    assert problems == [
        "row 1, column 'player_2', value 'player': columns 2 and 4 are both headed 'player': "
        "the first is read as 'player', the other kept as 'player_2'"
    ]


def test_quoted_line_breaks_in_a_notes_column(tmp_path: Path) -> None:
    """Before: any quoted cell over two lines was taken for a quote never closed, and the
    file was read again with its quotes as plain text."""
    data = (
        f'round,player,cards,notes\r\n1,Ann,{ANN},"all in, twice\r\nthen ""lucky"""\r\n'
        f"1,Bob,{BOB},\r\n"
    ).encode()
    sheet, problems = _read(tmp_path, data)
    assert sheet.frame.rows() == [
        ("1", "Ann", ANN, 'all in, twice\r\nthen "lucky"'),
        ("1", "Bob", BOB, None),
    ]
    assert (sheet.excel_rows, problems) == ([2, 4], [])


def test_a_nul_byte_is_removed_and_named(tmp_path: Path) -> None:
    """Before: the file was "not a CSV, a workbook or a quiz listing", whole."""
    data = f"round,player,cards\n1,An\x00n,{ANN}\n1,Bob,{BOB}\n".encode()
    sheet, problems = _read(tmp_path, data)
    assert sheet.frame["player"].to_list() == ["Ann", "Bob"]
    assert problems == [
        "row 2, column 'player', value 'An\\\\x00n': a NUL byte (\\x00) in this cell was removed"
    ]


@pytest.mark.parametrize("end", ["\r\n", "\r", "\n"], ids=["CRLF", "CR", "LF"])
def test_every_line_end(tmp_path: Path, end: str) -> None:
    data = end.join(["round;player;cards", f"1;Ann;{ANN}", "", f"1;Bob;{BOB}"]) + end
    sheet, problems = _read(tmp_path, data.encode())
    assert sheet.frame.rows() == [("1", "Ann", ANN), ("1", "Bob", BOB)]
    assert (sheet.excel_rows, problems) == ([2, 4], [])


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_with_its_bom(tmp_path: Path, encoding: str) -> None:
    bom = b"\xff\xfe" if encoding.endswith("le") else b"\xfe\xff"
    text = f"round\tplayer\tcards\r\n1\tŁukasz\t{ANN}\r\n1\tZoë\t{BOB}\r\n"
    sheet, problems = _read(tmp_path, bom + text.encode(encoding))
    assert sheet.frame["player"].to_list() == ["Łukasz", "Zoë"]
    assert problems == []


def test_windows_1252_is_not_latin_1(tmp_path: Path) -> None:
    """0x80-0x9F are the tell: ``€`` and the smart quotes in Windows-1252, control codes in
    Latin-1."""
    text = f"round;player;cards;notes\n1;Zoë;{ANN};“5 €” on the ‘river’ – again…\n"
    sheet, problems = _read(tmp_path, text.encode("cp1252"))
    assert sheet.frame.row(0) == ("1", "Zoë", ANN, "“5 €” on the ‘river’ – again…")
    assert problems == []


def test_a_byte_neither_utf8_nor_windows_1252_is_named(tmp_path: Path) -> None:
    """0x81 means nothing in Windows-1252.  Before: it became '\ufffd' in silence."""
    data = f"round;player;cards\n1;Zoë;{ANN}\n1;B".encode("cp1252") + b"\x81b;" + BOB.encode()
    sheet, problems = _read(tmp_path, data)
    assert sheet.frame["player"].to_list() == ["Zoë", "B\ufffdb"]
    assert problems == [
        "row 3, column 'player', value 'B\ufffdb': line 3: a byte that is neither UTF-8 nor "
        "Windows-1252 was read as '\ufffd' (save the file as UTF-8 to keep the character)"
    ]


def test_named_problems_reach_the_issues_sheet_with_their_codes(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "night.csv").write_bytes(
        f"round,player,cards,player\n1,An\x00n,{ANN},x\n1,Bob,{BOB},y\n".encode()
    )
    result = run_cli("run", str(tmp_path / "in"), "-o", str(tmp_path / "out"))
    assert result.returncode == 1, result.stdout + result.stderr
    entry = json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]["night.csv"]
    assert (entry["rows_read"], entry["rows_scored"], entry["issues"]) == (2, 2, 2)
    book = openpyxl.load_workbook(tmp_path / "out" / "night.csv.xlsx", read_only=True)
    issues = list(book["Issues"].iter_rows(min_row=2, max_col=6, values_only=True))
    assert issues == [
        ("night.csv", "night", 1, "player_2", "player", "duplicate_header"),
        ("night.csv", "night", 2, "player", "An\\x00n", "nul_byte"),
    ]
