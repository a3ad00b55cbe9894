"""Issue 29 §4: whoever collects from a pot, main or side, is a winner: ``winner`` true, the row
green, ``share`` how much, counted by the Summary and the Parquet."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from pipeline.games.base import ScoredSheet
from pipeline.games.poker.game import poker_summary
from pipeline.games.poker.logs.hand_log_game import hand_log_summary
from pipeline.job.task.outputs import scored_frames, sheet_outputs, summary_blocks
from pipeline.job.task.scoring import is_known_header, score_source
from pipeline.sources import read_source

TOURNAMENT = Path(__file__).resolve().parents[2] / "input" / "tournament-900.txt"


def test_the_side_pot_winner_of_hand_1002_is_a_winner() -> None:
    result = score_source(read_source(TOURNAMENT, is_known_header), name=TOURNAMENT.name)
    parquet = scored_frames(result)["poker"]
    hand = parquet.filter(pl.col("round") == "1002").sort("seat")
    # Ann's kings take the main pot (605), Bob's nines the side pot (600) Ann could not cover
    assert hand.select("player", "rank", "winner", "won").rows() == [
        ("Ann", 1, True, 605.0),
        ("Bob Smith", 2, True, 600.0),
        ("Cy: the [Kid]", None, False, 0.0),
        ("Dee", 3, False, 0.0),
    ], hand
    assert hand["share"].round(4).to_list() == [0.5021, 0.4979, 0.0, 0.0]
    (sheet,) = sheet_outputs(result, write_back=False)
    assert sheet.highlight is not None
    rows = sheet.table.with_columns(sheet.highlight.alias("green"))
    green = rows.filter(pl.col("hand_id") == "1002", pl.col("green"))["player"].to_list()
    assert sorted(green) == ["Ann", "Bob Smith"]
    # the tournament's block (the only one, or "Players — chips" once the reader names it)
    players = next(frame for title, frame in summary_blocks(result) if title.startswith("Player"))
    bob = players.filter(pl.col("player") == "Bob Smith").row(0, named=True)
    assert bob["showdowns won"] == 1, bob


def test_a_side_pot_is_no_split_win() -> None:
    result = score_source(read_source(TOURNAMENT, is_known_header), name=TOURNAMENT.name)
    (sheet,) = result.sheets
    assert sheet.layout is not None
    blocks = dict(poker_summary([ScoredSheet(sheet.sheet.name, sheet.layout, sheet.scored)]))
    bob = blocks["Players"].filter(pl.col("player") == "Bob Smith").row(0, named=True)
    collected = sheet.scored.filter(pl.col("player") == "Bob Smith", pl.col("won") > 0).height
    assert (bob["wins"], bob["split wins"]) == (collected, 0), bob


def test_a_log_of_two_currencies_gets_a_players_block_per_currency() -> None:
    result = score_source(read_source(TOURNAMENT, is_known_header), name=TOURNAMENT.name)
    (sheet,) = result.sheets
    assert sheet.layout is not None
    # the reader's currency (record's column): the tournament in chips, the cash game in USD
    currency = (
        pl.when(pl.col("tournament").is_not_null()).then(pl.lit("chips")).otherwise(pl.lit("USD"))
    )
    scored = sheet.scored.with_columns(currency.alias("currency"))
    blocks = dict(hand_log_summary([ScoredSheet(sheet.sheet.name, sheet.layout, scored)]))
    assert "Players" not in blocks
    chips, usd = blocks["Players — chips"], blocks["Players — USD"]
    ann_chips = chips.filter(pl.col("player") == "Ann")["won (net)"].item()
    ann_usd = usd.filter(pl.col("player") == "Ann")["won (net)"].item()
    assert (ann_chips, ann_usd) == (560.0, 0.1)


def test_a_log_of_one_currency_names_it_in_the_players_block() -> None:
    """A cash log in euros alone: its block says EUR, so no figure stands without its unit."""
    result = score_source(read_source(TOURNAMENT, is_known_header), name=TOURNAMENT.name)
    (sheet,) = result.sheets
    assert sheet.layout is not None
    scored = sheet.scored.with_columns(pl.lit("EUR").alias("currency"))
    blocks = dict(hand_log_summary([ScoredSheet(sheet.sheet.name, sheet.layout, scored)]))
    assert "Players" not in blocks
    euros = blocks["Players — EUR"]
    assert euros.filter(pl.col("player") == "Ann")["won (net)"].item() == pytest.approx(560.1)
