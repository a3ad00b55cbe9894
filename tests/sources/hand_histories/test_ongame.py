"""Ongame read by the text engine from its declaration: our own sample of its grammar
(``tests/data/hand_histories/sites/ongame.txt``), every row stated, the pots audited."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.text.ongame import ONGAME

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "ongame.txt"


def _log() -> HandLog:
    return read_text_site(ONGAME, SAMPLE.read_bytes(), SAMPLE.name)


def test_the_site_table_sniffs_it() -> None:
    head = decode_text(SAMPLE.read_bytes()[:4096])
    assert [site.name for site in SITES if site.looks_like(head)] == ["Ongame"]


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    columns = ["round", "player", "seat", "button", "hole", "mucked", "stated_hand", "board"]
    columns += ["folded_street", "put_in", "won", "variant", "actions"]
    river, other = "2c 7h Ts Kc 4d", "3d 8s Jc 5h 9c"
    assert log.rows.select(columns).rows() == [
        # the award after rake, in the summary; Bob's losing cards never shown (a muck)
        ("R5-81000001-1", "Ann", 1, True, "Ah Kd", False, "PAIR KING", river, None, 1.7, 3.35,
         "Hold'em", "3.r0.3 / 7.b0.4 / 10.x / 12.c1"),
        ("R5-81000001-1", "Bob", 2, False, None, True, None, river, None, 1.7, 0.0, "Hold'em",
         "1.sb0.05 4.c0.25 / 6.x 8.c0.4 / 9.x / 11.b1"),
        ("R5-81000001-1", "Cleo", 3, False, None, True, None, "", "preflop", 0.1, 0.0,
         "Hold'em", "2.bb0.1 5.f"),
        # Dora all in for less takes the main pot; the side pot split on one summary line
        ("T5-295700001-3", "Eli", 1, True, "Qd Qc", False, "PAIR QUEEN", other, None, 1100.0,
         600.0, "Hold'em", "3.ante10 6.r300 9.c190 / 11.c600 / 13.x / 15.x"),
        ("T5-295700001-3", "Dora", 2, False, "Jh Js", False, "THREE_OF_A_KIND JACK", other, None,
         500.0, 1500.0, "Hold'em", "1.ante10 4.sb50 7.r490! /  /  /"),
        ("T5-295700001-3", "Hero", 3, False, "Qs Qh", False, "PAIR QUEEN", other, None, 1100.0,
         600.0, "Hold'em", "2.ante10 5.bb100 8.c390 / 10.b600 / 12.x / 14.x"),
        # a walk: no uncalled bet is written, the award leaves the unmatched part out
        ("R5-232794641-2", "Gus", 4, True, "7c 2d", True, None, "", "preflop", 25.0, 0.0,
         "Hold'em", "1.sb25 3.f"),
        ("R5-232794641-2", "Hal", 5, False, None, True, None, "", None, 25.0, 50.0, "Hold'em",
         "2.bb50"),
    ]  # fmt: skip


def test_what_the_headers_say() -> None:
    said = _log().rows.unique("round", maintain_order=True)
    columns = ["round", "tournament", "table", "time_zone", "currency", "small_blind"]
    columns += ["big_blind", "ante", "format", "buy_in", "buy_in_currency", "table_size"]
    assert said.select(columns).rows() == [
        # the currency from the rake line's mark
        ("R5-81000001-1", None, "Kassel", "GMT+0100", "USD", 0.05, 0.1, None, "cash", None,
         None, 3),
        ("T5-295700001-3", "S-6169-242", "Table #1", "MSK", "chips", 50.0, 100.0, 10.0,
         "tournament", 21.0, "USD", 3),
        ("R5-232794641-2", None, "Casablanca", "EEST", "play", 25.0, 50.0, None, "cash", None,
         None, 2),
    ]  # fmt: skip
    assert said["played_at"].dt.to_string("%Y-%m-%d %H:%M").to_list() == [
        "2010-09-12 23:26",
        "2012-12-17 21:53",  # Moscow was UTC+4 in 2012
        "2011-09-11 14:58",
    ]


def test_a_game_not_read_is_an_issue_and_the_pots_and_names_agree() -> None:
    log = _log()
    assert log.issues.select("line", "hand_id", "code").rows() == [
        (96, "R5-81962116-232", "unsupported_variant")
    ]
    issues, counts = audit_pots_with_counts(log)
    assert issues.height == 0
    assert (counts.showdowns, counts.disagreements, counts.names_checked) == (2, 0, 4)
