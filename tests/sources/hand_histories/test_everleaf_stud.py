"""Everleaf's 7 Card Stud read by the text engine: our own sample of its grammar
(``tests/data/hand_histories/sites/everleaf_stud.txt``).  Everleaf's newer logs deal a card a
line (``Dealt to Bob [ Kh ].``: an opponent's up card, the hero's three on third street) and
name the streets ``** Dealing 4th Street **`` to ``** Dealing River **``; the older ones deal
no card and write ``**** dealing 4th street ****``.  ``posts bring-in $0.02.``, ``completes to
$0.05.`` (the street total), a raise by what it adds.  A show line may write the hero's cards
out of the order dealt (the river card first): ``hole`` keeps the order dealt."""

from __future__ import annotations

from pipeline.records import HandLog
from pipeline.sources.hand_histories.sites.text.everleaf import EVERLEAF
from tests.sources.hand_histories.stud_draw_checks import (
    audited,
    sample_log,
    showdowns_paid_as_pokerkit_ranks,
)


def _log() -> HandLog:
    return sample_log(EVERLEAF, "everleaf_stud.txt")


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.issues.height == 0
    columns = ["hand_id", "player", "variant", "currency", "hole", "up_cards", "folded_street"]
    columns += ["put_in", "won", "bring_in", "small_bet", "big_bet", "ante", "actions"]
    assert log.rows.select(columns).rows() == [
        # the hero's cards in the order dealt, though shown river card first
        ("900000001", "Ann", "7 Card Stud", "EUR", "2c 3d 4h 5s 8c Tc 6d", "4h 5s 8c Tc", None,
         0.26, 0.53, 0.02, 0.05, 0.1, 0.01,
         "1.ante0.01 4.bi0.02 7.c0.03 / 9.r0.1 / 12.c0.1 / 14.x / 16.x 17.sd"),
        # the down cards shown fill the places the up cards left
        ("900000001", "Bob", "7 Card Stud", "EUR", "Qs Qh Kh Kd Jc 7d 3s", "Kh Kd Jc 7d", None,
         0.26, 0.0, 0.02, 0.05, 0.1, 0.01,
         "2.ante0.01 5.r0.05 / 8.b0.05 10.c0.05 / 11.b0.1 / 13.x / 15.x 18.sd"),
        ("900000001", "Cy", "7 Card Stud", "EUR", None, "9s", "third", 0.01, 0.0, 0.02, 0.05,
         0.1, 0.01, "3.ante0.01 6.f"),
        # the older logs deal no card a line: neither column is known
        ("900000002", "Dee", "7 Card Stud", "USD", None, None, "third", 0.01, 0.0, 0.02, 0.05,
         0.1, 0.01, "1.ante0.01 6.f"),
        ("900000002", "Eve", "7 Card Stud", "USD", None, None, "fourth", 0.06, 0.0, 0.02, 0.05,
         0.1, 0.01, "2.ante0.01 4.bi0.02 7.c0.03 / 8.x 10.f"),
        ("900000002", "Fay", "7 Card Stud", "USD", None, None, None, 0.06, 0.13, 0.02, 0.05,
         0.1, 0.01, "3.ante0.01 5.r0.05 / 9.b0.05"),
    ]  # fmt: skip


def test_the_showdown_agrees_with_the_replay_and_pokerkit() -> None:
    assert audited(_log()) == (1, 0, 2)
    assert showdowns_paid_as_pokerkit_ranks(_log().rows, "7 Card Stud") == 1
