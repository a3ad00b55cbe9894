"""A part of an input that could not be read, and why: the problem type every source returns
and the games and the job report."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReadProblem:
    """A sheet (or a whole file, ``sheet`` empty) that could not be read, and why; or a part of
    a file a source names: a hand log's hand, at its ``row`` (the line it starts on), with the
    reader's own issue ``code`` (else the code comes from the message)."""

    sheet: str
    message: str
    row: int | None = None
    column: str | None = None
    value: str | None = None
    code: str | None = None
