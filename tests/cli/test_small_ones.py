"""Issue 11.18: the small ones, each as a user meets it."""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

import pytest

from pipeline.core.cards import CardError, parse_cards
from tests.helpers import run_cli


def test_a_nul_character_is_not_a_card() -> None:
    with pytest.raises(CardError, match="holds a NUL character"):
        parse_cards(["As\x00"])


def test_a_bom_on_stdin_does_not_break_the_first_round() -> None:
    result = run_cli("showdown", stdin="\ufeffKc 9s Ks Kd 9d 3c 6d\nAh Kh Ks Kd 9d 3c 6d\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "Kc 9s Ks Kd 9d 3c 6d Full House (winner)"


def test_equity_with_zero_samples_is_a_usage_error_not_a_traceback() -> None:
    result = run_cli("equity", "AhKh", "QsQc", "--samples", "0")
    assert result.returncode == 2
    assert "Traceback" not in result.stdout + result.stderr


def test_equity_with_one_hand_says_so() -> None:
    result = run_cli("equity", "AhKh")
    assert result.returncode == 2
    assert result.stderr == "Error: expected 2 to 10 hands of 2 hole cards, got 1 hand\n"


def test_version() -> None:
    result = run_cli("--version")
    assert (result.returncode, result.stdout) == (0, f"showdown {version('showdown')}\n")


def test_counts_read_as_english(tmp_path: Path) -> None:
    (tmp_path / "one.csv").write_text(
        "round,player,cards\n1,Ann,As Ks Qs Js Ts 2c 3d\n", encoding="utf-8"
    )
    result = run_cli("run", str(tmp_path / "one.csv"), "-o", str(tmp_path / "out"))
    assert "one.csv: 1 row read, 0 scored, 1 rejected, 1 issue (" in result.stderr
