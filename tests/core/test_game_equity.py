"""Equity under other rules (Omaha, Omaha Hi/Lo, PLO5/6, short deck) against a plain
enumeration by the readable reference (``tests/reference.py``): every board completed, every
hand scored by the reference, every pot split."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from numpy.typing import NDArray

from pipeline.core.cards import parse_cards
from pipeline.core.evaluation.combination import evaluate_combination
from pipeline.core.evaluation.low import evaluate_low
from pipeline.core.probability.combination_equity import (
    completed_boards,
    high_strengths,
    low_values,
)
from pipeline.core.probability.equity import EquityResult, equity
from pipeline.core.rules import (
    HOLDEM,
    OMAHA,
    OMAHA_5,
    OMAHA_6,
    OMAHA_HI_LO,
    SHORT_DECK,
    SHORT_DECK_HOLDEM,
    SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS,
    SHORT_DECK_STRAIGHT_OVER_TRIPS,
    STANDARD,
    HandRules,
)
from tests import reference


def deck_of(rules: HandRules, *used: NDArray[np.uint8]) -> NDArray[np.uint8]:
    gone = set(np.concatenate([u.ravel() for u in used]).tolist())
    return np.array([card for card in rules.ranking.deck if card not in gone], dtype=np.uint8)


REFERENCE_RANKINGS = {
    id(STANDARD): reference.STANDARD,
    id(SHORT_DECK): reference.SHORT_DECK,
    id(SHORT_DECK_STRAIGHT_OVER_TRIPS): reference.SHORT_DECK_STRAIGHT_OVER_TRIPS,
}


def plain_equity(
    holes: NDArray[np.uint8], board: NDArray[np.uint8], rules: HandRules
) -> tuple[list[float], list[float], list[float]]:
    """Win, part and equity the long way, by ``tests/reference.py`` (nothing shared with the
    package): each board completed from the deck the reference's ranking deals, each hand's best
    high (and low) found over its five-card choices, and each pot split by hand: the high half to
    the best highs, the low half to the best lows when a low qualifies, else the whole pot high."""
    ranking = REFERENCE_RANKINGS[id(rules.ranking)]
    hands = [[int(card) for card in hole] for hole in holes]
    shown = [int(card) for card in board]
    dealt = {*shown, *(card for hand in hands for card in hand)}
    deck = [card for card in range(52) if card // 4 >= ranking.lowest and card not in dealt]
    used = rules.hole_cards_used
    scoops, parts, shares = [0] * len(hands), [0] * len(hands), [0.0] * len(hands)
    boards = 0
    # The reference's keys, each five cards scored once: boards share most of their fives.
    high_of: dict[frozenset[int], reference.Key] = {}
    low_of: dict[frozenset[int], tuple[int, ...] | None] = {}

    def high(five: tuple[int, ...]) -> reference.Key:
        cards = frozenset(five)
        if cards not in high_of:
            high_of[cards] = reference.ranked_key(five, ranking)
        return high_of[cards]

    def low(five: tuple[int, ...], highest: int) -> tuple[int, ...] | None:
        cards = frozenset(five)
        if cards not in low_of:
            low_of[cards] = reference.low_key(five, highest)
        return low_of[cards]

    def fives(hand: list[int], full: list[int]) -> list[tuple[int, ...]]:
        if used is None:  # any five of hole and board
            return list(itertools.combinations([*hand, *full], 5))
        return [
            (*part, *rest)
            for part in itertools.combinations(hand, used)
            for rest in itertools.combinations(full, 5 - used)
        ]

    for rest in itertools.combinations(deck, 5 - len(shown)):
        full = [*shown, *rest]
        boards += 1
        choices = [fives(hand, full) for hand in hands]
        highs = [max(high(five) for five in choice) for choice in choices]
        lows: list[tuple[int, ...] | None] = [None] * len(hands)
        if rules.low is not None:
            highest = rules.low.highest
            lows = [
                min(
                    (key for five in choice if (key := low(five, highest)) is not None),
                    default=None,
                )
                for choice in choices
            ]
        qualifying = [low for low in lows if low is not None]
        high_pot = 0.5 if qualifying else 1.0
        best_high = max(highs)
        high_winners = [i for i, key in enumerate(highs) if key == best_high]
        share = [0.0] * len(hands)
        for i in high_winners:
            share[i] += high_pot / len(high_winners)
        if qualifying:
            low_winners = [i for i, low in enumerate(lows) if low == min(qualifying)]
            for i in low_winners:
                share[i] += 0.5 / len(low_winners)
        for i, part in enumerate(share):
            shares[i] += part
            scoops[i] += part == 1.0
            parts[i] += 0.0 < part < 1.0
    return (
        [count / boards for count in scoops],
        [count / boards for count in parts],
        [total / boards for total in shares],
    )


CASES = [
    pytest.param(
        OMAHA,
        [["Ah", "Kh", "Qc", "2s"], ["Jd", "Jc", "9s", "8s"]],
        ["Jh", "Th", "2h"],
        id="plo-flop",
    ),
    pytest.param(
        OMAHA,
        [["Ah", "Kh", "Qc", "2s"], ["Jd", "Jc", "9s", "8s"], ["5h", "6h", "7d", "7c"]],
        ["Jh", "Th", "2h", "3c"],
        id="plo-turn-3way",
    ),
    pytest.param(
        OMAHA,
        [["Ac", "Kc", "2d", "3d"], ["Ad", "Kd", "2c", "3c"]],
        ["Qh", "Jh", "Th"],
        id="plo-chop",
    ),
    pytest.param(
        OMAHA_HI_LO,
        [["As", "2s", "3d", "Kd"], ["Kh", "Kc", "Qh", "Jc"]],
        ["4s", "5h", "Ks"],
        id="plo8-flop",
    ),
    pytest.param(
        OMAHA_HI_LO,
        [["As", "2s", "3d", "Kd"], ["Ac", "2c", "Qh", "Jc"], ["8d", "7d", "6c", "Td"]],
        ["4s", "5h", "9c"],
        id="plo8-quarters",
    ),
    pytest.param(
        OMAHA_5,
        [["As", "2s", "3d", "Kd", "Kc"], ["Kh", "Qc", "Qh", "Jc", "Tc"]],
        ["4s", "5h", "Ks"],
        id="plo5",
    ),
    pytest.param(
        OMAHA_6,
        [["As", "2s", "3d", "Kd", "Kc", "9h"], ["Kh", "Qc", "Qh", "Jc", "Tc", "2h"]],
        ["4s", "5h", "Ks", "7h"],
        id="plo6-turn",
    ),
    pytest.param(
        SHORT_DECK_HOLDEM, [["Ah", "Kh"], ["Qs", "Qc"]], ["6h", "7h", "9d"], id="short-deck"
    ),
    pytest.param(
        SHORT_DECK_HOLDEM,
        [["9s", "9d"], ["Ts", "Jc"], ["Ac", "Kd"]],
        ["8h", "7c", "6d"],
        id="short-deck-3way",
    ),
    pytest.param(
        HandRules(STANDARD, hole_cards=3, hole_cards_used=1),
        [["Ah", "Kd", "7c"], ["Qs", "Qc", "2h"]],
        ["Jh", "Th", "2d"],
        id="one-hole-card",
    ),
    pytest.param(
        HandRules(SHORT_DECK, hole_cards=4, hole_cards_used=2),
        [["Ah", "Kd", "7c", "7d"], ["Qs", "Qc", "9h", "8h"]],
        ["Jh", "Th", "6d"],
        id="short-deck-omaha",
    ),
    pytest.param(
        SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS,
        [["9s", "9d"], ["Ts", "Jc"]],
        ["8h", "7c", "6d"],
        id="short-deck-alt",
    ),
]


@pytest.mark.parametrize(("rules", "holes", "board"), CASES)
def test_agrees_with_a_plain_enumeration(
    rules: HandRules, holes: list[list[str]], board: list[str]
) -> None:
    hole_ids, board_ids = parse_cards(holes), parse_cards(board)
    result = equity(hole_ids, board_ids, rules=rules)
    win, part, share = plain_equity(hole_ids, board_ids, rules)
    assert result.exact and result.boards == math.comb(
        rules.ranking.deck_size - hole_ids.size - len(board), 5 - len(board)
    )
    np.testing.assert_allclose(result.win, win, atol=1e-12)
    np.testing.assert_allclose(result.tie, part, atol=1e-12)
    np.testing.assert_allclose(result.equity, share, atol=1e-12)
    assert abs(result.equity.sum() - 1.0) < 1e-12


def test_short_deck_trips_and_straights_swap_the_favourite() -> None:
    """Nines in the hole against a made ten-high straight: the rule decides who is ahead."""
    holes, board = parse_cards([["9s", "9d"], ["Ts", "Jc"]]), parse_cards(["8h", "7c", "9h", "Ad"])
    default = equity(holes, board, rules=SHORT_DECK_HOLDEM).equity
    other = equity(holes, board, rules=SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS).equity
    assert default[0] == 1.0  # trips (and better) beat the straight on every river
    assert other[0] < 0.5


def test_plo_heads_up_preflop_is_exact() -> None:
    holes = parse_cards([["Ah", "Kh", "Qc", "2s"], ["Jd", "Jc", "9s", "8s"]])
    result = equity(holes, rules=OMAHA)
    assert result.exact and result.boards == math.comb(44, 5) == 1_086_008
    # The fast tables against the row-by-row evaluator on a sample of those boards.
    deck = deck_of(OMAHA, holes)
    rows = np.sort(np.random.default_rng(5).choice(result.boards, 20_000, replace=False)).astype(
        np.intp
    )
    boards = completed_boards(np.zeros(0, dtype=np.uint8), deck, rows)
    fast = high_strengths(holes, np.zeros(0, dtype=np.uint8), deck, OMAHA, rows)
    for player, hole in enumerate(holes):
        expected = evaluate_combination(np.repeat(hole[None], len(rows), axis=0), boards)
        assert (fast[player] == expected).all()
    sampled = equity(holes, rules=OMAHA, samples=20_000, seed=3)
    assert not sampled.exact and abs(sampled.equity[0] - result.equity[0]) < sampled.margin


def test_hi_lo_low_values_on_sampled_boards() -> None:
    holes = parse_cards(
        [["As", "2s", "3d", "Kd"], ["Ac", "4c", "Qh", "Jc"], ["8d", "7d", "6c", "Td"]]
    )
    deck = deck_of(OMAHA_HI_LO, holes)
    rows = np.arange(0, math.comb(len(deck), 5), 97, dtype=np.intp)
    boards = completed_boards(np.zeros(0, dtype=np.uint8), deck, rows)
    lows = low_values(holes, np.zeros(0, dtype=np.uint8), deck, OMAHA_HI_LO, rows)
    for player, hole in enumerate(holes):
        assert (
            lows[player] == evaluate_low(np.repeat(hole[None], len(rows), axis=0), boards)
        ).all()


def test_monte_carlo_is_seeded() -> None:
    holes = parse_cards([["As", "2s", "3d", "Kd"], ["Kh", "Kc", "Qh", "Jc"]])
    first = equity(holes, rules=OMAHA_HI_LO, samples=5_000, seed=11)
    again = equity(holes, rules=OMAHA_HI_LO, samples=5_000, seed=11)
    assert isinstance(first, EquityResult)
    np.testing.assert_array_equal(first.equity, again.equity)
    assert first.margin == pytest.approx(1.96 * math.sqrt(0.25 / 5_000))


def test_holdem_is_unchanged_by_default() -> None:
    holes, board = parse_cards([["Ah", "Kh"], ["Qs", "Qc"]]), parse_cards(["2c", "7d", "9h"])
    assert (
        equity(holes, board).equity.tolist() == equity(holes, board, rules=HOLDEM).equity.tolist()
    )


@pytest.mark.parametrize(
    ("rules", "holes", "board", "message"),
    [
        pytest.param(
            OMAHA,
            [["Ah", "Kh"], ["Qs", "Qc"]],
            [],
            r"expected 2 to 10 hands of 4 hole cards each, got shape \(2, 2\)",
            id="two-cards",
        ),
        pytest.param(
            SHORT_DECK_HOLDEM,
            [["Ah", "Kh"], ["Qs", "2c"]],
            [],
            r"card '2c' is not in the 36-card deck \(6 through A\)",
            id="off-deck",
        ),
        pytest.param(
            OMAHA_6, [["As", "2s", "3d", "Kd", "Kc", "9h"]] * 1, [], "got 1 hand$", id="one-hand"
        ),
    ],
)
def test_bad_deals_raise(
    rules: HandRules, holes: list[list[str]], board: list[str], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        equity(parse_cards(holes), parse_cards(board), rules=rules)


def test_too_many_players_for_the_deck() -> None:
    holes = np.arange(48, dtype=np.uint8).reshape(8, 6)
    with pytest.raises(ValueError, match="the deck has 4 cards left, the board needs 5"):
        equity(holes, rules=OMAHA_6)
