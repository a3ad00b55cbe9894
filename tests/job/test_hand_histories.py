"""Issue 13: hand histories through the nightly job, recognised by content, scored and audited."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import polars as pl
import pytest

from pipeline.games.issues import with_codes
from pipeline.season import season_report
from pipeline.sources.hand_histories import read_phh
from pipeline.sources.pokerstars import read_pokerstars
from tests.helpers import run_cli

HANDS = Path(__file__).resolve().parents[1] / "data" / "hand_histories"


def test_a_pokerstars_log_is_scored_with_mucked_hands_as_a_state(tmp_path: Path) -> None:
    shutil.copy(HANDS / "pokerstars_mixed.txt", tmp_path / "night.txt")
    result = run_cli("run", str(tmp_path / "night.txt"), "-o", str(tmp_path / "out"))
    assert result.returncode == 1, result.stdout + result.stderr
    # The log line counts hands apart from rows: the three hands left out (a malformed seat
    # line, a Razz hand, a cut last hand) hold no rows, so "0 rejected" alone hid them.
    assert (
        "night.txt: 19 rows read, 19 scored, 0 rejected, "
        "8 hands read: 5 scored, 3 left out, 3 issues (" in result.stderr
    ), result.stderr
    scored = pl.read_parquet(tmp_path / "out" / "night.txt.poker.parquet")
    hand = scored.filter(pl.col("round") == "1001").sort("player")
    assert hand.select("player", "hand_detail", "rank", "winner").rows() == [
        ("Ann", "Pair (Kings)", 1, True),
        ("Bob Smith", None, None, False),
        ("Cy: the [Kid]", "Pair (Queens)", 2, False),
        ("Dee", None, None, False),
    ]
    # Ann's flop figure, by hand: Ah Kh against Cy's Qc Qs on 2c 7d Kd, the folded hands left
    # in the deck (45 cards, C(45, 2) = 990 turn-and-river pairs). Cy wins exactly when a queen
    # comes (Qd or Qh: 44 + 44 - 1 = 87 pairs; with a king too Cy has queens full), Ann every
    # other pair (903), never a tie: 903 / 990 = 91.21 %.
    assert hand["win_flop"][0] == pytest.approx(100 * 903 / 990)
    assert hand.select("table", "seat").rows() == [("900 1", str(seat)) for seat in (1, 2, 3, 4)]
    issues = pl.read_excel(tmp_path / "out" / "night.txt.xlsx", sheet_name="Issues")
    assert issues["code"].to_list() == ["malformed_hand", "unsupported_variant", "truncated_hand"]
    # Each names the file and the line its hand starts on in their own columns, and the hand.
    assert issues.select("file", "row").rows() == [("night.txt", line) for line in (189, 206, 223)]
    starts = (
        "hand 2003: unreadable seat line",
        "'5 Card Omaha Pot Limit' is a variant not read here",
        "hand 2005 ends before",
    )
    for message, start in zip(issues["message"], starts, strict=True):
        assert message.startswith(start) and "night.txt" not in message, message
    check = run_cli("check", str(tmp_path / "night.txt"))
    assert "night.txt, row 189: hand 2003: unreadable seat line" in check.stdout, check.stdout


def test_a_misread_showdown_is_an_audit_issue_naming_hand_and_amounts(tmp_path: Path) -> None:
    log = (HANDS / "pokerstars_mixed.txt").read_text(encoding="utf-8")
    # The log pays the pot of hand 1001 to the player whose Queens lost.
    wrong = log.replace("Ann collected 290 from pot", "Cy: the [Kid] collected 290 from pot", 1)
    wrong = wrong.replace(
        "Seat 1: Ann (button) showed [Ah Kh] and won (290) with a pair of Kings",
        "Seat 1: Ann (button) showed [Ah Kh] and lost with a pair of Kings",
        1,
    ).replace(
        "Seat 3: Cy: the [Kid] (big blind) showed [Qc Qs] and lost with a pair of Queens",
        "Seat 3: Cy: the [Kid] (big blind) showed [Qc Qs] and won (290) with a pair of Queens",
        1,
    )
    (tmp_path / "night.txt").write_text(wrong, encoding="utf-8")
    result = run_cli("run", str(tmp_path / "night.txt"), "-o", str(tmp_path / "out"))
    assert result.returncode == 1, result.stdout + result.stderr
    issues = pl.read_excel(tmp_path / "out" / "night.txt.xlsx", sheet_name="Issues")
    audit = issues.filter(pl.col("code") == "pot_disagreement")
    assert audit.height == 1, issues["message"].to_list()
    assert "1001" in audit["message"][0]
    assert "290" in audit["message"][0]


def test_a_phh_file_is_read_by_content_and_scored(tmp_path: Path) -> None:
    shutil.copy(HANDS / "nt_showdown.phh", tmp_path / "final-table.phh")
    result = run_cli("run", str(tmp_path / "final-table.phh"), "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    scored = pl.read_parquet(tmp_path / "out" / "final-table.phh.poker.parquet")
    assert scored.height == 3
    assert scored["winner"].sum() >= 1


def test_chips_reach_the_parquet_the_summary_and_the_season_standings(tmp_path: Path) -> None:
    shutil.copy(HANDS / "pokerstars_mixed.txt", tmp_path / "night.txt")
    shutil.copy(HANDS / "quiz_listing.txt", tmp_path / "quiz.txt")
    out = tmp_path / "out"
    result = run_cli("run", str(tmp_path), "-o", str(out), "--no-equity")
    assert result.returncode == 1, result.stdout + result.stderr
    scored = pl.read_parquet(out / "night.txt.poker.parquet")
    hand = scored.filter(pl.col("round") == "1001").sort("seat")
    assert hand.select("player", "put_in", "won").rows() == [
        ("Ann", 140.0, 290.0),
        ("Bob Smith", 10.0, 0.0),
        ("Cy: the [Kid]", 140.0, 0.0),
        ("Dee", 0.0, 0.0),
    ]
    # A source without chips has the columns, null.
    quiz = pl.read_parquet(out / "quiz.txt.poker.parquet")
    assert quiz.select(pl.col("put_in", "won").null_count()).row(0) == (quiz.height,) * 2
    # Ann's money, read off the log by hand (put in: antes, blinds and bets; won: collected).
    # Tournament chips: 1001 put in 60 + 80, won 290; 1002 ante 5 + all-in 195, won the main pot
    # 605; 1003 ante 1 + 20, won 26 of the split pot.  Cash: 2001 $0.50 + $1, folded; 2002
    # $1.50, won $3.10.  Chips and dollars are never added up.
    expected = {"chips": (290 + 605 + 26) - (140 + 200 + 21), "USD": round(3.10 - 1.5 - 1.5, 2)}
    assert expected == {"chips": 560, "USD": 0.1}
    by_currency = dict(
        scored.filter(pl.col("player") == "Ann")
        .group_by("currency")
        .agg((pl.col("won") - pl.col("put_in")).sum())
        .rows()
    )
    assert by_currency == pytest.approx(expected)

    summary = openpyxl.load_workbook(out / "night.txt.xlsx")["Summary"]
    cells = [[cell.value for cell in row] for row in summary.iter_rows()]
    totals = ["hands dealt", "showdowns", "showdowns won", "won (net)", "put in"]
    headers = [at for at, row in enumerate(cells) if row[:7] == ["player", *totals, "best hand"]]
    # a block per currency (chips and USD are never added up)
    anns = [next(row for row in cells[at + 1 :] if row[0] == "Ann") for at in headers]
    # Ann: dealt 5 hands, 4 showdowns (1001, 1002, 1003, 2002), won all 4; put in 361 + 3.
    assert [sum(ann[column] for ann in anns) for column in (1, 2, 3, 5)] == [5, 4, 4, 364]
    assert sorted(ann[4] for ann in anns) == pytest.approx(sorted(expected.values()))

    # The season's Standings: a block per currency, each with Ann's net in that currency only
    # (560 tournament chips and $0.10 are never added into 560.10).
    report = season_report(out)
    nets = {
        (currency, player): net
        for currency, player, net in report.standings.select("currency", "player", "net").rows()
    }
    for currency, ann_net in expected.items():
        assert nets[(currency, "Ann")] == pytest.approx(ann_net)
    assert nets[(None, "player 1")] is None  # the quiz listing has no chips


def test_every_reader_issue_code_is_declared_with_its_wording() -> None:
    """The readers' own codes (kept in the Issues sheet) are those games/issues.py gives their
    messages, so a code is declared once and a filter on it finds every such issue."""
    text = (HANDS / "pokerstars_mixed.txt").read_text(encoding="utf-8")
    cashed_out = text.replace(
        "Ann collected $3.10 from pot", "Ann cashed out the hand for $2.90"
    ).replace(
        "won ($3.10) with a pair of Tens",
        "won ($3.10) with a pair of Tens (pot not awarded as player cashed out)",
    )
    logs = [
        read_pokerstars(text, "night.txt"),
        read_pokerstars(cashed_out, "night.txt"),
        read_pokerstars("PokerStars Home Game\nnothing else", "empty.txt"),
        read_phh((HANDS / "mixed.phhs").read_text(encoding="utf-8"), "mixed.phhs"),
        read_phh("not = [toml", "broken.phh"),
    ]
    issues = pl.concat([log.issues for log in logs])
    assert {"malformed_hand", "unsupported_variant", "truncated_hand", "cashed_out"} <= set(
        issues["code"]
    )
    assert "no_hands" in set(issues["code"]), issues["message"].to_list()
    recoded = with_codes(issues.drop("code"))["code"]
    assert recoded.to_list() == issues["code"].to_list(), issues["message"].to_list()
