"""Parquet files for the stats desk: one per game in an input, each with its game's fixed schema."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.sinks.atomic import atomic_open, output_stamp


def write_parquet(frames: dict[str, pl.DataFrame], base: Path) -> dict[str, str]:
    """``BASE.<name>.parquet`` for each named frame, atomically, stamped as ours in its
    key-value metadata (``showdown_output``); the paths written, by key."""
    written: dict[str, str] = {}
    for name, frame in frames.items():
        path = base.with_name(f"{base.name}.{name}.parquet")
        with atomic_open(path) as handle:
            frame.write_parquet(handle, metadata=output_stamp())
        written[f"parquet_{name}"] = str(path)
    return written
