"""One input, end to end: read -> recognise -> validate -> score -> write.

:func:`score_source` is pure (what was read -> frames); :func:`write_outputs` hands the frames
to the sinks.  Every row read is either scored or rejected with an issue record:
``rows_read == rows_scored + rows_rejected`` for every sheet, checked here on every run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import polars as pl

from pipeline.games import GAME_OF_LAYOUT
from pipeline.games.base import NO_EQUITY, EquityOptions, Game, ScoredSheet
from pipeline.games.holdem.rows import empty_issues
from pipeline.games.issues import ISSUE_COLUMNS, ISSUE_NOTES, with_codes
from pipeline.games.layouts import EXPECTED_HEADERS, Layout, detect_layout, near_misses
from pipeline.job.limits import DEFAULT_LIMITS, Limits
from pipeline.sinks.excel.contract import CUT_MARKER, MAX_CELL_TEXT
from pipeline.sinks.excel.workbook import SheetOutput, UnloadableWorkbookError, write_workbook
from pipeline.sinks.parquet import write_parquet
from pipeline.sources import RawSheet, SourceFile


def is_known_header(names: Sequence[str]) -> bool:
    """A row of cells that names a layout: how a source finds the header under a title."""
    return detect_layout(names) is not None


@dataclass
class SheetResult:
    """One sheet after validation and scoring."""

    sheet: RawSheet
    layout: Layout | None
    scored: pl.DataFrame  # canonical rows with results, ``row_id`` into ``sheet.frame``
    issues: pl.DataFrame  # row_id (null: sheet-level), column, value, message
    rejected_rows: int = 0
    # Issues that reject nothing (text cut to fit an Excel cell): same columns as ``issues``.
    cell_issues: pl.DataFrame = field(default_factory=lambda: empty_issues())

    @property
    def game(self) -> Game | None:
        return None if self.layout is None else GAME_OF_LAYOUT[self.layout.kind]


@dataclass(frozen=True)
class FileIssue:
    """An issue of the file, not of a scored row: a sheet or part that could not be read, a
    hand log's hand that could not be (``row``: the line it starts on), a write-back refused.
    ``code`` None means the code comes from the message (:func:`with_codes`)."""

    message: str
    sheet: str | None = None
    row: int | None = None
    column: str | None = None
    value: str | None = None
    code: str | None = None


@dataclass
class FileResult:
    """Everything :func:`score_source` made of one file."""

    source: SourceFile
    name: str = ""  # as the outputs and messages name the input: its path relative to the run
    sheets: list[SheetResult] = field(default_factory=list)
    file_issues: list[FileIssue] = field(default_factory=list)

    @property
    def rows_read(self) -> int:
        return sum(result.sheet.frame.height for result in self.sheets)

    @property
    def rows_rejected(self) -> int:
        return sum(result.rejected_rows for result in self.sheets)

    @property
    def rows_scored(self) -> int:
        return self.rows_read - self.rows_rejected

    @property
    def issue_count(self) -> int:
        return len(self.file_issues) + sum(
            result.issues.height + result.cell_issues.height for result in self.sheets
        )


def score_sheet(sheet: RawSheet, equity: EquityOptions = NO_EQUITY) -> SheetResult:
    """Recognise, validate and score one sheet; rows of a bad round or a bad row are rejected."""
    layout = detect_layout(sheet.frame.columns)
    if layout is None:
        found = ", ".join(repr(name) for name in sheet.frame.columns)
        message = (
            f"sheet {sheet.name!r} matches no layout: expected {EXPECTED_HEADERS}; "
            f"found headers {found}"
            if found
            else f"sheet {sheet.name!r} is empty: no header row, no rows"
        )
        issues = pl.DataFrame(
            [(None, None, None, message)], schema=empty_issues().schema, orient="row"
        )
        too_long = overlong_cells(sheet, frozenset(), pl.Series([], dtype=pl.Int64))
        return SheetResult(sheet, None, pl.DataFrame(), issues, sheet.frame.height, too_long)
    scored, issues = GAME_OF_LAYOUT[layout.kind].score(sheet.frame, layout, equity)
    # Issues name the sheet's own headers, not our canonical names.
    headers = {
        name: layout.columns[name]
        for name in ("round", "player", "folded", "category", "game")
        if name in layout.columns
    }
    issues = pl.concat(
        [issues, _unaccounted(sheet.frame.height, scored, issues), _near_misses(sheet, layout)]
    )
    issues = issues.with_columns(pl.col("column").replace(headers))
    in_parquet = frozenset(layout.columns.values())
    scored_ids = scored["row_id"] if scored.height else pl.Series([], dtype=pl.Int64)
    too_long = overlong_cells(sheet, in_parquet, scored_ids)
    result = SheetResult(sheet, layout, scored, issues, issues["row_id"].n_unique(), too_long)
    _check_accounting(result)
    return result


TEXT_START = 40
"""Characters of a cut text shown in its issue's ``value``."""


def overlong_cells(
    sheet: RawSheet, in_parquet: frozenset[str], scored_ids: pl.Series
) -> pl.DataFrame:
    """An issue for every header and cell longer than an Excel cell holds: the workbook gets it
    cut with a marker (the sink does that), and nobody should learn it from the marker alone.
    ``in_parquet`` names the sheet's columns the Parquet file keeps, in full, for scored rows.

    >>> from pipeline.sources import RawSheet
    >>> sheet = RawSheet("Night", pl.DataFrame({"player": ["Ann", "B" * 40_000]}), [2, 3])
    >>> found = overlong_cells(sheet, frozenset({"player"}), pl.Series([0, 1]))
    >>> found.select("row_id", "column").rows(), found["message"][0]  # doctest: +ELLIPSIS
    ([(1, 'player')], "text of 40,000 characters is longer than an Excel cell holds (32,767): ...")
    """
    frames = []
    for header in sheet.frame.columns:
        if len(header) > MAX_CELL_TEXT:
            frames.append(_cut_issue(pl.Series([None], dtype=pl.Int64), header, [header], ""))
    for name, dtype in sheet.frame.schema.items():
        # A cell has at least as many UTF-8 bytes as characters, and its byte length is
        # stored: only a column with a long cell is counted in characters.
        if dtype != pl.String or not (sheet.frame[name].str.len_bytes() > MAX_CELL_TEXT).any():
            continue
        lengths = sheet.frame[name].str.len_chars()
        rows = (lengths > MAX_CELL_TEXT).fill_null(False).arg_true().cast(pl.Int64)
        if rows.len() == 0:
            continue
        kept = rows.is_in(scored_ids.implode()) if name in in_parquet else rows.is_in([])
        suffix = kept.replace_strict(
            {True: "; the Parquet file holds it in full", False: ""}, return_dtype=pl.String
        )
        values = sheet.frame[name].gather(rows).to_list()
        frames.append(_cut_issue(rows, name, values, suffix))
    return pl.concat([empty_issues(), *frames]) if frames else empty_issues()


def _cut_issue(
    rows: pl.Series, column: str, values: Sequence[str], suffix: pl.Series | str
) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "row_id": rows,
            "column": [column[:TEXT_START] + ("…" if len(column) > TEXT_START else "")]
            * rows.len(),
            "value": [value[:TEXT_START] + "…" for value in values],
            "message": pl.Series(
                [
                    f"text of {len(value):,} characters is longer than an Excel cell holds "
                    f"({MAX_CELL_TEXT:,}): cut in the workbook, ending '{CUT_MARKER.strip()}'"
                    for value in values
                ]
            )
            + suffix,
        },
        schema=empty_issues().schema,
    )


def _near_misses(sheet: RawSheet, layout: Layout) -> pl.DataFrame:
    """A sheet-level issue for each header that looks like one we know but is not it: the
    column would otherwise be ignored in silence (a fold column read as no folds)."""
    misses = near_misses(sheet.frame.columns, layout)
    return pl.DataFrame(
        {
            "row_id": [None] * len(misses),
            "column": [header for header, _ in misses],
            "value": [None] * len(misses),
            "message": [
                f"column {header!r} not recognised; did you mean {meant!r}? "
                "(its values were not used)"
                for header, meant in misses
            ],
        },
        schema=empty_issues().schema,
    )


def _unaccounted(read: int, scored: pl.DataFrame, issues: pl.DataFrame) -> pl.DataFrame:
    """An issue for each row neither scored nor rejected (a rounds row where nobody was dealt
    in), so that no row is counted and then found nowhere."""
    seen = pl.concat(
        [scored["row_id"] if scored.height else pl.Series([], dtype=pl.Int64), issues["row_id"]]
    ).drop_nulls()
    missing = pl.int_range(0, read, eager=True, dtype=pl.Int64).filter(
        ~pl.int_range(0, read, eager=True, dtype=pl.Int64).is_in(seen.implode())
    )
    return pl.DataFrame(
        {
            "row_id": missing,
            "column": pl.Series([None] * missing.len(), dtype=pl.String),
            "value": pl.Series([None] * missing.len(), dtype=pl.String),
            "message": pl.Series(
                ["no player's cards in this row: nothing to score"] * missing.len(),
                dtype=pl.String,
            ),
        },
        schema=issues.schema,
    )


def _check_accounting(result: SheetResult) -> None:
    """Every row read is scored or rejected, never both, never neither (the rounds layout
    scores a row once per player, so it is counted by the rows it came from)."""
    read = result.sheet.frame.height
    rejected = result.issues["row_id"].drop_nulls().unique()
    scored = (
        result.scored["row_id"].unique() if result.scored.height else pl.Series([], dtype=pl.Int64)
    )
    both = scored.is_in(rejected.implode()).sum()
    accounted = scored.len() + rejected.len() - both
    if both or accounted != read:
        msg = (
            f"sheet {result.sheet.name!r}: {read} rows read but {scored.len()} scored and "
            f"{rejected.len()} rejected ({both} both): a row would be lost"
        )
        raise AssertionError(msg)


def score_source(
    source: SourceFile, equity: EquityOptions = NO_EQUITY, name: str = ""
) -> FileResult:
    """Score every sheet of a file that was read."""
    result = FileResult(source, name or source.path.name)
    for problem in source.problems:
        # The sheet has a column of its own; a message that opens with it says the rest.
        message = problem.message.removeprefix(f"sheet {problem.sheet!r} ")
        result.file_issues.append(
            FileIssue(
                message, problem.sheet or None, problem.row, problem.column, problem.value,
                problem.code,
            )
        )  # fmt: skip
    for sheet in source.sheets:
        result.sheets.append(score_sheet(sheet, equity))
    return result


def scored_frames(result: FileResult) -> dict[str, pl.DataFrame]:
    """One row per player per round, by Parquet name (``poker``, ``yatzy``), each in its game's
    fixed schema and checked against its pandera model."""
    by_name: dict[str, list[pl.DataFrame]] = {}
    for sheet_result in result.sheets:
        game = sheet_result.game
        if game is None or sheet_result.scored.height == 0:
            continue
        rows = pl.Series(sheet_result.sheet.excel_rows, dtype=pl.Int64)
        located = sheet_result.scored.with_columns(
            pl.lit(result.name).alias("source_file"),
            pl.lit(sheet_result.sheet.name).alias("sheet"),
            pl.lit(rows).gather(pl.col("row_id")).alias("row"),
        )
        by_name.setdefault(game.parquet_name, []).append(game.parquet(located))
    return {name: pl.concat(frames) for name, frames in by_name.items()}


def issues_frame(result: FileResult) -> pl.DataFrame:
    """Every issue of a file, with the row as Excel shows it, a code and the original cells."""
    name = result.name
    frames = [
        pl.DataFrame(
            [
                (name, issue.sheet, issue.row, issue.column, issue.value, issue.message, issue.code)
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
    return [*blocks, ("Rows", files)]


ROWS_NOTES = {
    "rows read": "data rows in the sheet (header and blank rows not counted)",
    "rows scored": "rows read that were scored; the others are in Issues",
    "rows rejected": "rows with an issue that stopped them being scored (see Issues)",
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
) -> dict[str, str]:
    """``BASE.xlsx`` and one ``BASE.<game>.parquet`` per game, each written atomically.

    Each output is added to ``written`` as soon as it is whole, so that a failure later still
    lists what is on disk; a sheet past ``limits.sheet_rows`` continues on further sheets."""
    written = {} if written is None else written
    written.update(write_parquet(scored_frames(result), base))
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
            FileIssue(f"{error}: wrote a new workbook with the scored sheets instead")
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
            FileIssue(
                f"not written back into the workbook: its part {refused} was refused, so no "
                "parser may load it; wrote a new workbook with the scored sheets instead"
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
        added = shown.added.drop("row_id")
        table = _apart_from(added, sheet.frame.columns)
        renamed = dict(zip(added.columns, table.columns, strict=True))
        marked = SheetOutput(
            sheet.name,
            table,
            highlight=shown.highlight,
            muted=shown.muted,
            percent_columns=[renamed[name] for name in shown.percent_columns],
            player_columns=shown.player_columns,
            winners_column=renamed.get(shown.winners_column or ""),
            notes={renamed.get(name, name): note for name, note in shown.notes.items()},
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


def _apart_from(added: pl.DataFrame, existing: Sequence[str]) -> pl.DataFrame:
    """Our columns renamed ``NAME (scored)`` where the sheet has a column of that name already
    (a five-card sheet's ``hand`` holds the cards; ours names the hand)."""
    taken = {name.strip().lower() for name in existing}
    return added.rename(
        {name: f"{name} (scored)" for name in added.columns if name.lower() in taken}
    )
