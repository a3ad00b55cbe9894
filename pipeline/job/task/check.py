"""``pipeline check``: every input read and validated as a run would (under the memory cap when
it could be big), nothing written; each issue as one line."""

from __future__ import annotations

import tempfile
import traceback
from collections.abc import Iterable, Sequence
from pathlib import Path

from pipeline.games.base import NO_OPTIONS, ScoringOptions
from pipeline.job.plan.inputs import FoundInputs, PlannedInput, plan_inputs
from pipeline.job.runner.isolation import OverMemoryCapError, needs_isolation, read_once, run_capped
from pipeline.job.task.input_task import over_cap_message
from pipeline.job.task.outputs import issues_frame
from pipeline.job.task.results import FileResult
from pipeline.job.task.scoring import is_known_header, score_source
from pipeline.sources import ReadProblem, SourceFile, read_source


def check(
    inputs: Sequence[Path], scoring: ScoringOptions = NO_OPTIONS
) -> tuple[list[FileResult], FoundInputs]:
    """Read and validate only: every file's result, and what the search of the inputs reported
    (a file that could not be checked is added to its ``missing``)."""
    planned, found = plan_inputs(inputs, None)
    missing = found.missing
    results = []
    for task in planned:
        path = task.path
        try:
            results.append(_check_one(task, scoring))
        except Exception as error:  # a bug on one file: say so, check the others
            detail = "".join(traceback.format_exception_only(error)).strip()
            missing.append(f"{path}: could not be checked: {detail}")
    return results, found


def _check_one(task: PlannedInput, scoring: ScoringOptions) -> FileResult:
    """One input read and validated, under the memory cap when it could be big, as a run."""
    content, _ = read_once(task.path)
    if not needs_isolation(content):
        return _read_and_score(task, content, scoring)
    with tempfile.TemporaryDirectory() as scratch:
        try:
            result: FileResult = run_capped(
                _read_and_score, task, content, scoring, scratch=Path(scratch)
            )
        except OverMemoryCapError as error:
            problem = ReadProblem("", over_cap_message(task.path, error))
            return score_source(
                SourceFile(task.path, kind="xlsx", problems=[problem]), scoring, task.name
            )
    return result


def _read_and_score(
    task: PlannedInput, content: bytes | None, scoring: ScoringOptions
) -> FileResult:
    return score_source(read_source(task.path, is_known_header, content), scoring, task.name)


def issue_lines(result: FileResult) -> Iterable[str]:
    """Each issue of a file as one line: ``file, sheet 'S', row 7, column 'cards': message``."""
    for row in issues_frame(result).iter_rows(named=True):
        where = [str(row["file"])]
        if row["sheet"]:
            where.append(f"sheet {row['sheet']!r}")
        if row["row"] is not None:
            where.append(f"row {row['row']}")
        if row["column"]:
            where.append(f"column {row['column']!r}")
        value = f" (value {row['value']!r})" if row["value"] else ""
        yield f"{', '.join(where)}: {row['message']}{value}"
