"""The poker hands kata verdicts, through the library and the real CLI."""

from __future__ import annotations

import pytest

from pipeline.games.five_card.compare import CompareError, verdict
from tests.games.test_showdown import EXAMPLES
from tests.helpers import run_cli


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Black: 2H 3D 5S 9C KD  White: 2C 3H 4S 8C AH", "White wins. - with high card: Ace"),
        ("Black: 2H 4S 4C 2D 4H  White: 2S 8S AS QS 3S", "Black wins. - with full house: 4 over 2"),
        ("Black: 2H 3D 5S 9C KD  White: 2C 3H 4S 8C KH", "Black wins. - with high card: 9"),
        ("Black: 2H 3D 5S 9C KD  White: 2D 3H 5C 9S KH", "Tie."),
        ("Black: TH TD 5S 9C KD  White: TS TC 4S 8C AH", "White wins. - with pair: Ace"),
        (
            "Black: 2H 3D 4S 5C AD  White: KS KC KH 8C 8H",
            "White wins. - with full house: King over 8",
        ),
        ("Black: 2H 3D 4S 5C AD  White: 2S 3C 4H 5D 6H", "White wins. - with straight: 6"),
        ("A: 2H 3D 4S 5C 7D  B: 2S 3C 4H 5D 7H  C: 9S 9C 4D 5S 7S", "C wins. - with pair: 9"),
        ("A: 2H 3D 4S 5C 7D  B: 2S 3C 4H 5D 7H  C: 8S 6C 4D 5S 7S", "C wins. - with straight: 8"),
        ("A: 2H 3D 4S 5C 7D  B: 2S 3C 4H 5D 7H  C: 2C 3S 4C 5H 8D", "C wins. - with high card: 8"),
        ("A: 2H 3D 4S 5C 7D  B: 2S 3C 4H 5D 7H  C: 2C 3S 4C 5H 6D", "C wins. - with straight: 6"),
        ("A: 9H 3D 4S 5C 7D  B: 9S 3C 4H 5D 7H  C: 2C 3S 4C 5H 8D", "Tie between A and B."),
    ],
    ids=[
        "kata-1",
        "kata-2",
        "kata-3",
        "kata-4",
        "kicker-after-pair",
        "full-house",
        "straight",
        "three-players",
        "straight-vs-pairless",
        "third-high-card",
        "third-straight",
        "three-way-tie",
    ],
)
def test_verdicts(line: str, expected: str) -> None:
    assert verdict(line) == expected


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Black: 2H 3D 5S 9C  White: 2C 3H 4S 8C AH", "Black has 4 cards, expected 5"),
        (
            "Black: 2H 3D 5S 9C KX  White: 2C 3H 4S 8C AH",
            "Black: not a legal card suit 'X' in 'KX'",
        ),
        (
            "Black: 2H 3D 5S 9C KD  White: 2H 3H 4S 8C AH",
            "card '2h' appears twice (in Black and White)",
        ),
        ("Black: 2H 3D 5S 9C KD", "expected two or more players, got 1"),
        ("2H Black: 3D 5S 9C KD", "expected a player's name ending in ':' before '2H'"),
    ],
    ids=["short", "bad-card", "duplicate", "one-player", "no-name"],
)
def test_bad_lines_raise_with_a_clear_message(line: str, message: str) -> None:
    with pytest.raises(CompareError) as caught:
        verdict(line)
    assert str(caught.value) == message


def test_cli_reproduces_the_kata_examples_and_reports_bad_lines() -> None:
    games = (EXAMPLES / "kata-compare-input.txt").read_text()
    result = run_cli("compare", stdin=games + "Black: 2H\n")
    assert result.stdout == (EXAMPLES / "kata-compare-expected.txt").read_text()
    assert result.stderr == "line 5: expected two or more players, got 1\n"
    assert result.returncode == 1
    single = run_cli(
        "compare",
        "Black:",
        "2H",
        "3D",
        "5S",
        "9C",
        "KD",
        "White:",
        "2C",
        "3H",
        "4S",
        "8C",
        "AH",
    )
    assert (single.returncode, single.stdout) == (0, "White wins. - with high card: Ace\n")
