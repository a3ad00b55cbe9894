"""Hand histories of Omaha, Omaha Hi/Lo and short deck: scored under their game, every pot
replayed (hi/lo halves, quartering, the odd chip) and the log's own hand names checked."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from pipeline.games.poker.pots.pot_audit import audit_pots, audit_pots_with_counts
from pipeline.games.poker.variants import DEFAULT_RULES
from pipeline.sources.hand_histories import read_phh
from pipeline.sources.pokerstars import read_pokerstars
from tests.helpers import run_cli

DATA = Path(__file__).parent.parent / "data" / "hand_histories"
OMAHA = (DATA / "pokerstars_omaha.txt").read_text(encoding="utf-8")
# Hand 7003 with 211 on the flop: a 903-chip pot, so its halves and quarters have odd chips.
ODD = (
    OMAHA.replace("Ann: bets 210", "Ann: bets 211")
    .replace("Bob Smith: calls 210", "Bob Smith: calls 211")
    .replace("Cy: calls 210", "Cy: calls 211")
    .replace("Total pot 900", "Total pot 903")
)


def _paid(text: str, ann_high: int, ann_low: int, bob_low: int) -> str:
    return (
        text.replace("Ann collected 450 from pot", f"Ann collected {ann_high} from pot")
        .replace("Ann collected 225 from pot", f"Ann collected {ann_low} from pot")
        .replace("Bob Smith collected 225 from pot", f"Bob Smith collected {bob_low} from pot")
    )


def test_every_pot_of_the_omaha_log_is_audited_and_agrees() -> None:
    issues, counts = audit_pots_with_counts(read_pokerstars(OMAHA, "omaha.txt"))
    assert issues.height == 0, issues["message"].to_list()
    assert counts.disagreements == 0
    assert counts.hands_audited >= 3  # the Omaha pot, the split, the quartered pot, the scoop
    assert counts.names_checked >= 6  # the HI and LO names PokerStars wrote


def test_the_odd_chips_of_a_quartered_pot_go_high_then_left_of_the_button() -> None:
    # 903: the low half 451, the high half 452 (the odd chip goes high); the low half quartered
    # between Ann (seat 1, first left of the button on seat 3) and Bob: 226 and 225.
    right = _paid(ODD, 452, 226, 225)
    assert audit_pots(read_pokerstars(right, "odd.txt")).height == 0
    for wrong in (_paid(ODD, 451, 226, 226), _paid(ODD, 452, 225, 226)):
        issues = audit_pots(read_pokerstars(wrong, "odd.txt"))
        assert issues["code"].to_list() == ["pot_disagreement"]
        assert "replay awards Ann 678, Bob Smith 225" in issues["message"][0]


def test_a_low_the_log_names_wrongly_is_a_hand_name_disagreement() -> None:
    text = OMAHA.replace("LO: 8,5,4,2,A)", "LO: 8,6,4,2,A)")
    issues = audit_pots(read_pokerstars(text, "omaha.txt"))
    assert issues["code"].to_list() == ["hand_name_disagreement"]
    assert "low 8-6-4-2-A" in issues["message"][0]
    assert "low 8-5-4-2-A" in issues["message"][0]


def test_a_hand_paid_as_holdem_would_pay_it_is_a_disagreement() -> None:
    # Hand 7002 split: Ann's low (A-2 with 4 5 8) takes half.  Paying all to Cy, as a high-only
    # replay would, is caught.
    wrong = OMAHA.replace("Cy collected $8.50 from pot", "Cy collected $17 from pot").replace(
        "Ann collected $8.50 from pot\n", ""
    )
    issues = audit_pots(read_pokerstars(wrong, "omaha.txt"))
    assert "pot_disagreement" in issues["code"].to_list()
    message = issues.filter(pl.col("code") == "pot_disagreement")["message"][0]
    # Ann's low half is in the replay (in whole dollars here: with no cents left in the log,
    # the replay cannot tell a cash table's cents from a tournament's chips)
    assert "log awards Cy 17; replay awards Ann 8, Cy 9" in message


def test_pokerkits_own_hands_get_the_chips_pokerkit_gave() -> None:
    """games.phhs was played through pokerkit (Omaha, a hi/lo split, a quartered pot, a scoop, a
    short-deck flush over a full house): our share of every pot is pokerkit's award."""
    log = read_phh((DATA / "games.phhs").read_text(encoding="utf-8"), "games.phhs")
    issues, counts = audit_pots_with_counts(log)
    assert issues.height == 0
    assert counts.hands_audited == 5


def test_a_run_scores_each_log_under_its_game(tmp_path: Path) -> None:
    result = run_cli("run", str(DATA / "games.phhs"), "-o", str(tmp_path), "--no-equity")
    assert result.returncode == 0, result.stderr
    rows = pl.read_parquet(tmp_path / "games.phhs.poker.parquet")
    assert set(rows["game"]) == {"Omaha", "Omaha Hi/Lo", "Short Deck"}
    shown = rows.filter(~pl.col("folded"))
    # share is the log's: each player's part of the chips paid out (pokerkit's, here)
    paid = shown.with_columns((pl.col("won") / pl.col("won").sum().over("round")).alias("paid"))
    assert paid["share"].to_list() == pytest.approx(paid["paid"].to_list())
    # and the evaluator's verdict on every showdown is pokerkit's award (the audit agrees)
    won_any = pl.col("winner") | pl.col("low_winner").fill_null(False)
    assert (shown.filter(won_any)["won"] > 0).all()
    assert (shown.filter(~won_any)["won"] == 0).all()
    short = shown.filter(pl.col("game") == "Short Deck").sort("player")
    assert short.select("player", "hand", "winner").rows() == [
        ("Ann", "Flush", True),
        ("Bob", "Full House", False),
    ]
    quartered = shown.filter(pl.col("round") == "games.phhs#3").sort("player")
    assert quartered.select("player", "share", "low_winner").rows() == [
        ("Ann", 0.75, True),
        ("Bob", 0.0, False),
        ("Cy", 0.25, True),
    ]


def test_a_pot_the_log_pays_wrongly_rejects_no_row(tmp_path: Path) -> None:
    """The audit's issue is about the log's award, not a row: every row is still scored."""
    wrong = _paid(ODD, 451, 226, 226)
    (tmp_path / "odd.txt").write_text(wrong, encoding="utf-8")
    result = run_cli("run", str(tmp_path / "odd.txt"), "-o", str(tmp_path / "out"), "--no-equity")
    assert result.returncode == 1, result.stderr
    entry = next(
        iter(json.loads((tmp_path / "out" / "manifest.json").read_text())["files"].values())
    )
    assert entry["rows_rejected"] == 0
    assert entry["rows_scored"] == entry["rows_read"] == 12


SIX_PLUS = (DATA / "pokerstars_six_plus.txt").read_text(encoding="utf-8")


def test_a_pokerstars_six_plus_hand_is_scored_as_short_deck() -> None:
    # Ann's ace-high flush beats Bob's kings full: a flush outranks a full house in short deck
    # (36 cards), so the log pays Ann; scored as Hold'em the replay would pay Bob.
    log = read_pokerstars(SIX_PLUS, "six_plus.txt")
    assert log.issues.height == 0
    assert log.rows["variant"].unique().to_list() == ["6+ Hold'em No Limit"]
    issues, counts = audit_pots_with_counts(log)
    assert issues.height == 0, issues["message"].to_list()
    assert (counts.hands_audited, counts.names_checked) == (1, 2)
    as_holdem = {**DEFAULT_RULES, "Short Deck": DEFAULT_RULES["Hold'em"]}
    wrong = audit_pots(log, as_holdem)
    assert wrong["message"].to_list() == [
        "hand 9001: log awards Ann 12; replay awards Bob Smith 12"
    ]
