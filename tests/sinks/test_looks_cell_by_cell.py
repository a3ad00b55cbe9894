"""Issue 23: the workbooks the job writes, read back cell for cell against what they showed
before the writer changed (openpyxl for every workbook), described here as rules a person can
check, not copied from a file:

* every value is the input's cell as Excel reads a CSV (numbers as numbers, ``true`` as TRUE),
  or our column's figure from the Parquet file;
* a winner's row is bold on green in every cell of the table, a fold's row grey; on a sheet of
  one row per round, the winners' own cards and our winner columns are green and bold and a
  folded player's cards grey;
* percentages ``0.0%``, Booleans TRUE/FALSE centred, headers bold and aligned like their column;
* the header row frozen, the filter over the table, widths from the header and the values.

Both kinds: a new workbook (a CSV, xlsxwriter) and a producer's workbook written back
(openpyxl), and a sheet continued past a (lowered) sheet height.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import polars as pl
import pytest

from pipeline.games.base import EquityOptions, ScoringOptions
from pipeline.job.runner.driver import run
from pipeline.job.runner.limits import Limits
from pipeline.sinks.excel.contract import BOOLEAN_FORMAT, FOLD_FONT, PERCENT_FORMAT, WINNER_FILL
from tests.sinks.effective_looks import EXCEL_PADDING, SheetSeen, sheet_seen

PLAYERS_CSV = """\
tournament,round,seat,player,hole,board,folded,note
Spring,1,1,Ann,Ah Kd,As Ks Qs Js 2d,false,=first
Spring,1,2,Bob,2c 3d,As Ks Qs Js 2d,false,
Spring,1,3,Cy,9h 9c,As Ks Qs,true,01
Spring,2,1,Ann,Qh Qd,2c 7d 9h Jd 4s,false,
Spring,2,2,Bob,Kh Kc,2c 7d 9h Jd 4s,false,#N/A
Spring,3,1,Ann,Ah Ad,Kc Kd 2h 3s 4c,false,
Spring,3,2,Bob,As Ac,Kc Kd 2h 3s 4c,false,split
"""
OURS = ("hand", "hand_detail", "best_five", "rank", "winner")


def producer_book(path: Path) -> None:
    """The same night as a producer's workbook: a title above the header, their own look."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Spring"
    sheet["A1"] = "Spring night"
    lines = PLAYERS_CSV.splitlines()
    for offset, line in enumerate(lines, start=3):
        for column, text in enumerate(line.split(","), start=1):
            value: object = text or None
            if offset > 3 and column in (2, 3):
                value = int(text)
            elif offset > 3 and column == 7:
                value = text == "true"
            cell = sheet.cell(row=offset, column=column, value=value)
            cell.data_type = "b" if isinstance(value, bool) else cell.data_type
            if isinstance(value, str) and value.startswith(("=", "#")):
                cell.data_type = "s"  # their text, never a formula
    sheet["D4"].font = openpyxl.styles.Font(italic=True)
    book.save(path)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("looks")
    inputs = folder / "in"
    inputs.mkdir()
    (inputs / "spring.csv").write_text(PLAYERS_CSV, encoding="utf-8")
    producer_book(inputs / "spring.xlsx")
    report = run([inputs], folder / "out", scoring=ScoringOptions(EquityOptions()))
    assert report.exit_code in (0, 1), report
    report = run([inputs / "spring.csv"], folder / "tall", limits=Limits(sheet_rows=4), force=True)
    assert report.exit_code in (0, 1), report
    return folder


def expected_rows(folder: Path, parquet: str) -> pl.DataFrame:
    """The scored rows with their sheet row, our columns as the workbook shows them."""
    scored = pl.read_parquet(folder / "out" / parquet).sort("row")
    percents = [pl.col(name).truediv(100).alias(f"{name} %") for name in ("win_preflop",
                "win_flop", "win_turn")]  # fmt: skip
    return scored.select("row", *OURS, "folded", *percents)


def check_sheet(seen: SheetSeen, rows: pl.DataFrame, header_row: int, first_data: int) -> int:
    """Every cell of ``seen`` in our columns and the input's against the rules; the count.
    Written back, the producer's own cells keep their own number formats."""
    ours_only = header_row > 1
    checked = 0
    csv = pl.read_csv(PLAYERS_CSV.encode(), infer_schema=False)
    for index, row in enumerate(rows.iter_rows(named=True)):
        at = row["row"]
        source = csv.row(at - first_data, named=True)
        winner, folded = bool(row["winner"]), bool(row["folded"])
        for name in [*csv.columns, *OURS, "win_preflop %", "win_flop %", "win_turn %"]:
            cell = seen.cells.get((name, at))
            where = f"{name}{at}"
            value = cell.value if cell is not None else None
            if name in csv.columns:
                text = source[name]
                wanted: object = text
                if name in ("round", "seat"):
                    wanted = int(text)
                elif name == "folded":
                    wanted = text == "true"
                assert value == wanted, (where, value, wanted)
            elif name.endswith("%"):
                figure = row[name]
                assert value == (None if figure is None else pytest.approx(figure)), where
            else:
                assert value == row[name], (where, value, row[name])
            if cell is None:
                assert not winner, f"{where}: a winner's empty cell is green too"
                continue
            assert cell.bold == winner, (where, "bold")
            assert cell.fill == (WINNER_FILL if winner else None), (where, "fill")
            if folded:
                assert cell.color == FOLD_FONT, (where, "grey")
            if ours_only and name in csv.columns:
                pass
            elif isinstance(value, bool):
                assert cell.number_format == BOOLEAN_FORMAT and cell.align == "center", where
            elif name.endswith("%") and value is not None:
                assert cell.number_format == PERCENT_FORMAT, where
            checked += 1
        assert index < rows.height
    header = {name: look for (name, row), look in seen.cells.items() if row == header_row}
    for name in OURS:
        assert header[name].bold, name
    assert header["rank"].align == "right" and header["winner"].align == "center"
    assert header["win_flop %"].align == "right"
    return checked


def test_a_new_workbook_shows_what_it_showed(written: Path) -> None:
    book = openpyxl.load_workbook(written / "out" / "spring.csv.xlsx")
    seen = sheet_seen(book["spring"])
    rows = expected_rows(written, "spring.csv.poker.parquet")
    assert check_sheet(seen, rows, header_row=1, first_data=2) >= 7 * 11
    assert seen.freeze == "A2"
    assert seen.filter == "A1:Q8"
    # "=first" and "#N/A" are text, never a formula or an error
    assert book["spring"]["H2"].data_type == "s" and book["spring"]["H6"].data_type == "s"
    for name, width in seen.widths.items():
        longest = max(len(name) * 1.1 + 3, 6.0)
        assert longest - 1 <= width + 1, (name, width)
        assert width - EXCEL_PADDING <= 60, (name, width)


def test_a_written_back_workbook_shows_what_it_showed(written: Path) -> None:
    book = openpyxl.load_workbook(written / "out" / "spring.xlsx")
    sheet = book["Spring"]
    seen = sheet_seen(sheet, header_row=3)
    rows = expected_rows(written, "spring.poker.parquet")
    assert check_sheet(seen, rows, header_row=3, first_data=4) >= 7 * 11
    assert seen.freeze == "A4"
    assert seen.filter == "A3:Q10"
    assert sheet["A1"].value == "Spring night" and sheet["D4"].font.i  # theirs, kept
    assert sheet["H4"].data_type == "s"


def test_a_continued_sheet_shows_every_row_with_its_look(written: Path) -> None:
    book = openpyxl.load_workbook(written / "tall" / "spring.csv.xlsx")
    titles = [title for title in book.sheetnames if title.startswith("spring")]
    assert titles == ["spring", "spring (2)", "spring (3)"]
    players = []
    for title in titles:
        seen = sheet_seen(book[title])
        assert seen.freeze == "A2" and seen.filter is not None, title
        assert book[title].print_title_rows == "$1:$1", title
        for (name, row), cell in seen.cells.items():
            if name == "player" and row > 1:
                players.append(cell.value)
            if name == "winner" and row > 1:
                assert cell.value in (True, False) and cell.bold == cell.value, (title, row)
    assert players == pl.read_csv(PLAYERS_CSV.encode())["player"].to_list()
