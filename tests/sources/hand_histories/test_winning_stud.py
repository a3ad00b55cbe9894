"""Winning's Stud Hi/Lo read by the text engine: our own sample of its older grammar
(``tests/data/hand_histories/sites/winning_stud.txt``), where each card is dealt on a line of
its own (``received a card.`` for one not shown), the third street's before any street line,
``*** Third street ***`` dealing the fourth card, and the cards shown in the summary."""

from __future__ import annotations

from pipeline.records import HandLog
from pipeline.sources.hand_histories.sites.text.winning import WINNING
from tests.sources.hand_histories.stud_draw_checks import (
    audited,
    sample_log,
    showdowns_paid_as_pokerkit_ranks,
)


def _log() -> HandLog:
    return sample_log(WINNING, "winning_stud.txt")


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.issues.height == 0
    columns = ["player", "variant", "hole", "up_cards", "folded_street", "put_in", "won"]
    columns += ["bring_in", "small_bet", "big_bet", "stated_hand", "actions"]
    assert log.rows.select(columns).rows() == [
        # Ann's two down cards are dealt unseen, her up card seen
        ("Ann", "7 Card Stud Hi/Lo", None, "Kh", "third", 0.15, 0.0, 0.4, 1.0, 2.0, None,
         "1.ante0.15 6.f"),
        ("Bob", "7 Card Stud Hi/Lo", "6h Td 2c As 7d 4d 9s", "2c As 7d 4d", None, 3.55, 3.53,
         0.4, 1.0, 2.0, "High card A", "2.ante0.15 4.bi0.4 / 7.b1 / 9.x / 12.x / 14.c2"),
        # the seventh card unseen until the summary shows all seven
        ("Cy", "7 Card Stud Hi/Lo", "5d 3d 3s 6s 8s 8h Ad", "3s 6s 8s 8h", None, 3.55, 3.52,
         0.4, 1.0, 2.0, "Two pairs. 8s and 3s", "3.ante0.15 5.c0.4 / 8.c1 / 10.x / 11.x / 13.b2"),
    ]  # fmt: skip


def test_the_halves_agree_with_the_replay_and_pokerkit() -> None:
    assert audited(_log()) == (1, 0, 2)
    assert showdowns_paid_as_pokerkit_ranks(_log().rows, "7 Card Stud Hi/Lo") == 1
