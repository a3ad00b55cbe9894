"""PokerStars hands of every game read (Hold'em, Omaha, Omaha Hi/Lo) and of the games not read:
both paths (the compiled scanner, the text engine alone) give the same hand log."""

from __future__ import annotations

import re
from pathlib import Path

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.sources.pokerstars import HandLog, read_pokerstars, read_pokerstars_reference
from pipeline.sources.pokerstars.scanner.compiled import READ_VARIANTS

DATA = Path(__file__).parent.parent / "data" / "hand_histories"
OMAHA = DATA / "pokerstars_omaha.txt"
OTHER_GAMES = DATA / "pokerstars_other_games.txt"


def both_paths(text: str, name: str) -> HandLog:
    """The log read by the compiled path (text, bytes, CRLF bytes) and by the engine alone,
    which must all be the same; the engine's."""
    reference = read_pokerstars_reference(text, name)
    for given_as in (text, text.encode(), text.replace("\n", "\r\n").encode()):
        for compiled in (True, False):
            log = read_pokerstars(given_as, name, compiled=compiled)
            assert log.rows.equals(reference.rows), (type(given_as), compiled)
            assert log.issues.equals(reference.issues), (type(given_as), compiled)
    return reference


@pytest.fixture(scope="module")
def omaha() -> HandLog:
    return both_paths(OMAHA.read_text(encoding="utf-8"), OMAHA.name)


def hand(log: HandLog, hand_id: str) -> pl.DataFrame:
    return log.rows.filter(pl.col("hand_id") == hand_id)


def test_the_variant_is_the_headers_words_for_game_and_limit(omaha: HandLog) -> None:
    variants = omaha.rows.group_by("hand_id", maintain_order=True).agg(pl.col("variant").first())
    assert variants.rows() == [
        ("7001", "Omaha Pot Limit"),
        ("7002", "Omaha Hi/Lo Pot Limit"),
        ("7003", "Omaha Hi/Lo Pot Limit"),
        ("7004", "Omaha Hi/Lo Limit"),
    ]
    assert omaha.issues.height == 0
    assert hand(omaha, "7003")["tournament"].unique().to_list() == ["4040"]


def test_omaha_holes_are_four_cards_dealt_shown_or_mucked(omaha: HandLog) -> None:
    holes = omaha.rows.filter(pl.col("hole").is_not_null())["hole"].to_list()
    assert len(holes) == 9
    assert all(re.fullmatch(r"[2-9TJQKA][cdhs]( [2-9TJQKA][cdhs]){3}", hole) for hole in holes)
    # Ann's cards are dealt to her and mucked at the showdown: known, and a muck.
    rows = hand(omaha, "7001").select("player", "hole", "mucked", "stated_hand")
    assert rows.rows() == [
        ("Ann", "Ah Kh Qd Jc", True, None),
        ("Bob Smith", None, True, None),
        ("Cy", "Kc Ks 8h 8d", False, "three of a kind, Kings"),
    ]


def _pots_less_rake(text: str) -> dict[str, float]:
    """Each hand's pot less its rake, from its summary's "Total pot X | Rake Y" line."""
    pots = {}
    for hand_text in text.split("PokerStars Hand #")[1:]:
        hand_id = hand_text.split(":", 1)[0]
        total, rake = re.search(r"Total pot \$?([\d.]+) \| Rake \$?([\d.]+)", hand_text).groups()  # type: ignore[union-attr]
        pots[hand_id] = float(total) - float(rake)
    return pots


def test_won_sums_every_half_and_every_pot(omaha: HandLog) -> None:
    # What the players won adds up to the pot less the rake, in every hand.
    won = omaha.rows.group_by("hand_id").agg(pl.col("won").sum()).rows()
    assert dict(won) == pytest.approx(_pots_less_rake(OMAHA.read_text(encoding="utf-8")))
    # A hi/lo split: the high to Cy, the low to Ann.
    assert hand(omaha, "7002").select("player", "won").rows() == [
        ("Ann", 8.5), ("Bob Smith", 0.0), ("Cy", 8.5)
    ]  # fmt: skip
    # Quartered: Ann takes the high half and a quarter (two "collected" lines), Bob a quarter.
    assert hand(omaha, "7003").select("player", "put_in", "won").rows() == [
        ("Ann", 300.0, 675.0), ("Bob Smith", 300.0, 225.0), ("Cy", 300.0, 0.0)
    ]  # fmt: skip
    # No low qualifies: the high hand scoops what the rake leaves.
    assert hand(omaha, "7004").select("player", "won").rows() == [
        ("Ann", 20.5), ("Bob Smith", 0.0), ("Cy", 0.0)
    ]  # fmt: skip


def test_stud_and_razz_hands_are_read_each_under_its_own_game() -> None:
    log = both_paths(OTHER_GAMES.read_text(encoding="utf-8"), OTHER_GAMES.name)
    assert log.issues.height == 0
    assert log.rows["hand_id"].unique(maintain_order=True).to_list() == [
        "8001", "8002", "8003", "8004", "8005", "8006", "8007"
    ]  # fmt: skip
    # A mixed game's hand reads in the words of its own game (HORSE's Hold'em, then its Razz);
    # 6+ is read (the table of games names it short deck's words).
    assert hand(log, "8006")["variant"].unique().to_list() == ["Hold'em Limit"]
    assert hand(log, "8007")["variant"].unique().to_list() == ["Razz Limit"]
    assert hand(log, "8005")["variant"].unique().to_list() == ["6+ Hold'em No Limit"]
    # Razz: the bring-in walks; the hero's three cards known, the other's up card alone
    columns = ["player", "hole", "up_cards", "put_in", "won", "actions"]
    assert hand(log, "8001").select(columns).rows() == [
        ("Ann", "2c 5d 7h", "7h", 0.02, 0.0, "1.ante0.02 4.f"),
        ("Bob Smith", None, "Kd", 0.02, 0.04, "2.ante0.02 3.bi0.05"),
    ]  # fmt: skip
    assert hand(log, "8004").select("player", "small_bet", "big_bet", "bring_in").rows() == [
        ("Ann", 10.0, 20.0, 5.0), ("Bob Smith", 10.0, 20.0, 5.0)
    ]  # fmt: skip


_GAME_WORDS = [*READ_VARIANTS, "Razz Limit", "6+ Hold'em Spread Limit", "5 Card Omaha Pot Limit",
               "Hold'em Limited", "Omaha Hi/Lo Spread Limit", "Courchevel Pot Limit"]  # fmt: skip
_BEFORE = ["", "", "Tournament #9, $1+$0.10 USD ", "Tournament #9, Freeroll  ",
           "Tournament #9, 100+10 ", "Tournament #9, Freeroll USD ", "Tournament #9, USD ",
           "Tournament #9, $1\u00a0", "Tournament #9,  $1 EURO ", "{Club #5} ", "HORSE (",
           "Mixed NLH/PLO (", "8-Game (Tournament #9, ", "{Club #5}  Tournament #9, $1 USD ",
           "{Club} ", "{Club #5}(", "{Club #5 ", "{} {x} "]  # fmt: skip
_AFTER = [" ($0.25/$0.50 USD)", ", $0.10/$0.20 USD)", " - Level I (10/20)", "", " (Limit, x)",
          ") (Pot Limit", "x ($1/$2)", "\u00a0($1/$2)"]  # fmt: skip
_BODY = """
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bob ($50 in chips)
Ann: posts small blind $0.25
Bob: posts big blind $0.50
*** HOLE CARDS ***
Dealt to Ann [Ah Kh Qd Jc]
Ann: folds
Uncalled bet ($0.25) returned to Bob
Bob collected $0.50 from pot
*** SUMMARY ***
Seat 1: Ann (button) (small blind) folded before Flop
Seat 2: Bob (big blind) collected ($0.50)
"""


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["Hand", "Game", "Zoom Hand"]),
    st.sampled_from([":  ", ": ", ":", " - "]),
    st.sampled_from(_BEFORE),
    st.sampled_from(_GAME_WORDS),
    st.sampled_from(_AFTER),
)
def test_header_game_words_read_the_same_on_both_paths(
    kind: str, colon: str, before: str, game: str, after: str
) -> None:
    header = f"PokerStars {kind} #77{colon}{before}{game}{after} - 2024/03/03 19:04:00 ET"
    log = both_paths(header + _BODY + "\n\n" + header.replace("#77", "#78") + _BODY, "h.txt")
    # A hand is read, or named once as a game not read: never both, never lost.
    assert log.rows["line"].n_unique() + log.issues.height in (1, 2)
    if log.rows.height:
        assert set(log.rows["variant"]) <= set(READ_VARIANTS)
