"""888poker read by the text engine from its declaration: our own sample of its grammar
(``tests/data/hand_histories/sites/888poker.txt``), every row stated, the pots audited."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.text.pacific import PACIFIC

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "888poker.txt"


def _log() -> HandLog:
    return read_text_site(PACIFIC, SAMPLE.read_bytes(), SAMPLE.name)


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    columns = ["round", "player", "hole", "mucked", "board", "folded_street", "put_in", "won"]
    columns += ["variant", "actions"]
    board, flop = "4s Jc 8d 2h Qc", "2c 7d 9h Jc 3s"
    assert log.rows.select(columns).rows() == [
        # raises give what they add; a dead blind in two parts; the loser does not show
        ("900001", "Ann", "Ah Kd", True, board, None, 4.0, 0.0, "Hold'em",
         "4.r0.3 / 9.b0.5 11.c1 / 13.c2.2 /"),
        ("900001", "Bob", "9s 9c", False, board, None, 4.0, 7.85, "Hold'em",
         "1.sb0.05 5.c0.25 / 8.x 10.r1.5 / 12.b2.2 /"),
        ("900001", "Cy", None, True, "", "preflop", 0.1, 0.0, "Hold'em", "2.bb0.1 6.f"),
        ("900001", "Dee", None, True, "", "preflop", 0.15, 0.0, "Hold'em", "3.post0.15 7.f"),
        # 888.ro writes points between thousands: a main pot and a side pot, in chips
        ("900002", "Eve", "Ac Ad", False, flop, None, 5000.0, 15000.0, "Hold'em",
         "1.ante250 5.bb2000 8.c2750 /  /  /"),
        ("900002", "Flo", "Qs Qd", False, flop, None, 12500.0, 0.0, "Hold'em",
         "2.ante250 6.r6000 9.c6250 /  /  /"),
        ("900002", "Gus", "Kc Kh", False, flop, None, 12500.0, 15000.0, "Hold'em",
         "3.ante250 4.sb1000 7.r12250 /  /  /"),
        # comma decimals; the raise no one called is in Jon's collected, and comes off it
        ("900003", "Hal", None, True, "", "preflop", 0.25, 0.0, "Omaha", "1.sb0.25 4.f"),
        ("900003", "Ivy", None, True, "", "preflop", 0.5, 0.0, "Omaha", "2.bb0.5 5.f"),
        ("900003", "Jon", None, True, "", None, 0.5, 1.25, "Omaha", "3.r1.75"),
    ]  # fmt: skip


def test_what_the_headers_say() -> None:
    said = _log().rows.unique("round", maintain_order=True)
    columns = ["round", "tournament", "table", "site", "currency", "small_blind", "big_blind"]
    columns += ["ante", "format", "buy_in", "buy_in_currency", "table_size", "date"]
    assert said.select(columns).rows() == [
        ("900001", None, "Leeds", "888poker", "USD", 0.05, 0.1, None, "cash", None, None, 6,
         "2016-03-14T21:05:00"),
        ("900002", "5551", "3", "888poker", "chips", 1000.0, 2000.0, 250.0, "tournament", 44.0,
         "USD", 6, "2016-03-15T18:00:00"),
        ("900003", None, "Frisco", "888poker", "EUR", 0.25, 0.5, None, "cash", None, None, 3,
         "2016-03-16T09:30:00"),
    ]  # fmt: skip
    # day before month; no zone written: the time is taken as written, in UTC
    assert said["time_zone"].to_list() == [None, None, None]
    assert said["played_at"].dt.to_string("%Y-%m-%d %H:%M").to_list()[0] == "2016-03-14 21:05"


def test_blank_names_are_an_issue_not_one_merged_player() -> None:
    issues = _log().issues
    assert issues.select("line", "hand_id", "code", "message").rows() == [
        (82, "900004", "malformed_hand",
         "888poker.txt:82: hand 900004: seats 2 and 6 share the name ''"),
    ]  # fmt: skip


def test_the_pots_are_audited() -> None:
    issues, counts = audit_pots_with_counts(_log())
    # 900002's main and side pots replayed; 900001 not auditable (the loser did not show)
    assert (counts.hands, counts.showdowns, counts.pots, counts.pots_audited) == (3, 2, 3, 2)
    assert (counts.disagreements, issues.height) == (0, 0)


def test_recognised_by_content_and_not_taken_for_partypoker() -> None:
    head = SAMPLE.read_text(encoding="utf-8")[:500]
    assert [site.name for site in SITES if site.looks_like(head)] == ["888poker"]
    party = "#Game No : 1\n***** Hand History for Game 1 *****\n"
    assert not any(site.looks_like(party) for site in SITES if site.name == "888poker")
