"""Scandinavian Yatzy, declared for the job: score, present, Parquet rows, Summary."""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from pipeline.games.base import (
    Game,
    Presentation,
    ScoredSheet,
    ScoringOptions,
    key_columns,
    row_ids,
)
from pipeline.games.layouts import YATZY, Layout, yatzy_rows
from pipeline.games.poker.scoring.rows import empty_issues
from pipeline.games.yatzy.score import score_rounds
from pipeline.games.yatzy.standings import final_standings
from schemas.yatzy import YATZY_PARQUET_SCHEMA, YatzyScoredRows

ADDED_COLUMNS = ("category_used", "category_chosen", "score", "total", "rank", "winner")
NOTES = {
    "category_used": "the category the roll was scored in",
    "category_chosen": "TRUE where the sheet named none and we chose the best one still free",
    "score": "points for this roll in its category",
    "total": "the player's running total in the game, the 50-point upper bonus included",
    "rank": "place after this round among the game's players: 1 leads, ties share a place",
    "winner": "TRUE on the last row of each player who leads after the game",
}
"""What our columns hold, as the workbook's header notes."""


def score_yatzy(
    frame: pl.DataFrame, layout: Layout, options: ScoringOptions
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Read the dice and categories, then score every game of the sheet."""
    rounds, unreadable = yatzy_rows(frame, layout)
    scored, issues = score_rounds(rounds)
    return scored, pl.concat([unreadable, issues.cast(empty_issues().schema)])


def present_yatzy(frame: pl.DataFrame, scored: pl.DataFrame, layout: Layout) -> Presentation:
    """Per row: the category used (and whether we chose it), score, running total, place."""
    results = scored.select("row_id", pl.col("category").alias("category_used"), *ADDED_COLUMNS[1:])
    added = row_ids(frame).join(results, on="row_id", how="left")
    return Presentation(
        added,
        highlight=added["winner"].fill_null(False),
        notes=NOTES,
        key_columns=key_columns(layout, ("game", "round", "player")),
    )


def yatzy_parquet(located: pl.DataFrame) -> pl.DataFrame:
    """The fixed Parquet schema (:data:`schemas.yatzy.YATZY_PARQUET_SCHEMA`), checked."""
    dice_text = pl.col("dice").cast(pl.List(pl.String)).list.join(" ")
    rows = located.with_columns(dice_text.alias("dice"))
    return YatzyScoredRows.validate(
        rows.select(list(YATZY_PARQUET_SCHEMA)).cast(pl.Schema(YATZY_PARQUET_SCHEMA))
    )


def yatzy_summary(sheets: Sequence[ScoredSheet]) -> list[tuple[str, pl.DataFrame]]:
    """Each game's final standings."""
    frames = [sheet.scored for sheet in sheets if sheet.scored.height]
    if not frames:
        return []
    return [("Yatzy standings", final_standings(pl.concat(frames, how="diagonal")))]


YATZY_GAME = Game(
    name="yatzy",
    layouts=(YATZY,),
    parquet_name="yatzy",
    score=score_yatzy,
    present=present_yatzy,
    parquet=yatzy_parquet,
    summary=yatzy_summary,
)
