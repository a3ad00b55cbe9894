"""The showdown command as a user runs it (in-process through Typer's runner)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run_cli

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples"


def lines_of(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


@pytest.mark.parametrize(
    ("flags", "expected_name"),
    [((), "quiz24-expected.txt"), (("--arrange",), "quiz24-expected-arranged.txt")],
    ids=["plain", "arranged"],
)
def test_quiz_examples_byte_for_byte(flags: tuple[str, ...], expected_name: str) -> None:
    result = run_cli("showdown", *flags, str(EXAMPLES / "quiz24-input.txt"))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert lines_of(result.stdout) == lines_of((EXAMPLES / expected_name).read_text())


def test_reads_stdin_and_describes() -> None:
    listing = (EXAMPLES / "quiz24-input.txt").read_text()
    result = run_cli("showdown", "--describe", stdin=listing)
    assert result.returncode == 0
    assert (
        lines_of(result.stdout)[0] == "Kc 9s Ks Kd 9d 3c 6d Full House (Kings over Nines) (winner)"
    )
    assert lines_of(result.stdout)[4] == "4d 2d Ks Kd 9d 3c 6d Flush (King high)"


BOARD = "2c 7d 9h Jc 3s"


@pytest.mark.parametrize(
    ("holes", "expected"),
    [
        (["Ah Kh", "As Ks"], ["High Card (winner)", "High Card (winner)"]),
        (["Ah Kh", "Ad Qs"], ["High Card (winner)", "High Card"]),
        (["9c 9d", "Jd 2d"], ["Three of a Kind (winner)", "Two Pair"]),
        (["8c 8h", "8d Th"], ["Pair", "Straight (winner)"]),
        (["Ah 5d", "Kd Qd"], ["High Card (winner)", "High Card"]),
    ],
    ids=["tie-split", "kicker", "trips-beat-two-pair", "higher-straight", "ace-high"],
)
def test_winners_and_ties(holes: list[str], expected: list[str]) -> None:
    listing = "\n".join(f"{hole} {BOARD}" for hole in holes)
    result = run_cli("showdown", stdin=listing)
    assert result.returncode == 0, result.stderr
    got = [
        line.removeprefix(f"{hole} {BOARD} ")
        for hole, line in zip(holes, lines_of(result.stdout), strict=True)
    ]
    assert got == expected


@pytest.mark.parametrize(
    ("listing", "expected"),
    [
        ("Ah 2d 3c 4s 5h Kd Kc", "Straight"),
        ("Kh Ad 2c 3s 4h 9d 9c", "Pair"),
        ("As Ks Qs Js Ts 2c 3c", "Royal Flush"),
        ("9s Ks Qs Js Ts 2c 3c", "Straight Flush"),
        ("9s 9d 9h 9c Ts 2c 3c", "Four of a Kind"),
        ("9s 9d 9h Tc Ts 2c 3c", "Full House"),
        ("9s 2s 4s Tc Ts 6s 3c", "Flush"),
        ("9s 9d 9h Tc Js 2c 3c", "Three of a Kind"),
        ("9s 9d 5h Tc Ts 2c 3c", "Two Pair"),
    ],
    ids=[
        "wheel",
        "no-wrap-around",
        "royal",
        "straight-flush",
        "quads",
        "full-house",
        "flush",
        "trips",
        "two-pair",
    ],
)
def test_every_hand_class(listing: str, expected: str) -> None:
    result = run_cli("showdown", stdin=listing)
    assert lines_of(result.stdout) == [f"{listing} {expected} (winner)"]


def test_folds_print_as_they_came_and_a_round_of_folds_has_no_winner() -> None:
    result = run_cli("showdown", stdin="Ah Kh\n2c 3d 4h 5s 6c\n")
    assert result.returncode == 0
    assert lines_of(result.stdout) == ["Ah Kh", "2c 3d 4h 5s 6c"]


@pytest.mark.parametrize(
    ("listing", "message"),
    [
        ("Ah Kx 2c 3d 4h 5s 6c", "line 1: not a legal card suit 'x' in 'Kx'"),
        ("Ah 1d 2c 3d 4h 5s 6c", "line 1: not a legal card rank '1' in '1d'"),
        ("Ah Kd 2c 3d 4h 5s 6c 7c", "line 1: 8 cards, more than 7"),
        (
            "Ah Kd 2c 3d 4h 5s 6c\nKd Qd 2c 3d 4h 5s 6c",
            "line 2: card 'Kd' appears twice in this round",
        ),
        (
            "Ah Kd 2c 3d 4h 5s 6c\nQh Qd 2c 3d 4h 5s 7c",
            "line 2: community cards '2c 3d 4h 5s 7c' disagree with the other players'",
        ),
        ("Ah Kd 2c", "line 1: 3 cards: expected 2 hole cards and 0, 3, 4 or 5 community cards"),
        ("A Kd 2c 3d 4h", "line 1: 'A' is not a card: expected a rank then a suit"),
    ],
    ids=["suit", "rank", "too-many", "duplicate", "disagree", "short-board", "not-a-card"],
)
def test_bad_round_is_reported_and_the_good_round_still_prints(listing: str, message: str) -> None:
    good = "Ks Qs Js Ts 9s 2c 3c"
    result = run_cli("showdown", stdin=f"{listing}\n\n{good}\n")
    assert result.returncode == 1
    assert result.stderr.splitlines() == [message.replace("line 2", "line 2")]
    assert lines_of(result.stdout) == [f"{good} Straight Flush (winner)"]


def test_missing_file_is_a_one_line_error_with_exit_2(tmp_path: Path) -> None:
    result = run_cli("showdown", str(tmp_path / "absent.txt"))
    assert result.returncode == 2
    assert result.stderr == f"Error: no such file: {str(tmp_path / 'absent.txt')!r}\n"


def _registered_commands() -> list[str]:
    from pipeline.cli import app

    return sorted(str(info.name or info.callback.__name__) for info in app.registered_commands)  # type: ignore[union-attr]


def test_every_command_is_registered_and_documented() -> None:
    commands = _registered_commands()
    assert {"check", "compare", "equity", "generate", "run", "showdown", "yatzy"} <= set(commands)
    readme = (Path(__file__).resolve().parents[2] / "docs" / "commands.md").read_text()
    for command in commands:
        assert f"pipeline {command}" in readme, f"{command!r} is not documented in docs/commands.md"


@pytest.mark.parametrize("command", ["", *_registered_commands()])
def test_every_command_has_help(command: str) -> None:
    result = run_cli(*([command] if command else []), "--help")
    assert result.returncode == 0, result.stderr
    assert "Usage" in result.stdout
