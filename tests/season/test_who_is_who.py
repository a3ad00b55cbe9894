"""Issue 29, finding 6: one person is one row (NFC, case folding, white space), the desk's
players file maps aliases and leaves placeholders out, and a "Same player?" sheet lists likely
pairs without merging them."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import polars as pl
import pytest
from openpyxl import load_workbook

from pipeline.season.names import (
    PlayersFileError,
    name_key,
    read_players,
    same_player_pairs,
)
from pipeline.season.report import season_report
from pipeline.sinks.excel.season import write_season_workbook
from tests.helpers import run_cli
from tests.season.contract_nights import Hand, Seat, write_night

ZOE_NFC = unicodedata.normalize("NFC", "Zoë")
ZOE_NFD = unicodedata.normalize("NFD", "Zoë")


@pytest.fixture
def names_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "season"
    hands = [
        Hand("1", [Seat("Ann", winner=True), Seat("Bob"), Seat(ZOE_NFC)]),
        Hand("2", [Seat("Ann", winner=True), Seat("Bob Smith"), Seat(ZOE_NFD)]),
        Hand("3", [Seat("ann"), Seat("Bob", winner=True), Seat("player 1")]),
        Hand("4", [Seat(" ANN  "), Seat("player 1", winner=True), Seat("Jonathan Smith")]),
        Hand("5", [Seat("Jonathon Smith", winner=True), Seat("Bob")]),
    ]
    write_night(folder / "n.poker.parquet", hands)
    five = [
        Hand("1", [Seat("Black", winner=True), Seat("White")], game="Five Card"),
        Hand("2", [Seat("Black"), Seat("White", winner=True)], game="Five Card"),
    ]
    write_night(folder / "kata.poker.parquet", five)
    return folder


def test_names_match_after_nfc_casefold_and_spaces(names_folder: Path) -> None:
    standings = season_report(names_folder).standings.filter(pl.col("game") == "Hold'em")
    rounds = dict(standings.select("player", "rounds").rows())
    # Before: "Zoë" twice (NFC and NFD print the same), "ann" and " ANN  " apart from "Ann".
    assert rounds["Ann"] == 4 and rounds[ZOE_NFC] == 2
    assert [name for name in rounds if name_key(name) == "ann"] == ["Ann"]  # most used spelling
    assert ZOE_NFD not in rounds or ZOE_NFD == ZOE_NFC


def test_likely_pairs_are_listed_never_merged(names_folder: Path) -> None:
    report = season_report(names_folder)
    pairs = report.same_player.select("name", "looks like", "why").rows()
    assert pairs == [
        ("Bob", "Bob Smith", "one name starts the other"),
        ("Jonathan Smith", "Jonathon Smith", "one letter apart"),
    ]
    players = set(report.standings["player"])
    assert {"Bob", "Bob Smith", "Jonathan Smith", "Jonathon Smith"} <= players
    # Numbered seats are not a typo apart.
    assert not report.same_player.filter(pl.col("name").str.starts_with("player")).height


def test_players_file_maps_aliases_and_leaves_placeholders_out(
    names_folder: Path, tmp_path: Path
) -> None:
    players = tmp_path / "players.csv"
    players.write_text(
        "alias,player\nBob Smith,Bob\nplayer 1,\nBlack,\nWHITE,\nJonathon Smith,Jonathan Smith\n",
        encoding="utf-8",
    )
    report = season_report(names_folder, players=read_players(players))
    holdem = report.standings.filter(pl.col("game") == "Hold'em")
    rounds = dict(holdem.select("player", "rounds").rows())
    assert rounds["Bob"] == 4 and "Bob Smith" not in rounds
    assert rounds["Jonathan Smith"] == 2
    # Before: "player 1" ranked in Hold'em; the kata's Black and White led Five Card.
    assert "player 1" not in rounds
    assert report.standings.filter(pl.col("game") == "Five Card").height == 0
    assert report.same_player.height == 0  # the desk said who is who
    # A placeholder's pot still had a winner: nobody else is given it.
    assert holdem.filter(pl.col("player") == "Ann")["wins"].item() == 2


def test_a_pair_the_desk_settled_is_not_asked_again(names_folder: Path, tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text(
        "alias,player\nJonathan Smith,Jonathan Smith\nJonathon Smith,Jonathon Smith\n",
        encoding="utf-8",
    )
    report = season_report(names_folder, players=read_players(players))
    assert report.same_player.select("name", "looks like").rows() == [("Bob", "Bob Smith")]


def test_the_command_reads_the_players_file(names_folder: Path, tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text("alias,player\nBob Smith,Bob\n", encoding="utf-8")
    out = tmp_path / "s.xlsx"
    result = run_cli("season", str(names_folder), "-o", str(out), "--players", str(players))
    assert result.returncode == 0, result.stderr
    book = load_workbook(out)
    assert book["Same player"]["A1"].value.startswith("Same player?")
    assert [cell.value for cell in book["Same player"][2]] == [
        "name", "rows", "looks like", "its rows", "why",
    ]  # fmt: skip
    assert book["Same player"]["A3"].value == "Jonathan Smith"
    missing = run_cli("season", str(names_folder), "--players", str(tmp_path / "none.csv"))
    assert missing.returncode == 2
    assert missing.stderr.startswith("Error: cannot read players file")


def test_players_file_errors(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("name,who\nBob,Bob\n", encoding="utf-8")
    with pytest.raises(PlayersFileError, match="needs the columns alias and player"):
        read_players(wrong)
    twice = tmp_path / "twice.csv"
    twice.write_text("alias,player\nBob,Robert\nbob,Bobby\n", encoding="utf-8")
    with pytest.raises(PlayersFileError, match="line 3: alias 'bob' is already 'Robert'"):
        read_players(twice)


@pytest.mark.parametrize(
    ("first", "second", "why"),
    [
        ("Bob", "Bob Smith", "one name starts the other"),
        ("Zoe", "Zoë", "the same but for accents"),
        ("Jonathan Smith", "Jonathon Smith", "one letter apart"),
        ("Jonathan Smith", "Jonathan Smiths", "one letter apart"),
    ],
    ids=["prefix", "accents", "substitution", "insertion"],
)
def test_same_player_pairs(first: str, second: str, why: str) -> None:
    pairs = same_player_pairs({first: 1, second: 2})
    assert pairs.select("name", "looks like", "why").rows() == [(first, second, why)]


@pytest.mark.parametrize(
    "names",
    [("Ann", "Anna"), ("Bobby", "Bob Smith"), ("player 1", "player 2"), ("Ann", "Ann")],
    ids=["short-names-one-apart", "not-a-word-prefix", "numbered-seats", "same-name"],
)
def test_not_a_pair(names: tuple[str, str]) -> None:
    assert same_player_pairs(dict.fromkeys(names, 1)).height == 0


def test_the_sheet_in_the_workbook(names_folder: Path, tmp_path: Path) -> None:
    path = write_season_workbook(season_report(names_folder), tmp_path / "s.xlsx")
    ws = load_workbook(path)["Same player"]
    assert [ws[f"A{row}"].value for row in (3, 4)] == ["Bob", "Jonathan Smith"]


def test_the_nightly_job_leaves_the_players_file_alone(tmp_path: Path) -> None:
    """``input/players.csv`` sits beside the nights it names: ``pipeline run`` must not score
    it as a round sheet (it did: 2 rows rejected and a workbook of issues)."""
    inputs = tmp_path / "input"
    inputs.mkdir()
    (inputs / "players.csv").write_text("alias,player\nBob Smith,Bob\nplayer 1,\n")
    (inputs / "night.csv").write_text(
        "round,player,cards\n1,Ann,Ah Kh 2c 3d 4s 9h Td\n1,Bob,Qs Qh 2c 3d 4s 9h Td\n"
    )
    result = run_cli("run", str(inputs), "-o", str(tmp_path / "out"), "--no-equity")
    assert "players.csv' is the desk's players file" in result.stdout + result.stderr
    manifest = (tmp_path / "out" / "manifest.json").read_text()
    assert "night.csv" in manifest and "players.csv" not in manifest
