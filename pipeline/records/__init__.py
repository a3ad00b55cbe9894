"""The records every reader fills and every game reads, below both: a hand log (a row per
player per hand, and its issues), a read problem, how each site words the hands it shows, and
the one table of games' names (:mod:`pipeline.records.game_names`).

Sources (:mod:`pipeline.sources`) return them; games (:mod:`pipeline.games`) score them; so
neither imports the other.  The names are imported when first used
(:mod:`pipeline.core.lazy_exports`), so importing :mod:`pipeline.records.game_names` alone
(``pipeline equity --game``, the compiled scanner's start-up) does not load polars with the
hand log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pipeline.core.lazy_exports import lazy_exports

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
    from pipeline.records.stated_hands import WORDINGS, HandWording, declare_wording

__all__ = [
    "INSTANT_FORMAT",
    "ISSUE_SCHEMA",
    "ROW_SCHEMA",
    "STREETS",
    "WORDINGS",
    "HandLog",
    "HandWording",
    "Issues",
    "ReadProblem",
    "declare_wording",
    "drop_repeated_hands",
]

_EXPORTS = {
    **{
        name: "pipeline.records.hand_log"
        for name in (
            "INSTANT_FORMAT",
            "ISSUE_SCHEMA",
            "ROW_SCHEMA",
            "STREETS",
            "HandLog",
            "Issues",
            "drop_repeated_hands",
        )
    },
    "ReadProblem": "pipeline.records.problems",
    **{
        name: "pipeline.records.stated_hands"
        for name in ("WORDINGS", "HandWording", "declare_wording")
    },
}

__getattr__, __dir__ = lazy_exports(globals(), _EXPORTS)
