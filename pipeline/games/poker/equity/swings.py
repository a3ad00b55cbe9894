"""The night's bad beats: per round, the lowest chance to win the river winners were shown.

:func:`biggest_swings` reads the figures
:func:`pipeline.games.poker.equity.street_equity.street_equities` added; the river winners
are the players who win a part of the pot at the river under the round's game (``share`` when
the rows were scored, else worked out here).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import polars as pl

from pipeline.core.evaluation import hands as core_hands
from pipeline.core.pots import pot_shares
from pipeline.core.probability.equity import BOARD_SIZE
from pipeline.core.rules import HOLDEM, HandRules
from pipeline.games.poker.equity.street_equity import (
    EQUITY_COLUMNS,
    ROUND_KEY,
    STREETS,
    SWING_SCHEMA,
)
from pipeline.games.poker.scoring.expressions import card_matrix
from pipeline.games.poker.variants import DEFAULT_RULES, HOLDEM_NAME


def _river_winners(showdown: pl.DataFrame, rules_of_game: Mapping[str, HandRules]) -> pl.Series:
    """Which rows of ``showdown`` (players still in, ``_board`` the round's whole board) win a
    part of the pot under their game: the best high hand, or the best qualifying low."""
    games = (
        showdown["game"].fill_null(HOLDEM_NAME)
        if "game" in showdown.columns
        else pl.Series([HOLDEM_NAME] * showdown.height)
    ).to_numpy()
    widest = max(rules.hole_cards for rules in rules_of_game.values())
    holes, _ = card_matrix(showdown["hole_ids"], widest)
    boards, _ = card_matrix(showdown["_board"], BOARD_SIZE)
    high = np.zeros(showdown.height, dtype=np.int64)
    low = np.full(showdown.height, core_hands.NO_LOW, dtype=np.int64)
    for name in sorted(set(games.tolist())):
        rules = rules_of_game.get(name, HOLDEM)
        at = np.flatnonzero(games == name)
        hole = holes[at, : rules.hole_cards]
        high[at] = core_hands.high_strengths(rules, hole, boards[at], check=False)
        if rules.low is not None:
            low[at] = core_hands.low_values(rules, hole, boards[at], check=False)
    round_of_row = showdown.select(pl.struct(ROUND_KEY).rank("dense") - 1).to_series().to_numpy()
    seat = showdown.select(pl.int_range(pl.len()).over(ROUND_KEY)).to_series().to_numpy()
    shape = (int(seat.max()) + 1, int(round_of_row.max()) + 1)
    high_table = np.full(shape, -1, dtype=np.int64)
    low_table = np.full(shape, core_hands.NO_LOW, dtype=np.int64)
    high_table[seat, round_of_row], low_table[seat, round_of_row] = high, low
    shares = pot_shares(high_table, low_table, contesting=high_table >= 0)
    return pl.Series(shares[seat, round_of_row] > 0)


def biggest_swings(
    frame: pl.DataFrame, rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES
) -> pl.DataFrame:
    """Per round, the lowest equity the river winner(s) were shown, and at which street.

    ``frame`` is the output of :func:`street_equities` with a ``player`` column.  The river
    winners are the players who never folded and win a part of the pot on the round's full
    board under its game (the best hand, all of them on a split pot; in a hi/lo game the best
    low too); rounds whose board stops before the river have none.
    A winner never shown with a figure is left out.  Sorted by ``lowest_equity``, lowest
    first: the top row is the night's worst bad beat.  On equal figures the earlier street is
    named.  Columns: ``tournament``, ``round``, ``player``, ``lowest_equity``, ``street``.

    >>> import polars as pl
    >>> frame = pl.DataFrame({"tournament": ["T"] * 2, "round": ["1"] * 2,
    ...     "player": ["Ann", "Bob"], "hole_ids": [[48, 49], [44, 45]],
    ...     "board_ids": [[0, 5, 10, 20, 30], [0, 5, 10, 20, 30]], "folded": [False, False],
    ...     "win_preflop": [80.0, 20.0], "win_flop": [90.0, 10.0], "win_turn": [2.3, 97.7]},
    ...     schema_overrides={"hole_ids": pl.List(pl.UInt8), "board_ids": pl.List(pl.UInt8)})
    >>> biggest_swings(frame).rows()
    [('T', '1', 'Ann', 2.3, 'turn')]
    """
    board = (
        pl.col("board_ids")
        .sort_by(pl.col("board_ids").list.len(), descending=True)
        .first()
        .over(ROUND_KEY)
    )
    showdown = frame.with_columns(board.alias("_board")).filter(
        ~pl.col("folded").fill_null(False) & (pl.col("_board").list.len() == BOARD_SIZE)
    )
    if showdown.height == 0:
        return pl.DataFrame(schema=SWING_SCHEMA)
    won = (
        pl.col("share").fill_null(0) > 0
        if "share" in showdown.columns
        else _river_winners(showdown, rules_of_game)
    )
    winners = showdown.filter(won)
    figures = (
        winners.select(
            pl.col("tournament").cast(pl.String),
            pl.col("round").cast(pl.String),
            pl.col("player").cast(pl.String),
            *(pl.col(name) for name in EQUITY_COLUMNS),
        )
        .with_row_index("_winner")
        .unpivot(
            index=["_winner", "tournament", "round", "player"],
            on=list(EQUITY_COLUMNS),
            variable_name="street",
            value_name="lowest_equity",
        )
        .drop_nulls("lowest_equity")
        .with_columns(
            pl.col("street").replace_strict(
                dict(zip(EQUITY_COLUMNS, range(len(STREETS)), strict=True)), return_dtype=pl.Int8
            )
        )
    )
    lowest = (
        figures.sort("_winner", "lowest_equity", "street")
        .unique("_winner", keep="first", maintain_order=True)
        .sort("lowest_equity", "_winner")
        .with_columns(
            pl.col("street").replace_strict(dict(enumerate(STREETS)), return_dtype=pl.String)
        )
    )
    return lowest.select(list(SWING_SCHEMA))
