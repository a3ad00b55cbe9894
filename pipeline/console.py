"""The ``pipeline`` console script: a fast path for commands that need only the core.

``pipeline equity AhKh QsQc`` needs numpy and the equity tables, not Typer, Rich or polars,
which together take longer to import than the exact work takes to run.  :func:`main` therefore
reads ``equity`` (and ``--version``) itself when the command line is one it fully understands,
and hands every other command line, unchanged, to the Typer app in :mod:`pipeline.cli`.  Help,
usage errors and every other command are Typer's own; the outputs of both paths are the same
text, because both call :func:`equity_lines` (a test runs each case through both).

>>> equity_lines(["AsAd", "KcKd"], board="AhKh2c3d")
['hand       win %   tie %  equity %', 'AsAd       97.73    0.00     97.73', \
'KcKd        2.27    0.00      2.27', 'boards: 44 (exact)']
>>> equity_lines(["AhKh", "AhQh"])
Traceback (most recent call last):
    ...
pipeline.console.CommandError: card 'Ah' is dealt twice
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass

EXIT_CLEAN, EXIT_FAILED = 0, 2


class CommandError(Exception):
    """A command cannot run with these arguments; the message is printed as ``Error: ...``."""


def parse_cards_text(text: str) -> list[int]:
    """Cards written with or without spaces: ``AhKh``, ``2c 7d 9h``, ``10hJh``.

    >>> parse_cards_text("10hJh 2c")
    [34, 38, 0]
    """
    from pipeline.core.cards import CardError, parse_card

    tokens = re.findall(r"10.|\S.", text.replace(" ", "").replace(",", ""))
    try:
        return [parse_card(token) for token in tokens]
    except CardError as error:
        raise CommandError(str(error)) from None


def equity_lines(
    hands: Sequence[str],
    board: str = "",
    dead: str = "",
    samples: int | None = None,
    seed: int = 0,
) -> list[str]:
    """What ``pipeline equity`` prints: a line per hand (win, tie, equity in percent), then the
    number of boards and how they were counted.  Raises :class:`CommandError` for bad cards."""
    from pipeline.core.equity import equity

    holes = [parse_cards_text(hand) for hand in hands]
    for hand, cards in zip(hands, holes, strict=True):
        if len(cards) != 2:
            msg = f"{hand!r} is {len(cards)} cards: expected 2 hole cards"
            raise CommandError(msg)
    try:
        result = equity(
            holes, parse_cards_text(board), parse_cards_text(dead), samples=samples, seed=seed
        )
    except ValueError as error:
        raise CommandError(str(error)) from None
    lines = [f"{'hand':<8}{'win %':>8}{'tie %':>8}{'equity %':>10}"]
    for hand, win, tie, share in zip(hands, result.win, result.tie, result.equity, strict=True):
        lines.append(f"{hand:<8}{100 * win:>8.2f}{100 * tie:>8.2f}{100 * share:>10.2f}")
    how = "exact" if result.exact else f"Monte Carlo, ±{100 * result.margin:.2f} % at 95 %"
    lines.append(f"boards: {result.boards:,} ({how})")
    return lines


@dataclass(frozen=True)
class EquityArguments:
    """``pipeline equity``'s arguments, as Typer would convert them."""

    hands: list[str]
    board: str = ""
    dead: str = ""
    samples: int | None = None
    seed: int = 0


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


def version_line() -> str:
    """What ``pipeline --version`` prints: the version, which evaluator loop runs and which
    PokerStars reader (our C extensions are optional at install: ``setup.py``).

    >>> version_line().startswith("showdown ")
    True
    """
    from importlib.machinery import EXTENSION_SUFFIXES
    from importlib.metadata import version
    from pathlib import Path

    from pipeline.core.kernel import KERNEL_NAME

    # Looked for, not imported: importing pipeline.sources would load polars.
    sources = Path(__file__).parent / "sources"
    scanner = any((sources / f"_pokerstars_scan{end}").is_file() for end in EXTENSION_SUFFIXES)
    reader = "C scanner" if scanner else "polars"
    return f"showdown {version('showdown')} (evaluator: {KERNEL_NAME} loop, PokerStars: {reader})"


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point: ``equity`` and ``--version`` here, everything else in Typer."""
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
