"""The stats desk's season report: every night's scored Parquet in, named result frames out.

Reading (:func:`scan_season`) finds every ``*.parquet`` under a folder tree and tells the games
apart by columns: a file with ``strength`` holds poker rows, one with ``dice`` Yatzy rows (a file
from the older job may hold both: then a row with dice is a Yatzy row, any other a poker row).
Optional columns (``tournament``, ``table``, ``seat``, ``chips_won``, ``date``, the ``win_*``
street figures) are added as nulls where a file lacks them, and every file is read lazily with
:func:`polars.scan_parquet`, only the columns the report needs.  A **night** is one file; nights
are ordered by their earliest ``date`` when files have one (nights without a date last), then by
path.

Computing (:func:`build_report`) is pure: frames in, a :class:`SeasonReport` of frames out.

* A **round** is (night, sheet, tournament, round).  A player **reached showdown** when not
  folded and scored (``strength`` present).  A **split win** is a win shared with another
  winner.  A round **won by folds** is one where the winner was the only player at showdown.
* **Expected wins** sum each player's latest street figure (``win_turn``, else ``win_flop``,
  else ``win_preflop``, in percent, /100) over the rounds that have one; they are compared with
  the pot shares actually won in those rounds (a split between k winners counts 1/k, as the
  street figures share ties).
* **Hand categories** count the showdown hands with seven cards and compare them with the exact
  7-card odds (:mod:`pipeline.core.odds`).  The interval is the 95 % Wilson score interval of the
  observed proportion; a category is flagged when the exact probability lies outside it.  Hands
  kept to showdown are not random hands (weak ones are folded more), so flags are expected in a
  long season; the sheet shows by how much.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from pipeline.core import evaluator
from pipeline.core.odds import seven_card_probabilities, yatzy_expected_scores
from pipeline.core.yatzy import CATEGORY_NAMES as YATZY_NAMES
from pipeline.core.yatzy import UPPER, UPPER_BONUS_THRESHOLD

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""
SUCKOUTS_SHOWN = 20

POKER_SCHEMA: dict[str, pl.DataType] = {
    "sheet": pl.String(),
    "tournament": pl.String(),
    "round": pl.String(),
    "player": pl.String(),
    "cards": pl.String(),
    "folded": pl.Boolean(),
    "strength": pl.UInt16(),
    "hand_detail": pl.String(),
    "winner": pl.Boolean(),
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


@dataclass(frozen=True)
class SeasonReport:
    """Every table of the season workbook, one frame each."""

    standings: pl.DataFrame
    trend: pl.DataFrame
    categories: pl.DataFrame
    luck: pl.DataFrame
    suckouts: pl.DataFrame
    head_to_head: pl.DataFrame
    yatzy_standings: pl.DataFrame
    yatzy_categories: pl.DataFrame
    nights: pl.DataFrame
    min_rounds: int = 0
    skipped: tuple[str, ...] = field(default=())


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
        if name not in schema:
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


def wilson_interval(count: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion ``count / n`` (``(0, 1)`` when n=0).

    >>> [round(bound, 4) for bound in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    """
    if n == 0:
        return 0.0, 1.0
    share = count / n
    denominator = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == n else min(1.0, centre + half)
    return low, high


def _poker_rows(poker: pl.LazyFrame) -> pl.DataFrame:
    round_key = pl.struct("night", "sheet", "tournament", "round")
    showdown = ~pl.col("folded") & pl.col("strength").is_not_null()
    frame = (
        poker.with_columns(
            round_key.rank("dense").alias("rid"),
            showdown.alias("showdown"),
            pl.coalesce("win_turn", "win_flop", "win_preflop").truediv(100).alias("equity"),
            pl.when(pl.col("win_turn").is_not_null())
            .then(pl.lit("turn"))
            .when(pl.col("win_flop").is_not_null())
            .then(pl.lit("flop"))
            .when(pl.col("win_preflop").is_not_null())
            .then(pl.lit("preflop"))
            .alias("street"),
        )
        .with_columns(
            pl.col("winner").sum().over("rid").alias("winners"),
            pl.col("showdown").sum().over("rid").alias("at_showdown"),
        )
        .collect(engine="streaming")
    )
    return frame


def _standings(rows: pl.DataFrame, nights: pl.DataFrame, min_rounds: int) -> pl.DataFrame:
    split = pl.col("winner") & (pl.col("winners") > 1)
    table = rows.group_by("player").agg(
        pl.len().cast(pl.Int64).alias("rounds"),
        pl.col("showdown").sum().cast(pl.Int64).alias("showdowns"),
        pl.col("winner").sum().cast(pl.Int64).alias("wins"),
        split.sum().cast(pl.Int64).alias("split wins"),
        pl.col("chips_won").sum().alias("chips won"),
        pl.col("chips_won").is_not_null().any().alias("_has_chips"),
        pl.col("hand_detail").sort_by("strength", nulls_last=False).last().alias("best hand"),
        pl.col("night").n_unique().cast(pl.Int64).alias("nights"),
    )
    table = table.with_columns(
        (pl.col("wins") / pl.col("rounds")).alias("win rate %"),
        pl.when(pl.col("_has_chips")).then(pl.col("chips won")).alias("chips won"),
        (pl.col("rounds") >= min_rounds).alias("ranked"),
    )
    order = pl.struct(pl.col("wins"), pl.col("win rate %"))
    table = table.with_columns(
        pl.when(pl.col("ranked"))
        .then(order.rank("min", descending=True).over("ranked"))
        .cast(pl.Int64)
        .alias("place")
    ).sort(
        pl.col("place").is_null(), "place", pl.col("wins"), "player",
        descending=[False, False, True, False],
    )  # fmt: skip
    return table.select(
        "place", "player", "rounds", "showdowns", "wins", "split wins", "win rate %",
        "chips won", "best hand", "nights", "ranked",
    )  # fmt: skip


def _trend(rows: pl.DataFrame, nights: pl.DataFrame, players: Sequence[str]) -> pl.DataFrame:
    """Cumulative wins per player after each night: a row per night, a column per player."""
    played = rows.get_column("night").unique()
    base = nights.filter(pl.col("night").is_in(played.implode())).select(
        "night", pl.col("name").alias("night name")
    )
    if not players:
        return base
    per_night = rows.group_by("night", "player").agg(pl.col("winner").sum().cast(pl.Int64))
    wide = per_night.pivot(on="player", index="night", values="winner")
    frame = base.join(wide, on="night", how="left").sort("night")
    present = [player for player in players if player in frame.columns]
    return frame.select(
        "night",
        "night name",
        *(pl.col(player).fill_null(0).cum_sum().cast(pl.Int64) for player in present),
    )


def _categories(rows: pl.DataFrame) -> pl.DataFrame:
    made = rows.filter(
        pl.col("showdown") & (pl.col("cards").str.count_matches(r"\S+") == evaluator.HAND_SIZES[-1])
    )["strength"].to_numpy()
    counts = np.bincount(evaluator.category(made), minlength=len(evaluator.CATEGORY_NAMES))
    n = int(counts.sum())
    records = []
    for name, count, (_, chance) in zip(
        evaluator.CATEGORY_NAMES, counts.tolist(), seven_card_probabilities().items(), strict=True
    ):
        low, high = wilson_interval(count, n)
        probability = float(chance)
        records.append(
            {
                "category": name,
                "observed": count,
                "expected": n * probability,
                "observed %": count / n if n else None,
                "expected %": probability,
                "low 95 %": low if n else None,
                "high 95 %": high if n else None,
                "outside 95 %": bool(n) and not low <= probability <= high,
            }
        )
    return pl.DataFrame(records, schema_overrides={"observed %": pl.Float64})


def _luck(rows: pl.DataFrame, nights: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    with_equity = rows.filter(pl.col("equity").is_not_null())
    share = pl.when(pl.col("winner")).then(1 / pl.col("winners")).otherwise(0.0)
    luck = (
        with_equity.group_by("player")
        .agg(
            pl.len().cast(pl.Int64).alias("rounds with odds"),
            pl.col("equity").sum().alias("expected wins"),
            share.sum().alias("actual wins"),
        )
        .with_columns((pl.col("actual wins") - pl.col("expected wins")).alias("luck"))
        .sort("luck", "player", descending=[True, False])
    )
    suckouts = (
        with_equity.filter(pl.col("winner") & pl.col("showdown") & (pl.col("at_showdown") >= 2))
        .sort("equity", "night", "player")
        .head(SUCKOUTS_SHOWN)
        .join(nights.select("night", pl.col("name").alias("night name")), on="night", how="left")
        .sort("equity", "night", "player")
        .select(
            pl.col("equity").alias("win %"),
            "street",
            "player",
            pl.col("hand_detail").alias("hand"),
            "cards",
            "night",
            "night name",
            "tournament",
            "round",
        )
    )
    return luck, suckouts


def _head_to_head(rows: pl.DataFrame, players: Sequence[str]) -> pl.DataFrame:
    at_showdown = rows.filter(pl.col("showdown")).select("rid", "player", "winner")
    winners = at_showdown.filter(pl.col("winner")).select("rid", pl.col("player").alias("winner"))
    losers = at_showdown.filter(~pl.col("winner")).select("rid", pl.col("player").alias("loser"))
    pairs = winners.join(losers, on="rid").group_by("winner", "loser").len()
    grid = pl.DataFrame({"winner": list(players)})
    if pairs.height:
        wide = pairs.pivot(on="loser", index="winner", values="len")
        grid = grid.join(wide, on="winner", how="left")
    return grid.select(
        pl.col("winner").alias("winner \\ loser"),
        *(
            (pl.col(player) if player in grid.columns else pl.lit(None, pl.UInt32))
            .fill_null(0)
            .cast(pl.Int64)
            .alias(player)
            for player in players
        ),
    )


def _yatzy(yatzy: pl.LazyFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    rows = yatzy.collect(engine="streaming")
    game = pl.struct("night", "sheet", "game")
    upper_names = [YATZY_NAMES[code] for code in UPPER]
    sheets = rows.group_by(game.alias("g"), "player").agg(
        pl.col("total").max().alias("final"),
        pl.col("winner").any().alias("won"),
        pl.when(pl.col("category").is_in(upper_names)).then(pl.col("score")).sum().alias("upper"),
    )
    standings = (
        sheets.group_by("player")
        .agg(
            pl.len().cast(pl.Int64).alias("games"),
            pl.col("won").sum().cast(pl.Int64).alias("wins"),
            pl.col("final").mean().alias("average total"),
            (pl.col("upper") >= UPPER_BONUS_THRESHOLD).mean().alias("upper bonus %"),
        )
        .sort("wins", "average total", "player", descending=[True, True, False])
    )
    expected = yatzy_expected_scores()
    observed = rows.group_by("category").agg(
        pl.len().cast(pl.Int64).alias("times"), pl.col("score").mean().alias("average score")
    )
    categories = (
        pl.DataFrame(
            {
                "category": list(expected),
                "random roll": [float(value) for value in expected.values()],
            }
        )
        .join(observed, on="category", how="left")
        .with_columns(pl.col("times").fill_null(0))
        .select(
            "category",
            "times",
            "average score",
            "random roll",
            (pl.col("average score") - pl.col("random roll")).alias("difference"),
        )
    )
    return standings, categories


def build_report(season: Season, *, min_rounds: int = 0) -> SeasonReport:
    """Compute every table of the season report from a scanned :class:`Season` (pure)."""
    rows = _poker_rows(season.poker)
    standings = _standings(rows, season.nights, min_rounds)
    players = standings["player"].to_list()
    luck, suckouts = _luck(rows, season.nights)
    yatzy_standings, yatzy_categories = _yatzy(season.yatzy)
    return SeasonReport(
        standings=standings,
        trend=_trend(rows, season.nights, players),
        categories=_categories(rows),
        luck=luck,
        suckouts=suckouts,
        head_to_head=_head_to_head(rows, players),
        yatzy_standings=yatzy_standings,
        yatzy_categories=yatzy_categories,
        nights=season.nights,
        min_rounds=min_rounds,
        skipped=season.skipped,
    )


def season_report(
    folder: Path,
    *,
    date_from: dt.date | None = None,
    date_to: dt.date | None = None,
    tournament: str | None = None,
    min_rounds: int = 0,
) -> SeasonReport:
    """Read every night's Parquet under ``folder`` and compute the season report.

    See :func:`scan_season` for the filters and :func:`build_report` for the tables; players
    with fewer than ``min_rounds`` rounds are listed but not ranked.
    """
    season = scan_season(folder, date_from=date_from, date_to=date_to, tournament=tournament)
    return build_report(season, min_rounds=min_rounds)


__all__ = [
    "POKER_SCHEMA",
    "YATZY_SCHEMA",
    "Season",
    "SeasonError",
    "SeasonReport",
    "build_report",
    "scan_season",
    "season_report",
    "wilson_interval",
]
