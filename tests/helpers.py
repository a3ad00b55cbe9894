"""Run the CLI in-process, as Typer's ``CliRunner`` does: the same app, no interpreter start.

Tests where the process itself is the point (signals, a killed run) start a real subprocess.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli import app


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
