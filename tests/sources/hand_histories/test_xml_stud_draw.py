"""Stud, Razz and the draw games in the XML sites (issue 34): hand-written samples in Merge's,
iPoker's and Boss' grammars (``tests/data/hand_histories/sites/``), read into the rows stated
here by hand: the stud and draw streets, bring-ins, completions, draws, up cards and the cards
of a hand in the order dealt, the five stud/draw columns, hi/lo halves, a mixed file whose
hands are each their own game."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA
from pipeline.sources.hand_histories.xml_engine import BadHandError, HandBuilder
from pipeline.sources.hand_histories.xml_sites import read_xml

SITES = Path(__file__).resolve().parents[2] / "data" / "hand_histories" / "sites"
ROW = ("round", "player", "hole", "up_cards", "draws", "folded_street", "put_in", "won",
       "mucked", "actions")  # fmt: skip

# Every row below was worked out by hand from the sample, not printed from the reader.
EXPECTED_ROWS: dict[str, list[tuple[object, ...]]] = {
    "merge_stud.xml": [
        # 500-1, 7-Stud: Ann brings in, Bob completes to the small bet, Ann calls and folds on
        # fourth; Hero's aces (dealt face up to him, then shown) beat Bob's kings.
        ("500-1", "Hero", "As Ah 9s 7d Jc 2d Ad", "9s 7d Jc 2d", None, None, 3.05, 6.45, False,
         "1.ante0.05 6.c0.5 / 9.c0.5 / 12.c1 / 14.x / 16.b1 18.sd"),
        ("500-1", "Ann", None, "2c 3h", None, "fourth", 0.55, 0.0, True,
         "2.ante0.05 4.bi0.1 7.c0.4 / 10.f"),
        ("500-1", "Bob", "5c 6d Kd Kc 4s 8h Ks", "Kd Kc 4s 8h", None, None, 3.05, 0.0, False,
         "3.ante0.05 5.r0.5 / 8.b0.5 / 11.b1 / 13.x / 15.x 17.c1 19.sd"),
        # 500-2, Stud Hi/Lo (the second format: hidden cards left empty): Hero's full house
        # takes the high half, Bob's 7-5-3-2-A the low half; Ann (dealtin="false") sits out.
        ("500-2", "Hero", "Kc Kh Ks 9d 9c Qh Jd", "Ks 9d 9c Qh", None, None, 0.15, 0.15, False,
         "1.ante0.05 4.c0.1 / 5.x / 7.x / 9.x / 11.x 13.sd"),
        ("500-2", "Bob", "Ac 2d 3h 5s 7c Td Qs", "3h 5s 7c Td", None, None, 0.15, 0.15, False,
         "2.ante0.05 3.bi0.1 / 6.x / 8.x / 10.x / 12.x 14.sd"),
    ],
    "merge_draw.xml": [
        # 2-7 triple draw: Hero draws one, then stands pat twice, and wins when Bob folds to
        # his last bet (returned uncalled); Ann draws three and folds after the first draw.
        ("700-1", "Hero", "8d 7c 5d 3s 2h", None, "1 0 0", None, 6.0, 12.5, True,
         "3.c1 / 8.dr1 11.c1 / 14.dr0 16.r4 / 19.dr0 21.b2 23.sd"),
        ("700-1", "Ann", None, None, "3", "draw1", 1.0, 0.0, True,
         "1.sb0.5 4.c0.5 / 6.dr3 9.x 12.f"),
        ("700-1", "Bob", None, None, "2 1 1", "draw3", 6.0, 0.0, True,
         "2.bb1 5.x / 7.dr2 10.b1 / 13.dr1 15.b2 17.c2 / 18.dr1 20.x 22.f"),
    ],
    "merge_mixed.xml": [
        # HORSE: a limit Hold'em hand, then a Razz hand; each hand its own game.
        ("600-1", "Ann", None, None, None, "preflop", 0.1, 0.0, True, "1.sb0.1 3.f"),
        ("600-1", "Bob", None, None, None, None, 0.1, 0.2, True, "2.bb0.25"),
        ("600-2", "Ann", None, "3c", None, None, 0.15, 0.3, True, "1.ante0.05 4.r0.25"),
        ("600-2", "Bob", None, "Kd", None, "third", 0.15, 0.0, True,
         "2.ante0.05 3.bi0.1 5.f"),
    ],
    "boss_draw.xml": [
        # five card draw: Hero changes three and makes kings, Vic changes one; both show
        ("900", "Hero", "Kd Kc Ks 9h 5c", None, "3", None, 8.0, 15.5, False,
         "1.sb1 3.r4 / 6.dr3 8.b4 11.sd"),
        ("900", "Vic", "Qd Qc Jh Jd 3s", None, "1", None, 8.0, 0.0, False,
         "2.bb2 4.c2 / 5.dr1 7.x 9.c4 10.sd"),
    ],
    "ipoker_stud.xml": [
        # 2001: Ann is the log's owner (her cards dealt face up to her); Bob's down cards are
        # written where they were dealt, so he showed them; his nines full win.
        ("2001", "Ann", "6s Tc 7h 7d Ac 2s 6h", "7h 7d Ac 2s", None, None, 0.41, 0.0, False,
         "1.ante0.01 4.r0.05 / 6.b0.05 / 8.x 10.c0.1 / 11.x / 13.b0.1 15.c0.1"),
        ("2001", "Bob", "9d 9h 2c 4s Kh 2d 9c", "2c 4s Kh 2d", None, None, 0.41, 0.78, False,
         "2.ante0.01 3.bi0.02 5.c0.03 / 7.c0.05 / 9.b0.1 / 12.x / 14.r0.2"),
        # 2002: Bob (X X D3) brings in and folds to Ann's completion, whose 0.03 over the
        # bring-in comes back: her "win" of 0.09 holds it, the pot is 0.06.
        ("2002", "Ann", "Ks 5d Ah", "Ah", None, None, 0.03, 0.06, True, "1.ante0.01 4.r0.05"),
        ("2002", "Bob", None, "3d", None, "third", 0.03, 0.0, True, "2.ante0.01 3.bi0.02 5.f"),
    ],
}  # fmt: skip
# per hand: (variant, bring_in, small_bet, big_bet, ante, small_blind, big_blind)
EXPECTED_FACTS: dict[str, tuple[object, ...]] = {
    "500-1": ("7 Card Stud", 0.1, 0.5, 1.0, 0.05, None, None),
    "500-2": ("7 Card Stud Hi/Lo", 0.1, 0.5, 1.0, 0.05, None, None),
    "700-1": ("Triple Draw 2-7 Lowball", None, 1.0, 2.0, None, 0.5, 1.0),
    "600-1": ("Hold'em Limit", None, None, None, None, 0.1, 0.25),
    "600-2": ("Razz", 0.1, 0.25, 0.5, 0.05, None, None),
    "900": ("5 Card Draw", None, 2.0, 4.0, None, 1.0, 2.0),
    "2001": ("7 Card Stud", 0.02, 0.05, 0.1, 0.01, None, None),
    "2002": ("7 Card Stud", 0.02, 0.05, 0.1, 0.01, None, None),
}
FACTS = ("variant", "bring_in", "small_bet", "big_bet", "ante", "small_blind", "big_blind")


def read_sample(name: str) -> pl.DataFrame:
    log = read_xml((SITES / name).read_bytes(), name)
    assert log.issues.height == 0, f"{name}: {log.issues['message'].to_list()}"
    assert log.rows.schema == ROW_SCHEMA, name
    return log.rows


@pytest.mark.parametrize("name", list(EXPECTED_ROWS), ids=list(EXPECTED_ROWS))
def test_each_sample_reads_into_the_stated_rows(name: str) -> None:
    got = read_sample(name).select(ROW).rows()
    assert len(got) == len(EXPECTED_ROWS[name]), name
    for expected, actual in zip(EXPECTED_ROWS[name], got, strict=True):
        assert actual == expected, f"{name}: expected={expected} got={actual}"


@pytest.mark.parametrize("name", list(EXPECTED_ROWS), ids=list(EXPECTED_ROWS))
def test_each_hand_carries_its_game_and_its_stakes(name: str) -> None:
    rows = read_sample(name)
    for (hand,), group in rows.group_by("round", maintain_order=True):
        facts = group.select(FACTS).unique().rows()
        assert facts == [EXPECTED_FACTS[str(hand)]], f"{name}: hand {hand}: {facts}"
        assert set(group["board"]) == {""}, f"{name}: hand {hand}"  # no board dealt


def test_a_board_game_in_a_mixed_file_keeps_the_stud_columns_null() -> None:
    rows = read_sample("merge_mixed.xml").filter(pl.col("round") == "600-1")
    assert rows.select("bring_in", "small_bet", "big_bet", "up_cards", "draws").null_count().row(
        0
    ) == (2, 2, 2, 2, 2)


@pytest.mark.parametrize("name", list(EXPECTED_ROWS), ids=list(EXPECTED_ROWS))
def test_every_sample_balances_and_its_showdowns_audit(name: str) -> None:
    log = read_xml((SITES / name).read_bytes(), name)
    pots = log.rows.group_by("round").agg(pl.col("put_in").sum(), pl.col("won").sum())
    for hand, put_in, won in pots.rows():
        assert 0 <= put_in - won <= 0.5, f"{name}: hand {hand} put in {put_in}, won {won}"
    issues, counts = audit_pots_with_counts(log)
    assert counts.disagreements == 0, f"{name}: {issues['message'].to_list()}"


def test_the_stud_showdowns_and_the_hi_lo_halves_are_audited() -> None:
    _, counts = audit_pots_with_counts(read_xml((SITES / "merge_stud.xml").read_bytes(), "x"))
    assert (counts.showdowns, counts.pots_audited, counts.disagreements) == (2, 2, 0)
    _, counts = audit_pots_with_counts(read_xml((SITES / "ipoker_stud.xml").read_bytes(), "x"))
    assert (counts.showdowns, counts.pots_audited, counts.disagreements) == (1, 1, 0)


def test_merges_own_names_of_the_winning_hands_are_kept_and_checked() -> None:
    # a winner's hand="..." is stated_hand; a low half's name (7-5-3-2-A) names no category
    log = read_xml((SITES / "merge_stud.xml").read_bytes(), "merge_stud.xml")
    assert log.rows.select("round", "player", "stated_hand").rows() == [
        ("500-1", "Hero", "Three of a Kind Aces"),
        ("500-1", "Ann", None),
        ("500-1", "Bob", None),
        ("500-2", "Hero", "Full House - Kings over Nines"),
        ("500-2", "Bob", None),
    ]
    _, counts = audit_pots_with_counts(log)
    assert (counts.names_checked, counts.name_disagreements) == (2, 0)


def test_a_stud_card_dealt_twice_differently_leaves_the_hand_out_named() -> None:
    hand = HandBuilder("Demo", "1", 1)
    hand.game = "Razz"
    hand.seat("1", "Ann", 1, 10.0)
    hand.deal_to("1", [None, None, "3c"], so_far=False)
    with pytest.raises(BadHandError, match="Ann's card 3 is both 3c and 4c"):
        hand.deal_to("1", [None, None, "4c", "5d"], so_far=True)
    with pytest.raises(BadHandError, match="Ann is dealt 8 cards in a game of 7"):
        hand.deal_to("1", ["2c", "2d", "2h", "2s", "3d"], so_far=False)


def test_a_draw_of_more_cards_than_a_hand_holds_is_named() -> None:
    hand = HandBuilder("Demo", "1", 1)
    hand.game = "Badugi"
    hand.seat("1", "Ann", 1, 10.0)
    hand.draw("1", 0)
    with pytest.raises(BadHandError, match="Ann draws 6 cards"):
        hand.draw("1", 6)
