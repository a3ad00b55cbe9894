"""Run the CLI in-process, as Typer's ``CliRunner`` does: the same app, no interpreter start.

Tests where the process itself is the point (signals, a killed run) start a real subprocess.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from typer.testing import CliRunner

from pipeline.cli import app

if TYPE_CHECKING:
    from pipeline.job.runner.executors import DaskExecutor


@dataclass(frozen=True)
class Completed:
    """What a finished command left: its exit code and its two streams."""

    returncode: int
    stdout: str
    stderr: str


def run_cli(*args: str, stdin: str | None = None, cwd: Path | None = None) -> Completed:
    """``pipeline ARGS`` with ``stdin`` as standard input, in ``cwd`` when given."""
    runner = CliRunner()
    with contextlib.chdir(cwd) if cwd is not None else contextlib.nullcontext():
        result = runner.invoke(app, list(args), input=stdin, catch_exceptions=False)
    return Completed(result.exit_code, result.stdout, result.stderr)


@contextlib.contextmanager
def worker_environment(executor: DaskExecutor, **variables: str) -> Iterator[None]:
    """Environment variables set in the cluster's worker processes for a while (the workers
    were started before the test could set them in its own environment)."""
    before = executor.client.run(_set_environment, variables)
    try:
        yield
    finally:
        for old in before.values():
            executor.client.run(_set_environment, old)


def _set_environment(variables: dict[str, str | None]) -> dict[str, str | None]:
    old = {name: os.environ.get(name) for name in variables}
    for name, value in variables.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    return old
