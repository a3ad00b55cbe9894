"""Hole and board cards checked together (``check_deals``): the compiled loop against the numpy
reference, and every rejection worded the same whichever path runs.

The compiled check only vouches for good deals; a deal it flags is checked again by the numpy
reference, which raises.  So the property to prove is both ways: every deal the reference
rejects, the compiled path rejects with the same message, and it accepts every deal the
reference accepts.  Bad rows sit on both sides of the loop's block edge (4,096 rows).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from numpy.typing import NDArray

from pipeline.core.evaluation import hand_checks, hand_tables
from pipeline.core.evaluation.combination import evaluate_combination
from pipeline.core.evaluation.hands import best_high_hand, high_strengths, low_values
from pipeline.core.evaluation.low import evaluate_low
from pipeline.core.kernel import compiled_kernel
from pipeline.core.rules import (
    HOLDEM,
    OMAHA,
    OMAHA_HI_LO,
    SHORT_DECK,
    SHORT_DECK_HOLDEM,
    STANDARD,
    HandRanking,
)

COMPILED = compiled_kernel()
needs_compiled = pytest.mark.skipif(COMPILED is None, reason="the C loop is not built here")

Check = Callable[..., tuple[NDArray[np.uint8], NDArray[np.uint8]]]


def _compiled_check(*args: object, **kwargs: object) -> tuple[NDArray[np.uint8], ...]:
    assert COMPILED is not None
    return hand_checks._check_deals_compiled(COMPILED, *args, **kwargs)  # type: ignore[arg-type]


PATHS = [
    pytest.param(hand_checks._check_deals_numpy, id="numpy"),
    pytest.param(_compiled_check, id="compiled", marks=needs_compiled),
]


def _error(function: Callable[[], object]) -> str | None:
    try:
        function()
    except ValueError as error:
        return str(error)
    return None


def _good_deals(n: int, hole: int, board: int, deck: int = 52) -> tuple[NDArray[np.uint8], ...]:
    """``n`` rows of the same distinct cards from the top ``deck`` cards of the deck."""
    cards = np.arange(52 - deck, 52 - deck + hole + board, dtype=np.uint8)
    rows = np.tile(cards, (n, 1))
    return np.ascontiguousarray(rows[:, :hole]), np.ascontiguousarray(rows[:, hole:])


# (where, column, value): the card written into row ``bad_row``; on the deck of 52, hole cards
# are ids 0..3 and board cards 4..8; on the short deck, 16..19 and 20..24.
FAULTS = {
    "repeat-in-hole-pair": ("hole", 1, 0, "card id 0 appears twice in the hole and board cards"),
    "repeat-across-hole": ("hole", 3, 0, "card id 0 appears twice in the hole and board cards"),
    "repeat-in-board": ("board", 4, 5, "card id 5 appears twice in the hole and board cards"),
    "repeat-hole-board": ("board", 2, 1, "card id 1 appears twice in the hole and board cards"),
    "id-52-in-hole": ("hole", 2, 52, "card id 52 is not in 0..51"),
    "id-255-in-board": ("board", 4, 255, "card id 255 is not in 0..51"),
}
SHORT_FAULTS = {
    "two-in-hole": ("hole", 0, 0, r"card id 0 (2c) is not in the 36-card deck (6 through A)"),
    "five-on-board": ("board", 4, 13, r"card id 13 (5d) is not in the 36-card deck (6 through A)"),
    "repeat": ("board", 0, 17, "card id 17 appears twice in the hole and board cards"),
    "id-52": ("hole", 3, 52, "card id 52 is not in 0..51"),
}


def _with_fault(
    holes: NDArray[np.uint8], boards: NDArray[np.uint8], row: int, fault: tuple[str, int, int, str]
) -> str:
    """Write the fault's card into ``row`` and return the message naming it."""
    where, column, value, message = fault
    (holes if where == "hole" else boards)[row, column] = value
    return f"row {row}: {message}"


@pytest.mark.parametrize("check", PATHS)
@pytest.mark.parametrize("bad_row", [0, 4095, 4096, 9999])
@pytest.mark.parametrize("fault", FAULTS.keys())
def test_a_bad_card_in_any_row_is_named(check: Check, bad_row: int, fault: str) -> None:
    holes, boards = _good_deals(10_000, 4, 5)
    message = _with_fault(holes, boards, bad_row, FAULTS[fault])
    assert _error(functools.partial(check, holes, boards)) == message


@pytest.mark.parametrize("check", PATHS)
@pytest.mark.parametrize("fault", SHORT_FAULTS.keys())
def test_a_card_off_the_short_deck_or_twice_is_named(check: Check, fault: str) -> None:
    holes, boards = _good_deals(5_000, 4, 5, deck=36)
    message = _with_fault(holes, boards, 4321, SHORT_FAULTS[fault])
    assert _error(functools.partial(check, holes, boards, SHORT_DECK)) == message
    # The same cards are fine on the full deck unless they repeat or leave it.
    standard = _error(functools.partial(check, holes, boards, STANDARD))
    assert (standard is None) == (fault in ("two-in-hole", "five-on-board"))


@pytest.mark.parametrize("check", PATHS)
def test_the_first_error_by_the_references_order_is_the_one_named(check: Check) -> None:
    """Several bad rows: the reference looks for ids out of range before repeats, and the
    compiled path (which meets the repeat first) must name the same one."""
    holes, boards = _good_deals(10_000, 4, 5)
    holes[100, 1] = holes[100, 0]
    boards[7_000, 2] = 200
    assert (
        _error(functools.partial(check, holes, boards)) == "row 7000: card id 200 is not in 0..51"
    )


@pytest.mark.parametrize("check", PATHS)
@pytest.mark.parametrize(
    ("holes", "boards", "sizes", "message"),
    [
        pytest.param(
            np.zeros(4, np.uint8),
            np.zeros((1, 5), np.uint8),
            (5,),
            r"expected an (n, k) array of hole cards, got shape (4,)",
            id="1d-holes",
        ),
        pytest.param(
            np.zeros((1, 4), np.uint8),
            np.zeros((1, 1, 5), np.uint8),
            (5,),
            r"expected an (n, k) array of boards, got shape (1, 1, 5)",
            id="3d-boards",
        ),
        pytest.param(
            np.arange(4, dtype=np.uint8)[None],
            np.arange(4, 10, dtype=np.uint8).reshape(2, 3),
            (3,),
            "got 1 rows of hole cards and 2 boards",
            id="rows",
        ),
        pytest.param(
            np.arange(4, dtype=np.uint8)[None],
            np.arange(4, 6, dtype=np.uint8)[None],
            (3, 4, 5),
            "a board of 2 cards is not one of (3, 4, 5)",
            id="board-size",
        ),
        pytest.param(
            np.array([[0, 1, 2, -1]]),
            np.array([[4, 5, 6]]),
            (3,),
            "row 0: card id -1 is not in 0..51",
            id="negative-wide-id",
        ),
        pytest.param(
            np.array([[0, 1, 2, 3]]),
            np.array([[4, 5, 308]]),
            (3,),
            "row 0: card id 308 is not in 0..51",
            id="wide-id-past-a-byte",
        ),
    ],
)
def test_bad_shapes_and_wide_ids_are_named(
    check: Check, holes: object, boards: object, sizes: tuple[int, ...], message: str
) -> None:
    error = _error(functools.partial(check, holes, boards, board_sizes=sizes))
    assert error == message


@pytest.mark.parametrize("check", PATHS)
def test_good_deals_come_back_as_contiguous_bytes(check: Check) -> None:
    rng = np.random.default_rng(20)
    cards = np.argsort(rng.random((3_000, 52)), axis=1)[:, :11]
    holes, boards = check(cards[::2, :6].astype(np.uint8), cards[::2, 6:])  # strided, wide
    assert holes.dtype == boards.dtype == np.uint8
    assert holes.flags.c_contiguous and boards.flags.c_contiguous
    assert (holes == cards[::2, :6]).all() and (boards == cards[::2, 6:]).all()
    empty = check(np.empty((0, 4), np.uint8), np.empty((0, 5), np.uint8))
    assert [array.shape for array in empty] == [(0, 4), (0, 5)]


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(
    hnp.arrays(
        np.uint8,
        st.tuples(st.integers(0, 30), st.integers(1, 11)),
        elements=st.one_of(st.integers(0, 51), st.integers(0, 255)),
    ),
    st.integers(0, 5),
    st.sampled_from([STANDARD, SHORT_DECK]),
)
def test_any_bytes_get_the_same_answer_on_both_paths(
    cards: NDArray[np.uint8], board_size: int, ranking: HandRanking
) -> None:
    """Random bytes, most rows holding repeats or ids off the deck: both paths accept, or both
    raise the same message; and the loop's first bad row is the first row that is bad."""
    board_size = min(board_size, cards.shape[1] - 1)
    holes, boards = cards[:, : cards.shape[1] - board_size], cards[:, cards.shape[1] - board_size :]
    reference = _error(functools.partial(hand_checks._check_deals_numpy, holes, boards, ranking))
    assert _error(functools.partial(_compiled_check, holes, boards, ranking)) == reference
    assert COMPILED is not None
    deck = np.zeros(256, dtype=bool)
    deck[list(ranking.deck)] = True
    bad = [
        len(set(row)) != len(row) or not deck[row].all() for row in cards.tolist()
    ]  # the scalar rule: a card twice, or a card off the deck
    first_bad = bad.index(True) if any(bad) else -1
    contiguous = [np.ascontiguousarray(part) for part in (holes, boards)]
    loop_row = COMPILED.check_deals(
        contiguous[0],
        holes.shape[1],
        contiguous[1],
        board_size,
        len(cards),
        hand_tables.pair_checks(ranking),
    )
    assert loop_row == first_bad
    assert (reference is None) == (first_bad == -1)


@needs_compiled
def test_the_loop_refuses_arguments_that_do_not_fit() -> None:
    """Lengths that disagree with the row count are a ValueError, never a read past the end."""
    assert COMPILED is not None
    table = hand_tables.pair_checks(STANDARD)
    holes = np.zeros(8, dtype=np.uint8)
    with pytest.raises(ValueError, match="expected 3 rows"):
        COMPILED.check_deals(holes, 4, np.zeros(10, np.uint8), 5, 3, table)
    with pytest.raises(ValueError, match="cannot check"):
        COMPILED.check_deals(holes, 8, np.zeros(18, np.uint8), 9, 1, table)
    with pytest.raises(ValueError, match="pair_bits"):
        COMPILED.check_deals(holes, 4, np.zeros(10, np.uint8), 5, 2, table[:1000])


# --- the public entry points use the check ----------------------------------------------------


ENTRY_POINTS = {
    "high_strengths": functools.partial(high_strengths, OMAHA),
    "best_high_hand": functools.partial(best_high_hand, OMAHA),
    "low_values": functools.partial(low_values, OMAHA_HI_LO),
    "evaluate_combination": evaluate_combination,
    "evaluate_low": evaluate_low,
}


@pytest.mark.parametrize("entry", ENTRY_POINTS.values(), ids=ENTRY_POINTS.keys())
@pytest.mark.parametrize("fault", ["repeat-hole-board", "id-255-in-board", "repeat-in-hole-pair"])
def test_every_checked_entry_point_rejects_a_bad_deal(
    entry: Callable[[NDArray[np.uint8], NDArray[np.uint8]], object], fault: str
) -> None:
    holes, boards = _good_deals(6_000, 4, 5)
    message = _with_fault(holes, boards, 5_000, FAULTS[fault])
    assert _error(functools.partial(entry, holes, boards)) == message


def test_short_deck_rules_reject_a_five_through_the_public_api() -> None:
    holes, boards = _good_deals(100, 2, 5, deck=36)
    boards[42, 3] = 12  # 5c
    error = _error(functools.partial(high_strengths, SHORT_DECK_HOLDEM, holes, boards))
    assert error == "row 42: card id 12 (5c) is not in the 36-card deck (6 through A)"


def test_a_hand_of_the_wrong_width_for_the_game_is_named() -> None:
    holes, boards = _good_deals(10, 2, 5)
    assert _error(functools.partial(high_strengths, OMAHA, holes, boards)) == (
        "expected 4 hole cards a hand, got 2"
    )
    wide, board = _good_deals(10, 4, 5)
    assert _error(functools.partial(high_strengths, HOLDEM, wide, board)) == (
        "expected 2 hole cards a hand, got 4"
    )
