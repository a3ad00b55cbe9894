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

from collections.abc import Sequence

import polars as pl

from pipeline.records.betting_rounds import BETTING, LAST_TO_ACT, LATER_STREETS
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
DRAW_RATIOS = (("stand pat", "stand_pat"),)
"""The draw games' own percentage, last before the money (other games' blocks leave it out)."""
STAT_COLUMNS: dict[str, pl.DataType] = {
    name: pl.Boolean()
    for name in (
        "vpip", "pfr", "three_bet", "fold_to_three_bet", "steal", "cbet", "fold_to_cbet",
        "saw_flop", "saw_showdown", "won_at_showdown", "won_when_saw_flop",
    )
} | {
    "bets": pl.Int64(), "raises": pl.Int64(), "calls": pl.Int64(), "all_in_ev": pl.Float64(),
} | {
    f"{count}_{street}": pl.Int64()
    for street in LATER_STREETS
    for count in ("bets", "raises", "calls")
} | {"fold_street": pl.String(), "stand_pat": pl.Boolean()}  # fmt: skip
"""The Parquet's statistics the season reads (a night written before them: nulls)."""
SECOND_STREET = "the flop (stud: fourth street; a draw game: the first draw)"


def _said(street: str) -> str:
    """A street as a note says it: ``the flop``, ``fourth street``, ``the betting after draw 2``."""
    if street.startswith("draw"):
        return f"the betting after draw {street.removeprefix('draw')}"
    return f"the {street}" if street in ("flop", "turn", "river") else f"{street} street"


NOTES = {
    "hands": "hands with the players' actions (a hand-history night); round sheets have none",
    "n": "the hands in which the player had the chance, which the % is out of",
    "VPIP %": "put money in voluntarily before the flop (stud: on third street; a draw game: "
    "before the first draw): a call, a completion or a raise; posting a blind, an ante or a "
    "bring-in is not; out of the hands with a decision then (a walk has none)",
    "PFR %": "raised before the flop (stud: completed the bring-in or raised on third street); "
    "out of the hands with a decision then",
    "3-bet %": "made the third full bet of the first street (re-raised a single raise; stud: "
    "re-raised a raise of the completion); out of the times facing two bets",
    "fold to 3-bet %": "made the first street's second bet (the open raise; stud: the raise of "
    "the completion), then folded to a 3-bet; out of the times that raiser faced one",
    "steal %": "raised first in from CO, BTN or SB (stud: completed first in from the last "
    "three seats to act on third street, the bring-in's aside); out of the times folded to them",
    "c-bet %": f"the last raiser of the first street bet {SECOND_STREET}; out of the times "
    "they acted there first or checked to",
    "fold to c-bet %": "folded to a continuation bet; out of the times facing one",
    "AF": "aggression factor: (bets + raises) / calls, every street after the first",
    "AFq %": "aggression frequency: (bets + raises) / (bets + raises + calls + folds), every "
    "street after the first",
    **{
        name: f"{what}, on {_said(street)} only"
        for street in LATER_STREETS
        for name, what in (
            (f"AF {street}", "aggression factor: (bets + raises) / calls"),
            (
                f"AFq {street} %",
                "aggression frequency: (bets + raises) / (bets + raises + calls + folds)",
            ),
        )
    },
    "WTSD %": f"went to showdown, out of the hands where the player saw {SECOND_STREET}",
    "W$SD %": "won money at showdown, out of the showdowns",
    "WWSF %": f"won money, out of the hands where the player saw {SECOND_STREET}",
    "stand pat %": "stood pat (changed no card) at the first draw, out of the hands where the "
    "player reached it (draw games only)",
    "net": "won less put in over these hands, in the block's currency",
    "bb/100": "net in big blinds per 100 hands (money only)",
    "all-in adjusted net": "net with each all-in hand counted at its all-in EV (equity at the "
    "all-in times each pot the player could win, less put in) instead of its result: the luck "
    "of the runouts taken out; a hand without the figure (--no-equity) at its net; empty in stud "
    "and draw games, which have no all-in EV",
}
"""The sheet's heading notes (``n`` is every sample size column's)."""


NO_ALL_IN_EV = tuple(game for game, betting in BETTING.items() if betting.family != "board")
"""The stud and draw games: no board, so no all-in EV and no all-in adjusted net (stud's luck is
in its per-street win chances; before a draw nobody's final hand is fixed)."""


def player_stats(rows: pl.DataFrame) -> pl.DataFrame:
    """Per game, currency and player: hands, each percentage (a fraction: the sheet formats
    it) followed by its sample size ``<name> n``, AF, AFq, then AF and AFq per street after the
    first (every game's streets: a block shows its own game's), net and bb/100; the most hands
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
    for heading, column in (*SHOWDOWN_RATIOS, *DRAW_RATIOS):
        showdown += _ratio(heading, column)
    table = present.group_by("game", "currency", "player").agg(
        pl.len().cast(pl.Int64).alias("hands"),
        *ratio,
        pl.when(calls > 0).then(aggressive / calls).alias("AF"),
        pl.when(aggressive + calls + postflop_folds > 0)
        .then(aggressive / (aggressive + calls + postflop_folds))
        .alias("AFq %"),
        *(figure for street in LATER_STREETS for figure in _street_aggression(street)),
        *showdown,
        pl.when(pl.col("net").is_not_null().any()).then(pl.col("net").sum()).alias("net"),
        pl.when(per_big_blind.count() > 0)
        .then(per_big_blind.sum() * 100 / per_big_blind.count())
        .alias("bb/100"),
        # a game without a board has no all-in EV (docs/statistics.md): its net is no
        # adjusted net, so the figure is left empty rather than repeat the net under that name
        pl.when(pl.col("net").is_not_null().any() & ~pl.col("game").is_in(NO_ALL_IN_EV).all())
        .then(pl.coalesce("all_in_ev", "net").sum())
        .alias("all-in adjusted net"),
    )
    return table.sort(
        "game", "currency", "hands", "player", descending=[False, False, True, False],
        nulls_last=True,
    )  # fmt: skip


POSITION_ORDER = ("SB", "BB", "UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO", "BTN")
"""The ``By position`` rows' order: the blinds, then the seats in the order they act."""
NO_POSITIONS = tuple(game for game, betting in BETTING.items() if betting.steal_seat == LAST_TO_ACT)
"""The stud games: no ``By position`` block (no button; the order of action changes every street
with the upcards: the bring-in acts first on third street, the best board from fourth on)."""
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
    sample sizes, net, bb/100; the blinds first, the button last.  Not for the stud games
    (:data:`NO_POSITIONS`).

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
    ).filter(
        pl.col("saw_flop").is_not_null()
        & pl.col("position").is_not_null()
        & ~pl.col("game").is_in(NO_POSITIONS)
    )
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


def _street_aggression(street: str) -> list[pl.Expr]:
    """AF and AFq on one street after the first, from the Parquet's counts per street (a fold
    there: ``fold_street``)."""
    aggressive = (pl.col(f"bets_{street}") + pl.col(f"raises_{street}")).sum()
    calls = pl.col(f"calls_{street}").sum()
    folds = (pl.col("fold_street") == street).sum()
    return [
        pl.when(calls > 0).then(aggressive / calls).alias(f"AF {street}"),
        pl.when(aggressive + calls + folds > 0)
        .then(aggressive / (aggressive + calls + folds))
        .alias(f"AFq {street} %"),
    ]


def _ratio(heading: str, column: str) -> list[pl.Expr]:
    stat = pl.col(column)
    return [
        pl.when(stat.count() > 0).then(stat.cast(pl.Float64).mean()).alias(f"{heading} %"),
        stat.count().cast(pl.Int64).alias(f"{heading} n"),
    ]


NIGHT_SCHEMA: dict[str, pl.DataType] = {
    "game": pl.String(), "currency": pl.String(), "player": pl.String(), "night": pl.Int64(),
    "date": pl.Date(), "hands": pl.Int64(), "net": pl.Float64(), "cumulative net": pl.Float64(),
    "VPIP %": pl.Float64(), "VPIP n": pl.Int64(), "PFR %": pl.Float64(), "PFR n": pl.Int64(),
}  # fmt: skip
"""The columns of :func:`night_stats`."""
NIGHT_NOTES = {
    "night": "a date and tournament, numbered by date (the Nights sheet)",
    "date": "the night's date: a log's first hand in its own time zone, else a sheet's date",
    "hands": "hands the player was dealt that night in this game and currency",
    "net": "won less put in that night, in the block's currency; empty: no money recorded",
    "cumulative net": "net from the player's first night in this game and currency up to this one",
    "VPIP %": NOTES["VPIP %"],
    "PFR %": NOTES["PFR %"],
}


def night_stats(rows: pl.DataFrame, nights: pl.DataFrame) -> pl.DataFrame:
    """Per game, currency, player and night the player was dealt in: the night's date, hands,
    net, the net so far (``cumulative net``, over the player's nights in that game and currency),
    VPIP and PFR with their samples.  Every hand counts in ``hands`` and ``net`` (a round sheet's
    too); VPIP and PFR only where the night's hands have actions.  Ordered by block, then
    player, then night.

    >>> rows = pl.DataFrame({
    ...     "game": ["Hold'em"] * 3, "currency": ["USD"] * 3, "player": ["Ann"] * 3,
    ...     "night": [1, 2, 2], "net": [5.0, -2.0, 1.0], "vpip": [True, False, None],
    ...     "pfr": [False, False, None],
    ... })
    >>> nights = pl.DataFrame({"night": [1, 2], "date": [None, None]},
    ...                       schema_overrides={"date": pl.Date})
    >>> night_stats(rows, nights).select("night", "hands", "net", "cumulative net", "VPIP n").rows()
    [(1, 1, 5.0, 5.0, 1), (2, 2, -1.0, 4.0, 1)]
    """
    present = rows.with_columns(
        pl.lit(None, dtype=dtype).alias(name)
        for name, dtype in (STAT_COLUMNS | {"net": pl.Float64(), "currency": pl.String()}).items()
        if name not in rows.columns
    )
    per_night = present.group_by("game", "currency", "player", "night").agg(
        pl.len().cast(pl.Int64).alias("hands"),
        pl.when(pl.col("net").is_not_null().any()).then(pl.col("net").sum()).alias("net"),
        *_ratio("VPIP", "vpip"),
        *_ratio("PFR", "pfr"),
    )
    dated = per_night.join(nights.select("night", "date"), on="night", how="left").sort(
        "game", "currency", "player", "night", nulls_last=True
    )
    block = ("game", "currency", "player")
    cumulative = (
        pl.when(pl.col("net").is_not_null().any().over(block))
        .then(pl.col("net").fill_null(0.0).cum_sum().over(block))
        .alias("cumulative net")
    )
    return dated.with_columns(cumulative).select(
        pl.col(name).cast(dtype) for name, dtype in NIGHT_SCHEMA.items()
    )


def net_by_date(table: pl.DataFrame, players: Sequence[str]) -> pl.DataFrame:
    """One block of :func:`night_stats` (one game and currency) as the Trend sheet charts it: a
    row per night of the block (its number and date), a column per player of ``players`` (in
    that order): their cumulative net after that night, flat over the nights they missed, 0
    before their first.

    >>> table = pl.DataFrame({
    ...     "player": ["Ann", "Bob", "Ann"], "night": [1, 2, 3], "cumulative net": [5.0, -1.0, 2.0],
    ...     "date": [None, None, None]}, schema_overrides={"date": pl.Date})
    >>> net_by_date(table, ["Ann", "Bob"]).rows()
    [(1, None, 5.0, 0.0), (2, None, 5.0, -1.0), (3, None, 2.0, -1.0)]
    """
    base = table.select("night", "date").unique().sort("night")
    shown = [player for player in players if player in set(table.get_column("player"))]
    if not shown:
        return base
    wide = table.filter(pl.col("player").is_in(shown)).pivot(
        on="player", index="night", values="cumulative net"
    )
    return (
        base.join(wide, on="night", how="left")
        .sort("night")
        .select(
            "night",
            "date",
            *(pl.col(player).forward_fill().fill_null(0.0).cast(pl.Float64) for player in shown),
        )
    )


def net_trends(table: pl.DataFrame, top: int) -> tuple[tuple[str, str | None, pl.DataFrame], ...]:
    """Per game and currency of :func:`night_stats` with money (a ``net``): the block's game,
    currency and :func:`net_by_date` of its ``top`` players by hands (then name)."""
    blocks: list[tuple[str, str | None, pl.DataFrame]] = []
    with_money = table.filter(pl.col("cumulative net").is_not_null())
    for game, currency in with_money.select("game", "currency").unique(maintain_order=True).rows():
        block = with_money.filter(
            (pl.col("game") == game) & pl.col("currency").eq_missing(currency)
        )
        players = (
            block.group_by("player")
            .agg(pl.col("hands").sum())
            .sort("hands", "player", descending=[True, False])
            .head(top)
            .get_column("player")
            .to_list()
        )
        blocks.append((game, currency, net_by_date(block, players)))
    return tuple(blocks)
