"""Who gets how much of each pot: the high half to the best high hands, the low half to the best
lows, split evenly among ties; with no qualifying low (or no low half at all) high takes it all.

Pure numpy over a ``(players, rounds)`` layout: no loop over rounds.  Shares are fractions of
the pot (a quartered player gets 0.25); odd chips are the games layer's business.

>>> import numpy as np
>>> from pipeline.core.evaluation.low import NO_LOW
>>> high = np.array([[900, 900, 100], [900, 500, 800]])  # two players, three rounds
>>> low = np.array([[31, NO_LOW, 60], [40, NO_LOW, NO_LOW]])
>>> pot_shares(high, low).tolist()  # quartered, scooped (no low), split high and low
[[0.75, 1.0, 0.5], [0.25, 0.0, 0.5]]
>>> pot_shares(high).tolist()  # a game without a low half
[[0.5, 1.0, 0.0], [0.5, 0.0, 1.0]]
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pipeline.core.evaluation.low import NO_LOW

__all__ = ["pot_shares"]


def pot_shares(
    high: ArrayLike, low: ArrayLike | None = None, *, contesting: ArrayLike | None = None
) -> NDArray[np.float64]:
    """Each player's fraction of each pot: ``(players, rounds)`` in, the same shape out.

    ``high`` holds high strengths (higher is better); ``low`` low values (smaller is better,
    :data:`~pipeline.core.evaluation.low.NO_LOW` for none), or ``None`` for a game without a low
    half. ``contesting`` (boolean, default all) marks the hands still in at showdown: the others win
    nothing.  A round nobody contests shares nothing.

    >>> pot_shares([[5, 5, 3]], contesting=[[True, False, True]]).tolist()
    [[1.0, 0.0, 1.0]]
    """
    high_array = np.asarray(high, dtype=np.int64)
    if high_array.ndim != 2:
        msg = f"expected (players, rounds) strengths, got shape {high_array.shape!r}"
        raise ValueError(msg)
    playing = (
        np.ones(high_array.shape, dtype=bool)
        if contesting is None
        else np.broadcast_to(np.asarray(contesting, dtype=bool), high_array.shape)
    )
    high_winners = _winners(np.where(playing, high_array, -1), playing)
    if low is None:
        return _split(high_winners)
    low_array = np.asarray(low, dtype=np.int64)
    if low_array.shape != high_array.shape:
        msg = f"low values of shape {low_array.shape!r} for strengths of {high_array.shape!r}"
        raise ValueError(msg)
    qualifying = playing & (low_array != NO_LOW)
    low_winners = _winners(np.where(qualifying, -low_array, -(1 << 40)), qualifying)
    split = qualifying.any(axis=0)  # a qualifying low halves the pot
    half = np.where(split, 0.5, 1.0)
    return _split(high_winners) * half + _split(low_winners) * (1.0 - half)


def _winners(scores: NDArray[np.int64], eligible: NDArray[np.bool_]) -> NDArray[np.bool_]:
    best = scores.max(axis=0, initial=np.iinfo(np.int64).min)
    winners: NDArray[np.bool_] = (scores == best) & eligible
    return winners


def _split(winners: NDArray[np.bool_]) -> NDArray[np.float64]:
    count = winners.sum(axis=0)
    shares: NDArray[np.float64] = winners / np.maximum(count, 1)
    return shares
