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


TRIPS_OVER_STRAIGHT = "trips-over-straight"


def _game_rules(game: str, short_deck_rule: str) -> tuple[str, HandRules]:
    """The canonical name and rules of a game as written (any alias), under the short-deck rule
    set; imports the games registry (polars) only when a game is named."""
    from pipeline.games.poker_variants import canonical_game, known_game_names, rules_of_games

    name = canonical_game(game)
    if name is None:
        msg = f"unknown game {game!r}; known: {known_game_names()}"
        raise CommandError(msg)
    rule_sets = {} if short_deck_rule == TRIPS_OVER_STRAIGHT else {"Short Deck": short_deck_rule}
    try:
        rules = rules_of_games(rule_sets)[name]
    except ValueError as error:
        raise CommandError(str(error)) from None
    if rules.board_cards == 0:
        msg = f"{name} has no board: no cards to come, no equity to count"
        raise CommandError(msg)
    return name, rules


def equity_lines(
    hands: Sequence[str],
    board: str = "",
    dead: str = "",
    samples: int | None = None,
    seed: int = 0,
    game: str | None = None,
    short_deck_rule: str = TRIPS_OVER_STRAIGHT,
) -> list[str]:
    """What ``pipeline equity`` prints: a line per hand (win, tie, equity in percent), then the
    number of boards and how they were counted.  Raises :class:`CommandError` for bad cards.

    ``game`` (any alias) scores the hands under that game's rules and deck: four hole cards a
    hand in Omaha; in Omaha Hi/Lo the equity is the expected share of a pot split high and low.

    >>> equity_lines(["AsKsQd2c", "JhTh9c8c"], board="AhKh2s", game="PLO")[-1]
    'boards: 820 (exact)'
    """
    from pipeline.core.equity import equity
    from pipeline.core.rules import HOLDEM

    name, rules = (None, HOLDEM) if game is None else _game_rules(game, short_deck_rule)
    holes = [parse_cards_text(hand) for hand in hands]
    for hand, cards in zip(hands, holes, strict=True):
        if len(cards) != rules.hole_cards:
            where = "" if name is None else f" in {name}"
            msg = f"{hand!r} is {len(cards)} cards: expected {rules.hole_cards} hole cards{where}"
            raise CommandError(msg)
    try:
        result = equity(
            holes,
            parse_cards_text(board),
            parse_cards_text(dead),
            samples=samples,
            seed=seed,
            rules=rules,
        )
    except ValueError as error:
        raise CommandError(str(error)) from None
    lines = [f"{'hand':<8}{'win %':>8}{'tie %':>8}{'equity %':>10}"]
    for hand, win, tie, share in zip(hands, result.win, result.tie, result.equity, strict=True):
        lines.append(f"{hand:<8}{100 * win:>8.2f}{100 * tie:>8.2f}{100 * share:>10.2f}")
    how = "exact" if result.exact else f"Monte Carlo, ±{100 * result.margin:.2f} % at 95 %"
    lines.append(f"boards: {result.boards:,} ({how})")
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
    sources = Path(__file__).parent / "sources"
    scanner = any((sources / f"_pokerstars_scan{end}").is_file() for end in EXTENSION_SUFFIXES)
    reader = "C scanner" if scanner else "line reader"
    return f"showdown {version('showdown')} (evaluator: {KERNEL_NAME} loop, PokerStars: {reader})"
