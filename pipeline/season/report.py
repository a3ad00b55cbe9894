"""The stats desk's season report: every night's scored Parquet in, named result frames out.

Reading (:func:`scan_season`, in :mod:`pipeline.season.scan`) finds every ``*.parquet`` under a
folder tree and scans it lazily into a :class:`~pipeline.season.scan.Season`; see that module.

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
from pipeline.season.scan import POKER_SCHEMA, YATZY_SCHEMA, Season, SeasonError, scan_season

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""
SUCKOUTS_SHOWN = 20


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
