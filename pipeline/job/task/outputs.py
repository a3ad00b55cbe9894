"""One input's results handed to the sinks: the Parquet frames in each game's fixed schema, the
Issues table, the Summary blocks and the sheets of the workbook, each written atomically."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path, PurePath

import polars as pl

from pipeline.games.base import Game, ScoredSheet
from pipeline.games.issues import ISSUE_COLUMNS, ISSUE_NOTES, with_codes
from pipeline.games.layouts import HAND_LOG, Layout
from pipeline.games.sheet_facts import date_in_name
from pipeline.job.plan.hand_index import Claims, hand_keys
from pipeline.job.runner.limits import DEFAULT_LIMITS, Limits
from pipeline.job.task.results import FileResult
from pipeline.sinks.excel.workbook import SheetOutput, UnloadableWorkbookError, write_workbook
from pipeline.sinks.parquet import write_parquet
from pipeline.sources import ReadProblem


def scored_frames(result: FileResult, left_out: Claims | None = None) -> dict[str, pl.DataFrame]:
    """One row per player per round, by Parquet name (``poker``, ``yatzy``), each in its game's
    fixed schema and checked against its pandera model; the hands another input scored first
    (``left_out``, see :mod:`pipeline.job.plan.hand_index`) left out."""
    by_name: dict[str, list[pl.DataFrame]] = {}
    if left_out is not None and left_out.whole_file:
        return {}
    for sheet_result in result.sheets:
        game = sheet_result.game
        scored = sheet_result.scored
        if left_out is not None and left_out.left_out and "round" in scored.columns:
            scored = scored.filter(~hand_keys(scored).is_in(list(left_out.left_out)))
        if game is None or scored.height == 0:
            continue
        rows = pl.Series(sheet_result.sheet.excel_rows, dtype=pl.Int64)
        located = scored.with_columns(
            pl.lit(result.name).alias("source_file"),
            pl.lit(sheet_result.sheet.name).alias("sheet"),
            pl.lit(rows).gather(pl.col("row_id")).alias("row"),
        )
        day = _day_of_name(result, sheet_result.layout)
        if day is not None:  # a sheet without a date column, in a file whose name has one
            located = located.with_columns(
                pl.lit(day).cast(pl.Datetime("us")).dt.replace_time_zone("UTC").alias("played_at")
            )
        by_name.setdefault(game.parquet_name, []).append(game.parquet(located))
    return {name: pl.concat(frames) for name, frames in by_name.items()}


def _day_of_name(result: FileResult, layout: Layout | None) -> date | None:
    """The date a round sheet was played by its file's name (``2026-03-14-final.csv``), where
    the sheet has no date column of its own; never for a hand log (its hands say when)."""
    if layout is None or layout.kind == HAND_LOG or "date" in layout.columns:
        return None
    return date_in_name(PurePath(result.name).name)


def _dates(result: FileResult) -> list[tuple[str, pl.DataFrame]]:
    """Where each round sheet's dates came from (its date column, or its file's name), for the
    Summary: a date is never guessed from anything else."""
    found: list[tuple[str, str, str, str]] = []
    for sheet_result in result.sheets:
        layout = sheet_result.layout
        day = _day_of_name(result, layout)
        if day is not None:
            found.append((result.name, sheet_result.sheet.name, str(day), "the file's name"))
        elif layout is not None and layout.kind != HAND_LOG and "date" in layout.columns:
            scored = sheet_result.scored
            days = (
                scored["played_at"].drop_nulls().dt.date().unique().sort()
                if "played_at" in scored.columns
                else pl.Series([], dtype=pl.Date)
            )
            shown = "" if days.is_empty() else str(days[0])
            if days.len() > 1:
                shown = f"{days[0]} to {days[-1]}"
            column = layout.columns["date"]
            found.append((result.name, sheet_result.sheet.name, shown, f"its column {column!r}"))
    if not found:
        return []
    frame = pl.DataFrame(found, schema=["file", "sheet", "date", "date from"], orient="row")
    return [("Dates", frame)]


def issues_frame(result: FileResult) -> pl.DataFrame:
    """Every issue of a file, with the row as Excel shows it, a code and the original cells."""
    name = result.name
    frames = [
        pl.DataFrame(
            [
                (
                    name,
                    issue.sheet or None,
                    issue.row,
                    issue.column,
                    issue.value,
                    issue.message,
                    issue.code,
                )
                for issue in result.file_issues
            ],
            schema={
                **{
                    name: pl.Int64 if name == "row" else pl.String
                    for name in ISSUE_COLUMNS
                    if name != "code"
                },
                _GIVEN_CODE: pl.String,
            },
            orient="row",
        )
    ]
    for sheet_result in result.sheets:
        sheet = sheet_result.sheet
        sheet_issues = pl.concat([sheet_result.issues, sheet_result.cell_issues])
        if sheet_issues.height == 0:
            continue
        originals = sheet.frame.with_row_index("row_id").with_columns(
            pl.col("row_id").cast(pl.Int64)
        )
        excel_rows = pl.Series([*sheet.excel_rows, None], dtype=pl.Int64)
        issues = sheet_issues.with_columns(
            pl.lit(name).alias("file"),
            pl.lit(sheet.name).alias("sheet"),
            pl.lit(excel_rows)
            .gather(pl.col("row_id").fill_null(len(sheet.excel_rows)))
            .alias("row"),
        )
        frames.append(
            issues.sort("row_id", nulls_last=False, maintain_order=True)
            .join(originals, on="row_id", how="left", suffix=" (cell)", maintain_order="left")
            .drop("row_id")
        )
    issues = with_codes(pl.concat(frames, how="diagonal_relaxed")).with_columns(
        pl.coalesce(_GIVEN_CODE, "code").alias("code")
    )
    return issues.drop(_GIVEN_CODE).select(*ISSUE_COLUMNS, pl.exclude(ISSUE_COLUMNS))


_GIVEN_CODE = "code (given)"


def summary_blocks(result: FileResult) -> list[tuple[str, pl.DataFrame]]:
    """The Summary sheet: each game's blocks, then per sheet and file rows read/scored/rejected."""
    blocks: list[tuple[str, pl.DataFrame]] = []
    games: dict[str, tuple[Game, list[ScoredSheet]]] = {}
    for sheet_result in result.sheets:
        game = sheet_result.game
        if game is None or sheet_result.layout is None:
            continue
        sheets = games.setdefault(game.parquet_name, (game, []))[1]
        sheets.append(
            ScoredSheet(sheet_result.sheet.name, sheet_result.layout, sheet_result.scored)
        )
    for game, sheets in games.values():
        blocks.extend(game.summary(sheets))
    counts = [
        (
            result.name,
            sheet_result.sheet.name,
            sheet_result.layout.kind if sheet_result.layout else "not recognised",
            sheet_result.sheet.frame.height,
            sheet_result.sheet.frame.height - sheet_result.rejected_rows,
            sheet_result.rejected_rows,
        )
        for sheet_result in result.sheets
    ]
    counts.append(
        (result.name, "(all)", "", result.rows_read, result.rows_scored, result.rows_rejected)
    )
    files = pl.DataFrame(
        counts,
        schema=["file", "sheet", "layout", "rows read", "rows scored", "rows rejected"],
        orient="row",
    )
    return [*blocks, *_hand_blocks(result), *_dates(result), ("Rows", files)]


def _hand_blocks(result: FileResult) -> list[tuple[str, pl.DataFrame]]:
    """A hand log's hands: read = scored + left out, and the hands left out by reason (none
    without a hand log)."""
    if not any(sheet.layout and sheet.layout.kind == HAND_LOG for sheet in result.sheets):
        return []
    hands = result.hands
    counts = pl.DataFrame(
        [(result.name, hands.read, hands.scored, hands.left_out_total)],
        schema=["file", "hands read", "hands scored", "hands left out"],
        orient="row",
    )
    # the message is on the Issues sheet, at that line: a Summary column of it would shrink
    # the printed page
    reasons = hands.left_out.select(
        pl.col("code").alias("reason"), "hands", pl.col("line").alias("first at line")
    )
    return [("Hands", counts), ("Hands left out", reasons)]


ROWS_NOTES = {
    "rows read": "data rows in the sheet (header and blank rows not counted)",
    "rows scored": "rows read that were scored; the others are in Issues",
    "rows rejected": "rows with an issue that stopped them being scored (see Issues)",
    "hands read": "hands the log holds: hands scored + hands left out",
    "hands left out": "hands not scored: a variant we do not score, a hand cut short, ... "
    "(by reason below, each on the Issues sheet)",
    "reason": "the issue code of the hands left out",
    "date from": "where the date in the Parquet's played_at came from: the sheet's date "
    "column, or an ISO date in the file's name (midnight UTC)",
}
"""What the Summary's Rows block and the Issues sheet's headings hold, as header notes."""


def summary_notes(result: FileResult) -> dict[str, str]:
    """Header notes for the Summary (each game's, the Rows block's) and the Issues sheet."""
    notes = {**ROWS_NOTES, **ISSUE_NOTES}
    for sheet_result in result.sheets:
        if sheet_result.game is not None:
            notes.update(sheet_result.game.summary_notes)
    return notes


def write_outputs(
    result: FileResult,
    base: Path,
    limits: Limits = DEFAULT_LIMITS,
    written: dict[str, str] | None = None,
    left_out: Claims | None = None,
) -> dict[str, str]:
    """``BASE.xlsx`` and one ``BASE.<game>.parquet`` per game, each written atomically.

    Each output is added to ``written`` as soon as it is whole, so that a failure later still
    lists what is on disk; a sheet past ``limits.sheet_rows`` continues on further sheets.
    ``left_out``: hands another input scored first, left out of the Parquet (the workbook
    shows them, with a ``duplicate_hand`` issue each)."""
    written = {} if written is None else written
    written.update(write_parquet(scored_frames(result, left_out), base))
    workbook = base.with_name(f"{base.name}.xlsx")
    source = _write_back_source(result)
    rows = limits.sheet_rows
    try:
        sheets = sheet_outputs(result, write_back=source is not None)
        summary, issues = summary_blocks(result), issues_frame(result)
        notes = summary_notes(result)
        write_workbook(workbook, sheets, summary, issues, source=source, max_rows=rows, notes=notes)
    except UnloadableWorkbookError as error:  # a malformed part openpyxl cannot load
        result.file_issues.append(
            ReadProblem("", f"{error}: wrote a new workbook with the scored sheets instead")
        )
        sheets = sheet_outputs(result, write_back=False)
        summary, issues = summary_blocks(result), issues_frame(result)
        write_workbook(workbook, sheets, summary, issues, max_rows=rows, notes=notes)
    written["workbook"] = str(workbook)
    return written


def _write_back_source(result: FileResult) -> Path | bytes | None:
    """What to write back into: the bytes that were read and scored (never the file again),
    or nothing when the input was not read as a workbook or a part of it was refused."""
    source = result.source
    if source.kind != "xlsx" or any(problem.sheet == "" for problem in source.problems):
        return None
    if source.refused_parts:
        refused = ", ".join(repr(part) for part in source.refused_parts)
        result.file_issues.append(
            ReadProblem(
                "",
                f"not written back into the workbook: its part {refused} was refused, so no "
                "parser may load it; wrote a new workbook with the scored sheets instead",
            )
        )
        return None
    return source.content if source.content is not None else source.path


def sheet_outputs(result: FileResult, *, write_back: bool) -> list[SheetOutput]:
    """What the workbook sink writes for each sheet: our columns, and the rows to mark."""
    outputs: list[SheetOutput] = []
    for sheet_result in result.sheets:
        sheet = sheet_result.sheet
        game, layout = sheet_result.game, sheet_result.layout
        if game is None or layout is None:
            if not write_back:
                outputs.append(SheetOutput(sheet.name, sheet.frame))
            continue
        shown = game.present(sheet.frame, sheet_result.scored, layout)
        added, muted = _with_issue_codes(shown.added, shown.muted, sheet_result.issues)
        added = added.drop("row_id")
        table = _apart_from(added, sheet.frame.columns)
        renamed = dict(zip(added.columns, table.columns, strict=True))
        marked = SheetOutput(
            sheet.name,
            table,
            highlight=shown.highlight,
            muted=muted,
            percent_columns=[renamed[name] for name in shown.percent_columns],
            player_columns=shown.player_columns,
            winners_column=renamed.get(shown.winners_column or ""),
            notes={
                renamed.get(name, name): note
                for name, note in {**shown.notes, ISSUE_CODE: ISSUE_CODE_NOTE}.items()
                if name != ISSUE_CODE or name in added.columns
            },
            key_columns=shown.key_columns,
            first_columns=[renamed.get(name, name) for name in shown.first_columns],
            side_columns=shown.side_columns,
        )
        if write_back:
            outputs.append(
                replace(
                    marked,
                    excel_rows=sheet.excel_rows,
                    header_row=sheet.header_row,
                    source_columns=sheet.header_columns,
                )
            )
        else:
            outputs.append(replace(marked, table=pl.concat([sheet.frame, table], how="horizontal")))
    return outputs


ISSUE_CODE = "issue_code"
ISSUE_CODE_NOTE = (
    "why the row was not scored (the code of its issue, listed on the Issues sheet); its "
    "results are blank and its text grey"
)


def _with_issue_codes(
    added: pl.DataFrame, muted: pl.Series | None, issues: pl.DataFrame
) -> tuple[pl.DataFrame, pl.Series | None]:
    """A sheet's rejected rows kept in sight (issue 29 §8): an ``issue_code`` column (the code
    of each rejected row's first issue) and the row greyed like a fold, so a row nobody scored
    never reads as a row nobody won.  A sheet without a rejected row is left as it is."""
    on_rows = issues.filter(pl.col("row_id").is_not_null())
    if on_rows.height == 0:
        return added, muted
    codes = (
        with_codes(on_rows)
        .group_by("row_id", maintain_order=True)
        .agg(pl.col("code").first().alias(ISSUE_CODE))
    )
    coded = added.join(codes, on="row_id", how="left", maintain_order="left")
    rejected = coded[ISSUE_CODE].is_not_null()
    greyed = rejected if muted is None else muted.fill_null(False) | rejected
    return coded, greyed.alias("muted")


def _apart_from(added: pl.DataFrame, existing: Sequence[str]) -> pl.DataFrame:
    """Our columns renamed ``NAME (scored)`` where the sheet has a column of that name already
    (a five-card sheet's ``hand`` holds the cards; ours names the hand)."""
    taken = {name.strip().lower() for name in existing}
    return added.rename(
        {name: f"{name} (scored)" for name in added.columns if name.lower() in taken}
    )
