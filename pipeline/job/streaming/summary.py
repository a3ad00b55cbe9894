"""What streaming one CSV did (:class:`StreamedFile`), and its workbook's Summary: the game's
blocks over the rows shown, the whole file's counts, and where every row is."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from pipeline.games.base import ScoredSheet


@dataclass
class StreamedFile:
    """What streaming one input did: its counts and the outputs it wrote."""

    rows_read: int = 0
    rows_rejected: int = 0
    issues: int = 0
    batches: int = 0
    outputs: dict[str, str] = field(default_factory=dict)

    @property
    def rows_scored(self) -> int:
        return self.rows_read - self.rows_rejected


def streamed_summary(
    game: Any,
    sheets: list[ScoredSheet],
    streamed: StreamedFile,
    rows_shown: int,
    name: str,
    sheet: str,
) -> list[tuple[str, pl.DataFrame]]:
    """The game's blocks over the rows shown, the whole file's counts, and what was streamed."""
    blocks: list[tuple[str, pl.DataFrame]] = list(game.summary(sheets)) if sheets else []
    covered = sum(scored.scored["row_id"].n_unique() for scored in sheets)
    counts = pl.DataFrame(
        {
            "file": [name],
            "sheet": [sheet],
            "rows read": [streamed.rows_read],
            "rows scored": [streamed.rows_scored],
            "rows rejected": [streamed.rows_rejected],
            "issues": [streamed.issues],
        }
    )
    parquet = ", ".join(
        Path(path).name for key, path in streamed.outputs.items() if key != "parquet_issues"
    )
    note = pl.DataFrame(
        {
            "what": [
                "read in batches",
                "rows in this workbook",
                "every scored row is in",
                "the blocks above cover",
            ],
            "detail": [
                f"{streamed.batches:,} batches: the file is too large to read whole",
                f"the first {rows_shown:,} of {streamed.rows_read:,}",
                parquet or "(no rows were scored)",
                f"the {covered:,} scored rows of the batches shown",
            ],
        }
    )
    if "parquet_issues" in streamed.outputs:
        note = note.vstack(
            pl.DataFrame(
                {
                    "what": ["every issue is in"],
                    "detail": [Path(streamed.outputs["parquet_issues"]).name],
                }
            )
        )
    return [*blocks, ("Rows", counts), ("Streamed: a file too large to read whole", note)]
