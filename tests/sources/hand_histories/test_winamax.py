"""Winamax read by the text engine from its declaration: our own sample of its grammar
(``tests/data/hand_histories/sites/winamax.txt``), every row stated, the pots audited."""

from __future__ import annotations

from pathlib import Path

from pipeline.games.issues import with_codes
from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import HandLog
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites.text.winamax import WINAMAX

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "winamax.txt"
CASH, TOURNAMENT, PLAY = (
    "4489532-965-1366095481",
    "119419173368496129-7-1343577528",
    "8976324-443-1476102647",
)


def _log() -> HandLog:
    return read_text_site(WINAMAX, SAMPLE.read_bytes(), SAMPLE.name)


def test_every_row_of_the_sample() -> None:
    columns = ["round", "player", "hole", "mucked", "stated_hand", "board", "folded_street"]
    columns += ["put_in", "won", "variant", "actions"]
    river = "2s 7h 9c Jd 3c"
    assert _log().rows.select(columns).rows() == [
        # no colon after a name, a name with spaces; the seat that never played is not dealt
        # in; Winamax writes no uncalled bet: Ann's 0.20 no one called comes off her put_in
        # and off the 0.53 she collected
        (CASH, "Ann", "Ah Kh", True, None, "Qc 5d 2h", None, 0.15, 0.33, "Hold'em",
         "3.r0.15 / 7.b0.2"),
        (CASH, "dies irae 7", None, True, None, "Qc 5d 2h", "flop", 0.15, 0.0, "Hold'em",
         "1.sb0.02 4.c0.13 / 6.x 8.f"),
        (CASH, "Bob", None, True, None, "", "preflop", 0.05, 0.0, "Hold'em", "2.bb0.05 5.f"),
        # a sit & go: ante/small/big blind, an all-in for less, a main and a side pot
        (TOURNAMENT, "Ann", "Kd Kc", False, "One pair : Kings", river, None, 1200.0, 2700.0,
         "Hold'em", "1.ante10 6.r240 9.c50 / 11.c400 / 13.c500 / 15.sd"),
        (TOURNAMENT, "Cleo", "Ac Qs", False, "High card : Ace", river, None, 300.0, 0.0,
         "Hold'em", "2.ante10 4.sb40 7.r290! /  /  / 16.sd"),
        (TOURNAMENT, "Dan", "Jh Ts", False, "One pair : Jacks", river, None, 1200.0, 0.0,
         "Hold'em", "3.ante10 5.bb80 8.c210 / 10.b400 / 12.b500! / 14.sd"),
        (PLAY, "Ann", "As Ks Qd Jd", True, None, "", None, 0.1, 0.2, "Omaha", "1.sb0.05 3.r0.3"),
        (PLAY, "Bob", None, True, None, "", "preflop", 0.1, 0.0, "Omaha", "2.bb0.1 4.f"),
    ]  # fmt: skip


def test_what_the_headers_say() -> None:
    said = _log().rows.unique("round", maintain_order=True)
    columns = ["round", "tournament", "table", "site", "currency", "small_blind", "big_blind"]
    columns += ["ante", "format", "buy_in", "buy_in_currency", "table_size", "time_zone"]
    assert said.select(columns).rows() == [
        (CASH, None, "Joue-les-Tours", "Winamax", "EUR", 0.02, 0.05, None, "cash", None, None,
         6, "UTC"),
        # the buy-in written with decimal commas: 0,92€ + 0,08€
        (TOURNAMENT, "119419173", "Sit&Go(119419173)#0", "Winamax", "chips", 40.0, 80.0, 10.0,
         "tournament", 1.0, "EUR", 3, "UTC"),
        (PLAY, None, "Tampa", "Winamax", "play", 0.05, 0.1, None, "cash", None, None, 2, "UTC"),
    ]  # fmt: skip
    assert said["played_at"].dt.to_string("%Y-%m-%d %H:%M").to_list() == [
        "2025-08-10 20:12",
        "2025-08-10 21:00",
        "2025-08-10 22:00",
    ]


def test_an_unread_game_and_a_cut_hand_are_left_out_with_issues() -> None:
    issues = _log().issues
    assert issues.select("line", "hand_id", "code").rows() == [
        (81, "9250793-444-1478990340", "unsupported_variant"),
        (85, "4489532-966-1366095500", "truncated_hand"),
    ]
    assert issues["value"][0] == "5 Card Omaha Hi/Lo pot limit"
    assert with_codes(issues.drop("code"))["code"].to_list() == issues["code"].to_list()


def test_the_side_pot_and_the_hand_names_are_audited() -> None:
    issues, counts = audit_pots_with_counts(_log())
    assert (counts.hands, counts.showdowns, counts.pots, counts.pots_audited) == (3, 1, 2, 2)
    assert (counts.names_checked, counts.name_disagreements, counts.disagreements) == (3, 0, 0)
    assert issues.height == 0


def test_an_award_the_replay_does_not_give_is_a_named_issue() -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace(
        "Ann collected 1800 from side pot 1\nAnn collected 900 from main pot",
        "Ann collected 1800 from side pot 1\nCleo collected 900 from main pot",
    )
    issues, counts = audit_pots_with_counts(read_text_site(WINAMAX, text, "wx.txt"))
    assert counts.disagreements == 1
    assert issues["code"].to_list() == ["pot_disagreement"]
    assert issues["message"][0].startswith(f"hand {TOURNAMENT}: log awards")
