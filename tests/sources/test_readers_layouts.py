"""Reading exports and recognising their layouts, on real files written to tmp_path."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import polars as pl
import pytest

from pipeline.games.layouts import FIVE_CARD, PLAYERS, ROUNDS, YATZY, detect_layout, holdem_rows
from pipeline.job.task.scoring import is_known_header
from pipeline.sources import read_source


@pytest.mark.parametrize(
    ("headers", "kind"),
    [
        (["Round", "Player", "Cards"], PLAYERS),
        (["ROUND", "player_name", "Hole Cards", "Board", "Folded"], PLAYERS),
        (["round", "board", "Ann", "Bob", "notes"], ROUNDS),
        (["round", "player", "hand"], FIVE_CARD),
        (["game", "round", "player", "dice", "category"], YATZY),
        (["round", "player", "D1", "d2", "d_3", "d4", "d5"], YATZY),
        (["round", "player", "score"], None),
        (["name", "date"], None),
    ],
    ids=["players-cards", "players-hole-board", "rounds", "five-card", "yatzy", "yatzy-d1-d5",
         "players-without-cards", "unknown"],
)  # fmt: skip
def test_layout_is_recognised_from_the_header(headers: list[str], kind: str | None) -> None:
    layout = detect_layout(headers)
    assert (layout.kind if layout else None) == kind


def test_rounds_layout_players_exclude_notes_and_our_own_columns() -> None:
    layout = detect_layout(["round", "board", "Ann", "notes", "Bob", "winner", "winning_hand"])
    assert layout is not None
    assert layout.player_columns == ("Ann", "Bob")


def test_rounds_are_exploded_one_row_per_dealt_player() -> None:
    frame = pl.DataFrame(
        {
            "round": ["1", "2"],
            "board": ["Ks Kd 9d 3c 6d", "2c 7d 9h"],
            "Ann": ["Kc 9s", None],
            "Bob": ["9h 5s fold", "Ah Kh"],
        }
    )
    layout = detect_layout(frame.columns)
    assert layout is not None
    rows = holdem_rows(frame, layout)
    assert rows.select("row_id", "player", "hole", "board", "folded").rows() == [
        (0, "Ann", "Kc 9s", "Ks Kd 9d 3c 6d", None),
        (0, "Bob", "9h 5s", None, "true"),
        (1, "Bob", "Ah Kh", "2c 7d 9h", None),
    ]
    assert frame.height + 1 == rows.height  # 3 dealt cells; the empty one is not a player


def test_csv_keeps_surplus_cells_and_blank_lines_keep_row_numbers(tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    path.write_text('round,player,cards\n1,Ann,As Ks\n\n2,"Bo, Jr",Kh Qh,late,!\n')
    (sheet,) = read_source(path).sheets
    assert sheet.excel_rows == [2, 4]
    assert sheet.frame.columns == ["round", "player", "cards", "extra_1", "extra_2"]
    assert sheet.frame.row(1) == ("2", "Bo, Jr", "Kh Qh", "late", "!")


def test_csv_saved_as_cp1252_is_read(tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    path.write_bytes("round,player,cards\n1,Zoë,As Ks Qs Js Ts 2c 3d\n".encode("cp1252"))
    (sheet,) = read_source(path).sheets
    assert sheet.frame["player"].to_list() == ["Zoë"]


def test_workbook_header_below_a_title_and_row_numbers_as_excel_shows(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Night 1"
    sheet["B1"] = "Club night"
    sheet.append([])
    for row in (
        [None, "round", "player", "cards"],
        [None, 1, "Ann", "As Ks Qs Js Ts 2c 3d"],
        [],
        [None, 1, "Bob", "2h 3h Qs Js Ts 2c 3d"],
    ):
        sheet.append(row)
    book.create_sheet("Empty")
    book.save(tmp_path / "club.xlsx")
    source = read_source(tmp_path / "club.xlsx", is_known_header)
    assert source.problems == []
    (night,) = source.sheets
    assert night.header_row == 3
    assert night.excel_rows == [4, 6]
    assert night.header_columns == {"round": 2, "player": 3, "cards": 4}
    assert night.frame["round"].to_list() == ["1", "1"]


def test_unsupported_file_is_a_problem_not_an_exception(tmp_path: Path) -> None:
    path = tmp_path / "night.csv"  # the name says CSV; the content is binary
    path.write_bytes(b"\x00\x01\x02 nope")
    source = read_source(path)
    assert [problem.message for problem in source.problems] == [
        "'night.csv' is not a CSV, a workbook or a quiz listing"
    ]


@pytest.mark.parametrize(
    ("name", "content", "kind"),
    [
        ("night.txt", "round,player,cards\n1,Ann,As Ks Qs Js Ts 2c 3d\n", "csv"),
        ("night.csv", "As Ks Qs Js Ts 2c 3d\n9h 5s\n", "listing"),
        ("night.dat", "Kc 9s Ks Kd 9d 3c 6d\n", "listing"),
        (
            "night.txt",
            "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2020/01/01 12:00:00 ET\n",
            "pokerstars",
        ),
        ("night.phh", 'variant = "NT"\nantes = [0, 0]\nactions = []\n', "phh"),
    ],
    ids=["csv-named-txt", "listing-named-csv", "listing-any-name", "pokerstars-txt", "phh"],
)
def test_the_reader_is_chosen_by_content_not_name(
    tmp_path: Path, name: str, content: str, kind: str
) -> None:
    path = tmp_path / name
    path.write_text(content)
    source = read_source(path)
    assert source.kind == kind
    if kind in ("pokerstars", "phh"):  # a log becomes one sheet of hands
        assert [sheet.name for sheet in source.sheets] == ["hands"]


ROWS = [("1", "Cléo", "As Ks Qs Js Ts 2c 3d"), ("1", "Zoë", "9h 9d Qs Js Ts 2c 3d")]


@pytest.mark.parametrize(
    ("encoding", "delimiter"),
    [("utf-8", ";"), ("utf-16", "\t"), ("utf-8-sig", ","), ("cp1252", ";"), ("utf-8", "|")],
    ids=["semicolon", "unicode-text", "bom", "cp1252", "pipe"],
)
def test_delimiter_and_encoding_are_sniffed(tmp_path: Path, encoding: str, delimiter: str) -> None:
    lines = [delimiter.join(("round", "player", "cards"))]
    lines += [delimiter.join(row) for row in ROWS]
    path = tmp_path / "night.csv"
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode(encoding))
    (sheet,) = read_source(path, is_known_header).sheets
    assert sheet.frame.rows() == ROWS


def test_one_cp1252_byte_does_not_re_decode_a_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    text = "round,player,cards\n1,Cléo,As Ks Qs Js Ts 2c 3d\n"
    path.write_bytes(text.encode() + "1,Zoë,9h 9d Qs Js Ts 2c 3d\n".encode("cp1252"))
    (sheet,) = read_source(path).sheets
    assert sheet.frame["player"].to_list() == ["Cléo", "Zoë"]


def test_an_unmatched_quote_is_reported_at_its_line_and_nothing_swallowed(tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    path.write_text(
        'round,player,cards,notes\n1,Ann,As Ks Qs Js Ts 2c 3d,"oops\n1,Bob,9h 9d Qs Js Ts 2c 3d,\n'
    )
    source = read_source(path)
    assert [problem.message for problem in source.problems] == [
        "line 2: a quote is not closed, so the cell runs on to line 3; quotes in 'night.csv' "
        "were read as plain text"
    ]
    assert source.sheets[0].frame["player"].to_list() == ["Ann", "Bob"]


def test_a_title_line_above_a_csv_header(tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    path.write_text("Spring Open, night 3\n\nround,player,cards\n1,Ann,As Ks Qs Js Ts 2c 3d\n")
    (sheet,) = read_source(path, is_known_header).sheets
    assert (sheet.header_row, sheet.excel_rows) == (3, [4])
    assert sheet.frame.columns == ["round", "player", "cards"]
