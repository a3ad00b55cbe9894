"""Acceptance: every Project Euler 54 deal through ``pipeline compare``'s verdict.

Run from the repository root: ``.venv/bin/python -m bench.kata_verdicts``.  The 1,000 deals
(``../shared/corpora/euler54/p054_poker.txt``, third-party data read in place, never copied; the
script says so and stops when it is absent) are each given to
:func:`pipeline.games.five_card.compare.verdict` and to the readable reference in
``tests/games/verdict_reference.py``, which shares nothing with the code but the card ids.  It
prints how many verdicts agree word for word, the known answer (player 1 wins 376), and how many
were decided by a kicker beside a tied made hand, with the first few of those.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pipeline.core.cards import parse_card
from pipeline.games.five_card.compare import verdict
from tests.games.verdict_reference import reference_verdict

EULER = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "euler54"
KNOWN_PLAYER_ONE_WINS = 376


def main() -> int:
    path = EULER / "p054_poker.txt"
    if not path.is_file():
        print(f"skipped: {path} is absent (a clone without the public corpora)")
        return 0
    agree = player_one = kicker = 0
    disagreements: list[str] = []
    kicker_examples: list[str] = []
    deals = path.read_text().split("\n")
    deals = [deal for deal in deals if deal.strip()]
    for deal in deals:
        cards = deal.split()
        line = f"P1: {' '.join(cards[:5])}  P2: {' '.join(cards[5:])}"
        ours = verdict(line)
        hands = [
            ("P1", [parse_card(c) for c in cards[:5]]),
            ("P2", [parse_card(c) for c in cards[5:]]),
        ]
        expected = reference_verdict(hands)
        if ours == expected:
            agree += 1
        else:
            disagreements.append(f"{line}: ours {ours!r}, reference {expected!r}")
        player_one += ours.startswith("P1 wins.")
        if "(tied on " in ours:
            kicker += 1
            if len(kicker_examples) < 5:
                kicker_examples.append(f"{line} -> {ours}")
    print(f"deals: {len(deals):,}; verdicts worded as the reference words them: {agree:,}")
    print(f"player 1 wins: {player_one} (known answer {KNOWN_PLAYER_ONE_WINS})")
    print(f"decided by a kicker beside tied made hands: {kicker}")
    for example in kicker_examples:
        print(f"  {example}")
    for disagreement in disagreements[:10]:
        print(f"DISAGREES: {disagreement}")
    return 0 if agree == len(deals) and player_one == KNOWN_PLAYER_ONE_WINS else 1


if __name__ == "__main__":
    sys.exit(main())
