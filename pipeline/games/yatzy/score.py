"""The round sheet of a Yatzy night: categories, scores, running totals, places and winners.

One input row is one player's roll in one round of one game (schema
:data:`~pipeline.games.yatzy.columns.ROUND_SCHEMA`).
:func:`score_rounds` is a pure function ``frame -> (scored, issues)``:

- ``scored`` keeps the input columns and rows that could be scored, in input order, with
  ``category`` rewritten to the display name actually used
  (:data:`pipeline.core.yatzy.CATEGORY_NAMES`) and five columns added
  (:data:`~pipeline.games.yatzy.columns.SCORED_COLUMNS`).
- ``issues`` has one record per problem (:data:`~pipeline.games.yatzy.columns.ISSUE_SCHEMA`);
  a row with any issue is left out of ``scored``, so every input row is in exactly one of:
  ``scored``, the rows named by ``issues``.

Rules, in the order they are checked (1 to 4 in :mod:`~pipeline.games.yatzy.row_checks`, 5 in
:mod:`~pipeline.games.yatzy.category_choice`):

1. ``dice`` must be five values 1..6; ``player`` and ``round`` must be present; a non-blank
   ``category`` must be a known name (:func:`pipeline.core.yatzy.parse_category`).
2. A player has one row per round of a game: every row of a doubled ``(game, round, player)``
   is rejected, since nothing says which one is right.
3. A game has 15 rounds per player (one per category): rounds after a player's 15th are rejected.
4. A player uses each category once per game: a later row naming a category already used by an
   earlier round is rejected (the message names that round).
5. A blank ``category`` gets the best category still free for that player, in round order; a
   category the player writes on any other row of the game is never taken (so an explicit entry
   is never rejected because of a choice made for them); ties go to the earlier category.

A null ``game`` is one game of its own.  ``total`` is the player's running total within the game
in round order, the 50-point upper bonus included from the round their ones..sixes reach 63.
``rank`` is the player's place after that round among all players of the game (a player without a
row in that round keeps their previous total; one who has not played yet counts 0); ties share a
place, 1, 1, 3.  ``winner`` is True on the last row of each player who leads after the game's last
round.

>>> from pipeline.games.yatzy.columns import ROUND_SCHEMA
>>> rounds = pl.DataFrame(
...     {"row_id": [1, 2, 3, 4], "game": None, "round": [1, 1, 2, 2],
...      "player": ["Ann", "Bo", "Ann", "Bo"],
...      "dice": [[1, 1, 2, 4, 4], [6, 6, 6, 6, 6], [3, 3, 3, 4, 4], [2, 3, 4, 5, 6]],
...      "category": ["fours", "yatzy", None, "Yatzy"]},
...     schema=ROUND_SCHEMA)
>>> scored, issues = score_rounds(rounds)
>>> scored.select("player", "round", "category", "category_chosen", "score", "total", "rank",
...               "winner").rows()  # doctest: +NORMALIZE_WHITESPACE
[('Ann', 1, 'Fours', False, 8, 8, 2, False), ('Bo', 1, 'Yatzy', False, 50, 50, 1, True),
 ('Ann', 2, 'Full House', True, 17, 25, 2, False)]
>>> issues.rows()  # doctest: +NORMALIZE_WHITESPACE
[(4, 'category', 'Yatzy', "category 'Yatzy' already used by player 'Bo' in round 1")]
"""

from __future__ import annotations

import polars as pl

from pipeline.core.yatzy import (
    CATEGORY_NAMES,
    N_CATEGORIES,
    SIXES,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    score,
)
from pipeline.games.yatzy.category_choice import choose_categories, dice_array
from pipeline.games.yatzy.columns import (
    BLANK_CATEGORY,
    CATEGORY_CODE,
    CHOICE_STEP,
    ROW_NUMBER,
    SCORE_SHEET,
    SCORED_COLUMNS,
)
from pipeline.games.yatzy.row_checks import already_used, category_codes, check_columns, find_issues

__all__ = ["score_rounds"]


def score_rounds(rounds: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Score a Yatzy round sheet: ``(scored, issues)``; see the module docstring for the rules.

    Raises ``ValueError`` only when the frame itself is unusable (a missing column, a wrong type,
    a column the scores would overwrite); a bad row becomes an issue record.
    """
    check_columns(rounds)
    code, unknown = category_codes(rounds)
    frame = rounds.with_row_index(ROW_NUMBER).with_columns(
        code,
        pl.col("category").str.strip_chars().eq("").fill_null(True).alias(BLANK_CATEGORY),
    )
    issues = find_issues(frame, unknown)
    survivors = frame.join(issues.select(ROW_NUMBER).unique(), on=ROW_NUMBER, how="anti")
    used_again = already_used(survivors)
    issues = pl.concat([issues, used_again]).sort(ROW_NUMBER, maintain_order=True)
    sheets = (
        survivors.join(used_again.select(ROW_NUMBER), on=ROW_NUMBER, how="anti")
        .with_columns(
            (pl.struct("game", "player").rank("dense").cast(pl.Int64) - 1).alias(SCORE_SHEET)
        )
        .sort(SCORE_SHEET, "round")
        .with_columns((pl.col(BLANK_CATEGORY).cum_sum().over(SCORE_SHEET) - 1).alias(CHOICE_STEP))
    )
    sheets = sheets.with_columns(choose_categories(sheets))
    points = score(
        dice_array(sheets.get_column("dice")), sheets.get_column(CATEGORY_CODE).to_numpy()
    )
    upper = pl.when(pl.col(CATEGORY_CODE) <= SIXES).then(pl.col("score")).otherwise(0)
    bonus = pl.when(upper.cum_sum().over(SCORE_SHEET) >= UPPER_BONUS_THRESHOLD).then(UPPER_BONUS)
    sheets = sheets.with_columns(score=pl.Series(points, dtype=pl.Int64)).with_columns(
        total=pl.col("score").cum_sum().over(SCORE_SHEET) + bonus.otherwise(0)
    )
    sheets = sheets.join(_places(sheets), on=["game", "round", "player"], nulls_equal=True)
    final = pl.col("total").max().over(SCORE_SHEET)  # totals never fall: the max is the last
    scored = (
        sheets.with_columns(
            category=pl.col(CATEGORY_CODE).replace_strict(
                list(range(N_CATEGORIES)), list(CATEGORY_NAMES), return_dtype=pl.String
            ),
            category_chosen=pl.col(BLANK_CATEGORY),
            winner=(pl.col("round") == pl.col("round").max().over(SCORE_SHEET))
            & (final == final.max().over("game")),
        )
        .sort(ROW_NUMBER)
        .select(*rounds.columns, *SCORED_COLUMNS)
    )
    return scored, issues.drop(ROW_NUMBER)


def _places(sheets: pl.DataFrame) -> pl.DataFrame:
    """Each player's place after every round of their game, by running total (ties share)."""
    played = sheets.select("game", "round", "player", "total")
    grid = (
        played.select("game", "round")
        .unique()
        .join(played.select("game", "player").unique(), on="game", nulls_equal=True)
        .join(played, on=["game", "round", "player"], how="left", nulls_equal=True)
        .sort("game", "player", "round")
        .with_columns(pl.col("total").forward_fill().over("game", "player").fill_null(0))
    )
    return grid.select(
        "game",
        "round",
        "player",
        rank=pl.col("total").rank("min", descending=True).over("game", "round").cast(pl.Int64),
    )
