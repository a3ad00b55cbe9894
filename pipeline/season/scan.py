"""Reading a season: every night's scored Parquet under a folder, scanned lazily.

Reading (:func:`scan_season`) finds every ``*.parquet`` under a folder tree and tells the games
apart by columns: a file with ``strength`` holds poker rows, one with ``dice`` Yatzy rows (a file
from the older job may hold both: then a row with dice is a Yatzy row, any other a poker row).
Optional columns (``tournament``, ``table``, ``seat``, ``date``, the ``win_*`` street figures,
and the contract's ``site``, ``played_at``, ``time_zone``, ``currency``, ``big_blind``,
``format``, ``net``) are added as nulls where a file lacks them, so files written before them
still scan.  A poker file's ``game``, the variant dealt, is :data:`DEFAULT_GAME` where the file
lacks it or a row holds none (older nights are Hold'em).  ``net`` is the file's ``net``, else
its ``chips_won``, else ``won - put_in``.  Every row carries the Parquet file it came from
(``path``, relative to the folder) and its input's ``content`` (below).

**Live outputs only.**  Where a folder holds a job's ``manifest.json``, the Parquet files under
it are read only when the manifest lists them as an entry's output: an output left beside by a
renamed or deleted input that the manifest no longer names is stale, skipped and said so.  The
entry's content hash (``sha256``) is the input's ``content``: a renamed or re-linked input whose
old outputs are still listed is one content, counted once (:mod:`pipeline.season.nights`).
A folder without a manifest is read whole, each file its own content.

:func:`scan_season` only reads; :mod:`pipeline.season.report` computes the tables from the
:class:`Season` it returns.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from pipeline.season.player_stats import STAT_COLUMNS
from pipeline.sinks.manifest import HAND_INDEX, MANIFEST

DEFAULT_GAME = "Hold'em"
"""The poker game of a row whose file has no ``game`` column (written before there was one)."""


PLAYED_AT = pl.Datetime("us", "UTC")

POKER_SCHEMA: dict[str, pl.DataType] = {
    "game": pl.String(),
    "source_file": pl.String(),
    "sheet": pl.String(),
    "tournament": pl.String(),
    "round": pl.String(),
    "player": pl.String(),
    "cards": pl.String(),
    "folded": pl.Boolean(),
    "strength": pl.UInt16(),
    "hand_detail": pl.String(),
    "winner": pl.Boolean(),
    "share": pl.Float64(),
    "win_preflop": pl.Float64(),
    "win_flop": pl.Float64(),
    "win_turn": pl.Float64(),
    "net": pl.Float64(),
    "date": pl.Date(),
    "site": pl.String(),
    "played_at": PLAYED_AT,
    "time_zone": pl.String(),
    "currency": pl.String(),
    "big_blind": pl.Float64(),
    "format": pl.String(),
    "position": pl.String(),
    **STAT_COLUMNS,
}
"""Poker columns the report reads, with the type each is cast to."""
POKER_REQUIRED = ("round", "player", "cards", "folded", "strength", "winner")

YATZY_SCHEMA: dict[str, pl.DataType] = {
    "source_file": pl.String(),
    "sheet": pl.String(),
    "game": pl.String(),
    "round": pl.Int64(),
    "player": pl.String(),
    "category": pl.String(),
    "score": pl.Int64(),
    "total": pl.Int64(),
    "winner": pl.Boolean(),
    "date": pl.Date(),
    "played_at": PLAYED_AT,
    "time_zone": pl.String(),
}
"""Yatzy columns the report reads, with the type each is cast to."""
YATZY_REQUIRED = ("round", "player", "dice", "category", "score", "total", "winner")
SOURCE_SCHEMA: dict[str, pl.DataType] = {
    "path": pl.String(),
    "content": pl.String(),
    "file": pl.UInt32(),
}
"""Added to every row: its Parquet file (relative to the season folder), its content, and the
file's number in path order (a cheap key to group and join on)."""


class SeasonError(ValueError):
    """The season cannot be read: no such folder, no Parquet, or a file missing a column."""


@dataclass(frozen=True)
class Season:
    """The lazily scanned season: poker rows and Yatzy rows, each with its ``path`` and
    ``content``; Parquet files that hold neither game (``skipped``) and outputs a manifest does
    not list (``stale``)."""

    poker: pl.LazyFrame
    yatzy: pl.LazyFrame
    skipped: tuple[str, ...] = ()
    stale: tuple[str, ...] = ()


def _as_date(name: str, dtype: pl.DataType) -> pl.Expr:
    column = pl.col(name)
    if dtype == pl.String:
        return column.str.to_date(strict=False)
    if dtype.is_temporal() or dtype.is_numeric():
        return column.cast(pl.Date, strict=False)
    return pl.lit(None, dtype=pl.Date())


def _as_played_at(dtype: pl.DataType) -> pl.Expr:
    column = pl.col("played_at")
    if isinstance(dtype, pl.Datetime):
        if dtype.time_zone is None:  # written without a zone: the contract's UTC
            return column.dt.replace_time_zone("UTC").dt.cast_time_unit("us")
        return column.dt.convert_time_zone("UTC").dt.cast_time_unit("us")
    if dtype == pl.Date:
        return column.cast(pl.Datetime("us")).dt.replace_time_zone("UTC")
    if dtype == pl.String:
        return column.str.to_datetime(time_unit="us", time_zone="UTC", strict=False)
    return pl.lit(None, dtype=PLAYED_AT)


def _column(name: str, dtype: pl.DataType, schema: pl.Schema, poker: bool) -> pl.Expr:
    if poker and name == "game":
        # The poker variant; Yatzy's own ``game`` (a game's name) is read by the Yatzy frame.
        present = pl.col(name).cast(dtype) if name in schema else pl.lit(None, dtype=dtype)
        return present.fill_null(DEFAULT_GAME).alias(name)
    if name == "net":
        # The contract's net; older files: chips_won, or chips collected less chips put in.
        parts = [pl.col(n).cast(dtype, strict=False) for n in ("net", "chips_won") if n in schema]
        if {"won", "put_in"} <= set(schema):
            parts.append((pl.col("won") - pl.col("put_in")).cast(dtype))
        return (pl.coalesce(parts) if parts else pl.lit(None, dtype=dtype)).alias(name)
    if name not in schema:
        return pl.lit(None, dtype=dtype).alias(name)
    if name == "date":
        return _as_date(name, schema[name]).alias(name)
    if name == "played_at":
        return _as_played_at(schema[name]).alias(name)
    return pl.col(name).cast(dtype, strict=False)


def _frame_for(
    path: Path,
    schema: pl.Schema,
    wanted: dict[str, pl.DataType],
    required: Sequence[str],
    rows: pl.Expr,
    source: tuple[str, str, int],
) -> pl.LazyFrame:
    missing = [name for name in required if name not in schema]
    if missing:
        raise SeasonError(f"{path}: no column {', '.join(missing)}")
    poker = "strength" in wanted
    columns = [_column(name, dtype, schema, poker) for name, dtype in wanted.items()]
    columns += [
        pl.lit(value, dtype=SOURCE_SCHEMA[key]).alias(key)
        for key, value in zip(SOURCE_SCHEMA, source, strict=True)
    ]
    return pl.scan_parquet(path).filter(rows).select(columns)


def _live_outputs(folder: Path) -> dict[Path, dict[str, str]]:
    """Per folder holding a manifest: its listed outputs (resolved path -> content hash)."""
    listed: dict[Path, dict[str, str]] = {}
    for manifest in sorted(folder.rglob(MANIFEST)):
        try:
            files = json.loads(manifest.read_text(encoding="utf-8")).get("files", {})
        except (OSError, ValueError, AttributeError):
            continue  # a broken manifest: its folder is read whole, as without one
        if not isinstance(files, dict):
            continue
        home = manifest.parent.resolve()
        outputs: dict[str, str] = {}
        for entry in files.values():
            if not isinstance(entry, dict) or not isinstance(entry.get("outputs"), dict):
                continue
            digest = str(entry.get("sha256") or "")
            for written in entry["outputs"].values():
                outputs[str(written)] = digest
        live: dict[str, str] = {}
        for written, digest in outputs.items():
            where = Path(written)
            where = where if where.is_absolute() else home / where
            live[str(where.resolve())] = digest
        if live and not any(Path(name).is_relative_to(home) for name in live):
            # The folder was moved or copied: match the outputs by their names within it.
            live = {str(home / Path(name).name): digest for name, digest in live.items()}
        listed[home] = live
    return listed


def _governing(path: Path, folder: Path, listed: dict[Path, dict[str, str]]) -> Path | None:
    """The nearest folder (the file's own, or one above it within the season) with a manifest."""
    here = path.parent.resolve()
    top = folder.resolve()
    while True:
        if here in listed:
            return here
        if here == top or here.parent == here:
            return None
        here = here.parent


def scan_season(folder: Path, *, tournament: str | None = None) -> Season:
    """Scan the live ``*.parquet`` under ``folder`` (lazily) into a :class:`Season`.

    ``tournament`` keeps rows of that tournament (Yatzy rows of that ``game``).  Raises
    :class:`SeasonError` when the folder does not exist, holds no Parquet file, or a file lacks
    a column the report needs.
    """
    if not folder.is_dir():
        raise SeasonError(f"not a folder: {str(folder)!r}")
    paths = sorted(folder.rglob("*.parquet"))
    if not paths:
        raise SeasonError(f"no .parquet files under {str(folder)!r}")
    listed = _live_outputs(folder)
    poker: list[pl.LazyFrame] = []
    yatzy: list[pl.LazyFrame] = []
    skipped: list[str] = []
    stale: list[str] = []
    for number, path in enumerate(paths):
        name = path.relative_to(folder).as_posix()
        home = _governing(path, folder, listed)
        content = name
        if home is not None and path.name == HAND_INDEX and path.parent.resolve() == home:
            continue  # the job's own index of hands, beside its manifest: not a night
        if home is not None:
            digest = listed[home].get(str(path.resolve()))
            if digest is None:
                stale.append(name)
                continue
            content = digest or name
        try:
            schema = pl.Schema(pl.read_parquet_schema(path))
        except Exception as error:  # a truncated or foreign file: say which
            raise SeasonError(f"{path}: cannot read Parquet: {error}") from None
        has_dice, has_strength = "dice" in schema, "strength" in schema
        if not (has_dice or has_strength):
            skipped.append(name)
            continue
        source = (name, content, number)
        if has_strength:
            rows = pl.col("dice").is_null() if has_dice else pl.lit(True)
            poker.append(_frame_for(path, schema, POKER_SCHEMA, POKER_REQUIRED, rows, source))
        if has_dice:
            dice = pl.col("dice").is_not_null()
            yatzy.append(_frame_for(path, schema, YATZY_SCHEMA, YATZY_REQUIRED, dice, source))

    def combine(
        frames: list[pl.LazyFrame], wanted: dict[str, pl.DataType], key: str
    ) -> pl.LazyFrame:
        if not frames:
            return pl.LazyFrame(schema={**wanted, **SOURCE_SCHEMA})
        lazy = pl.concat(frames, how="vertical")
        return lazy if tournament is None else lazy.filter(pl.col(key) == tournament)

    return Season(
        poker=combine(poker, POKER_SCHEMA, "tournament"),
        yatzy=combine(yatzy, YATZY_SCHEMA, "game"),
        skipped=tuple(skipped),
        stale=tuple(stale),
    )


__all__ = [
    "DEFAULT_GAME",
    "MANIFEST",
    "POKER_REQUIRED",
    "POKER_SCHEMA",
    "YATZY_REQUIRED",
    "YATZY_SCHEMA",
    "Season",
    "SeasonError",
    "scan_season",
]
