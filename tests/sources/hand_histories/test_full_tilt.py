"""Full Tilt read by the text engine from its declaration: our own sample of its grammar
(``tests/data/hand_histories/sites/full_tilt.txt``), written by the test as Full Tilt writes its
files (UTF-16), every row stated, the pots audited."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.text.full_tilt import FULL_TILT

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "full_tilt.txt"


def _log(encoding: str = "utf-8") -> HandLog:
    return read_text_site(FULL_TILT, SAMPLE.read_text("utf-8").encode(encoding), SAMPLE.name)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-8"])
def test_utf16_with_and_without_bom_reads_as_the_text(encoding: str) -> None:
    assert _log(encoding).rows.equals(_log().rows)


def test_the_site_table_sniffs_a_utf16_file() -> None:
    data = SAMPLE.read_text("utf-8").encode("utf-16")
    sniffed = [site.name for site in SITES if site.looks_like(decode_text(data[:4096]))]
    assert sniffed == ["Full Tilt"]


def test_every_row_of_the_sample() -> None:
    log = _log("utf-16")
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    columns = ["round", "player", "seat", "button", "hole", "mucked", "stated_hand", "board"]
    columns += ["folded_street", "put_in", "won", "variant", "actions"]
    river, other = "2c 7h Ts Kc 4d", "3d 8s Jc 5h 9c"
    assert log.rows.select(columns).rows() == [
        # two clocks; the raise called, a muck at showdown (its cards in the summary), a rake;
        # Cleo sits out (not dealt in), chat and a timer line carry nothing
        ("33000000001", "Ann", 1, False, "Ah Kd", True, "a pair of Kings", river, None, 3.7,
         0.0, "Hold'em", "1.sb0.05 4.r0.3 / 6.b0.4 / 8.x / 10.b1 12.c2 14.sd"),
        ("33000000001", "Bob Smith", 2, False, "Th Tc", False, "three of a kind, Tens", river,
         None, 3.7, 7.1, "Hold'em", "2.bb0.1 5.c0.2 / 7.c0.4 / 9.x / 11.r3 13.sd"),
        ("33000000001", "Dan", 4, True, None, True, None, "", "preflop", 0.0, 0.0, "Hold'em",
         "3.f"),
        # a tournament with antes and blinds written 1K/2K: Ann all in for less wins the
        # main pot, Finn the side pot Eve folded to; the cards shown at the all-in, then named
        ("33000000002", "Ann", 1, True, "Qs Qh", False, "a pair of Queens", other, None,
         5000.0, 15000.0, "Hold'em", "1.ante200 6.r4800! / 13.sd /  /"),
        ("33000000002", "Eve", 2, False, None, True, None, "3d 8s Jc", "flop", 12200.0, 0.0,
         "Hold'em", "2.ante200 4.sb1000 7.c3800 9.c7200 / 10.x 12.f"),
        ("33000000002", "Finn", 3, False, "Ad Kd", False, "Ace King high", other, None,
         12200.0, 14400.0, "Hold'em", "3.ante200 5.bb2000 8.r12000 / 11.b6000 14.sd /  /"),
        # a board run twice (issue 32): the first run's board and names, one run won each
        ("33000000003", "Ann", 1, True, "Ah 9c 4h Ac", False, "a flush, Ace high",
         "2c As Jh 9h Kh", None, 40.0, 39.0, "Omaha", "1.sb2 3.r12 5.c28! 6.sd /  /  /"),
        ("33000000003", "Bob Smith", 2, False, "6d Jc Kd Qc", False,
         "two pair, Kings and Jacks", "2c As Jh 9h Kh", None, 40.0, 39.0, "Omaha",
         "2.bb4 4.r40 7.sd /  /  /"),
        # the archive's header (FullTiltPoker, a 2010 date): a walk, the rest returned
        ("22488827305", "Gus", 1, True, None, True, None, "", "preflop", 0.02, 0.0, "Hold'em",
         "1.sb0.02 3.f"),
        ("22488827305", "Hal", 2, False, None, True, None, "", None, 0.02, 0.04, "Hold'em",
         "2.bb0.05 4.sd"),
    ]  # fmt: skip


def test_what_the_headers_say() -> None:
    said = _log().rows.unique("round", maintain_order=True)
    columns = ["round", "tournament", "table", "time_zone", "currency", "small_blind"]
    columns += ["big_blind", "ante", "format", "table_size", "date"]
    assert said.select(columns).rows() == [
        ("33000000001", None, "Vera", "CET", "USD", 0.05, 0.1, None, "cash", 6,
         "2011-04-07T19:36:43"),
        ("33000000002", "250000001", "1", "ET", "chips", 1000.0, 2000.0, 200.0, "tournament", 3,
         "2013-01-24T21:00:00"),
        ("33000000003", None, "Rymer", "CET", "USD", 2.0, 4.0, None, "cash", 6,
         "2012-11-06T17:00:14"),
        ("22488827305", None, "Flash", "ET", "USD", 0.02, 0.05, None, "cash", 2,
         "2010-07-21T15:13:00"),
    ]  # fmt: skip
    # the first clock, in its own zone (Paris in April: UTC+2), agrees with the bracketed ET
    assert said["played_at"].dt.to_string("%Y-%m-%d %H:%M").to_list() == [
        "2011-04-07 17:36",
        "2013-01-25 02:00",
        "2012-11-06 16:00",
        "2010-07-21 19:13",
    ]


def test_a_board_run_twice_is_read_five_card_stud_is_an_issue_and_the_pots_agree() -> None:
    log = _log()
    assert log.issues.select("line", "hand_id", "code").rows() == [
        (122, "33000000004", "unsupported_variant"),
    ]
    run_twice = log.rows.filter(pl.col("round") == "33000000003")
    assert run_twice["run_boards"].to_list() == ["2c As Jh 9h Kh | 3d 8s Th 2d 9s"] * 2
    assert log.rows.filter(pl.col("round") != "33000000003")["run_boards"].is_null().all()
    issues, counts = audit_pots_with_counts(log)
    assert issues.height == 0
    # each run's pot replayed (Ann's flush, Bob Smith's straight); every name checked
    assert (counts.showdowns, counts.hands_audited, counts.disagreements) == (3, 2, 0)
    assert counts.names_checked == 6
