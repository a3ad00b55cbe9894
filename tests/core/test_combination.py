"""Hands of exactly two hole cards and three board cards (Omaha, PLO5, PLO6) against the scalar
reference, the classic traps, pokerkit's ``OmahaHoldemHand`` and phevaluator's Omaha."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.typing import NDArray

from pipeline.core.cards import format_hand, parse_cards, parse_hand
from pipeline.core.evaluation.combination import best_combination, check_deals, evaluate_combination
from pipeline.core.evaluation.evaluator import category, describe, evaluate
from pipeline.core.rules import SHORT_DECK, STANDARD, HandRanking
from tests import reference
from tests.core.test_evaluator import assert_same_ranking


def deals(
    seed: int, n: int, hole: int, board: int, deck: int = 52
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """``n`` random deals of ``hole`` and ``board`` distinct cards from the top of a deck."""
    rng = np.random.default_rng(seed)
    cards = (np.argsort(rng.random((n, deck)), axis=1)[:, : hole + board] + 52 - deck).astype(
        np.uint8
    )
    return np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])


def reference_order(
    holes: NDArray[np.uint8], boards: NDArray[np.uint8], ranking: reference.Ranking, used: int
) -> NDArray[np.int64]:
    keys = [
        reference.omaha_key(hole, board, ranking, used)
        for hole, board in zip(holes.tolist(), boards.tolist(), strict=True)
    ]
    dense = {key: place for place, key in enumerate(sorted(set(keys)))}
    return np.array([dense[key] for key in keys], dtype=np.int64)


@pytest.mark.parametrize(
    ("hole", "board", "used"),
    [(4, 5, 2), (5, 5, 2), (6, 5, 2), (4, 3, 2), (4, 4, 2), (2, 5, 2), (4, 5, 1), (3, 4, 1)],
    ids=["plo", "plo5", "plo6", "flop", "turn", "greek", "one-hole", "one-of-three-turn"],
)
def test_orders_as_the_reference(hole: int, board: int, used: int) -> None:
    holes, boards = deals(hole * 10 + board + used, 9_000 // hole**2 * 4, hole, board)
    ours = evaluate_combination(holes, boards, used=used)
    cards = np.hstack([holes, boards])
    assert_same_ranking(
        cards, ours, reference_order(holes, boards, reference.STANDARD, used), "ref"
    )


@pytest.mark.parametrize(
    ("ranking", "ref"),
    [(SHORT_DECK, reference.SHORT_DECK)],
    ids=["short-deck"],
)
def test_any_ranking_plays(ranking: HandRanking, ref: reference.Ranking) -> None:
    holes, boards = deals(36, 2_000, 4, 5, deck=36)
    ours = evaluate_combination(holes, boards, ranking=ranking)
    assert_same_ranking(
        np.hstack([holes, boards]), ours, reference_order(holes, boards, ref, 2), "reference"
    )


def best_of_every_combination(
    holes: NDArray[np.uint8], boards: NDArray[np.uint8], used: int = 2
) -> NDArray[np.uint16]:
    """The plain way: every two-plus-three combination scored by the evaluator, the best kept."""
    hole_size, board_size = holes.shape[1], boards.shape[1]
    combos = [
        [*part, *(hole_size + column for column in rest)]
        for part in itertools.combinations(range(hole_size), used)
        for rest in itertools.combinations(range(board_size), 5 - used)
    ]
    cards = np.hstack([holes, boards])
    every = evaluate(cards[:, combos].reshape(-1, 5)).reshape(len(cards), -1)
    best: NDArray[np.uint16] = every.max(axis=1)
    return best


@pytest.mark.parametrize(("hole", "board"), [(4, 5), (6, 5), (5, 4), (4, 3)])
def test_strengths_are_the_best_combinations_exactly(hole: int, board: int) -> None:
    """Same numbers, not only the same order: flush-heavy deals (two suits) included."""
    holes, boards = deals(hole + board, 20_000, hole, board)
    # Two suits only (clubs and hearts): most deals can make a flush, many a straight flush.
    two_suited = np.hstack(deals(7 + hole, 60_000, hole, board)) & ~np.uint8(1)
    keep = np.array([len(set(row)) == len(row) for row in two_suited.tolist()])
    suited_holes, suited_boards = two_suited[keep, :hole], two_suited[keep, hole:]
    for h, b in ((holes, boards), (suited_holes, suited_boards)):
        assert (evaluate_combination(h, b) == best_of_every_combination(h, b)).all()
    flushes = np.isin(category(evaluate_combination(suited_holes, suited_boards)), (5, 8, 9))
    assert flushes.sum() > 100


@given(
    st.lists(st.integers(0, 51), min_size=9, max_size=11, unique=True),
    st.sampled_from([(4, 5), (5, 5), (6, 5), (4, 4), (4, 3)]),
)
def test_any_deal_is_its_best_combination(cards: list[int], sizes: tuple[int, int]) -> None:
    hole, board = sizes
    if len(cards) < hole + board:
        return
    holes = np.array([cards[:hole]], dtype=np.uint8)
    boards = np.array([cards[hole : hole + board]], dtype=np.uint8)
    ours = int(evaluate_combination(holes, boards)[0])
    assert ours == int(best_of_every_combination(holes, boards)[0]), format_hand(cards)
    best = best_combination(holes, boards)
    assert int(evaluate(best.five)[0]) == ours
    assert best.hole_used.sum() == 2 and best.board_used.sum() == 3
    used = sorted([*holes[0][best.hole_used[0]].tolist(), *boards[0][best.board_used[0]].tolist()])
    assert used == sorted(best.five[0].tolist())
    key = reference.omaha_key(holes[0].tolist(), boards[0].tolist())
    assert reference.ranked_key(best.five[0].tolist(), reference.STANDARD) == key


# --- the classic traps ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hole", "board", "description"),
    [
        pytest.param(
            "Ah Kd Qc 2s", "Jh Th 9h 8h 2h", "Straight (King high)", id="board-flush-one-heart"
        ),
        pytest.param(
            "Ah Kh Qc 2s", "Jh Th 9h 8c 2d", "Flush (Ace high)", id="two-hearts-three-on-board"
        ),
        pytest.param(
            "Ah Kh Qh Jh", "Th 9c 8h 2d 3s", "Straight (Queen high)", id="four-hearts-two-on-board"
        ),
        pytest.param(
            "As Kd 7c 2s", "Qh Qd Qs Qc 3h", "Three of a Kind (Queens)", id="board-quads-no-quads"
        ),
        pytest.param(
            "As Ad 7c 2s", "Qh Qd Qs Qc 3h", "Full House (Queens over Aces)", id="board-quads-pair"
        ),
        pytest.param("Ac 2d 3h 4s", "Ts Js Qd Kc Ah", "Pair (Aces)", id="board-straight-not-mine"),
        pytest.param("Ac Ad Ah As", "Kc 7d 2h 9s 4c", "Pair (Aces)", id="four-aces-in-the-hole"),
        pytest.param("Kc Kd Kh 2s", "8c 7d 3h 9s 4c", "Pair (Kings)", id="trips-in-the-hole"),
        pytest.param(
            "9c 9d 5h 2s", "9h 5c 5d Td Jd", "Full House (Nines over Fives)", id="two-pair-board"
        ),
        pytest.param("Ac Kc 2d 3d", "Qc Jc Tc 4d 5d", "Royal Flush", id="royal-clubs"),
        pytest.param(
            "6d 7d Ac Kc", "4d 5d 8d 8s 8h", "Straight Flush (Eight high)", id="two-flush-draws"
        ),
        pytest.param(
            "As 2s 3c 4c", "5d 6s 7h Ks Qs", "Flush (Ace high)", id="flush-beats-straight"
        ),
        pytest.param(
            "Ac Kc Qc 2s", "Jc Tc 3d 4h 5s", "Straight (Five high)", id="three-clubs-held"
        ),
    ],
)
def test_classic_traps(hole: str, board: str, description: str) -> None:
    holes, boards = parse_hand(hole)[None], parse_hand(board)[None]
    assert describe(evaluate_combination(holes, boards)) == [description]
    key = reference.omaha_key(holes[0].tolist(), boards[0].tolist())
    five = best_combination(holes, boards).five[0].tolist()
    assert reference.ranked_key(five, reference.STANDARD) == key


def test_best_combination_picks_two_and_three() -> None:
    best = best_combination(
        parse_cards([["Ac", "Kc", "2d", "3d"]]), parse_cards([["Qc", "Jc", "Tc", "4d", "5d"]])
    )
    assert format_hand(best.five[0]) == "Ac Kc Qc Jc Tc"
    assert best.hole_used[0].tolist() == [True, True, False, False]
    assert best.board_used[0].tolist() == [True, True, True, False, False]


# --- other libraries ------------------------------------------------------------------------


def test_orders_as_phevaluator_omaha() -> None:
    """20,000 PLO deals: phevaluator's rank is lower-is-better; its arguments are the five
    board cards, then the four hole cards (our card ids are its ids)."""
    from phevaluator import evaluate_omaha_cards

    holes, boards = deals(4059, 20_000, 4, 5)
    theirs = np.array(
        [
            evaluate_omaha_cards(*board, *hole)
            for hole, board in zip(holes.tolist(), boards.tolist(), strict=True)
        ],
        dtype=np.int64,
    )
    cards = np.hstack([holes, boards])
    assert_same_ranking(cards, evaluate_combination(holes, boards), -theirs, "-phevaluator")


@pytest.mark.parametrize(("hole", "board"), [(4, 5), (5, 5), (6, 5), (4, 3)])
def test_orders_as_pokerkit_omaha(hole: int, board: int) -> None:
    from pokerkit import OmahaHoldemHand

    holes, boards = deals(hole * 7 + board, 6_000 // hole**2 * 4, hole, board)
    kit = [
        OmahaHoldemHand.from_game(format_hand(h).replace(" ", ""), format_hand(b).replace(" ", ""))
        for h, b in zip(holes, boards, strict=True)
    ]
    place = {hand: index for index, hand in enumerate(sorted(set(kit)))}
    theirs = np.array([place[hand] for hand in kit], dtype=np.int64)
    cards = np.hstack([holes, boards])
    assert_same_ranking(cards, evaluate_combination(holes, boards), theirs, "pokerkit")


# --- checks -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("holes", "boards", "message"),
    [
        pytest.param(
            [[0, 1, 2, 3]], [[4, 5, 3, 7, 8]], "row 0: card id 3 appears twice", id="twice"
        ),
        pytest.param(
            [[0, 1, 2, 3]], [[4, 5, 52, 7, 8]], "row 0: card id 52 is not in 0..51", id="id-52"
        ),
        pytest.param(
            [[0, 1, 2, 3]],
            [[4, 5]],
            "cannot use exactly 2 of 4 hole cards and 3 of 2",
            id="two-board",
        ),
        pytest.param([[0]], [[4, 5, 6, 7, 8]], "cannot use exactly 2 of 1 hole", id="one-hole"),
        pytest.param(
            [[0, 1, 2, 3]], [[4, 5, 6], [7, 8, 9]], "1 rows of hole cards and 2 boards", id="rows"
        ),
        pytest.param(
            [0, 1, 2, 3], [[4, 5, 6]], r"expected an \(n, k\) array of hole cards", id="1d"
        ),
    ],
)
def test_bad_deals_are_named(holes: object, boards: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_combination(holes, boards)  # type: ignore[arg-type]


def test_a_card_off_the_short_deck_is_named() -> None:
    with pytest.raises(ValueError, match=r"card id 3 \(2s\) is not in the 36-card deck"):
        check_deals([[16, 17, 18, 19]], [[20, 21, 3]], SHORT_DECK)


def test_unchecked_path_gives_the_same_strengths() -> None:
    holes, boards = deals(11, 5_000, 5, 5)
    assert (
        evaluate_combination(holes, boards, check=False) == evaluate_combination(holes, boards)
    ).all()
    assert STANDARD.deck_size == 52
