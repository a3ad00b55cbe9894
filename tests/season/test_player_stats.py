"""The season's Player stats (issue 33): the Parquet's per-hand statistics added up per game,
currency and player, each percentage with its sample size; a sheet of blocks in the workbook."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from openpyxl import load_workbook

from pipeline.games.base import NO_OPTIONS
from pipeline.job.task.outputs import scored_frames
from pipeline.job.task.scoring import score_source
from pipeline.season.player_stats import player_stats
from pipeline.season.report import season_report
from pipeline.sinks.excel.season import write_season_workbook
from pipeline.sinks.excel.season.player_stats import EMPTY, PLAYER_STATS
from pipeline.sources import read_source
from tests.season.contract_nights import Hand, Seat, write_night

DATA = Path(__file__).resolve().parents[1] / "data" / "hand_histories"


@pytest.fixture
def hand_history_season(tmp_path: Path) -> Path:
    """Two logs' nights, as the job writes their Parquet (Hold'em and Omaha, dollars and
    chips)."""
    folder = tmp_path / "season"
    folder.mkdir()
    for name in ("pokerstars_mixed.txt", "pokerstars_omaha.txt"):
        path = DATA / name
        poker = scored_frames(score_source(read_source(path), NO_OPTIONS, name))["poker"]
        poker.write_parquet(folder / f"{path.stem}.poker.parquet")
    return folder


def test_player_stats_add_up_the_parquet_columns(hand_history_season: Path) -> None:
    report = season_report(hand_history_season)
    table = report.player_stats
    parquet = pl.read_parquet(hand_history_season / "*.parquet")
    for game, currency, player in table.select("game", "currency", "player").rows():
        mine = parquet.filter(
            (pl.col("game") == game)
            & pl.col("currency").eq_missing(currency)
            & (pl.col("player") == player)
        )
        row = table.filter(
            (pl.col("game") == game)
            & pl.col("currency").eq_missing(currency)
            & (pl.col("player") == player)
        ).row(0, named=True)
        where = f"{game} {currency} {player}"
        assert row["hands"] == mine.height, where
        assert row["VPIP n"] == mine["vpip"].count(), where
        vpip = mine["vpip"].cast(pl.Float64).mean() if mine["vpip"].count() else None
        assert row["VPIP %"] == vpip, where
        assert row["c-bet n"] == mine["cbet"].count(), where
        assert row["WTSD n"] == mine["saw_flop"].sum(), where
        assert row["net"] == pytest.approx(mine["net"].sum()), where
    assert {"Hold'em", "Omaha", "Omaha Hi/Lo"} <= set(table["game"])
    heading = list(table.columns)
    assert heading.index("VPIP n") == heading.index("VPIP %") + 1
    assert heading[-3:] == ["net", "bb/100", "all-in adjusted net"]


def test_the_sheet_has_a_block_per_game_and_currency(
    hand_history_season: Path, tmp_path: Path
) -> None:
    report = season_report(hand_history_season)
    path = write_season_workbook(report, tmp_path / "season.xlsx")
    sheet = load_workbook(path)[PLAYER_STATS]
    titles = [
        row[0]
        for row in sheet.iter_rows(values_only=True)
        if row[0] and "—" in row[0] and not row[0].startswith("By position")
    ]
    expected = [
        f"{game} — {currency}"
        for game, currency in report.player_stats.select("game", "currency")
        .unique(maintain_order=True)
        .rows()
    ]
    assert titles == expected
    assert [cell.value for cell in sheet[2]][:4] == ["player", "hands", "VPIP %", "VPIP n"]
    assert sheet["C2"].comment is not None  # every heading says what it counts


def test_round_sheets_alone_say_there_are_no_statistics(tmp_path: Path) -> None:
    write_night(tmp_path / "night.parquet", [Hand("1", [Seat("Ann", winner=True), Seat("Bob")])])
    report = season_report(tmp_path)
    assert report.player_stats.is_empty()
    path = write_season_workbook(report, tmp_path / "season.xlsx")
    assert load_workbook(path)[PLAYER_STATS]["A1"].value == EMPTY


def test_by_position_counts_every_hand_of_the_block_once(hand_history_season: Path) -> None:
    report = season_report(hand_history_season)
    seats = report.position_stats
    players = report.player_stats
    for (game, currency), block in seats.group_by("game", "currency", maintain_order=True):
        mine = players.filter((pl.col("game") == game) & pl.col("currency").eq_missing(currency))
        where = f"{game} {currency}"
        assert block["hands"].sum() == mine["hands"].sum(), where
        assert block["VPIP n"].sum() == mine["VPIP n"].sum(), where
        assert block["net"].sum() == pytest.approx(mine["net"].sum()), where
        shown = block["position"].to_list()
        assert shown.index("SB") < shown.index("BTN") if "SB" in shown else True, where


def test_the_sheet_puts_each_blocks_positions_below_it(
    hand_history_season: Path, tmp_path: Path
) -> None:
    path = write_season_workbook(season_report(hand_history_season), tmp_path / "season.xlsx")
    titles = [
        row[0]
        for row in load_workbook(path)[PLAYER_STATS].iter_rows(values_only=True)
        if row[0] and "—" in row[0]
    ]
    assert titles[:2] == ["Hold'em — USD", "By position — Hold'em — USD"]


def test_all_in_adjusted_net_counts_all_in_hands_at_their_ev() -> None:
    from pipeline.season.player_stats import player_stats

    rows = pl.DataFrame(
        {
            "game": ["Hold'em"] * 3, "currency": ["USD"] * 3, "player": ["Ann"] * 3,
            "big_blind": [1.0] * 3, "net": [100.0, -1.0, 5.0], "folded": [False, True, False],
            "saw_flop": [True, False, True], "all_in_ev": [63.9, None, None],
        }
    )  # fmt: skip
    table = player_stats(rows)
    assert table.select("net", "all-in adjusted net").row(0) == pytest.approx((104.0, 67.9))
    old = player_stats(rows.drop("all_in_ev"))  # a night written before the column
    assert old["all-in adjusted net"].to_list() == pytest.approx([104.0])


@pytest.mark.parametrize("game", ["7 Card Stud", "Razz", "Triple Draw 2-7 Lowball", "Badugi"])
def test_a_game_without_a_board_has_no_all_in_adjusted_net(game: str) -> None:
    # its all_in_ev is always null: repeating the net under the name would claim the luck of
    # an all-in was taken out when it was not
    rows = pl.DataFrame(
        {
            "game": [game] * 2, "currency": ["USD"] * 2, "player": ["Ann"] * 2,
            "big_blind": [1.0] * 2, "net": [100.0, -1.0], "folded": [False, True],
            "saw_flop": [True, False], "all_in_ev": [None, None],
        },
        schema_overrides={"all_in_ev": pl.Float64},
    )  # fmt: skip
    table = player_stats(rows)
    assert table.select("net", "all-in adjusted net").row(0) == (99.0, None)


def test_aggression_per_street() -> None:
    # Ann, two hands. 1: bets the flop; raises the turn, then calls a re-raise. 2: calls the
    # flop, folds the turn.
    rows = pl.DataFrame(
        {
            "game": ["Hold'em"] * 2, "currency": ["USD"] * 2, "player": ["Ann"] * 2,
            "big_blind": [1.0, 1.0], "net": [5.0, -2.0], "folded": [False, True],
            "saw_flop": [True, True], "vpip": [True, True], "pfr": [True, False],
            "bets": [1, 0], "raises": [1, 0], "calls": [1, 1],
            "bets_flop": [1, 0], "raises_flop": [0, 0], "calls_flop": [0, 1],
            "bets_turn": [0, 0], "raises_turn": [1, 0], "calls_turn": [1, 0],
            "bets_river": [0, 0], "raises_river": [0, 0], "calls_river": [0, 0],
            "fold_street": [None, "turn"],
        }
    )  # fmt: skip
    row = player_stats(rows).row(0, named=True)
    # flop: 1 bet, 1 call, no fold: AF 1 / 1, AFq 1 / (1 + 1)
    assert (row["AF flop"], row["AFq flop %"]) == (1.0, 0.5)
    # turn: 1 raise, 1 call, 1 fold: AF 1 / 1, AFq 1 / (1 + 1 + 1)
    assert (row["AF turn"], row["AFq turn %"]) == (1.0, pytest.approx(1 / 3))
    # river: no action at all: no figure
    assert (row["AF river"], row["AFq river %"]) == (None, None)
    # the whole: 2 aggressive, 2 calls, 1 postflop fold: AF 1, AFq 2 / 5
    assert (row["AF"], row["AFq %"]) == (1.0, pytest.approx(0.4))
    heading = list(player_stats(rows).columns)
    assert heading[heading.index("AFq %") + 1 : heading.index("AFq %") + 7] == [
        "AF flop", "AFq flop %", "AF turn", "AFq turn %", "AF river", "AFq river %",
    ]  # fmt: skip
