"""The Yatzy Summary: each game's final standings, from the scored rows."""

from __future__ import annotations

import polars as pl

from pipeline.core.yatzy import CATEGORY_NAMES, UPPER, UPPER_BONUS, UPPER_BONUS_THRESHOLD
from pipeline.games.yatzy.columns import STANDINGS_SCHEMA

__all__ = ["final_standings"]


def final_standings(scored: pl.DataFrame) -> pl.DataFrame:
    """The Summary sheet: per game and player, rounds, upper sum, bonus, total and place.

    ``scored`` is :func:`~pipeline.games.yatzy.score.score_rounds`' first output.  Sorted by
    game, place, then player.

    >>> from pipeline.games.yatzy.columns import ROUND_SCHEMA
    >>> from pipeline.games.yatzy.score import score_rounds
    >>> rounds = pl.DataFrame(
    ...     {"row_id": [1, 2], "game": "final", "round": [1, 1], "player": ["Ann", "Bo"],
    ...      "dice": [[6, 6, 6, 6, 1], [5, 5, 5, 1, 1]], "category": ["sixes", None]},
    ...     schema=ROUND_SCHEMA)
    >>> final_standings(score_rounds(rounds)[0]).rows()
    [('final', 'Ann', 1, 24, 0, 24, 1), ('final', 'Bo', 1, 0, 0, 17, 2)]
    """
    upper_names = [CATEGORY_NAMES[code] for code in UPPER]
    upper = pl.when(pl.col("category").is_in(upper_names)).then(pl.col("score")).otherwise(0)
    standings = scored.group_by("game", "player").agg(
        rounds=pl.len().cast(pl.Int64), upper=upper.sum(), points=pl.col("score").sum()
    )
    bonus = pl.when(pl.col("upper") >= UPPER_BONUS_THRESHOLD).then(UPPER_BONUS).otherwise(0)
    return (
        standings.with_columns(bonus=bonus.cast(pl.Int64))
        .with_columns(total=pl.col("points") + pl.col("bonus"))
        .with_columns(
            place=pl.col("total").rank("min", descending=True).over("game").cast(pl.Int64)
        )
        .sort("game", "place", "player")
        .select(list(STANDINGS_SCHEMA))
        .cast(STANDINGS_SCHEMA)  # type: ignore[arg-type]
    )
