"""Equity under other rules (Omaha, Omaha Hi/Lo, PLO5/6, short deck) against a plain
enumeration: every board completed, every hand scored row by row, every pot split."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from numpy.typing import NDArray

from pipeline.core import evaluator
from pipeline.core.cards import parse_cards
from pipeline.core.combination import evaluate_combination
from pipeline.core.combination_equity import completed_boards, high_strengths, low_values
from pipeline.core.equity import EquityResult, equity
from pipeline.core.low import evaluate_low
from pipeline.core.pots import pot_shares
from pipeline.core.rules import (
    HOLDEM,
    OMAHA,
    OMAHA_5,
    OMAHA_6,
    OMAHA_HI_LO,
    SHORT_DECK,
    SHORT_DECK_HOLDEM,
    SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS,
    STANDARD,
    HandRules,
)


def deck_of(rules: HandRules, *used: NDArray[np.uint8]) -> NDArray[np.uint8]:
    gone = set(np.concatenate([u.ravel() for u in used]).tolist())
    return np.array([card for card in rules.ranking.deck if card not in gone], dtype=np.uint8)


def plain_equity(
    holes: NDArray[np.uint8], board: NDArray[np.uint8], rules: HandRules
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """Win, part and equity by the long way: each board built, each hand scored as a row."""
    deck = deck_of(rules, holes, board)
    boards = np.array(
        [[*board, *rest] for rest in itertools.combinations(deck.tolist(), 5 - len(board))],
        dtype=np.uint8,
    )
    rows = [np.repeat(hole[None], len(boards), axis=0) for hole in holes]
    if rules.hole_cards_used is None:
        high = np.stack(
            [evaluator.evaluate(np.hstack([row, boards]), ranking=rules.ranking) for row in rows]
        )
    else:
        used = rules.hole_cards_used
        high = np.stack(
            [evaluate_combination(row, boards, used=used, ranking=rules.ranking) for row in rows]
        )
    low = None if rules.low is None else np.stack([evaluate_low(row, boards) for row in rows])
    shares = pot_shares(high, low)
    return (
        (shares == 1.0).mean(axis=1),
        ((shares > 0) & (shares < 1)).mean(axis=1),
        shares.mean(axis=1),
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
