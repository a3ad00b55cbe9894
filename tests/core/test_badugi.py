"""Badugi strengths: every four-card hand against counts derived by hand and the scalar
reference, random deals against pokerkit's ``BadugiHand``, names and errors."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.core.cards import format_hand, parse_hand
from pipeline.core.combinatorics import combinations_array
from pipeline.core.evaluation.badugi import (
    N_BADUGI_STRENGTHS,
    badugi_cards_used,
    badugi_faces,
    badugi_sizes,
    badugi_strengths,
    describe_badugi,
)
from tests.core import low_reference
from tests.core.test_evaluator import assert_same_ranking, random_hands

N_FOUR_CARD_HANDS = math.comb(52, 4)

# Hands by the cards they play.  Four: four ranks, each suit once (C(13, 4) * 4!).  One: every
# pair of cards shares a rank or a suit, so all four share one suit or one rank.  Three and two:
# counted by the scalar reference over all 270,725 hands (a test below), and the same by
# pokerkit's BadugiHand; the four split 1.06 %, 35.55 %, 57.05 % and 6.34 %, the published odds.
EXPECTED_SIZES = {
    1: 4 * math.comb(13, 4) + 13,
    2: 96_252,
    3: 154_440,
    4: math.comb(13, 4) * math.factorial(4),
}


def test_every_four_card_hand() -> None:
    """All 270,725 hands: 1,092 strengths (every set of one to four ranks), each count of
    cards as often as counted, and the classes, one hand each, in the reference's order."""
    hands = np.ascontiguousarray(combinations_array(52, 4))
    strengths = badugi_strengths(hands)
    values, first = np.unique(strengths, return_index=True)
    assert len(values) == N_BADUGI_STRENGTHS == sum(math.comb(13, k) for k in range(1, 5))
    assert values.tolist() == list(range(N_BADUGI_STRENGTHS))
    sizes = np.bincount(badugi_sizes(strengths), minlength=5)
    assert dict(enumerate(sizes.tolist())) == {0: 0, **EXPECTED_SIZES}
    assert sum(EXPECTED_SIZES.values()) == N_FOUR_CARD_HANDS
    previous: tuple[Any, list[int]] | None = None
    for strength, row in zip(values.tolist(), first.tolist(), strict=True):
        hand = hands[row].tolist()
        key = low_reference.badugi_key(hand)
        if previous is not None:
            assert key < previous[0], (
                f"[{format_hand(hand)}] strength {strength} is not better than "
                f"[{format_hand(previous[1])}] strength {strength - 1}"
            )
        previous = (key, hand)


def test_every_hand_is_the_reference_hand() -> None:
    """Each of the 270,725 hands against the reference, one by one (about 3 s): the same order,
    and the three- and two-card counts above."""
    hands = np.ascontiguousarray(combinations_array(52, 4))
    strengths = badugi_strengths(hands)
    keys = [low_reference.badugi_key(hand) for hand in hands.tolist()]
    place = {key: i for i, key in enumerate(sorted(set(keys), reverse=True))}
    assert_same_ranking(hands, strengths, np.array([place[key] for key in keys]), "reference")
    sizes = {size: sum(1 for key in keys if -key[0] == size) for size in (1, 2, 3, 4)}
    assert sizes == EXPECTED_SIZES


def test_random_deals_order_as_the_reference() -> None:
    hands = random_hands(np.random.default_rng(4), 20_000, 4)
    keys = [low_reference.badugi_key(hand) for hand in hands.tolist()]
    place = {key: i for i, key in enumerate(sorted(set(keys), reverse=True))}
    theirs = np.array([place[key] for key in keys])
    assert_same_ranking(hands, badugi_strengths(hands), theirs, "the reference")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True))
def test_the_cards_used_make_the_hand(cards: list[int]) -> None:
    hand = np.array([cards], dtype=np.uint8)
    used = badugi_cards_used(hand)[0]
    playing = [card for card, plays in zip(cards, used.tolist(), strict=True) if plays]
    key = low_reference.badugi_key(cards)
    assert low_reference.badugi_key(playing) == key
    assert -key[0] == len(playing) == int(badugi_sizes(badugi_strengths(hand))[0])


def test_orders_as_pokerkit() -> None:
    """Random deals order as pokerkit's ``BadugiHand`` orders them (its stronger is greater)."""
    from pokerkit import BadugiHand

    hands = random_hands(np.random.default_rng(34), 4_000, 4)
    kit = [BadugiHand.from_game(format_hand(hand).replace(" ", "")) for hand in hands.tolist()]
    place = {hand: i for i, hand in enumerate(sorted(set(kit)))}
    theirs = np.array([place[hand] for hand in kit])
    assert_same_ranking(hands, badugi_strengths(hands), theirs, "BadugiHand")


@pytest.mark.parametrize(
    ("hand", "name"),
    [
        pytest.param("Ac 2d 3h 4s", "a 4-3-2-A badugi", id="best"),
        pytest.param("Kc Qd Jh Ts", "a K-Q-J-T badugi", id="worst-four"),
        pytest.param("6c 4d 2h Kh", "a three-card 6-4-2 badugi", id="three-card"),
        pytest.param("2s 3s 4d 7h", "a three-card 7-4-2 badugi", id="suited-pair"),
        pytest.param("5c 3d 3c 5d", "a two-card 5-3 badugi", id="two-card"),
        pytest.param("Ac 2c 3c 4c", "a one-card A badugi", id="one-suit"),
        pytest.param("Kc Kd Kh Ks", "a one-card K badugi", id="one-rank"),
    ],
)
def test_named_hands(hand: str, name: str) -> None:
    assert describe_badugi(badugi_strengths(parse_hand(hand)[None])) == [name]


def test_more_cards_beat_lower_cards() -> None:
    hands = ["Kc Qd Jh Ts", "Ac 2d 3h 3s", "Ac 2d 2h 2s", "Ac Ad Ah As"]
    strengths = badugi_strengths(np.array([parse_hand(h) for h in hands]))
    assert strengths.tolist() == sorted(strengths.tolist(), reverse=True)
    assert badugi_faces(strengths) == ["K-Q-J-T", "3-2-A", "2-A", "A"]


def test_wrong_hands_are_named() -> None:
    with pytest.raises(ValueError, match="row 1: card id 9 appears twice"):
        badugi_strengths([[0, 1, 2, 3], [9, 9, 10, 11]])
    with pytest.raises(ValueError, match=r"expected an \(n, 4\) array of Badugi hands"):
        badugi_strengths([[0, 1, 2, 3, 4]])
    with pytest.raises(ValueError, match=r"row 0: card id 60 is not in 0\.\.51"):
        badugi_strengths([[0, 1, 2, 60]])
    # uint8 rows are checked by the strength table itself: a bad row reads as no hand.
    for row, message in (([0, 60, 2, 3], "card id 60 is not"), ([5, 1, 2, 5], "card id 5 appears")):
        hands = np.array([[4, 8, 12, 16], row], dtype=np.uint8)
        with pytest.raises(ValueError, match=f"row 1: {message}"):
            badugi_strengths(hands)
        assert badugi_strengths(hands, check=False)[1] == 0xFFFF
    with pytest.raises(ValueError, match="row 0: card id -1 is not"):
        badugi_strengths(np.array([[-1, 1, 2, 3]]))


def test_no_rows() -> None:
    assert badugi_strengths(np.empty((0, 4), dtype=np.uint8)).shape == (0,)
