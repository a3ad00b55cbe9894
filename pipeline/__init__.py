"""Showdown: score poker and dice tournament exports.

The public API, stable from here on, as polars exposes its own: numpy arrays in, numpy arrays
out, importable from the top.

>>> from pipeline import parse_cards, evaluate, describe
>>> describe(evaluate(parse_cards([["Kc", "9s", "Ks", "Kd", "9d", "3c", "6d"]])))
['Full House (Kings over Nines)']
>>> from pipeline import score_card
>>> int(score_card([[1, 1, 2, 4, 4]])[0].max())
12

Every poker game is scored by the same calls, given the game's rules as data (a
:class:`HandRules`: ``OMAHA`` plays exactly two hole cards and three board cards). An Omaha
round, its best hands and who takes the pot (:func:`pot_shares` is players x rounds):

>>> from pipeline import OMAHA, best_high_hand, describe_high, high_strengths, pot_shares
>>> holes = parse_cards([["Ah", "Kc", "Qc", "Qd"], ["9h", "8h", "7d", "2c"]])
>>> board = parse_cards([["Jh", "Th", "2h", "5h", "Qs"]] * 2)
>>> strengths = high_strengths(OMAHA, holes, board)
>>> describe_high(OMAHA, strengths)  # one heart in the hand makes no flush in Omaha
['Straight (Ace high)', 'Flush (Jack high)']
>>> [format_cards(five) for five in best_high_hand(OMAHA, holes, board).five]
[['Ah', 'Kc', 'Qs', 'Jh', 'Th'], ['Jh', 'Th', '9h', '8h', '5h']]
>>> pot_shares(strengths[:, None]).tolist()
[[0.0], [1.0]]

Omaha Hi/Lo adds a low half (smaller is better), and the pot is split between the halves:

>>> from pipeline import OMAHA_HI_LO, format_low, low_values
>>> holes = parse_cards([["Ah", "2d", "9c", "Js"], ["3c", "4c", "Qh", "Qd"]])
>>> board = parse_cards([["5h", "7s", "8d", "Kd", "Qs"]] * 2)
>>> high = high_strengths(OMAHA_HI_LO, holes, board)
>>> low = low_values(OMAHA_HI_LO, holes, board)
>>> describe_high(OMAHA_HI_LO, high), format_low(low)
(['High Card (Ace)', 'Three of a Kind (Queens)'], ['8-7-5-2-A', '8-7-5-4-3'])
>>> pot_shares(high[:, None], low[:, None]).tolist()  # high to the Queens, low to the wheel card
[[0.5], [0.5]]

Names are looked up on first use, so ``import pipeline`` (and every command of the CLI) loads
only the layers it needs.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.core.cards import CardError, format_card, format_cards, parse_card, parse_cards
    from pipeline.core.equity import EquityResult, equity
    from pipeline.core.evaluator import (
        best_five,
        category,
        category_names,
        describe,
        evaluate,
        evaluate_shared,
    )
    from pipeline.core.hands import (
        best_high_hand,
        best_low_hand,
        describe_high,
        format_low,
        high_strengths,
        low_values,
    )
    from pipeline.core.pots import pot_shares
    from pipeline.core.rules import (
        FIVE_CARD_DRAW,
        HOLDEM,
        OMAHA,
        OMAHA_5,
        OMAHA_6,
        OMAHA_HI_LO,
        SHORT_DECK_HOLDEM,
        SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS,
        HandRules,
    )
    from pipeline.core.yatzy import parse_category, score, score_card

# Public name -> the module that defines it.
_EXPORTS = {
    "CardError": "pipeline.core.cards",
    "format_card": "pipeline.core.cards",
    "format_cards": "pipeline.core.cards",
    "parse_card": "pipeline.core.cards",
    "parse_cards": "pipeline.core.cards",
    "EquityResult": "pipeline.core.equity",
    "equity": "pipeline.core.equity",
    "best_five": "pipeline.core.evaluator",
    "category": "pipeline.core.evaluator",
    "category_names": "pipeline.core.evaluator",
    "describe": "pipeline.core.evaluator",
    "evaluate": "pipeline.core.evaluator",
    "evaluate_shared": "pipeline.core.evaluator",
    "best_high_hand": "pipeline.core.hands",
    "best_low_hand": "pipeline.core.hands",
    "describe_high": "pipeline.core.hands",
    "format_low": "pipeline.core.hands",
    "high_strengths": "pipeline.core.hands",
    "low_values": "pipeline.core.hands",
    "pot_shares": "pipeline.core.pots",
    "FIVE_CARD_DRAW": "pipeline.core.rules",
    "HOLDEM": "pipeline.core.rules",
    "HandRules": "pipeline.core.rules",
    "OMAHA": "pipeline.core.rules",
    "OMAHA_5": "pipeline.core.rules",
    "OMAHA_6": "pipeline.core.rules",
    "OMAHA_HI_LO": "pipeline.core.rules",
    "SHORT_DECK_HOLDEM": "pipeline.core.rules",
    "SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS": "pipeline.core.rules",
    "parse_category": "pipeline.core.yatzy",
    "score": "pipeline.core.yatzy",
    "score_card": "pipeline.core.yatzy",
}

__all__ = [
    "FIVE_CARD_DRAW",
    "HOLDEM",
    "OMAHA",
    "OMAHA_5",
    "OMAHA_6",
    "OMAHA_HI_LO",
    "SHORT_DECK_HOLDEM",
    "SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS",
    "CardError",
    "EquityResult",
    "HandRules",
    "best_five",
    "best_high_hand",
    "best_low_hand",
    "category",
    "category_names",
    "describe",
    "describe_high",
    "equity",
    "evaluate",
    "evaluate_shared",
    "format_card",
    "format_cards",
    "format_low",
    "high_strengths",
    "low_values",
    "parse_card",
    "parse_cards",
    "parse_category",
    "pot_shares",
    "score",
    "score_card",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        msg = f"module 'pipeline' has no attribute {name!r}"
        raise AttributeError(msg)
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
