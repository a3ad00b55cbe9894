"""The run: plan the inputs, score each as one task, and write the manifest as tasks finish.

A task (:func:`run_task`) is a pure, picklable function of one input that writes that input's
outputs and returns its manifest entry; only this driver writes ``manifest.json``.  ``run`` takes
any :class:`concurrent.futures.Executor` (a process pool, Dask's ``client.get_executor()``);
without one, tasks run here one after another.
"""

from __future__ import annotations

import tempfile
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from pipeline.games.base import NO_EQUITY, EquityOptions
from pipeline.job.isolation import (
    ChildDiedError,
    OverMemoryCapError,
    needs_isolation,
    read_once,
    run_capped,
    scratch_tempdir,
)
from pipeline.job.limits import DEFAULT_LIMITS, Limits
from pipeline.job.outputs import issues_frame, write_outputs
from pipeline.job.plan import (
    CLEAN,
    FAILED,
    ISSUES,
    FoundInputs,
    PlannedInput,
    is_unchanged,
    output_clash,
    plan_inputs,
    settings_of,
)
from pipeline.job.results import FileResult
from pipeline.job.stream_summary import StreamedFile
from pipeline.job.streaming import stream_csv, streamable_layout
from pipeline.job.task import is_known_header, score_source
from pipeline.sinks.atomic import file_digest, remove_stale_temporaries
from pipeline.sinks.manifest import OutputBusyError, load_manifest, output_lock, update_manifest
from pipeline.sources import ReadProblem, SourceFile, read_source
from pipeline.sources.xlsx import INHERITED_LIMIT, MEMORY_CAP_ENV, memory_cap


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
    outputs: dict[str, str] = field(default_factory=dict)
    output_sha256: dict[str, str] = field(default_factory=dict)  # a truncated output is redone
    timings: dict[str, float] = field(default_factory=dict)
    error: str | None = None
    settings: dict[str, object] = field(default_factory=dict)
    skipped: bool = False  # unchanged since the last run: outputs kept, not in the manifest

    def manifest_entry(self) -> dict[str, object]:
        entry = asdict(self)
        del entry["skipped"]
        return entry


@dataclass
class RunReport:
    """What a run did, file by file, and the exit code it earns."""

    files: list[FileReport] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # the run failed: exit 2
    input_issues: list[str] = field(default_factory=list)  # inputs not read: exit 1
    notes: list[str] = field(default_factory=list)  # said once, no change to the exit code

    @property
    def exit_code(self) -> int:
        if self.problems or any(report.status == FAILED for report in self.files):
            return 2
        if self.input_issues or any(report.issues for report in self.files):
            return 1
        return 0


def run_task(
    planned: PlannedInput,
    previous: dict[str, object] | None,
    *,
    force: bool = False,
    equity: EquityOptions = NO_EQUITY,
    limits: Limits = DEFAULT_LIMITS,
) -> FileReport:
    """Read, score and write one input; its manifest entry.  Never raises for a bad file.

    A workbook's bytes are read once: the hash in the manifest is the hash of what was scored
    and written back.  A big workbook is worked on under the memory cap (``isolation``).  An
    output already whole when a later step fails is still listed (``outputs``), so the
    manifest names every file the job left on disk."""
    started = time.perf_counter()
    path = planned.path
    settings = settings_of(equity)
    try:
        content, digest = read_once(path, whole_below=limits.stream_bytes)
    except OSError as error:
        return FileReport(planned.name, "", FAILED, error=f"cannot read {str(path)!r}: {error}")
    if not force and previous is not None and is_unchanged(previous, digest, settings):
        known = {key: previous[key] for key in FileReport.__dataclass_fields__ if key in previous}
        report = FileReport(**known)  # type: ignore[arg-type]
        report.skipped = True
        return report
    if not needs_isolation(content):
        try:
            return score_and_write(planned, content, digest, equity, settings, limits)
        except MemoryError:  # uncapped here: the machine itself ran out; the others go on
            detail = "ran out of memory (cap every workbook with SHOWDOWN_IN_PROCESS_MB=0)"
            return FileReport(planned.name, digest, FAILED, error=detail, settings=settings)
    planned.base.parent.mkdir(parents=True, exist_ok=True)
    try:
        report = run_capped(
            score_and_write, planned, content, digest, equity, settings, limits,
            scratch=planned.base.parent,
        )  # fmt: skip
    except OverMemoryCapError as error:
        return _report_unread(planned, digest, settings, _over_cap_message(path, error))
    except ChildDiedError as error:
        return FileReport(planned.name, digest, FAILED, error=str(error), settings=settings)
    report.timings["total"] = round(time.perf_counter() - started, 4)
    return report


def score_and_write(
    planned: PlannedInput,
    content: bytes | None,
    digest: str,
    equity: EquityOptions,
    settings: dict[str, object],
    limits: Limits = DEFAULT_LIMITS,
) -> FileReport:
    """The work on one input (here, or in a capped subprocess): read from ``content`` when
    the bytes were read already, score, write the outputs; its manifest entry."""
    started = time.perf_counter()
    timings: dict[str, float] = {}
    outputs: dict[str, str] = {}
    try:
        # a CSV too large to read whole is scored in batches (job/streaming.py)
        layout = None if content is not None else streamable_layout(planned.path, limits)
        if layout is not None:
            clock = time.perf_counter()
            planned.base.parent.mkdir(parents=True, exist_ok=True)
            result: FileResult | StreamedFile = stream_csv(
                planned.path, planned.base, planned.name, layout, equity, limits, outputs
            )
            timings["stream"] = time.perf_counter() - clock
        else:
            clock = time.perf_counter()
            source = read_source(planned.path, is_known_header, content)
            timings["read"] = time.perf_counter() - clock
            clock = time.perf_counter()
            result = score_source(source, equity, planned.name)
            timings["score"] = time.perf_counter() - clock
            clock = time.perf_counter()
            planned.base.parent.mkdir(parents=True, exist_ok=True)
            write_outputs(result, planned.base, limits, outputs)
            timings["write"] = time.perf_counter() - clock
        outputs = _resolved(outputs)
        output_sha256 = {key: file_digest(Path(written)) for key, written in outputs.items()}
    except OSError as error:
        if error.filename and Path(error.filename).is_relative_to(planned.base.parent):
            raise  # the output folder cannot be written: the run fails, not this file
        return _failed(planned.name, digest, error, settings, outputs)
    except MemoryError:
        raise  # over the memory cap: the capped subprocess reports it
    except Exception as error:  # one broken file must not stop the others
        return _failed(planned.name, digest, error, settings, outputs)
    timings["total"] = time.perf_counter() - started
    issues = result.issue_count if isinstance(result, FileResult) else result.issues
    return FileReport(
        planned.name,
        digest,
        ISSUES if issues else CLEAN,
        result.rows_read,
        result.rows_scored,
        result.rows_rejected,
        issues,
        outputs,
        output_sha256,
        {key: round(value, 4) for key, value in timings.items()},
        settings=settings,
    )


def _over_cap_message(path: Path, error: OverMemoryCapError) -> str:
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
    result = score_source(source, name=planned.name)
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


def run(
    inputs: Sequence[Path],
    output: Path,
    *,
    force: bool = False,
    equity: EquityOptions = NO_EQUITY,
    progress: Callable[[FileReport], None] | None = None,
    executor: Executor | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> RunReport:
    """Score every input into ``output``; unchanged inputs (same content hash) are skipped."""
    report = RunReport()
    clash = output_clash(inputs, output)
    if clash is not None:
        report.problems.append(clash)
        return report
    planned, found = plan_inputs(inputs, output)
    report.problems.extend(found.missing)
    report.input_issues.extend(found.issues)
    report.notes.extend(found.notes)
    try:
        output.mkdir(parents=True, exist_ok=True)
        with output_lock(output):
            remove_stale_temporaries(output)
            with scratch_tempdir(output):
                _run_planned(planned, output, report, force, equity, progress, executor, limits)
    except OutputBusyError as error:
        report.problems.append(str(error))
    except OSError as error:  # read-only folder, disk full: one line naming the path
        where = error.filename or output
        report.problems.append(f"cannot write to {str(where)!r}: {error.strerror or error}")
    return report


def _run_planned(
    planned: Sequence[PlannedInput],
    output: Path,
    report: RunReport,
    force: bool,
    equity: EquityOptions,
    progress: Callable[[FileReport], None] | None,
    executor: Executor | None,
    limits: Limits,
) -> None:
    manifest = load_manifest(output)
    stamp = datetime.now(UTC).isoformat(timespec="seconds")

    def finished(file_report: FileReport) -> None:
        report.files.append(file_report)
        if not file_report.skipped:
            entry = file_report.manifest_entry() | {"run_at": stamp}
            update_manifest(output, file_report.source, entry)
        if progress is not None:
            progress(file_report)

    if executor is None:
        for task in planned:
            previous = manifest.get(task.name)
            finished(run_task(task, previous, force=force, equity=equity, limits=limits))
        return
    futures: list[Future[FileReport]] = [
        executor.submit(
            run_task, task, manifest.get(task.name), force=force, equity=equity, limits=limits
        )
        for task in planned
    ]
    for task, future in zip(planned, futures, strict=True):
        try:
            finished(future.result())
        except OSError:
            raise  # the output folder cannot be written: the run fails, as it does serially
        except Exception as error:  # the worker died: this input failed, the others go on
            finished(FileReport(task.name, "", FAILED, error=_executor_failure(error)))
    # A worker killed mid-write leaves its temporary file; no task of this run is left to
    # finish one (the lock keeps other runs out), so none of them is anyone's any more.
    remove_stale_temporaries(output)


def _executor_failure(error: BaseException) -> str:
    """One line for a task the executor could not finish.  Dask raises ``KilledWorker`` when
    every worker that tried the task died (a kill, the out-of-memory killer, a crash)."""
    if type(error).__name__ == "KilledWorker":
        tries = getattr(error, "allowed_failures", None)
        times = "" if tries is None else f" ({tries + 1} tries)"
        return (
            f"the Dask worker scoring it died each time it was tried{times}: killed, out of "
            "memory or crashed (the worker logs say which)"
        )
    return _one_line(error)


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
        name, digest, FAILED, outputs=_resolved(outputs), error=_one_line(error), settings=settings
    )


def _one_line(error: BaseException) -> str:
    """An error as one line for the log and the manifest: its type and first line."""
    detail = "".join(traceback.format_exception_only(error)).strip()
    return detail.splitlines()[0] if detail else type(error).__name__


def check(inputs: Sequence[Path]) -> tuple[list[FileResult], FoundInputs]:
    """Read and validate only: every file's result, and what the search of the inputs reported
    (a file that could not be checked is added to its ``missing``)."""
    planned, found = plan_inputs(inputs, None)
    missing = found.missing
    results = []
    for task in planned:
        path = task.path
        try:
            results.append(_check_one(task))
        except Exception as error:  # a bug on one file: say so, check the others
            detail = "".join(traceback.format_exception_only(error)).strip()
            missing.append(f"{path}: could not be checked: {detail}")
    return results, found


def _check_one(task: PlannedInput) -> FileResult:
    """One input read and validated, under the memory cap when it could be big, as a run."""
    content, _ = read_once(task.path)
    if not needs_isolation(content):
        return _read_and_score(task, content)
    with tempfile.TemporaryDirectory() as scratch:
        try:
            result: FileResult = run_capped(_read_and_score, task, content, scratch=Path(scratch))
        except OverMemoryCapError as error:
            problem = ReadProblem("", _over_cap_message(task.path, error))
            return score_source(
                SourceFile(task.path, kind="xlsx", problems=[problem]), name=task.name
            )
    return result


def _read_and_score(task: PlannedInput, content: bytes | None) -> FileResult:
    return score_source(read_source(task.path, is_known_header, content), name=task.name)


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
