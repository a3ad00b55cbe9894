"""The season's numbers per night (issue 33): per game, currency and player, each night's
hands, net, the net so far, VPIP and PFR; the Trend sheet's net won by date per block."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import polars as pl
import pytest
from openpyxl import load_workbook

from pipeline.season.report import season_report
from pipeline.sinks.excel.season import write_season_workbook
from tests.season.contract_nights import Hand, Seat, at, write_night

SeatStats = tuple[str, float, bool | None, bool | None]
"""A seat: player, net, VPIP, PFR."""


def _hand(number: str, when: str, seats: list[SeatStats]) -> Hand:
    rows = [Seat(player, winner=net > 0, net=net, folded=net < 0) for player, net, _, _ in seats]
    return Hand(
        number,
        rows,
        played_at=at(when),
        time_zone="UTC",
        site="PokerStars",
        currency="USD",
        big_blind=1.0,
        format="cash",
    )


@pytest.fixture
def two_nights(tmp_path: Path) -> Path:
    """Night 1 (5 Jan): Ann +3 then -1, Bob -3 then +1 (his second hand a walk: no VPIP chance).
    Night 2 (12 Jan): Ann -5, Cy +5."""
    folder = tmp_path / "season"
    nights: dict[str, list[tuple[str, str, list[SeatStats]]]] = {
        "jan05": [
            ("1", "2026-01-05 20:00", [("Ann", 3.0, True, True), ("Bob", -3.0, True, False)]),
            ("2", "2026-01-05 20:05", [("Ann", -1.0, False, False), ("Bob", 1.0, None, None)]),
        ],
        "jan12": [
            ("3", "2026-01-12 20:00", [("Ann", -5.0, True, False), ("Cy", 5.0, True, True)]),
        ],
    }
    for name, hands in nights.items():
        path = write_night(folder / f"{name}.poker.parquet", [_hand(*hand) for hand in hands])
        # the statistics columns, a row per seat in order (as night_frame writes them)
        stats = [seat[2:] for _, _, seats in hands for seat in seats]
        frame = pl.read_parquet(path).with_columns(
            pl.Series("vpip", [v for v, _ in stats], dtype=pl.Boolean),
            pl.Series("pfr", [p for _, p in stats], dtype=pl.Boolean),
        )
        frame.write_parquet(path)
    return folder


def test_each_nights_numbers(two_nights: Path) -> None:
    table = season_report(two_nights).night_stats
    got = {
        (player, date): (hands, net, cumulative, vpip, vpip_n, pfr, pfr_n)
        for player, date, hands, net, cumulative, vpip, vpip_n, pfr, pfr_n in table.select(
            "player", "date", "hands", "net", "cumulative net", "VPIP %", "VPIP n", "PFR %", "PFR n"
        ).rows()
    }
    jan5, jan12 = dt.date(2026, 1, 5), dt.date(2026, 1, 12)
    assert got == {
        # Ann, 5 Jan: +3 - 1 = 2; VPIP 1 of 2 decisions, PFR 1 of 2
        ("Ann", jan5): (2, 2.0, 2.0, 0.5, 2, 0.5, 2),
        # Bob, 5 Jan: -3 + 1 = -2; the walk is no chance: VPIP 1 of 1, PFR 0 of 1
        ("Bob", jan5): (2, -2.0, -2.0, 1.0, 1, 0.0, 1),
        # Ann, 12 Jan: -5, so far 2 - 5 = -3
        ("Ann", jan12): (1, -5.0, -3.0, 1.0, 1, 0.0, 1),
        ("Cy", jan12): (1, 5.0, 5.0, 1.0, 1, 1.0, 1),
    }
    assert set(table["game"]) == {"Hold'em"} and set(table["currency"]) == {"USD"}


def test_trend_shows_net_won_by_date_per_block(two_nights: Path, tmp_path: Path) -> None:
    report = season_report(two_nights)
    ((game, currency, frame),) = report.net_trends
    assert (game, currency) == ("Hold'em", "USD")
    # players by hands: Ann 3, Bob 2, Cy 1; Bob missed 12 Jan (flat), Cy had not played 5 Jan (0)
    assert frame.columns == ["night", "date", "Ann", "Bob", "Cy"]
    assert frame.select("Ann", "Bob", "Cy").rows() == [(2.0, -2.0, 0.0), (-3.0, -2.0, 5.0)]
    book = load_workbook(write_season_workbook(report, tmp_path / "season.xlsx"))
    trend = book["Trend"]
    titles = [cell.value for cell in trend["A"] if isinstance(cell.value, str)]
    assert "Net won by date — Hold'em — USD: the top 3 players by hands, cumulative" in titles
    net_line = trend._charts[-1]
    assert len(net_line.series) == 3
    assert net_line.y_axis.scaling.min is None  # a loss below zero: the axis is not cut at 0
    nights = book["Player nights"]
    assert [cell.value for cell in nights[1]][:8] == [
        "game", "currency", "player", "night", "date", "hands", "net", "cumulative net",
    ]  # fmt: skip
    assert nights.max_row == 1 + 4
