"""Pot audit: replayed awards agree with the hand-written logs, and a wrong award is caught."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.holdem import pot_audit
from pipeline.games.holdem.pot_audit import audit_pots, audit_pots_with_counts
from pipeline.sources.hand_log import Issues
from pipeline.sources.phh import read_phh
from pipeline.sources.pokerstars import read_pokerstars, read_pokerstars_lines

DATA = Path(__file__).parent.parent / "data" / "hand_histories"
TEXT = (DATA / "pokerstars_mixed.txt").read_text(encoding="utf-8")


def test_fixture_agrees() -> None:
    issues, counts = audit_pots_with_counts(read_pokerstars(TEXT, "f.txt"))
    assert issues.height == 0
    # 1001 heads-up showdown, 1002 main + side pot, 1003 split; 2002 Eve mucked: not audited.
    assert (counts.hands, counts.showdowns, counts.pots, counts.pots_audited) == (5, 4, 5, 4)
    assert (counts.hands_audited, counts.disagreements) == (3, 0)


def test_odd_chip_to_the_wrong_player_is_a_disagreement() -> None:
    text = TEXT.replace("Dee collected 27", "Dee collected 26").replace(
        "Ann collected 26", "Ann collected 27"
    )
    issues = audit_pots(read_pokerstars(text, "f.txt"))
    assert issues.select("line", "hand_id", "code").rows() == [(76, "1003", "pot_disagreement")]
    assert "Ann 27" in issues["message"][0] and "Dee 27" in issues["message"][0]


def test_side_pot_to_the_wrong_player_is_a_disagreement() -> None:
    text = TEXT.replace("Bob Smith collected 600 from side pot", "Dee collected 600 from side pot")
    issues, counts = audit_pots_with_counts(read_pokerstars(text, "f.txt"))
    assert issues["hand_id"].to_list() == ["1002"]
    assert counts.disagreements == 1


def test_rake_is_tolerated_but_not_a_wrong_winner() -> None:
    hand = TEXT.split("\n\n\n\n")[0].replace("Rake 0", "Rake 10")
    raked = hand.replace("Ann collected 290", "Ann collected 280")
    assert audit_pots(read_pokerstars(raked, "f.txt")).height == 0
    wrong = hand.replace("Ann collected 290", "Cy: the [Kid] collected 280")
    assert audit_pots(read_pokerstars(wrong, "f.txt")).height == 1


def test_phh_side_pot() -> None:
    text = (DATA / "nt_showdown.phh").read_text(encoding="utf-8")
    issues, counts = audit_pots_with_counts(read_phh(text, "nt.phh"))
    assert issues.height == 0
    assert (counts.pots_audited, counts.disagreements) == (2, 0)
    wrong = text.replace("finishing_stacks = [2400, 0, 1000]", "finishing_stacks = [1600, 0, 1800]")
    assert audit_pots(read_phh(wrong, "nt.phh")).height == 1


def test_the_logs_hand_names_are_read_and_checked_against_ours() -> None:
    log = read_pokerstars(TEXT, "f.txt")
    stated = log.rows.filter(pl.col("hand_id") == "1001").sort("seat")["stated_hand"].to_list()
    assert stated == ["a pair of Kings", None, "a pair of Queens", None]
    _, counts = audit_pots_with_counts(log)
    # Eight shown hands carry PokerStars' name: pairs, trips, high card, Royal Flush.
    assert (counts.names_checked, counts.name_disagreements) == (8, 0)


def test_a_hand_name_of_another_category_is_an_audit_issue() -> None:
    text = TEXT.replace(
        "Ann: shows [Ah Kh] (a pair of Kings)",
        "Ann: shows [Ah Kh] (a full house, Sevens full of Jacks)",
    )
    for reader in (read_pokerstars, read_pokerstars_lines):
        issues, counts = audit_pots_with_counts(reader(text, "f.txt"))
        assert issues.select("line", "hand_id", "code", "value").rows() == [
            (1, "1001", "hand_name_disagreement", "a full house, Sevens full of Jacks")
        ], reader
        assert issues["message"][0] == (
            "hand 1001: the log names Ann's Ah Kh 2c 7d Kd 9s 3h 'a full house, Sevens full "
            "of Jacks' (Full House); the evaluator makes it Pair"
        )
        assert counts.name_disagreements == 1


def _counts_both_ways(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Counts of the all-at-once single-pot pass, and of the per-hand replay on the same hands."""
    rows = read_pokerstars(text, "f.txt").rows
    rows = rows.with_columns(pl.col("line").rank("dense").alias("_hand"))
    hands = rows.filter((~pl.col("folded")).sum().over("_hand") >= 2)
    shown = ~pl.col("mucked") & ~pl.col("folded")
    cards = hands.select(pl.when(shown).then(pl.concat_str("hole", "board", separator=" ")))
    hands = hands.with_columns(
        pot_audit.strengths_of(cards.to_series(), sizes=(7,)).alias("strength")
    )
    vectorised = pot_audit.PotAuditCounts()
    left = pot_audit._audit_single_pots(hands, vectorised)
    settled = hands.filter(~pl.col("_hand").is_in(left["_hand"].implode()))
    scalar = pot_audit.PotAuditCounts()
    columns = {name: settled[name].to_list() for name in settled.columns}
    runs, strengths = columns["_hand"], columns["strength"]
    for run in sorted(set(runs)):
        start, end = runs.index(run), len(runs) - runs[::-1].index(run)
        pot_audit._audit_hand(columns, strengths, start, end, scalar, Issues())
    return (
        (vectorised.pots, vectorised.pots_audited, vectorised.hands_audited),
        (scalar.pots, scalar.pots_audited, scalar.hands_audited),
    )


def test_the_single_pot_pass_agrees_with_the_per_hand_replay() -> None:
    texts = [
        TEXT,
        TEXT.replace("Rake 0", "Rake 10"),
        TEXT.replace("Dee collected 27", "Dee collected 26").replace(
            "Ann collected 26", "Ann collected 27"
        ),
    ]
    for text in texts:
        vectorised, scalar = _counts_both_ways(text)
        assert vectorised == scalar
    assert _counts_both_ways(TEXT)[0][2] >= 2  # hands 1001 and 1003 take the single-pot pass
