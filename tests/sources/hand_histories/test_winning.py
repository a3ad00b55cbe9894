"""Winning (ACR) read by the text engine from its declaration: our own sample of its grammar
(``tests/data/hand_histories/sites/winning.txt``, UTF-16 with a blank line between lines, as
the network writes), every row stated, the pots audited."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.text.winning import WINNING, WINNING_2019

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "winning.txt"


def _log() -> HandLog:
    return read_text_site(WINNING, SAMPLE.read_bytes(), SAMPLE.name)


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    columns = ["round", "player", "button", "hole", "mucked", "stated_hand", "board"]
    columns += ["folded_street", "put_in", "won", "actions"]
    board = "2c 7d Jh Qs 3c"
    assert log.rows.select(columns).rows() == [
        # "Player " before each action; Cy's cards dealt one line each; raises by what they
        # add; Bob all in ("allin (2.90)" over the raise: a raise) wins the main pot, Dee the
        # side pot after her bet no one called came back; her cards in the summary, mucked
        ("800000001", "Ann", False, None, True, None, "", "preflop", 0.05, 0.0, "1.sb0.05 5.f"),
        ("800000001", "Bob", False, "Tc Ts", False, "One pair of Ts", board, None, 3.0, 8.6,
         "2.bb0.1 6.r3! /  /  /"),
        ("800000001", "Cy", False, "Ah Kd", True, None, "2c 7d Jh Qs", "turn", 5.0, 0.0,
         "3.r0.3 7.c2.7 / 9.b2 / 11.x 13.f"),
        ("800000001", "Dee", True, "9s 9d", True, None, board, None, 5.0, 4.0,
         "4.c0.3 8.c2.7 / 10.c2 / 12.b5 / 14.sd"),
        # a tournament with antes: the small blind's raise adds 50 to its 10
        ("800000002", "Eve", False, None, True, None, "", "preflop", 25.0, 0.0,
         "1.ante5 5.bb20 8.f"),
        ("800000002", "Flo", True, "9c 2c", True, None, "", "preflop", 5.0, 0.0, "2.ante5 6.f"),
        ("800000002", "Gus", False, None, True, None, "", None, 25.0, 55.0,
         "3.ante5 4.sb10 7.r60 9.sd"),
    ]  # fmt: skip


def test_what_the_headers_say() -> None:
    said = _log().rows.unique("round", maintain_order=True)
    columns = ["round", "tournament", "table", "currency", "small_blind", "big_blind", "ante"]
    columns += ["format", "buy_in", "buy_in_currency", "table_size", "time_zone", "date"]
    assert said.select(columns).rows() == [
        ("800000001", None, "Bahamut (Cap) - 5", "USD", 0.05, 0.1, None, "cash", None, None, 4,
         None, "2016-08-02T09:05:07"),
        ("800000002", "$5 Regular 9-Max", "1", "chips", 10.0, 20.0, 5.0, "tournament", 5.0,
         "USD", 3, None, "2016-08-04T11:27:25"),
    ]  # fmt: skip


def test_a_game_not_read_is_an_unsupported_variant() -> None:
    issues = _log().issues
    assert issues.select("line", "hand_id", "code").rows() == [
        (143, "800000003", "unsupported_variant")
    ]


def test_the_hand_names_are_checked() -> None:
    issues, counts = audit_pots_with_counts(_log())
    # the main pot is not replayed: Dee, in it, mucked
    assert (counts.hands, counts.showdowns, counts.pots, counts.pots_audited) == (2, 1, 1, 0)
    assert (counts.names_checked, counts.name_disagreements, issues.height) == (1, 0, 0)


def test_recognised_by_content() -> None:
    head = decode_text(SAMPLE.read_bytes())[:400]
    assert [site.name for site in SITES if site.looks_like(head)] == ["Winning"]


NEWER = SAMPLE.with_name("winning_2019.txt")


def test_every_row_of_the_newer_logs() -> None:
    log = read_text_site(WINNING_2019, NEWER.read_bytes(), NEWER.name)
    assert log.issues.height == 0
    columns = ["round", "player", "hole", "mucked", "stated_hand", "folded_street", "put_in"]
    columns += ["won", "actions"]
    assert log.rows.select(columns).rows() == [
        # Bob sits out; Cy's "posts dead $0.07" is a missed blind in full, 0.02 of it dead
        ("900000001", "Ann", None, True, None, "flop", 0.15, 0.0, "2.bb0.05 7.c0.1 / 9.x 12.f"),
        ("900000001", "Cy", "As 6h", True, None, None, 2.44, 0.0,
         "3.post0.07 4.x 8.c0.1 / 10.x 13.c2.27 /  / 15.sd"),
        ("900000001", "Dee", "7d 8h", False, "a full house, Eights full of Threes", None, 2.42,
         4.78, "5.r0.15 / 11.b2.27! /  / 14.sd"),
        ("900000001", "Eve", None, True, None, "preflop", 0.02, 0.0, "1.sb0.02 6.f"),
        # a tournament won without a showdown: the pot only in the summary
        ("900000002", "Fay", "Kd Kc", True, None, None, 550.0, 1400.0, "1.ante50 6.r1000 9.sd"),
        ("900000002", "Gil", None, True, None, "preflop", 300.0, 0.0, "2.ante50 4.sb250 7.f"),
        ("900000002", "Hal", None, True, None, "preflop", 550.0, 0.0, "3.ante50 5.bb500 8.f"),
    ]  # fmt: skip
    said = log.rows.unique("round", maintain_order=True)
    assert said.select("tournament", "currency", "big_blind", "ante", "time_zone").rows() == [
        (None, "USD", 0.05, None, "UTC"),
        ("11182752", "chips", 500.0, 50.0, "UTC"),
    ]
    issues, counts = audit_pots_with_counts(log)
    assert (counts.names_checked, counts.name_disagreements, issues.height) == (1, 0, 0)
    head = NEWER.read_text(encoding="utf-8")[:300]
    assert [site.name for site in SITES if site.looks_like(head)] == ["Winning"]
