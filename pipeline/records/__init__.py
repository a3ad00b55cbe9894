"""The records every reader fills and every game reads, below both: a hand log (a row per
player per hand, and its issues), a read problem, and how each site words the hands it
shows.

Sources (:mod:`pipeline.sources`) return them; games (:mod:`pipeline.games`) score them; so
neither imports the other.
"""

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
