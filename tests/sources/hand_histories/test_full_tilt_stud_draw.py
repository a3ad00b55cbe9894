"""Full Tilt's Stud, Stud Hi/Lo, Razz, 2-7 Triple Draw and Badugi hands read by the text
engine: our own sample of its grammar (``tests/data/hand_histories/sites/full_tilt_stud_draw.txt``,
one file of several games, each hand read under its own), every row stated, the pots audited,
and the winners of each showdown checked against pokerkit's evaluators (pokerkit's Full Tilt
parser reads No Limit Hold'em alone)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites.text.full_tilt import FULL_TILT
from tests.sources.hand_histories.stud_draw_checks import showdowns_paid_as_pokerkit_ranks

SAMPLE = Path(__file__).parents[2] / "data" / "hand_histories" / "sites" / "full_tilt_stud_draw.txt"


def _log() -> HandLog:
    return read_text_site(FULL_TILT, SAMPLE.read_text("utf-8").encode("utf-16"), SAMPLE.name)


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    columns = ["round", "player", "hole", "up_cards", "draws", "folded_street", "put_in", "won"]
    columns += ["mucked", "stated_hand", "board", "actions"]
    assert log.rows.select(columns).rows() == [
        # Stud: Dan sits out; Cy brings in and folds on fourth street; Ann's cards shown in
        # another order than dealt are kept in the order dealt, Bob's down cards (unseen
        # until shown) put in the down places
        ("34000000001", "Ann", "As 2d Kh 7s Kd 4c 9c", "Kh 7s Kd 4c", None, None, 12.4, 0.0,
         False, "a pair of Kings", "", "1.ante0.4 5.r2 / 10.c2 / 11.b4 / 13.x / 15.b4 17.sd"),
        ("34000000001", "Bob", "Jh Jd 7c 7d Qs 2h 8c", "7c 7d Qs 2h", None, None, 12.4, 26.2,
         False, "two pair, Jacks and Sevens", "",
         "2.ante0.4 6.c2 / 8.b2 / 12.c4 / 14.x / 16.c4 18.sd"),
        ("34000000001", "Cy", None, "3s 9h", None, "fourth", 2.4, 0.0, True, None, "",
         "3.ante0.4 4.bi0.5 7.c1.5 / 9.f"),
        # Stud Hi/Lo: the high and the low pots, each awarded as the log writes it
        ("34000000002", "Ann", "Ah 2c 3d Kc 5h Ks 7d", "3d Kc 5h Ks", None, None, 12.4, 12.0,
         False, "7,5,3,2,A", "", "1.ante0.4 3.bi0.5 5.c1.5 / 7.c2 / 9.c4 / 10.x / 13.c4 15.sd"),
        ("34000000002", "Bob", "Qh Qd Qc Js 4s Th 6s", "Qc Js 4s Th", None, None, 12.4, 12.0,
         False, "three of a kind, Queens", "",
         "2.ante0.4 4.r2 / 6.b2 / 8.b4 / 11.x / 12.b4 14.sd"),
        # Razz: the high card brings in, the completion is not called (the rest returned);
        # neither's down cards are seen
        ("34000000003", "Dan", None, "Kd", None, "third", 0.07, 0.0, True, None, "",
         "1.ante0.02 3.bi0.05 5.f"),
        ("34000000003", "Eve", None, "2s", None, None, 0.07, 0.14, True, None, "",
         "2.ante0.02 4.r0.1 6.sd"),
        # 2-7 Triple Draw: each draw opens its street; Ann stands pat twice (dr0)
        ("34000000004", "Ann", "8d 7c 5d 3h 2s", None, "1 0 0", None, 0.8, 0.0, False,
         "8,7,5,3,2", "", "1.sb0.05 4.c0.05 / 6.dr1 8.x 10.c0.1 / 11.dr0 13.b0.2 / "
         "15.dr0 17.b0.2 19.c0.2 21.sd"),
        ("34000000004", "Bob", "7d 6s 4c 3d 2h", None, "2 1 1", None, 0.8, 1.52, False,
         "7,6,4,3,2", "", "2.bb0.1 5.x / 7.dr2 9.b0.1 / 12.dr1 14.c0.2 / 16.dr1 18.r0.4 20.sd"),
        ("34000000004", "Cy", None, None, "", "predraw", 0.0, 0.0, True, None, "", "3.f"),
        # Badugi heads-up, both standing pat on the last draw
        ("34000000005", "Dan", "5h 6c 7d 8s", None, "3 1 0", None, 0.3, 0.0, False,
         "a Badugi: 8, 7, 6, 5", "", "1.sb0.02 3.c0.03 / 5.dr3 8.c0.05 / 9.dr1 12.c0.1 / "
         "13.dr0 16.c0.1 18.sd"),
        ("34000000005", "Eve", "Ah 3s 2d 4c", None, "2 0 0", None, 0.3, 0.6, False,
         "a Badugi: 4, 3, 2, A", "", "2.bb0.05 4.x / 6.dr2 7.b0.05 / 10.dr0 11.b0.1 / "
         "14.dr0 15.b0.1 17.sd"),
    ]  # fmt: skip


def test_the_games_and_their_stakes() -> None:
    said = _log().rows.unique("round", maintain_order=True)
    columns = ["round", "variant", "bring_in", "small_bet", "big_bet", "small_blind"]
    columns += ["big_blind", "ante"]
    assert said.select(columns).rows() == [
        # stud has no blinds: the header's stakes are its two bets
        ("34000000001", "7 Card Stud", 0.5, 2.0, 4.0, None, None, 0.4),
        ("34000000002", "7 Card Stud Hi/Lo", 0.5, 2.0, 4.0, None, None, 0.4),
        ("34000000003", "Razz", 0.05, 0.1, 0.2, None, None, 0.02),
        # a limit draw game: the header's bets, the blinds as posted
        ("34000000004", "Triple Draw 2-7 Lowball", None, 0.1, 0.2, 0.05, 0.1, None),
        ("34000000005", "Badugi", None, 0.05, 0.1, 0.02, 0.05, None),
    ]


def test_an_unread_game_is_named_and_the_pots_agree() -> None:
    log = _log()
    assert log.issues.select("hand_id", "code", "value").rows() == [
        ("34000000006", "unsupported_variant", "Limit 5 Card Stud")
    ]
    issues, counts = audit_pots_with_counts(log)
    assert issues.height == 0
    assert (counts.showdowns, counts.pots_audited, counts.disagreements) == (4, 4, 0)


@pytest.mark.parametrize(
    "game", ["7 Card Stud", "7 Card Stud Hi/Lo", "Triple Draw 2-7 Lowball", "Badugi"]
)
def test_the_log_pays_the_hands_pokerkit_ranks_best(game: str) -> None:
    assert showdowns_paid_as_pokerkit_ranks(_log().rows, game) == 1
