"""The ``pipeline`` console script: a fast path for commands that need only the core.

``pipeline equity AhKh QsQc`` needs numpy and the equity tables, not Typer, Rich or polars,
which together take longer to import than the exact work takes to run.  :func:`main` therefore
reads ``equity`` (and ``--version``) itself when the command line is one it fully understands,
and hands every other command line, unchanged, to the Typer app in :mod:`pipeline.cli`.  Help,
usage errors and every other command are Typer's own; the outputs of both paths are the same
text, because both call :func:`pipeline.fast_commands.equity_lines` (a test runs each case
through both).  Imports run one way: this script imports :mod:`pipeline.cli` (only for the
command lines it hands on), never the other way round.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from pipeline.fast_commands import CommandError, equity_lines, version_line

EXIT_CLEAN, EXIT_FAILED = 0, 2


@dataclass(frozen=True)
class EquityArguments:
    """``pipeline equity``'s arguments, as Typer would convert them."""

    hands: list[str]
    board: str = ""
    dead: str = ""
    samples: int | None = None
    seed: int = 0


# ``--game`` is the CLI's: naming a game needs the games registry (and polars)
_EQUITY_OPTIONS = ("--board", "--dead", "--samples", "--seed")


def read_equity_arguments(args: Sequence[str]) -> EquityArguments | None:
    """The arguments after ``equity`` when they are plainly well formed, else ``None``.

    ``None`` sends the command line to Typer, which then prints its own help or usage error: any
    token this reader is not sure of (``--help``, ``--``, an unknown option, an option value
    that looks like an option, a number Typer would refuse) is left to it.

    >>> read_equity_arguments(["AhKh", "--board=2c7d9h", "QsQc", "--samples", "500"])
    EquityArguments(hands=['AhKh', 'QsQc'], board='2c7d9h', dead='', samples=500, seed=0)
    >>> read_equity_arguments(["AhKh", "QsQc", "--samples", "0"]) is None
    True
    """
    hands: list[str] = []
    values: dict[str, str] = {}
    tokens = iter(args)
    for token in tokens:
        if not token.startswith("-"):
            hands.append(token)
            continue
        name, equals, value = token.partition("=")
        if name not in _EQUITY_OPTIONS:
            return None
        if not equals:
            value = next(tokens, "-")
            if value.startswith("-"):
                return None
        values[name] = value
    try:
        # Typer (Click) converts with int() and checks --samples >= 1.
        samples = int(values["--samples"]) if "--samples" in values else None
        seed = int(values.get("--seed", "0"))
    except ValueError:
        return None
    if not hands or (samples is not None and samples < 1):
        return None
    return EquityArguments(
        hands, values.get("--board", ""), values.get("--dead", ""), samples, seed
    )


def open_standard_streams() -> None:
    """Put ``/dev/null`` in place of a standard stream the process was started without (a
    crontab line ending ``<&- >&- 2>&-``, a daemon manager): otherwise Python's ``sys.stderr`` is
    ``None`` (the job died at its first log line, exit 1, with no word and no output), and the
    first file the job opens takes the free number (its lock file would be a child's stdin)."""
    for number, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
        try:
            os.fstat(number)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)  # the lowest free number: this one
            if null != number:
                os.dup2(null, number)
                os.close(null)
        if getattr(sys, name) is None:  # kept open for the life of the process
            stream = open(number, mode, encoding="utf-8", closefd=False)  # noqa: SIM115
            setattr(sys, name, stream)


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point: ``equity`` and ``--version`` here, everything else in Typer."""
    open_standard_streams()
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:
        print(version_line())
        sys.exit(EXIT_CLEAN)
    arguments = read_equity_arguments(args[1:]) if args[:1] == ["equity"] else None
    if arguments is not None:
        try:
            lines = equity_lines(
                arguments.hands, arguments.board, arguments.dead, arguments.samples, arguments.seed
            )
        except CommandError as error:
            print(f"Error: {error}", file=sys.stderr)
            sys.exit(EXIT_FAILED)
        print("\n".join(lines))
        sys.exit(EXIT_CLEAN)
    from pipeline.cli import app

    if argv is None:
        app()  # Click names the program from sys.argv[0], as before
    else:
        app(args=args, prog_name="pipeline")
