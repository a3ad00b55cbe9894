"""The season's ``Player stats``: the tracker statistics of the Parquet (issue 33), added up per
game, currency and player, each percentage beside the number of hands it is out of.

Nothing is computed here that the row data cannot follow: every figure is a sum of the
Parquet's per-hand columns (:mod:`pipeline.games.poker.stats.tracker_stats`), a percentage
``sum(stat) / count(stat)`` (a statistic is null where the player had no chance).  Hands
without actions (round sheets, nights written before the statistics) have none, and are left
out of the sheet; the Standings count them.

>>> rows = pl.DataFrame({
...     "game": ["Hold'em"] * 2, "currency": ["USD"] * 2, "player": ["Ann"] * 2,
...     "big_blind": [1.0, 1.0], "net": [3.0, -1.0], "folded": [False, True],
...     "vpip": [True, False], "pfr": [True, None], "saw_flop": [True, False],
...     "bets": [1, 0], "raises": [0, 0], "calls": [0, 0],
... })
>>> table = player_stats(rows)
>>> table.select("player", "hands", "VPIP %", "VPIP n", "PFR %", "PFR n", "bb/100").row(0)
('Ann', 2, 0.5, 2, 1.0, 1, 100.0)
"""

from __future__ import annotations

import polars as pl

from pipeline.season.poker_tables import NO_MONEY

RATIOS = (
    ("VPIP", "vpip"), ("PFR", "pfr"), ("3-bet", "three_bet"),
    ("fold to 3-bet", "fold_to_three_bet"), ("steal", "steal"), ("c-bet", "cbet"),
    ("fold to c-bet", "fold_to_cbet"),
)  # fmt: skip
"""Heading and Parquet column of the percentages before the aggression factors."""
SHOWDOWN_RATIOS = (
    ("WTSD", "saw_showdown"),
    ("W$SD", "won_at_showdown"),
    ("WWSF", "won_when_saw_flop"),
)
STAT_COLUMNS: dict[str, pl.DataType] = {
    name: pl.Boolean()
    for name in (
        "vpip", "pfr", "three_bet", "fold_to_three_bet", "steal", "cbet", "fold_to_cbet",
        "saw_flop", "saw_showdown", "won_at_showdown", "won_when_saw_flop",
    )
} | {
    "bets": pl.Int64(), "raises": pl.Int64(), "calls": pl.Int64(), "all_in_ev": pl.Float64(),
}  # fmt: skip
"""The Parquet's statistics the season reads (a night written before them: nulls)."""

NOTES = {
    "hands": "hands with the players' actions (a hand-history night); round sheets have none",
    "n": "the hands in which the player had the chance, which the % is out of",
    "VPIP %": "put money in voluntarily before the flop (a call or a raise; posting a blind is "
    "not); out of the hands with a decision before the flop (a walk has none)",
    "PFR %": "raised before the flop; out of the hands with a decision before the flop",
    "3-bet %": "re-raised a single raise before the flop; out of the times facing one",
    "fold to 3-bet %": "opened with a raise, then folded to a re-raise; out of the times the "
    "opening raiser faced a 3-bet",
    "steal %": "raised first in from CO, BTN or SB; out of the times folded to them",
    "c-bet %": "the last raiser before the flop bet the flop; out of the times they saw it "
    "first to act or checked to",
    "fold to c-bet %": "folded to a flop continuation bet; out of the times facing one",
    "AF": "aggression factor: (bets + raises) / calls, flop, turn and river",
    "AFq %": "aggression frequency: (bets + raises) / (bets + raises + calls + folds), flop, "
    "turn and river",
    "WTSD %": "went to showdown, out of the hands where the player saw the flop",
    "W$SD %": "won money at showdown, out of the showdowns",
    "WWSF %": "won money, out of the hands where the player saw the flop",
    "net": "won less put in over these hands, in the block's currency",
    "bb/100": "net in big blinds per 100 hands (money only)",
    "all-in adjusted net": "net with each all-in hand counted at its all-in EV (equity at the "
    "all-in times the whole pot, less put in) instead of its result: the luck of the runouts "
    "taken out",
}
"""The sheet's heading notes (``n`` is every sample size column's)."""


def player_stats(rows: pl.DataFrame) -> pl.DataFrame:
    """Per game, currency and player: hands, each percentage (a fraction: the sheet formats
    it) followed by its sample size ``<name> n``, AF, AFq, net and bb/100; the most hands
    first within a block.  Rows without statistics (no ``vpip`` and no ``saw_flop``) are left
    out."""
    present = rows.with_columns(
        pl.lit(None, dtype=dtype).alias(name)
        for name, dtype in STAT_COLUMNS.items()
        if name not in rows.columns
    )
    present = present.filter(pl.col("saw_flop").is_not_null())
    money = pl.col("currency").is_not_null() & ~pl.col("currency").is_in(list(NO_MONEY))
    per_big_blind = pl.when(money & (pl.col("big_blind") > 0)).then(
        pl.col("net") / pl.col("big_blind")
    )
    aggressive = (pl.col("bets") + pl.col("raises")).sum()
    calls = pl.col("calls").sum()
    postflop_folds = (pl.col("saw_flop") & pl.col("folded").fill_null(False)).sum()
    ratio: list[pl.Expr] = []
    for heading, column in RATIOS:
        ratio += _ratio(heading, column)
    showdown: list[pl.Expr] = []
    for heading, column in SHOWDOWN_RATIOS:
        showdown += _ratio(heading, column)
    table = present.group_by("game", "currency", "player").agg(
        pl.len().cast(pl.Int64).alias("hands"),
        *ratio,
        pl.when(calls > 0).then(aggressive / calls).alias("AF"),
        pl.when(aggressive + calls + postflop_folds > 0)
        .then(aggressive / (aggressive + calls + postflop_folds))
        .alias("AFq %"),
        *showdown,
        pl.when(pl.col("net").is_not_null().any()).then(pl.col("net").sum()).alias("net"),
        pl.when(per_big_blind.count() > 0)
        .then(per_big_blind.sum() * 100 / per_big_blind.count())
        .alias("bb/100"),
        pl.when(pl.col("net").is_not_null().any())
        .then(pl.coalesce("all_in_ev", "net").sum())
        .alias("all-in adjusted net"),
    )
    return table.sort(
        "game", "currency", "hands", "player", descending=[False, False, True, False],
        nulls_last=True,
    )  # fmt: skip


POSITION_ORDER = ("SB", "BB", "UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO", "BTN")
"""The ``By position`` rows' order: the blinds, then the seats in the order they act."""
POSITION_NOTES = {
    "position": "the seat's name relative to the button (heads-up: BTN posts the small blind)",
    "hands": "hands dealt in the seat, every player of the block",
    "VPIP %": NOTES["VPIP %"],
    "PFR %": NOTES["PFR %"],
    "net": "won less put in, every player in the seat together",
    "bb/100": NOTES["bb/100"],
}


def position_stats(rows: pl.DataFrame) -> pl.DataFrame:
    """Per game, currency and position, every player together: hands, VPIP and PFR with their
    sample sizes, net, bb/100; the blinds first, the button last.

    >>> rows = pl.DataFrame({
    ...     "game": ["Hold'em"] * 3, "currency": ["USD"] * 3, "position": ["BTN", "SB", "BB"],
    ...     "big_blind": [1.0] * 3, "net": [3.0, -1.0, -2.0],
    ...     "vpip": [True, False, None], "pfr": [True, False, None], "saw_flop": [False] * 3,
    ... })
    >>> position_stats(rows).select("position", "hands", "VPIP %", "VPIP n").rows()
    [('SB', 1, 0.0, 1), ('BB', 1, None, 0), ('BTN', 1, 1.0, 1)]
    """
    present = rows.with_columns(
        pl.lit(None, dtype=dtype).alias(name)
        for name, dtype in (STAT_COLUMNS | {"position": pl.String()}).items()
        if name not in rows.columns
    ).filter(pl.col("saw_flop").is_not_null() & pl.col("position").is_not_null())
    money = pl.col("currency").is_not_null() & ~pl.col("currency").is_in(list(NO_MONEY))
    per_big_blind = pl.when(money & (pl.col("big_blind") > 0)).then(
        pl.col("net") / pl.col("big_blind")
    )
    table = present.group_by("game", "currency", "position").agg(
        pl.len().cast(pl.Int64).alias("hands"),
        *_ratio("VPIP", "vpip"),
        *_ratio("PFR", "pfr"),
        pl.when(pl.col("net").is_not_null().any()).then(pl.col("net").sum()).alias("net"),
        pl.when(per_big_blind.count() > 0)
        .then(per_big_blind.sum() * 100 / per_big_blind.count())
        .alias("bb/100"),
    )
    order = pl.col("position").replace_strict(
        list(POSITION_ORDER), list(range(len(POSITION_ORDER))), default=len(POSITION_ORDER)
    )
    return table.sort("game", "currency", order, nulls_last=True)


def _ratio(heading: str, column: str) -> list[pl.Expr]:
    stat = pl.col(column)
    return [
        pl.when(stat.count() > 0).then(stat.cast(pl.Float64).mean()).alias(f"{heading} %"),
        stat.count().cast(pl.Int64).alias(f"{heading} n"),
    ]
