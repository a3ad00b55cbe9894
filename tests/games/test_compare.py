"""The poker hands kata verdicts, through the library and the real CLI."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.core.cards import DECK_SIZE, format_cards
from pipeline.games.poker.kata_compare import CompareError, verdict
from tests.games.test_showdown import EXAMPLES
from tests.games.verdict_reference import reference_verdict
from tests.helpers import run_cli


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Black: 2H 3D 5S 9C KD  White: 2C 3H 4S 8C AH", "White wins. - with high card: Ace"),
        ("Black: 2H 4S 4C 2D 4H  White: 2S 8S AS QS 3S", "Black wins. - with full house: 4 over 2"),
        ("Black: 2H 3D 5S 9C KD  White: 2C 3H 4S 8C KH", "Black wins. - with high card: 9"),
        ("Black: 2H 3D 5S 9C KD  White: 2D 3H 5C 9S KH", "Tie."),
        (
            "Black: TH TD 5S 9C KD  White: TS TC 4S 8C AH",
            "White wins. - with high card: Ace (tied on pair: 10)",
        ),
        (
            "Black: 5H 5C JD 8S 2C  White: 5D 5S TD 8C 3H",
            "Black wins. - with high card: Jack (tied on pair: 5)",
        ),
        (
            "Black: KH KC 9D 9S 2C  White: KD KS 9H 9C 4H",
            "White wins. - with high card: 4 (tied on two pair: King and 9)",
        ),
        (
            "Black: KH KC 9D 9S 2C  White: KD KS 8H 8C AH",
            "Black wins. - with two pair: King and 9",
        ),
        ("Black: AH QH 9H 5H 3H  White: AS JS 9S 5S 3S", "Black wins. - with flush: Queen"),
        ("Black: AS KS QS JS TS  White: 9H KH QH JH TH", "Black wins. - with royal flush"),
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
        "euler-fives-decided-by-jack",
        "two-pair-decided-by-kicker",
        "two-pair-decided-by-second-pair",
        "flush-second-card",
        "royal-over-straight-flush",
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


def _named_hands(deal: list[int], players: int) -> list[tuple[str, list[int]]]:
    return [(f"P{n + 1}", deal[5 * n : 5 * n + 5]) for n in range(players)]


def _line(hands: list[tuple[str, list[int]]]) -> str:
    return "  ".join(f"{name}: {' '.join(format_cards(cards))}" for name, cards in hands)


@given(
    st.permutations(range(DECK_SIZE)).map(lambda deck: list(deck[:15])),
    st.integers(min_value=2, max_value=3),
)
@settings(max_examples=400)
def test_every_verdict_is_worded_as_the_reference_words_it(deal: list[int], players: int) -> None:
    hands = _named_hands(deal, players)
    assert verdict(_line(hands)) == reference_verdict(hands), _line(hands)


@given(
    st.sampled_from([2, 4]),  # a pair, or two pair, shared by both players
    st.permutations(range(DECK_SIZE)),
)
@settings(max_examples=400)
def test_made_hands_that_tie_are_decided_by_a_kicker_in_the_katas_words(
    shared: int, deck: list[int]
) -> None:
    """Hands holding the same pair (or two pair), so a kicker so often decides: the random
    deals above rarely give two players equal made hands."""
    by_rank: dict[int, list[int]] = {}
    for card in deck:
        by_rank.setdefault(card // 4, []).append(card)
    ranks = list(by_rank)
    paired = ranks[: shared // 2]
    first = [card for rank in paired for card in by_rank[rank][:2]]
    second = [card for rank in paired for card in by_rank[rank][2:4]]
    loose = [by_rank[rank][0] for rank in ranks[shared // 2 :]]  # one card of each other rank
    kickers = 5 - shared
    hands = [("Black", first + loose[:kickers]), ("White", second + loose[kickers : 2 * kickers])]
    assert verdict(_line(hands)) == reference_verdict(hands), _line(hands)
