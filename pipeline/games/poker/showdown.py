"""The Ruby Quiz #24 showdown listing: read rounds, name every hand, mark the winners.

A listing has one line per player: two hole cards, then the community cards that player saw.
Rounds are separated by blank lines.  A line with fewer than seven cards is a fold.

>>> report = score_listing(["Kc 9s Ks Kd 9d 3c 6d", "9c Ah Ks Kd 9d 3c 6d", "9h 5s"])
>>> print("\\n".join(report.lines))
Kc 9s Ks Kd 9d 3c 6d Full House (winner)
9c Ah Ks Kd 9d 3c 6d Two Pair
9h 5s
>>> report.problems
[]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from pipeline.core.cards import card_problem, parse_card
from pipeline.core.evaluation import evaluator

HOLE_CARDS = 2
FULL_HAND = 7
BOARD_SIZES = (0, 3, 4, 5)


@dataclass(frozen=True)
class Line:
    """One player's line: its number in the file, its tokens as written and their card ids."""

    number: int
    tokens: tuple[str, ...]
    cards: tuple[int, ...]


@dataclass
class ShowdownReport:
    """What :func:`score_listing` made: output lines, and one message per rejected round."""

    lines: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    rounds_scored: int = 0


def split_rounds(lines: Iterable[str]) -> list[list[tuple[int, str]]]:
    """Group non-blank lines into rounds at blank lines, keeping 1-based line numbers.

    >>> split_rounds(["a", "", "", "b", "c"])
    [[(1, 'a')], [(4, 'b'), (5, 'c')]]
    """
    rounds: list[list[tuple[int, str]]] = [[]]
    for number, text in enumerate(lines, start=1):
        if text.strip():
            rounds[-1].append((number, text.strip()))
        elif rounds[-1]:
            rounds.append([])
    return [round_lines for round_lines in rounds if round_lines]


def parse_round(round_lines: list[tuple[int, str]]) -> tuple[list[Line], list[str]]:
    """Parse and check one round; returns its lines and the problems that reject it.

    >>> parse_round([(3, "Kd Kd")])[1]
    ["line 3: card 'Kd' appears twice in this round"]
    """
    parsed: list[Line] = []
    problems: list[str] = []
    for number, text in round_lines:
        tokens = tuple(text.split())
        bad = [problem for token in tokens if (problem := card_problem(token))]
        if bad:
            problems.extend(f"line {number}: {problem}" for problem in bad)
            continue
        if len(tokens) > FULL_HAND:
            problems.append(f"line {number}: {len(tokens)} cards, more than {FULL_HAND}")
            continue
        if len(tokens) - HOLE_CARDS not in BOARD_SIZES:
            problems.append(
                f"line {number}: {len(tokens)} cards: expected 2 hole cards and 0, 3, 4 or 5 "
                "community cards"
            )
            continue
        parsed.append(Line(number, tokens, tuple(parse_card(token) for token in tokens)))
    if problems:
        return parsed, problems
    seen: set[int] = set()
    board = max((line.cards[HOLE_CARDS:] for line in parsed), key=len, default=())
    for line in parsed:
        seen_board = line.cards[HOLE_CARDS:]
        if seen_board != board[: len(seen_board)]:
            problems.append(
                f"line {line.number}: community cards {' '.join(line.tokens[HOLE_CARDS:])!r} "
                "disagree with the other players'"
            )
        for token, card in zip(line.tokens[:HOLE_CARDS], line.cards[:HOLE_CARDS], strict=True):
            if card in seen or card in board:
                problems.append(f"line {line.number}: card {token!r} appears twice in this round")
            seen.add(card)
    board_seen: set[int] = set()
    longest = next(line for line in parsed if line.cards[HOLE_CARDS:] == board) if parsed else None
    for index, card in enumerate(board):
        if card in board_seen and longest is not None:
            token = longest.tokens[HOLE_CARDS + index]
            problems.append(f"line {longest.number}: card {token!r} appears twice in this round")
        board_seen.add(card)
    return parsed, problems


def score_listing(
    lines: Iterable[str], *, arrange: bool = False, describe: bool = False
) -> ShowdownReport:
    """Score every round of a listing; bad rounds are reported and left out, the rest print.

    ``arrange`` reorders each ranked line as the quiz's bonus asks (cards used, kickers, unused);
    ``describe`` names hands in full (``Full House (Kings over Nines)``).
    """
    report = ShowdownReport()
    for round_lines in split_rounds(lines):
        parsed, problems = parse_round(round_lines)
        if problems:
            report.problems.extend(problems)
            continue
        if report.rounds_scored:
            report.lines.append("")
        report.lines.extend(_score_round(parsed, arrange=arrange, describe=describe))
        report.rounds_scored += 1
    return report


def _score_round(parsed: list[Line], *, arrange: bool, describe: bool) -> list[str]:
    ranked = [line for line in parsed if len(line.cards) == FULL_HAND]
    texts = {line.number: " ".join(line.tokens) for line in parsed}
    if not ranked:
        return list(texts.values())
    hands = np.array([line.cards for line in ranked], dtype=np.uint8)
    strengths = evaluator.evaluate(hands, check=False)
    names = evaluator.describe(strengths) if describe else evaluator.category_names(strengths)
    best = strengths.max()
    if arrange:
        used, unused = evaluator.best_five(hands, check=False)
        arranged = np.concatenate([used, unused], axis=1)
    for index, line in enumerate(ranked):
        tokens = line.tokens
        if arrange:
            token_of = dict(zip(line.cards, line.tokens, strict=True))
            tokens = tuple(token_of[int(card)] for card in arranged[index])
        winner = " (winner)" if strengths[index] == best else ""
        texts[line.number] = f"{' '.join(tokens)} {names[index]}{winner}"
    return list(texts.values())
