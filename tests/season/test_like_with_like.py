"""Issue 29, findings 2, 5 and 7: money is never added across currencies nor to chips; the
standings are ranked by net (money) or pots won (none), never by rounds won; Luck and
Standings count the same pot shares, per game."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from openpyxl import load_workbook

from pipeline.season.report import season_report
from pipeline.sinks.excel.season import write_season_workbook
from tests.helpers import run_cli
from tests.season.contract_nights import Hand, Seat, at, write_night


@pytest.fixture
def money_folder(tmp_path: Path) -> Path:
    """Ann's season as in finding 2: $0.10 cash, 560 tournament chips, 1,400 PHH chips, and
    EUR and GBP cash nights."""
    folder = tmp_path / "season"

    def hand(number: int, currency: str, ann: float, bb: float | None, site: str) -> Hand:
        return Hand(
            str(number),
            [Seat("Ann", winner=ann > 0, net=ann), Seat("Bob", winner=ann < 0, net=-ann)],
            played_at=at(f"2021-07-30 20:{number:02d}"),
            time_zone="UTC",
            site=site,
            currency=currency,
            big_blind=bb,
            format="tournament" if currency == "chips" else "cash",
            tournament="T1" if currency == "chips" and site == "PokerStars" else None,
        )

    write_night(folder / "usd.poker.parquet", [hand(1, "USD", 0.10, 0.02, "PokerStars")])
    write_night(folder / "wsop.poker.parquet", [hand(2, "chips", 560.0, 100.0, "PokerStars")])
    write_night(folder / "phh.poker.parquet", [hand(3, "chips", 1_400.0, 200.0, "PHH")])
    write_night(
        folder / "eur.poker.parquet",
        [hand(4, "EUR", -2.0, 0.5, "PokerStars"), hand(5, "EUR", 1.0, 0.5, "PokerStars")],
    )
    write_night(folder / "gbp.poker.parquet", [hand(6, "GBP", 3.0, 1.0, "PokerStars")])
    return folder


def test_money_is_never_added_across_currencies_nor_to_chips(money_folder: Path) -> None:
    standings = season_report(money_folder).standings
    ann = standings.filter(pl.col("player") == "Ann")
    net = dict(zip(ann["currency"], ann["net"], strict=True))
    # Before: one "chips won" of 1,960.10 = 560 + 1,400 + 0.10.
    assert net == pytest.approx({"USD": 0.10, "chips": 1_960.0, "EUR": -1.0, "GBP": 3.0})
    assert 1_960.10 not in [round(value, 2) for value in standings["net"].drop_nulls()]


def test_bb_per_100_for_cash_only(money_folder: Path) -> None:
    standings = season_report(money_folder).standings
    bb100 = {
        (player, currency): value
        for player, currency, value in standings.select("player", "currency", "bb/100").rows()
    }
    # Ann's EUR: -2 / 0.5 and +1 / 0.5 over 2 hands = -1 bb a hand, -100 per 100.
    assert bb100[("Ann", "EUR")] == pytest.approx(-100.0)
    assert bb100[("Ann", "USD")] == pytest.approx(500.0)
    assert bb100[("Ann", "chips")] is None  # tournament chips are not money


def test_a_block_per_game_and_currency_titled_with_both(money_folder: Path, tmp_path: Path) -> None:
    path = write_season_workbook(season_report(money_folder), tmp_path / "season.xlsx")
    ws = load_workbook(path)["Standings"]
    titles = [cell.value for cell in ws["A"] if isinstance(cell.value, str) and "—" in cell.value]
    # Money by its code, then chips: a block each, never added.
    assert titles == ["Hold'em — EUR", "Hold'em — GBP", "Hold'em — USD", "Hold'em — chips"]
    headers = {
        title: [cell.value for cell in ws[row + 1] if cell.value]
        for row, title in ((cell.row, cell.value) for cell in ws["A"] if cell.value in titles)
    }
    # Every block keeps the sheet's columns (its widths fit all); bb/100 is empty in chips.
    assert headers["Hold'em — USD"] == headers["Hold'em — chips"]
    assert {"net", "bb/100"} <= set(headers["Hold'em — USD"])
    chips_row = next(cell.row for cell in ws["A"] if cell.value == "Hold'em — chips") + 2
    bb100 = headers["Hold'em — chips"].index("bb/100") + 1
    assert ws.cell(chips_row, bb100).value is None and ws.cell(chips_row, 2).value == "Ann"


def _ranking_folder(tmp_path: Path) -> Path:
    """Finding 7: in USD, Eve takes six small uncontested pots and loses one big one; Bob wins
    one big pot.  With no money, Cy splits two pots three ways; Dee wins one alone."""
    folder = tmp_path / "ranking"
    cash = [
        Hand(
            str(number), [Seat("Eve", winner=True, net=1.0), Seat("Bob", folded=True, net=-1.0)],
            site="PokerStars", currency="USD", big_blind=1.0, played_at=at("2026-01-05 20:00"),
        )
        for number in range(6)
    ]  # fmt: skip
    cash.append(
        Hand(
            "99", [Seat("Eve", net=-50.0), Seat("Bob", winner=True, net=50.0)],
            site="PokerStars", currency="USD", big_blind=1.0, played_at=at("2026-01-05 21:00"),
        )
    )  # fmt: skip
    write_night(folder / "cash.poker.parquet", cash)
    three_way = [Seat("Cy", winner=True), Seat("Ed", winner=True), Seat("Flo", winner=True)]
    sheet = [
        Hand("1", three_way),
        Hand("2", three_way),
        Hand("3", [Seat("Dee", winner=True), Seat("Cy")]),
    ]
    write_night(folder / "2026-01-06-club.poker.parquet", sheet, source_file="club.csv")
    return folder


def test_default_ranking_is_net_with_money_and_pots_without(tmp_path: Path) -> None:
    standings = season_report(_ranking_folder(tmp_path)).standings
    cash = standings.filter(pl.col("currency") == "USD")
    # Before: Eve first on 6 rounds won, though she lost $44.
    assert cash.select("place", "player", "wins", "net").rows() == [
        (1, "Bob", 1, 44.0),
        (2, "Eve", 6, -44.0),
    ]
    assert set(cash["ranked by"]) == {"net"}
    chips = standings.filter(pl.col("currency").is_null())
    assert chips["player"].to_list()[:2] == ["Dee", "Cy"]  # pots 1 against 2/3
    assert set(chips["ranked by"]) == {"pots"}


@pytest.mark.parametrize(
    ("rank_by", "first_in_cash", "first_without_money"),
    [("net", "Bob", "Dee"), ("bb100", "Bob", "Dee"), ("pots", "Eve", "Dee"), ("wins", "Eve", "Cy")],
    ids=["net", "bb100", "pots", "wins"],
)
def test_rank_by(
    tmp_path: Path, rank_by: str, first_in_cash: str, first_without_money: str
) -> None:
    standings = season_report(_ranking_folder(tmp_path), rank_by=rank_by).standings
    firsts = standings.group_by("currency", maintain_order=True).first()  # ties: by name
    assert dict(zip(firsts["currency"], firsts["player"], strict=True)) == {
        "USD": first_in_cash,
        None: first_without_money,
    }


def test_rank_by_is_checked_on_the_command_line(tmp_path: Path) -> None:
    folder = _ranking_folder(tmp_path)
    result = run_cli("season", str(folder), "-o", str(tmp_path / "s.xlsx"), "--rank-by", "chips")
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "Error: --rank-by 'chips' is not one of net, bb100, pots, wins"
    )


def test_luck_and_standings_count_the_same_pot_shares_per_game(tmp_path: Path) -> None:
    """Finding 5: a Hi/Lo half is a half in Luck as in Standings; games are not pooled."""
    folder = tmp_path / "games"
    hilo = Hand(
        "1",
        [
            Seat("Ann", winner=True, share=0.5, win_turn=40.0),  # the high half
            Seat("Cy", winner=False, share=0.5, win_turn=60.0),  # the low half
        ],
        game="Omaha Hi/Lo",
    )
    holdem = Hand("2", [Seat("Ann", winner=True, win_turn=70.0), Seat("Cy", win_turn=30.0)])
    write_night(folder / "n.poker.parquet", [hilo, holdem])
    report = season_report(folder)
    luck = {(game, player): actual for game, player, _, _, actual, _ in report.luck.rows()}
    # Before: Ann 2 actual wins pooled over both games (her half counted whole), Cy 0.
    assert luck == {
        ("Omaha Hi/Lo", "Ann"): 0.5,
        ("Omaha Hi/Lo", "Cy"): 0.5,
        ("Hold'em", "Ann"): 1.0,
        ("Hold'em", "Cy"): 0.0,
    }
    pots = {
        (game, player): value
        for game, player, value in report.standings.select("game", "player", "pots won").rows()
    }
    assert pots == luck
