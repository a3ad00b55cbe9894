"""The records every reader fills and every game reads, below both: a hand log (a row per
player per hand, and its issues), a read problem, and the one table of games' names
(:mod:`pipeline.records.game_names`).

Sources (:mod:`pipeline.sources`) return them; games (:mod:`pipeline.games`) score them; so
neither imports the other.  The names below are loaded on first use (PEP 562), so importing
:mod:`pipeline.records.game_names` alone (``pipeline equity --game``, the compiled scanner's
start-up) does not load polars with the hand log.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.records.hand_log import (
        INSTANT_FORMAT,
        ISSUE_SCHEMA,
        ROW_SCHEMA,
        STREETS,
        HandLog,
        Issues,
        drop_repeated_hands,
    )
    from pipeline.records.problems import ReadProblem

__all__ = [
    "INSTANT_FORMAT",
    "ISSUE_SCHEMA",
    "ROW_SCHEMA",
    "STREETS",
    "HandLog",
    "Issues",
    "ReadProblem",
    "drop_repeated_hands",
]

_HOME = {name: "pipeline.records.hand_log" for name in __all__} | {
    "ReadProblem": "pipeline.records.problems"
}


def __getattr__(name: str) -> object:
    home = _HOME.get(name)
    if home is None:
        msg = f"module {__name__!r} has no attribute {name!r}"
        raise AttributeError(msg)
    return getattr(importlib.import_module(home), name)
