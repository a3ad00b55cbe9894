"""What the nightly job shows while it runs and when it ends: a progress bar on a terminal, plain
log lines otherwise (cron mails them), and a one-screen summary table."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pipeline.games.base import ScoringOptions
from pipeline.job import GONE, FileReport, RunReport, find_inputs, run
from pipeline.sinks.manifest import readable


def say(line: str, stream: TextIO | None = None) -> None:
    """Print one log line; a reader that went away (``pipeline run ... | head -1``) stops the
    log, never the work.

    The first failed write points the stream's descriptor at ``/dev/null``: every later line
    (the summary too) goes nowhere quietly, and the run finishes every input and exits as its
    outcome says.  Before, the ``BrokenPipeError`` stopped the run at the first failed write.
    """
    stream = sys.stderr if stream is None else stream
    try:
        print(line, file=stream, flush=True)
    except BrokenPipeError:
        to_nowhere(stream)


def to_nowhere(stream: TextIO) -> None:
    """Point ``stream``'s descriptor at ``/dev/null`` (its reader went away), and the other
    standard stream's too when it writes to the same pipe (``2>&1``)."""
    with contextlib.suppress(OSError, ValueError):
        broken = os.fstat(stream.fileno())
        nowhere = os.open(os.devnull, os.O_WRONLY)
        for other in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                same = os.fstat(other.fileno())
                if (same.st_dev, same.st_ino) == (broken.st_dev, broken.st_ino):
                    os.dup2(nowhere, other.fileno())
        os.dup2(nowhere, stream.fileno())
        os.close(nowhere)


@contextlib.contextmanager
def pipe_may_break(*streams: TextIO) -> Iterator[None]:
    """A block whose writes to ``streams`` (the summary, rich's tables) may meet a reader
    that went away: the rest of the block is not written, and the streams say nothing more."""
    try:
        yield
        for stream in streams:  # a pipe's writes are buffered: they fail here, not at exit
            stream.flush()
    except BrokenPipeError:
        for stream in streams:
            to_nowhere(stream)


def shown(name: str) -> str:
    r"""A file name as a log line shows it: as it is when it prints on one line, quoted with
    its escapes otherwise, so a newline in a name never splits the one-line-per-file log; bytes
    that are not UTF-8 as ``\xNN``.

    >>> shown("night.csv"), shown("new\nline.csv")
    ('night.csv', "'new\\nline.csv'")
    """
    text = readable(name)
    return text if text.isprintable() else repr(text)


def _log_line(report: FileReport) -> str:
    if report.status == GONE:
        return f"gone   {shown(report.source)}: {report.error}"
    if report.error:
        return f"FAILED {shown(report.source)}: {report.error}"
    what = "unchanged, skipped" if report.skipped else f"{report.timings.get('total', 0):.2f} s"
    # A hand log's rows are only its scored hands': the hands left out (a variant not read, a
    # cut or repeated hand) are counted apart, so "0 rejected" never hides them (issue 29 §8).
    hands = ""
    if report.hands_read:
        left_out = sum(report.hands_left_out.values())
        hands = (
            f"{count(report.hands_read, 'hand')} read: {report.hands_scored:,} scored, "
            f"{left_out:,} left out, "
        )
    return (
        f"{report.status:<6} {shown(report.source)}: {count(report.rows_read, 'row')} read, "
        f"{report.rows_scored:,} scored, {report.rows_rejected:,} rejected, {hands}"
        f"{count(report.issues, 'issue')} ({what})"
    )


def count(number: int, noun: str) -> str:
    """``1 row``, ``2 rows``, ``1,000 rows``.

    >>> count(1, "issue"), count(0, "issue"), count(12_000, "row")
    ('1 issue', '0 issues', '12,000 rows')
    """
    return f"{number:,} {noun}" + ("" if number == 1 else "s")


def run_with_progress(
    inputs: Sequence[Path],
    output: Path,
    *,
    force: bool,
    scoring: ScoringOptions,
    executor: Executor | None = None,
) -> RunReport:
    """:func:`pipeline.job.run` with a progress bar (terminal) or a log line per file."""
    if not sys.stderr.isatty():
        return run(
            inputs,
            output,
            force=force,
            scoring=scoring,
            progress=lambda r: say(_log_line(r)),
            executor=executor,
        )
    total = len(find_inputs(inputs, output).files)
    console = Console(stderr=True)
    with Progress(
        TextColumn("[bold]scoring"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task("", total=total)

        def advance(file_report: FileReport) -> None:
            bar.advance(task)
            bar.update(task, description=shown(Path(file_report.source).name))
            console.print(_log_line(file_report), highlight=False)

        return run(
            inputs, output, force=force, scoring=scoring, progress=advance, executor=executor
        )


def print_run_summary(report: RunReport, output: Path) -> None:
    """A one-screen table of the run, then any run-level problem, on stdout."""
    console = Console(width=max(100, Console().width), soft_wrap=False)
    table = Table(title=f"Showdown run -> {output}", title_justify="left")
    for heading in ("input", "status", "read", "scored", "rejected", "issues", "seconds"):
        table.add_column(heading, justify="left" if heading in ("input", "status") else "right")
    for file_report in report.files:
        status = file_report.status + (" (unchanged)" if file_report.skipped else "")
        seconds = "" if file_report.skipped else f"{file_report.timings.get('total', 0):.2f}"
        table.add_row(
            shown(file_report.source),
            status,
            f"{file_report.rows_read:,}",
            f"{file_report.rows_scored:,}",
            f"{file_report.rows_rejected:,}",
            f"{file_report.issues:,}",
            seconds,
        )
    console.print(table)
    # Errors are plain lines, never wrapped or marked up: cron mails and greps them.
    for file_report in report.files:
        if file_report.error and file_report.status != GONE:
            print(f"Error: {shown(file_report.source)}: {file_report.error}")
    for problem in report.problems:
        print(f"Error: {problem}")
    if report.stopped_by is not None:
        print(f"Error: {interrupted_line(report)}")
    for issue in report.input_issues:
        print(f"Issue: {issue}")
    for file_report in report.files:
        if file_report.status == GONE:
            print(f"Issue: {file_report.error}")
    for note in report.notes:
        print(f"Note: {note}")
    said = report.input_issues or any(file.status == GONE for file in report.files)
    issues = "issues found: see the Issues sheets" + (" and the lines above" if said else "")
    verdict = {0: "clean", 1: issues, 2: "the run failed"}
    if report.stopped_by is not None:
        verdict[report.exit_code] = f"stopped by {report.stopped_by.signal_name}"
    print(f"exit {report.exit_code}: {verdict[report.exit_code]}")


def interrupted_line(report: RunReport) -> str:
    """What a run stopped by a signal says, after ``Error:``: how far it got.

    >>> from pipeline.job import Interrupted
    >>> interrupted_line(RunReport(planned=5, stopped_by=Interrupted(15)))
    'interrupted by SIGTERM; 0 of 5 inputs finished, rerun to finish the rest'
    >>> interrupted_line(RunReport(stopped_by=Interrupted(2)))
    'interrupted by SIGINT before any input was begun; rerun to score them'
    """
    assert report.stopped_by is not None
    name = report.stopped_by.signal_name
    if report.planned is None:
        return f"interrupted by {name} before any input was begun; rerun to score them"
    return (
        f"interrupted by {name}; {len(report.files):,} of {count(report.planned, 'input')} "
        "finished, rerun to finish the rest"
    )
