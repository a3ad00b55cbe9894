"""Showdown: score poker and dice tournament exports.

The public API, stable from here on, as polars exposes its own: numpy arrays in, numpy arrays
out, importable from the top.

>>> from pipeline import parse_cards, evaluate, describe
>>> describe(evaluate(parse_cards([["Kc", "9s", "Ks", "Kd", "9d", "3c", "6d"]])))
['Full House (Kings over Nines)']
>>> from pipeline import score_card
>>> int(score_card([[1, 1, 2, 4, 4]])[0].max())
12

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
    "parse_category": "pipeline.core.yatzy",
    "score": "pipeline.core.yatzy",
    "score_card": "pipeline.core.yatzy",
}

__all__ = [
    "CardError",
    "EquityResult",
    "best_five",
    "category",
    "category_names",
    "describe",
    "equity",
    "evaluate",
    "evaluate_shared",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_category",
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
