"""What a PokerStars hand's header line says about the whole hand: its site, time zone, money,
stakes, format and buy-in, read once per hand for both paths of the reader.

The compiled scanner and the line reader both hand over each hand's header line as it is (a
``_header`` column); :func:`finish_rows` reads it here with polars' vectorised patterns, one row
per hand, so the two paths cannot disagree on these columns, and returns the rows in
:data:`~pipeline.sources.hand_log.ROW_SCHEMA`.

>>> headers = pl.Series([
...     "PokerStars Hand #1: Tournament #9, $10+$1 USD Hold'em No Limit - Level I (10/20)"
...     " - 2012/01/01 12:00:00 CET [2012/01/01 6:00:00 ET]",
...     "PokerStars Hand #2:  Hold'em No Limit (€0.25/€0.50 EUR) - 2021/07/30 0:40:29 ET",
...     "PokerStars Hand #3:  Hold'em No Limit (10/20) - 2021/07/30 0:40:29 GMT+1"])
>>> header_columns(headers).drop("site").rows()
[('CET', 'chips', 10.0, 20.0, 'tournament', 11.0, 'USD'), \
('ET', 'EUR', 0.25, 0.5, 'cash', None, None), \
('GMT+1', 'play', 10.0, 20.0, 'cash', None, None)]
"""

from __future__ import annotations

import polars as pl

from pipeline.sources.hand_log import ROW_SCHEMA, with_played_at

SITE = "PokerStars"
HEADER_COLUMN = "_header"
DERIVED_COLUMNS = (
    "site",
    "played_at",
    "time_zone",
    "currency",
    "small_blind",
    "big_blind",
    "format",
    "buy_in",
    "buy_in_currency",
)
"""The row columns read from the header line here; the readers give the others."""
CURRENCY_MARKS = {"$": "USD", "€": "EUR", "£": "GBP"}
"""Currency symbols as PokerStars writes them before an amount, to their ISO codes."""

_NUMBER = r"\d[\d,]*(?:\.\d+)?"
# The first date of the line (the line reader's _DATE) and the zone written after it.
_ZONE = r"\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2}(?: ([A-Za-z][\w+\-:/]*))?"
# "($0.25/$0.50 USD)", a tournament level's "(10/20)", a mixed game's "(Razz Limit, $0.10/$0.20
# USD)": the mark, the small blind, the big blind and the ISO code.
_STAKES = rf"\((?:[^()]*?, )?([$€£]?)({_NUMBER})/[$€£]?({_NUMBER})(?: ([A-Z]{{3}}))?\)"
# "Tournament #9, $10+$1 USD", "Tournament #9, €4.55+€4.55+€0.90 EUR", "Tournament #9, Freeroll"
_BUY_IN = r"Tournament #\d+, +(\S*\d\S*|Freeroll)(?: ([A-Z]{3}))?"


def _number(expr: pl.Expr) -> pl.Expr:
    return expr.str.replace_all(",", "", literal=True).cast(pl.Float64, strict=False)


def _marked(mark: pl.Expr) -> pl.Expr:
    return mark.replace_strict(CURRENCY_MARKS, default=None, return_dtype=pl.String)


def header_columns(headers: pl.Series) -> pl.DataFrame:
    """The :data:`DERIVED_COLUMNS` but ``played_at`` (and ``date`` for it: the local time
    comes from the readers) of each header line."""
    header = pl.col(HEADER_COLUMN)
    stakes = header.str.extract_groups(_STAKES)
    buy_in = header.str.extract_groups(_BUY_IN)
    tournament = buy_in.struct.field("1").is_not_null()
    stakes_mark = stakes.struct.field("1")
    cash_currency = (
        pl.when(stakes.struct.field("2").is_null())
        .then(None)
        .otherwise(
            pl.coalesce(stakes.struct.field("4"), _marked(stakes_mark), pl.lit("play"))
        )
    )
    buy_in_token = buy_in.struct.field("1")
    return pl.DataFrame({HEADER_COLUMN: headers}).select(
        pl.lit(SITE).alias("site"),
        header.str.extract(_ZONE, 1).alias("time_zone"),
        pl.when(tournament).then(pl.lit("chips")).otherwise(cash_currency).alias("currency"),
        _number(stakes.struct.field("2")).alias("small_blind"),
        _number(stakes.struct.field("3")).alias("big_blind"),
        pl.when(tournament).then(pl.lit("tournament")).otherwise(pl.lit("cash")).alias("format"),
        pl.when(buy_in_token == "Freeroll")
        .then(0.0)
        .otherwise(
            buy_in_token.str.extract_all(_NUMBER)
            .list.eval(_number(pl.element()))
            .list.sum()
        )
        .alias("buy_in"),
        pl.when(buy_in_token == "Freeroll")
        .then(None)
        .otherwise(
            pl.coalesce(buy_in.struct.field("2"), _marked(buy_in_token.str.slice(0, 1)))
        )
        .alias("buy_in_currency"),
    )


def finish_rows(rows: pl.DataFrame) -> pl.DataFrame:
    """Rows with a ``_header`` column (a hand's rows one after another, sharing its first
    line) as :data:`~pipeline.sources.hand_log.ROW_SCHEMA` rows: the header read once per
    hand, ``played_at`` from ``date`` and the zone."""
    if rows.height == 0:
        return pl.DataFrame(schema=ROW_SCHEMA)
    starts = (rows["line"] != rows["line"].shift(1)).fill_null(True)
    hand_of_row = starts.cast(pl.UInt32).cum_sum() - 1
    firsts = rows.filter(starts)
    hands = with_played_at(
        pl.concat(
            [firsts.select("date"), header_columns(firsts[HEADER_COLUMN])], how="horizontal"
        )
    ).drop("date")
    by_row = hands.select(pl.all().gather(hand_of_row))
    whole = pl.concat([rows.drop(HEADER_COLUMN), by_row], how="horizontal")
    return whole.select(pl.col(name).cast(dtype) for name, dtype in ROW_SCHEMA.items())
