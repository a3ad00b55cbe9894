"""One input's task: read once, skipped when unchanged, scored and written (under the memory cap
when it could be big); its manifest entry.  A pure, picklable function of one input
(:func:`run_task`), so that any executor can run it; only the runner writes the manifest.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import tempfile
import time
import traceback
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from pipeline.games.base import NO_OPTIONS, ScoringOptions
from pipeline.games.poker.logs.hand_counts import NO_HANDS
from pipeline.job.plan.hand_index import Claims, HandIndex, claims_of
from pipeline.job.plan.inputs import (
    CLEAN,
    FAILED,
    GONE,
    ISSUES,
    PlannedInput,
    is_unchanged,
    settings_of,
)
from pipeline.job.runner.isolation import (
    ChildDiedError,
    OverMemoryCapError,
    needs_isolation,
    read_once,
    run_capped,
)
from pipeline.job.runner.limits import DEFAULT_LIMITS, Limits
from pipeline.job.streaming import stream_csv, streamable_layout
from pipeline.job.streaming.summary import StreamedFile
from pipeline.job.task.outputs import write_outputs
from pipeline.job.task.results import FileResult
from pipeline.job.task.scoring import is_known_header, score_source
from pipeline.sinks.atomic import file_digest, make_folders
from pipeline.sinks.manifest import readable
from pipeline.sources import ReadProblem, SourceFile, read_source
from pipeline.sources.xlsx import INHERITED_LIMIT, MEMORY_CAP_ENV, memory_cap

UNWRITABLE_NAME = frozenset({errno.ENAMETOOLONG, errno.EILSEQ, errno.EINVAL})
"""What a file system says of a name it will not take (too long, bytes it refuses): that input
fails, the run goes on.  A full disk or a read-only folder fails the run."""


@dataclass
class FileReport:
    """One input's line in ``manifest.json`` and in the end-of-run summary."""

    source: str
    sha256: str
    status: str
    rows_read: int = 0
    rows_scored: int = 0
    rows_rejected: int = 0
    issues: int = 0
    # a hand log's hands: read = scored + left out (by reason, the issue code); issue 29 §8
    hands_read: int = 0
    hands_scored: int = 0
    hands_left_out: dict[str, int] = field(default_factory=dict)
    outputs: dict[str, str] = field(default_factory=dict)
    output_sha256: dict[str, str] = field(default_factory=dict)  # a truncated output is redone
    timings: dict[str, float] = field(default_factory=dict)
    error: str | None = None
    settings: dict[str, object] = field(default_factory=dict)
    skipped: bool = False  # unchanged since the last run: outputs kept, not in the manifest
    hands: list[str] = field(default_factory=list)  # owned: for the hand index, not the manifest

    def manifest_entry(self) -> dict[str, object]:
        entry = asdict(self)
        del entry["skipped"], entry["hands"]
        return entry


def run_task(
    planned: PlannedInput,
    previous: dict[str, object] | None,
    *,
    force: bool = False,
    scoring: ScoringOptions = NO_OPTIONS,
    limits: Limits = DEFAULT_LIMITS,
    index: HandIndex | None = None,
) -> FileReport:
    """Read, score and write one input; its manifest entry.  Never raises for a bad file.
    ``index``: the hands other inputs scored first (a snapshot), left out of this one's
    Parquet.

    A workbook's bytes are read once: the hash in the manifest is the hash of what was scored
    and written back.  A big workbook is worked on under the memory cap (``isolation``).  An
    output already whole when a later step fails is still listed (``outputs``), so the
    manifest names every file the job left on disk."""
    started = time.perf_counter()
    path = planned.path
    settings = settings_of(scoring)
    try:
        content, digest = read_once(path, whole_below=limits.stream_bytes)
    except (FileNotFoundError, NotADirectoryError):  # an exporter moved it away mid-run
        gone = f"{str(path)!r} was removed or renamed after the run found it: not scored"
        return FileReport(planned.name, "", GONE, error=gone)
    except OSError as error:
        return FileReport(planned.name, "", FAILED, error=f"cannot read {str(path)!r}: {error}")
    if not force and previous is not None and is_unchanged(previous, digest, settings):
        known = {key: previous[key] for key in FileReport.__dataclass_fields__ if key in previous}
        report = FileReport(**known)  # type: ignore[arg-type]
        report.skipped = True
        return report
    if not needs_isolation(content):
        try:
            return score_and_write(planned, content, digest, scoring, settings, limits, index)
        except MemoryError:  # uncapped here: the machine itself ran out; the others go on
            detail = "ran out of memory (cap every workbook with SHOWDOWN_IN_PROCESS_MB=0)"
            return FileReport(planned.name, digest, FAILED, error=detail, settings=settings)
    make_folders(planned.base.parent)
    try:
        report = run_capped(
            score_and_write, planned, content, digest, scoring, settings, limits, index,
            scratch=planned.base.parent,
        )  # fmt: skip
    except OverMemoryCapError as error:
        return _report_unread(planned, digest, settings, over_cap_message(path, error))
    except ChildDiedError as error:
        return FileReport(planned.name, digest, FAILED, error=str(error), settings=settings)
    report.timings["total"] = round(time.perf_counter() - started, 4)
    return report


def score_and_write(
    planned: PlannedInput,
    content: bytes | None,
    digest: str,
    scoring: ScoringOptions,
    settings: dict[str, object],
    limits: Limits = DEFAULT_LIMITS,
    index: HandIndex | None = None,
) -> FileReport:
    """The work on one input (here, or in a capped subprocess): read from ``content`` when
    the bytes were read already, score, write the outputs; its manifest entry."""
    with readable_alias(planned.path) as path:
        report = _score_and_write(
            replace(planned, path=path), content, digest, scoring, settings, limits, index
        )
    return report


@contextlib.contextmanager
def readable_alias(path: Path) -> Iterator[Path]:
    r"""``path``, or when its name holds bytes that are not UTF-8 (``n\xe9ight.csv``) a link to
    it under the readable name (``n\\xe9ight.csv``) in a fresh temporary folder: polars and the
    readers take text paths only, and the name they put in messages must be text.  Before, such
    a name failed the whole run with ``TypeError``."""
    if readable(str(path)) == str(path):
        yield path
        return
    folder = Path(tempfile.mkdtemp(prefix=".showdown-alias"))
    try:
        alias = folder / readable(path.name)
        os.symlink(os.fsencode(os.path.abspath(path)), alias)
        yield alias
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _score_and_write(
    planned: PlannedInput,
    content: bytes | None,
    digest: str,
    scoring: ScoringOptions,
    settings: dict[str, object],
    limits: Limits,
    index: HandIndex | None,
) -> FileReport:
    started = time.perf_counter()
    claims = Claims()
    timings: dict[str, float] = {}
    outputs: dict[str, str] = {}
    try:
        # a CSV too large to read whole is scored in batches (job/streaming/)
        layout = None if content is not None else streamable_layout(planned.path, limits)
        if layout is not None:
            clock = time.perf_counter()
            make_folders(planned.base.parent)
            result: FileResult | StreamedFile = stream_csv(
                planned.path, planned.base, readable(planned.name), layout, scoring, limits, outputs
            )
            timings["stream"] = time.perf_counter() - clock
        else:
            clock = time.perf_counter()
            source = read_source(planned.path, is_known_header, content)
            timings["read"] = time.perf_counter() - clock
            clock = time.perf_counter()
            result = score_source(source, scoring, readable(planned.name))  # a name in the data
            claims = claims_of(result, digest, planned.name, planned.path, index)
            result.file_issues.extend(claims.issues)
            timings["score"] = time.perf_counter() - clock
            clock = time.perf_counter()
            make_folders(planned.base.parent)
            write_outputs(result, planned.base, limits, outputs, claims)
            timings["write"] = time.perf_counter() - clock
        outputs = _resolved(outputs)
        output_sha256 = {key: file_digest(Path(written)) for key, written in outputs.items()}
    except OSError as error:
        if error.errno in UNWRITABLE_NAME:
            return _failed(planned.name, digest, error, settings, outputs)  # this name only
        if error.filename and Path(error.filename).is_relative_to(planned.base.parent):
            raise  # the output folder cannot be written: the run fails, not this file
        return _failed(planned.name, digest, error, settings, outputs)
    except MemoryError:
        raise  # over the memory cap: the capped subprocess reports it
    except Exception as error:  # one broken file must not stop the others
        return _failed(planned.name, digest, error, settings, outputs)
    timings["total"] = time.perf_counter() - started
    issues = result.issue_count if isinstance(result, FileResult) else result.issues
    hands = result.hands if isinstance(result, FileResult) else NO_HANDS
    return FileReport(
        planned.name,
        digest,
        ISSUES if issues else CLEAN,
        result.rows_read,
        result.rows_scored,
        result.rows_rejected,
        issues,
        hands.read,
        hands.scored,
        hands.by_reason(),
        outputs,
        output_sha256,
        {key: round(value, 4) for key, value in timings.items()},
        settings=settings,
        hands=claims.owned,
    )


def over_cap_message(path: Path, error: OverMemoryCapError) -> str:
    _, origin = memory_cap()
    remedy = "the limit the job inherits" if origin == INHERITED_LIMIT else MEMORY_CAP_ENV
    return (
        f"{path.name!r} is {error}: reading, scoring and writing it back needs more, so "
        f"none of it was scored (split the workbook, or raise {remedy})"
    )


def _report_unread(
    planned: PlannedInput, digest: str, settings: dict[str, object], message: str
) -> FileReport:
    """An input the job could not work on within the cap: an issue, in a workbook of its own."""
    source = SourceFile(planned.path, kind="xlsx", problems=[ReadProblem("", message)])
    result = score_source(source, name=readable(planned.name))
    outputs = write_outputs(result, planned.base)
    outputs = {key: str(Path(written).resolve()) for key, written in outputs.items()}
    return FileReport(
        planned.name,
        digest,
        ISSUES,
        issues=result.issue_count,
        outputs=outputs,
        output_sha256={key: file_digest(Path(written)) for key, written in outputs.items()},
        settings=settings,
    )


def _resolved(outputs: dict[str, str]) -> dict[str, str]:
    return {key: str(Path(written).resolve()) for key, written in outputs.items()}


def _failed(
    name: str,
    digest: str,
    error: BaseException,
    settings: dict[str, object],
    outputs: dict[str, str],
) -> FileReport:
    """A file that failed, with the outputs it had written whole before it did."""
    return FileReport(
        name, digest, FAILED, outputs=_resolved(outputs), error=one_line(error), settings=settings
    )


def one_line(error: BaseException) -> str:
    """An error as one line for the log and the manifest: its type and first line."""
    detail = "".join(traceback.format_exception_only(error)).strip()
    return detail.splitlines()[0] if detail else type(error).__name__
