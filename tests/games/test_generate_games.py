"""``pipeline generate --game``: each game's deck and hole cards, a ``game`` column with its
canonical name, the same night for the same seed, and a name we do not know as one line."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from tests.helpers import run_cli

EXPECTED = {  # what is asked: canonical name, hole cards, lowest rank
    "pot-limit omaha": ("Omaha", 4, "2"),
    "PLO6": ("Omaha 6", 6, "2"),
    "PLO8": ("Omaha Hi/Lo", 4, "2"),
    "6+": ("Short Deck", 2, "6"),
}
RANKS = "23456789TJQKA"


@pytest.mark.parametrize("asked", list(EXPECTED), ids=list(EXPECTED))
def test_a_generated_round_sheet_deals_the_game_asked(tmp_path: Path, asked: str) -> None:
    name, hole_cards, lowest = EXPECTED[asked]
    path = tmp_path / "night.csv"
    args = ["generate", str(path), "--layout", "rounds", "--rounds", "40", "--players", "5"]
    result = run_cli(*args, "--seed", "7", "--game", asked)
    assert (result.returncode, result.stdout) == (0, f"wrote 40 rows to {path}\n")
    sheet = pl.read_csv(path, infer_schema=False)
    assert sheet["game"].unique().to_list() == [name]
    players = [column for column in sheet.columns if column not in ("round", "game", "board")]
    seen: set[str] = set()
    for row in sheet.iter_rows(named=True):
        board = row["board"].split()
        assert len(board) == 5, row
        hands = [row[player].removesuffix(" fold").split() for player in players if row[player]]
        assert len(hands) == 5, row
        assert all(len(hand) == hole_cards for hand in hands), row
        cards = [*board, *(card for hand in hands for card in hand)]
        assert len(set(cards)) == len(cards), row  # no card dealt twice in a round
        seen |= {card[0] for card in cards}
    assert min(seen, key=RANKS.index) == lowest  # a short deck never deals below a 6
    again = tmp_path / "again.csv"
    run_cli("generate", str(again), *args[2:], "--seed", "7", "--game", asked)
    assert again.read_bytes() == path.read_bytes()
    other = tmp_path / "other.csv"
    run_cli("generate", str(other), *args[2:], "--seed", "8", "--game", asked)
    assert other.read_bytes() != path.read_bytes()


def test_an_unknown_game_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = run_cli("generate", str(tmp_path / "x.csv"), "--game", "Chess")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "Error: unknown game 'Chess'; known: Hold'em, Five Card, Omaha, Omaha 5, Omaha 6, "
        "Omaha Hi/Lo, Omaha 5 Hi/Lo, Short Deck, 7 Card Stud, 7 Card Stud Hi/Lo, Razz, "
        "5 Card Draw, Triple Draw 2-7 Lowball, Single Draw 2-7 Lowball, Triple Draw A-5 Lowball, "
        "Badugi"
    ]
    assert not (tmp_path / "x.csv").exists()


BOARDLESS = {  # what is asked: canonical name, cards at the showdown, stud
    "Razz": ("Razz", 7, True),
    "Stud8": ("7 Card Stud Hi/Lo", 7, True),
    "2-7 TD": ("Triple Draw 2-7 Lowball", 5, False),
    "Badugi": ("Badugi", 4, False),
}


@pytest.mark.parametrize("asked", list(BOARDLESS), ids=list(BOARDLESS))
def test_a_generated_stud_or_draw_sheet_is_dealt_and_scored(tmp_path: Path, asked: str) -> None:
    name, cards_at_showdown, stud = BOARDLESS[asked]
    path = tmp_path / "night.csv"
    args = ["generate", str(path), "--rounds", "30", "--players", "5", "--seed", "3"]
    result = run_cli(*args, "--game", asked)
    assert (result.returncode, result.stdout) == (0, f"wrote 150 rows to {path}\n")
    sheet = pl.read_csv(path, infer_schema=False)
    assert sheet.columns == ["tournament", "game", "round", "seat", "player", "cards", "folded"]
    assert sheet["game"].unique().to_list() == [name]
    for (number,), dealt in sheet.group_by("round"):
        hands = [row["cards"].split() for row in dealt.iter_rows(named=True)]
        cards = [card for hand in hands for card in hand]
        assert len(set(cards)) == len(cards), number  # no card dealt twice in a round
        stayed = dealt.filter(pl.col("folded") == "no")["cards"].str.split(" ").list.len()
        assert stayed.len() >= 1 and (stayed == cards_at_showdown).all(), number
        folded = dealt.filter(pl.col("folded") == "yes")["cards"].str.split(" ").list.len()
        # a stud player folds holding the cards dealt so far (3 to 6); a draw player their hand
        assert folded.is_between(3, 6).all() if stud else (folded == cards_at_showdown).all()
    out = tmp_path / "out"
    result = run_cli("run", str(path), "-o", str(out))
    assert result.returncode == 0, result.stdout + result.stderr  # clean: every row scored
    rows = pl.read_parquet(out / "night.csv.poker.parquet")
    assert rows.height == 150
    shown = rows.filter(~pl.col("folded"))
    assert shown["strength"].null_count() == 0 and shown["rank"].null_count() == 0
    assert (rows["win_sixth"].is_not_null().any()) is stud  # stud's streets; none in draw


def test_a_game_without_a_board_is_dealt_in_the_players_layout_only(tmp_path: Path) -> None:
    result = run_cli("generate", str(tmp_path / "x.csv"), "--game", "Razz", "--layout", "rounds")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "Error: Razz has no board: it is dealt in the players layout (a row per player)"
    ]
    assert not (tmp_path / "x.csv").exists()


def test_a_stud_table_of_eight_is_more_than_one_deck_deals(tmp_path: Path) -> None:
    result = run_cli("generate", str(tmp_path / "x.csv"), "--game", "Stud", "--players", "8")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "Error: 7 cards each from one deck are dealt to 7 players at most: --players 2 to 7, got 8"
    ]
