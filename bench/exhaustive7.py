"""Score every one of the 133,784,560 seven-card hands and check the known counts.

Run: ``.venv/bin/python -m bench.exhaustive7``.  Hands are made in blocks, never all at once: for
each pair of lowest cards ``a < b`` the block is ``[a, b]`` followed by every five-card set of
higher cards, which is a suffix of the five-card sets in lexicographic order.  The largest block
is 2,118,760 hands (15 MB of card ids).  Prints the strength and category counts, the expected
ones, the runtime, and exits 1 on any difference.
"""

from __future__ import annotations

import itertools
import sys
import time

import numpy as np
from numpy.typing import NDArray

from pipeline.core.evaluation.evaluator import CATEGORY_NAMES, N_STRENGTHS, category, evaluate

N_SEVEN_CARD_HANDS = 133_784_560
N_SEVEN_CARD_STRENGTHS = 4_824
EXPECTED_CATEGORY_COUNTS = (
    23_294_460,  # high card
    58_627_800,  # pair
    31_433_400,  # two pair
    6_461_620,  # three of a kind
    6_180_020,  # straight
    4_047_644,  # flush
    3_473_184,  # full house
    224_848,  # four of a kind
    37_260,  # straight flush, not royal
    4_324,  # royal flush
)


def strength_counts() -> NDArray[np.int64]:
    """How many seven-card hands have each strength: a ``(7462,)`` array summing to 133,784,560."""
    fives = np.fromiter(
        itertools.combinations(range(52), 5), dtype=np.dtype((np.uint8, 5)), count=2_598_960
    )
    # fives[first_at[c]:] are the five-card sets whose lowest card is c or higher.
    first_at = np.searchsorted(fives[:, 0], np.arange(53))
    counts = np.zeros(N_STRENGTHS, dtype=np.int64)
    for low, second in itertools.combinations(range(52), 2):
        rest = fives[first_at[second + 1] :]
        if not len(rest):
            continue
        hands = np.empty((len(rest), 7), dtype=np.uint8)
        hands[:, 0] = low
        hands[:, 1] = second
        hands[:, 2:] = rest
        counts += np.bincount(evaluate(hands, check=False), minlength=N_STRENGTHS)
    return counts


def main() -> int:
    start = time.perf_counter()
    counts = strength_counts()
    seconds = time.perf_counter() - start
    by_category = np.bincount(category(np.arange(N_STRENGTHS)), weights=counts, minlength=10)
    category_counts = tuple(int(count) for count in by_category)
    distinct = int(np.count_nonzero(counts))
    total = int(counts.sum())
    print(f"hands               {total:>12,}  (expected {N_SEVEN_CARD_HANDS:,})")
    print(f"distinct strengths  {distinct:>12,}  (expected {N_SEVEN_CARD_STRENGTHS:,})")
    for name, count, expected in zip(
        CATEGORY_NAMES, category_counts, EXPECTED_CATEGORY_COUNTS, strict=True
    ):
        mark = "" if count == expected else f"  MISMATCH, expected {expected:,}"
        print(f"{name:<20}{count:>12,}{mark}")
    print(f"time                {seconds:>12.1f} s  ({total / seconds / 1e6:.0f} M hands/s)")
    ok = (
        total == N_SEVEN_CARD_HANDS
        and distinct == N_SEVEN_CARD_STRENGTHS
        and category_counts == EXPECTED_CATEGORY_COUNTS
    )
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
