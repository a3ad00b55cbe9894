"""GGPoker read by the text engine from its declaration: our own sample of its grammar
(``tests/data/hand_histories/sites/ggpoker.txt``), every row stated, the pots audited."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.issues import with_codes
from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites.text.ggpoker import GGPOKER

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "ggpoker.txt"


def _log() -> HandLog:
    return read_text_site(GGPOKER, SAMPLE.read_bytes(), SAMPLE.name)


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    columns = ["round", "player", "hole", "mucked", "stated_hand", "board", "folded_street"]
    columns += ["put_in", "won", "variant", "actions"]
    flop, river = "2c 7h Ts 4s 9d", "2s 7c Jd 3h 9s"
    assert log.rows.select(columns).rows() == [
        # Rush & Cash: the raise beyond the big blind came back; the cash drop is in the pot
        ("RC1001", "Ann", "Ah Kd", True, None, "", None, 0.05, 0.32, "Hold'em", "3.r0.15"),
        ("RC1001", "f4ed9d", None, True, None, "", "preflop", 0.02, 0.0, "Hold'em", "1.sb0.02 4.f"),
        ("RC1001", "Bob", None, True, None, "", "preflop", 0.05, 0.0, "Hold'em", "2.bb0.05 5.f"),
        # PLO, an all-in for less: the main pot to a1b2c3, the side pot to 9f8e7d
        ("OM1002", "a1b2c3", "Jh 8h 2d 3d", False, "Jacks-High Straight", flop, None, 20.0,
         57.0, "Omaha", "1.sb0.5 4.r20! /  /  / 11.sd"),
        ("OM1002", "Hero", "Ah As Kd Qd", False, "Pair of Aces", flop, None, 100.0, 0.0,
         "Omaha", "2.bb1 5.c19 / 7.b30 / 9.b50! / 12.sd"),
        ("OM1002", "9f8e7d", "8s 6h Ac Kc", False, "Tens-High Straight", flop, None, 100.0,
         160.0, "Omaha", "3.r3.5 6.c16.5 / 8.c30 / 10.c50! / 13.sd"),
        # short deck: antes, a live button blind and a straddle
        ("SD1003", "Cleo", "Ad Kd", True, None, "6d 7d 8c", None, 7.0, 13.5, "Short Deck",
         "1.ante1 3.post1 5.r6 / 8.b10"),
        ("SD1003", "5e6f7a", None, True, None, "6d 7d 8c", "flop", 7.0, 0.0, "Short Deck",
         "2.ante1 4.st2 6.c4 / 7.x 9.f"),
        # run twice (issue 32): the first run's board and name, each player won one run
        ("OM1004", "ead755", "Ac Ad 3c 3d", False, "Pair of Aces and Pair of Jacks",
         "Js 5s Jd 7s 2s", None, 100.0, 97.5, "Omaha", "1.sb2 3.r100! 5.sd /  /  /"),
        ("OM1004", "Hero", "Kh 8s 6h Ks", False, "King High Flush", "Js 5s Jd 7s 2s", None,
         100.0, 97.5, "Omaha", "2.bb5 4.c95! 6.sd /  /  /"),
        # a tournament in chips written 1,000; the loser's cards mucked in the summary
        ("TM1005", "Dora", "Jh Tc", False, "Pair of Jacks", river, None, 19750.0, 40750.0,
         "Hold'em", "1.ante250 5.bb2000 8.c2500 / 9.x 11.c5000 / 12.x / 14.b10000 16.sd"),
        ("TM1005", "Hero", "Ts Th", True, None, river, None, 19750.0, 0.0, "Hold'em",
         "2.ante250 6.r4500 / 10.b5000 / 13.x / 15.c10000"),
        ("TM1005", "1a2b3c", None, True, None, "", "preflop", 1250.0, 0.0, "Hold'em",
         "3.ante250 4.sb1000 7.f"),
    ]  # fmt: skip


def test_what_the_headers_say() -> None:
    said = _log().rows.unique("round", maintain_order=True)
    columns = ["round", "tournament", "table", "site", "time_zone", "currency", "small_blind"]
    columns += ["big_blind", "ante", "format", "buy_in", "table_size", "button", "date"]
    assert said.select(columns).rows() == [
        ("RC1001", None, "RushAndCash1", "GGPoker", None, "USD", 0.02, 0.05, None, "cash", None,
         6, True, "2025-08-10T12:00:00"),
        ("OM1002", None, "PLOBronze3", "GGPoker", None, "USD", 0.5, 1.0, None, "cash", None, 6,
         False, "2025-08-10T12:01:00"),
        ("SD1003", None, "SDWhite1", "GGPoker", None, "USD", None, None, 1.0, "cash", None, 5,
         True, "2025-08-10T13:00:00"),
        ("OM1004", None, "PLOGold4", "GGPoker", None, "USD", 2.0, 5.0, None, "cash", None, 6,
         False, "2025-08-10T13:05:00"),
        ("TM1005", "25313424", "89", "GGPoker", None, "chips", 1000.0, 2000.0, 250.0,
         "tournament", None, 8, False, "2025-08-10T14:00:00"),
    ]  # fmt: skip
    # no zone written: the time is taken as written, in UTC
    assert said["played_at"].dt.to_string("%H:%M").to_list() == [
        "12:00", "12:01", "13:00", "13:05", "14:00"
    ]  # fmt: skip


def test_a_board_run_twice_keeps_every_runout() -> None:
    rows = _log().rows
    assert (
        rows.filter(pl.col("round") == "OM1004")["run_boards"].to_list()
        == ["Js 5s Jd 7s 2s | 4d Qc 4h Td 2s"] * 2
    )
    assert rows.filter(pl.col("round") != "OM1004")["run_boards"].is_null().all()


def test_an_unread_game_and_the_cash_drop_are_issues() -> None:
    issues = _log().issues
    assert issues.select("line", "hand_id", "code").rows() == [
        (1, "RC1001", "cash_drop"),
        (159, "OM1006", "unsupported_variant"),
    ]
    assert issues["message"][1] == (
        "ggpoker.txt:159: 'PLO-5 Hi/Lo' is a variant not read here: 1 hand left out, the first "
        "hand OM1006"
    )
    assert with_codes(issues.drop("code"))["code"].to_list() == issues["code"].to_list()


def test_the_pots_and_the_hand_names_are_audited() -> None:
    issues, counts = audit_pots_with_counts(_log())
    # OM1002's main and side pots replayed, OM1004's pot run by run; TM1005 not auditable (the
    # loser mucked)
    assert (counts.hands, counts.showdowns, counts.pots, counts.pots_audited) == (5, 3, 4, 3)
    assert (counts.names_checked, counts.name_disagreements, counts.disagreements) == (6, 0, 0)
    assert issues.height == 0


def test_a_wrongly_named_hand_is_a_named_issue() -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace(
        "won ($160) with Tens-High Straight", "won ($160) with Three Tens"
    )
    issues, counts = audit_pots_with_counts(read_text_site(GGPOKER, text, "gg.txt"))
    assert counts.name_disagreements == 1
    assert issues["message"].to_list() == [
        "hand OM1002: the log names 9f8e7d's 8s 6h Ac Kc 2c 7h Ts 4s 9d 'Three Tens' (Three of "
        "a Kind); the evaluator makes it Straight"
    ]


def test_net_is_won_less_put_in_and_every_pot_is_paid_out() -> None:
    rows = _log().rows
    per_hand = rows.group_by("round", maintain_order=True).agg(
        (pl.col("won").sum() - pl.col("put_in").sum()).round(2).alias("paid_beyond_put_in")
    )
    # the cash drop adds 0.20; OM1002's rake is 3, SD1003's 0.50, OM1004's 5; a tournament has
    # none
    assert per_hand.rows() == [
        ("RC1001", 0.2), ("OM1002", -3.0), ("SD1003", -0.5), ("OM1004", -5.0), ("TM1005", 0.0)
    ]  # fmt: skip
