"""PokerStars' Razz, 2-7 Triple Draw and an 8-Game tournament's hands (Hold'em, then Stud
Hi/Lo) read by the text engine from PokerStars' declaration: our own sample of its grammar
(``tests/data/hand_histories/sites/pokerstars_stud_draw.txt``).  The compiled scanner reads
board games alone and hands these back: both paths give the same rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import HandLog
from pipeline.sources.pokerstars import read_pokerstars
from tests.sources.hand_histories.stud_draw_checks import showdowns_paid_as_pokerkit_ranks

SAMPLE = (
    Path(__file__).parents[1] / "data" / "hand_histories" / "sites" / "pokerstars_stud_draw.txt"
)


def _log(*, compiled: bool = True) -> HandLog:
    return read_pokerstars(SAMPLE.read_bytes(), SAMPLE.name, compiled=compiled)


def test_both_paths_read_the_same_rows() -> None:
    assert _log().rows.equals(_log(compiled=False).rows)


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.issues.height == 0
    columns = ["round", "player", "variant", "hole", "up_cards", "draws", "folded_street"]
    columns += ["put_in", "won", "bring_in", "small_bet", "big_bet", "small_blind", "actions"]
    assert log.rows.select(columns).rows() == [
        # Razz: Ann brings in and folds on fourth street; Bob's down cards shown in their places
        ("40000000001", "Ann", "Razz Limit", None, "Qc 8s", None, "fourth", 0.05, 0.0, 0.02,
         0.04, 0.08, None, "1.ante0.01 4.bi0.02 7.c0.02 / 11.f"),
        ("40000000001", "Bob", "Razz Limit", "8d 4h 6h 7h 5s Jh Tc", "6h 7h 5s Jh", None, None,
         0.33, 0.0, 0.02, 0.04, 0.08, None,
         "2.ante0.01 5.c0.02 8.c0.02 / 9.b0.04 / 12.b0.08 / 15.c0.08 / 17.c0.08 19.sd"),
        ("40000000001", "Cy", "Razz Limit", "2d 4c 3s Kh 6c Ad 9c", "3s Kh 6c Ad", None, None,
         0.33, 0.68, 0.02, 0.04, 0.08, None,
         "3.ante0.01 6.r0.04 / 10.c0.04 / 13.c0.08 / 14.b0.08 / 16.b0.08 18.sd"),
        # 2-7 Triple Draw: a discard, then two stands pat ("stands pat on [...]")
        ("40000000002", "Dee", "Triple Draw 2-7 Lowball Limit", "9h 6s 5c 4h 2d", None, "2 1 0",
         None, 0.4, 0.0, None, 0.1, 0.2, 0.05,
         "3.c0.1 / 8.dr2 11.b0.1 / 15.dr1 17.b0.2 / 20.dr0 22.x 24.sd"),
        ("40000000002", "Eve", "Triple Draw 2-7 Lowball Limit", "8s 4d 3s 2c 7h", None, "1 0 0",
         None, 0.4, 0.87, None, 0.1, 0.2, 0.05,
         "1.sb0.05 4.c0.05 / 6.dr1 9.x 12.c0.1 / 14.dr0 16.x 18.c0.2 / 19.dr0 21.x 23.sd"),
        ("40000000002", "Finn", "Triple Draw 2-7 Lowball Limit", None, None, "3", "draw1", 0.1,
         0.0, None, 0.1, 0.2, 0.05, "2.bb0.1 5.x / 7.dr3 10.x 13.f"),
        # an 8-Game tournament: a Hold'em hand, then a Stud Hi/Lo one split high and low
        ("40000000003", "Ann", "Hold'em Limit", "Ah Kh", None, None, None, 20.0, 40.0, None,
         None, None, 20.0, "1.sb10 3.r40"),
        ("40000000003", "Bob", "Hold'em Limit", None, None, None, "preflop", 20.0, 0.0, None,
         None, None, 20.0, "2.bb20 4.f"),
        ("40000000004", "Ann", "7 Card Stud Hi/Lo Limit", "Ah 2c 3d Kc 5h Ks 7d", "3d Kc 5h Ks",
         None, None, 125.0, 125.0, 10.0, 20.0, 40.0, None,
         "1.ante5 3.bi10 5.c10 / 7.c20 / 9.c40 / 10.x / 13.c40 15.sd"),
        ("40000000004", "Bob", "7 Card Stud Hi/Lo Limit", "Qh Qd Qc Js 4s Th 6s", "Qc Js 4s Th",
         None, None, 125.0, 125.0, 10.0, 20.0, 40.0, None,
         "2.ante5 4.r20 / 6.b20 / 8.b40 / 11.x / 12.b40 14.sd"),
    ]  # fmt: skip


def test_the_pots_agree() -> None:
    issues, counts = audit_pots_with_counts(_log())
    assert issues.height == 0
    assert (counts.showdowns, counts.pots_audited, counts.disagreements) == (3, 3, 0)


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("Razz", "Razz Limit"),
        ("Triple Draw 2-7 Lowball", "Triple Draw 2-7 Lowball Limit"),
        ("7 Card Stud Hi/Lo", "7 Card Stud Hi/Lo Limit"),
    ],
)
def test_the_log_pays_the_hands_pokerkit_ranks_best(game: str, words: str) -> None:
    rows = _log().rows.with_columns(variant=_log().rows["variant"].replace(words, game))
    assert showdowns_paid_as_pokerkit_ranks(rows, game) == 1
