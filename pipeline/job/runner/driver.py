"""The run: plan the inputs, score each as one task, and write the manifest as tasks finish.

A task (:func:`pipeline.job.task.input_task.run_task`) is a pure, picklable function of one input
that writes that input's outputs and returns its manifest entry; only this driver writes
``manifest.json``.  ``run`` takes any :class:`concurrent.futures.Executor` (a process pool,
Dask's ``client.get_executor()``); without one, tasks run here one after another.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from pipeline.games.base import NO_OPTIONS, ScoringOptions
from pipeline.job.plan.hand_index import load_index, write_index
from pipeline.job.plan.inputs import (
    CLEAN,
    FAILED,
    GONE,
    ISSUES,
    PlannedInput,
    output_clash,
    plan_inputs,
)
from pipeline.job.runner.interrupt import Interrupted, signals_deferred
from pipeline.job.runner.isolation import scratch_tempdir
from pipeline.job.runner.limits import DEFAULT_LIMITS, Limits
from pipeline.job.task.input_task import FileReport, one_line, run_task
from pipeline.sinks.atomic import file_digest, make_folders, remove_stale_temporaries
from pipeline.sinks.manifest import (
    RENAMED_FROM,
    SOURCE_GONE,
    SOURCE_PATH,
    Manifest,
    OutputBusyError,
    output_lock,
    readable,
)

__all__ = ["FileReport", "RunReport", "run"]


@dataclass
class RunReport:
    """What a run did, file by file, and the exit code it earns."""

    files: list[FileReport] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # the run failed: exit 2
    input_issues: list[str] = field(default_factory=list)  # inputs not read: exit 1
    notes: list[str] = field(default_factory=list)  # said once, no change to the exit code
    planned: int | None = None  # inputs the run set out to score, once it knew them
    stopped_by: Interrupted | None = None  # SIGTERM, SIGINT or SIGHUP: 128 + signal

    @property
    def exit_code(self) -> int:
        if self.stopped_by is not None:
            return self.stopped_by.exit_code
        if self.problems or any(report.status == FAILED for report in self.files):
            return 2
        if self.input_issues or any(
            report.issues or report.status == GONE for report in self.files
        ):
            return 1
        return 0


def run(
    inputs: Sequence[Path],
    output: Path,
    *,
    force: bool = False,
    scoring: ScoringOptions = NO_OPTIONS,
    progress: Callable[[FileReport], None] | None = None,
    executor: Executor | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> RunReport:
    """Score every input into ``output``; unchanged inputs (same content hash) are skipped.

    Within :func:`~pipeline.job.runner.interrupt.stop_on_signals`, a SIGTERM, SIGINT or SIGHUP stops
    the run: the work in flight is stopped (``executor.shutdown(wait=True, cancel_futures=True)``
    first), the temporary files and scratch folders are removed, the outputs already whole and
    the manifest entries of the inputs that finished are kept, and the report says so
    (``stopped_by``)."""
    report = RunReport()
    settings = _RunSettings(force, scoring, progress, executor, limits)
    try:
        _run(inputs, output, report, settings)
    except Interrupted as stop:
        report.stopped_by = stop
    return report


@dataclass(frozen=True)
class _RunSettings:
    """How every input of a run is scored, and who hears of each one finished."""

    force: bool
    scoring: ScoringOptions
    progress: Callable[[FileReport], None] | None
    executor: Executor | None
    limits: Limits


def _run(inputs: Sequence[Path], output: Path, report: RunReport, settings: _RunSettings) -> None:
    executor = settings.executor
    clash = output_clash(inputs, output)
    if clash is not None:
        report.problems.append(clash)
        return
    planned, found = plan_inputs(inputs, output)
    report.problems.extend(found.missing)
    report.input_issues.extend(found.issues)
    report.notes.extend(found.notes)
    report.planned = len(planned)
    try:
        make_folders(output)
        with output_lock(output):
            remove_stale_temporaries(output)
            try:
                with scratch_tempdir(output):
                    _run_planned(planned, output, report, settings)
            except (Interrupted, KeyboardInterrupt):  # the latter: run() used as a library
                if executor is not None:
                    _stop_work_in_flight(executor)
                remove_stale_temporaries(output)  # what the work in flight was writing
                raise
    except OutputBusyError as error:
        report.problems.append(str(error))
    except OSError as error:  # read-only folder, disk full: one line naming the path
        where = error.filename or output
        report.problems.append(f"cannot write to {str(where)!r}: {error.strerror or error}")


def _stop_work_in_flight(executor: Executor) -> None:
    """Stop an executor's tasks before the output folder is tidied: none may write after.
    Dask's executor from :func:`~pipeline.job.runner.executors.executor_for` kills the workers of a
    cluster it started; a process pool waits for the tasks it is running."""
    try:
        executor.shutdown(wait=True, cancel_futures=True)
    except TypeError:  # Dask's own ClientExecutor has no cancel_futures: wait=False cancels
        executor.shutdown(wait=False)


def _run_planned(
    planned: Sequence[PlannedInput], output: Path, report: RunReport, settings: _RunSettings
) -> None:
    force, scoring, limits = settings.force, settings.scoring, settings.limits
    progress, executor = settings.progress, settings.executor
    written = Manifest(output)  # read once: the lock keeps every other run out
    manifest = dict(written.entries)
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    names = {task.name for task in planned}

    index = load_index(output, written.entries)  # who scored each hand first

    def finished(task: PlannedInput, file_report: FileReport) -> None:
        if index.conflicts(task.name, file_report.sha256, task.path, file_report.hands):
            # Scored in parallel with an earlier input holding some of its hands: again,
            # here, now that the index knows them (only the first scores a hand).
            previous = manifest.get(task.name)
            first = file_report
            file_report = run_task(
                task, previous, force=True, scoring=scoring, limits=limits, index=index
            )
            _remove_outputs(first.manifest_entry(), set(file_report.outputs.values()))
        with signals_deferred():  # a finished input keeps its entry, whatever comes
            report.files.append(file_report)
            replaced = _keep_entry(task, file_report, written, names, stamp)
            if not file_report.skipped and file_report.status in (CLEAN, ISSUES):
                owner = (file_report.sha256, os.path.abspath(task.path))
                index.owners = index.owners | {task.name: owner}  # a new dict: tasks on
                # threads may be reading the old one
                if index.claim(task.name, file_report.hands, replaced):
                    write_index(output, index)
        if progress is not None:
            progress(file_report)

    if executor is None:
        for task in planned:
            previous = manifest.get(task.name)
            run = run_task(task, previous, force=force, scoring=scoring, limits=limits, index=index)
            finished(task, run)
        _mark_gone(written, names, report)
        return
    futures: list[Future[FileReport]] = [
        executor.submit(
            run_task,
            task,
            manifest.get(task.name),
            force=force,
            scoring=scoring,
            limits=limits,
            index=index,
        )
        for task in planned
    ]
    waiting = list(zip(planned, futures, strict=True))
    try:
        while waiting:
            task, future = waiting[0]
            _finish_task(task, future, finished)
            del waiting[0]
    except Interrupted:
        # Tasks that ended while the driver waited for an earlier one keep their entries.
        for task, future in waiting:
            if future.done() and not future.cancelled():
                _finish_task(task, future, finished)
        raise
    # A worker killed mid-write leaves its temporary file; no task of this run is left to
    # finish one (the lock keeps other runs out), so none of them is anyone's any more.
    remove_stale_temporaries(output)
    _mark_gone(written, names, report)


def _keep_entry(
    task: PlannedInput,
    file_report: FileReport,
    written: Manifest,
    names: set[str],
    stamp: str,
) -> list[str]:
    """One finished input's entry: written when it was scored (replacing the entries of the
    same content under an old name, their outputs removed: the names replaced), or brought up
    to date when it was skipped and had been marked gone or found at another path."""
    if file_report.status == GONE:
        return []
    source_path = os.path.abspath(task.path)
    if file_report.skipped:
        previous = written.entries.get(task.name, {})
        if SOURCE_GONE in previous or previous.get(SOURCE_PATH) != source_path:
            entry = {key: value for key, value in previous.items() if key != SOURCE_GONE}
            written.update(task.name, entry | {SOURCE_PATH: source_path})
        return []
    entry = file_report.manifest_entry() | {"run_at": stamp, SOURCE_PATH: source_path}
    kept = set(file_report.outputs.values())
    if file_report.status != FAILED and task.name in written.entries:
        # an output the last run wrote and this one did not (its rows now all left out as
        # another input's hands) would be read by a season as live
        _remove_outputs(written.entries[task.name], kept)
    replaced = _same_content_elsewhere(task, file_report.sha256, written.entries, names)
    if replaced:
        entry[RENAMED_FROM] = replaced
    written.update(task.name, entry)
    for name in replaced:
        _remove_outputs(written.entries[name], kept)
        written.remove(name)
    return replaced


def _same_content_elsewhere(
    task: PlannedInput, digest: str, entries: dict[str, dict[str, object]], names: set[str]
) -> list[str]:
    """Entries of this content under another name that is not an input of this run and whose
    file is gone from its path, or is this very file reached by another path (a link): the
    input was renamed or re-linked, so its outputs move to the new name, not beside it."""
    if not digest:
        return []
    replaced = []
    for name, entry in entries.items():
        if name == task.name or name in names or entry.get("sha256") != digest:
            continue
        path = entry.get(SOURCE_PATH)
        if not isinstance(path, str):
            continue  # written before entries said where their input was: left alone
        if not os.path.lexists(path) or _same_file(path, task.path):
            replaced.append(name)
    return replaced


def _same_file(first: str, second: Path) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False


def _remove_outputs(entry: dict[str, object], kept: set[str]) -> None:
    """An old entry's outputs, each removed only if it is still what that run wrote."""
    outputs, digests = entry.get("outputs"), entry.get("output_sha256")
    if not isinstance(outputs, dict) or not isinstance(digests, dict):
        return
    for key, path in outputs.items():
        if path in kept:
            continue
        with contextlib.suppress(OSError):
            if file_digest(Path(str(path))) == digests.get(key):
                Path(str(path)).unlink()


def _mark_gone(written: Manifest, names: set[str], report: RunReport) -> None:
    """Entries whose input is no longer where it was (deleted, or moved out of the inputs):
    marked ``source_gone``, their outputs kept (they are the archive), and said once."""
    gone = []
    for name, entry in list(written.entries.items()):
        path = entry.get(SOURCE_PATH)
        if name in names or SOURCE_GONE in entry or not isinstance(path, str):
            continue
        if not os.path.lexists(path):
            written.update(name, entry | {SOURCE_GONE: True})
            gone.append(name)
    if gone:
        listed = ", ".join(repr(readable(name)) for name in gone[:MAX_GONE_NAMED])
        more = f" and {len(gone) - MAX_GONE_NAMED:,} more" if len(gone) > MAX_GONE_NAMED else ""
        report.notes.append(
            f"inputs scored before are gone: {listed}{more}; their outputs are kept, marked "
            f"{SOURCE_GONE} in the manifest"
        )


MAX_GONE_NAMED = 10


def _finish_task(
    task: PlannedInput,
    future: Future[FileReport],
    finished: Callable[[PlannedInput, FileReport], None],
) -> None:
    try:
        finished(task, future.result())
    except OSError:
        raise  # the output folder cannot be written: the run fails, as it does serially
    except Exception as error:  # the worker died: this input failed, the others go on
        finished(task, FileReport(task.name, "", FAILED, error=_executor_failure(error)))


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
    return one_line(error)
