"""The rules facade: one call per question for every game, answered by the right evaluator."""

from __future__ import annotations

import numpy as np
import pytest

from pipeline.core.cards import format_hand, parse_cards
from pipeline.core.evaluation import combination, evaluator, low
from pipeline.core.evaluation.hands import (
    best_high_hand,
    best_low_hand,
    category_names,
    describe_high,
    format_low,
    high_strengths,
    low_values,
)
from pipeline.core.rules import (
    FIVE_CARD_DRAW,
    HOLDEM,
    OMAHA,
    OMAHA_5,
    OMAHA_6,
    OMAHA_HI_LO,
    SHORT_DECK,
    SHORT_DECK_HOLDEM,
    SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS,
    HandRules,
)
from tests.core.test_combination import deals


@pytest.mark.parametrize(
    "rules",
    [HOLDEM, SHORT_DECK_HOLDEM, SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS],
    ids=["holdem", "short-deck", "short-deck-alt"],
)
@pytest.mark.parametrize("board", [3, 4, 5])
def test_any_five_rules_are_the_evaluator(rules: HandRules, board: int) -> None:
    holes, boards = deals(board, 2_000, 2, board, deck=rules.ranking.deck_size)
    expected = evaluator.evaluate(np.hstack([holes, boards]), ranking=rules.ranking)
    assert (high_strengths(rules, holes, boards) == expected).all()
    best = best_high_hand(rules, holes, boards)
    assert (evaluator.evaluate(best.five, ranking=rules.ranking) == expected).all()
    used = np.hstack([best.hole_used, best.board_used])
    assert (used.sum(axis=1) == 5).all()
    cards = np.hstack([holes, boards])
    assert (np.sort(cards[used].reshape(-1, 5), axis=1) == np.sort(best.five, axis=1)).all()


@pytest.mark.parametrize("rules", [OMAHA, OMAHA_5, OMAHA_6, OMAHA_HI_LO], ids=["4", "5", "6", "8"])
def test_omaha_rules_use_two_hole_cards(rules: HandRules) -> None:
    holes, boards = deals(rules.hole_cards, 2_000, rules.hole_cards, 5)
    expected = combination.evaluate_combination(holes, boards)
    assert (high_strengths(rules, holes, boards) == expected).all()
    best = best_high_hand(rules, holes, boards)
    assert (best.hole_used.sum(axis=1) == 2).all() and (best.board_used.sum(axis=1) == 3).all()


def test_five_card_hands_have_no_board() -> None:
    holes = parse_cards([["Kc", "9s", "Ks", "Kd", "9d"]])
    strengths = high_strengths(FIVE_CARD_DRAW, holes, np.zeros((1, 0), dtype=np.uint8))
    assert describe_high(FIVE_CARD_DRAW, strengths) == ["Full House (Kings over Nines)"]


def test_hi_lo_rules_score_both_halves() -> None:
    holes = parse_cards(
        [["Ah", "2h", "Kc", "Qs"], ["7d", "7c", "3s", "4s"], ["Kd", "Ks", "Jd", "Js"]]
    )
    boards = parse_cards([["7h", "8h", "Th", "Jc", "5d"]] * 3)
    assert category_names(OMAHA_HI_LO, high_strengths(OMAHA_HI_LO, holes, boards)) == [
        "Flush",
        "Three of a Kind",
        "Three of a Kind",
    ]
    values = low_values(OMAHA_HI_LO, holes, boards)
    assert format_low(values) == ["8-7-5-2-A", "8-7-5-4-3", None]
    assert (values == low.evaluate_low(holes, boards)).all()
    best = best_low_hand(OMAHA_HI_LO, holes, boards)
    assert format_hand(best.five[0]) == "8h 7h 5d 2h Ah"


def test_short_deck_rules_name_by_their_ranking() -> None:
    holes = parse_cards([["9s", "9d"]])
    boards = parse_cards([["9c", "8h", "7s", "6d", "Tc"]])
    assert describe_high(SHORT_DECK_HOLDEM, high_strengths(SHORT_DECK_HOLDEM, holes, boards)) == [
        "Three of a Kind (Nines)"
    ]
    alt = SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS
    assert describe_high(alt, high_strengths(alt, holes, boards)) == ["Straight (Ten high)"]
    assert SHORT_DECK_HOLDEM.ranking is SHORT_DECK


@pytest.mark.parametrize(
    ("rules", "holes", "boards", "message"),
    [
        pytest.param(
            OMAHA, [[0, 1]], [[4, 5, 6, 7, 8]], "expected 4 hole cards a hand, got 2", id="holes"
        ),
        pytest.param(
            HOLDEM, [[0, 1]], [[4, 5]], r"a board of 2 cards is not one of \(3, 4, 5\)", id="board"
        ),
        pytest.param(HOLDEM, [[0, 1]], [[4, 5, 1]], "card id 1 appears twice", id="twice"),
        pytest.param(
            SHORT_DECK_HOLDEM, [[16, 17]], [[4, 25, 26]], r"card id 4 \(3c\) is not in", id="deck"
        ),
    ],
)
def test_bad_deals_are_named(
    rules: HandRules, holes: list[list[int]], boards: list[list[int]], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        high_strengths(rules, holes, boards)


def test_a_game_without_a_low_half_has_no_lows() -> None:
    with pytest.raises(ValueError, match="these rules have no low half"):
        low_values(OMAHA, [[0, 1, 2, 3]], [[4, 5, 6, 7, 8]])
