"""The season report's figures against a tiny season computed by hand (see conftest.py)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import polars as pl
import pytest

from pipeline.core.probability.odds import seven_card_probabilities
from pipeline.season.report import SeasonError, scan_season, season_report, wilson_interval


def test_nights_are_ordered_by_date_then_path_and_foreign_files_skipped(
    season_folder: Path,
) -> None:
    report = season_report(season_folder)
    assert report.nights.select("night", "file names", "date").rows() == [
        (1, "b.poker.parquet", dt.date(2026, 1, 5)),
        (2, "sub/y.yatzy.parquet", dt.date(2026, 1, 8)),
        (3, "a.poker.parquet", dt.date(2026, 1, 12)),
    ]
    assert report.skipped == ("notes.parquet",)


def test_standings_by_hand(season_folder: Path) -> None:
    standings = season_report(season_folder).standings
    # No column holds the same value on every row by construction (a "ranked" TRUE was one).
    assert standings.columns == [
        "game", "currency", "ranked by", "place", "player", "rounds", "showdowns", "wins",
        "split wins", "pots won", "win rate %", "net", "bb/100", "best hand", "nights",
    ]  # fmt: skip
    # No currency recorded: ranked by pots won; no money, no bb/100.
    assert set(standings["ranked by"]) == {"pots"} and standings["currency"].null_count() == 3
    assert standings["bb/100"].null_count() == 3
    got = standings.drop("best hand", "currency", "ranked by", "bb/100").rows()
    # Ann: won b1 alone and split b2; Bob: split b2, won a2 when everyone else folded; Cy: a1.
    # Chips only on night a: Ann -10 - 2, Bob 0 + 4, Cy 10 - 2.  No game column: Hold'em.
    # Pots won (nights written before shares: a winner's part is the pot over the winners):
    # Ann 1 + 1/2, Bob 1/2 + 1, Cy 1.
    assert got == [
        ("Hold'em", 1, "Ann", 4, 3, 2, 1, 1.5, 0.5, -12.0, 2),
        ("Hold'em", 1, "Bob", 4, 3, 2, 1, 1.5, 0.5, 4.0, 2),
        ("Hold'em", 3, "Cy", 4, 1, 1, 0, 1.0, 0.25, 8.0, 2),
    ]
    best = dict(standings.select("player", "best hand").rows())
    assert best == {
        "Ann": "Straight (Five high)",
        "Bob": "Straight (Five high)",
        "Cy": "Three of a Kind (Nines)",
    }


def test_min_rounds_lists_but_does_not_rank(season_folder: Path) -> None:
    standings = season_report(season_folder, min_rounds=5).standings
    assert standings["place"].to_list() == [None, None, None]
    assert standings["player"].to_list() == ["Ann", "Bob", "Cy"]


def test_trend_counts_cumulative_wins_over_poker_nights(season_folder: Path) -> None:
    report = season_report(season_folder)
    # Long: a row per player per poker night (the Yatzy night 2 is not one).
    assert report.trend.columns == ["player", "night", "date", "wins", "cumulative wins"]
    jan5, jan12 = dt.date(2026, 1, 5), dt.date(2026, 1, 12)
    assert report.trend.rows() == [
        ("Ann", 1, jan5, 2, 2),
        ("Ann", 3, jan12, 0, 2),
        ("Bob", 1, jan5, 1, 1),
        ("Bob", 3, jan12, 1, 2),
        ("Cy", 1, jan5, 0, 0),
        ("Cy", 3, jan12, 1, 1),
    ]
    # Wide, the chart's data: the top players only, most wins first.
    assert report.trend_top.rows() == [(1, jan5, 2, 1, 0), (3, jan12, 2, 2, 1)]
    assert report.trend_top.columns == ["night", "date", "Ann", "Bob", "Cy"]
    top_two = season_report(season_folder, top=2).trend_top
    assert top_two.columns == ["night", "date", "Ann", "Bob"]


def test_trend_starts_at_a_players_first_night(tmp_path: Path) -> None:
    def night(players: list[str], winner: str) -> pl.DataFrame:
        return pl.DataFrame(
            {"round": "1", "player": players, "cards": "x", "folded": False,
             "strength": [1] * len(players), "winner": [p == winner for p in players]},
            schema_overrides={"strength": pl.UInt16},
        )  # fmt: skip

    night(["Ann", "Bob"], "Ann").write_parquet(tmp_path / "1.parquet")
    night(["Ann", "Cy"], "Cy").write_parquet(tmp_path / "2.parquet")
    night(["Bob", "Cy"], "Cy").write_parquet(tmp_path / "3.parquet")
    trend = season_report(tmp_path).trend.select("player", "night", "wins", "cumulative wins")
    assert trend.rows() == [
        ("Cy", 2, 1, 1), ("Cy", 3, 1, 2),
        ("Ann", 1, 1, 1), ("Ann", 2, 0, 1), ("Ann", 3, 0, 1),  # missed night 3: flat
        ("Bob", 1, 0, 0), ("Bob", 2, 0, 0), ("Bob", 3, 0, 0),
    ]  # fmt: skip


def test_hand_categories_against_the_exact_odds(season_folder: Path) -> None:
    categories = season_report(season_folder).categories
    observed = dict(categories.select("category", "observed").rows())
    # Showdown hands: trips K, pair Q, two wheels, A-high, trips 9, two pair A/J.
    assert observed == {
        "High Card": 1, "Pair": 1, "Two Pair": 1, "Three of a Kind": 2, "Straight": 2,
        "Flush": 0, "Full House": 0, "Four of a Kind": 0, "Straight Flush": 0, "Royal Flush": 0,
    }  # fmt: skip
    pair = categories.row(1, named=True)
    assert pair["expected"] == pytest.approx(7 * float(seven_card_probabilities()["Pair"]))
    low, high = wilson_interval(1, 7)
    assert (pair["low 95 %"], pair["high 95 %"]) == pytest.approx((low, high))
    flagged = categories.filter(pl.col("outside 95 %"))["category"].to_list()
    assert flagged == ["Three of a Kind", "Straight"]


def test_wilson_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(10, 10)
    assert high == 1.0 and low == pytest.approx(0.7225, abs=1e-4)


def test_luck_uses_the_latest_street_and_shares_splits(season_folder: Path) -> None:
    report = season_report(season_folder)
    luck = {row[1]: row[2:] for row in report.luck.rows()}
    assert set(report.luck["game"]) == {"Hold'em"}
    # Ann: turn 90 (won), flop 50 (split), preflop 80 (lost) -> 2.2 expected, 1.5 won.
    # Bob: turn 10 (lost), flop 50 (split), turn 5 (won by folds) -> 0.65 expected, 1.5 won.
    assert luck["Ann"] == pytest.approx((3, 2.2, 1.5, -0.7))
    assert luck["Bob"] == pytest.approx((3, 0.65, 1.5, 0.85))
    assert luck["Cy"] == pytest.approx((1, 0.2, 1.0, 0.8))
    assert report.luck["player"].to_list() == ["Bob", "Cy", "Ann"]


def test_suckouts_leave_out_rounds_won_by_folds(season_folder: Path) -> None:
    suckouts = season_report(season_folder).suckouts
    first = suckouts.row(0, named=True)
    assert first["player"] == "Cy" and first["win %"] == pytest.approx(0.2)
    assert first["street"] == "preflop"
    assert first["hand"] == "Three of a Kind (Nines)"
    assert first["cards"] == "9c 9s 2s 3s 9d Td Qh"
    assert first["file"] == "a.poker.parquet" and first["date"] == dt.date(2026, 1, 12)
    # Bob's 5 % on night a round 2 won because everyone else folded: not a suck-out.
    assert suckouts.select("player", "file", "round").rows() == [
        ("Cy", "a.poker.parquet", "1"),
        ("Ann", "b.poker.parquet", "2"),
        ("Bob", "b.poker.parquet", "2"),
        ("Ann", "b.poker.parquet", "1"),
    ]


def test_head_to_head_counts_showdowns_only(season_folder: Path) -> None:
    pairs = season_report(season_folder).head_to_head
    assert pairs.columns == [
        "player", "opponent", "meetings", "wins", "losses", "splits", "win %",
    ]  # fmt: skip
    # At showdown together: b1 Ann beat Bob; b2 Ann and Bob split; a1 Cy beat Ann.  Folds
    # (Cy on night b, Bob in a1, a2 all but Bob) are no meeting.
    assert pairs.rows() == [
        ("Ann", "Bob", 2, 1, 0, 1, 0.5),
        ("Ann", "Cy", 1, 0, 1, 0, 0.0),
        ("Bob", "Ann", 2, 0, 1, 1, 0.0),
        ("Cy", "Ann", 1, 1, 0, 0, 1.0),
    ]
    top_one = season_report(season_folder, top=1).head_to_head
    assert top_one.select("player", "opponent").rows() == [
        ("Ann", "Bob"), ("Bob", "Ann"), ("Cy", "Ann"),
    ]  # fmt: skip


def test_top_must_be_positive(season_folder: Path) -> None:
    with pytest.raises(ValueError, match="top must be 1 or more, got 0"):
        season_report(season_folder, top=0)


def test_yatzy_tables(season_folder: Path) -> None:
    report = season_report(season_folder)
    # Bo: g1 total 31, g2 117 with the bonus (30 + 25 + 12 = 67 upper); Ann: 39 and 50.
    assert report.yatzy_standings.rows() == [("Bo", 2, 1, 74.0, 0.5), ("Ann", 2, 1, 44.5, 0.0)]
    categories = {row[0]: row[1:] for row in report.yatzy_categories.rows()}
    assert categories["Sixes"] == (2, 27.0, 5.0, 22.0)
    assert categories["Chance"] == (1, 14.0, 17.5, -3.5)
    assert categories["Ones"] == (0, None, pytest.approx(5 / 6), None)


def test_filters_by_date_and_tournament(season_folder: Path) -> None:
    report = season_report(season_folder, date_from=dt.date(2026, 1, 10))
    assert report.nights["file names"].to_list() == ["a.poker.parquet"]
    assert report.standings.select("player", "wins").rows() == [("Bob", 1), ("Cy", 1), ("Ann", 0)]
    assert report.yatzy_standings.height == 0
    early = season_report(season_folder, date_to=dt.date(2026, 1, 8))
    assert early.standings.select("player", "wins").rows() == [("Ann", 2), ("Bob", 1), ("Cy", 0)]
    none = season_report(season_folder, tournament="Summer")
    assert none.standings.height == 0 and none.yatzy_standings.height == 0
    g1 = season_report(season_folder, tournament="g1")
    assert g1.yatzy_standings.select("player", "games").rows() == [("Ann", 1), ("Bo", 1)]


def test_absent_optional_columns_become_nulls(tmp_path: Path) -> None:
    frame = pl.DataFrame(
        {
            "round": ["1", "1"], "player": ["Ann", "Bob"], "cards": ["x", "y"],
            "folded": [False, True], "strength": [5, None], "winner": [True, False],
        },
        schema_overrides={"strength": pl.UInt16},
    )  # fmt: skip
    frame.write_parquet(tmp_path / "night.parquet")
    season = scan_season(tmp_path)
    rows = season.poker.collect()
    assert rows["net"].to_list() == [None, None]
    assert rows["played_at"].to_list() == [None, None] and rows["currency"].to_list() == [None] * 2
    assert rows["win_turn"].to_list() == [None, None]
    report = season_report(tmp_path)
    assert report.standings.select("player", "wins", "net").rows() == [
        ("Ann", 1, None),
        ("Bob", 0, None),
    ]
    assert report.luck.height == 0 and report.suckouts.height == 0


def test_mixed_file_of_the_older_job_splits_by_dice(tmp_path: Path) -> None:
    poker = pl.DataFrame(
        {"round": ["1"], "player": ["Ann"], "cards": ["x"], "folded": [False],
         "strength": [5], "winner": [True]},
        schema_overrides={"strength": pl.UInt16},
    )  # fmt: skip
    dice = pl.DataFrame(
        {"round": ["1"], "player": ["Bo"], "dice": ["1 2 3 4 5"], "category": ["Chance"],
         "score": [15], "total": [15], "winner": [True]}
    )  # fmt: skip
    pl.concat([poker, dice], how="diagonal_relaxed").write_parquet(tmp_path / "mixed.parquet")
    report = season_report(tmp_path)
    assert report.standings["player"].to_list() == ["Ann"]
    assert report.yatzy_standings.select("player", "games", "wins").rows() == [("Bo", 1, 1)]


def test_unreadable_seasons_raise(tmp_path: Path) -> None:
    with pytest.raises(SeasonError, match="not a folder"):
        season_report(tmp_path / "nope")
    with pytest.raises(SeasonError, match=r"no \.parquet"):
        season_report(tmp_path)
    pl.DataFrame({"strength": [1]}).write_parquet(tmp_path / "bad.parquet")
    with pytest.raises(SeasonError, match="no column"):
        season_report(tmp_path)
