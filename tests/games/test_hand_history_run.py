"""A PokerStars log of Omaha and Omaha Hi/Lo hands through ``pipeline run``, end to end: every
hand scored under its own game in the workbook and the Parquet file, every pot audited, and a
wrongly paid pot an issue on the workbook's Issues sheet."""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl

from tests.helpers import run_cli

DATA = Path(__file__).parent.parent / "data" / "hand_histories"
POTS = DATA / "pokerstars_omaha_pots.txt"


def test_an_omaha_log_is_scored_under_each_hands_game(tmp_path: Path) -> None:
    shutil.copy(POTS, tmp_path / "omaha.txt")
    result = run_cli("run", str(tmp_path / "omaha.txt"), "-o", str(tmp_path / "out"), "--no-equity")
    assert result.returncode == 0, result.stdout + result.stderr
    rows = pl.read_parquet(tmp_path / "out" / "omaha.txt.poker.parquet")
    book = tmp_path / "out" / "omaha.txt.xlsx"
    sheet = pl.read_excel(book, sheet_name="hands")
    assert "clean" in result.stdout
    games = {str(hand): game for hand, game in sheet.select("hand_id", "game").rows()}
    assert games == {
        "7101": "Omaha Hi/Lo",
        "7102": "Omaha",
        "7103": "Omaha Hi/Lo",
        "7104": "Omaha Hi/Lo",
    }
    shown = rows.filter(~pl.col("folded")).sort("round", "player")
    # 7102: Omaha plays two hole cards: Ann's one heart on a four-heart board is no flush
    assert shown.filter(pl.col("round") == "7102").select("player", "hand", "winner").rows() == [
        ("Ann", "High Card", False),
        ("Bob Smith", "Three of a Kind", True),
    ]
    # 7101: Ann's low takes half the main pot (300 of 1,200); Bob's high the rest and the side pot
    main_and_side = shown.filter(pl.col("round") == "7101")
    assert main_and_side.select("player", "winner", "low_hand", "low_winner", "share").rows() == [
        ("Ann", False, "7-4-3-2-A", True, 0.25),
        ("Bob Smith", True, None, False, 0.75),
        ("Cy", False, None, False, 0.0),
    ]
    # 7103: no low on the board, the straight scoops
    scoop = shown.filter(pl.col("round") == "7103")
    assert scoop.select("player", "winner", "low_hand", "share").rows() == [
        ("Ann", True, None, 1.0),
        ("Bob Smith", False, None, 0.0),
    ]
    # 7104: the low tied and the high: Dee three quarters and a chip less, Cy a quarter and it
    quartered = shown.filter(pl.col("round") == "7104")
    assert quartered.select("player", "low_winner", "won").rows() == [
        ("Ann", False, 0.0),
        ("Cy", True, 19.0),
        ("Dee", True, 55.0),
    ]


def test_a_wrongly_paid_omaha_pot_is_an_issue_in_the_workbook(tmp_path: Path) -> None:
    text = POTS.read_text(encoding="utf-8")
    # 7101's side pot, which no low reaches, paid half to Ann's low
    wrong = text.replace(
        "Bob Smith collected 600 from side pot",
        "Bob Smith collected 300 from side pot\nAnn collected 300 from side pot",
    )
    (tmp_path / "omaha.txt").write_text(wrong, encoding="utf-8")
    result = run_cli("run", str(tmp_path / "omaha.txt"), "-o", str(tmp_path / "out"), "--no-equity")
    assert result.returncode == 1, result.stdout + result.stderr
    issues = pl.read_excel(tmp_path / "out" / "omaha.txt.xlsx", sheet_name="Issues")
    assert issues.select("file", "column", "code").rows() == [
        ("omaha.txt", "won", "pot_disagreement")
    ]
    assert issues["message"][0] == (
        "line 1: hand 7101: log awards Ann 600, Bob Smith 600; replay awards Ann 300, Bob Smith 900"
    )
