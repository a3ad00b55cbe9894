"""The columns of a Yatzy round sheet: what scoring needs, adds and reports, with their types.

The other modules of this folder read and write frames with these columns; the private working
columns (names starting ``__``) live only while a sheet is scored.
"""

from __future__ import annotations

import polars as pl

from pipeline.core.yatzy import N_CATEGORIES

ROUNDS_PER_GAME = N_CATEGORIES
"""Rounds a player plays in one game: one per category."""

ROUND_SCHEMA: dict[str, pl.DataType] = {
    "row_id": pl.Int64(),
    "game": pl.String(),
    "round": pl.Int64(),
    "player": pl.String(),
    "dice": pl.List(pl.Int64()),
    "category": pl.String(),
}
"""Columns :func:`~pipeline.games.yatzy.score.score_rounds` needs, with their types; other
columns are carried through."""

SCORED_COLUMNS: dict[str, pl.DataType] = {
    "category_chosen": pl.Boolean(),
    "score": pl.Int64(),
    "total": pl.Int64(),
    "rank": pl.Int64(),
    "winner": pl.Boolean(),
}
"""Columns :func:`~pipeline.games.yatzy.score.score_rounds` adds to the input's (``category`` is
rewritten, not added)."""

ISSUE_SCHEMA: dict[str, pl.DataType] = {
    "row_id": pl.Int64(),
    "column": pl.String(),
    "value": pl.String(),
    "message": pl.String(),
}
"""One rejected cell: the source row, the column at fault, its value as text, what is wrong."""

STANDINGS_SCHEMA: dict[str, pl.DataType] = {
    "game": pl.String(),
    "player": pl.String(),
    "rounds": pl.Int64(),
    "upper": pl.Int64(),
    "bonus": pl.Int64(),
    "total": pl.Int64(),
    "place": pl.Int64(),
}
"""The Summary sheet of :func:`~pipeline.games.yatzy.standings.final_standings`."""

# Working columns while a sheet is scored; the double underscore keeps them clear of a sheet's
# own columns (a sheet bringing one is refused by check_columns).
ROW_NUMBER = "__row"
"""The input row's position, for putting issues and scores back in input order."""
CATEGORY_CODE = "__code"
"""The category's index in :data:`pipeline.core.yatzy.CATEGORY_NAMES` (null: blank or unknown)."""
BLANK_CATEGORY = "__blank"
"""True where the sheet names no category, so one is chosen."""
SCORE_SHEET = "__sheet"
"""One number per game and player: the score sheet a row is written on."""
CHOICE_STEP = "__step"
"""A blank row's place among its score sheet's blank rows, in round order."""

__all__ = [
    "BLANK_CATEGORY",
    "CATEGORY_CODE",
    "CHOICE_STEP",
    "ISSUE_SCHEMA",
    "ROUNDS_PER_GAME",
    "ROUND_SCHEMA",
    "ROW_NUMBER",
    "SCORED_COLUMNS",
    "SCORE_SHEET",
    "STANDINGS_SCHEMA",
]
