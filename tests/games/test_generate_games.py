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
        "Omaha Hi/Lo, Short Deck, 7 Card Stud, 7 Card Stud Hi/Lo, Razz, 5 Card Draw, "
        "Triple Draw 2-7 Lowball, Single Draw 2-7 Lowball, Triple Draw A-5 Lowball, Badugi"
    ]
    assert not (tmp_path / "x.csv").exists()


def test_a_game_without_a_board_is_not_generated_and_says_why(tmp_path: Path) -> None:
    result = run_cli("generate", str(tmp_path / "x.csv"), "--game", "Razz")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "Error: Razz has no board: generate deals the games with one (Hold'em, Omaha, short "
        "deck; five-card hands: --layout five-card)"
    ]
    assert not (tmp_path / "x.csv").exists()
