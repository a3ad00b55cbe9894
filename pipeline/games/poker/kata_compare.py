"""The poker hands kata: compare named five-card hands and give the verdict with its reason.

>>> verdict("Black: 2H 4S 4C 2D 4H  White: 2S 8S AS QS 3S")
'Black wins. - with full house: 4 over 2'
>>> verdict("Black: 2H 3D 5S 9C KD  White: 2D 3H 5C 9S KH")
'Tie.'
"""

from __future__ import annotations

import numpy as np

from pipeline.core.cards import CardError, format_card, parse_card
from pipeline.core.evaluation import evaluator

HAND_SIZE = 5
_FACE_NAMES = {9: "Jack", 10: "Queen", 11: "King", 12: "Ace"}


class CompareError(ValueError):
    """A kata line that cannot be compared, with a message naming what is wrong."""


def face_name(rank: int) -> str:
    """The kata's name of a face: digits for 2..10, words for the court cards and the ace.

    >>> face_name(0), face_name(8), face_name(12)
    ('2', '10', 'Ace')
    """
    return _FACE_NAMES.get(rank, str(rank + 2))


def parse_line(line: str) -> list[tuple[str, list[int]]]:
    """Split ``Name: c c c c c  Name: ...`` into players and their card ids.

    >>> parse_line("Black: 2H 3D 5S 9C KD  White: 2C 3H 4S 8C AH")[1]
    ('White', [0, 6, 11, 24, 50])
    """
    players: list[tuple[str, list[str]]] = []
    for token in line.split():
        if token.endswith(":"):
            players.append((token[:-1], []))
        elif not players:
            msg = f"expected a player's name ending in ':' before {token!r}"
            raise CompareError(msg)
        else:
            players[-1][1].append(token)
    if len(players) < 2:
        msg = f"expected two or more players, got {len(players)}"
        raise CompareError(msg)
    parsed: list[tuple[str, list[int]]] = []
    seen: dict[int, str] = {}
    for name, tokens in players:
        if len(tokens) != HAND_SIZE:
            msg = f"{name} has {len(tokens)} cards, expected {HAND_SIZE}"
            raise CompareError(msg)
        try:
            cards = [parse_card(token) for token in tokens]
        except CardError as error:
            msg = f"{name}: {error}"
            raise CompareError(msg) from None
        for card in cards:
            if card in seen:
                msg = f"card {format_card(card)!r} appears twice (in {seen[card]} and {name})"
                raise CompareError(msg)
            seen[card] = name
        parsed.append((name, cards))
    return parsed


# Ranks of the made hand before its kickers (``hand_ranks`` lists groups first): past them, a
# kicker decides, and the kata names a kicker ``high card``.
_MADE_RANKS = {
    evaluator.PAIR: 2,
    evaluator.TWO_PAIR: 4,
    evaluator.THREE_OF_A_KIND: 3,
    evaluator.FOUR_OF_A_KIND: 4,
}


def _made_hand(code: int, ranks: list[int]) -> str:
    """The made hand in the kata's words: ``full house: 4 over 2``, ``pair: Ace``."""
    category = evaluator.CATEGORY_NAMES[code].lower()
    if code == evaluator.ROYAL_FLUSH:
        return category
    if code == evaluator.FULL_HOUSE:
        return f"{category}: {face_name(ranks[0])} over {face_name(ranks[3])}"
    if code == evaluator.TWO_PAIR:
        return f"{category}: {face_name(ranks[0])} and {face_name(ranks[2])}"
    return f"{category}: {face_name(ranks[0])}"


def _reason(winner: int, runner_up: int) -> str:
    """Why strength ``winner`` beats ``runner_up``: the made hand, or the card that decides.

    >>> from pipeline.core.cards import parse_cards
    >>> fives_jack, fives_ten = evaluator.evaluate(parse_cards(
    ...     [["5h", "5c", "Jd", "8s", "2c"], ["5d", "5s", "Td", "8c", "3h"]]))
    >>> _reason(int(fives_jack), int(fives_ten))
    'high card: Jack (tied on pair: 5)'
    """
    codes = evaluator.category([winner, runner_up]).tolist()
    ranks = evaluator.hand_ranks([winner, runner_up]).tolist()
    if min(codes[0], evaluator.STRAIGHT_FLUSH) != min(codes[1], evaluator.STRAIGHT_FLUSH):
        return _made_hand(codes[0], ranks[0])
    at = next(i for i, (a, b) in enumerate(zip(ranks[0], ranks[1], strict=True)) if a != b)
    deciding = face_name(ranks[0][at])
    made_ranks = _MADE_RANKS.get(codes[0])
    if made_ranks is not None and at >= made_ranks:  # the made hands tie: a kicker decides
        return f"high card: {deciding} (tied on {_made_hand(codes[0], ranks[0])})"
    if codes[0] in (evaluator.HIGH_CARD, evaluator.FLUSH):  # every card counts: the first apart
        return f"{evaluator.CATEGORY_NAMES[codes[0]].lower()}: {deciding}"
    return _made_hand(codes[0], ranks[0])


def verdict(line: str) -> str:
    """The kata's verdict for one line: ``White wins. - with high card: Ace`` or ``Tie.``

    With more than two players, the winner's reason is given against the best of the rest, and a
    tie names the tied players: ``Tie between Black and White.``
    """
    players = parse_line(line)
    strengths = evaluator.evaluate(np.array([cards for _, cards in players], dtype=np.uint8))
    best = int(strengths.max())
    winners = [
        name for (name, _), strength in zip(players, strengths, strict=True) if strength == best
    ]
    if len(winners) > 1:
        return (
            "Tie." if len(winners) == len(players) == 2 else f"Tie between {' and '.join(winners)}."
        )
    runner_up = int(strengths[strengths != best].max())
    return f"{winners[0]} wins. - with {_reason(best, runner_up)}"
