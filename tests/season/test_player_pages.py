"""A printable page per guest (issue 33): the player's season figures beside the field's (the
same game and currency), chosen by --player or the top players by hands, one page each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
import pytest
from openpyxl import load_workbook
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.season.report import season_report
from pipeline.sinks.excel.season import write_season_workbook
from pipeline.sinks.excel.season.player_pages import PLAYER_PAGES
from tests.season.contract_nights import Hand, Seat, at, write_night

# Per seat: player, net, vpip, pfr, saw_flop, bets, raises, calls.
SEATS = (
    ("1", "Ann", 4.0, True, True, True, 1, 0, 0),
    ("1", "Bob", -4.0, True, False, True, 0, 0, 1),
    ("2", "Ann", -1.0, False, False, False, 0, 0, 0),
    ("2", "Bob", 1.0, True, True, False, 0, 0, 0),
    ("3", "Cy", 0.0, False, False, False, 0, 0, 0),
)


@pytest.fixture
def one_night(tmp_path: Path) -> Path:
    """One night of dollars (big blind 1): Ann and Bob two hands each, Cy one."""
    folder = tmp_path / "season"
    hands = [
        Hand(
            number,
            [Seat(player, winner=net > 0, net=net) for n, player, net, *_ in SEATS if n == number],
            played_at=at("2026-01-05 20:00"),
            time_zone="UTC",
            site="PokerStars",
            currency="USD",
            big_blind=1.0,
            format="cash",
        )
        for number in ("1", "2", "3")
    ]
    path = write_night(folder / "jan05.poker.parquet", hands)
    columns = list(zip(*(seat[3:] for seat in SEATS), strict=True))
    names = ("vpip", "pfr", "saw_flop", "bets", "raises", "calls")
    types = (pl.Boolean, pl.Boolean, pl.Boolean, pl.Int64, pl.Int64, pl.Int64)
    pl.read_parquet(path).with_columns(
        pl.Series(name, values, dtype=dtype)
        for name, values, dtype in zip(names, columns, types, strict=True)
    ).write_parquet(path)
    return folder


def _figures(page_figures: pl.DataFrame) -> dict[str, tuple[Any, Any]]:
    return {
        statistic: (own, field)
        for statistic, own, field in page_figures.select("statistic", "player", "field").rows()
    }


def test_the_players_figures_beside_the_fields(one_night: Path) -> None:
    report = season_report(one_night)
    # by hands: Ann 2, Bob 2 (then by name), Cy 1
    assert [page.player for page in report.player_pages] == ["Ann", "Bob", "Cy"]
    ann = report.player_pages[0]
    assert (ann.game, ann.currency, ann.players) == ("Hold'em", "USD", 3)
    got = _figures(ann.figures)
    # Ann: VPIP 1 of 2, PFR 1 of 2; the field pools all five hands: VPIP 3 of 5, PFR 2 of 5
    assert got["VPIP %"] == (0.5, pytest.approx(0.6))
    assert got["PFR %"] == (0.5, pytest.approx(0.4))
    # hands: Ann 2; the field's average per player (2 + 2 + 1) / 3
    assert got["hands"] == (2.0, pytest.approx(5 / 3))
    # AF: Ann bet once and never called (no figure); the field: one bet, one call
    assert got["AF"] == (None, 1.0)
    # net: Ann +4 - 1 = 3; the field's average per player (3 - 3 + 0) / 3 = 0
    assert got["net"] == (3.0, pytest.approx(0.0))
    # bb/100: Ann 3 big blinds in 2 hands = 150; the field's 0 over 5 hands
    assert got["bb/100"] == (pytest.approx(150.0), pytest.approx(0.0))
    out_of = dict(ann.figures.select("statistic", "out of").rows())
    assert out_of["VPIP %"] == 2 and out_of["PFR %"] == 2 and out_of["AF"] is None
    assert ann.nights.select("hands", "net", "cumulative net").rows() == [(2, 3.0, 3.0)]


def test_player_asked_for_by_name(one_night: Path) -> None:
    report = season_report(one_night, page_players=["  bob ", "Zed"])
    assert [page.player for page in report.player_pages] == ["Bob"]
    assert report.players_not_found == ("Zed",)
    assert [page.player for page in season_report(one_night, top=1).player_pages] == ["Ann"]


def test_each_page_prints_as_one_page(one_night: Path, tmp_path: Path) -> None:
    report = season_report(one_night)
    ws = load_workbook(write_season_workbook(report, tmp_path / "s.xlsx"))[PLAYER_PAGES]
    assert ws["A1"].value == "Ann — Hold'em — USD"
    assert [ws.cell(4, column).value for column in range(1, 6)] == [
        "statistic", "Ann", "field average", "out of", "what it means",
    ]  # fmt: skip
    vpip = next(row for row in range(5, 30) if ws.cell(row, 1).value == "VPIP %")
    assert ws.cell(vpip, 2).value == 0.5 and ws.cell(vpip, 3).value == pytest.approx(0.6)
    assert "%" in ws.cell(vpip, 2).number_format
    # a page each: a manual break before every page but the first, each title after one
    breaks = [brk.id for brk in ws.row_breaks.brk]
    titles = [
        row for row in range(1, ws.max_row + 1) if " — Hold'em — USD" in str(ws.cell(row, 1).value)
    ]
    assert len(titles) == 3 and breaks == [row - 1 for row in titles[1:]]
    assert ws.page_setup.orientation == "landscape"
    assert ws.print_area is not None and 0 < int(ws.page_setup.scale) <= 100


def test_cli_player_option(one_night: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.xlsx"
    result = CliRunner().invoke(
        app, ["season", str(one_night), "-o", str(out), "--player", "cy", "--player", "Zed"]
    )
    assert result.exit_code == 0, result.output
    assert "Note: --player 'Zed': no player of that name has hands with actions" in result.output
    assert load_workbook(out)[PLAYER_PAGES]["A1"].value == "Cy — Hold'em — USD"


@pytest.mark.parametrize(
    ("game", "first"),
    [
        ("Hold'em", "before the flop"),
        ("Razz", "on third street"),
        ("7 Card Stud Hi/Lo", "on third street"),
        ("Badugi", "before the first draw"),
    ],
)
def test_a_page_words_its_games_own_streets(one_night: Path, game: str, first: str) -> None:
    # a stud player never sees a flop: the page says third street (a draw game: the draws)
    path = next(one_night.glob("*.parquet"))
    pl.read_parquet(path).with_columns(pl.lit(game).alias("game")).write_parquet(path)
    page = season_report(one_night).player_pages[0]
    assert page.game == game
    meanings = dict(page.figures.select("statistic", "what it means").rows())
    assert meanings["VPIP %"] == f"put money in {first} by choice"
    if game != "Hold'em":
        assert not [meaning for meaning in meanings.values() if "flop" in meaning]
