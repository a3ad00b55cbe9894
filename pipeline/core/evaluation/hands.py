"""Score players' hands under a game's :class:`~pipeline.core.rules.HandRules`: one call per
question, whatever the game, so no caller branches on a game's name.

The rules say which evaluator answers: any five of hole and board cards (Hold'em, short deck,
five-card hands, Stud) go to :func:`pipeline.core.evaluation.evaluator.evaluate` under the rules'
ranking; exactly ``n`` hole cards (Omaha) to
:func:`pipeline.core.evaluation.combination.evaluate_combination`; a low half to
:func:`pipeline.core.evaluation.low.evaluate_low`; a whole hand ranked by a lowball order
(``rules.lowball``: Razz, 2-7 and A-5 draw, Badugi) to the order's own evaluator, found in a
table keyed by the order's type.  Strengths are higher-is-better in every game.

>>> from pipeline.core.cards import parse_cards
>>> from pipeline.core.rules import HOLDEM, OMAHA_HI_LO
>>> holes = parse_cards([["Ah", "2h", "Kc", "Qs"], ["7d", "7c", "3s", "4s"]])
>>> board = parse_cards([["7h", "8h", "Th", "Jc", "5d"]] * 2)
>>> describe_high(OMAHA_HI_LO, high_strengths(OMAHA_HI_LO, holes, board))
['Flush (Ace high)', 'Three of a Kind (Sevens)']
>>> format_low(low_values(OMAHA_HI_LO, holes, board))
['8-7-5-2-A', '8-7-5-4-3']
>>> describe_high(HOLDEM, high_strengths(HOLDEM, holes[:, :2], board))
['Flush (Ace high)', 'Three of a Kind (Sevens)']
>>> from pipeline.core.rules import RAZZ
>>> razz = parse_cards([["Kd", "7c", "5s", "4h", "3d", "2c", "Kh"]])
>>> no_board = np.empty((1, 0), np.uint8)
>>> strengths = high_strengths(RAZZ, razz, no_board)
>>> describe_high(RAZZ, strengths), category_names(RAZZ, strengths)
(['7-5 low'], ['7 low'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pipeline.core.evaluation import badugi, combination, evaluator, hand_tables, low, lowball
from pipeline.core.evaluation.combination import BestHand
from pipeline.core.evaluation.hand_checks import deal_arrays
from pipeline.core.evaluation.low import NO_LOW, format_low
from pipeline.core.rules import BadugiRanking, HandRules, LowballRanking, LowRule

_T = TypeVar("_T")

__all__ = [
    "NO_LOW",
    "BestHand",
    "best_high_hand",
    "best_low_hand",
    "category_names",
    "describe_high",
    "format_low",
    "high_strengths",
    "low_values",
    "n_strengths",
]


@dataclass(frozen=True)
class _LowballOrder:
    """How hands ranked by a lowball order are scored, named and shown: each function takes
    the order (a :class:`LowballRanking` or :class:`BadugiRanking`) first."""

    strengths: Callable[..., NDArray[np.uint16]]
    describe: Callable[..., list[str]]
    categories: Callable[..., list[str]]
    best: Callable[..., NDArray[np.uint8]]
    count: Callable[..., int]


def _skip_order(function: Callable[..., _T]) -> Callable[..., _T]:
    """A Badugi function called as the lowball ones are, the order first (Badugi has one)."""

    def called(_order: BadugiRanking, *args: object, **kwargs: object) -> _T:
        return function(*args, **kwargs)

    return called


_LOWBALL_ORDERS: dict[type, _LowballOrder] = {
    LowballRanking: _LowballOrder(
        lowball.lowball_strengths,
        lowball.describe_lowball,
        lowball.lowball_category_names,
        lowball.best_lowball_five,
        lowball.n_lowball_strengths,
    ),
    BadugiRanking: _LowballOrder(
        _skip_order(badugi.badugi_strengths),
        _skip_order(badugi.describe_badugi),
        _skip_order(badugi.badugi_category_names),
        _skip_order(badugi.best_badugi_cards),
        _skip_order(lambda: badugi.N_BADUGI_STRENGTHS),
    ),
}
"""The evaluator of each kind of lowball order: one look-up per call, no branch on a game."""


def _lowball_order(rules: HandRules) -> tuple[LowballRanking | BadugiRanking, _LowballOrder]:
    order = rules.lowball
    if order is None:  # pragma: no cover - callers ask only rules with a lowball order
        msg = "these rules rank hands high"
        raise ValueError(msg)
    return order, _LOWBALL_ORDERS[type(order)]


def _checked(
    rules: HandRules, holes: ArrayLike, boards: ArrayLike, check: bool
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    hole_array, board_array = deal_arrays(
        holes, boards, rules.ranking, check=check, board_sizes=rules.board_sizes
    )
    if check and hole_array.shape[1] != rules.hole_cards:
        msg = f"expected {rules.hole_cards} hole cards a hand, got {hole_array.shape[1]}"
        raise ValueError(msg)
    return hole_array, board_array


def high_strengths(
    rules: HandRules, holes: ArrayLike, boards: ArrayLike, *, check: bool = True
) -> NDArray[np.uint16]:
    """High strength of each row (higher is better, equal ties): holes ``(n, hole_cards)``,
    boards ``(n, b)`` with ``b`` one of ``rules.board_sizes``.

    Strengths are numbered by the rules' ranking (0..7461 for the standard one), or by their
    lowball order (:func:`n_strengths` of them), higher still better.
    """
    hole_array, board_array = _checked(rules, holes, boards, check)
    if rules.lowball is not None:
        order, scorer = _lowball_order(rules)
        return scorer.strengths(order, hole_array, check=False)
    if rules.hole_cards_used is None:
        hands = np.hstack([hole_array, board_array])
        return evaluator.evaluate(hands, check=False, ranking=rules.ranking)
    return combination.evaluate_combination(
        hole_array, board_array, used=rules.hole_cards_used, ranking=rules.ranking, check=False
    )


def low_values(
    rules: HandRules, holes: ArrayLike, boards: ArrayLike, *, check: bool = True
) -> NDArray[np.uint16]:
    """Low value of each row (smaller is better, :data:`NO_LOW` for none); the rules must have
    a low half.  ``format_low`` writes them as ``8-6-4-2-A``."""
    rule = _low_rule(rules)
    hole_array, board_array = _checked(rules, holes, boards, check)
    return low.evaluate_low(
        hole_array, board_array, rule=rule, used=rules.hole_cards_used, check=False
    )


def _low_rule(rules: HandRules) -> LowRule:
    if rules.low is None:
        msg = "these rules have no low half"
        raise ValueError(msg)
    return rules.low


def best_high_hand(
    rules: HandRules, holes: ArrayLike, boards: ArrayLike, *, check: bool = True
) -> BestHand:
    """The five cards of each row's high hand in showdown order, and which hole and board cards
    they are (``hole_used`` ``(n, h)``, ``board_used`` ``(n, b)``).

    >>> from pipeline.core.cards import format_hand, parse_cards
    >>> from pipeline.core.rules import HOLDEM
    >>> best = best_high_hand(HOLDEM, parse_cards([["9c", "Ah"]]),
    ...                       parse_cards([["Ks", "Kd", "9d", "3c", "6d"]]))
    >>> format_hand(best.five[0]), best.hole_used[0].tolist(), best.board_used[0].tolist()
    ('Ks Kd 9d 9c Ah', [True, True], [True, True, True, False, False])
    """
    hole_array, board_array = _checked(rules, holes, boards, check)
    if rules.lowball is not None:  # every card is a hole card: they play where shown
        order, scorer = _lowball_order(rules)
        five = scorer.best(order, hole_array, check=False)
        playing = (hole_array[:, :, None] == five[:, None, :]).any(axis=2)
        return BestHand(five, playing, np.zeros(board_array.shape, dtype=bool))
    if rules.hole_cards_used is not None:
        return combination.best_combination(
            hole_array,
            board_array,
            used=rules.hole_cards_used,
            ranking=rules.ranking,
            check=False,
        )
    cards = np.hstack([hole_array, board_array])
    five, _ = evaluator.best_five(cards, check=False, ranking=rules.ranking)
    # A card plays when it is one of the five (cards are distinct within a row).
    playing = (cards[:, :, None] == five[:, None, :]).any(axis=2)
    holes_seen = hole_array.shape[1]
    return BestHand(five, playing[:, :holes_seen], playing[:, holes_seen:])


def best_low_hand(
    rules: HandRules, holes: ArrayLike, boards: ArrayLike, *, check: bool = True
) -> BestHand:
    """The five cards of each row's low, highest first, and which hole and board cards they
    are; a row with no low gets :data:`~pipeline.core.cards.INVALID_CARD` and no card used."""
    rule = _low_rule(rules)
    hole_array, board_array = _checked(rules, holes, boards, check)
    return low.best_low(hole_array, board_array, rule=rule, used=rules.hole_cards_used, check=False)


def describe_high(rules: HandRules, strengths: ArrayLike) -> list[str]:
    """The commentator's description of each strength: ``'Full House (Kings over Nines)'``;
    under a lowball order as players say it, ``'7-5 low'``, ``'Number one'``, ``'a three-card
    6-4-2 badugi'``."""
    if rules.lowball is not None:
        order, scorer = _lowball_order(rules)
        return scorer.describe(order, strengths)
    return evaluator.describe(strengths, rules.ranking)


def category_names(rules: HandRules, strengths: ArrayLike) -> list[str]:
    """The category name of each strength: ``'Flush'``, ``'Royal Flush'``; under a lowball
    order ``'7 low'``, ``'Pair'``, ``'Straight'`` (2-7), ``'Badugi'``, ``'Three-card hand'``."""
    if rules.lowball is not None:
        order, scorer = _lowball_order(rules)
        return scorer.categories(order, strengths)
    return evaluator.category_names(strengths, rules.ranking)


def n_strengths(rules: HandRules) -> int:
    """How many strengths (``0..n - 1``) the rules' hands take.

    >>> from pipeline.core.rules import BADUGI_DRAW, HOLDEM, RAZZ
    >>> n_strengths(HOLDEM), n_strengths(RAZZ), n_strengths(BADUGI_DRAW)
    (7462, 6175, 1092)
    """
    if rules.lowball is not None:
        order, scorer = _lowball_order(rules)
        return scorer.count(order)
    return hand_tables.n_strengths(rules.ranking)
