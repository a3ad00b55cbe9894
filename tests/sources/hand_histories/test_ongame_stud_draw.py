"""Ongame's Stud and 5 Card Draw read by the text engine: our own sample of its grammar
(``tests/data/hand_histories/sites/ongame_stud_draw.txt``).  Ongame deals stud as ``[-, -,
Kd]`` then a card a line (``Dealing river`` the seventh), writes a draw with no line before it
(``Ann changed 2 cards``, then ``New hand for Ann``) and the cards shown in the summary alone.
pokerkit's Ongame parser reads No Limit Hold'em alone: the showdowns are checked against its
evaluators."""

from __future__ import annotations

import pytest

from pipeline.records import HandLog
from pipeline.sources.hand_histories.sites.text.ongame import ONGAME
from tests.sources.hand_histories.stud_draw_checks import (
    audited,
    sample_log,
    showdowns_paid_as_pokerkit_ranks,
)


def _log() -> HandLog:
    return sample_log(ONGAME, "ongame_stud_draw.txt")


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.issues.height == 0
    columns = ["player", "variant", "hole", "up_cards", "draws", "folded_street", "put_in"]
    columns += ["won", "bring_in", "small_bet", "big_bet", "small_blind", "actions"]
    assert log.rows.select(columns).rows() == [
        # Stud: Bob's down cards, shown in the summary, in their places (two first, one last)
        ("Ann", "7 Card Stud", "Jh 9d Ac 7h Js 5c 9h", "Ac 7h Js 5c", None, None, 0.62, 1.3,
         0.05, 0.1, 0.2, None, "1.ante0.02 6.r0.1 / 9.b0.1 / 12.b0.2 / 14.x / 16.b0.2"),
        ("Bob", "7 Card Stud", "Qc Qd 3h 9s 8s Kh 2d", "3h 9s 8s Kh", None, None, 0.62, 0.0,
         0.05, 0.1, 0.2, None, "2.ante0.02 4.bi0.05 7.c0.05 / 10.c0.1 / 13.c0.2 / 15.x / 17.c0.2"),
        ("Cy", "7 Card Stud", None, "Kd 2c", None, "fourth", 0.12, 0.0, 0.05, 0.1, 0.2, None,
         "3.ante0.02 5.c0.05 8.c0.05 / 11.f"),
        # 5 Card Draw: the draw opens its street though no line says so; Bob stands pat
        ("Ann", "5 Card Draw", "8h 9h 6s Ah Jh", None, "2", None, 0.15, 0.0, None, 0.05, 0.1,
         0.02, "2.bb0.05 4.x / 5.dr2 7.x 9.c0.1"),
        ("Bob", "5 Card Draw", "2c Ac Td As Qc", None, "0", None, 0.15, 0.29, None, 0.05, 0.1,
         0.02, "1.sb0.02 3.c0.03 / 6.dr0 8.b0.1"),
    ]  # fmt: skip


def test_the_pots_and_names_agree() -> None:
    assert audited(_log()) == (2, 0, 4)


@pytest.mark.parametrize("game", ["7 Card Stud", "5 Card Draw"])
def test_the_log_pays_the_hands_pokerkit_ranks_best(game: str) -> None:
    assert showdowns_paid_as_pokerkit_ranks(_log().rows, game) == 1
