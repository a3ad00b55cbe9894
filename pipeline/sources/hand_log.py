"""The shared result of reading a hand-history file: one row per player per hand, and issues.

Both :mod:`pipeline.sources.pokerstars` and :mod:`pipeline.sources.phh` return a :class:`HandLog`
whose ``rows`` follow :data:`ROW_SCHEMA` and whose ``issues`` follow :data:`ISSUE_SCHEMA`.

>>> log = HandLog.empty()
>>> log.rows.columns[:4], log.issues.columns[-1]
(['hand_id', 'tournament', 'table', 'round'], 'message')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import polars as pl

ROW_SCHEMA: dict[str, pl.DataType] = {
    "hand_id": pl.String(),
    "tournament": pl.String(),
    "table": pl.String(),
    "round": pl.String(),
    "date": pl.String(),
    "line": pl.Int64(),
    "seat": pl.Int64(),
    "button": pl.Boolean(),
    "player": pl.String(),
    "stack": pl.Float64(),
    "hole": pl.String(),
    "mucked": pl.Boolean(),
    "stated_hand": pl.String(),
    "board": pl.String(),
    "folded": pl.Boolean(),
    "folded_street": pl.String(),
    "put_in": pl.Float64(),
    "won": pl.Float64(),
    "variant": pl.String(),
}
"""Columns of :attr:`HandLog.rows`, in order.  ``stated_hand`` is the log's own name of a shown
hand (PokerStars' ``a full house, Sevens full of Jacks``), null where the log gives none."""

ISSUE_SCHEMA: dict[str, pl.DataType] = {
    "line": pl.Int64(),
    "hand_id": pl.String(),
    "column": pl.String(),
    "value": pl.String(),
    "code": pl.String(),
    "message": pl.String(),
}
"""Columns of :attr:`HandLog.issues` (and of :func:`pipeline.games.holdem.pot_audit.audit_pots`)."""

STREETS = ("preflop", "flop", "turn", "river")
_NO_ISSUES = pl.DataFrame(schema=ISSUE_SCHEMA)
SNIFF_CHARS = 8192
"""How far into a file's head a hand-history format's mark is looked for."""


def head_matches(mark: re.Pattern[str], head: str) -> bool:
    """True when a format's ``mark`` occurs in the first :data:`SNIFF_CHARS` characters of
    ``head``: how each hand-history reader recognises its files.

    >>> mark = re.compile("variant =")
    >>> head_matches(mark, "# a PHH file, variant = 'NT'")
    True
    >>> head_matches(mark, "x" * SNIFF_CHARS + "variant = 'NT'")  # too far in to be a mark
    False
    """
    return mark.search(head[:SNIFF_CHARS]) is not None


@dataclass
class Issues:
    """Issue rows collected while reading, turned into a frame by :meth:`frame`."""

    columns: dict[str, list[Any]] = field(
        default_factory=lambda: {name: [] for name in ISSUE_SCHEMA}
    )

    def add(
        self,
        line: int | None,
        hand_id: str | None,
        code: str,
        message: str,
        column: str | None = None,
        value: str | None = None,
    ) -> None:
        """Record one issue."""
        c = self.columns
        c["line"].append(line)
        c["hand_id"].append(hand_id)
        c["column"].append(column)
        c["value"].append(value)
        c["code"].append(code)
        c["message"].append(message)

    def frame(self) -> pl.DataFrame:
        """The issues as a frame with :data:`ISSUE_SCHEMA`."""
        if not self.columns["code"]:
            return _NO_ISSUES
        return pl.DataFrame(self.columns, schema=ISSUE_SCHEMA)


def new_row_columns() -> dict[str, list[Any]]:
    """Empty column lists, one per :data:`ROW_SCHEMA` column, for a reader to append to."""
    return {name: [] for name in ROW_SCHEMA}


@dataclass
class HandLog:
    """Rows (one per player per hand) and the issues found reading them."""

    rows: pl.DataFrame
    issues: pl.DataFrame

    @classmethod
    def empty(cls) -> HandLog:
        """A log with no rows and no issues, with the right columns."""
        return cls(pl.DataFrame(schema=ROW_SCHEMA), pl.DataFrame(schema=ISSUE_SCHEMA))

    @classmethod
    def from_columns(cls, rows: dict[str, list[Any]], issues: Issues) -> HandLog:
        """Build the frames from column lists."""
        # Row-wise construction is about twice as fast as column lists for small hands.
        frame = pl.DataFrame(
            list(zip(*rows.values(), strict=True)), schema=ROW_SCHEMA, orient="row"
        )
        return cls(frame, issues.frame())
