"""Pot shares: hi half, lo half, quartering, scoops, plain splits; against a loop per round."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.core.evaluation.low import NO_LOW
from pipeline.core.pots import pot_shares


def shares_one_round(
    high: list[int], low: list[int] | None, contesting: list[bool]
) -> list[Fraction]:
    """The dealer's way, one round: who is in, best high, best qualifying low, halves."""
    players = [i for i, playing in enumerate(contesting) if playing]
    out = [Fraction(0)] * len(high)
    if not players:
        return out
    best_high = max(high[i] for i in players)
    high_winners = [i for i in players if high[i] == best_high]
    lows = [i for i in players if low is not None and low[i] != NO_LOW]
    if not lows:
        for i in high_winners:
            out[i] += Fraction(1, len(high_winners))
        return out
    assert low is not None
    best_low = min(low[i] for i in lows)
    low_winners = [i for i in lows if low[i] == best_low]
    for i in high_winners:
        out[i] += Fraction(1, 2 * len(high_winners))
    for i in low_winners:
        out[i] += Fraction(1, 2 * len(low_winners))
    return out


@pytest.mark.parametrize(
    ("high", "low", "expected"),
    [
        pytest.param([9, 5], None, [1, 0], id="high-wins"),
        pytest.param([9, 9, 5], None, [0.5, 0.5, 0], id="split"),
        pytest.param([9, 9, 9], None, [1 / 3] * 3, id="three-way"),
        pytest.param([9, 5], [NO_LOW, NO_LOW], [1, 0], id="no-low-high-scoops"),
        pytest.param([9, 5], [40, NO_LOW], [1, 0], id="scoop-both-halves"),
        pytest.param([9, 5], [NO_LOW, 40], [0.5, 0.5], id="high-and-low-split"),
        pytest.param([9, 9], [31, 40], [0.75, 0.25], id="quartered-other-way"),
        pytest.param([9, 9, 5], [31, 60, 31], [0.5, 0.25, 0.25], id="quartered"),
        pytest.param([9, 5, 5], [NO_LOW, 31, 31], [0.5, 0.25, 0.25], id="low-split"),
    ],
)
def test_named_rounds(high: list[int], low: list[int] | None, expected: list[float]) -> None:
    got = pot_shares(np.array(high)[:, None], None if low is None else np.array(low)[:, None])
    np.testing.assert_allclose(got[:, 0], expected)


def test_folded_hands_win_nothing() -> None:
    high = np.array([[9], [5]])
    assert pot_shares(high, contesting=[[False], [True]]).tolist() == [[0.0], [1.0]]
    low = np.array([[31], [NO_LOW]])
    assert pot_shares(high, low, contesting=[[False], [True]]).tolist() == [[0.0], [1.0]]
    assert pot_shares(high, contesting=[[False], [False]]).tolist() == [[0.0], [0.0]]


@given(
    st.integers(1, 6).flatmap(
        lambda players: st.lists(
            st.tuples(
                st.lists(st.integers(0, 4), min_size=players, max_size=players),
                st.lists(
                    st.sampled_from([31, 47, 171, NO_LOW]), min_size=players, max_size=players
                ),
                st.lists(st.booleans(), min_size=players, max_size=players),
            ),
            min_size=1,
            max_size=8,
        )
    ),
    st.booleans(),
)
def test_every_round_as_the_dealer_splits_it(
    rounds: list[tuple[list[int], list[int], list[bool]]], with_low: bool
) -> None:
    high = np.array([r[0] for r in rounds]).T
    low = np.array([r[1] for r in rounds]).T
    contesting = np.array([r[2] for r in rounds]).T
    got = pot_shares(high, low if with_low else None, contesting=contesting)
    for column, (h, lo, c) in enumerate(rounds):
        expected = shares_one_round(h, lo if with_low else None, c)
        np.testing.assert_allclose(got[:, column], [float(x) for x in expected])
        assert abs(got[:, column].sum() - (1.0 if any(c) else 0.0)) < 1e-12


def test_shapes_are_checked() -> None:
    with pytest.raises(ValueError, match=r"expected \(players, rounds\) strengths"):
        pot_shares([1, 2])
    with pytest.raises(ValueError, match="low values of shape"):
        pot_shares([[1, 2]], [[1]])
