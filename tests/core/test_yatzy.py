"""Yatzy scoring: the kata's examples, its edge cases, a scalar oracle, and the real CLI."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.yatzy_reference import REFERENCE_CATEGORIES, reference_card, reference_score
from pipeline.core import yatzy
from pipeline.core.yatzy import (
    CATEGORIES,
    CATEGORY_NAMES,
    N_CATEGORIES,
    best_free_category,
    check_dice,
    parse_category,
    score,
    score_card,
    score_card_from_counts,
)
from tests.helpers import Completed, run_cli

Roll = tuple[int, int, int, int, int]

# Every example of the kata (the seed: Steffen Forkmann, "Solving KataYahtzee with F# and
# NaturalSpec"), in its order.  Its scenario "1,1,1,2,1 placed on Yahtzee gives 50" asserts 0
# (the title is a slip), so 0 it is.
KATA: list[tuple[Roll, str, int]] = [
    ((1, 1, 2, 4, 4), "fours", 8),
    ((1, 1, 6, 4, 6), "sixes", 12),
    ((3, 3, 3, 4, 4), "pair", 8),
    ((5, 3, 5, 4, 4), "pair", 10),
    ((1, 2, 3, 4, 5), "pair", 0),
    ((1, 1, 2, 3, 3), "two pairs", 8),
    ((1, 6, 6, 3, 3), "two pairs", 18),
    ((1, 1, 2, 4, 3), "two pairs", 0),
    ((3, 3, 3, 4, 5), "three of a kind", 9),
    ((3, 4, 3, 4, 5), "three of a kind", 0),
    ((2, 2, 2, 2, 5), "four of a kind", 8),
    ((2, 6, 2, 2, 5), "four of a kind", 0),
    ((1, 2, 3, 4, 5), "small straight", 15),
    ((1, 2, 5, 4, 3), "small straight", 15),
    ((1, 2, 6, 4, 3), "small straight", 0),
    ((2, 3, 4, 5, 6), "large straight", 20),
    ((6, 2, 5, 4, 3), "large straight", 20),
    ((1, 2, 6, 4, 3), "large straight", 0),
    ((1, 1, 2, 2, 2), "full house", 8),
    ((4, 4, 4, 4, 4), "full house", 0),
    ((1, 1, 2, 3, 2), "full house", 0),
    *(((face, face, face, face, face), "yatzy", 50) for face in range(1, 7)),
    ((1, 1, 1, 2, 1), "yatzy", 0),
    ((1, 1, 1, 2, 1), "chance", 6),
    ((1, 6, 1, 2, 1), "chance", 11),
]

# Consequences of the kata's rules that a reader might get wrong.
EDGES: list[tuple[Roll, str, int]] = [
    ((2, 2, 2, 2, 5), "two pairs", 0),  # four of a kind is one face, not two pairs
    ((4, 4, 4, 4, 4), "two pairs", 0),
    ((3, 3, 3, 4, 4), "two pairs", 14),  # a full house holds two pairs of different faces
    ((3, 3, 3, 3, 3), "pair", 6),
    ((3, 3, 3, 3, 3), "three of a kind", 9),  # a yatzy counts only the dice of the kind
    ((3, 3, 3, 3, 3), "four of a kind", 12),
    ((6, 6, 6, 6, 2), "three of a kind", 18),
    ((6, 6, 5, 5, 5), "pair", 12),  # the highest pair, even beside a higher count
    ((6, 6, 5, 5, 5), "full house", 27),
    ((2, 2, 2, 6, 6), "full house", 18),
    ((1, 2, 3, 4, 6), "small straight", 0),
    ((1, 3, 4, 5, 6), "large straight", 0),
    ((1, 2, 3, 4, 5), "large straight", 0),  # the two straights are distinct categories
    ((2, 3, 4, 5, 6), "small straight", 0),
    ((5, 5, 5, 5, 5), "fives", 25),
    ((5, 5, 5, 5, 5), "chance", 25),
]


def _case_id(case: tuple[Roll, str, int]) -> str:
    roll, category, expected = case
    return f"{''.join(map(str, roll))}-{category.replace(' ', '_')}-{expected}"


@pytest.mark.parametrize("case", KATA + EDGES, ids=[_case_id(case) for case in KATA + EDGES])
def test_examples(case: tuple[Roll, str, int]) -> None:
    roll, category, expected = case
    code = parse_category(category)
    got = int(score([roll], [code])[0])
    assert got == expected, f"roll={roll} category={category} expected={expected} got={got}"
    assert reference_score(roll, CATEGORIES[code]) == expected, f"reference disagrees on {roll}"


def _assert_cards_match(rolls: np.ndarray[tuple[int, int], np.dtype[np.int64]]) -> None:
    cards = score_card(rolls)
    for roll, card in zip(rolls.tolist(), cards.tolist(), strict=True):
        expected = reference_card(roll)
        if card != expected:
            wrong = [
                f"{name}: expected={want} got={have}"
                for name, want, have in zip(CATEGORIES, expected, card, strict=True)
                if want != have
            ]
            pytest.fail(f"roll={roll}: {'; '.join(wrong)}")


def test_every_roll_matches_the_reference() -> None:
    every = np.array(list(itertools.product(range(1, 7), repeat=5)), dtype=np.int64)
    assert len(every) == 7776
    _assert_cards_match(every)
    assert np.array_equal(score_card(every), score_card_from_counts(every))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(1, 6), min_size=5, max_size=5), min_size=1, max_size=40))
def test_random_rolls_match_the_reference(rolls: list[list[int]]) -> None:
    _assert_cards_match(np.array(rolls, dtype=np.int64))


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.lists(st.integers(1, 6), min_size=5, max_size=5), min_size=1, max_size=20),
    st.data(),
)
def test_score_picks_the_card_column(rolls: list[list[int]], data: st.DataObject) -> None:
    codes = data.draw(st.lists(st.integers(0, 14), min_size=len(rolls), max_size=len(rolls)))
    got = score(rolls, codes).tolist()
    expected = [
        reference_score(roll, CATEGORIES[code]) for roll, code in zip(rolls, codes, strict=True)
    ]
    assert got == expected


def test_reference_and_library_name_the_same_categories() -> None:
    assert REFERENCE_CATEGORIES == CATEGORIES
    assert len(CATEGORIES) == len(CATEGORY_NAMES) == N_CATEGORIES == 15
    assert CATEGORY_NAMES[CATEGORIES.index("two_pairs")] == "Two Pairs"


def test_score_card_shapes_and_dtype() -> None:
    assert score_card(np.empty((0, 5), dtype=np.int64)).shape == (0, 15)
    card = score_card(np.array([[6, 6, 6, 6, 6]], dtype=np.uint8))
    assert card.dtype == np.int64
    assert card.shape == (1, 15)


# --- parse_category ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("two pairs", "two_pairs"),
        ("TwoPairs", "two_pairs"),
        ("two_pairs", "two_pairs"),
        ("Two-Pairs", "two_pairs"),
        ("  TWO  PAIRS ", "two_pairs"),
        ("TwoPair", "two_pairs"),
        ("Three of a Kind", "three_of_a_kind"),
        ("FourOfAKind", "four_of_a_kind"),
        ("small straight", "small_straight"),
        ("LargeStraight", "large_straight"),
        ("full-house", "full_house"),
        ("Yatzy", "yatzy"),
        ("Yahtzee", "yatzy"),
        ("ones", "ones"),
        ("SIXES", "sixes"),
        ("chance", "chance"),
    ],
    ids=lambda value: str(value).strip().replace(" ", "_"),
)
def test_parse_category_ignores_case_spaces_underscores_hyphens(text: str, expected: str) -> None:
    assert CATEGORIES[parse_category(text)] == expected


def test_every_canonical_and_display_name_parses_to_itself() -> None:
    for code, (name, display) in enumerate(zip(CATEGORIES, CATEGORY_NAMES, strict=True)):
        assert parse_category(name) == code, name
        assert parse_category(display) == code, display


@pytest.mark.parametrize("text", ["straight", "", "pairs", "1", "fourss"], ids=repr)
def test_parse_category_unknown_names_the_value_and_lists_the_categories(text: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_category(text)
    assert str(caught.value) == (
        f"unknown category {text!r}: expected one of ones, twos, threes, fours, fives, sixes, "
        "pair, two_pairs, three_of_a_kind, four_of_a_kind, small_straight, large_straight, "
        "full_house, yatzy, chance"
    )


# --- check_dice, score, best_free_category -----------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ([[1, 2, 3, 4, 5], [6, 6, 7, 6, 6]], "row 1: die 7 is not a face 1..6"),
        ([[0, 2, 3, 4, 5]], "row 0: die 0 is not a face 1..6"),
        ([[1, 2, 3, 4, -6]], "row 0: die -6 is not a face 1..6"),
        ([1, 2, 3, 4, 5], "expected dice of shape (n, 5), got shape (5,)"),
        ([[1, 2, 3, 4]], "expected dice of shape (n, 5), got shape (1, 4)"),
        ([[1, 2, 3, 4, 5], [1, 2]], "expected dice of shape (n, 5), got rows of different lengths"),
        ([[1.0, 2.0, 3.0, 4.0, 5.0]], "expected integer dice, got dtype float64"),
        ([[True, True, True, True, True]], "expected integer dice, got dtype bool"),
    ],
    ids=["seven", "zero", "negative", "flat", "four-dice", "ragged", "float", "bool"],
)
def test_check_dice_names_the_row_and_value(dice: object, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        check_dice(dice)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_score_checks_its_category_codes() -> None:
    with pytest.raises(ValueError, match=r"^row 1: category code 15 is not 0\.\.14$"):
        score([[1, 1, 1, 1, 1], [1, 1, 1, 1, 1]], [0, 15])
    with pytest.raises(ValueError, match=r"^expected 2 category codes, got shape \(1,\)$"):
        score([[1, 1, 1, 1, 1], [1, 1, 1, 1, 1]], [0])
    with pytest.raises(ValueError, match=r"^expected integer category codes, got dtype float64$"):
        score([[1, 1, 1, 1, 1]], [1.0])


def test_best_free_category_takes_the_highest_free_and_breaks_ties_by_sheet_order() -> None:
    rolls = [[6, 6, 6, 6, 6]] * 4 + [[1, 2, 3, 4, 6]]
    used = np.zeros((5, N_CATEGORIES), dtype=bool)
    used[1, yatzy.YATZY] = True
    used[2, [yatzy.YATZY, yatzy.SIXES]] = True
    used[3, :] = True
    used[3, yatzy.ONES] = False  # only ones left: it scores 0 and is still the choice
    chosen = best_free_category(score_card(rolls), used)
    # 6,6,6,6,6: yatzy 50; then sixes 30 beats chance 30 (earlier on the sheet); then chance.
    assert [CATEGORIES[code] for code in chosen] == ["yatzy", "sixes", "chance", "ones", "chance"]


def test_best_free_category_errors() -> None:
    card = score_card([[1, 2, 3, 4, 5]])
    with pytest.raises(ValueError, match=r"^row 0: every category is already used$"):
        best_free_category(card, np.ones((1, N_CATEGORIES), dtype=bool))
    with pytest.raises(ValueError, match=r"shape \(n, 15\)"):
        best_free_category(card, np.zeros((1, 14), dtype=bool))


def test_upper_bonus_starts_at_63() -> None:
    assert yatzy.upper_bonus([0, 62, 63, 105]).tolist() == [0, 0, 50, 50]
    assert (yatzy.UPPER_BONUS, yatzy.UPPER_BONUS_THRESHOLD) == (50, 63)


# --- the CLI -----------------------------------------------------------------------------------


def _cli(*args: str) -> Completed:
    return run_cli("yatzy", *args)


@pytest.mark.parametrize(
    ("args", "stdout"),
    [
        (("1", "1", "2", "4", "4", "--category", "fours"), "8\n"),
        (("3", "3", "3", "4", "4", "--category", "two pairs"), "14\n"),
        (("4", "4", "4", "4", "4", "--category", "FullHouse"), "0\n"),
        (("--category", "yatzy", "6", "6", "6", "6", "6"), "50\n"),
        (("1,2,5,4,3", "--category", "small_straight"), "15\n"),
    ],
    ids=["kata-fours", "full-house-is-two-pairs", "yatzy-not-full-house", "option-first", "commas"],
)
def test_cli_scores_one_category(args: tuple[str, ...], stdout: str) -> None:
    result = _cli(*args)
    assert (result.returncode, result.stdout, result.stderr) == (0, stdout, "")


def test_cli_prints_the_card_best_first() -> None:
    result = _cli("1", "1", "2", "4", "4")
    assert result.returncode == 0
    assert result.stderr == ""
    assert result.stdout == (
        "Chance           12\n"
        "Two Pairs        10\n"
        "Fours             8\n"
        "Pair              8\n"
        "Ones              2\n"
        "Twos              2\n"
        "Threes            0\n"
        "Fives             0\n"
        "Sixes             0\n"
        "Three of a Kind   0\n"
        "Four of a Kind    0\n"
        "Small Straight    0\n"
        "Large Straight    0\n"
        "Full House        0\n"
        "Yatzy             0\n"
    )


@pytest.mark.parametrize(
    ("args", "stderr"),
    [
        (("1", "1", "2", "4", "7"), "Error: not a die: '7' (expected 1 to 6)\n"),
        (("1", "1", "x", "4", "4"), "Error: not a die: 'x' (expected 1 to 6)\n"),
        (("1", "1", "2", "4"), "Error: expected 5 dice, got 4\n"),
        (("1", "1", "2", "4", "4", "4"), "Error: expected 5 dice, got 6\n"),
        (
            ("1", "1", "2", "4", "4", "--category", "straight"),
            "Error: unknown category 'straight': expected one of ones, twos, threes, fours, "
            "fives, sixes, pair, two_pairs, three_of_a_kind, four_of_a_kind, small_straight, "
            "large_straight, full_house, yatzy, chance\n",
        ),
    ],
    ids=["seven", "letter", "four-dice", "six-dice", "unknown-category"],
)
def test_cli_errors_are_one_line_and_exit_2(args: tuple[str, ...], stderr: str) -> None:
    result = _cli(*args)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", stderr)


def test_cli_help() -> None:
    result = _cli("--help")
    assert result.returncode == 0
    assert "Score one Yatzy roll" in result.stdout
    assert "--category" in result.stdout
