"""Reading a season: every night's scored Parquet under a folder, scanned lazily.

Reading (:func:`scan_season`) finds every ``*.parquet`` under a folder tree and tells the games
apart by columns: a file with ``strength`` holds poker rows, one with ``dice`` Yatzy rows (a file
from the older job may hold both: then a row with dice is a Yatzy row, any other a poker row).
Optional columns (``tournament``, ``table``, ``seat``, ``chips_won``, ``date``, the ``win_*``
street figures) are added as nulls where a file lacks them (a poker file's ``game``, the variant
dealt, is :data:`DEFAULT_GAME` where the file lacks it or a row holds none: older nights are
Hold'em) (``chips_won``, net, is ``won -
put_in`` in the job's hand-log files), and every file is read lazily with
:func:`polars.scan_parquet`, only the columns the report needs.  A **night** is one file; nights
are ordered by their earliest ``date`` when files have one (nights without a date last), then by
path.

:func:`scan_season` only reads; :mod:`pipeline.season.report` computes the tables from the
:class:`Season` it returns.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import polars as pl

DEFAULT_GAME = "Hold'em"
"""The poker game of a row whose file has no ``game`` column (written before there was one)."""

POKER_SCHEMA: dict[str, pl.DataType] = {
    "game": pl.String(),
    "sheet": pl.String(),
    "tournament": pl.String(),
    "round": pl.String(),
    "player": pl.String(),
    "cards": pl.String(),
    "folded": pl.Boolean(),
    "strength": pl.UInt16(),
    "hand_detail": pl.String(),
    "winner": pl.Boolean(),
    "share": pl.Float64(),
    "win_preflop": pl.Float64(),
    "win_flop": pl.Float64(),
    "win_turn": pl.Float64(),
    "chips_won": pl.Float64(),
    "date": pl.Date(),
}
"""Poker columns the report reads, with the type each is cast to."""
POKER_REQUIRED = ("round", "player", "cards", "folded", "strength", "winner")

YATZY_SCHEMA: dict[str, pl.DataType] = {
    "sheet": pl.String(),
    "game": pl.String(),
    "round": pl.Int64(),
    "player": pl.String(),
    "category": pl.String(),
    "score": pl.Int64(),
    "total": pl.Int64(),
    "winner": pl.Boolean(),
    "date": pl.Date(),
}
"""Yatzy columns the report reads, with the type each is cast to."""
YATZY_REQUIRED = ("round", "player", "dice", "category", "score", "total", "winner")


class SeasonError(ValueError):
    """The season cannot be read: no such folder, no Parquet, or a file missing a column."""


@dataclass(frozen=True)
class Season:
    """The lazily scanned season: poker rows, Yatzy rows and the nights (files) in order."""

    poker: pl.LazyFrame
    yatzy: pl.LazyFrame
    nights: pl.DataFrame  # night (int, 1..), name (path relative to the folder), date
    skipped: tuple[str, ...] = ()


def _as_date(name: str, dtype: pl.DataType) -> pl.Expr:
    column = pl.col(name)
    if dtype == pl.String:
        return column.str.to_date(strict=False)
    if dtype.is_temporal() or dtype.is_numeric():
        return column.cast(pl.Date, strict=False)
    return pl.lit(None, dtype=pl.Date())


def _frame_for(
    path: Path,
    schema: pl.Schema,
    wanted: dict[str, pl.DataType],
    required: Sequence[str],
    rows: pl.Expr,
) -> pl.LazyFrame:
    missing = [name for name in required if name not in schema]
    if missing:
        raise SeasonError(f"{path}: no column {', '.join(missing)}")
    columns = []
    for name, dtype in wanted.items():
        if name == "game" and "strength" in wanted:
            # The poker variant; Yatzy's own ``game`` (a game's name) is read by the Yatzy frame.
            present = pl.col(name).cast(dtype) if name in schema else pl.lit(None, dtype=dtype)
            columns.append(present.fill_null(DEFAULT_GAME).alias(name))
        elif name == "chips_won" and name not in schema and {"won", "put_in"} <= set(schema):
            # The job's hand-log Parquet: chips collected and put in; won net is their difference.
            columns.append((pl.col("won") - pl.col("put_in")).cast(dtype).alias(name))
        elif name not in schema:
            columns.append(pl.lit(None, dtype=dtype).alias(name))
        elif name == "date":
            columns.append(_as_date(name, schema[name]).alias(name))
        else:
            columns.append(pl.col(name).cast(dtype, strict=False))
    return pl.scan_parquet(path).filter(rows).select(columns)


def scan_season(
    folder: Path,
    *,
    date_from: dt.date | None = None,
    date_to: dt.date | None = None,
    tournament: str | None = None,
) -> Season:
    """Scan every ``*.parquet`` under ``folder`` (lazily) into a :class:`Season`.

    ``date_from``/``date_to`` keep nights whose date lies in the range (both ends included;
    nights without a date are then left out); ``tournament`` keeps rows of that tournament
    (Yatzy rows of that ``game``).  Raises :class:`SeasonError` when the folder does not exist,
    holds no Parquet file, or a file lacks a column the report needs.
    """
    if not folder.is_dir():
        raise SeasonError(f"not a folder: {str(folder)!r}")
    paths = sorted(folder.rglob("*.parquet"))
    if not paths:
        raise SeasonError(f"no .parquet files under {str(folder)!r}")
    poker: list[tuple[str, pl.LazyFrame]] = []
    yatzy: list[tuple[str, pl.LazyFrame]] = []
    dates: list[tuple[str, dt.date | None]] = []
    skipped: list[str] = []
    for path in paths:
        name = path.relative_to(folder).as_posix()
        try:
            schema = pl.read_parquet_schema(path)
        except Exception as error:  # a truncated or foreign file: say which
            raise SeasonError(f"{path}: cannot read Parquet: {error}") from None
        has_dice, has_strength = "dice" in schema, "strength" in schema
        if not (has_dice or has_strength):
            skipped.append(name)
            continue
        schema = pl.Schema(schema)
        if has_strength:
            rows = pl.col("dice").is_null() if has_dice else pl.lit(True)
            poker.append((name, _frame_for(path, schema, POKER_SCHEMA, POKER_REQUIRED, rows)))
        if has_dice:
            yatzy.append(
                (
                    name,
                    _frame_for(
                        path, schema, YATZY_SCHEMA, YATZY_REQUIRED, pl.col("dice").is_not_null()
                    ),
                )
            )
        day = None
        if "date" in schema:
            day = (
                pl.scan_parquet(path)
                .select(_as_date("date", schema["date"]).min())
                .collect()
                .item()
            )
        dates.append((name, day))
    nights = (
        pl.DataFrame(dates, schema={"name": pl.String(), "date": pl.Date()}, orient="row")
        .sort("date", "name", nulls_last=True)
        .with_row_index("night", offset=1)
        .with_columns(pl.col("night").cast(pl.Int64))
    )
    if date_from is not None:
        nights = nights.filter(pl.col("date") >= date_from)
    if date_to is not None:
        nights = nights.filter(pl.col("date") <= date_to)
    kept = set(nights["name"].to_list())
    night_of = dict(zip(nights["name"].to_list(), nights["night"].to_list(), strict=True))

    def combine(
        frames: list[tuple[str, pl.LazyFrame]], wanted: dict[str, pl.DataType], key: str
    ) -> pl.LazyFrame:
        parts = [
            frame.with_columns(pl.lit(night_of[name], dtype=pl.Int64()).alias("night"))
            for name, frame in frames
            if name in kept
        ]
        if not parts:
            return pl.LazyFrame(schema={**wanted, "night": pl.Int64()})
        lazy = pl.concat(parts, how="vertical")
        return lazy if tournament is None else lazy.filter(pl.col(key) == tournament)

    return Season(
        poker=combine(poker, POKER_SCHEMA, "tournament"),
        yatzy=combine(yatzy, YATZY_SCHEMA, "game"),
        nights=nights,
        skipped=tuple(skipped),
    )


__all__ = [
    "DEFAULT_GAME",
    "POKER_REQUIRED",
    "POKER_SCHEMA",
    "YATZY_REQUIRED",
    "YATZY_SCHEMA",
    "Season",
    "SeasonError",
    "scan_season",
]
