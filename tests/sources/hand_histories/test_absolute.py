"""Absolute and UltimateBet (one grammar, the Cereus network's) read by the text engine from
their declarations: our own sample (``tests/data/hand_histories/sites/absolute.txt``), every row
stated, the pots audited."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.text.absolute import ABSOLUTE, ULTIMATE_BET
from pipeline.sources.hand_histories.text_site import TextSite
from tests.sources.hand_histories.stud_draw_checks import showdowns_paid_as_pokerkit_ranks

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "absolute.txt"


def _log(site: TextSite = ABSOLUTE) -> HandLog:
    return read_text_site(site, SAMPLE.read_bytes(), SAMPLE.name)


def test_the_site_table_sniffs_each_by_its_hand_ids() -> None:
    head = decode_text(SAMPLE.read_bytes()[:4096])
    assert [site.name for site in SITES if site.looks_like(head)] == ["Absolute", "UltimateBet"]
    assert not ABSOLUTE.hand_start.search("Stage #C241220000: Holdem No Limit $0.02")
    assert ULTIMATE_BET.hand_start.search("Stage #C241220000: Holdem No Limit $0.02")


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    columns = ["round", "player", "seat", "button", "hole", "mucked", "stated_hand", "board"]
    columns += ["folded_street", "put_in", "won", "actions"]
    river, other = "2c 7h Ts Kc 4d", "3c Ks 9c Th Kc"
    assert log.rows.select(columns).rows() == [
        # antes, a post with its dead part, the loser's mucked cards in the summary, a rake
        ("1900000001", "CLEO", 1, False, "Qs Th", True, None, river, None, 80.25, 0.0,
         "3.ante0.25 6.bb1 11.c3 / 13.x 15.c6 / 16.b10 / 18.b20 20.c40 22.sd"),
        ("1900000001", "DAN", 2, False, None, True, None, "", "preflop", 1.75, 0.0,
         "4.ante0.25 7.post1.5 8.x 12.f"),
        ("1900000001", "ANN", 3, True, "Ah Kd", False, "One pair, kings", river, None, 80.25,
         160.0, "1.ante0.25 9.r4 / 14.b6 / 17.c10 / 19.r60 21.sd"),
        ("1900000001", "BOB SMITH", 4, False, None, True, None, "", "preflop", 0.75, 0.0,
         "2.ante0.25 5.sb0.5 10.f"),
        # a tournament: GUS all in for 10 more wins the main pot, HAL the side pot; HAL's
        # turn bet returned on its own line
        ("525719110", "EVE", 1, True, "Ac Ts", False, "Two Pair, kings and tens", other, None,
         1450.0, 0.0, "4.r1450! /  /  / 11.sd"),
        ("525719110", "FINN", 2, False, None, True, None, "", "preflop", 10.0, 0.0,
         "1.sb10 5.f"),
        ("525719110", "GUS", 3, False, "Kd Kh", False, "Four of a kind, kings", other, None,
         30.0, 100.0, "2.bb20 6.c10! /  /  / 10.sd"),
        ("525719110", "HAL", 4, False, "9s 9d", False, "Full house, nines full of kings", other,
         None, 1450.0, 2840.0, "3.r60 7.c1390 / 8.x / 9.b300 / 12.sd"),
        # Stud Hi/Lo: no board, the stud streets (its stud columns: the test below)
        ("1300000000", "ANN", 1, False, "Ah 2c 3d Kc 5h Ks 7d", False, "One pair, kings", "",
         None, 0.08, 0.09, "1.ante0.01 4.bi0.01 / 8.c0.02 / 11.x 14.c0.04 / 15.x / 17.x 20.sd"),
        ("1300000000", "BOB", 2, False, "Qh Qd Qc Js 4s Th 6s", False, "Three of a kind, queens",
         "", None, 0.08, 0.09, "2.ante0.01 5.c0.01 / 9.c0.02 / 12.b0.04 / 16.x / 18.x 19.sd"),
        ("1300000000", "CY", 3, False, None, True, None, "", "fifth", 0.04, 0.0,
         "3.ante0.01 6.c0.01 / 7.b0.02 / 10.x 13.f"),
    ]  # fmt: skip


def test_what_the_headers_say() -> None:
    said = pl.concat([_log().rows, _log(ULTIMATE_BET).rows]).unique("round", maintain_order=True)
    columns = ["round", "site", "tournament", "table", "time_zone", "currency", "small_blind"]
    columns += ["big_blind", "ante", "format", "table_size"]
    assert said.select(columns).rows() == [
        # a no-limit header gives the big blind alone
        ("1900000001", "Absolute", None, "QUAIL AVE", "ET", "USD", None, 1.0, 0.25, "cash", 4),
        ("525719110", "Absolute", "5945889", "15", "ET", "chips", None, 20.0, None,
         "tournament", 4),
        # stud: no table line, no blinds (its stakes are its bets)
        ("1300000000", "Absolute", None, None, "ET", "USD", None, None, 0.01, "cash", 3),
        ("C241220000", "UltimateBet", None, "BASELINE RD", "ET", "USD", None, 0.02, None,
         "cash", 2),
    ]  # fmt: skip
    assert said["played_at"].dt.to_string("%Y-%m-%d %H:%M").to_list() == [
        "2009-11-30 20:50",
        "2011-01-16 22:15",
        "2009-03-18 23:10",
        "2010-11-06 19:00",
    ]


def test_ultimatebet_reads_its_own_hands_alone() -> None:
    rows = _log(ULTIMATE_BET).rows
    assert rows.select("round", "player", "put_in", "won", "actions").rows() == [
        ("C241220000", "PLAYER8", 0.01, 0.02, "2.bb0.02"),
        ("C241220000", "PLAYER9", 0.01, 0.0, "1.sb0.01 3.f"),
    ]


def test_stud_hi_lo_is_read_and_the_pots_and_names_agree() -> None:
    """Absolute writes a stud player's cards so far on each street (``BOB - Pocket [H H Qc
    Js]``, ``H`` a card not seen) and no table line; the river is the seventh street."""
    log = _log()
    assert log.issues.height == 0
    stud = log.rows.filter(pl.col("round") == "1300000000")
    columns = ["player", "variant", "hole", "up_cards", "folded_street", "put_in", "won"]
    columns += ["bring_in", "small_bet", "big_bet", "actions"]
    assert stud.select(columns).rows() == [
        ("ANN", "7 Card Stud Hi/Lo", "Ah 2c 3d Kc 5h Ks 7d", "3d Kc 5h Ks", None, 0.08, 0.09,
         0.01, 0.02, 0.04, "1.ante0.01 4.bi0.01 / 8.c0.02 / 11.x 14.c0.04 / 15.x / 17.x 20.sd"),
        ("BOB", "7 Card Stud Hi/Lo", "Qh Qd Qc Js 4s Th 6s", "Qc Js 4s Th", None, 0.08, 0.09,
         0.01, 0.02, 0.04, "2.ante0.01 5.c0.01 / 9.c0.02 / 12.b0.04 / 16.x / 18.x 19.sd"),
        ("CY", "7 Card Stud Hi/Lo", None, "9s 9d Kh", "fifth", 0.04, 0.0, 0.01, 0.02, 0.04,
         "3.ante0.01 6.c0.01 / 7.b0.02 / 10.x 13.f"),
    ]  # fmt: skip
    issues, counts = audit_pots_with_counts(log)
    assert issues.height == 0
    assert (counts.showdowns, counts.disagreements, counts.names_checked) == (3, 0, 6)
    assert showdowns_paid_as_pokerkit_ranks(stud, "7 Card Stud Hi/Lo") == 1
