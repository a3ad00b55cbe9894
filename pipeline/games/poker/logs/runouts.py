"""A hand whose board was run twice or more (``run_boards``), scored run by run.

Each runout is a showdown for its part of the pot (the pot audit,
:mod:`pipeline.games.poker.pots.pot_audit`, checks each run's award).  A row keeps one line, read
so: ``hand``, ``rank``, ``best_five`` are the first run's (the board the row shows);
``hand_detail`` names every run's hand, ``run 1: Full House (Sixes over Threes); run 2: Two
Pair (Jacks and Threes)``; ``winner`` is true where the player won any run; ``share`` (the
log's award over all runs, set by the hand log's scorer) is their part of the whole pot.  The
win chance of a street dealt after the runs split (``win_flop`` of a hand run from the flop,
``win_turn`` of one run from the turn or before) is left empty: no one board was dealt then.
"""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

from pipeline.core.rules import HandRules
from pipeline.games.poker.scoring.rows import score_holdem, with_card_ids
from pipeline.records.hand_log import RUN_SEPARATOR

__all__ = ["STREET_CARDS", "shared_cards", "with_runouts"]

STREET_CARDS = {"win_flop": 3, "win_turn": 4}
"""The board cards a street's win chance is figured on: empty where fewer were dealt before
the runs split."""


def shared_cards(run_boards: str) -> int:
    """How many board cards every run shares (those dealt before the split).

    >>> shared_cards("3d 7s 3h 8h 6s | 3d 7s 3h 8h 5c"), shared_cards("2c 7d 9h | 4s 8c Tc")
    (4, 0)
    """
    boards = [board.split() for board in run_boards.split(RUN_SEPARATOR)]
    shared = 0
    for cards in zip(*boards, strict=False):
        if len(set(cards)) > 1:
            break
        shared += 1
    return shared


def with_runouts(
    scored: pl.DataFrame,
    shown: pl.DataFrame,
    log: pl.DataFrame,
    rules_of_game: Mapping[str, HandRules],
) -> pl.DataFrame:
    """``scored`` (the first run scored, by ``row_id``) with every later run of a hand run
    twice or more read in: ``hand_detail`` naming each run's hand, ``winner`` true where any
    run was won, the street win chances dealt after the split emptied.  ``shown``: the
    canonical rows of the shown hands scored (``board`` the first run's); ``log``: the log's
    rows with ``row_id`` and ``run_boards``."""
    if "run_boards" not in log.columns:
        return scored
    runs = log.filter(pl.col("run_boards").is_not_null()).select(
        "row_id", "run_boards", pl.col("run_boards").str.split(RUN_SEPARATOR).alias("_boards")
    )
    if runs.height == 0:
        return scored
    first = scored.join(runs.select("row_id"), on="row_id").select(
        "row_id", pl.col("hand_detail").alias("_detail"), pl.col("winner").alias("_won")
    )
    details = [first]
    most = int(runs["_boards"].list.len().max())  # type: ignore[arg-type]
    later_rows = shown.drop("hole_ids", "board_ids", strict=False).join(
        runs.select("row_id", "_boards"), on="row_id"
    )
    for run in range(1, most):
        on_board = later_rows.with_columns(
            pl.col("_boards").list.get(run, null_on_oob=True).alias("board")
        ).filter(pl.col("board").is_not_null())
        if on_board.height == 0:
            continue
        run_scored = score_holdem(with_card_ids(on_board.drop("_boards")), rules_of_game)
        details.append(
            run_scored.select(
                "row_id",
                pl.format("run {}: {}", pl.lit(run + 1), pl.col("hand_detail")).alias("_detail"),
                pl.col("winner").alias("_won"),
            )
        )
    first_named = first.with_columns(pl.format("run 1: {}", "_detail").alias("_detail"))
    every_run = (
        pl.concat([first_named, *details[1:]], how="vertical_relaxed")
        .group_by("row_id", maintain_order=True)
        .agg(
            pl.col("_detail").drop_nulls().str.join("; ").alias("_details"),
            pl.col("_won").fill_null(False).any().alias("_any_won"),
        )
    )
    shared = runs.select(
        "row_id",
        pl.col("run_boards").map_elements(shared_cards, return_dtype=pl.Int64).alias("_shared"),
    )
    merged = scored.join(every_run, on="row_id", how="left").join(shared, on="row_id", how="left")
    ran = pl.col("_details").is_not_null() & (pl.col("_details") != "")
    return merged.with_columns(
        pl.when(ran).then(pl.col("_details")).otherwise(pl.col("hand_detail")).alias("hand_detail"),
        pl.when(pl.col("_any_won").is_not_null())
        .then(pl.col("_any_won") | pl.col("winner").fill_null(False))
        .otherwise(pl.col("winner"))
        .alias("winner"),
        *(
            pl.when(pl.col("_shared") < cards).then(None).otherwise(pl.col(name)).alias(name)
            for name, cards in STREET_CARDS.items()
            if name in merged.columns
        ),
    ).drop("_details", "_any_won", "_shared")
