"""The season's Player stats for stud and the draw games (issue 34): a block per game and
currency showing its own streets' aggression, the draw games' stand-pat rate, no By position
block for stud, and the board games' blocks as before."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import polars as pl
import pytest
from openpyxl import load_workbook

from pipeline.games.poker.stats.tracker_stats import with_tracker_stats
from pipeline.season.report import season_report
from pipeline.sinks.excel.season import write_season_workbook
from pipeline.sinks.excel.season.player_stats import PLAYER_STATS
from schemas.holdem import align_to_poker_schema
from tests.games.test_tracker_stats_stud_draw import (
    SINGLE,
    STUD_STEAL,
    STUD_THREE_BET,
    TRIPLE,
)
from tests.season.test_player_stats import hand_history_season  # noqa: F401  (a fixture)

RAZZ_NIGHT = ("Razz", [STUD_STEAL])
STUD_NIGHT = ("7 Card Stud", [STUD_THREE_BET])
DRAW_NIGHT = ("Triple Draw 2-7 Lowball", [TRIPLE])


def parquet_of(hands: list[pl.DataFrame], night: str) -> pl.DataFrame:
    """Hand-written hands as the job's Parquet holds them: the statistics computed, the
    money in dollars, every other column null."""
    rows = pl.concat(
        [hand.with_columns(pl.lit(f"{night}-{index}").alias("round"))
         for index, hand in enumerate(hands)],
        how="diagonal_relaxed",
    )  # fmt: skip
    put_in = pl.when(pl.col("won") > 0).then(pl.col("won") / 2).otherwise(2.0)
    scored = with_tracker_stats(
        rows.with_columns(
            pl.lit(night).alias("tournament"), pl.lit("1").alias("table"),
            pl.lit(f"{night}.txt").alias("source_file"), pl.lit("hands").alias("sheet"),
        ),
        hand=("tournament", "table", "round"),
    ).with_columns(
        pl.lit("").alias("cards"),
        pl.col("fold_street").is_not_null().alias("folded"),
        (pl.col("won") > 0).alias("winner"),
        put_in.alias("put_in"),
        (pl.col("won") - put_in).alias("net"),
        pl.lit("USD").alias("currency"),
        pl.lit(2.0).alias("big_blind"),
        pl.lit(datetime(2026, 11, 20, 21, tzinfo=UTC)).alias("played_at"),
        pl.lit("PokerStars").alias("site"),
    )  # fmt: skip
    return align_to_poker_schema(scored)


@pytest.fixture
def mixed_season(hand_history_season: Path) -> Path:  # noqa: F811
    """The Hold'em and Omaha nights, with a Razz, a Stud and a Triple Draw night beside them,
    the Single Draw hand in the Triple Draw night's file under its own game."""
    for game, hands in (RAZZ_NIGHT, STUD_NIGHT, DRAW_NIGHT):
        night = game.split()[0].lower()
        frame = parquet_of(hands, night)
        if hands[0] is TRIPLE:
            frame = pl.concat([frame, parquet_of([SINGLE], "single")])
        frame.write_parquet(hand_history_season / f"{night}.poker.parquet")
    return hand_history_season


def test_each_game_block_shows_its_own_streets(mixed_season: Path) -> None:
    table = season_report(mixed_season).player_stats
    games = set(table["game"])
    assert {"Razz", "7 Card Stud", "Triple Draw 2-7 Lowball", "Single Draw 2-7 Lowball"} <= games
    stud = table.filter(pl.col("game") == "7 Card Stud")
    p1 = stud.filter(pl.col("player") == "P1").row(0, named=True)
    # P1: completed, then 3-bet; fourth street: one bet; fifth: one raise; seventh: one call
    assert (p1["VPIP %"], p1["PFR %"], p1["3-bet %"], p1["c-bet %"]) == (1.0, 1.0, 1.0, 1.0)
    assert (p1["AF fourth"], p1["AFq fourth %"]) == (None, 1.0)
    assert (p1["AF seventh"], p1["AFq seventh %"]) == (0.0, 0.0)
    assert p1["AF"] == 2.0  # a bet and a raise against a call
    razz = table.filter(pl.col("game") == "Razz")
    p5 = razz.filter(pl.col("player") == "P5").row(0, named=True)
    assert (p5["steal %"], p5["steal n"]) == (1.0, 1)
    triple = table.filter(pl.col("game") == "Triple Draw 2-7 Lowball")
    btn = triple.filter(pl.col("player") == "BTN").row(0, named=True)
    assert (btn["stand pat %"], btn["stand pat n"]) == (0.0, 1)
    assert (btn["AF draw1"], btn["AF draw2"], btn["AF draw3"]) == (None, None, 0.0)
    single = table.filter(pl.col("game") == "Single Draw 2-7 Lowball")
    assert single.filter(pl.col("player") == "BTN")["stand pat %"].to_list() == [1.0]


def test_the_sheet_shows_each_games_columns_and_no_stud_positions(
    mixed_season: Path, tmp_path: Path
) -> None:
    report = season_report(mixed_season)
    book = tmp_path / "season.xlsx"
    write_season_workbook(report, book)
    sheet = load_workbook(book)[PLAYER_STATS]
    rows = [[cell for cell in row] for row in sheet.iter_rows(values_only=True)]
    titles = [row[0] for row in rows if row[0] and row[1] is None]
    headers: dict[str, list[object]] = {}
    for index, row in enumerate(rows[:-1]):
        if row[0] in titles:
            headers[str(row[0])] = [cell for cell in rows[index + 1] if cell is not None]
    stud = headers["7 Card Stud — USD"]
    per_street = [
        f"{name} {street}{' %' if name == 'AFq' else ''}"
        for street in ("fourth", "fifth", "sixth", "seventh")
        for name in ("AF", "AFq")
    ]
    start = stud.index("AFq %") + 1
    assert stud[start : start + len(per_street)] == per_street
    assert "AF flop" not in stud and "stand pat %" not in stud and "AF draw1" not in stud
    assert "AF seventh" in stud
    draw = headers["Triple Draw 2-7 Lowball — USD"]
    assert {"AF draw1", "AF draw2", "AF draw3", "stand pat %", "stand pat n"} <= set(draw)
    assert "AF fourth" not in draw and "AF flop" not in draw
    single = headers["Single Draw 2-7 Lowball — USD"]
    assert "AF draw1" in single and "AF draw2" not in single
    holdem = next(cells for title, cells in headers.items() if title.startswith("Hold'em"))
    assert "AF flop" in holdem and "AF fourth" not in holdem and "stand pat %" not in holdem
    # positions: the draw games have their blinds and button; stud has none
    assert "By position — Triple Draw 2-7 Lowball — USD" in titles
    assert not any(str(title).startswith("By position — Razz") for title in titles)
    assert not any(str(title).startswith("By position — 7 Card Stud") for title in titles)
