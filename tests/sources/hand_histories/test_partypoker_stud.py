"""PartyPoker's Stud Hi/Lo read by the text engine: our own sample of its grammar
(``tests/data/hand_histories/sites/partypoker_stud.txt``).  PartyPoker writes the player's own
new card each street (no one else's up cards), ``** Dealing River **`` for seventh street, a
bring-in and a completion by what they add, and the low half as ``wins Lo ($64 USD)``.
pokerkit's PartyPoker parser reads No Limit Hold'em alone: the showdown is checked against its
evaluators."""

from __future__ import annotations

from pipeline.records import HandLog
from pipeline.sources.hand_histories.sites.text.partypoker import PARTYPOKER
from tests.sources.hand_histories.stud_draw_checks import (
    audited,
    sample_log,
    showdowns_paid_as_pokerkit_ranks,
)


def _log() -> HandLog:
    return sample_log(PARTYPOKER, "partypoker_stud.txt")


def test_every_row_of_the_sample() -> None:
    log = _log()
    assert log.issues.height == 0
    columns = ["player", "variant", "hole", "up_cards", "folded_street", "put_in", "won"]
    columns += ["bring_in", "small_bet", "big_bet", "small_blind", "ante", "actions"]
    assert log.rows.select(columns).rows() == [
        # no blinds are posted in stud (none made up); the hero's cards street by street
        ("Ann", "7 Card Stud Hi/Lo", "Ah 2c 3d Kc 5h Ks 7d", "3d Kc 5h Ks", None, 61.0, 64.0,
         3.0, 10.0, 20.0, None, 1.0, "1.ante1 4.bi3 7.c7 / 10.c10 / 12.c20 / 13.x / 16.c20 18.sd"),
        ("Bob", "7 Card Stud Hi/Lo", "Qh Qd Qc Js 4s Th 6s", "Qc Js 4s Th", None, 61.0, 64.0,
         3.0, 10.0, 20.0, None, 1.0, "2.ante1 5.r10 / 8.b10 / 11.b20 / 14.x / 15.b20 17.sd"),
        # another player's up cards are not written: neither column is known
        ("Cy", "7 Card Stud Hi/Lo", None, None, "fourth", 11.0, 0.0, 3.0, 10.0, 20.0, None, 1.0,
         "3.ante1 6.c10 / 9.f"),
    ]  # fmt: skip


def test_the_halves_agree_with_the_replay_and_pokerkit() -> None:
    assert audited(_log()) == (1, 0, 2)
    assert showdowns_paid_as_pokerkit_ranks(_log().rows, "7 Card Stud Hi/Lo") == 1
