"""Enet read by the text engine from its declaration: our own sample of its grammar
(``tests/data/hand_histories/sites/enet.txt``: decimal commas, the day written ``29.7.2012``,
cards without spaces, raises and all-ins as what they add), every row stated, pots audited."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.text.enet import ENET

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "enet.txt"


def _log() -> HandLog:
    return read_text_site(ENET, SAMPLE.read_bytes(), SAMPLE.name)


def test_the_site_table_sniffs_it() -> None:
    head = decode_text(SAMPLE.read_bytes()[:4096])
    assert [site.name for site in SITES if site.looks_like(head)] == ["Enet"]


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    columns = ["round", "player", "stack", "hole", "mucked", "stated_hand", "board"]
    columns += ["folded_street", "put_in", "won", "variant", "actions"]
    board = "9c 2c Qd 8s Ac"
    assert log.rows.select(columns).rows() == [
        # Bob's big blind posted without its amount (the header's); raises and all-ins as
        # what they add: Bob's all-in raises to 20, Cleo's calls for less; Ann mucks
        ("7700001", "Ann", 41.87, None, True, None, board, None, 20.0, 0.0, "Omaha",
         "2.bb0.5 7.c1.5 10.c18 /  /  / 13.sd"),
        ("7700001", "Bob", 20.0, "9d Jd 2d Td", False, "Straight, Queens high", board, None,
         20.0, 20.0, "Omaha", "3.bb0.5 4.x 8.r20! /  /  / 12.sd"),
        ("7700001", "Cleo", 10.0, "Kc Qc Ah Ad", False, "Flush, Ace high", board, None, 10.0,
         29.75, "Omaha", "5.r2 9.c8! /  /  / 11.sd"),
        ("7700001", "Dan", 50.0, None, True, None, "", "preflop", 0.25, 0.0, "Omaha",
         "1.sb0.25 6.f"),
        # the pot collected without the colon, the raise's rest returned
        ("19408739", "Eve", 14.9, None, True, None, "", "preflop", 0.1, 0.0, "Hold'em",
         "2.bb0.1 5.f"),
        ("19408739", "Finn", 1.9, None, True, None, "", None, 0.1, 0.25, "Hold'em",
         "3.r0.3 6.sd"),
        ("19408739", "Gus", 2.73, None, True, None, "", "preflop", 0.05, 0.0, "Hold'em",
         "1.sb0.05 4.f"),
    ]  # fmt: skip


def test_what_the_headers_say() -> None:
    said = _log().rows.unique("round", maintain_order=True)
    columns = ["round", "table", "time_zone", "currency", "small_blind", "big_blind"]
    columns += ["format", "table_size", "date"]
    assert said.select(columns).rows() == [
        ("7700001", "SantElena 1", None, "EUR", 0.25, 0.5, "cash", 6, "2012-07-29T23:31:54"),
        ("19408739", "Parfigi 1", None, "EUR", 0.05, 0.1, "cash", 6, "2012-10-03T12:16:31"),
    ]


def test_razz_is_an_issue_and_the_pots_and_names_agree() -> None:
    log = _log()
    assert log.issues.select("line", "hand_id", "code").rows() == [
        (57, "7700003", "unsupported_variant")
    ]
    issues, counts = audit_pots_with_counts(log)
    assert issues.height == 0
    assert (counts.showdowns, counts.disagreements, counts.names_checked) == (1, 0, 2)
