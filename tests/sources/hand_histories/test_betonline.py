"""BetOnline read by the text engine from its declaration: our own sample of its grammar
(``tests/data/hand_histories/sites/betonline.txt``), every row stated, the pots audited."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.text.betonline import BETONLINE

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "betonline.txt"


def _log() -> HandLog:
    return read_text_site(BETONLINE, SAMPLE.read_bytes(), SAMPLE.name)


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    columns = ["round", "player", "button", "hole", "mucked", "board", "folded_street"]
    columns += ["put_in", "won", "actions"]
    board, old = "2c 7d Jh Qs 3c", "Ts 6d 7s 6c 2h"
    assert log.rows.select(columns).rows() == [
        # zero antes "processed" for every seat, Dee sitting out (not dealt in), Eve's live
        # "post now"; all in before the flop: the board from the summary, a side pot to Bob
        ("7001", "Ann", True, "Ah Kd", False, board, None, 4.0, 0.0, "5.c2.5 8.c1.5 / 11.sd"),
        ("7001", "Bob", False, "9s 9d", False, board, None, 4.0, 3.0, "1.sb0.05 6.r4! / 10.sd"),
        ("7001", "Cy", False, None, True, "", "preflop", 0.1, 0.0, "2.bb0.1 7.f"),
        ("7001", "Eve", False, "Tc Ts", False, board, None, 2.5, 7.3, "3.post0.1 4.r2.5! / 9.sd"),
        # an old ActionPoker log: capitals, cards written "10S", no stakes in the header
        ("7002", "Fay", False, None, True, "Ts 6d 7s", "flop", 2.0, 0.0, "2.bb2 5.x / 7.f"),
        ("7002", "Gil", True, "4c Qc", True, old, "river", 10.0, 0.0,
         "3.c2 / 8.r8 / 11.x / 13.f"),
        ("7002", "Hal", False, None, True, old, None, 10.0, 22.0,
         "1.sb1 4.c1 / 6.b2 9.c6 / 10.x / 12.b5"),
    ]  # fmt: skip


def test_what_the_headers_say() -> None:
    said = _log().rows.unique("round", maintain_order=True)
    columns = ["round", "table", "site", "currency", "small_blind", "big_blind", "format"]
    columns += ["table_size", "time_zone"]
    assert said.select(columns).rows() == [
        ("7001", "Aeon Flux", "BetOnline", "USD", 0.05, 0.1, "cash", 6, "Eastern Daylight Time"),
        ("7002", "The Green Mile", "BetOnline", "USD", 1.0, 2.0, "cash", 3, None),
    ]
    # Windows' zone names are read: 08:08 EDT is 12:08 UTC
    assert said["played_at"].dt.to_string("%Y-%m-%d %H:%M").to_list() == [
        "2016-04-05 12:08",
        "2012-04-03 02:10",
    ]


def test_an_unknown_player_leaves_the_hand_out_named() -> None:
    assert _log().issues.select("line", "hand_id", "code", "message").rows() == [
        (68, "7003", "malformed_hand",
         "betonline.txt:68: hand 7003: unreadable line 'Unknown player: raises 60.00 to 60.00'"),
    ]  # fmt: skip


def test_the_pots_are_audited() -> None:
    issues, counts = audit_pots_with_counts(_log())
    assert (counts.hands, counts.showdowns, counts.pots, counts.pots_audited) == (2, 1, 2, 2)
    assert (counts.disagreements, issues.height) == (0, 0)


def test_recognised_by_content() -> None:
    for start in (0, SAMPLE.read_text(encoding="utf-8").index("ActionPoker")):
        head = SAMPLE.read_text(encoding="utf-8")[start : start + 300]
        assert [site.name for site in SITES if site.looks_like(head)] == ["BetOnline"]
