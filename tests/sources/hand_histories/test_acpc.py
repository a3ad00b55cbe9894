"""ACPC dealer logs read by their own small reader (one hand a line, the actions letters the
game's definition turns into amounts): our own sample (``tests/data/hand_histories/sites/
acpc.log``), every row stated, the payoffs and pots checked."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.acpc import read_acpc

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "acpc.log"


def test_the_site_table_sniffs_it() -> None:
    head = decode_text(SAMPLE.read_bytes()[:4096])
    assert [site.name for site in SITES if site.looks_like(head)] == ["ACPC"]


def test_every_row_of_the_sample() -> None:
    log = read_acpc(SAMPLE.read_bytes(), SAMPLE.name)
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    columns = ["round", "player", "seat", "button", "hole", "mucked", "board", "folded_street"]
    columns += ["put_in", "won", "actions"]
    board = "2s Qh 7s 8c 3c"
    assert log.rows.select(columns).rows() == [
        # limit 5/10, raises of 10 then 20: Cleo acts first before the flop, Ann after it;
        # Bob's cards are written though he folds
        ("0", "Ann", 1, False, "Kh Qs", False, board, None, 60.0, 130.0,
         "1.sb5 4.r30 / 7.b10 / 9.x 11.c20 / 12.x"),
        ("0", "Bob", 2, False, "4h As", True, "", "preflop", 10.0, 0.0, "2.bb10 5.f"),
        ("0", "Cleo", 3, True, "Jh Qc", False, board, None, 60.0, 0.0,
         "3.r20 6.c10 / 8.c10 / 10.b20 / 13.x"),
        # the seats turn: the big blind's unmatched half goes back
        ("1", "Bob", 1, False, "9s 3d", True, "", "preflop", 5.0, 0.0, "1.sb5 4.f"),
        ("1", "Cleo", 2, False, "Qs 3c", True, "", None, 5.0, 10.0, "2.bb10"),
        ("1", "Ann", 3, True, "3h 5s", True, "", "preflop", 0.0, 0.0, "3.f"),
        # a split pot: both play aces up
        ("2", "Cleo", 1, False, "As Ad", False, "Ks Kd Qh Qd 2h", None, 10.0, 10.0,
         "1.sb5 4.c5 / 6.x / 8.x / 10.x"),
        ("2", "Ann", 2, False, "Ah Ac", False, "Ks Kd Qh Qd 2h", None, 10.0, 10.0,
         "2.bb10 5.x / 7.x / 9.x / 11.x"),
        ("2", "Bob", 3, True, "2c 3d", True, "", "preflop", 0.0, 0.0, "3.f"),
        # hand 3's payoffs do not add up: read, and named below
        ("3", "Ann", 1, False, "9s 3d", True, "", "preflop", 5.0, 0.0, "1.sb5 4.f"),
        ("3", "Bob", 2, False, "Qs 3c", True, "", None, 5.0, 11.0, "2.bb10"),
        ("3", "Cleo", 3, True, "3h 5s", True, "", "preflop", 0.0, 0.0, "3.f"),
    ]  # fmt: skip
    said = log.rows.unique("round").select(
        "site", "tournament", "currency", "small_blind", "big_blind", "format", "table_size"
    )
    assert said.unique().rows() == [
        ("ACPC", "sample.Ann.Bob.Cleo.0.0", "chips", 5.0, 10.0, "cash", 3)
    ]
    assert log.rows["played_at"].null_count() == log.rows.height  # no date in the log


def test_payoffs_that_do_not_follow_are_named_and_the_pots_agree() -> None:
    log = read_acpc(SAMPLE.read_bytes(), SAMPLE.name)
    assert log.issues.select("line", "hand_id", "code").rows() == [(7, "3", "pot_disagreement")]
    issues, counts = audit_pots_with_counts(log)
    assert issues.height == 0
    assert (counts.showdowns, counts.pots_audited, counts.disagreements) == (2, 2, 0)


def test_a_game_not_defined_here_is_one_issue() -> None:
    text = (
        "# name/game/hands/seed m.A.B.0.0 holdem.nolimit.2p.reverse_blinds.game 2 1\n"
        "STATE:0:r300c/:AsKs|2c2d/3h4h5h:300|-300:A|B\n"
        "STATE:1:f:AsKs|2c2d:-50|50:B|A\n"
    )
    log = read_acpc(text.encode(), "nl.log")
    assert log.rows.height == 0
    assert log.issues.select("line", "code", "value").rows() == [
        (2, "unsupported_variant", "holdem.nolimit.2p.reverse_blinds.game")
    ]
