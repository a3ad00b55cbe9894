"""Acceptance: every Project Euler 54 deal through ``pipeline compare``'s verdict.

The 1,000 deals (``../shared/corpora/euler54/p054_poker.txt``, third-party data read in place,
never copied; skipped when absent) are each given to
:func:`pipeline.games.poker.kata_compare.verdict` and to the readable reference in
``tests/games/verdict_reference.py``, which shares nothing with the code but the card ids. Every
verdict must be worded as the reference words it, and player 1 must win the known 376.
(This was ``bench/kata_verdicts.py``: a check, not a measurement, and the bench stands on the
package alone.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.core.cards import parse_card
from pipeline.games.poker.kata_compare import verdict
from tests.games.verdict_reference import reference_verdict

EULER = Path(__file__).resolve().parents[3] / "shared" / "corpora" / "euler54" / "p054_poker.txt"
KNOWN_PLAYER_ONE_WINS = 376


def test_every_euler_54_deal_is_worded_as_the_reference_words_it() -> None:
    if not EULER.is_file():
        pytest.skip(f"{EULER} is absent (a clone without the public corpora)")
    deals = [deal for deal in EULER.read_text().split("\n") if deal.strip()]
    assert len(deals) == 1_000
    disagreements: list[str] = []
    player_one = 0
    for deal in deals:
        cards = deal.split()
        line = f"P1: {' '.join(cards[:5])}  P2: {' '.join(cards[5:])}"
        ours = verdict(line)
        hands = [
            ("P1", [parse_card(c) for c in cards[:5]]),
            ("P2", [parse_card(c) for c in cards[5:]]),
        ]
        expected = reference_verdict(hands)
        if ours != expected:
            disagreements.append(f"{line}: ours {ours!r}, reference {expected!r}")
        player_one += ours.startswith("P1 wins.")
    assert not disagreements, disagreements[:10]
    assert player_one == KNOWN_PLAYER_ONE_WINS
