"""Betfair read by the text engine from its declaration: our own sample of its grammar
(``tests/data/hand_histories/sites/betfair.txt``), every row stated, the pots audited."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.text.betfair import BETFAIR

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "betfair.txt"


def _log() -> HandLog:
    return read_text_site(BETFAIR, SAMPLE.read_bytes(), SAMPLE.name)


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    assert log.issues.height == 0
    columns = ["round", "player", "hole", "mucked", "stated_hand", "board", "folded_street"]
    columns += ["put_in", "won", "actions"]
    board = "2c 7d Jh Qs 3c"
    # raises to a total; "goes all-in" on its own line; Bob's main pot, Dee's side pot; Ann
    # mucks
    assert log.rows.select(columns).rows() == [
        ("200000001", "Ann", "Ah Kd", True, None, board, None, 3.0, 0.0,
         "4.c0.3 8.c1.7 / 10.c1 / 12.x / 14.x 17.sd"),
        ("200000001", "Bob", "Tc Ts", False, "a pair of Tens", board, None, 2.0, 6.1,
         "1.sb0.05 5.r2 /  /  / 15.sd"),
        ("200000001", "Cy", None, True, None, "", "preflop", 0.1, 0.0, "2.bb0.1 6.f"),
        ("200000001", "Dee", "9s 9d", False, "a pair of Nines", board, None, 3.0, 1.9,
         "3.r0.3 7.c1.7 / 9.b1 / 11.x / 13.x 16.sd"),
    ]  # fmt: skip


def test_what_the_header_says() -> None:
    said = _log().rows.unique("round")
    columns = ["table", "site", "currency", "small_blind", "big_blind", "format", "table_size"]
    assert said.select(columns).rows() == [("Folly 2", "Betfair", "USD", 0.05, 0.1, "cash", 6)]
    # the weekday first, the year after the zone
    assert said["played_at"].dt.to_string("%Y-%m-%d %H:%M").to_list() == ["2010-03-02 21:15"]
    assert said["time_zone"].to_list() == ["GMT"]


def test_the_hand_names_are_checked() -> None:
    issues, counts = audit_pots_with_counts(_log())
    # the pots are not replayed: Ann, in both, mucked
    assert (counts.hands, counts.showdowns, counts.pots, counts.pots_audited) == (1, 1, 2, 0)
    assert (counts.names_checked, counts.name_disagreements, issues.height) == (2, 0, 0)


def test_recognised_by_content() -> None:
    head = SAMPLE.read_text(encoding="utf-8")[:400]
    assert [site.name for site in SITES if site.looks_like(head)] == ["Betfair"]
