"""KingsClub's Razz and draw games read by the text engine: our own sample of its grammar
(``tests/data/hand_histories/sites/kingsclub_stud_draw.txt``).  KingsClub names a stud street by
the one whose betting ends (``*** 3RD STREET ***`` deals the fourth card), writes an opponent's
down cards ``[X X 4c]``, ``brings in for 10`` and completes with ``bets 40`` (a raise to 40);
a draw game's ``*** 1ST DRAW ***`` opens a street its ``*** 2ND BETTING ROUND ***`` goes on
with, ``draws 2``, ``stands pat``, the hero's ``discards [Ts Jh] draws [3c 7c]``.  A draw run
twice (``Run 1: Gus shows [...]``) is left out, named."""

from __future__ import annotations

from pipeline.records import HandLog
from pipeline.sources.hand_histories.sites.text.kingsclub import KINGSCLUB
from tests.sources.hand_histories.stud_draw_checks import (
    audited,
    sample_log,
    showdowns_paid_as_pokerkit_ranks,
)


def _log() -> HandLog:
    return sample_log(KINGSCLUB, "kingsclub_stud_draw.txt")


def test_every_row_of_the_sample() -> None:
    log = _log()
    columns = ["hand_id", "player", "variant", "hole", "up_cards", "draws", "folded_street"]
    columns += ["put_in", "won", "bring_in", "small_bet", "big_bet", "small_blind", "actions"]
    assert log.rows.select(columns).rows() == [
        # an opponent's down cards, shown, fill the places their up cards left
        ("900001", "Ann", "Razz", "9h 6d 4c Kd 7s Qc 2d", "4c Kd 7s Qc", None, None, 250.0, 0.0,
         10.0, 40.0, 80.0, None, "1.ante10 5.r40 / 9.c40 / 11.c80 / 13.x / 15.c80 17.sd"),
        ("900001", "Bob", "Razz", "Ah 2c 3d 5h 8d Js 6c", "3d 5h 8d Js", None, None, 250.0,
         520.0, 10.0, 40.0, 80.0, None, "2.ante10 6.c40 / 8.b40 / 10.b80 / 12.x / 14.b80 16.sd"),
        ("900001", "Cy", "Razz", None, "Ks", None, "third", 20.0, 0.0, 10.0, 40.0, 80.0, None,
         "3.ante10 4.bi10 7.f"),
        # the blinds posted; the header's stakes are the bets
        ("900002", "Dee", "Triple Draw 2-7 Lowball", "4h 7s 2h 8d 5s", None, "2 1 0", None,
         200.0, 400.0, None, 40.0, 80.0, 20.0,
         "1.sb20 3.r80 / 6.dr2 8.c40 / 10.dr1 12.b80 / 15.dr0 17.x 19.sd"),
        ("900002", "Eve", "Triple Draw 2-7 Lowball", "7c 8h 3c 4c 6h", None, "2 0 0", None,
         200.0, 0.0, None, 40.0, 80.0, 20.0,
         "2.bb40 4.c40 / 5.dr2 7.b40 / 9.dr0 11.x 13.c80 / 14.dr0 16.x 18.sd"),
    ]  # fmt: skip
    assert log.issues.select("hand_id", "code").rows() == [("900003", "run_it_twice")]


def test_the_showdowns_agree_with_the_replay_and_pokerkit() -> None:
    assert audited(_log()) == (2, 0, 0)
    assert showdowns_paid_as_pokerkit_ranks(_log().rows, "Razz") == 1
    assert showdowns_paid_as_pokerkit_ranks(_log().rows, "Triple Draw 2-7 Lowball") == 1
