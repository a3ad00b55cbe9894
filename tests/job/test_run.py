"""The nightly job as cron runs it: the CLI over real files in tmp_path (in-process through
Typer's runner; a real process where the process is the point: a run killed mid-write)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import fastexcel
import openpyxl
import polars as pl
import pytest
from openpyxl.styles import Font

from pipeline.games.generate import deal_holdem, players_frame
from schemas.holdem import POKER_PARQUET_SCHEMA
from tests.helpers import Completed, run_cli

ROOT = Path(__file__).resolve().parents[2]

MESSY_CSV = """\
tournament,round,player,hole,board,folded,notes
Spring,1,Ann,Ah Kd,As Ks Qs Js Ts,false,both play the board
Spring,1,Bob,2c 3d,As Ks Qs Js Ts,no,
Spring,1,Cy,9h 9c,As Ks Qs,true,folded on the flop
Spring,2,Ann,Qh Qx,2c 7d 9h Jd 4s,,illegal suit
Spring,2,Bob,Kh,2c 7d 9h Jd 4s,,one hole card
Spring,2,Cy,Kc Kh,2c 7d,,two-card board
Spring,2,,8c 8d,2c 7d 9h Jd 4s,,no player
Spring,2,Dee,5h 6h,2c 7d 9h Jd 4s,maybe,bad flag
Spring,2,Eve,Ac Ad,2c 7d 9h Jd 4s,,the only good row of round 2
Spring,3,Ann,Ah Kh,2c 7d 9h Jd 4s,,
Spring,3,Bob,Ah 3c,2c 7d 9h Jd 4s,,Ah twice in round 3
Spring,3,Cy,Td 3s,2c 7d 9h,,
Spring,4,Ann,Ah Kh,2c 7d 9h Jd 4s,,
Spring,4,Bob,Qc Qd,2c 7d 9h Jd 5s,,board disagrees
Spring,5,Ann,Ah Kh,2c 7d 9h Jd 4s,,
Spring,5,Ann,Qc Qd,2c 7d 9h Jd 4s,,Ann twice
Spring,6,Ann,Ah Kh,2c 7d 9h,true,
Spring,6,Bob,Qc Qd,2c 7d 9h Jd 4s,false,last one standing
Spring,,Cy,Qc Qd,2c 7d 9h Jd 4s,,no round id
Spring,7,=HYPERLINK("http://x"),Ah Kh,2c 7d 9h Jd 4s,,
Spring,7,@evil,Qc Qd,2c 7d 9h Jd 4s,,+1 chip
Spring,7,-5,3c 3d,2c 7d 9h Jd 4s,,-minus
"""


@pytest.fixture(scope="module")
def messy_run(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, Completed]:
    folder = tmp_path_factory.mktemp("messy")
    (folder / "in").mkdir()
    (folder / "in" / "messy.csv").write_text(MESSY_CSV, encoding="utf-8")
    result = run_cli("run", str(folder / "in"), "-o", str(folder / "out"))
    return folder / "out", result


def test_messy_csv_exit_code_and_counts(
    messy_run: tuple[Path, Completed],
) -> None:
    out, result = messy_run
    assert result.returncode == 1, result.stdout + result.stderr
    entry = json.loads((out / "manifest.json").read_text())["files"]
    (report,) = entry.values()
    data_rows = len(MESSY_CSV.splitlines()) - 1
    assert report["rows_read"] == data_rows
    assert report["rows_read"] == report["rows_scored"] + report["rows_rejected"]
    # Round 2: five bad rows and Eve's good one held back with them; round 3 (card twice):
    # 3 rows; 4 (board): 2; 5 (Ann twice): 2; the row without a round id: 1.
    assert report["rows_rejected"] == 6 + 3 + 2 + 2 + 1
    assert report["status"] == "issues"
    scored = pl.read_parquet(out / "messy.csv.poker.parquet")
    assert scored.height == report["rows_scored"]
    issues = pl.read_excel(out / "messy.csv.xlsx", sheet_name="Issues", engine="calamine")
    assert issues["row"].drop_nulls().n_unique() == report["rows_rejected"]


def test_every_rejected_row_has_a_message_naming_what_is_wrong(
    messy_run: tuple[Path, Completed],
) -> None:
    out, _ = messy_run
    issues = pl.read_excel(out / "messy.csv.xlsx", sheet_name="Issues", engine="calamine")
    by_row: dict[int, list[str]] = {}
    for row, column, message in issues.select("row", "column", "message").iter_rows():
        by_row.setdefault(int(row), []).append(f"{column}: {message}")
    expected = {
        5: "hole: not a legal card suit 'x' in 'Qx'",
        6: "hole: 1 hole card: expected 2 for Hold'em",
        7: "board: 2 community cards: expected 0, 3, 4 or 5",
        8: "player: player name missing",
        9: "folded: folded 'maybe' is not true or false",
        11: "hole: card 'Ah' appears twice in round '3'",
        12: "hole: card 'Ah' appears twice in round '3'",
        15: "board: community cards disagree with the other players' in this round",
        16: "player: player 'Ann' appears 2 times in round '5'",
        17: "player: player 'Ann' appears 2 times in round '5'",
        20: "round: round id missing",
        10: "hole: round '2' held back: the row of 'Ann', 'Bob', 'Cy', '(no name)', 'Dee' was "
        "rejected",
    }
    for row, message in expected.items():
        assert message in by_row.get(row, []), f"row {row}: {by_row.get(row)}"
    assert issues.filter(pl.col("row") == 10)["code"].to_list() == ["round_held_back"]
    # The rest of round 3 goes with it, and says why.
    assert any("round '3' rejected: card 'Ah' appears twice" in m for m in by_row[13])
    # The original row's cells ride along in the Issues sheet.
    notes = dict(zip(issues["row"].to_list(), issues["notes"].to_list(), strict=True))
    assert notes[6] == "one hole card"


def test_ties_folds_and_last_player_standing(
    messy_run: tuple[Path, Completed],
) -> None:
    out, _ = messy_run
    scored = pl.read_parquet(out / "messy.csv.poker.parquet")
    round_1 = scored.filter(pl.col("round") == "1").sort("player")
    assert round_1["hand"].to_list() == ["Royal Flush", "Royal Flush", None]
    assert round_1["rank"].to_list() == [1, 1, None]
    assert round_1["winner"].to_list() == [True, True, False]
    assert round_1["folded"].to_list() == [False, False, True]
    assert round_1["best_five"].to_list()[0] == "As Ks Qs Js Ts"
    round_6 = scored.filter(pl.col("round") == "6").sort("player")
    assert round_6["winner"].to_list() == [False, True]
    # Round 2 lost five rows: Eve's good row is held back, not crowned against nobody.
    assert scored.filter(pl.col("round") == "2").height == 0


def test_formula_like_text_lands_as_text(
    messy_run: tuple[Path, Completed],
) -> None:
    out, _ = messy_run
    book = openpyxl.load_workbook(out / "messy.csv.xlsx")
    sheet = book["messy"]
    values = {sheet.cell(row=row, column=3).value for row in range(2, sheet.max_row + 1)}
    assert {'=HYPERLINK("http://x")', "@evil", "-5"} <= values
    for row in sheet.iter_rows():
        for cell in row:
            assert cell.data_type != "f", f"{cell.coordinate} holds a formula: {cell.value!r}"
    round_7 = pl.read_parquet(out / "messy.csv.poker.parquet").filter(pl.col("round") == "7")
    assert round_7.sort("rank")["player"].to_list() == ["@evil", "-5", '=HYPERLINK("http://x")']


def test_new_workbook_has_result_columns_summary_and_header_frozen(
    messy_run: tuple[Path, Completed],
) -> None:
    out, _ = messy_run
    book = openpyxl.load_workbook(out / "messy.csv.xlsx")
    assert book.sheetnames == ["messy", "Summary", "Issues"]
    sheet = book["messy"]
    header = [cell.value for cell in sheet[1]]
    assert header[-10:] == [
        "hand", "hand_detail", "best_five", "rank", "winner", "share %",
        "win_preflop %", "win_flop %", "win_turn %", "issue_code",
    ]  # fmt: skip
    assert sheet.freeze_panes == "A2"
    assert sheet.auto_filter.ref is not None
    ann_round_1 = [cell.value for cell in sheet[2]]
    # the royal flush is on the board: everyone still in plays it and shares the pot
    assert ann_round_1[-10:-4] == ["Royal Flush", "Royal Flush", "As Ks Qs Js Ts", 1, True, 0.5]
    # Winner rows: one conditional format over the table reading the winner column (L).
    rules = [
        (str(block.sqref), rule.formula, rule.dxf.font.b)
        for block in sheet.conditional_formatting
        for rule in block.rules
    ]
    assert ("A2:Q23", ["$L2=TRUE"], True) in rules
    assert sheet.cell(row=4, column=1).font.color.rgb[-6:] == "808080"  # Cy folded: grey
    summary = [row for row in book["Summary"].iter_rows(values_only=True)]
    assert ("messy.csv", "(all)", None, 22, 8, 14) in [row[:6] for row in summary]


def write_club_workbook(path: Path) -> None:
    """A producer's workbook: a title, a bold header on row 3, notes, one unknown sheet."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Night 1"
    sheet["A1"] = "Club night"
    rows: list[list[object]] = [
        ["round", "board", "Ann", "Bob", "Cy", "notes"],
        [1, "Ks Kd 9d 3c 6d", "Kc 9s", "9c Ah", "9h 5s fold", "opening hand"],
        [2, "2c 7d 9h Jd 4s", "Ah Kh", "Ah Qd", None, "Ah twice"],
        [3, "2c 7d 9h Jd 4s", "Qs Qh", None, "3c 3d", "=SUM(1,2)"],
    ]
    for offset, row in enumerate(rows, start=3):
        for column, value in enumerate(row, start=1):
            sheet.cell(row=offset, column=column, value=value)
    sheet["A3"].font = Font(name="Calibri", bold=True)
    sheet["F4"].value = "=not a formula"
    sheet["F4"].data_type = "s"  # typed as text in Excel ('=...): text it stays
    sheet.column_dimensions["F"].width = 33
    book.create_sheet("Read me")["A1"] = "Scores are final."
    book.save(path)


def test_workbook_is_written_back_with_the_producers_sheets_kept(tmp_path: Path) -> None:
    write_club_workbook(tmp_path / "club.xlsx")
    result = run_cli("run", str(tmp_path / "club.xlsx"), "-o", str(tmp_path / "out"))
    assert result.returncode == 1, result.stdout + result.stderr
    book = openpyxl.load_workbook(tmp_path / "out" / "club.xlsx")
    assert book.sheetnames[:2] == ["Night 1", "Read me"]
    sheet = book["Night 1"]
    assert sheet["A1"].value == "Club night"
    assert sheet["A3"].font.b
    assert sheet.column_dimensions["F"].width == 33
    assert [sheet.cell(row=3, column=c).value for c in (7, 8)] == ["winner", "winning_hand"]
    assert sheet["G4"].value == "Ann"
    assert sheet["H4"].value == "Full House (Kings over Nines)"
    assert sheet["G5"].value is None  # round 2 rejected: Ah twice
    assert sheet["G6"].value == "Ann"
    assert sheet["F6"].value == "=SUM(1,2)"  # the producer's own formula is theirs to keep
    assert sheet["F6"].data_type == "f"
    assert (sheet["F4"].value, sheet["F4"].data_type) == ("=not a formula", "s")
    issues = [row for row in book["Issues"].iter_rows(values_only=True)]
    assert issues[0][:7] == ("file", "sheet", "row", "column", "value", "code", "message")
    messages = " | ".join(str(row[6]) for row in issues[1:])
    assert "card 'Ah' appears twice in round '2'" in messages
    assert "sheet 'Read me' matches no layout: expected round, player and cards" in messages


def _book_with_a_good_sheet() -> openpyxl.Workbook:
    """A workbook whose sheet "Good" holds one heads-up round: what must survive its neighbours."""
    book = openpyxl.Workbook()
    good = book.active
    good.title = "Good"
    for row in (
        ["round", "player", "cards"],
        [1, "Ann", "As Ks Qs Js Ts 2c 3d"],
        [1, "Bob", "9h 9d Qs Js Ts 2c 3d"],
    ):
        good.append(row)
    return book


def test_not_a_workbook_and_a_hostile_sheet_do_not_stop_the_run(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "fake.xlsx").write_text("this is not a zip file")
    with zipfile.ZipFile(inputs / "broken.xlsx", "w") as archive:
        archive.writestr("hello.txt", "a zip, but not a workbook")
    book = _book_with_a_good_sheet()
    book.create_sheet("Stray")["XFD1048576"] = "x"  # the 52 GB sheet, declared
    book.save(inputs / "stray.xlsx")
    players_frame(deal_holdem(10, 4, seed=3)).write_csv(inputs / "ok.csv")
    result = run_cli("run", str(inputs), "-o", str(tmp_path / "out"), "--no-equity")
    assert result.returncode == 1, result.stdout + result.stderr
    files = json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]
    by_name = {Path(name).name: entry for name, entry in files.items()}
    assert by_name["ok.csv"]["status"] == "clean"
    assert by_name["ok.csv"]["rows_scored"] == 40
    assert by_name["stray.xlsx"]["rows_scored"] == 2
    for name in ("fake.xlsx", "broken.xlsx", "stray.xlsx"):
        assert by_name[name]["status"] == "issues", name
    stray_issues = pl.read_excel(
        tmp_path / "out" / "stray.xlsx", sheet_name="Issues", engine="calamine"
    )
    assert "over the limit" in stray_issues["message"][0]
    fake_issues = pl.read_excel(
        tmp_path / "out" / "fake.xlsx", sheet_name="Issues", engine="calamine"
    )
    assert fake_issues["message"].to_list() == ["'fake.xlsx' is not a real .xlsx workbook"]


def test_rerun_skips_unchanged_inputs_and_redoes_changed_ones(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    players_frame(deal_holdem(20, 4, seed=1)).write_csv(inputs / "a.csv")
    players_frame(deal_holdem(20, 4, seed=2)).write_csv(inputs / "b.csv")
    out = tmp_path / "out"
    # --no-equity: the figures are not what a rerun is about, and cost most of the run
    first = run_cli("run", str(inputs), "-o", str(out), "--no-equity")
    assert first.returncode == 0, first.stdout + first.stderr
    stamps = {path.name: path.stat().st_mtime_ns for path in out.iterdir()}
    second = run_cli("run", str(inputs), "-o", str(out), "--no-equity")
    assert second.returncode == 0
    assert second.stderr.count("unchanged, skipped") == 2
    assert stamps["a.csv.xlsx"] == (out / "a.csv.xlsx").stat().st_mtime_ns
    players_frame(deal_holdem(25, 4, seed=9)).write_csv(inputs / "b.csv")
    third = run_cli("run", str(inputs), "-o", str(out), "--no-equity")
    assert third.stderr.count("unchanged, skipped") == 1
    assert pl.read_parquet(out / "b.csv.poker.parquet").height == 100
    forced = run_cli("run", str(inputs), "-o", str(out), "--force", "--no-equity")
    assert "unchanged, skipped" not in forced.stderr
    assert stamps["a.csv.xlsx"] != (out / "a.csv.xlsx").stat().st_mtime_ns


def _listing(folder: Path) -> list[Path]:
    try:
        return list(folder.iterdir())
    except FileNotFoundError:
        return []


def test_a_killed_run_started_again_finishes_with_whole_outputs(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    for seed in range(4):
        players_frame(deal_holdem(500, 6, seed=seed)).write_csv(inputs / f"night{seed}.csv")
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "pipeline", "run", str(inputs), "-o", str(out), "--no-equity"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # Kill at the moment that matters: while an output's temporary file exists.
    deadline = time.monotonic() + 120
    while not any(".tmp-" in path.name for path in _listing(out)):
        assert process.poll() is None, "the run ended before any temporary file was seen"
        assert time.monotonic() < deadline, "no temporary file appeared"
        time.sleep(0.001)
    process.send_signal(signal.SIGKILL)
    process.wait()
    again = run_cli("run", str(inputs), "-o", str(out), "--no-equity")
    assert again.returncode == 0, again.stdout + again.stderr
    assert not [path.name for path in out.iterdir() if ".tmp-" in path.name]
    for seed in range(4):
        assert pl.read_parquet(out / f"night{seed}.csv.poker.parquet").height == 3000
        reader = fastexcel.read_excel(out / f"night{seed}.csv.xlsx")
        assert reader.sheet_names == [f"night{seed}", "Summary", "Issues"]
        assert reader.load_sheet(f"night{seed}").height == 3000


def test_check_prints_issues_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "messy.csv").write_text(MESSY_CSV, encoding="utf-8")
    result = run_cli("check", str(tmp_path / "messy.csv"), cwd=tmp_path)
    assert result.returncode == 1
    assert (
        "messy.csv, sheet 'messy', row 5, column 'hole': not a legal card suit 'x' in 'Qx' "
        "(value 'Qh Qx')" in result.stdout.splitlines()
    )
    assert "22 rows read, 8 valid, 14 rejected" in result.stderr
    assert sorted(os.listdir(tmp_path)) == ["messy.csv"]


def test_missing_input_fails_the_run_with_exit_code_2(tmp_path: Path) -> None:
    result = run_cli("run", str(tmp_path / "nope"), "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "no such file or folder" in result.stdout


def test_generate_writes_each_layout(tmp_path: Path) -> None:
    for name, layout, rows in (
        ("p.csv", "players", 30),
        ("r.xlsx", "rounds", 10),
        ("l.txt", "players", 30),
    ):
        result = run_cli(
            "generate", str(tmp_path / name), "--rounds", "10", "--players", "3", "--layout", layout
        )
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == f"wrote {rows:,} rows to {tmp_path / name}"
    run = run_cli("run", str(tmp_path), "-o", str(tmp_path / "out"), "--no-equity")
    assert run.returncode == 0, run.stdout + run.stderr
    names = ("p.csv", "r", "l.txt")
    frames = [pl.read_parquet(tmp_path / "out" / f"{name}.poker.parquet") for name in names]
    assert [frame.height for frame in frames] == [30, 30, 30]
    # Same seed, same deal: every layout scores the same winners.
    winners = [
        frame.filter("winner").sort("round", "player")["cards"].to_list() for frame in frames
    ]
    assert winners[0] == winners[2]


def test_the_sample_inputs_score_as_documented(tmp_path: Path) -> None:
    # Counts, winners, pots and issues: no figure per street is checked here (they are in
    # tests/games/test_street_equity*.py), so none is computed.
    result = run_cli("run", str(ROOT / "input"), "-o", str(tmp_path), "--no-equity")
    assert result.returncode == 1, result.stdout + result.stderr
    files = json.loads((tmp_path / "manifest.json").read_text())["files"]
    counts = {
        Path(name).name: (entry["rows_read"], entry["rows_scored"], entry["rows_rejected"])
        for name, entry in files.items()
    }
    assert counts == {
        "club-nights.xlsx": (36, 32, 4),
        "final-table.phh": (3, 3, 0),
        "five-card-club.csv": (26, 23, 3),
        "mixed-games.csv": (54, 48, 6),
        "quiz24-showdown.txt": (6, 6, 0),
        "season-2026.csv": (240, 240, 0),
        "tournament-900.txt": (19, 19, 0),
        "yatzy-night.csv": (90, 87, 3),
    }
    kata = pl.read_parquet(tmp_path / "five-card-club.csv.poker.parquet").filter(
        pl.col("round").cast(pl.Int64) <= 4
    )
    winners = kata.filter("winner").select("round", "player", "hand_detail").rows()
    assert winners == [
        ("1", "White", "High Card (Ace)"),
        ("2", "Black", "Full House (Fours over Twos)"),
        ("3", "Black", "High Card (King)"),  # the kata: Black wins on the 9 against the 8
        ("4", "Black", "High Card (King)"),
        ("4", "White", "High Card (King)"),  # the kata's tie
    ]
    mixed = pl.read_parquet(tmp_path / "mixed-games.csv.poker.parquet")
    assert set(mixed["game"]) == {"Omaha", "Omaha Hi/Lo", "Short Deck"}
    pots = mixed.group_by("table", "round").agg(pl.col("share").sum())["share"]
    assert pots.to_list() == pytest.approx([1.0] * pots.len())
    assert mixed.filter(pl.col("game") != "Omaha Hi/Lo")["low_winner"].is_null().all()
    quiz = pl.read_parquet(tmp_path / "quiz24-showdown.txt.poker.parquet")
    assert quiz.filter("winner")["hand_detail"].to_list() == ["Full House (Kings over Nines)"]
    # The hand histories: the side pot's winner paid by the log and by the evaluator; the
    # PokerStars log's split royal flushes and its three unreadable hands, each at its line.
    final = pl.read_parquet(tmp_path / "final-table.phh.poker.parquet")
    assert final.select("player", "rank", "put_in", "won").rows() == [
        ("Ann", 1, 1000.0, 2400.0),
        ("Bob", 2, 400.0, 0.0),
        ("Cy", 3, 1000.0, 0.0),
    ]
    log = pl.read_parquet(tmp_path / "tournament-900.txt.poker.parquet")
    split = log.filter(pl.col("round") == "1003", "winner")
    assert split.select("player", "hand_detail", "won").rows() == [
        ("Ann", "Royal Flush", 26.0),
        ("Dee", "Royal Flush", 27.0),
    ]
    issues = pl.read_excel(tmp_path / "tournament-900.txt.xlsx", sheet_name="Issues")
    assert issues.select("row", "code").rows() == [
        (189, "malformed_hand"),
        (206, "unsupported_variant"),
        (223, "truncated_hand"),
    ]


def test_yatzy_night_totals_bonus_and_issues(tmp_path: Path) -> None:
    night = tmp_path / "night.csv"
    rows = ["game,round,player,dice,category"]
    # Ann fills ones..sixes with three of each face (63 = the bonus) then scores chance.
    names = ("ones", "twos", "threes", "fours", "fives", "sixes")
    for round_number, (face, name) in enumerate(zip(range(1, 7), names, strict=True), start=1):
        other = face % 6 + 1
        rows.append(f"G,{round_number},Ann,{face} {face} {face} {other} {other},{name}")
        rows.append(f"G,{round_number},Bo,6 6 6 6 6,")
    rows.append("G,7,Ann,6 6 6 6 6,yatzy")
    rows.append("G,7,Bo,1 2 3 4 5,small straight")
    rows.append("G,8,Ann,1 2 3 4 9,chance")
    rows.append("G,8,Bo,2 2 3 3 4,two pairs")
    rows.append("G,9,Ann,5 5 5 5 5,Yatzy")
    night.write_text("\n".join(rows) + "\n")
    result = run_cli("run", str(night), "-o", str(tmp_path / "out"))
    assert result.returncode == 1, result.stdout + result.stderr
    scored = pl.read_parquet(tmp_path / "out" / "night.csv.yatzy.parquet")
    ann = scored.filter(pl.col("player") == "Ann").sort("round")
    upper = [3 * face for face in range(1, 7)]
    assert ann["score"].to_list() == [*upper, 50]
    assert ann["total"].to_list()[-2:] == [63 + 50, 63 + 50 + 50]  # bonus from round 6
    bo = scored.filter(pl.col("player") == "Bo").sort("round")
    assert bo["category_chosen"].to_list()[:6] == [True] * 6
    assert bo["category"].to_list()[0] == "Yatzy"
    assert bo.filter(pl.col("round") == 8)["category"].to_list() == ["Two Pairs"]
    issues = pl.read_excel(
        tmp_path / "out" / "night.csv.xlsx", sheet_name="Issues", engine="calamine"
    )
    messages = dict(zip(issues["row"].to_list(), issues["message"].to_list(), strict=True))
    assert messages[16] == "dice '1 2 3 4 9': expected five dice, each 1 to 6"
    assert messages[18] == "category 'Yatzy' already used by player 'Ann' in round 7 of game 'G'"
    standings = pl.read_excel(tmp_path / "out" / "night.csv.xlsx", sheet_name="Summary")
    assert "Yatzy standings" in standings.columns[0]


def test_win_probabilities_per_street_are_in_the_outputs(
    messy_run: tuple[Path, Completed],
) -> None:
    out, _ = messy_run
    scored = pl.read_parquet(out / "messy.csv.poker.parquet")
    round_1 = scored.filter(pl.col("round") == "1").sort("player")
    # Cy folded on the flop: shown before the flop, not after.
    assert round_1["win_preflop"].null_count() == 0
    assert round_1["win_flop"].to_list()[2] is None
    for street in ("win_preflop", "win_flop", "win_turn"):
        assert round_1[street].sum() == pytest.approx(100.0), street
    # On the turn Ann (Ah Kd on As Ks Qs Js) holds the straight. Bob (2c 3d) only splits: on
    # any of the 9 spades left (a flush on the board) or the 3 other tens (a straight on it),
    # 12 of the 44 river cards, each worth half the pot.
    ann, bob = round_1["win_turn"].to_list()[:2]
    assert bob == pytest.approx(100 * 12 / 44 / 2)
    assert ann == pytest.approx(100 - bob)
    summary = list(openpyxl.load_workbook(out / "messy.csv.xlsx")["Summary"].values)
    assert any(row[0] == "Biggest swings" for row in summary)


def test_no_equity_leaves_the_figures_blank_in_the_fixed_schema(tmp_path: Path) -> None:
    (tmp_path / "messy.csv").write_text(MESSY_CSV, encoding="utf-8")
    result = run_cli("run", str(tmp_path / "messy.csv"), "-o", str(tmp_path / "out"), "--no-equity")
    assert result.returncode == 1
    scored = pl.read_parquet(tmp_path / "out" / "messy.csv.poker.parquet")
    assert scored.schema == pl.Schema(POKER_PARQUET_SCHEMA)
    assert scored.select(pl.col("win_preflop", "win_flop", "win_turn").null_count()).row(0) == (
        (scored.height,) * 3
    )


def test_dice_in_five_columns_and_an_empty_file(tmp_path: Path) -> None:
    (tmp_path / "dice.csv").write_text(
        "game,round,player,d1,d2,d3,d4,d5,category\nG,1,Ann,1,1,2,4,4,fours\nG,1,Bo,6,6,6,6,x,\n"
    )
    (tmp_path / "empty.csv").write_text("")
    result = run_cli("check", str(tmp_path))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "dice.csv, sheet 'dice', row 3, column 'd1, d2, d3, d4, d5': dice '6 6 6 6 x': expected "
        "five dice, each 1 to 6 (value '6 6 6 6 x')",
        "empty.csv, sheet 'empty': sheet 'empty' is empty: no header row, no rows",
    ]


def test_a_sheet_that_crashes_the_reader_is_reported_and_its_neighbours_kept(
    tmp_path: Path,
) -> None:
    """A stray cell in XFD1048576 with no declared size: calamine would ask for 512 GB and abort.

    The sheet's real extent is read from its cells before any reader sees it, so only that
    sheet is lost, and the message says why."""
    book = _book_with_a_good_sheet()
    bad = book.create_sheet("Bad")
    bad.append(["round", "player", "cards"])
    bad["XFD1048576"] = "x"
    book.save(tmp_path / "built.xlsx")
    with (
        zipfile.ZipFile(tmp_path / "built.xlsx") as source,
        zipfile.ZipFile(tmp_path / "hostile.xlsx", "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet2.xml":
                data = re.sub(rb"<dimension[^>]*/>", b"", data)  # hide its size
            target.writestr(item, data)
    (tmp_path / "built.xlsx").unlink()
    result = run_cli("run", str(tmp_path / "hostile.xlsx"), "-o", str(tmp_path / "out"))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "memory allocation" not in result.stderr  # the child's crash report stays quiet
    scored = pl.read_parquet(tmp_path / "out" / "hostile.poker.parquet")
    assert scored["sheet"].to_list() == ["Good", "Good"]
    issues = pl.read_excel(tmp_path / "out" / "hostile.xlsx", sheet_name="Issues")
    assert issues.select("sheet", "message").rows() == [
        (
            "Bad",
            "spans 1,048,576 rows x 16,384 columns: over the limit of 1,000 columns and "
            "60,000,000 cells; a stray cell far to the right or below the table makes this, "
            "delete it and save again",
        )
    ]


def test_round_ids_tables_and_lonely_rounds(tmp_path: Path) -> None:
    """Issue 11.3 / 11.4: 1, 01 and 1.0 are one round; two tables' round 1 are two rounds; a
    round of one player is reported, not crowned."""
    (tmp_path / "night.csv").write_text(
        "table,round,player,cards\n"
        "A,1,Ann,As Ks Qs Js Ts 2c 3d\n"
        "A,01,Bob,9h 9d Qs Js Ts 2c 3d\n"
        "B,1.0,Cy,As Ks 4d 5d 6h 2c 3d\n"
        "B,1,Dee,Ah Kh 4d 5d 6h 2c 3d\n"
        "B,2,Eve,Ah Kh 4d 5d 6h 2c 3d\n",
        encoding="utf-8",
    )
    result = run_cli("run", str(tmp_path / "night.csv"), "-o", str(tmp_path / "out"))
    assert result.returncode == 1, result.stdout + result.stderr
    scored = pl.read_parquet(tmp_path / "out" / "night.csv.poker.parquet").sort("row")
    assert scored["seat"].null_count() == scored.height  # no seat column: kept as null
    assert scored.select("table", "round", "player", "winner").rows() == [
        ("A", "1", "Ann", True),
        ("A", "1", "Bob", False),
        ("B", "1", "Cy", True),
        ("B", "1", "Dee", True),
    ]
    issues = pl.read_excel(tmp_path / "out" / "night.csv.xlsx", sheet_name="Issues")
    assert issues.select("row", "code", "message").rows() == [
        (6, "lonely_round", "round '2' has only one player: nothing to compare, no winner")
    ]
