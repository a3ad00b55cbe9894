"""Round boundaries in a streamed CSV: batches cut so that a round's rows stay together, and a
round that continues after other rounds (its earlier rows already scored) found and rejected.

Finding those costs 8 bytes a round (a sorted array of 64-bit hashes of the finished rounds'
keys), not memory per row.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import polars as pl
from numpy.typing import NDArray

from pipeline.games.layouts import ROUNDS, YATZY, Layout, round_id
from pipeline.job.task.results import SheetResult
from pipeline.sources import RawSheet
from pipeline.sources.delimited import parse_lines, text_batches

SPLIT_ROUND = (
    "round {round} continues here after other rounds: its rows earlier in the file were "
    "already scored in a batch of their own (the file is too large to read whole), so this "
    "row is rejected; sort the file by round to have the round scored whole"
)


def round_key(layout: Layout) -> pl.Expr | None:
    """What makes a round (a Yatzy game) one: rows with one key are never cut apart."""
    if layout.kind == ROUNDS:
        return None  # a row is a round
    names = ("game",) if layout.kind == YATZY else ("tournament", "table", "round")
    parts = [
        (
            round_id(pl.col(layout.columns[part]))
            if part == "round"
            else pl.col(layout.columns[part])
        )
        .fill_null("")
        .str.strip_chars()
        for part in names
        if part in layout.columns
    ]
    return pl.concat_str(parts, separator="\x1f")


def round_batches(path: Path, layout: Layout, batch_bytes: int) -> Iterator[RawSheet]:
    """Sheets of whole rounds: a batch's last round waits for the next batch's rows."""
    key = round_key(layout)
    held = pl.DataFrame()
    held_lines: list[int] = []
    header_columns: dict[str, int] = {}
    for header, first_line, text in text_batches(path, batch_bytes):
        frame, lines = parse_lines(header, first_line, text)
        header_columns = {column: index for index, column in enumerate(frame.columns, 1)}
        if held.height:
            frame, lines = pl.concat([held, frame], how="vertical"), held_lines + lines
        if key is None or frame.height == 0:
            cut = frame.height
        else:
            keys = frame.select(key).to_series()
            different = (keys != keys[-1]).arg_true()
            cut = int(different[-1]) + 1 if different.len() else 0
        held, held_lines = frame.slice(cut), lines[cut:]
        if cut:
            yield RawSheet(path.stem, frame.head(cut), lines[:cut], 1, header_columns)
    if held.height:
        yield RawSheet(path.stem, held, held_lines, 1, header_columns)


class FinishedRounds:
    """The rounds scored so far, as a sorted array of 64-bit hashes of their keys: 8 bytes a
    round, looked up by binary search (a hash table over millions of keys, as ``is_in`` builds
    for each batch, took three times that again)."""

    def __init__(self) -> None:
        self.hashes: NDArray[np.uint64] = np.empty(0, dtype=np.uint64)

    def add(self, hashes: NDArray[np.uint64]) -> None:
        new = np.unique(hashes)
        self.hashes = np.insert(self.hashes, np.searchsorted(self.hashes, new), new)

    def contain(self, hashes: NDArray[np.uint64]) -> NDArray[np.bool_]:
        if self.hashes.size == 0:
            return np.zeros(hashes.size, dtype=np.bool_)
        at = np.minimum(np.searchsorted(self.hashes, hashes), self.hashes.size - 1)
        found: NDArray[np.bool_] = self.hashes[at] == hashes
        return found


def round_hashes(frame: pl.DataFrame, layout: Layout) -> NDArray[np.uint64]:
    key = round_key(layout)
    if key is None or frame.height == 0:
        return np.empty(0, dtype=np.uint64)
    hashes: NDArray[np.uint64] = frame.select(key.hash(seed=15)).to_series().to_numpy()
    return hashes


def late_rows(
    batch: RawSheet, layout: Layout, finished: FinishedRounds
) -> tuple[RawSheet, pl.DataFrame]:
    """The batch without rows of rounds an earlier batch scored, and issues for those rows."""
    empty = pl.DataFrame()
    if round_key(layout) is None or batch.frame.height == 0:
        return batch, empty
    late = pl.Series(finished.contain(round_hashes(batch.frame, layout)))
    if not late.any():
        return batch, empty
    kept = RawSheet(
        batch.name,
        batch.frame.filter(~late),
        [line for line, gone in zip(batch.excel_rows, late, strict=True) if not gone],
        batch.header_row,
        batch.header_columns,
    )
    rows = batch.frame.filter(late)
    lines = [line for line, gone in zip(batch.excel_rows, late, strict=True) if gone]
    return kept, rows.with_columns(pl.Series("__line", lines, dtype=pl.Int64))


def with_late_rows(result: SheetResult, late: pl.DataFrame) -> SheetResult:
    """Late rows (see :func:`late_rows`) as rows of the sheet, each rejected with its issue."""
    if late.height == 0 or result.layout is None:
        return result
    sheet = result.sheet
    offset = sheet.frame.height
    round_header = result.layout.columns.get("round")
    late_cells = late.drop("__line")
    issues = pl.DataFrame(
        {
            "row_id": pl.int_range(offset, offset + late.height, eager=True, dtype=pl.Int64),
            "column": [round_header] * late.height,
            "value": late_cells[round_header] if round_header else [None] * late.height,
            "message": [
                SPLIT_ROUND.format(round=repr(value)) if value is not None else SPLIT_ROUND
                for value in (late_cells[round_header] if round_header else [None] * late.height)
            ],
        },
        schema=result.issues.schema,
    )
    whole = RawSheet(
        sheet.name,
        pl.concat([sheet.frame, late_cells], how="vertical"),
        [*sheet.excel_rows, *late["__line"].to_list()],
        sheet.header_row,
        sheet.header_columns,
    )
    return SheetResult(
        whole,
        result.layout,
        result.scored,
        pl.concat([result.issues, issues]),
        result.rejected_rows + late.height,
        result.cell_issues,
    )
