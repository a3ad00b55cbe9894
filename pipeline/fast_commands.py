"""What the commands that need only the core print: ``pipeline equity`` and ``--version``.

Both the console script's fast path (:mod:`pipeline.console`, no Typer) and the Typer app
(:mod:`pipeline.cli`) call these, so the two paths print the same text; this module sits below
both, so neither imports the other's module for them.

>>> equity_lines(["AsAd", "KcKd"], board="AhKh2c3d")
['hand       win %   tie %  equity %', 'AsAd       97.73    0.00     97.73', \
'KcKd        2.27    0.00      2.27', 'boards: 44 (exact)']
>>> equity_lines(["AhKh", "AhQh"])
Traceback (most recent call last):
    ...
pipeline.fast_commands.CommandError: card 'Ah' is dealt twice
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.core.rules import HandRules


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
    rules: HandRules | None = None,
    game: str | None = None,
) -> list[str]:
    """What ``pipeline equity`` prints: a line per hand (win, tie, equity in percent), then the
    number of boards and how they were counted.  Raises :class:`CommandError` for bad cards.

    ``rules`` (Hold'em's by default) score the hands under another game, named ``game`` in
    messages (the CLI finds both from the name a user writes): four hole cards a hand in Omaha;
    in Omaha Hi/Lo the equity is the expected share of a pot split high and low.

    >>> from pipeline.core.rules import OMAHA
    >>> equity_lines(["AsKsQd2c", "JhTh9c8c"], board="AhKh2s", rules=OMAHA, game="Omaha")[-1]
    'boards: 820 (exact)'
    """
    from pipeline.core.probability.equity_loop import loop_equity
    from pipeline.core.rules import HOLDEM

    rules = HOLDEM if rules is None else rules
    name = game
    holes = [parse_cards_text(hand) for hand in hands]
    for hand, cards in zip(hands, holes, strict=True):
        if len(cards) != rules.hole_cards:
            where = "" if name is None else f" in {name}"
            msg = f"{hand!r} is {len(cards)} cards: expected {rules.hole_cards} hole cards{where}"
            raise CommandError(msg)
    board_cards, dead_cards = parse_cards_text(board), parse_cards_text(dead)
    try:
        # Exact Hold'em and short deck: the compiled loop, no numpy (a cold start is most of
        # the time otherwise); the rest, or without the loop, the numpy path.
        counted = None
        if samples is None:
            counted = loop_equity(holes, board_cards, dead_cards, rules)
        if counted is None:
            from pipeline.core.probability.equity import equity

            result = equity(holes, board_cards, dead_cards, samples=samples, seed=seed, rules=rules)
            win, tie, share = result.win.tolist(), result.tie.tolist(), result.equity.tolist()
            boards, exact, margin = result.boards, result.exact, result.margin
        else:
            win, tie, share = counted.win, counted.tie, counted.equity
            boards, exact, margin = counted.boards, True, 0.0
    except ValueError as error:
        raise CommandError(str(error)) from None
    lines = [f"{'hand':<8}{'win %':>8}{'tie %':>8}{'equity %':>10}"]
    for hand, won, tied, expected in zip(hands, win, tie, share, strict=True):
        lines.append(f"{hand:<8}{100 * won:>8.2f}{100 * tied:>8.2f}{100 * expected:>10.2f}")
    how = "exact" if exact else f"Monte Carlo, ±{100 * margin:.2f} % at 95 %"
    lines.append(f"boards: {boards:,} ({how})")
    if rules.low is not None:
        lines.append("equity: the expected share of the pot, half to the best high, half to the")
        lines.append("best low (eight or better; none qualifying: the high takes it all)")
    return lines


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
    folder = Path(__file__).parent / "sources" / "pokerstars" / "scanner"
    scanner = any((folder / f"_pokerstars_scan{end}").is_file() for end in EXTENSION_SUFFIXES)
    reader = "C scanner" if scanner else "text engine"
    return f"showdown {version('showdown')} (evaluator: {KERNEL_NAME} loop, PokerStars: {reader})"
