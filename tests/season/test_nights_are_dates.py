"""Issue 29, finding 3: a night is a date (and tournament), not a file; ``--from``/``--to``
filter by ``played_at``; a range matching nothing says so and exits 1; files without dates
are said so and never given one."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import polars as pl
import pytest
from openpyxl import load_workbook

from pipeline.season.nights import zone_offset
from pipeline.season.report import EmptyRangeError, season_report
from pipeline.sinks.excel.season import write_season_workbook
from tests.helpers import run_cli
from tests.season.contract_nights import Hand, Seat, at, write_night

JULY_30, JULY_31 = dt.date(2021, 7, 30), dt.date(2021, 7, 31)


def _two(number: str, **hand: object) -> Hand:
    seats = [Seat("Ann", winner=True, net=1.0), Seat("Bob", net=-1.0)]
    return Hand(number, seats, **hand)  # type: ignore[arg-type]


@pytest.fixture
def dated_folder(tmp_path: Path) -> Path:
    """Paths in an order unlike the dates:

    * ``a-late.poker.parquet``: an ET log from 23:30 on 30 July running to 00:40 (UTC: 03:30
      to 04:40 on 31 July) — one night, 30 July;
    * ``m/hand-1.phh`` and ``m/hand-2.phh``: one hand each on 31 July (CET) — one night;
    * ``2026-01-05-club.poker.parquet``: a round sheet dated by its file name;
    * ``old.poker.parquet``: no date anywhere.
    """
    folder = tmp_path / "season"
    ps = {"site": "PokerStars", "time_zone": "ET", "currency": "USD", "big_blind": 0.5}
    write_night(
        folder / "a-late.poker.parquet",
        [
            _two("1001", played_at=at("2021-07-31 03:30"), **ps),
            _two("1002", played_at=at("2021-07-31 04:40"), **ps),
        ],
    )
    phh = {"site": "PHH", "time_zone": "CET", "currency": "chips"}
    write_night(
        folder / "m/hand-1.phh.poker.parquet", [_two("1", played_at=at("2021-07-31 18:00"), **phh)]
    )
    write_night(
        folder / "m/hand-2.phh.poker.parquet", [_two("2", played_at=at("2021-07-31 21:00"), **phh)]
    )
    write_night(
        folder / "2026-01-05-club.poker.parquet",
        [_two("1", played_at=at("2026-01-05 00:00")), _two("2", played_at=at("2026-01-05 00:00"))],
        source_file="2026-01-05-club.csv",
    )
    write_night(folder / "old.poker.parquet", [_two("1")], source_file="old.csv")
    return folder


def test_nights_are_dates_in_date_order(dated_folder: Path) -> None:
    nights = season_report(dated_folder).nights
    assert nights.select("night", "date", "files", "hands", "date from").rows() == [
        # The ET log past midnight stays on the night it started (30 July, not 31).
        (1, JULY_30, 1, 2, "the log's hand times"),
        # Two one-hand files of one day: one night, not two.
        (2, JULY_31, 2, 2, "the log's hand times"),
        (3, dt.date(2026, 1, 5), 1, 2, "the file's name"),
        # No date anywhere: said so, a night of its own, last; no date invented.
        (4, None, 1, 1, "no date in the file"),
    ]
    assert nights["file names"][1] == "m/hand-1.phh.poker.parquet; m/hand-2.phh.poker.parquet"


def test_a_gap_of_hours_starts_a_new_night_within_a_file(tmp_path: Path) -> None:
    week = [
        _two("1", played_at=at("2026-01-05 20:00"), site="PokerStars", time_zone="UTC"),
        _two("2", played_at=at("2026-01-06 01:00"), site="PokerStars", time_zone="UTC"),
        _two("3", played_at=at("2026-01-08 20:00"), site="PokerStars", time_zone="UTC"),
    ]
    write_night(tmp_path / "export.poker.parquet", week)
    nights = season_report(tmp_path).nights
    assert nights.select("date", "hands").rows() == [
        (dt.date(2026, 1, 5), 2),  # 01:00 the next morning: still the 5th's night
        (dt.date(2026, 1, 8), 1),
    ]


def test_tournaments_of_one_date_are_two_nights(tmp_path: Path) -> None:
    for name in ("T1", "T2"):
        write_night(
            tmp_path / f"{name}.poker.parquet",
            [_two("1", played_at=at("2026-02-01 19:00"), site="PokerStars", tournament=name)],
        )
    nights = season_report(tmp_path).nights
    assert nights.select("date", "tournament").rows() == [
        (dt.date(2026, 2, 1), "T1"),
        (dt.date(2026, 2, 1), "T2"),
    ]


def test_from_and_to_filter_by_played_at(dated_folder: Path) -> None:
    # Before: 0 nights and exit 0, though two logs are from 2021-07-30.
    report = season_report(
        dated_folder, date_from=dt.date(2021, 1, 1), date_to=dt.date(2021, 12, 31)
    )
    assert report.nights["date"].to_list() == [JULY_30, JULY_31]
    ann = report.standings.filter(pl.col("player") == "Ann")
    assert ann.select("currency", "rounds").rows() == [("USD", 2), ("chips", 2)]
    only_31 = season_report(dated_folder, date_from=JULY_31, date_to=JULY_31)
    assert only_31.nights["date"].to_list() == [JULY_31]


def test_a_range_matching_nothing_says_so(dated_folder: Path, tmp_path: Path) -> None:
    with pytest.raises(EmptyRangeError) as caught:
        season_report(dated_folder, date_from=dt.date(2030, 1, 1))
    assert str(caught.value) == (
        "no night from 2030-01-01 to the last night: the season's nights run from 2021-07-30 "
        "to 2026-01-05; 1 file(s) have no date"
    )
    out = tmp_path / "s.xlsx"
    result = run_cli(
        "season", str(dated_folder), "-o", str(out), "--from", "2022-01-01", "--to", "2022-12-31"
    )
    assert result.returncode == 1
    assert result.stderr.strip() == (
        "Issue: no night from 2022-01-01 to 2022-12-31: the season's nights run from "
        "2021-07-30 to 2026-01-05; 1 file(s) have no date; nothing written"
    )
    assert not out.exists()


def test_suckouts_show_the_nights_date(tmp_path: Path) -> None:
    seats = [Seat("Ann", winner=True, win_turn=10.0), Seat("Bob", win_turn=90.0)]
    write_night(
        tmp_path / "n.poker.parquet",
        [Hand("1", seats, played_at=at("2021-07-31 03:30"), time_zone="ET", site="X")],
    )
    suckouts = season_report(tmp_path).suckouts
    assert suckouts.select("player", "date").rows() == [("Ann", JULY_30)]


def test_the_workbook_shows_dates(dated_folder: Path, tmp_path: Path) -> None:
    path = write_season_workbook(season_report(dated_folder), tmp_path / "s.xlsx")
    book = load_workbook(path)
    nights = book["Nights"]
    assert [cell.value for cell in nights[1]] == [
        "night", "date", "tournament", "files", "hands", "Yatzy games", "date from", "file names",
    ]  # fmt: skip
    assert nights["B2"].value.date() == JULY_30 and nights["B2"].number_format == "yyyy-mm-dd"
    foot = [cell.value for cell in nights["A"] if isinstance(cell.value, str)]
    assert any(line.startswith("1 night(s) have no date") for line in foot)
    trend = book["Trend"]
    line, *net_lines = trend._charts  # the wins, then a block's net won by date each
    assert trend["B2"].value == "date"
    assert line.x_axis.number_format.formatCode == "yyyy-mm-dd"
    assert line.series[0].cat.numRef.f == "'Trend'!$B$3:$B$6"
    for net in net_lines:
        assert net.x_axis.number_format.formatCode == "yyyy-mm-dd"


@pytest.mark.parametrize(
    ("zone", "played", "date"),
    [
        ("ET", "2021-07-31 03:30", JULY_30),  # EDT, UTC-4
        ("ET", "2021-01-31 04:30", dt.date(2021, 1, 30)),  # EST, UTC-5
        ("CET", "2021-07-30 22:30", JULY_31),  # CEST, UTC+2
        ("GMT+1", "2021-07-30 23:30", JULY_31),
        ("UTC-05:30", "2021-07-31 05:00", JULY_30),
        ("Mars", "2021-07-31 03:30", JULY_31),  # unknown: its UTC date
    ],
    ids=["ET-summer", "ET-winter", "CET-summer", "GMT+1", "UTC-05:30", "unknown"],
)
def test_a_hands_date_is_in_the_logs_own_zone(
    tmp_path: Path, zone: str, played: str, date: dt.date
) -> None:
    write_night(
        tmp_path / "n.poker.parquet", [_two("1", played_at=at(played), time_zone=zone, site="X")]
    )
    assert season_report(tmp_path).nights["date"].to_list() == [date], zone


def test_zone_offsets() -> None:
    assert zone_offset("GMT-3") == dt.timedelta(hours=-3)
    assert zone_offset("ET") is None
