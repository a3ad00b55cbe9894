"""What scoring a file made of it, and the accounting that proves no row was lost.

Every row read is either scored or rejected with an issue record:
``rows_read == rows_scored + rows_rejected`` for every sheet, checked on every run
(:func:`check_accounting`); a row that is neither gets an issue of its own
(:func:`unaccounted_rows`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import polars as pl

from pipeline.games import GAME_OF_LAYOUT
from pipeline.games.base import Game
from pipeline.games.layouts import HAND_LOG, Layout
from pipeline.games.poker.logs.hand_counts import NO_HANDS, HandCounts, count_hands
from pipeline.games.poker.scoring.rows import empty_issues
from pipeline.sources import RawSheet, ReadProblem, SourceFile


@dataclass
class SheetResult:
    """One sheet after validation and scoring."""

    sheet: RawSheet
    layout: Layout | None
    scored: pl.DataFrame  # canonical rows with results, ``row_id`` into ``sheet.frame``
    issues: pl.DataFrame  # row_id (null: sheet-level), column, value, message
    rejected_rows: int = 0
    # Issues that reject nothing (text cut to fit an Excel cell): same columns as ``issues``.
    cell_issues: pl.DataFrame = field(default_factory=lambda: empty_issues())

    @property
    def game(self) -> Game | None:
        return None if self.layout is None else GAME_OF_LAYOUT[self.layout.kind]


@dataclass
class FileResult:
    """Everything :func:`score_source` made of one file."""

    source: SourceFile
    name: str = ""  # as the outputs and messages name the input: its path relative to the run
    sheets: list[SheetResult] = field(default_factory=list)
    file_issues: list[ReadProblem] = field(default_factory=list)

    @property
    def rows_read(self) -> int:
        return sum(result.sheet.frame.height for result in self.sheets)

    @property
    def rows_rejected(self) -> int:
        return sum(result.rejected_rows for result in self.sheets)

    @property
    def rows_scored(self) -> int:
        return self.rows_read - self.rows_rejected

    @property
    def hands(self) -> HandCounts:
        """A hand log's hands: read, scored, and left out by reason (other files: none)."""
        counts = [
            count_hands(
                result.sheet.frame,
                result.scored["row_id"] if result.scored.height else pl.Series([], dtype=pl.Int64),
                result.issues,
                self.file_issues,
            )
            for result in self.sheets
            if result.layout is not None and result.layout.kind == HAND_LOG
        ]
        if not counts:
            return NO_HANDS
        return HandCounts(
            sum(count.scored for count in counts),
            pl.concat([count.left_out for count in counts]),
        )

    @property
    def issue_count(self) -> int:
        return len(self.file_issues) + sum(
            result.issues.height + result.cell_issues.height for result in self.sheets
        )


def unaccounted_rows(read: int, scored: pl.DataFrame, issues: pl.DataFrame) -> pl.DataFrame:
    """An issue for each row neither scored nor rejected (a rounds row where nobody was dealt
    in), so that no row is counted and then found nowhere."""
    seen = pl.concat(
        [scored["row_id"] if scored.height else pl.Series([], dtype=pl.Int64), issues["row_id"]]
    ).drop_nulls()
    missing = pl.int_range(0, read, eager=True, dtype=pl.Int64).filter(
        ~pl.int_range(0, read, eager=True, dtype=pl.Int64).is_in(seen.implode())
    )
    return pl.DataFrame(
        {
            "row_id": missing,
            "column": pl.Series([None] * missing.len(), dtype=pl.String),
            "value": pl.Series([None] * missing.len(), dtype=pl.String),
            "message": pl.Series(
                ["no player's cards in this row: nothing to score"] * missing.len(),
                dtype=pl.String,
            ),
        },
        schema=issues.schema,
    )


def check_accounting(result: SheetResult) -> None:
    """Every row read is scored or rejected, never both, never neither (the rounds layout
    scores a row once per player, so it is counted by the rows it came from)."""
    read = result.sheet.frame.height
    rejected = result.issues["row_id"].drop_nulls().unique()
    scored = (
        result.scored["row_id"].unique() if result.scored.height else pl.Series([], dtype=pl.Int64)
    )
    both = scored.is_in(rejected.implode()).sum()
    accounted = scored.len() + rejected.len() - both
    if both or accounted != read:
        msg = (
            f"sheet {result.sheet.name!r}: {read} rows read but {scored.len()} scored and "
            f"{rejected.len()} rejected ({both} both): a row would be lost"
        )
        raise AssertionError(msg)
