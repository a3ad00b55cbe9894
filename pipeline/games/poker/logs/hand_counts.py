"""Every hand of a log accounted for (issue 29 §8): hands read = hands scored + hands left out.

A hand-history reader leaves a hand out (a variant we do not score, a hand cut short, a run-it-
twice board, a repeat of an earlier hand) with an issue at the line the hand starts on; a hand
it read may still lose every row to the scorer's checks.  Both are left out, counted by reason
(the issue's code), so that no hand goes missing in silence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import polars as pl

from pipeline.games.issues import with_codes
from pipeline.records import ReadProblem

_HANDS_IN_ONE_ISSUE = r"(\d+) hands? left out"
"""A reader names a variant it does not read once per file, with the number of its hands."""
HAND = ("tournament", "table", "hand_id")
LEFT_OUT_SCHEMA = {"code": pl.String, "hands": pl.Int64, "line": pl.Int64, "message": pl.String}


@dataclass(frozen=True)
class HandCounts:
    """A log's hands: ``read`` = ``scored`` + the sum of ``left_out["hands"]``; ``left_out``
    has a row per reason (``code``, ``hands``, the first hand's ``line``, its ``message``)."""

    scored: int
    left_out: pl.DataFrame

    @property
    def read(self) -> int:
        return self.scored + self.left_out_total

    @property
    def left_out_total(self) -> int:
        return int(self.left_out["hands"].sum())

    def by_reason(self) -> dict[str, int]:
        """Hands left out by issue code, as the manifest lists them."""
        return {code: int(hands) for code, hands in self.left_out.select("code", "hands").rows()}


NO_HANDS = HandCounts(0, pl.DataFrame(schema=LEFT_OUT_SCHEMA))


def count_hands(
    frame: pl.DataFrame,
    scored_ids: pl.Series,
    issues: pl.DataFrame,
    problems: Sequence[ReadProblem],
) -> HandCounts:
    """The hands of a log's ``hands`` sheet (``frame``, text cells with ``hand_id`` and
    ``line``), the rows scored of it (``scored_ids``, row ids), the sheet's issues (``row_id``,
    ``message``) and the reader's problems (a left-out hand is one at a line no row starts)."""
    hands = frame.select(
        pl.int_range(pl.len(), dtype=pl.Int64).alias("row_id"),
        *(pl.col(name) if name in frame.columns else pl.lit(None).alias(name) for name in HAND),
        pl.col("line").cast(pl.Int64, strict=False),
    )
    scored = hands.filter(pl.col("row_id").is_in(scored_ids.implode()))
    scored_hands = scored.select(HAND).n_unique() if scored.height else 0
    # a hand whose every row was rejected: left out for its first row's issue
    lost = hands.join(scored.select(HAND).unique(), on=list(HAND), how="anti", nulls_equal=True)
    coded = with_codes(issues.filter(pl.col("row_id").is_not_null()))
    lost_hands = (
        lost.join(coded.select("row_id", "code", "message"), on="row_id", how="left")
        .group_by(HAND, maintain_order=True)
        .agg(pl.col("code").drop_nulls().first(), pl.col("message").drop_nulls().first(), "line")
        .select(
            pl.col("code").fill_null("other"),
            pl.lit(1, dtype=pl.Int64).alias("hands"),
            pl.col("line").list.min().alias("line"),
            "message",
        )
    )
    lines = set(hands["line"].drop_nulls().to_list())
    unread = pl.DataFrame(
        [
            (problem.code or "other", problem.row, problem.message)
            for problem in problems
            if problem.row is not None and problem.sheet == "" and problem.row not in lines
        ],
        schema={"code": pl.String, "line": pl.Int64, "message": pl.String},
        orient="row",
    )
    unread_hands = (
        unread.group_by("line", maintain_order=True)
        .agg(pl.col("code").first(), pl.col("message").first())
        .select(
            "code",
            pl.col("message")
            .str.extract(_HANDS_IN_ONE_ISSUE)
            .cast(pl.Int64)
            .fill_null(1)
            .alias("hands"),
            "line",
            "message",
        )
    )
    left_out = (
        pl.concat([unread_hands, lost_hands])
        .sort("line", nulls_last=True)
        .group_by("code", maintain_order=True)
        .agg(pl.col("hands").sum(), pl.col("line").first(), pl.col("message").first())
    )
    return HandCounts(scored_hands, left_out.cast(LEFT_OUT_SCHEMA))  # type: ignore[arg-type]
