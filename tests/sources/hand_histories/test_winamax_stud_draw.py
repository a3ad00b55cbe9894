"""Winamax's Stud Hi/Lo, Razz and 2-7 Triple Draw hands read by the text engine: our own
sample of its grammar (``tests/data/hand_histories/sites/winamax_stud_draw.txt``: one table of
an 8-Game rotation, each hand under its own game), every row stated, the pots audited, each
showdown's winners as pokerkit's evaluators rank them.  Winamax writes the cards it does not
show as ``X`` and the stud streets' cards as the whole hand so far."""

from __future__ import annotations

import polars as pl
import pytest

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import HandLog
from pipeline.sources.hand_histories.sites.text.winamax import WINAMAX
from tests.sources.hand_histories.stud_draw_checks import (
    sample_log,
    showdowns_paid_as_pokerkit_ranks,
)


def _log() -> HandLog:
    return sample_log(WINAMAX, "winamax_stud_draw.txt")


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.issues.height == 0
    columns = ["player", "variant", "hole", "up_cards", "draws", "folded_street", "put_in"]
    columns += ["won", "bring_in", "small_bet", "big_bet", "small_blind", "big_blind", "actions"]
    assert log.rows.select(columns).rows() == [
        # Razz: the opponents' down cards (X) unseen until shown, then in their places
        ("Ann", "Razz", "4s Ad 2d Qh 3s 5c 9h", "2d Qh 3s 5c", None, None, 155.0, 322.0, 10.0,
         25.0, 50.0, None, None, "1.ante5 6.c25 / 9.c25 / 11.c50 / 12.b50 / 14.x 16.sd"),
        ("Bob", "Razz", None, "Kh", None, "third", 15.0, 0.0, 10.0, 25.0, 50.0, None, None,
         "2.ante5 4.bi10 7.f"),
        ("Cy", "Razz", "8c 2h 3c 6h 7d Kd Tc", "3c 6h 7d Kd", None, None, 155.0, 0.0, 10.0,
         25.0, 50.0, None, None, "3.ante5 5.r25 / 8.b25 / 10.b50 / 13.c50 / 15.x 17.sd"),
        # Stud Hi/Lo: the pot(HI) and the pot(LO); Cy folds on fourth street
        ("Ann", "7 Card Stud Hi/Lo", "Ah 2c 3d Kc 5h Ks 7d", "3d Kc 5h Ks", None, None, 155.0,
         169.0, 10.0, 25.0, 50.0, None, None,
         "1.ante5 4.bi10 7.c15 / 10.c25 / 12.c50 / 13.x / 16.c50 18.sd"),
        ("Bob", "7 Card Stud Hi/Lo", "Qh Qd Qc Js 4s Th 6s", "Qc Js 4s Th", None, None, 155.0,
         169.0, 10.0, 25.0, 50.0, None, None,
         "2.ante5 5.r25 / 8.b25 / 11.b50 / 14.x / 15.b50 17.sd"),
        ("Cy", "7 Card Stud Hi/Lo", None, "9s 9d", None, "fourth", 30.0, 0.0, 10.0, 25.0, 50.0,
         None, None, "3.ante5 6.c25 / 9.f"),
        # 2-7 Triple Draw: a discard, then two stands pat
        ("Ann", "Triple Draw 2-7 Lowball", "2h 8c 7c 3s 4d", None, "1 0 0", None, 150.0, 297.0,
         None, 25.0, 50.0, 12.5, 25.0,
         "2.bb25 4.x / 5.dr1 7.x 9.c25 / 10.dr0 12.b50 / 14.dr0 16.b50 18.sd"),
        ("Bob", "Triple Draw 2-7 Lowball", "9d 6s 5c 4h 2c", None, "2 1 0", None, 150.0, 0.0,
         None, 25.0, 50.0, 12.5, 25.0,
         "1.sb12.5 3.c12.5 / 6.dr2 8.b25 / 11.dr1 13.c50 / 15.dr0 17.c50 19.sd"),
    ]  # fmt: skip


def test_the_pots_agree() -> None:
    issues, counts = audit_pots_with_counts(_log())
    assert issues.height == 0
    assert (counts.showdowns, counts.pots_audited, counts.disagreements) == (3, 3, 0)


@pytest.mark.parametrize("game", ["Razz", "7 Card Stud Hi/Lo", "Triple Draw 2-7 Lowball"])
def test_the_log_pays_the_hands_pokerkit_ranks_best(game: str) -> None:
    assert showdowns_paid_as_pokerkit_ranks(_log().rows, game) == 1


def test_a_placeholder_is_no_card() -> None:
    rows = _log().rows
    assert not rows.filter(pl.col("hole").str.contains("X")).height
