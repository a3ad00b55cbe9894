"""Nights are dates: each hand's night, each hand counted once, and the table of nights.

* A hand's **local date** is the date of its ``played_at`` in the zone the log wrote
  (``time_zone``: ``ET``, ``CET``, ``GMT+1``, ...; a zone we do not know, or none, is read as
  UTC: a round sheet's date is midnight UTC of that date).  A file without ``played_at`` gives
  its ``date`` column, else an ISO date (``2026-01-05``) in its file name, and the Nights sheet
  says so; else it has **no date**, said so, never one invented (a file's modification time is
  not a date it was played).
* A **night** is (date, tournament).  A file's hands belong to the night its first hand was
  played on; a gap of :data:`NEW_NIGHT_GAP` or more between two hands of one file starts a new
  night (a log running past midnight stays on the night it started; an export of a week is
  several nights).  One-hand files of one day and tournament are one night.
* A hand is **counted once**: its identity is ``(site, tournament, round)`` for a hand log
  (the site's own hand id), and for a round sheet the input's content (its hash in the
  manifest, else its Parquet file) with the sheet and round.  The first by ``played_at``, then
  by path, is counted; the others are left out and said so.
"""

from __future__ import annotations

import datetime as dt
import re

import polars as pl

NEW_NIGHT_GAP = dt.timedelta(hours=6)
"""A pause between two hands of one file this long or longer starts a new night."""

ZONES: dict[str, str] = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "CST": "America/Chicago", "CDT": "America/Chicago",
    "MT": "America/Denver", "MST": "America/Denver", "MDT": "America/Denver",
    "PT": "America/Los_Angeles", "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles",
    "AT": "America/Halifax", "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon", "BST": "Europe/London",
    "CET": "Europe/Paris", "CEST": "Europe/Paris", "EET": "Europe/Athens",
    "EEST": "Europe/Athens", "MSK": "Europe/Moscow", "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo", "KST": "Asia/Seoul",
    "AWST": "Australia/Perth", "ACST": "Australia/Adelaide", "AEST": "Australia/Sydney",
    "AEDT": "Australia/Sydney", "NZT": "Pacific/Auckland", "NZST": "Pacific/Auckland",
    "UTC": "UTC", "GMT": "UTC", "Z": "UTC",
}  # fmt: skip
"""Zones as logs write them, and the IANA zone each names (summer time included)."""

_OFFSET = re.compile(r"^(?:UTC|GMT)([+-])(\d{1,2})(?::?(\d{2}))?$")
_ISO_DATE = r"((?:19|20)\d\d-[01]\d-[0-3]\d)"


def zone_offset(zone: str) -> dt.timedelta | None:
    """A fixed offset written as ``GMT+1``, ``UTC-05:30``; ``None`` for any other text.

    >>> zone_offset("GMT+1"), zone_offset("UTC-05:30"), zone_offset("ET")
    (datetime.timedelta(seconds=3600), datetime.timedelta(days=-1, seconds=66600), None)
    """
    found = _OFFSET.match(zone.strip().upper())
    if found is None:
        return None
    sign = 1 if found.group(1) == "+" else -1
    return sign * dt.timedelta(hours=int(found.group(2)), minutes=int(found.group(3) or 0))


def local_dates(played_at: pl.Expr, zones: list[str | None]) -> pl.Expr:
    """The date of ``played_at`` (UTC) in each row's ``time_zone``; ``zones`` are the zones the
    frame holds (each becomes one branch)."""
    utc = played_at.dt.replace_time_zone(None)
    result: pl.Expr = utc.dt.date()
    for zone in zones:
        if zone is None:
            continue
        offset = zone_offset(zone)
        if offset is not None:
            local = (utc + pl.lit(offset)).dt.date()
        elif zone.strip().upper() in ZONES:
            iana = ZONES[zone.strip().upper()]
            local = played_at.dt.convert_time_zone(iana).dt.date()
        else:
            continue  # a zone we do not know: its UTC date
        result = pl.when(pl.col("time_zone") == zone).then(local).otherwise(result)
    return result


def file_name_dates(rows: pl.DataFrame) -> dict[int, dt.date]:
    """Per Parquet file (its ``file`` number): an ISO date in its input's name, else in its own
    name, where there is one (a file holds one input's rows: looked up once per file)."""
    files = rows.group_by("file").agg(pl.col("source_file").first(), pl.col("path").first())
    named = files.select(
        "file",
        pl.coalesce(
            pl.col("source_file").str.extract(_ISO_DATE), pl.col("path").str.extract(_ISO_DATE)
        )
        .str.to_date(strict=False)
        .alias("named"),
    ).drop_nulls()
    return dict(named.iter_rows())


def hand_dates(rows: pl.DataFrame, names: dict[int, dt.date] | None = None) -> pl.DataFrame:
    """``rows`` with each row's ``local_date`` and its ``date_from`` (``log``, ``date column``,
    ``file name`` or ``none``); ``names``: :func:`file_name_dates` (of ``rows`` when not
    given)."""
    zones = rows.get_column("time_zone").unique().to_list()
    played = pl.col("played_at")
    from_log = local_dates(played, zones)
    if names is None:
        names = file_name_dates(rows)
    named = pl.col("file").replace_strict(names, default=None, return_dtype=pl.Date())
    sheet_day = played.is_not_null() & pl.col("time_zone").is_null()
    # A round sheet's played_at is midnight UTC of its date: from its date column, else (the
    # contract) from an ISO date in its file name; said so when the name holds that date.
    in_name = sheet_day & (named == played.dt.date())
    return rows.with_columns(
        pl.coalesce(from_log, pl.col("date"), named).alias("local_date"),
        pl.when(played.is_not_null() & pl.col("time_zone").is_not_null())
        .then(pl.lit("log"))
        .when(in_name)
        .then(pl.lit("file name"))
        .when(played.is_not_null() | pl.col("date").is_not_null())
        .then(pl.lit("date column"))
        .when(named.is_not_null())
        .then(pl.lit("file name"))
        .otherwise(pl.lit("none"))
        .alias("date_from"),
    )


def hand_identity(content: pl.Expr) -> pl.Expr:
    """A hand's identity as a hash: ``(site, tournament, round)`` for a hand log; for a round
    sheet (no ``site``) its input's ``content`` with the sheet and round."""
    logged = pl.col("site").is_not_null()
    return (
        pl.struct(
            pl.col("site"),
            pl.when(logged).then(pl.lit("")).otherwise(content).alias("_content"),
            pl.col("sheet").fill_null(""),
            pl.col("tournament"),
            pl.col("round"),
        )
        .hash()
        .alias("_hand")
    )


def once_in_nights(rows: pl.DataFrame, content: pl.Expr) -> tuple[pl.DataFrame, int]:
    """``rows`` with every hand counted once, its ``night_date`` and where that date came from
    (``date_from``, see :func:`hand_dates`); and how many repeats of a hand were left out.

    ``content`` names a round sheet's input (its content hash, else its Parquet path).  A hand
    seen in two files is kept from the first by ``played_at``, then path.  A hand's night is the
    date of the session it belongs to: its file's first hand, or the first after a pause of
    :data:`NEW_NIGHT_GAP` (per tournament); a hand without ``played_at`` keeps its own date.
    Dates are worked out once per hand, not per player's row."""
    keyed = rows.with_columns(hand_identity(content))
    names = file_name_dates(keyed)
    if keyed.get_column("played_at").null_count() == keyed.height:
        pairs, ids = keyed.select(
            pl.struct("_hand", "file").n_unique().alias("pairs"),
            pl.col("_hand").n_unique().alias("ids"),
        ).row(0)
        if pairs == ids:  # files from before played_at, no hand twice: a row's date is its night's
            dated = hand_dates(keyed, names)
            return dated.with_columns(pl.col("local_date").alias("night_date")), 0
    hands = hand_dates(
        keyed.group_by("_hand", "file").agg(
            pl.col("tournament").first(),
            pl.col("played_at").min(),
            pl.col("time_zone").first(),
            pl.col("date").min(),
        ),
        names,
    )
    repeats = hands.height - hands.get_column("_hand").n_unique()
    kept = hands
    if repeats:  # the first by played_at, then path (files are numbered in path order)
        kept = hands.sort("played_at", "file", nulls_last=True).unique(
            "_hand", keep="first", maintain_order=True
        )
    if kept.get_column("played_at").null_count() == kept.height:
        # No hand times (files written before played_at): each hand its own date, no pauses.
        sessions = kept.with_columns(pl.col("local_date").alias("night_date"))
    else:
        gap = pl.col("played_at").diff().over("file", "tournament")
        started = gap.is_null() | (gap >= NEW_NIGHT_GAP) | pl.col("played_at").is_null()
        sessions = (
            kept.sort("file", "tournament", "played_at", nulls_last=True)
            .with_columns(
                pl.when(started)
                .then(pl.col("local_date"))
                .forward_fill()
                .over("file", "tournament")
                .alias("night_date")
            )
            .with_columns(
                pl.when(pl.col("played_at").is_null())
                .then(pl.col("local_date"))
                .otherwise(pl.col("night_date"))
                .alias("night_date")
            )
        )
    found = sessions.select("_hand", "file", "night_date", "date_from")
    if not repeats:  # each hand in one file: its identity alone finds its night
        return keyed.join(found.drop("file"), on="_hand", how="left"), 0
    return keyed.join(found, on=["_hand", "file"], how="inner"), repeats


DATE_FROM_TEXT = {
    "log": "the log's hand times",
    "date column": "the sheet's date",
    "file name": "the file's name",
    "none": "no date in the file",
}
"""What the Nights sheet says a night's date came from."""
FILES_NAMED = 3
"""File names listed per night on the Nights sheet (then ``and N more``)."""

NIGHTS_SCHEMA: dict[str, pl.DataType] = {
    "night": pl.Int64(),
    "date": pl.Date(),
    "tournament": pl.String(),
    "files": pl.Int64(),
    "hands": pl.Int64(),
    "Yatzy games": pl.Int64(),
    "date from": pl.String(),
    "file names": pl.String(),
}


def yatzy_nights(rows: pl.DataFrame) -> pl.DataFrame:
    """Yatzy rows with a ``night_date`` each: a file's games are one night, its first date."""
    dated = hand_dates(rows)
    return dated.with_columns(pl.col("local_date").min().over("path").alias("night_date"))


def number_nights(
    poker: pl.DataFrame, yatzy: pl.DataFrame
) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """The nights (see the module notes), numbered by date then tournament then file, and the
    poker and Yatzy rows with their ``night``.  A file without a date is a night of its own."""
    undated = pl.when(pl.col("night_date").is_null()).then(pl.col("path")).otherwise(pl.lit(""))
    keys = ["night_date", "tournament", "_undated"]
    poker = poker.with_columns(undated.alias("_undated"))
    yatzy = yatzy.with_columns(
        undated.alias("_undated"), pl.lit(None, pl.String()).alias("tournament")
    )
    parts = [
        poker.group_by(keys).agg(
            pl.col("path").unique().alias("_files"),
            pl.col("_hand").n_unique().cast(pl.Int64).alias("hands"),
            pl.col("date_from").unique().alias("_from"),
        ),
        yatzy.group_by(keys).agg(
            pl.col("path").unique().alias("_files"),
            pl.struct("path", "sheet", "game").n_unique().cast(pl.Int64).alias("Yatzy games"),
            pl.col("date_from").unique().alias("_from"),
        ),
    ]
    merged = (
        pl.concat(parts, how="diagonal_relaxed")
        .group_by(keys)
        .agg(
            pl.col("_files").list.explode(keep_nulls=False, empty_as_null=False).unique().sort(),
            pl.col("hands").sum(),
            pl.col("Yatzy games").sum(),
            pl.col("_from").list.explode(keep_nulls=False, empty_as_null=False).unique().sort(),
        )
        .with_columns(pl.col("_files").list.first().alias("_first_file"))
        .sort("night_date", "tournament", "_first_file", nulls_last=[True, False, False])
        .with_row_index("night", offset=1)
    )
    more = pl.col("_files").list.len().cast(pl.Int64) - FILES_NAMED
    nights = merged.select(
        pl.col("night").cast(pl.Int64),
        pl.col("night_date").alias("date"),
        "tournament",
        pl.col("_files").list.len().cast(pl.Int64).alias("files"),
        pl.col("hands").fill_null(0),
        pl.col("Yatzy games").fill_null(0),
        pl.col("_from")
        .list.eval(pl.element().replace_strict(DATE_FROM_TEXT, default=pl.element()))
        .list.join(", ")
        .alias("date from"),
        pl.concat_str(
            pl.col("_files").list.head(FILES_NAMED).list.join("; "),
            pl.when(more > 0).then(pl.format(" and {} more", more)).otherwise(pl.lit("")),
        ).alias("file names"),
    ).cast(NIGHTS_SCHEMA)  # type: ignore[arg-type]
    night_key = pl.struct(*keys).hash()
    lookup = dict(merged.select(night_key, pl.col("night").cast(pl.Int64)).iter_rows())

    def numbered(frame: pl.DataFrame) -> pl.DataFrame:
        night = night_key.replace_strict(lookup, return_dtype=pl.Int64())
        return frame.with_columns(night.alias("night")).drop("_undated")

    return nights, numbered(poker), numbered(yatzy)


__all__ = [
    "DATE_FROM_TEXT",
    "NEW_NIGHT_GAP",
    "NIGHTS_SCHEMA",
    "ZONES",
    "file_name_dates",
    "hand_dates",
    "hand_identity",
    "local_dates",
    "number_nights",
    "once_in_nights",
    "yatzy_nights",
    "zone_offset",
]
