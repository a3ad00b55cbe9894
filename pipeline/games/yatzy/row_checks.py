"""The checks on a Yatzy round sheet's rows (rules 1 to 4 of :mod:`pipeline.games.yatzy.score`):
each problem becomes an issue record (:data:`~pipeline.games.yatzy.columns.ISSUE_SCHEMA`, plus
the private row number for ordering), never an exception.

Only a frame that cannot be scored at all (a missing column, a wrong type) raises, in
:func:`check_columns`.
"""

from __future__ import annotations

import polars as pl

from pipeline.core.yatzy import N_DICE, parse_category
from pipeline.games.yatzy.columns import (
    CATEGORY_CODE,
    ROUND_SCHEMA,
    ROUNDS_PER_GAME,
    ROW_NUMBER,
    SCORED_COLUMNS,
)

__all__ = ["already_used", "category_codes", "check_columns", "find_issues"]


def _game_suffix(preposition: str) -> pl.Expr:
    """`` of game 'A'`` for messages, or nothing for the unnamed (null) game."""
    named = pl.format(f" {preposition} game '{{}}'", pl.col("game"))
    return pl.when(pl.col("game").is_null()).then(pl.lit("")).otherwise(named)


def check_columns(rounds: pl.DataFrame) -> None:
    """Refuse a frame that cannot be scored: a column missing or of the wrong type, or one the
    scores (or the working columns) would overwrite."""
    missing = [name for name in ROUND_SCHEMA if name not in rounds.columns]
    if missing:
        msg = f"missing columns {missing!r}: a round sheet needs {list(ROUND_SCHEMA)!r}"
        raise ValueError(msg)
    for name, dtype in ROUND_SCHEMA.items():
        if rounds.schema[name] != dtype:
            msg = f"column {name!r} is {rounds.schema[name]}, expected {dtype}"
            raise ValueError(msg)
    clashes = [name for name in rounds.columns if name in SCORED_COLUMNS or name.startswith("__")]
    if clashes:
        msg = f"columns {clashes!r} would be overwritten by the scores"
        raise ValueError(msg)


def _issue(
    frame: pl.DataFrame, when: pl.Expr, column: str, value: pl.Expr, message: pl.Expr
) -> pl.DataFrame:
    """Issue records (plus the private row number, for ordering) for the rows where ``when``."""
    return frame.filter(when).select(
        pl.col(ROW_NUMBER),
        pl.col("row_id"),
        pl.lit(column).alias("column"),
        value.cast(pl.String).alias("value"),
        message.cast(pl.String).alias("message"),
    )


def category_codes(rounds: pl.DataFrame) -> tuple[pl.Series, pl.DataFrame]:
    """Each row's category code (null when blank or unknown) and the unknown names' messages."""
    names = rounds.get_column("category").drop_nulls().unique(maintain_order=True).to_list()
    codes: dict[str, int] = {}
    unknown: dict[str, str] = {}
    for name in names:  # distinct names only: a handful per sheet
        if not name.strip():
            continue
        try:
            codes[name] = parse_category(name)
        except ValueError as error:
            unknown[name] = str(error)
    code = rounds.get_column("category").replace_strict(codes, default=None, return_dtype=pl.Int64)
    messages = pl.DataFrame(
        {"category": list(unknown), "message": list(unknown.values())},
        schema={"category": pl.String, "message": pl.String},
    )
    return code.alias(CATEGORY_CODE), messages


def find_issues(frame: pl.DataFrame, unknown: pl.DataFrame) -> pl.DataFrame:
    """Rules 1 to 3 of :mod:`pipeline.games.yatzy.score`, for every row."""
    dice = pl.col("dice")
    dice_ok = (
        dice.is_not_null()
        & (dice.list.len() == N_DICE)
        & (dice.list.eval(pl.element().is_between(1, 6)).list.all())
    ).fill_null(False)
    keyed = (
        pl.col("player").str.strip_chars().ne("").fill_null(False) & pl.col("round").is_not_null()
    )
    frame = frame.with_columns(
        __doubled=pl.when(keyed).then(pl.len().over("game", "round", "player")).otherwise(1),
        __doubled_rows=pl.when(keyed).then(
            pl.col("row_id").cast(pl.String).str.join(", ").over("game", "round", "player")
        ),
        __ordinal=pl.when(keyed).then(pl.col("round").rank("dense").over("game", "player")),
        __played=pl.when(keyed).then(pl.col("round").n_unique().over("game", "player")),
    )
    with_unknown = frame.join(unknown, on="category", how="left")
    return pl.concat(
        [
            _issue(
                frame,
                ~dice_ok,
                "dice",
                pl.col("dice").cast(pl.List(pl.String)).list.join(", "),
                pl.when(dice.is_null())
                .then(pl.lit("missing dice"))
                .otherwise(
                    pl.format(
                        "dice must be {} values 1..6, got [{}]",
                        pl.lit(N_DICE),
                        dice.cast(pl.List(pl.String)).list.join(", "),
                    )
                ),
            ),
            _issue(
                frame,
                pl.col("player").str.strip_chars().eq("").fill_null(True),
                "player",
                pl.col("player"),
                pl.lit("missing player"),
            ),
            _issue(
                frame, pl.col("round").is_null(), "round", pl.col("round"), pl.lit("missing round")
            ),
            _issue(
                with_unknown,
                pl.col("message").is_not_null(),
                "category",
                pl.col("category"),
                pl.col("message"),
            ),
            _issue(
                frame,
                pl.col("__doubled") > 1,
                "round",
                pl.col("round"),
                pl.format(
                    "player '{}' has {} rows in round {}{} (rows {})",
                    pl.col("player"),
                    pl.col("__doubled"),
                    pl.col("round"),
                    _game_suffix("of"),
                    pl.col("__doubled_rows"),
                ),
            ),
            _issue(
                frame,
                pl.col("__ordinal") > ROUNDS_PER_GAME,
                "round",
                pl.col("round"),
                pl.format(
                    "player '{}' has {} rounds{}, more than {}: round {} is number {}",
                    pl.col("player"),
                    pl.col("__played"),
                    _game_suffix("in"),
                    pl.lit(ROUNDS_PER_GAME),
                    pl.col("round"),
                    pl.col("__ordinal"),
                ),
            ),
        ]
    )


def already_used(survivors: pl.DataFrame) -> pl.DataFrame:
    """Rule 4: a row naming a category the same player used in an earlier round of the game."""
    first = pl.col("round").min().over("game", "player", CATEGORY_CODE)
    return _issue(
        survivors.with_columns(__first=first),
        pl.col(CATEGORY_CODE).is_not_null() & (pl.col("round") > pl.col("__first")),
        "category",
        pl.col("category"),
        pl.format(
            "category '{}' already used by player '{}' in round {}{}",
            pl.col("category"),
            pl.col("player"),
            pl.col("__first"),
            _game_suffix("of"),
        ),
    )
