"""One input scored: read -> recognise -> validate -> score, every sheet.

:func:`score_source` is pure (what was read -> frames in a :class:`FileResult`);
:mod:`pipeline.job.task.outputs` hands the frames to the sinks.  Every row read is either scored or
rejected with an issue record: ``rows_read == rows_scored + rows_rejected`` for every sheet,
checked here on every run (:mod:`pipeline.job.task.results`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import polars as pl

from pipeline.games import GAME_OF_LAYOUT
from pipeline.games.base import NO_OPTIONS, ScoringOptions
from pipeline.games.layouts import EXPECTED_HEADERS, Layout, detect_layout, near_misses
from pipeline.games.poker.scoring.rows import empty_issues
from pipeline.job.task.long_text import overlong_cells
from pipeline.job.task.results import (
    FileResult,
    SheetResult,
    check_accounting,
    unaccounted_rows,
)
from pipeline.sources import RawSheet, SourceFile


def is_known_header(names: Sequence[str]) -> bool:
    """A row of cells that names a layout: how a source finds the header under a title."""
    return detect_layout(names) is not None


def score_sheet(sheet: RawSheet, scoring: ScoringOptions = NO_OPTIONS) -> SheetResult:
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
    scored, issues = GAME_OF_LAYOUT[layout.kind].score(sheet.frame, layout, scoring)
    # Issues name the sheet's own headers, not our canonical names.
    headers = {
        name: layout.columns[name]
        for name in ("round", "player", "folded", "category", "game")
        if name in layout.columns
    }
    issues = pl.concat(
        [issues, unaccounted_rows(sheet.frame.height, scored, issues), _near_misses(sheet, layout)]
    )
    issues = issues.with_columns(pl.col("column").replace(headers))
    in_parquet = frozenset(layout.columns.values())
    scored_ids = scored["row_id"] if scored.height else pl.Series([], dtype=pl.Int64)
    too_long = overlong_cells(sheet, in_parquet, scored_ids)
    result = SheetResult(
        sheet, layout, scored, issues, issues["row_id"].drop_nulls().n_unique(), too_long
    )
    check_accounting(result)
    return result


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


def score_source(
    source: SourceFile, scoring: ScoringOptions = NO_OPTIONS, name: str = ""
) -> FileResult:
    """Score every sheet of a file that was read."""
    result = FileResult(source, name or source.path.name)
    for problem in source.problems:
        # The sheet has a column of its own; a message that opens with it says the rest.
        message = problem.message.removeprefix(f"sheet {problem.sheet!r} ")
        result.file_issues.append(replace(problem, message=message))
    for sheet in source.sheets:
        result.sheets.append(score_sheet(sheet, scoring))
    return result
