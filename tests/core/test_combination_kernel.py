"""Omaha-style strengths through the compiled loop (``combination_strengths`` in
``pipeline/core/kernel/_kernel.c``) against the numpy path it speeds up.

The numpy path is the reference (``tests/core/test_combination.py`` checks it, and through
:func:`evaluate_combination` whichever path runs, against the scalar reference, pokerkit and
phevaluator).  Here: the same strength on every row of every shape and ranking, the same
strengths for any bytes (both clip their look-ups the same way, so even garbage agrees, and the
loop never reads out of bounds), and arguments that do not fit refused.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from numpy.typing import NDArray

from pipeline.core.evaluation import combination
from pipeline.core.evaluation.combination_tables import (
    SUM_MASK,
    board_words,
    flush_part_table,
    multiset_of_sum,
    part_code_width,
    part_strength_table,
    suit_tables,
)
from pipeline.core.evaluation.evaluator import category_names
from pipeline.core.kernel import compiled_kernel
from pipeline.core.rules import (
    SHORT_DECK,
    SHORT_DECK_STRAIGHT_OVER_TRIPS,
    STANDARD,
    HandRanking,
)

COMPILED = compiled_kernel()
pytestmark = pytest.mark.skipif(COMPILED is None, reason="the C loop is not built here")


def _both(
    holes: NDArray[np.uint8], boards: NDArray[np.uint8], used: int, ranking: HandRanking
) -> tuple[NDArray[np.uint16], NDArray[np.uint16]]:
    assert COMPILED is not None
    compiled = combination._evaluate_compiled(COMPILED, holes, boards, used, ranking)
    return compiled, combination._evaluate_numpy(holes, boards, used, ranking)


def _random_deals(
    seed: int, n: int, hole: int, board: int, deck: int
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    rng = np.random.default_rng(seed)
    cards = (np.argsort(rng.random((n, deck)), axis=1)[:, : hole + board] + 52 - deck).astype(
        np.uint8
    )
    return np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])


@pytest.mark.parametrize(
    ("hole", "board", "used"),
    [(4, 5, 2), (4, 4, 2), (4, 3, 2), (5, 5, 2), (6, 5, 2), (2, 5, 2), (4, 5, 1), (3, 4, 1)],
    ids=["plo", "turn", "flop", "plo5", "plo6", "two-hole", "one-hole", "one-of-three-turn"],
)
@pytest.mark.parametrize(
    ("ranking", "deck"),
    [(STANDARD, 52), (SHORT_DECK, 36), (SHORT_DECK_STRAIGHT_OVER_TRIPS, 36)],
    ids=["standard", "short", "short-straight-over-trips"],
)
def test_every_row_scores_as_the_numpy_path(
    hole: int, board: int, used: int, ranking: HandRanking, deck: int
) -> None:
    """Blocks of 4,096 rows plus a partial one; flushes are about 7% of PLO rows."""
    holes, boards = _random_deals(hole * 100 + board * 10 + used, 20_000, hole, board, deck)
    compiled, numpy_path = _both(holes, boards, used, ranking)
    differ = np.flatnonzero(compiled != numpy_path)
    assert differ.size == 0, (
        f"hole {holes[differ[0]].tolist()} board {boards[differ[0]].tolist()}: "
        f"C {compiled[differ[0]]}, numpy {numpy_path[differ[0]]}"
    )


def test_flush_rows_are_many_and_score_alike() -> None:
    """Deals from one suit and a few ranks: nearly every row flushes, and ties of suits."""
    rng = np.random.default_rng(7)
    hearts = np.arange(2, 52, 4, dtype=np.uint8)  # 2h..Ah
    cards = np.array([rng.permutation(hearts)[:9] for _ in range(3_000)], dtype=np.uint8)
    cards[::3, 0] -= 1  # a diamond in some holes: that row's hole has three hearts
    holes, boards = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
    compiled, numpy_path = _both(holes, boards, 2, STANDARD)
    assert set(category_names(compiled)) <= {"Flush", "Straight Flush", "Royal Flush"}
    assert (compiled == numpy_path).all()


@settings(max_examples=200, deadline=None)
@given(
    hnp.arrays(
        np.uint8,
        st.tuples(st.integers(0, 40), st.integers(9, 11)),
        elements=st.one_of(st.integers(0, 51), st.integers(0, 255)),
    ),
    st.sampled_from([(2, 4), (1, 3), (2, 3), (2, 6)]),
)
def test_any_bytes_get_the_same_strengths(
    cards: NDArray[np.uint8], used_and_hole: tuple[int, int]
) -> None:
    """Repeats and ids up to 255 (what ``check=False`` trusts): no crash, no read out of
    bounds (the tables are small enough that a stray read would show as a difference or a
    fault), and the numpy path's answer."""
    used, hole = used_and_hole
    board = min(5, cards.shape[1] - hole)
    holes = np.ascontiguousarray(cards[:, :hole])
    boards = np.ascontiguousarray(cards[:, hole : hole + board])
    compiled, numpy_path = _both(holes, boards, used, STANDARD)
    assert (compiled == numpy_path).all()


def test_the_loop_refuses_arguments_that_do_not_fit() -> None:
    assert COMPILED is not None
    holes, boards = _random_deals(1, 10, 4, 5, 52)
    suits = suit_tables(2)
    flush_table, row_of = flush_part_table(STANDARD, 2)
    arguments = [
        holes,
        4,
        boards,
        5,
        10,
        2,
        part_strength_table(STANDARD, 2, 5),
        part_code_width(2),
        board_words(),
        SUM_MASK,
        multiset_of_sum(5),
        suits.suit_field,
        suits.board_suits,
        suits.hole_suits,
        suits.suit_rank_bit,
        suits.lowest_suit,
        flush_table,
        row_of,
        np.empty(10, dtype=np.uint16),
    ]
    COMPILED.combination_strengths(*arguments)  # as given, fine
    for position, value, message in [
        (4, 11, "expected 11 rows"),
        (5, 3, "cannot use exactly 3 of 4"),
        (3, 2, "cannot use exactly 2 of 4 hole cards and 3 of 2"),
        (1, 16, "cannot use exactly 2 of 16"),
        (13, suits.hole_suits[:1000], "hole_suits"),
        (17, row_of[:100], "row_of"),
        (18, np.empty(9, dtype=np.uint16), "out"),
        (16, flush_table[:0], "must not be empty"),
    ]:
        changed = list(arguments)
        changed[position] = value
        with pytest.raises(ValueError, match=message):
            COMPILED.combination_strengths(*changed)
