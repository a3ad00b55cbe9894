"""Rolls per second: the vectorised Yatzy score card against a plain loop over the scalar oracle.

Run from the repository root: ``.venv/bin/python -m bench.yatzy``.  Every contender scores the
same random rolls (all 15 categories per roll) in this one process: ``score_card`` (a look-up in
a table built from face counts at first use), ``score_card_from_counts`` (the rules applied to
the rolls' counts directly) and a ``for`` loop over ``bench/yatzy_reference.reference_card`` on a
leading subsample (the ``n`` column).  Figures are medians of repeats; the ratio is
``score_card``'s rate over each contender's.  The table's one-off build time is printed last.
"""

from __future__ import annotations

import time

import numpy as np

from bench.timing import median_seconds
from bench.yatzy_reference import reference_card
from pipeline.core.yatzy import score_card, score_card_from_counts

N_ROLLS = 1_000_000
N_LOOP = 20_000
REPEATS = 7
LOOP_REPEATS = 3


def python_loop(rolls: list[list[int]]) -> list[list[int]]:
    return [reference_card(roll) for roll in rolls]


def main() -> None:
    rolls = np.random.default_rng(6).integers(1, 7, size=(N_ROLLS, 5), dtype=np.int64)
    start = time.perf_counter()
    score_card(rolls[:1])  # the first call builds the table: timed apart
    build = time.perf_counter() - start
    subsample = rolls[:N_LOOP]
    if not np.array_equal(score_card(subsample), python_loop(subsample.tolist())):
        msg = "score_card disagrees with the reference on the subsample"
        raise AssertionError(msg)

    contenders: list[tuple[str, int, float]] = [
        ("score_card", N_ROLLS, median_seconds(lambda: score_card(rolls), REPEATS)),
        (
            "score_card_from_counts",
            N_ROLLS,
            median_seconds(lambda: score_card_from_counts(rolls), REPEATS),
        ),
        (
            "python loop (reference)",
            N_LOOP,
            median_seconds(lambda: python_loop(subsample.tolist()), LOOP_REPEATS),
        ),
    ]
    ours = N_ROLLS / contenders[0][2]
    print(f"{'contender':<26}{'n':>11}{'median s':>10}{'rolls/s':>14}{'ratio':>9}")
    for name, n, seconds in contenders:
        rate = n / seconds
        print(f"{name:<26}{n:>11,}{seconds:>10.4f}{rate:>14,.0f}{ours / rate:>8.1f}x")
    print(f"table build at first use: {1000 * build:.1f} ms (7,776 rolls x 15 categories)")


if __name__ == "__main__":
    main()
