"""Score players' hands under a game's :class:`~pipeline.core.rules.HandRules`: one call per
question, whatever the game, so no caller branches on a game's name.

The rules say which evaluator answers: any five of hole and board cards (Hold'em, short deck,
five-card hands) go to :func:`pipeline.core.evaluation.evaluator.evaluate` under the rules' ranking;
exactly ``n`` hole cards (Omaha) to
:func:`pipeline.core.evaluation.combination.evaluate_combination`; a low half to
:func:`pipeline.core.evaluation.low.evaluate_low`.

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
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pipeline.core.evaluation import combination, evaluator, low
from pipeline.core.evaluation.combination import BestHand
from pipeline.core.evaluation.hand_checks import deal_arrays
from pipeline.core.evaluation.low import NO_LOW, format_low
from pipeline.core.rules import HandRules, LowRule

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
]


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

    Strengths are numbered by the rules' ranking (0..7461 for the standard one).
    """
    hole_array, board_array = _checked(rules, holes, boards, check)
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
    """The commentator's description of each high strength: ``'Full House (Kings over Nines)'``."""
    return evaluator.describe(strengths, rules.ranking)


def category_names(rules: HandRules, strengths: ArrayLike) -> list[str]:
    """The category name of each high strength: ``'Flush'``, ``'Royal Flush'``."""
    return evaluator.category_names(strengths, rules.ranking)
