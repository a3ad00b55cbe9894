"""Issue 12: the compiled loop (``pipeline/core/kernel/_kernel.c``) against the numpy path it
speeds up.

Both must give the same strength for every hand and the same error for every bad one; the
compiled loop must also be memory-safe for any bytes when unchecked, and present wherever a C
compiler is (a failed optional build must not pass unnoticed).
"""

from __future__ import annotations

import functools
import itertools
import os
import shutil
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from numpy.typing import NDArray

from pipeline.core.evaluation import evaluator, hand_tables
from pipeline.core.kernel import KERNEL, KERNEL_NAME, compiled_kernel

COMPILED = compiled_kernel()
needs_compiled = pytest.mark.skipif(COMPILED is None, reason="the C loop is not built here")


def _compiled(cards: NDArray[np.integer], *, check: bool = True) -> NDArray[np.uint16]:
    assert COMPILED is not None
    return evaluator._evaluate_compiled(COMPILED, cards, check=check)


def _numpy(cards: NDArray[np.integer], *, check: bool = True) -> NDArray[np.uint16]:
    return evaluator._evaluate_numpy(cards, check=check)


def _error(function: functools.partial[NDArray[np.uint16]]) -> str | None:
    try:
        function()
    except ValueError as error:
        return str(error)
    return None


def test_the_compiled_loop_is_built_wherever_there_is_a_compiler() -> None:
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler: the numpy path is the one that runs")
    assert COMPILED is not None, "setup.py's optional extension failed to build"
    if os.environ.get("SHOWDOWN_KERNEL", "").strip().lower() != "numpy":
        assert KERNEL is COMPILED
        assert KERNEL_NAME == "C"


def test_showdown_kernel_numpy_picks_the_numpy_path() -> None:
    code = "from pipeline.core.kernel import KERNEL, KERNEL_NAME; print(KERNEL, KERNEL_NAME)"
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=os.environ | {"SHOWDOWN_KERNEL": "numpy"},
    )
    assert result.stdout.split() == ["None", "numpy"]


@needs_compiled
def test_every_five_card_hand_scores_alike() -> None:
    hands: NDArray[np.uint8] = np.fromiter(
        itertools.combinations(range(52), 5), dtype=np.dtype((np.uint8, 5)), count=2_598_960
    )
    compiled, numpy_path = _compiled(hands), _numpy(hands)
    differ = np.flatnonzero(compiled != numpy_path)
    assert differ.size == 0, f"hand {hands[differ[0]].tolist()}: C {compiled[differ[0]]}"


@needs_compiled
@pytest.mark.parametrize(
    "count",
    # 100,000 on every run; a million (seconds each) under ``slow``, run by CI after make test
    [pytest.param(100_000, id="100k"), pytest.param(1_000_000, id="1M", marks=pytest.mark.slow)],
)
@pytest.mark.parametrize("hand_size", [6, 7])
@pytest.mark.parametrize("check", [True, False])
def test_random_hands_score_alike(hand_size: int, check: bool, count: int) -> None:
    rng = np.random.default_rng(hand_size)
    hands = np.argsort(rng.random((count, 52)), axis=1)[:, :hand_size].astype(np.uint8)
    compiled, numpy_path = _compiled(hands, check=check), _numpy(hands, check=check)
    differ = np.flatnonzero(compiled != numpy_path)
    assert differ.size == 0, f"hand {hands[differ[0]].tolist()}: C {compiled[differ[0]]}"


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(
    hnp.arrays(
        np.uint8,
        st.tuples(st.integers(0, 40), st.integers(5, 7)),
        elements=st.one_of(st.integers(0, 51), st.integers(0, 255)),
    )
)
def test_any_bytes_get_the_same_strengths_or_the_same_error(hands: NDArray[np.uint8]) -> None:
    """Repeats and ids up to 255 anywhere: both paths accept or name the same row and card."""
    compiled_error = _error(functools.partial(_compiled, hands))
    assert compiled_error == _error(functools.partial(_numpy, hands))
    if compiled_error is None:
        assert (_compiled(hands) == _numpy(hands)).all()
    # Unchecked, bad ids give wrong strengths but never a bad read: every strength is in range.
    assert int(_compiled(hands, check=False).max(initial=0)) < hand_tables.N_STRENGTHS


@needs_compiled
@pytest.mark.parametrize("hand_size", [5, 6, 7])
@pytest.mark.parametrize("bad_row", [0, 4095, 4096, 9000, 9999])
@pytest.mark.parametrize("fault", ["repeat_in_pair", "repeat_across", "repeat_last", "id_52"])
def test_a_bad_row_in_any_block_is_named(hand_size: int, bad_row: int, fault: str) -> None:
    """Rows on both sides of the loop's block edge (4,096) and the last row (read by copy)."""
    hands = np.tile(np.arange(0, 4 * hand_size, 4, dtype=np.uint8), (10_000, 1))
    column, value = {
        "repeat_in_pair": (1, hands[0, 0]),
        "repeat_across": (3, hands[0, 0]),
        "repeat_last": (hand_size - 1, hands[0, 2]),
        "id_52": (hand_size - 1, 52),
    }[fault]
    hands[bad_row, column] = value
    compiled_error = _error(functools.partial(_compiled, hands))
    assert compiled_error is not None and compiled_error.startswith(f"row {bad_row}: ")
    assert compiled_error == _error(functools.partial(_numpy, hands))


@needs_compiled
def test_wide_and_strided_inputs_score_alike() -> None:
    rng = np.random.default_rng(3)
    hands = np.argsort(rng.random((5_000, 52)), axis=1)[:, :9]
    strided = hands[::2, 1:8]  # neither contiguous nor uint8
    assert (_compiled(strided) == _numpy(strided)).all()
    assert (_compiled(strided.astype(np.int16)) == _numpy(strided.astype(np.uint8))).all()
    wide = np.array([[0, 1, 2, 3, -1, 5, 6]])
    assert _error(functools.partial(_compiled, wide)) == "row 0: card id -1 is not in 0..51"
    assert _compiled(np.empty((0, 7), dtype=np.uint8)).shape == (0,)
    with pytest.raises(ValueError, match="got shape"):
        _compiled(np.zeros((3, 4), dtype=np.uint8), check=False)


def _kernel_arguments() -> list[Any]:
    """A good call of ``_kernel.evaluate`` for one 7-card hand, as a list a test can spoil."""
    return [
        np.zeros((1, 7), dtype=np.uint8),
        7,
        hand_tables.pair_keys(),
        hand_tables.rank_strengths(7),
        hand_tables.RANK_MASK,
        hand_tables.SUIT_SHIFT,
        hand_tables.flush_suits(7),
        hand_tables.NO_FLUSH,
        hand_tables.suit_rank_bits(),
        hand_tables.ranking_tables().flush_strength,
        hand_tables.pair_checks(),
        np.empty(1, dtype=np.uint16),
        True,
    ]


@needs_compiled
def test_the_loop_refuses_tables_too_small_for_its_indexes() -> None:
    """The loop's memory safety rests on table sizes; it checks them rather than trusting us."""
    assert COMPILED is not None
    arguments = _kernel_arguments()
    arguments[2] = hand_tables.pair_keys()[:1000]  # far too short
    with pytest.raises(ValueError, match="pair_key: expected at least 262144 bytes"):
        COMPILED.evaluate(*arguments)
    arguments[2] = hand_tables.pair_keys()
    arguments[11] = np.empty(0, dtype=np.uint16)
    with pytest.raises(ValueError, match="out: expected at least 2 bytes"):
        COMPILED.evaluate(*arguments)


def _misaligned(array: NDArray[np.generic]) -> NDArray[np.uint8]:
    """The bytes of ``array`` at an odd address (a view one byte into a copy)."""
    raw = np.zeros(array.nbytes + 1, dtype=np.uint8)
    raw[1:] = np.ascontiguousarray(array).view(np.uint8).ravel()
    return raw[1:]


@needs_compiled
@pytest.mark.parametrize("which", [2, 3, 8, 9, 10, 11])
def test_the_loop_refuses_tables_at_an_odd_address(which: int) -> None:
    """Found by bench/fuzz_extensions.py under UBSan: a table passed as a byte view at an odd
    address was read as uint16/32/64 words there (undefined behaviour; a fault on strict
    platforms).  The loop now checks each table's alignment as it checks its size."""
    assert COMPILED is not None
    arguments = _kernel_arguments()
    arguments[which] = _misaligned(arguments[which])
    with pytest.raises(ValueError, match="not aligned"):
        COMPILED.evaluate(*arguments)
