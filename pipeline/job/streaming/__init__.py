"""A CSV too large to read whole, scored in batches with constant memory (issue 15).

A plain CSV (UTF-8, commas, one line per row, the header on its first line) larger than
``Limits.stream_bytes`` is never read whole.  It is read ``Limits.batch_bytes`` of text at a
time, cut at a line end, and each batch is scored as a sheet of its own by the same
:func:`~pipeline.job.task.scoring.score_sheet` as any input, so the rules and the issues are
the same.

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
from dataclasses import replace
from pathlib import Path

import polars as pl

from pipeline.games import GAME_OF_LAYOUT
from pipeline.games.base import NO_OPTIONS, ScoredSheet, ScoringOptions
from pipeline.games.layouts import FIVE_CARD, PLAYERS, ROUNDS, YATZY, Layout, detect_layout
from pipeline.job.runner.limits import DEFAULT_LIMITS, Limits
from pipeline.job.streaming.rounds import (
    FinishedRounds,
    late_rows,
    round_batches,
    round_hashes,
    with_late_rows,
)
from pipeline.job.streaming.summary import StreamedFile, streamed_summary
from pipeline.job.streaming.writers import ParquetWriters, issues_as_text, joined_sheet, sheet_head
from pipeline.job.task.outputs import issues_frame, scored_frames, sheet_outputs
from pipeline.job.task.results import FileResult
from pipeline.job.task.scoring import score_sheet
from pipeline.sinks.excel.workbook import SheetOutput, write_workbook
from pipeline.sources import SourceFile
from pipeline.sources.base import UTF16_BOMS, unique_names
from pipeline.sources.delimited import sniff_delimiter


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
    scoring: ScoringOptions = NO_OPTIONS,
    limits: Limits = DEFAULT_LIMITS,
    written: dict[str, str] | None = None,
) -> StreamedFile:
    """Score ``path`` batch by batch into ``base``'s outputs; see the module's docstring.

    Each output is added to ``written`` once it is whole, so a failure later still lists it."""
    streamed = StreamedFile(outputs={} if written is None else written)
    # --equity-budget is for the file, not for each batch: each gets its share by size
    share = min(1.0, limits.batch_bytes / max(1, path.stat().st_size))
    equity = scoring.equity
    scoring = replace(scoring, equity=replace(equity, budget_seconds=equity.budget_seconds * share))
    source = SourceFile(path, kind="csv")
    shown: list[SheetOutput] = []
    shown_issues: list[pl.DataFrame] = []
    summarised: list[ScoredSheet] = []
    rows_shown = issues_shown = 0
    finished_rounds = FinishedRounds()
    with contextlib.ExitStack() as stack:
        writers = ParquetWriters(base, stack)
        for batch in round_batches(path, layout, limits.batch_bytes):
            streamed.batches += 1
            batch, late = late_rows(batch, layout, finished_rounds)
            finished_rounds.add(round_hashes(batch.frame, layout))
            result = FileResult(source, name, [with_late_rows(score_sheet(batch, scoring), late)])
            streamed.rows_read += result.rows_read
            streamed.rows_rejected += result.rows_rejected
            streamed.issues += result.issue_count
            for game, frame in scored_frames(result).items():
                writers.write(game, frame)
            issues = issues_as_text(issues_frame(result))
            writers.write("issues", issues)
            if issues_shown < limits.workbook_rows:
                shown_issues.append(issues.head(limits.workbook_rows - issues_shown))
                issues_shown += shown_issues[-1].height
            if rows_shown < limits.workbook_rows:
                for output in sheet_outputs(result, write_back=False):
                    shown.append(sheet_head(output, limits.workbook_rows - rows_shown))
                    rows_shown += shown[-1].table.height
                game_sheet = result.sheets[0]
                if game_sheet.layout is not None and game_sheet.scored.height:
                    summarised.append(ScoredSheet(path.stem, game_sheet.layout, game_sheet.scored))
            del result, issues, batch
        streamed.outputs.update(writers.close())
    summary = streamed_summary(
        GAME_OF_LAYOUT[layout.kind], summarised, streamed, rows_shown, name, path.stem
    )
    workbook = base.with_name(f"{base.name}.xlsx")
    issues_table = (
        pl.concat(shown_issues, how="diagonal_relaxed") if shown_issues else pl.DataFrame()
    )
    shown_sheet = joined_sheet(shown, path.stem)
    write_workbook(workbook, [shown_sheet], summary, issues_table, max_rows=limits.sheet_rows)
    streamed.outputs["workbook"] = str(workbook)
    return streamed
