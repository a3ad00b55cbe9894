"""PartyPoker read by the text engine from its declaration: our own sample of its grammar
(``tests/data/hand_histories/sites/partypoker.txt``), every row stated, the pots audited."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.issues import with_codes
from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.text.partypoker import PARTYPOKER

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "partypoker.txt"
NEW = "1620144103176abcdefgh"


def _log() -> HandLog:
    return read_text_site(PARTYPOKER, SAMPLE.read_bytes(), SAMPLE.name)


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    columns = ["round", "player", "hole", "mucked", "stated_hand", "board", "folded_street"]
    columns += ["put_in", "won", "actions"]
    flop, board, omaha = "2c 7d Jh", "2c 7d Jh Qs 3c", "2s 9h 2c Jd 8c"
    assert log.rows.select(columns).rows() == [
        # raises by what they add; "is all-In" for more than the bet is a raise; the bet no
        # one called comes back ("Dee wins $2.50"); Dee's cards written, not shown
        ("9000001", "Ann", "Ah Kd", True, None, flop, "flop", 4.0, 0.0, "4.c0.3 8.c3.7 / 10.f"),
        ("9000001", "Bob", "Tc Ts", False, "a pair of Tens", board, None, 4.0, 11.6,
         "1.sb0.05 5.r4! /  /  / 11.sd"),
        ("9000001", "Cy", None, True, None, "", "preflop", 0.1, 0.0, "2.bb0.1 6.f"),
        ("9000001", "Dee", "9s 9d", True, "a pair of Nines", board, None, 4.0, 0.0,
         "3.r0.3 7.c3.7 / 9.b2.5 /  / 12.sd"),
        # a tournament whose blinds are not written: posted by the two seats after the button;
        # Flo all in for less, the rest of Eve's bet written as a side pot
        ("9000002", "Eve", "Jc Kd Jh 4c", False, "a full house, Jacks full of Twos", omaha,
         None, 900.0, 2100.0, "1.sb50 4.c250 / 6.b300 / 9.b400 / 11.sd"),
        ("9000002", "Flo", "6s 5h Ts 5d", False, "two pairs, Fives and Twos", omaha, None,
         900.0, 0.0, "2.bb100 5.c200 / 7.c300 / 10.c300! / 12.sd"),
        ("9000002", "Gus", None, True, None, "2s 9h 2c", "flop", 300.0, 0.0, "3.r300 / 8.f"),
        # the 2019 log: antes, "raises 1250 to 1250", the pot collected in the summary
        (NEW, "Hal", None, True, None, "", "preflop", 565.0, 0.0, "1.ante65 5.bb500 8.f"),
        (NEW, "Ivy", "6d 6c", True, None, "", None, 565.0, 1445.0, "2.ante65 6.r1250"),
        (NEW, "Jon", None, True, None, "", "preflop", 315.0, 0.0, "3.ante65 4.sb250 7.f"),
    ]  # fmt: skip


def test_what_the_headers_say() -> None:
    said = _log().rows.unique("round", maintain_order=True)
    columns = ["round", "tournament", "currency", "small_blind", "big_blind", "ante", "format"]
    columns += ["buy_in", "buy_in_currency", "table_size", "time_zone"]
    assert said.select(columns).rows() == [
        # a cash header gives the table's cap ($10): the blinds are the ones posted
        ("9000001", None, "USD", 0.05, 0.1, None, "cash", None, None, 4, "EDT"),
        ("9000002", "61234567", "chips", 50.0, 100.0, None, "tournament", 2.0, "USD", 3, "CEST"),
        (NEW, "302466038", "chips", 250.0, 500.0, 65.0, "tournament", 3.3, "USD", 3, "EDT"),
    ]
    # the year written after the zone
    assert said["played_at"].dt.to_string("%Y-%m-%d %H:%M").to_list() == [
        "2010-08-30 20:08",
        "2010-09-14 19:05",
        "2021-05-04 16:00",
    ]


def test_a_game_not_read_is_an_unsupported_variant() -> None:
    issues = _log().issues
    assert issues.select("line", "hand_id", "code").rows() == [
        (88, "9000004", "unsupported_variant")
    ]
    assert with_codes(issues.drop("code"))["code"].to_list() == issues["code"].to_list()


def test_the_pots_and_the_hand_names_are_audited() -> None:
    issues, counts = audit_pots_with_counts(_log())
    # 9000002's pot replayed; 9000001's not (Dee's cards are written, not shown)
    assert (counts.hands, counts.showdowns, counts.pots, counts.pots_audited) == (3, 2, 2, 1)
    assert (counts.names_checked, counts.name_disagreements, issues.height) == (4, 0, 0)


def test_a_pot_paid_beyond_what_was_put_in_is_a_named_issue() -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace(
        "collected 2195, net +880", "collected 2295, net +980"
    )
    issues = read_text_site(PARTYPOKER, text, "party.txt").issues
    assert issues.filter(pl.col("code") == "won_exceeds_pot")["message"].to_list() == [
        f"party.txt:63: hand {NEW}: the log awards 1545, more than the 1445 its actions put in "
        "(an ante or a post not written?); the hand is read as the log writes it"
    ]
    assert with_codes(issues.drop("code"))["code"].to_list() == issues["code"].to_list()


def test_recognised_by_content_and_not_taken_for_888() -> None:
    head = SAMPLE.read_text(encoding="utf-8")[:600]
    assert [site.name for site in SITES if site.looks_like(head)] == ["PartyPoker"]
