"""A CSV too large to read whole, scored in batches with constant memory (issue 15).

A plain CSV (UTF-8, commas, one line per row, the header on its first line) larger than
``Limits.stream_bytes`` is never read whole.  It is read ``Limits.batch_bytes`` of text at a
time, cut at a line end, and each batch is scored as a sheet of its own by the same
:func:`~pipeline.job.task.score_sheet` as any input, so the rules and the issues are the same.

Rounds are never split across batches.  The rows of a batch that belong to its last round are
held over and scored with the next batch, so a round whose rows are together in the file (as
every export and generator we know writes them) is always scored whole.  A round whose rows are
*not* together (round 5, then other rounds, then round 5 again) cannot be seen whole without
reading the file whole: its later rows are rejected with an issue saying so (``round_split``),
never lost and never quietly added to a round already decided; the fix is to sort the file by
round.  Finding them costs 8 bytes a round
(a sorted array of 64-bit hashes of the finished rounds' keys), not memory per row.

Outputs:

* ``NAME.<game>.parquet``: every scored row, one row group per batch (pyarrow's writer), in the
  game's fixed schema, written to a temporary file and renamed when whole.
* ``NAME.xlsx``: the first ``Limits.workbook_rows`` rows (1,000,000 by default) with our columns,
  continued past an Excel sheet's height like any sheet; its Summary says how many rows the
  input had and that every row is in the Parquet file.  A workbook of a hundred million rows
  opens nowhere; the Parquet file is what the stats desk scans.
* ``NAME.issues.parquet``: every issue (the workbook's Issues sheet shows the first
  ``Limits.workbook_rows``), when there are any.

Rows are numbered by line, as a text editor shows them (the header is line 1).  The equity
budget (``--equity-budget``) is the file's: each batch gets its share by size.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
from numpy.typing import NDArray

from pipeline.games import GAME_OF_LAYOUT
from pipeline.games.base import NO_EQUITY, EquityOptions, ScoredSheet
from pipeline.games.layouts import (
    FIVE_CARD,
    PLAYERS,
    ROUNDS,
    YATZY,
    Layout,
    detect_layout,
    round_id,
)
from pipeline.job.limits import DEFAULT_LIMITS, Limits
from pipeline.job.task import (
    FileResult,
    SheetResult,
    issues_frame,
    score_sheet,
    scored_frames,
    sheet_outputs,
)
from pipeline.sinks.atomic import TEMPORARY_MARK
from pipeline.sinks.excel.workbook import SheetOutput, write_workbook
from pipeline.sources import RawSheet, SourceFile
from pipeline.sources.base import UTF16_BOMS, unique_names
from pipeline.sources.delimited import sniff_delimiter

SPLIT_ROUND = (
    "round {round} continues here after other rounds: its rows earlier in the file were "
    "already scored in a batch of their own (the file is too large to read whole), so this "
    "row is rejected; sort the file by round to have the round scored whole"
)


class StreamError(ValueError):
    """The file cannot be streamed as it is (a quoted cell spanning lines, a ragged row)."""


@dataclass
class StreamedFile:
    """What streaming one input did: its counts and the outputs it wrote."""

    rows_read: int = 0
    rows_rejected: int = 0
    issues: int = 0
    batches: int = 0
    outputs: dict[str, str] = field(default_factory=dict)

    @property
    def rows_scored(self) -> int:
        return self.rows_read - self.rows_rejected


def streamable_layout(path: Path, limits: Limits = DEFAULT_LIMITS) -> Layout | None:
    """The layout of ``path`` when it is a plain CSV larger than ``limits.stream_bytes`` whose
    rounds can be cut apart by a key (else ``None``: it is read whole, as any input)."""
    try:
        if path.stat().st_size <= limits.stream_bytes:
            return None
        with path.open("rb") as handle:
            head = handle.read(64 * 1024)
    except OSError:
        return None
    if head.startswith(UTF16_BOMS) or b"\x00" in head:
        return None
    try:
        text = head.removeprefix(b"\xef\xbb\xbf").decode("utf-8", errors="strict")
    except UnicodeDecodeError:
        # a block may end inside a character; only the last few bytes may be cut
        text = head[:-4].removeprefix(b"\xef\xbb\xbf").decode("utf-8", errors="replace")
    first_line = text.split("\n", 1)[0].rstrip("\r")
    if sniff_delimiter(text) != "," or '"' in first_line:
        return None
    layout = detect_layout(unique_names(next(csv.reader([first_line]), [])))
    if layout is None or layout.kind not in (PLAYERS, FIVE_CARD, ROUNDS, YATZY):
        return None
    if layout.kind == YATZY and "game" not in layout.columns:
        return None  # a running total over the whole file: no place to cut it
    return layout


def stream_csv(
    path: Path,
    base: Path,
    name: str,
    layout: Layout,
    equity: EquityOptions = NO_EQUITY,
    limits: Limits = DEFAULT_LIMITS,
    written: dict[str, str] | None = None,
) -> StreamedFile:
    """Score ``path`` batch by batch into ``base``'s outputs; see the module's docstring.

    Each output is added to ``written`` once it is whole, so a failure later still lists it."""
    streamed = StreamedFile(outputs={} if written is None else written)
    # --equity-budget is for the file, not for each batch: each gets its share by size
    share = min(1.0, limits.batch_bytes / max(1, path.stat().st_size))
    equity = replace(equity, budget_seconds=equity.budget_seconds * share)
    source = SourceFile(path, kind="csv")
    shown: list[SheetOutput] = []
    shown_issues: list[pl.DataFrame] = []
    summarised: list[ScoredSheet] = []
    rows_shown = issues_shown = 0
    finished_rounds = FinishedRounds()
    with contextlib.ExitStack() as stack:
        writers = _ParquetWriters(base, stack)
        for batch in _round_batches(path, layout, limits.batch_bytes):
            streamed.batches += 1
            batch, late = _late_rows(batch, layout, finished_rounds)
            finished_rounds.add(_round_hashes(batch.frame, layout))
            result = FileResult(source, name, [_with_late_rows(score_sheet(batch, equity), late)])
            streamed.rows_read += result.rows_read
            streamed.rows_rejected += result.rows_rejected
            streamed.issues += result.issue_count
            for game, frame in scored_frames(result).items():
                writers.write(game, frame)
            issues = _as_text(issues_frame(result))
            writers.write("issues", issues)
            if issues_shown < limits.workbook_rows:
                shown_issues.append(issues.head(limits.workbook_rows - issues_shown))
                issues_shown += shown_issues[-1].height
            if rows_shown < limits.workbook_rows:
                for output in sheet_outputs(result, write_back=False):
                    shown.append(_head(output, limits.workbook_rows - rows_shown))
                    rows_shown += shown[-1].table.height
                game_sheet = result.sheets[0]
                if game_sheet.layout is not None and game_sheet.scored.height:
                    summarised.append(ScoredSheet(path.stem, game_sheet.layout, game_sheet.scored))
            del result, issues, batch
        streamed.outputs.update(writers.close())
    summary = _summary(
        GAME_OF_LAYOUT[layout.kind], summarised, streamed, rows_shown, name, path.stem
    )
    workbook = base.with_name(f"{base.name}.xlsx")
    issues_table = (
        pl.concat(shown_issues, how="diagonal_relaxed") if shown_issues else pl.DataFrame()
    )
    write_workbook(
        workbook, [_joined(shown, path.stem)], summary, issues_table, max_rows=limits.sheet_rows
    )
    streamed.outputs["workbook"] = str(workbook)
    return streamed


# --- reading in batches, cut at round boundaries ------------------------------------------------


def _text_batches(path: Path, batch_bytes: int) -> Iterator[tuple[bytes, int, bytes]]:
    """``(header line, first line number, text of whole lines)`` about ``batch_bytes`` at a
    time."""
    with path.open("rb") as handle:
        header = handle.readline().removeprefix(b"\xef\xbb\xbf")
        line, carry = 2, b""
        while True:
            block = handle.read(batch_bytes)
            data = carry + block
            if not block:
                if data:
                    yield header, line, data
                return
            cut = data.rfind(b"\n")
            if cut < 0:
                carry = data
                continue
            yield header, line, data[: cut + 1]
            line += data.count(b"\n", 0, cut + 1)
            carry = data[cut + 1 :]


def _parse(header: bytes, first_line: int, text: bytes) -> tuple[pl.DataFrame, list[int]]:
    """One block of lines as text cells (stripped, blanks null) and the line of each row."""
    lines = text.count(b"\n") + (0 if text.endswith(b"\n") else 1)
    names = unique_names(next(csv.reader([header.decode("utf-8", errors="replace")]), []))
    try:
        frame = pl.read_csv(
            io.BytesIO(header + text), infer_schema=False, raise_if_empty=False, new_columns=names
        )
    except pl.exceptions.PolarsError as error:
        message = f"lines {first_line:,} to {first_line + lines - 1:,}: {error}".splitlines()[0]
        raise StreamError(message) from None
    if frame.height != lines:
        message = (
            f"lines {first_line:,} to {first_line + lines - 1:,}: {lines:,} lines but "
            f"{frame.height:,} rows (a quoted cell spanning lines?); a file this large is read "
            "in batches and needs one line per row"
        )
        raise StreamError(message)
    frame = frame.with_columns(pl.all().str.strip_chars()).with_columns(
        pl.when(pl.all().str.len_chars() > 0).then(pl.all())
    )
    filled = frame.select(pl.any_horizontal(pl.all().is_not_null())).to_series()
    numbers = pl.int_range(first_line, first_line + frame.height, eager=True).filter(filled)
    return frame.filter(filled), numbers.to_list()


def _round_key(layout: Layout) -> pl.Expr | None:
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


def _round_batches(path: Path, layout: Layout, batch_bytes: int) -> Iterator[RawSheet]:
    """Sheets of whole rounds: a batch's last round waits for the next batch's rows."""
    key = _round_key(layout)
    held = pl.DataFrame()
    held_lines: list[int] = []
    header_columns: dict[str, int] = {}
    for header, first_line, text in _text_batches(path, batch_bytes):
        frame, lines = _parse(header, first_line, text)
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


def _round_hashes(frame: pl.DataFrame, layout: Layout) -> NDArray[np.uint64]:
    key = _round_key(layout)
    if key is None or frame.height == 0:
        return np.empty(0, dtype=np.uint64)
    hashes: NDArray[np.uint64] = frame.select(key.hash(seed=15)).to_series().to_numpy()
    return hashes


def _late_rows(
    batch: RawSheet, layout: Layout, finished: FinishedRounds
) -> tuple[RawSheet, pl.DataFrame]:
    """The batch without rows of rounds an earlier batch scored, and issues for those rows."""
    empty = pl.DataFrame()
    if _round_key(layout) is None or batch.frame.height == 0:
        return batch, empty
    late = pl.Series(finished.contain(_round_hashes(batch.frame, layout)))
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


def _with_late_rows(result: SheetResult, late: pl.DataFrame) -> SheetResult:
    """Late rows (see :func:`_late_rows`) as rows of the sheet, each rejected with its issue."""
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


# --- writing --------------------------------------------------------------------------------


class _ParquetWriters:
    """One pyarrow writer per output, each into a temporary file renamed when closed whole."""

    def __init__(self, base: Path, stack: contextlib.ExitStack) -> None:
        self.base = base
        self.open: dict[str, tuple[Any, Path, Path]] = {}
        stack.callback(self._abandon)

    def write(self, name: str, frame: pl.DataFrame) -> None:
        import pyarrow.parquet as pq

        if frame.height == 0:
            return
        table = frame.to_arrow()
        if name not in self.open:
            path = self.base.with_name(f"{self.base.name}.{name}.parquet")
            temporary = path.with_name(f".{path.name}{TEMPORARY_MARK}{os.getpid()}")
            self.open[name] = (pq.ParquetWriter(temporary, table.schema), temporary, path)
        writer = self.open[name][0]
        names = writer.schema.names  # a later batch's columns follow the first one's
        aligned = frame.select(
            pl.col(column) if column in frame.columns else pl.lit(None).alias(column)
            for column in names
        )
        writer.write_table(aligned.to_arrow().cast(writer.schema))

    def close(self) -> dict[str, str]:
        written: dict[str, str] = {}
        for name, (writer, temporary, path) in list(self.open.items()):
            writer.close()
            with temporary.open("rb") as handle:
                os.fsync(handle.fileno())
            os.replace(temporary, path)
            del self.open[name]
            written[f"parquet_{name}"] = str(path)
        return written

    def _abandon(self) -> None:
        for writer, temporary, _ in self.open.values():
            with contextlib.suppress(Exception):
                writer.close()
            temporary.unlink(missing_ok=True)
        self.open.clear()


def _as_text(issues: pl.DataFrame) -> pl.DataFrame:
    """Issues with one schema in every batch: ``row`` a number, every other column text."""
    return issues.with_columns(
        pl.col(name).cast(pl.Int64 if name == "row" else pl.String) for name in issues.columns
    )


def _head(output: SheetOutput, rows: int) -> SheetOutput:
    return replace(
        output,
        table=output.table.head(rows),
        highlight=None if output.highlight is None else output.highlight.head(rows),
        muted=None if output.muted is None else output.muted.head(rows),
    )


def _joined(parts: list[SheetOutput], name: str) -> SheetOutput:
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


def _summary(
    game: Any,
    sheets: list[ScoredSheet],
    streamed: StreamedFile,
    rows_shown: int,
    name: str,
    sheet: str,
) -> list[tuple[str, pl.DataFrame]]:
    """The game's blocks over the rows shown, the whole file's counts, and what was streamed."""
    blocks: list[tuple[str, pl.DataFrame]] = list(game.summary(sheets)) if sheets else []
    covered = sum(scored.scored["row_id"].n_unique() for scored in sheets)
    counts = pl.DataFrame(
        {
            "file": [name],
            "sheet": [sheet],
            "rows read": [streamed.rows_read],
            "rows scored": [streamed.rows_scored],
            "rows rejected": [streamed.rows_rejected],
            "issues": [streamed.issues],
        }
    )
    parquet = ", ".join(
        Path(path).name for key, path in streamed.outputs.items() if key != "parquet_issues"
    )
    note = pl.DataFrame(
        {
            "what": [
                "read in batches",
                "rows in this workbook",
                "every scored row is in",
                "the blocks above cover",
            ],
            "detail": [
                f"{streamed.batches:,} batches: the file is too large to read whole",
                f"the first {rows_shown:,} of {streamed.rows_read:,}",
                parquet or "(no rows were scored)",
                f"the {covered:,} scored rows of the batches shown",
            ],
        }
    )
    if "parquet_issues" in streamed.outputs:
        note = note.vstack(
            pl.DataFrame(
                {
                    "what": ["every issue is in"],
                    "detail": [Path(streamed.outputs["parquet_issues"]).name],
                }
            )
        )
    return [*blocks, ("Rows", counts), ("Streamed: a file too large to read whole", note)]
