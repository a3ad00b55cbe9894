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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from pipeline.core.probability.odds import yatzy_expected_scores
from pipeline.core.rules import HandRules
from pipeline.core.yatzy import CATEGORY_NAMES as YATZY_NAMES
from pipeline.core.yatzy import UPPER, UPPER_BONUS_THRESHOLD
from pipeline.season import poker_tables
from pipeline.season.hand_categories import HOLDEM_ONLY, categories_per_game, wilson_interval
from pipeline.season.names import SAME_PLAYER_SCHEMA, PlayerMap, rename_players, same_player_pairs
from pipeline.season.nights import number_nights, once_in_nights, yatzy_nights
from pipeline.season.notes import SEASON_NOTES
from pipeline.season.player_pages import PlayerPage, missing_players, player_pages
from pipeline.season.player_stats import (
    NIGHT_SCHEMA,
    net_trends,
    night_stats,
    player_stats,
    position_stats,
)
from pipeline.season.scan import POKER_SCHEMA, YATZY_SCHEMA, Season, SeasonError, scan_season

NO_ALIASES = PlayerMap()
"""No players file: every name its own player (matched on its key)."""
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
    same_player: pl.DataFrame = field(
        default_factory=lambda: pl.DataFrame(schema=SAME_PLAYER_SCHEMA)
    )
    min_rounds: int = 0
    top: int = TOP_PLAYERS
    skipped: tuple[str, ...] = field(default=())
    stale: tuple[str, ...] = field(default=())
    repeated_hands: int = 0
    games_without_rules: tuple[str, ...] = field(default=())
    notes: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: SEASON_NOTES)
    player_stats: pl.DataFrame = field(default_factory=pl.DataFrame)
    """The tracker statistics per game, currency and player
    (:mod:`pipeline.season.player_stats`)."""
    position_stats: pl.DataFrame = field(default_factory=pl.DataFrame)
    """Per game, currency and position, every player together: hands, VPIP, PFR, net, bb/100."""
    night_stats: pl.DataFrame = field(default_factory=lambda: pl.DataFrame(schema=NIGHT_SCHEMA))
    """Per game, currency, player and night: hands, net, cumulative net, VPIP, PFR
    (:func:`pipeline.season.player_stats.night_stats`)."""
    net_trends: tuple[tuple[str, str | None, pl.DataFrame], ...] = ()
    """Per game and currency with money: the top players' cumulative net after each night, a
    column each (the Trend sheet's second chart)."""
    player_pages: tuple[PlayerPage, ...] = ()
    """A printable page per chosen player and block, beside the field's figures
    (:mod:`pipeline.season.player_pages`)."""
    players_not_found: tuple[str, ...] = ()
    """Names asked for a page (``--player``) that match no player with actions."""
    """Per game and currency with money: the top players' cumulative net after each night, a
    column each (the Trend sheet's second chart)."""


def poker_rows(poker: pl.LazyFrame | pl.DataFrame) -> pl.DataFrame:
    """One row per player per round, with the round's id (``rid``), whether the player reached
    ``showdown``, the latest street's ``equity`` and its ``street``, per round the number of
    ``winners`` and of players ``at_showdown``, and the player's ``pot share`` (``share``; a
    night written before shares: a winner's part is the pot over the winners)."""
    lazy = poker.lazy()
    names = lazy.collect_schema().names()
    if "_hand" in names:  # a hand's identity (a hash): its site's id, or its sheet and round
        round_id = pl.col("_hand")
    else:
        key = ("night", "game", "path", "sheet", "tournament", "round")
        round_id = pl.struct(*(n for n in key if n in names)).rank("dense")
    showdown = ~pl.col("folded") & pl.col("strength").is_not_null()
    frame = (
        lazy.with_columns(
            round_id.alias("rid"),
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
        .with_columns(
            pl.col("share")
            .fill_null(pl.col("winner").cast(pl.Float64) / pl.col("winners"))
            .fill_nan(0.0)
            .alias("pot share")
        )
        .collect(engine="streaming")
    )
    return frame


def _luck(rows: pl.DataFrame, nights: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Per game: expected wins against the pot shares won (Standings' ``pots won``, counted in
    the rounds with a figure), and the season's biggest suck-outs."""
    with_equity = rows.filter(pl.col("equity").is_not_null())
    luck = (
        with_equity.group_by("game", "player")
        .agg(
            pl.len().cast(pl.Int64).alias("rounds with odds"),
            pl.col("equity").sum().alias("expected wins"),
            pl.col("pot share").sum().alias("actual wins"),
            pl.col("night").min().alias("_first"),
        )
        .with_columns(
            (pl.col("actual wins") - pl.col("expected wins")).alias("luck"),
            pl.col("_first").min().over("game").alias("_game_first"),
        )
        .sort("_game_first", "game", "luck", "player", descending=[False, False, True, False])
        .select(list(LUCK_SCHEMA))
        .cast(LUCK_SCHEMA)  # type: ignore[arg-type]
    )
    suckouts = (
        with_equity.filter(pl.col("winner") & pl.col("showdown") & (pl.col("at_showdown") >= 2))
        .sort("equity", "night", "player")
        .head(SUCKOUTS_SHOWN)
        .drop("date")  # a sheet's own date column: the night's date is the one shown
        .join(nights.select("night", "date"), on="night", how="left")
        .sort("equity", "night", "player")
        .select(
            pl.col("equity").alias("win %"),
            "street",
            "player",
            "game",
            pl.col("hand_detail").alias("hand"),
            "cards",
            "date",
            pl.col("path").alias("file"),
            "tournament",
            "round",
        )
    )
    return luck, suckouts


LUCK_SCHEMA: dict[str, pl.DataType] = {
    "game": pl.String(),
    "player": pl.String(),
    "rounds with odds": pl.Int64(),
    "expected wins": pl.Float64(),
    "actual wins": pl.Float64(),
    "luck": pl.Float64(),
}


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


class EmptyRangeError(SeasonError):
    """``--from``/``--to`` match no night of the season."""


def _in_range(
    frame: pl.DataFrame, date_from: dt.date | None, date_to: dt.date | None
) -> pl.DataFrame:
    kept = pl.lit(True)
    if date_from is not None:
        kept = kept & (pl.col("night_date") >= date_from)
    if date_to is not None:
        kept = kept & (pl.col("night_date") <= date_to)
    return frame.filter(kept.fill_null(False))


def _empty_range(
    poker: pl.DataFrame, yatzy: pl.DataFrame, date_from: dt.date | None, date_to: dt.date | None
) -> str:
    dates = pl.concat([poker.get_column("night_date"), yatzy.get_column("night_date")])
    wanted = f"from {date_from or 'the first night'} to {date_to or 'the last night'}"
    undated = (
        pl.concat([poker.get_column("path"), yatzy.get_column("path")])
        .filter(dates.is_null())
        .n_unique()
    )
    said = f"; {undated:,} file(s) have no date" if undated else ""
    if dates.drop_nulls().is_empty():
        return f"no night {wanted}: no night of the season has a date{said}"
    first, last = str(dates.min()), str(dates.max())
    return f"no night {wanted}: the season's nights run from {first} to {last}{said}"


def build_report(
    season: Season,
    *,
    min_rounds: int = 0,
    top: int = TOP_PLAYERS,
    rules_of_game: Mapping[str, HandRules] = HOLDEM_ONLY,
    players: PlayerMap = NO_ALIASES,
    rank_by: str | None = None,
    date_from: dt.date | None = None,
    date_to: dt.date | None = None,
    page_players: Sequence[str] = (),
) -> SeasonReport:
    """Compute every table of the season report from a scanned :class:`Season`.

    ``top`` players are charted in the trend and ``top`` opponents listed per player;
    ``rules_of_game`` gives each poker game's rules (its name as the ``game`` column holds it);
    ``players``, the desk's aliases; ``rank_by`` (``net``, ``bb100``, ``pots``, ``wins``; by
    default net where there is money, pots won where there is none) orders the standings;
    ``date_from``/``date_to`` keep the nights dated in that range (both ends included): a range
    that keeps none raises :class:`EmptyRangeError`; ``page_players`` are the players given a
    printable page (by default the ``top`` with the most hands with actions).
    """
    if top < 1:
        msg = f"top must be 1 or more, got {top!r}"
        raise ValueError(msg)
    if rank_by is not None and rank_by not in poker_tables.RANK_BY:
        msg = f"rank_by must be one of {', '.join(poker_tables.RANK_BY)}, got {rank_by!r}"
        raise ValueError(msg)
    # One chunk: a frame of one chunk per file is copied whole by every eager step after.
    poker = rename_players(season.poker.collect(engine="streaming").rechunk(), players)
    yatzy = rename_players(season.yatzy.collect(engine="streaming").rechunk(), players)
    poker, repeats = once_in_nights(poker, pl.col("content"))
    yatzy = yatzy_nights(yatzy)
    if date_from is not None or date_to is not None:
        kept_poker, kept_yatzy = (
            _in_range(poker, date_from, date_to),
            _in_range(yatzy, date_from, date_to),
        )
        if (
            kept_poker.is_empty()
            and kept_yatzy.is_empty()
            and not (poker.is_empty() and yatzy.is_empty())
        ):
            raise EmptyRangeError(_empty_range(poker, yatzy, date_from, date_to))
        poker, yatzy = kept_poker, kept_yatzy
    nights, poker, yatzy = number_nights(poker, yatzy)
    rows = poker_rows(poker).filter(~pl.col("left_out"))
    yatzy = yatzy.filter(~pl.col("left_out"))
    played = (
        pl.concat([rows.get_column("player"), yatzy.get_column("player")])
        .drop_nulls()
        .value_counts()
    )
    same_player = same_player_pairs(dict(played.iter_rows()), players.known)
    players_in_order = poker_tables.player_order(rows)
    trend = poker_tables.trend(rows, nights, players_in_order)
    luck, suckouts = _luck(rows, nights)
    by_night = night_stats(rows, nights)
    stats = player_stats(rows)
    categories, unknown = categories_per_game(rows, rules_of_game)
    yatzy_standings, yatzy_categories = _yatzy(yatzy.lazy())
    return SeasonReport(
        standings=poker_tables.standings(rows, min_rounds, rank_by),
        trend=trend,
        trend_top=poker_tables.trend_top(trend, nights, players_in_order[:top]),
        categories=categories,
        luck=luck,
        suckouts=suckouts,
        head_to_head=poker_tables.head_to_head(rows, players_in_order, top),
        yatzy_standings=yatzy_standings,
        yatzy_categories=yatzy_categories,
        nights=nights,
        same_player=same_player,
        min_rounds=min_rounds,
        top=top,
        skipped=season.skipped,
        stale=season.stale,
        repeated_hands=repeats,
        games_without_rules=unknown,
        player_stats=stats,
        position_stats=position_stats(rows),
        night_stats=by_night,
        net_trends=net_trends(by_night, top),
        player_pages=player_pages(rows, stats, by_night, wanted=page_players, top=top),
        players_not_found=tuple(missing_players(stats, page_players)),
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
    players: PlayerMap = NO_ALIASES,
    rank_by: str | None = None,
    page_players: Sequence[str] = (),
) -> SeasonReport:
    """Read every night's live Parquet under ``folder`` and compute the season report.

    See :func:`scan_season` for reading and :func:`build_report` for the tables and the
    filters; players with fewer than ``min_rounds`` rounds in a block are listed, not placed.
    """
    season = scan_season(folder, tournament=tournament)
    return build_report(
        season,
        min_rounds=min_rounds,
        top=top,
        rules_of_game=rules_of_game,
        players=players,
        rank_by=rank_by,
        date_from=date_from,
        date_to=date_to,
        page_players=page_players,
    )


__all__ = [
    "HOLDEM_ONLY",
    "POKER_SCHEMA",
    "TOP_PLAYERS",
    "YATZY_SCHEMA",
    "EmptyRangeError",
    "Season",
    "SeasonError",
    "SeasonReport",
    "build_report",
    "poker_rows",
    "scan_season",
    "season_report",
    "wilson_interval",
]
