"""The low half (eight or better, aces low) against the scalar reference and pokerkit's
``OmahaEightOrBetterLowHand``, and the classic counterfeits."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.typing import NDArray

from pipeline.core.cards import INVALID_CARD, format_hand, parse_hand
from pipeline.core.evaluation.low import NO_LOW, best_low, evaluate_low, format_low, low_faces
from pipeline.core.rules import LowRule
from tests import reference
from tests.core.test_evaluator import assert_same_ranking

# Low cards (A, 2..8) are two thirds of these decks: most deals have a low to find.
LOW_HEAVY = [card for card in range(52) if card // 4 <= 6 or card // 4 == 12] + [33, 36, 41, 46]


def low_heavy_deals(
    seed: int, n: int, hole: int, board: int
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    rng = np.random.default_rng(seed)
    deck = np.array(LOW_HEAVY, dtype=np.uint8)
    cards = deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, : hole + board]]
    return np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])


def reference_low(
    hole: list[int], board: list[int], used: int | None, highest: int = 8
) -> str | None:
    if used is None:
        lows = [
            reference.low_key(five, highest) for five in itertools.combinations(hole + board, 5)
        ]
        qualifying = [low for low in lows if low is not None]
        return reference.low_text(min(qualifying) if qualifying else None)
    return reference.low_text(reference.omaha_low_key(hole, board, used, highest))


@pytest.mark.parametrize(
    ("hole", "board", "used"),
    [(4, 5, 2), (5, 5, 2), (6, 5, 2), (4, 3, 2), (4, 4, 2), (2, 5, None), (4, 5, 1)],
    ids=["plo8", "plo5-8", "plo6-8", "flop", "turn", "any-five", "one-hole"],
)
def test_every_low_is_the_reference_low(hole: int, board: int, used: int | None) -> None:
    holes, boards = low_heavy_deals(hole * 10 + board, 3_000, hole, board)
    ours = format_low(evaluate_low(holes, boards, used=used))
    best = best_low(holes, boards, used=used)
    lows = 0
    for row, (h, b) in enumerate(zip(holes.tolist(), boards.tolist(), strict=True)):
        expected = reference_low(h, b, used)
        assert ours[row] == expected, f"[{format_hand(h)}] on [{format_hand(b)}]"
        if expected is None:
            assert (best.five[row] == INVALID_CARD).all() and not best.hole_used[row].any()
            continue
        lows += 1
        five = best.five[row].tolist()
        assert reference.low_text(reference.low_key(five)) == expected
        picked = [*np.array(h)[best.hole_used[row]], *np.array(b)[best.board_used[row]]]
        assert sorted(picked) == sorted(five)
        if used is not None:
            assert int(best.hole_used[row].sum()) == used
    assert lows > 500


def test_a_lower_value_is_a_better_low() -> None:
    """Every pair of the 56 eight-or-better lows compares as the reference compares them."""
    lows = [
        parse_hand(
            " ".join(
                f"{'A' if face == 1 else face}{suit}"
                for face, suit in zip(faces, "cdhsc", strict=False)
            )
        )
        for faces in itertools.combinations([8, 7, 6, 5, 4, 3, 2, 1], 5)
    ]
    holes = np.array([low[:2] for low in lows], dtype=np.uint8)
    boards = np.array([low[2:] for low in lows], dtype=np.uint8)
    values = evaluate_low(holes, boards).astype(int)
    keys = [reference.low_key(low.tolist()) or () for low in lows]
    assert all(keys)
    for (a, key_a), (b, key_b) in itertools.combinations(zip(values, keys, strict=True), 2):
        assert (a < b) == (key_a < key_b) and (a == b) == (key_a == key_b)
    assert len(set(values.tolist())) == 56
    assert format_low([values.min(), values.max()]) == ["5-4-3-2-A", "8-7-6-5-4"]


@pytest.mark.parametrize(
    ("hole", "board", "low"),
    [
        pytest.param("Ah 2d Kc Ks", "4h 6c 8d Td 4s", "8-6-4-2-A", id="nut-low-with-board-pair"),
        pytest.param("Ah Kd Kc Ks", "2h 3c 4d 5d 6s", None, id="one-low-card-held"),
        pytest.param("Ah 2d 3c 4s", "Kh Qc 8d 9d Ts", None, id="one-low-card-shown"),
        pytest.param("Ah Ad 2c Ks", "3h 4c 5d Qd Js", "5-4-3-2-A", id="paired-aces-count-once"),
        pytest.param("Ah 2d 3c 4s", "5h 6c 7d Qd Js", "7-6-5-2-A", id="must-use-three-board"),
        pytest.param("Ah 2d Kc Ks", "Ac 2s 8d Qd Js", None, id="counterfeited"),
        pytest.param("Ah 2d 3c 4s", "Ac 2s 5d 8d Js", "5-4-3-2-A", id="board-ace-deuce-play"),
        pytest.param("9h Td Jc Qs", "Ah 2d 3c 4s 5h", None, id="board-wheel-no-hole-low"),
        pytest.param("Ah 9d 2c Qs", "3h 4h 5h 6h 7h", "5-4-3-2-A", id="straight-flush-low"),
        pytest.param("Ah 2d 3c 4s", "6h 7d 8c", "8-7-6-2-A", id="flop"),
    ],
)
def test_named_lows(hole: str, board: str, low: str | None) -> None:
    holes, boards = parse_hand(hole)[None], parse_hand(board)[None]
    assert format_low(evaluate_low(holes, boards)) == [low]
    assert reference_low(holes[0].tolist(), boards[0].tolist(), 2) == low


def test_best_low_says_which_cards() -> None:
    best = best_low(parse_hand("Ah Ad 2c Ks")[None], parse_hand("3h 3c 4d 5d Js")[None])
    assert format_hand(best.five[0]) == "5d 4d 3h 2c Ah"
    assert best.hole_used[0].tolist() == [True, False, True, False]
    assert best.board_used[0].tolist() == [True, False, True, True, False]


@given(st.lists(st.sampled_from(LOW_HEAVY), min_size=9, max_size=9, unique=True))
def test_any_deal_matches_the_reference(cards: list[int]) -> None:
    holes = np.array([cards[:4]], dtype=np.uint8)
    boards = np.array([cards[4:]], dtype=np.uint8)
    assert format_low(evaluate_low(holes, boards)) == [reference_low(cards[:4], cards[4:], 2)]


@pytest.mark.parametrize("highest", [5, 6, 7])
def test_a_stricter_low(highest: int) -> None:
    holes, boards = low_heavy_deals(highest, 800, 4, 5)
    ours = format_low(evaluate_low(holes, boards, rule=LowRule(highest)))
    for row, (h, b) in enumerate(zip(holes.tolist(), boards.tolist(), strict=True)):
        assert ours[row] == reference_low(h, b, 2, highest)


def test_formats() -> None:
    assert format_low([31, 171, NO_LOW]) == ["5-4-3-2-A", "8-6-4-2-A", None]
    assert low_faces([0b11111]) == [(5, 4, 3, 2, 1)]


def test_orders_as_pokerkit() -> None:
    """2,000 low-heavy PLO8 deals: pokerkit finds a low exactly where we do, and orders them
    as we do (pokerkit's better low is its greater hand)."""
    from pokerkit import OmahaEightOrBetterLowHand

    holes, boards = low_heavy_deals(88, 2_000, 4, 5)
    ours = evaluate_low(holes, boards).astype(np.int64)
    kit: list[Any] = []
    for hole, board in zip(holes, boards, strict=True):
        try:
            hand = OmahaEightOrBetterLowHand.from_game(
                format_hand(hole).replace(" ", ""), format_hand(board).replace(" ", "")
            )
        except ValueError:
            hand = None
        kit.append(hand)
    assert [hand is None for hand in kit] == (ours == NO_LOW).tolist()
    qualifying = [i for i, hand in enumerate(kit) if hand is not None]
    assert len(qualifying) > 500
    place = {hand: i for i, hand in enumerate(sorted({kit[i] for i in qualifying}))}
    theirs = np.array([place[kit[i]] for i in qualifying])
    cards = np.hstack([holes, boards])[qualifying]
    assert_same_ranking(cards, -ours[qualifying], theirs, "pokerkit")
