"""Subsets and rank multisets as arrays, numbered densely so a table indexed by them is small.

:func:`combinations_array` lists every ``k``-subset of ``range(n)`` as rows.

A multiset of ``m`` ranks (0..12, repeats allowed), sorted ``r_0 <= r_1 <= ...``, is numbered
``sum(C(r_j + j, j + 1))``: the combinatorial number system, a bijection onto
``0..C(12 + m, m) - 1``.  Two of a pair's ranks give one of 91 numbers, a board's five one of
6,188.  Rows of rank columns are numbered at once by sorting them with a small network of
``minimum``/``maximum`` calls and adding one look-up per column.

>>> ranks = [np.array([12, 0], dtype=np.uint8), np.array([3, 0], dtype=np.uint8)]
>>> index = multiset_index(ranks)
>>> all_multisets(2)[index].tolist()
[[3, 12], [0, 0]]
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "all_multisets",
    "combinations_array",
    "count_multisets",
    "multiset_index",
    "offsets",
    "sorted_columns",
]

RANK_COUNT = 13


@functools.cache
def combinations_array(n: int, k: int) -> NDArray[np.uint8]:
    """Every ``k``-subset of ``range(n)`` in lexicographic order, as an ``(C(n, k), k)`` array.

    >>> combinations_array(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    if k > n:
        return np.zeros((0, k), dtype=np.uint8)
    blocks = []
    for first in range(n - k + 1):
        rest = combinations_array(n - first - 1, k - 1) + np.uint8(first + 1)
        head = np.full((len(rest), 1), first, dtype=np.uint8)
        blocks.append(np.hstack([head, rest]))
    combos = np.vstack(blocks)
    combos.setflags(write=False)
    return combos


def count_multisets(size: int) -> int:
    """How many multisets of ``size`` ranks there are.

    >>> count_multisets(2), count_multisets(5)
    (91, 6188)
    """
    return math.comb(RANK_COUNT - 1 + size, size)


@functools.cache
def offsets(size: int) -> NDArray[np.uint32]:
    """``offsets(size)[j, r] = C(r + j, j + 1)``: the part of a multiset's number that rank ``r``
    in sorted place ``j`` adds."""
    table = np.array(
        [[math.comb(rank + j, j + 1) for rank in range(RANK_COUNT)] for j in range(size)],
        dtype=np.uint32,
    ).reshape(size, RANK_COUNT)
    table.setflags(write=False)
    return table


@functools.cache
def all_multisets(size: int) -> NDArray[np.uint8]:
    """Every multiset of ``size`` ranks, sorted ascending within a row, row ``i`` numbered ``i``.

    >>> all_multisets(2)[:4].tolist()
    [[0, 0], [0, 1], [1, 1], [0, 2]]
    """
    rows = np.array(
        list(itertools.combinations_with_replacement(range(RANK_COUNT), size)), dtype=np.uint8
    ).reshape(-1, size)
    table = offsets(size)
    index = sum((table[j][rows[:, j]] for j in range(size)), np.zeros(len(rows), np.uint32))
    ordered = np.empty_like(rows)
    ordered[index] = rows
    ordered.setflags(write=False)
    return ordered


def sorted_columns(columns: Sequence[NDArray[np.integer]]) -> list[NDArray[np.integer]]:
    """The columns sorted row by row (smallest first), by compare-exchanges: no per-row sort."""
    out = list(columns)
    for high in range(len(out) - 1, 0, -1):
        for low in range(high):
            smaller = np.minimum(out[low], out[low + 1])
            out[low + 1] = np.maximum(out[low], out[low + 1])
            out[low] = smaller
    return out


def multiset_index(columns: Sequence[NDArray[np.integer]]) -> NDArray[np.uint32]:
    """The number of each row's multiset of ranks, the ranks given as columns (any order)."""
    table = offsets(len(columns))
    ordered = sorted_columns(columns)
    index = np.take(table[0], ordered[0])
    for place in range(1, len(ordered)):
        index += np.take(table[place], ordered[place])
    return index
