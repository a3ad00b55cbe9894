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
* **Standings, trend, head to head**: :mod:`pipeline.season.poker_tables` (standings per
  game; the trend long and for the top players; each player's top opponents).
* **Hand categories**, per game, against that game's exact odds:
  :mod:`pipeline.season.hand_categories`.  The rules of each game are a parameter,
  ``rules_of_game`` (Hold'em's only by default), so that this layer needs no games registry.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from pipeline.core.odds import yatzy_expected_scores
from pipeline.core.rules import HandRules
from pipeline.core.yatzy import CATEGORY_NAMES as YATZY_NAMES
from pipeline.core.yatzy import UPPER, UPPER_BONUS_THRESHOLD
from pipeline.season import poker_tables
from pipeline.season.hand_categories import HOLDEM_ONLY, categories_per_game, wilson_interval
from pipeline.season.notes import SEASON_NOTES
from pipeline.season.scan import POKER_SCHEMA, YATZY_SCHEMA, Season, SeasonError, scan_season

SUCKOUTS_SHOWN = 20
TOP_PLAYERS = 10
"""Players in the printed trend, opponents per player in the head to head, by default."""


@dataclass(frozen=True)
class SeasonReport:
    """Every table of the season workbook, one frame each.

    ``standings`` and ``categories`` hold a ``game`` column (a block per game); ``trend`` is
    long (a row per player per night), ``trend_top`` wide (a column per top player);
    ``games_without_rules`` are games played whose hands could not be compared with odds;
    ``notes`` say what each heading counts, per table.
    """

    standings: pl.DataFrame
    trend: pl.DataFrame
    trend_top: pl.DataFrame
    categories: pl.DataFrame
    luck: pl.DataFrame
    suckouts: pl.DataFrame
    head_to_head: pl.DataFrame
    yatzy_standings: pl.DataFrame
    yatzy_categories: pl.DataFrame
    nights: pl.DataFrame
    min_rounds: int = 0
    top: int = TOP_PLAYERS
    skipped: tuple[str, ...] = field(default=())
    games_without_rules: tuple[str, ...] = field(default=())
    notes: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: SEASON_NOTES)


def poker_rows(poker: pl.LazyFrame) -> pl.DataFrame:
    """One row per player per round, with the round's id (``rid``), whether the player reached
    ``showdown``, the latest street's ``equity`` and its ``street``, and per round the number of
    ``winners`` and of players ``at_showdown``."""
    round_key = pl.struct("night", "game", "sheet", "tournament", "round")
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


def build_report(
    season: Season,
    *,
    min_rounds: int = 0,
    top: int = TOP_PLAYERS,
    rules_of_game: Mapping[str, HandRules] = HOLDEM_ONLY,
) -> SeasonReport:
    """Compute every table of the season report from a scanned :class:`Season` (pure).

    ``top`` players are charted in the trend and ``top`` opponents listed per player;
    ``rules_of_game`` gives each poker game's rules (its name as the ``game`` column holds it).
    """
    if top < 1:
        msg = f"top must be 1 or more, got {top!r}"
        raise ValueError(msg)
    rows = poker_rows(season.poker)
    players = poker_tables.player_order(rows)
    trend = poker_tables.trend(rows, season.nights, players)
    luck, suckouts = _luck(rows, season.nights)
    categories, unknown = categories_per_game(rows, rules_of_game)
    yatzy_standings, yatzy_categories = _yatzy(season.yatzy)
    return SeasonReport(
        standings=poker_tables.standings(rows, min_rounds),
        trend=trend,
        trend_top=poker_tables.trend_top(trend, season.nights, players[:top]),
        categories=categories,
        luck=luck,
        suckouts=suckouts,
        head_to_head=poker_tables.head_to_head(rows, players, top),
        yatzy_standings=yatzy_standings,
        yatzy_categories=yatzy_categories,
        nights=season.nights,
        min_rounds=min_rounds,
        top=top,
        skipped=season.skipped,
        games_without_rules=unknown,
    )


def season_report(
    folder: Path,
    *,
    date_from: dt.date | None = None,
    date_to: dt.date | None = None,
    tournament: str | None = None,
    min_rounds: int = 0,
    top: int = TOP_PLAYERS,
    rules_of_game: Mapping[str, HandRules] = HOLDEM_ONLY,
) -> SeasonReport:
    """Read every night's Parquet under ``folder`` and compute the season report.

    See :func:`scan_season` for the filters and :func:`build_report` for the tables; players
    with fewer than ``min_rounds`` rounds in a game are listed but not placed.
    """
    season = scan_season(folder, date_from=date_from, date_to=date_to, tournament=tournament)
    return build_report(season, min_rounds=min_rounds, top=top, rules_of_game=rules_of_game)


__all__ = [
    "HOLDEM_ONLY",
    "POKER_SCHEMA",
    "TOP_PLAYERS",
    "YATZY_SCHEMA",
    "Season",
    "SeasonError",
    "SeasonReport",
    "build_report",
    "poker_rows",
    "scan_season",
    "season_report",
    "wilson_interval",
]
