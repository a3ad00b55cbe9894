"""The season's poker tables by player: standings per game, the trend of wins night by night,
and each player's most frequent opponents at showdown.

``rows`` is the frame :func:`pipeline.season.report.poker_rows` makes: one row per player per
round, with ``rid`` (the round), ``showdown``, ``winners`` and the scanned columns.

* **Standings** are per game (a best hand is compared within its game; so is a place).  A
  player is placed (``place``) when they dealt ``min_rounds`` rounds or more in that game;
  others are listed below, without a place.
* **Order of players** across games: most wins in the season, then win rate, then name.  The
  trend's top ``top`` players are the first of that order.
* **Trend**, long: a row per player per night from the player's first poker night on (nights
  they missed included, their wins flat), with that night's wins and the cumulative wins; and,
  wide, the cumulative wins of the top players, a column each (the chart's data).
* **Head to head**, long: for each player, their ``top`` most frequent opponents at showdown
  (both reached showdown in the round): meetings, wins (the player won, the opponent not),
  losses (the other way round), splits (both won), and wins per meeting.
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

RANK_BY = ("net", "bb100", "pots", "wins")
"""What ``--rank-by`` may order the standings by."""
NO_MONEY = ("chips", "play")
"""Currencies that are not money (tournament chips, play money): no bb/100."""
STANDINGS_COLUMNS = (
    "game", "currency", "ranked by", "place", "player", "rounds", "showdowns", "wins",
    "split wins", "pots won", "win rate %", "net", "bb/100", "best hand", "nights",
)  # fmt: skip
_METRIC = {"net": "net", "bb100": "bb/100", "pots": "pots won", "wins": "wins"}


def block_ranking(currency: str | None, has_net: bool, has_bb100: bool, wanted: str | None) -> str:
    """What one block of the standings is ranked by: ``wanted`` when the block has it (else the
    next of bb/100, net, pots won), and by default net where there is money, pots won where
    there is none (rounds won would rank first a player who took uncontested pots and lost).

    >>> block_ranking("USD", True, True, None), block_ranking(None, False, False, "net")
    ('net', 'pots')
    """
    if wanted is None:
        wanted = "net" if currency is not None and has_net else "pots"
    if wanted == "bb100" and not has_bb100:
        wanted = "net"
    if wanted == "net" and (not has_net or currency is None):
        wanted = "pots"
    return wanted


def standings(rows: pl.DataFrame, min_rounds: int, rank_by: str | None = None) -> pl.DataFrame:
    """A block per game and currency, per player: rounds, showdowns, wins, split wins, pots won
    (a split or a hi/lo half counts its part), win rate, net (in the block's currency), bb/100
    (money only), best hand, nights; placed within the block by its ranking (``ranked by``:
    see :func:`block_ranking`), then pots won, then wins (ties share a place)."""
    split = pl.col("winner") & (pl.col("winners") > 1)
    money = pl.col("currency").is_not_null() & ~pl.col("currency").is_in(list(NO_MONEY))
    per_big_blind = pl.when(money & (pl.col("big_blind") > 0)).then(
        pl.col("net") / pl.col("big_blind")
    )
    table = rows.group_by("game", "currency", "player").agg(
        pl.len().cast(pl.Int64).alias("rounds"),
        pl.col("showdown").sum().cast(pl.Int64).alias("showdowns"),
        pl.col("winner").sum().cast(pl.Int64).alias("wins"),
        split.sum().cast(pl.Int64).alias("split wins"),
        pl.col("pot share").sum().alias("pots won"),
        pl.col("net").sum().alias("net"),
        pl.col("net").is_not_null().any().alias("_has_net"),
        pl.when(per_big_blind.count() > 0)
        .then(per_big_blind.sum() * 100 / per_big_blind.count())
        .alias("bb/100"),
        pl.col("hand_detail").sort_by("strength", nulls_last=False).last().alias("best hand"),
        pl.col("night").n_unique().cast(pl.Int64).alias("nights"),
        pl.col("night").min().alias("_first"),
    )
    table = table.with_columns(
        (pl.col("wins") / pl.col("rounds")).alias("win rate %"),
        pl.when(pl.col("_has_net")).then(pl.col("net")).alias("net"),
        (pl.col("rounds") >= min_rounds).alias("_placed"),
        pl.col("_first").min().over("game").alias("_game_first"),
        # money by its code, then tournament chips, play money, and no currency last
        pl.when(pl.col("currency").is_null())
        .then(3)
        .when(pl.col("currency").is_in(list(NO_MONEY)))
        .then(pl.col("currency").replace_strict({"chips": 1, "play": 2}, default=3))
        .otherwise(0)
        .alias("_kind"),
    )
    blocks = table.group_by("game", "currency").agg(
        pl.col("_has_net").any(), pl.col("bb/100").is_not_null().any().alias("_has_bb100")
    )
    ranking = {
        (game, currency): block_ranking(currency, has_net, has_bb100, rank_by)
        for game, currency, has_net, has_bb100 in blocks.iter_rows()
    }
    table = (
        table.with_columns(
            pl.struct("game", "currency")
            .map_elements(
                lambda block: ranking[(block["game"], block["currency"])], return_dtype=pl.String()
            )
            .alias("ranked by")
        )
        if ranking
        else table.with_columns(pl.lit(None, pl.String()).alias("ranked by"))
    )
    metric = pl.coalesce(
        *(
            pl.when(pl.col("ranked by") == key).then(pl.col(column).cast(pl.Float64))
            for key, column in _METRIC.items()
        ),
        pl.lit(float("-inf")),
    ).fill_null(float("-inf"))
    order = pl.struct(metric, pl.col("pots won"), pl.col("wins"))
    table = table.with_columns(
        pl.when(pl.col("_placed"))
        .then(order.rank("min", descending=True).over("game", "currency", "_placed"))
        .cast(pl.Int64)
        .alias("place"),
        metric.alias("_metric"),
    ).sort(
        "_game_first", "game", "_kind", "currency", pl.col("place").is_null(), "place",
        "_metric", "pots won", "player",
        descending=[False, False, False, False, False, False, True, True, False],
    )  # fmt: skip
    return table.select(STANDINGS_COLUMNS)


def player_order(rows: pl.DataFrame) -> list[str]:
    """Every player, most wins in the season first (all games), then win rate, then name."""
    totals = rows.group_by("player").agg(
        pl.col("winner").sum().alias("wins"), pl.len().alias("rounds")
    )
    return (
        totals.with_columns((pl.col("wins") / pl.col("rounds")).alias("rate"))
        .sort("wins", "rate", "player", descending=[True, True, False])
        .get_column("player")
        .to_list()
    )


TREND_SCHEMA: dict[str, pl.DataType] = {
    "player": pl.String(),
    "night": pl.Int64(),
    "date": pl.Date(),
    "wins": pl.Int64(),
    "cumulative wins": pl.Int64(),
}


def trend(rows: pl.DataFrame, nights: pl.DataFrame, players: Sequence[str]) -> pl.DataFrame:
    """A row per player (in ``players`` order) per poker night from their first on: that night's
    wins and the wins so far."""
    if not players:
        return pl.DataFrame(schema=TREND_SCHEMA)
    played = nights.filter(pl.col("night").is_in(rows.get_column("night").unique().implode()))
    per_night = rows.group_by("player", "night").agg(
        pl.col("winner").sum().cast(pl.Int64).alias("wins")
    )
    first = per_night.group_by("player").agg(pl.col("night").min().alias("first"))
    order = pl.DataFrame({"player": list(players)}).with_row_index("_order")
    grid = (
        order.join(played.select("night", "date"), how="cross")
        .join(first, on="player")
        .filter(pl.col("night") >= pl.col("first"))
        .join(per_night, on=["player", "night"], how="left")
        .with_columns(pl.col("wins").fill_null(0))
        .sort("_order", "night")
    )
    return grid.select(
        "player",
        "night",
        "date",
        "wins",
        pl.col("wins").cum_sum().over("player").alias("cumulative wins"),
    ).cast(TREND_SCHEMA)  # type: ignore[arg-type]


def trend_top(long: pl.DataFrame, nights: pl.DataFrame, players: Sequence[str]) -> pl.DataFrame:
    """The cumulative wins of ``players`` after each poker night: a row per night, a column per
    player (0 before their first night)."""
    shown = [player for player in players if player in set(long.get_column("player"))]
    base = (
        nights.filter(pl.col("night").is_in(long.get_column("night").unique().implode()))
        .select("night", "date")
        .sort("night")
    )
    if not shown:
        return base
    wide = long.filter(pl.col("player").is_in(shown)).pivot(
        on="player", index="night", values="cumulative wins"
    )
    return base.join(wide, on="night", how="left").select(
        "night",
        "date",
        *(pl.col(player).fill_null(0).cast(pl.Int64) for player in shown),
    )


HEAD_TO_HEAD_SCHEMA: dict[str, pl.DataType] = {
    "player": pl.String(),
    "opponent": pl.String(),
    "meetings": pl.Int64(),
    "wins": pl.Int64(),
    "losses": pl.Int64(),
    "splits": pl.Int64(),
    "win %": pl.Float64(),
}


def head_to_head(rows: pl.DataFrame, players: Sequence[str], top: int) -> pl.DataFrame:
    """For each player (in ``players`` order), their ``top`` most frequent opponents at
    showdown, most meetings first (then most wins, then name)."""
    at_showdown = rows.filter(pl.col("showdown")).select("rid", "player", "winner")
    pairs = (
        at_showdown.join(at_showdown, on="rid", suffix="_o")
        .filter(pl.col("player") != pl.col("player_o"))
        .group_by("player", pl.col("player_o").alias("opponent"))
        .agg(
            pl.len().cast(pl.Int64).alias("meetings"),
            (pl.col("winner") & ~pl.col("winner_o")).sum().cast(pl.Int64).alias("wins"),
            (~pl.col("winner") & pl.col("winner_o")).sum().cast(pl.Int64).alias("losses"),
            (pl.col("winner") & pl.col("winner_o")).sum().cast(pl.Int64).alias("splits"),
        )
    )
    if not pairs.height:
        return pl.DataFrame(schema=HEAD_TO_HEAD_SCHEMA)
    order = pl.DataFrame({"player": list(players)}).with_row_index("_order")
    return (
        pairs.join(order, on="player")
        .sort("_order", "meetings", "wins", "opponent", descending=[False, True, True, False])
        .filter(pl.int_range(pl.len()).over("player") < top)
        .with_columns((pl.col("wins") / pl.col("meetings")).alias("win %"))
        .select(list(HEAD_TO_HEAD_SCHEMA))
    )


__all__ = [
    "NO_MONEY",
    "RANK_BY",
    "STANDINGS_COLUMNS",
    "block_ranking",
    "head_to_head",
    "player_order",
    "standings",
    "trend",
    "trend_top",
]
