"""Unibet read by the text engine from its declaration: our own sample of its grammar
(``tests/data/hand_histories/sites/unibet.txt``), every row stated, the pots audited."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.text.unibet import UNIBET

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "unibet.txt"


def _log() -> HandLog:
    return read_text_site(UNIBET, SAMPLE.read_bytes(), SAMPLE.name)


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    assert log.issues.height == 0
    columns = ["round", "player", "button", "hole", "mucked", "stated_hand", "board"]
    columns += ["folded_street", "put_in", "won", "actions"]
    board = "2c 7d Jh Qs 3c"
    # the button named by its player; Bob all in for the main pot; Dee's raise no one called
    # is in her "wins €2.90" and comes back; Dee mucks
    assert log.rows.select(columns).rows() == [
        ("3001", "Ann", False, None, True, None, "", "preflop", 0.01, 0.0, "1.sb0.01 5.f"),
        ("3001", "Bob", False, "Tc Ts", False, "a pair of Tens", board, None, 0.5, 1.45,
         "2.bb0.02 6.r0.5! /  /  / 12.sd"),
        ("3001", "Cy", False, "Ah Kd", True, None, "2c 7d Jh", "flop", 1.5, 0.0,
         "3.r0.06 7.c0.44 / 9.b1 11.f"),
        ("3001", "Dee", True, "9s 9d", True, None, board, None, 1.5, 2.0,
         "4.c0.06 8.c0.44 / 10.r1.9! /  / 13.sd"),
    ]  # fmt: skip


def test_what_the_header_says() -> None:
    said = _log().rows.unique("round")
    columns = ["table", "site", "currency", "small_blind", "big_blind", "format", "table_size"]
    assert said.select(columns).rows() == [("€2 NL", "Unibet", "EUR", 0.01, 0.02, "cash", 4)]
    # the time before the date, no zone written: taken as UTC
    assert said["played_at"].dt.to_string("%Y-%m-%d %H:%M").to_list() == ["2021-05-06 20:05"]
    assert said["time_zone"].to_list() == [None]


def test_the_hand_names_are_checked() -> None:
    issues, counts = audit_pots_with_counts(_log())
    # the main pot is not replayed: Dee, in it, mucked
    assert (counts.hands, counts.showdowns, counts.pots_audited) == (1, 1, 0)
    assert (counts.names_checked, counts.name_disagreements, issues.height) == (1, 0, 0)


def test_recognised_by_content() -> None:
    head = SAMPLE.read_text(encoding="utf-8")[:300]
    assert [site.name for site in SITES if site.looks_like(head)] == ["Unibet"]
