"""A round sheet's own facts for the Parquet: the date it was played, its currency and stake.

A sheet may carry a ``date`` column (``Date``, ``day``, ``played``), a ``currency`` column
(``Currency``, ``ccy``) and a ``stake`` column (``Stakes``, ``blinds``; ``1/2``, ``0.5/1``,
``$1/$2``, ``€0.50/€1``, ``1/2 EUR``).  ``played_at`` is midnight UTC of the row's date (a time
in the cell is not the hand's start, so it is not kept); a sheet without a date column takes
an ISO date in its file's name (``2026-03-14-final.csv``), never the file's modification time.
A cell that cannot be read is a row issue naming its column and value, and its round is not
scored, like every other bad cell.

>>> frame = pl.DataFrame({"Date": ["2026-03-14"], "Stakes": ["$1/$2"]})
>>> layout = Layout("players", {"date": "Date", "stake": "Stakes"})
>>> facts, issues = sheet_facts(frame, layout)
>>> facts.select("currency", "small_blind", "big_blind").row(0), issues.height
(('USD', 1.0, 2.0), 0)
>>> str(facts["played_at"][0])
'2026-03-14 00:00:00+00:00'
>>> date_in_name("2026-03-14-final.csv"), date_in_name("night-2026-13-40.csv")
(datetime.date(2026, 3, 14), None)
"""

from __future__ import annotations

import re
from datetime import date

import polars as pl

from pipeline.games.layouts import Layout

FACT_COLUMNS: dict[str, pl.DataType] = {
    "played_at": pl.Datetime("us", "UTC"),
    "currency": pl.String(),
    "small_blind": pl.Float64(),
    "big_blind": pl.Float64(),
}
"""What a round sheet's row tells the Parquet besides its cards."""
FACT_ROLES = ("date", "currency", "stake")
"""The layout roles (:data:`pipeline.games.layouts._ALIASES`) these facts are read from."""

CURRENCY_OF_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP"}
NO_MONEY = ("chips", "play")
"""Currencies that are not money: tournament chips and play money (the contract's words)."""

_DATE = r"^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][0-9:.]*)?\s*$"
_AMOUNT = r"(\d+(?:\.\d+)?|\.\d+)"
_SYMBOL = r"([$€£])?"
_STAKE = rf"^\s*{_SYMBOL}\s*{_AMOUNT}\s*/\s*{_SYMBOL}\s*{_AMOUNT}\s*([A-Za-z]{{3}})?\s*$"
_NAME_DATE = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")


def date_in_name(name: str) -> date | None:
    """The first valid ISO date (``YYYY-MM-DD``) in a file's name, else ``None``."""
    for found in _NAME_DATE.finditer(name):
        try:
            return date(int(found[1]), int(found[2]), int(found[3]))
        except ValueError:
            continue
    return None


def _cell(frame: pl.DataFrame, layout: Layout, role: str) -> pl.Expr:
    """The role's column as trimmed text, blank as null (a null column without it)."""
    if role not in layout.columns:
        return pl.lit(None, dtype=pl.String)
    text = pl.col(layout.columns[role]).cast(pl.String).str.strip_chars()
    return pl.when(text.str.len_chars() > 0).then(text)


def sheet_facts(frame: pl.DataFrame, layout: Layout) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Per sheet row (``row_id``): :data:`FACT_COLUMNS`; and an issue (``row_id, column, value,
    message``) for each date, currency or stake cell that cannot be read."""
    cells = frame.select(
        pl.int_range(pl.len(), dtype=pl.Int64).alias("row_id"),
        _cell(frame, layout, "date").alias("date"),
        _cell(frame, layout, "currency").alias("currency_text"),
        _cell(frame, layout, "stake").alias("stake"),
    )
    parts = pl.col("date").str.extract_groups(_DATE)
    iso = pl.format(
        "{}-{}-{}",
        parts.struct.field("1"),
        parts.struct.field("2").str.zfill(2),
        parts.struct.field("3").str.zfill(2),
    )
    stake = pl.col("stake").str.extract_groups(_STAKE)
    symbol = pl.coalesce(stake.struct.field("1"), stake.struct.field("3"))
    lowered = pl.col("currency_text").str.to_lowercase()
    written = (
        pl.when(lowered.is_in(NO_MONEY))
        .then(lowered)
        .when(pl.col("currency_text").str.contains(r"^[A-Za-z]{3}$"))
        .then(pl.col("currency_text").str.to_uppercase())
        .when(pl.col("currency_text").is_in(list(CURRENCY_OF_SYMBOL)))
        .then(pl.col("currency_text").replace(CURRENCY_OF_SYMBOL))
    )
    # a sheet repeats its date and stake on every row: each distinct cell is read once
    texts = ["date", "currency_text", "stake"]
    distinct = cells.select(texts).unique()
    read = distinct.with_columns(
        iso.str.to_date("%Y-%m-%d", strict=False).alias("day"),
        written.alias("currency"),
        stake.struct.field("2").cast(pl.Float64).alias("small_blind"),
        stake.struct.field("4").cast(pl.Float64).alias("big_blind"),
        pl.coalesce(
            symbol.replace(CURRENCY_OF_SYMBOL), stake.struct.field("5").str.to_uppercase()
        ).alias("stake_currency"),
    )
    read = cells.join(read, on=texts, how="left", nulls_equal=True, maintain_order="left")
    facts = read.select(
        "row_id",
        pl.col("day").cast(pl.Datetime("us")).dt.replace_time_zone("UTC").alias("played_at"),
        pl.coalesce("currency", "stake_currency").alias("currency"),
        "small_blind",
        "big_blind",
    )
    problems = [
        (
            "date",
            pl.col("date").is_not_null() & pl.col("day").is_null(),
            "date",
            "is not a date: write it YYYY-MM-DD (2026-03-14)",
        ),
        (
            "currency",
            pl.col("currency_text").is_not_null() & pl.col("currency").is_null(),
            "currency_text",
            "is not a currency: an ISO code (USD, EUR, GBP), a sign ($, €, £), chips or play",
        ),
        (
            "stake",
            pl.col("stake").is_not_null()
            & (pl.col("big_blind").is_null() | (pl.col("small_blind") > pl.col("big_blind"))),
            "stake",
            "is not a stake: small blind / big blind (1/2, 0.5/1, $1/$2)",
        ),
    ]
    found = [
        read.filter(bad).select(
            "row_id",
            pl.lit(layout.columns[role]).alias("column"),
            pl.col(value).alias("value"),
            pl.format(f"{role} '{{}}' {message}", pl.col(value)).alias("message"),
        )
        for role, bad, value, message in problems
        if role in layout.columns
    ]
    return facts, pl.concat([_NO_ISSUES, *found])


_NO_ISSUES = pl.DataFrame(
    schema={"row_id": pl.Int64, "column": pl.String, "value": pl.String, "message": pl.String}
)
