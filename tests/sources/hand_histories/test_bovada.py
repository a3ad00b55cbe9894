"""Bovada read by the text engine from its declaration: our own sample of its grammar
(``tests/data/hand_histories/sites/bovada.txt``), every row stated, the pots audited."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.text.bovada import BOVADA

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "bovada.txt"


def _log() -> HandLog:
    return read_text_site(BOVADA, SAMPLE.read_bytes(), SAMPLE.name)


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    columns = ["round", "player", "seat", "button", "hole", "mucked", "stated_hand", "board"]
    columns += ["folded_street", "put_in", "won", "actions"]
    board, old = "Qh 5c 2s Jd 3h", "7s 6d Ah 5h 9c"
    assert log.rows.select(columns).rows() == [
        # players named by position, [ME] dropped; every hole card dealt face up; a main pot
        # (the big blind all-in) and a side pot, both to the dealer; "All-in $12" facing no bet
        # is a bet
        ("5001", "UTG", 1, False, "Ah Kh", False, "High Card", board, None, 20.0, 0.0,
         "3.r1.5 7.c6.5 / 9.b12! /  / 11.sd"),
        ("5001", "Dealer", 2, True, "Qs Qd", False, "Three of a kind", board, None, 20.0, 47.75,
         "4.r5 8.c3 / 10.c12 /  / 12.sd"),
        ("5001", "Small Blind", 3, False, "7c 2d", True, None, "", "preflop", 0.25, 0.0,
         "1.sb0.25 5.f"),
        ("5001", "Big Blind", 4, False, "9s 9h", False, "One pair", board, None, 8.0, 0.0,
         "2.bb0.5 6.r8! /  /  / 13.sd"),
        # the old log: no street named (the board dealt "to table"), raises as their total,
        # the loser mucks
        ("5002", "Dealer", 1, True, "4d 7d", True, None, "", "preflop", 0.0, 0.0, "3.f"),
        ("5002", "Small Blind", 2, False, "Ks Kc", False, "One pair", old, None, 72.0, 126.0,
         "1.sb4 4.r16 / 6.b8 / 8.b16 / 10.b16 12.c16 13.sd"),
        ("5002", "Big Blind", 3, False, "7c Kd", True, "One pair", old, None, 72.0, 0.0,
         "2.bb8 5.c8 / 7.c8 / 9.c16 / 11.r32 14.sd"),
        # a tournament with antes: the raise no one called came back
        ("5003", "Dealer", 1, True, "2c 3d", True, None, "", "preflop", 15.0, 0.0,
         "1.ante15 6.f"),
        ("5003", "Small Blind", 2, False, "Jh Jd", True, "One pair", "", None, 165.0, 345.0,
         "2.ante15 4.sb75 7.r450 9.sd"),
        ("5003", "Big Blind", 3, False, "8c 8d", True, None, "", "preflop", 165.0, 0.0,
         "3.ante15 5.bb150 8.f"),
        # stud: no board, the streets its own (the rows' stud columns: the test below)
        ("5004", "Seat+1", 1, False, "9d Td 5c 8s", True, None, "", "fourth", 12.0, 0.0,
         "1.ante2 5.c5 8.c5 / 10.f"),
        ("5004", "Seat+2", 2, False, "Ah Ac 3c 7d", True, "One pair", "", None, 12.0, 31.0,
         "2.ante2 6.r10 / 9.b10 11.sd"),
        ("5004", "Seat+3", 3, False, "Kc 4s 2d", True, None, "", "third", 7.0, 0.0,
         "3.ante2 4.bi5 7.f"),
    ]  # fmt: skip


def test_what_the_headers_and_the_posts_say() -> None:
    said = _log().rows.unique("round", maintain_order=True)
    columns = ["round", "tournament", "table", "site", "currency", "small_blind", "big_blind"]
    columns += ["ante", "format", "table_size", "time_zone"]
    assert said.select(columns).rows() == [
        # a cash header writes no stakes: the blinds posted are; and no currency: dollars
        ("5001", None, "77", "Bovada", "USD", 0.25, 0.5, None, "cash", 4, "ET"),
        ("5002", None, "78", "Bovada", "USD", 4.0, 8.0, None, "cash", 3, "ET"),
        ("5003", "M-2021", "18", "Bovada", "chips", 75.0, 150.0, 15.0, "tournament", 3, "UTC"),
        # stud has no blinds: the header's stakes are its bets (small_bet, big_bet)
        ("5004", "99", "1", "Bovada", "chips", None, None, 2.0, "tournament", 3, "ET"),
    ]
    # ET unless the header says UTC
    assert said["played_at"].dt.to_string("%Y-%m-%d %H:%M").to_list() == [
        "2021-04-11 05:51",
        "2012-04-03 20:34",
        "2021-04-22 00:34",
        "2015-01-01 15:00",
    ]


def test_a_stud_tournament_hand_deals_its_streets_without_naming_them() -> None:
    """Bovada's stud seats are anonymous (``Seat+2 [ME]: 1,500 in chips``), every player's
    cards are written, and a tournament's log names no street after the first: a card dealt
    to a player whose cards of the street are out is the next street's."""
    log = _log()
    assert log.issues.height == 0
    stud = log.rows.filter(pl.col("round") == "5004")
    columns = ["player", "variant", "hole", "up_cards", "folded_street", "put_in", "won"]
    columns += ["bring_in", "small_bet", "big_bet", "small_blind", "actions"]
    assert stud.select(columns).rows() == [
        ("Seat+1", "7 Card Stud", "9d Td 5c 8s", "5c 8s", "fourth", 12.0, 0.0, 5.0, 10.0, 20.0,
         None, "1.ante2 5.c5 8.c5 / 10.f"),
        ("Seat+2", "7 Card Stud", "Ah Ac 3c 7d", "3c 7d", None, 12.0, 31.0, 5.0, 10.0, 20.0,
         None, "2.ante2 6.r10 / 9.b10 11.sd"),
        # the bring-in, written as a big blind
        ("Seat+3", "7 Card Stud", "Kc 4s 2d", "2d", "third", 7.0, 0.0, 5.0, 10.0, 20.0, None,
         "3.ante2 4.bi5 7.f"),
    ]  # fmt: skip


def test_the_pots_and_the_hand_names_are_audited() -> None:
    issues, counts = audit_pots_with_counts(_log())
    # 5001's main and side pots replayed; 5002 not auditable (the loser mucked)
    assert (counts.hands, counts.showdowns, counts.pots, counts.pots_audited) == (4, 2, 3, 2)
    assert (counts.names_checked, counts.name_disagreements, issues.height) == (5, 0, 0)


def test_a_wrongly_named_hand_is_a_named_issue() -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace("with Three of a kind", "with Two pair")
    issues, counts = audit_pots_with_counts(read_text_site(BOVADA, text, "bovada.txt"))
    assert counts.name_disagreements == 1
    assert issues["message"].to_list() == [
        "hand 5001: the log names Dealer's Qs Qd Qh 5c 2s Jd 3h 'Two pair' (Two Pair); the "
        "evaluator makes it Three of a Kind"
    ]


def test_recognised_by_content() -> None:
    head = SAMPLE.read_text(encoding="utf-8")[:500]
    assert [site.name for site in SITES if site.looks_like(head)] == ["Bovada"]
