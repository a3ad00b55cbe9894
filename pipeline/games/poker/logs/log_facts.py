"""A hand log's facts for the Parquet: the data contract's columns a reader gives, typed as the
Parquet types them, and what is computed from the log here (the player's position, the
table's size where the log does not say it).

The readers' sheets hold text cells; the facts are typed back here whether or not the reader's
own schema (:data:`pipeline.sources.hand_histories.ROW_SCHEMA`) lists them yet, so a log without
them gives nulls and a log with them carries them through.
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from pipeline.games.poker.logs.positions import position
from pipeline.records.hand_log import STUD_DRAW_COLUMNS
from schemas.holdem import POKER_PARQUET_SCHEMA

LOG_FACTS = (
    "site", "played_at", "time_zone", "currency", "small_blind", "big_blind", "ante", "format",
    "buy_in", "buy_in_currency", "table_size", "actions",
    *STUD_DRAW_COLUMNS, "run_boards",
)  # fmt: skip
"""The data contract's columns a hand-history reader gives (null where the log does not say),
carried into the Parquet as they are (a stud or draw hand's ``bring_in``, ``small_bet``,
``big_bet``, ``up_cards`` and ``draws``, then a board run twice's ``run_boards``, last);
``position`` and ``net`` are computed by the scorer."""
HAND = ("tournament", "table", "hand_id")


def with_typed_facts(log: pl.DataFrame, cells: pl.DataFrame) -> pl.DataFrame:
    """``log`` (the typed log) with each of :data:`LOG_FACTS` that ``cells`` (the sheet's text)
    has and ``log`` has not, typed as the Parquet types it (``played_at``: ISO text, ``Z`` or
    an offset, to UTC; unreadable text is null, never a failed file).

    >>> cells = pl.DataFrame({"played_at": ["2020-01-01T17:00:00Z"], "big_blind": ["0.5"]})
    >>> typed = with_typed_facts(pl.DataFrame({"player": ["Ann"]}), cells)
    >>> typed.columns, typed["big_blind"].item(), str(typed["played_at"].item())
    (['player', 'played_at', 'big_blind'], 0.5, '2020-01-01 17:00:00+00:00')
    """
    missing = [name for name in LOG_FACTS if name in cells.columns and name not in log.columns]
    return log.with_columns(_typed(cells[name], POKER_PARQUET_SCHEMA[name]) for name in missing)


def _typed(text: pl.Series, dtype: pl.DataType) -> pl.Series:
    if isinstance(dtype, pl.Datetime):
        return text.str.to_datetime(time_zone="UTC", time_unit="us", strict=False)
    return text.cast(dtype, strict=False)


def log_facts(log: pl.DataFrame, hand: Sequence[str] = HAND) -> pl.DataFrame:
    """Per row of the typed log (``row_id``, ``seat``, ``button``): its facts, the player's
    position, and the table's size (the seats dealt in where the log does not give the
    table's)."""
    dealt_in = pl.col("seat").count().over(hand)
    size = pl.col("table_size").fill_null(dealt_in) if "table_size" in log.columns else dealt_in
    return log.select(
        "row_id",
        *(name for name in LOG_FACTS if name in log.columns and name != "table_size"),
        size.cast(pl.Int64).alias("table_size"),
        position(pl.col("seat"), pl.col("button"), hand).alias("position"),
    )
