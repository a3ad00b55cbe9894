"""What a streamed CSV writes: one Parquet file per output written batch by batch, and the
workbook's share of the batches (the first rows, continued past a sheet's height by the sink)."""

from __future__ import annotations

import contextlib
from dataclasses import replace
from pathlib import Path
from typing import Any

import polars as pl

from pipeline.sinks.atomic import output_stamp, replace_with, temporary_for
from pipeline.sinks.excel.workbook import SheetOutput


class ParquetWriters:
    """One pyarrow writer per output, each into a temporary file renamed when closed whole
    (:func:`pipeline.sinks.atomic.replace_with`), stamped as ours in its key-value metadata."""

    def __init__(self, base: Path, stack: contextlib.ExitStack) -> None:
        self.base = base
        self.open: dict[str, tuple[Any, Any, Path, Path]] = {}
        stack.callback(self._abandon)

    def write(self, name: str, frame: pl.DataFrame) -> None:
        import pyarrow.parquet as pq

        if frame.height == 0:
            return
        table = frame.to_arrow()
        if name not in self.open:
            path = self.base.with_name(f"{self.base.name}.{name}.parquet")
            temporary = temporary_for(path)
            handle = temporary.open("wb")  # a handle: pyarrow cannot open undecodable names
            schema = table.schema.with_metadata(output_stamp())
            self.open[name] = (pq.ParquetWriter(handle, schema), handle, temporary, path)
        writer = self.open[name][0]
        names = writer.schema.names  # a later batch's columns follow the first one's
        aligned = frame.select(
            pl.col(column) if column in frame.columns else pl.lit(None).alias(column)
            for column in names
        )
        writer.write_table(aligned.to_arrow().cast(writer.schema))

    def close(self) -> dict[str, str]:
        written: dict[str, str] = {}
        for name, (writer, handle, temporary, path) in list(self.open.items()):
            writer.close()
            handle.close()
            replace_with(temporary, path)
            del self.open[name]
            written[f"parquet_{name}"] = str(path)
        return written

    def _abandon(self) -> None:
        for writer, handle, temporary, _ in self.open.values():
            with contextlib.suppress(Exception):
                writer.close()
            handle.close()
            temporary.unlink(missing_ok=True)
        self.open.clear()


def issues_as_text(issues: pl.DataFrame) -> pl.DataFrame:
    """Issues with one schema in every batch: ``row`` a number, every other column text."""
    return issues.with_columns(
        pl.col(name).cast(pl.Int64 if name == "row" else pl.String) for name in issues.columns
    )


def sheet_head(output: SheetOutput, rows: int) -> SheetOutput:
    return replace(
        output,
        table=output.table.head(rows),
        highlight=None if output.highlight is None else output.highlight.head(rows),
        muted=None if output.muted is None else output.muted.head(rows),
    )


def joined_sheet(parts: list[SheetOutput], name: str) -> SheetOutput:
    """The shown batches as one sheet (continued past a sheet's height by the workbook sink)."""
    if not parts:
        return SheetOutput(name, pl.DataFrame())
    flags = {
        label: None
        if any(getattr(part, label) is None for part in parts)
        else pl.concat([getattr(part, label) for part in parts])
        for label in ("highlight", "muted")
    }
    return replace(
        parts[0],
        name=name,
        table=pl.concat([part.table for part in parts], how="diagonal_relaxed"),
        highlight=flags["highlight"],
        muted=flags["muted"],
    )
