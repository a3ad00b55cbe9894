"""The evaluator for polars: functions over ``pl.Series`` and a ``poker`` expression namespace.

A column of card-id lists (``List(UInt8)``, five to seven cards a row) scores without a Python
loop per row: rows are grouped by hand size and handed to
:func:`pipeline.core.evaluation.evaluator.evaluate` as arrays.  Null in, null out; a row that is not
5, 6 or 7 cards also gives null.

>>> import polars as pl
>>> from pipeline.core.cards import parse_hand
>>> frame = pl.DataFrame({"cards": [parse_hand("Kc 9s Ks Kd 9d 3c 6d").tolist(), None]},
...                      schema={"cards": pl.List(pl.UInt8)})
>>> frame.select(pl.col("cards").poker.strength()).to_series().to_list()
[7279, None]
>>> frame.select(pl.col("cards").poker.hand()).to_series().to_list()
['Full House', None]
"""

from __future__ import annotations

import numpy as np
import polars as pl
from numpy.typing import NDArray

from pipeline.core.cards import DECK_SIZE
from pipeline.core.evaluation import evaluator


def card_matrix(cards: pl.Series, width: int = 7) -> tuple[NDArray[np.uint8], NDArray[np.intp]]:
    """A ``List(UInt8)`` series as an ``(n, width)`` array padded with 52, and each row's length.

    One ``list.get`` per column: far cheaper than gathering rows of each length.

    >>> matrix, lengths = card_matrix(pl.Series([[1, 2], None], dtype=pl.List(pl.UInt8)), 3)
    >>> matrix.tolist(), lengths.tolist()
    ([[1, 2, 52], [52, 52, 52]], [2, 0])
    """
    columns = [
        cards.list.get(index, null_on_oob=True).fill_null(DECK_SIZE).to_numpy()
        for index in range(width)
    ]
    matrix = np.stack(columns, axis=1).astype(np.uint8) if len(cards) else np.zeros((0, width))
    lengths = cards.list.len().fill_null(0).to_numpy().astype(np.intp)
    return matrix.astype(np.uint8), lengths


def strength_series(cards: pl.Series) -> pl.Series:
    """Strength (``UInt16``) of each row of a ``List(UInt8)`` series of card ids."""
    out = np.zeros(len(cards), dtype=np.uint16)
    valid = np.zeros(len(cards), dtype=bool)
    matrix, lengths = card_matrix(cards)
    for hand_size in evaluator.HAND_SIZES:
        rows = np.flatnonzero(lengths == hand_size)
        if rows.size:
            out[rows] = evaluator.evaluate(matrix[rows, :hand_size])
            valid[rows] = True
    return pl.Series(cards.name, out, dtype=pl.UInt16).scatter(np.flatnonzero(~valid), None)


def _lookup(strengths: pl.Series, table: list[str]) -> pl.Series:
    """Index ``table`` by strength; a null index gives null."""
    return pl.Series(strengths.name, table, dtype=pl.String).gather(strengths)


def hand_series(strengths: pl.Series) -> pl.Series:
    """Hand name (``Full House``) of each strength; null stays null."""
    return _lookup(strengths, evaluator.category_names(np.arange(evaluator.N_STRENGTHS)))


def describe_series(strengths: pl.Series) -> pl.Series:
    """Commentator's description of each strength; null stays null."""
    return _lookup(strengths, evaluator.describe(np.arange(evaluator.N_STRENGTHS)))


@pl.api.register_expr_namespace("poker")
class PokerExpressions:
    """``pl.col("cards").poker.strength()``, ``.hand()``, ``.describe()`` on card-id lists."""

    def __init__(self, expression: pl.Expr) -> None:
        self._expression = expression

    def strength(self) -> pl.Expr:
        """Strength of each hand (higher is better, equal is a tie)."""
        return self._expression.map_batches(strength_series, return_dtype=pl.UInt16)

    def hand(self) -> pl.Expr:
        """Hand name of each hand."""
        return self.strength().map_batches(hand_series, return_dtype=pl.String)

    def describe(self) -> pl.Expr:
        """Full description of each hand."""
        return self.strength().map_batches(describe_series, return_dtype=pl.String)
