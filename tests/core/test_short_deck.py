"""Short deck (6+): both rankings against closed-form counts, a scalar reference and pokerkit."""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.typing import NDArray

from pipeline.core.cards import format_hand, parse_hand
from pipeline.core.evaluation import evaluator
from pipeline.core.evaluation.evaluator import (
    CATEGORY_NAMES,
    category,
    describe,
    evaluate,
    n_strengths,
)
from pipeline.core.rules import SHORT_DECK, SHORT_DECK_STRAIGHT_OVER_TRIPS, HandRanking
from tests import reference
from tests.core.test_evaluator import assert_same_ranking

RANKINGS = [
    pytest.param(SHORT_DECK, reference.SHORT_DECK, id="trips-over-straight"),
    pytest.param(
        SHORT_DECK_STRAIGHT_OVER_TRIPS, reference.SHORT_DECK_STRAIGHT_OVER_TRIPS, id="alt"
    ),
]
SHORT_DECK_CARDS = list(range(16, 52))  # 6c .. As


@functools.cache
def all_five_card_hands() -> NDArray[np.uint8]:
    """All C(36, 5) = 376,992 five-card hands of the short deck."""
    hands = np.array(list(itertools.combinations(SHORT_DECK_CARDS, 5)), dtype=np.uint8)
    assert len(hands) == math.comb(36, 5) == 376_992
    return hands


@functools.cache
def reference_keys() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The scalar reference's key (category code, tie-break) of every five-card hand."""
    return tuple(reference.five_card_key(hand, 4) for hand in all_five_card_hands().tolist())


def closed_form_counts() -> dict[str, int]:
    """The short deck's five-card counts by counting, as a combinatorics textbook does: 9 ranks,
    6 straights (A-6-7-8-9 to T-J-Q-K-A), 4 suits."""
    ranks, straights, suited = 9, 6, 4
    straight_flushes = straights * suited
    return {
        "High Card": (math.comb(ranks, 5) - straights) * (suited**5 - suited),
        "Pair": ranks * math.comb(ranks - 1, 3) * math.comb(4, 2) * 4**3,
        "Two Pair": math.comb(ranks, 2) * (ranks - 2) * math.comb(4, 2) ** 2 * 4,
        "Three of a Kind": ranks * math.comb(ranks - 1, 2) * math.comb(4, 3) * 4**2,
        "Straight": straights * 4**5 - straight_flushes,
        "Flush": math.comb(ranks, 5) * suited - straight_flushes,
        "Full House": ranks * (ranks - 1) * math.comb(4, 3) * math.comb(4, 2),
        "Four of a Kind": ranks * (ranks - 1) * 4,
        "Straight Flush": straight_flushes - suited,
        "Royal Flush": suited,
    }


def test_closed_form_table_is_the_known_one() -> None:
    counts = closed_form_counts()
    assert sum(counts.values()) == 376_992
    assert counts["Flush"] == 480 < counts["Full House"] == 1_728  # why a flush ranks higher
    assert counts["Three of a Kind"] == 16_128 > counts["Straight"] == 6_120


def test_reference_counts_every_hand_as_the_closed_form_does() -> None:
    by_name = Counter(reference_keys())
    counts: Counter[str] = Counter()
    for (code, ranks), count in by_name.items():
        royal = code == reference.STRAIGHT_FLUSH and ranks == (12,)
        counts[CATEGORY_NAMES[9 if royal else code]] += count
    assert dict(counts) == closed_form_counts()


@pytest.mark.parametrize(("ranking", "ref"), RANKINGS)
def test_every_five_card_hand_counts_and_orders_as_the_reference(
    ranking: HandRanking, ref: reference.Ranking
) -> None:
    hands = all_five_card_hands()
    strengths = evaluate(hands, ranking=ranking)
    assert len(np.unique(strengths)) == n_strengths(ranking) == 1_404
    counts = np.bincount(category(strengths, ranking), minlength=10)
    assert dict(zip(CATEGORY_NAMES, counts.tolist(), strict=True)) == closed_form_counts()
    keys = [(ref.order.index(code), tie) for code, tie in reference_keys()]
    dense = {key: place for place, key in enumerate(sorted(set(keys)))}
    assert_same_ranking(hands, strengths, np.array([dense[k] for k in keys]), "reference")


@pytest.mark.parametrize(("ranking", "ref"), RANKINGS)
@pytest.mark.parametrize("k", [6, 7])
def test_random_hands_order_as_the_reference(
    ranking: HandRanking, ref: reference.Ranking, k: int
) -> None:
    rng = np.random.default_rng(600 + k)
    hands = (np.argsort(rng.random((8_000, 36)), axis=1)[:, :k] + 16).astype(np.uint8)
    keys = [reference.best_key(hand, ref) for hand in hands.tolist()]
    dense = {key: place for place, key in enumerate(sorted(set(keys)))}
    assert_same_ranking(
        hands, evaluate(hands, ranking=ranking), np.array([dense[k] for k in keys]), "reference"
    )


def test_every_seven_card_hand_on_both_loops() -> None:
    """All C(36, 7) = 8,347,680 seven-card hands: the compiled loop and the numpy loop agree,
    a few blocks equal the best of their fives, and the top categories have their closed-form
    counts (a royal flush with any 2 of the other 31 cards; a lower straight flush with any 2
    but the card that would extend it; four of a kind with any 3 of the other 32 cards)."""
    fives = all_five_card_hands()
    first_at = np.searchsorted(fives[:, 0], np.arange(53))
    counts = np.zeros(1_404, dtype=np.int64)
    for low, second in itertools.combinations(SHORT_DECK_CARDS, 2):
        rest = fives[first_at[second + 1] :]
        if not len(rest):
            continue
        hands = np.empty((len(rest), 7), dtype=np.uint8)
        hands[:, :2] = low, second
        hands[:, 2:] = rest
        strengths = evaluate(hands, check=False, ranking=SHORT_DECK)
        numpy_path = evaluator._evaluate_numpy(hands, check=False, ranking=SHORT_DECK)
        assert (strengths == numpy_path).all(), (low, second)
        if (low, second) in {(16, 17), (30, 41), (44, 45)}:  # a few blocks the slow way
            subsets = list(itertools.combinations(range(7), 5))
            best = evaluate(hands[:, subsets].reshape(-1, 5), ranking=SHORT_DECK)
            assert (strengths == best.reshape(len(hands), -1).max(axis=1)).all(), (low, second)
        counts += np.bincount(strengths, minlength=1_404)
    assert int(counts.sum()) == math.comb(36, 7) == 8_347_680
    by_name = dict(
        zip(
            CATEGORY_NAMES,
            np.bincount(category(np.arange(1_404), SHORT_DECK), weights=counts, minlength=10),
            strict=True,
        )
    )
    assert by_name["Royal Flush"] == 4 * math.comb(31, 2) == 1_860
    assert by_name["Straight Flush"] == 5 * 4 * math.comb(30, 2) == 8_700
    assert by_name["Four of a Kind"] == 9 * math.comb(32, 3) == 44_640


# --- named hands --------------------------------------------------------------------------


def strength(text: str, ranking: HandRanking = SHORT_DECK) -> int:
    return int(evaluate(parse_hand(text)[None], ranking=ranking)[0])


@pytest.mark.parametrize(
    ("text", "description"),
    [
        pytest.param("9s 8d 7c 6h As", "Straight (Nine high)", id="ace-six-lowest-straight"),
        pytest.param("Ts 9d 8c 7h 6s", "Straight (Ten high)", id="six-to-ten"),
        pytest.param("Kh 9h 8h 7h 6h", "Flush (King high)", id="flush"),
        pytest.param("9h 8h 7h 6h Ah", "Straight Flush (Nine high)", id="steel-six"),
        pytest.param("Ah Kh Qh Jh Th", "Royal Flush", id="royal"),
        pytest.param("Kc 9s Ks Kd 9d 6c 7d", "Full House (Kings over Nines)", id="full-house-7"),
    ],
)
@pytest.mark.parametrize(
    "ranking", [SHORT_DECK, SHORT_DECK_STRAIGHT_OVER_TRIPS], ids=["default", "alt"]
)
def test_named_hands(text: str, description: str, ranking: HandRanking) -> None:
    assert describe(evaluate(parse_hand(text)[None], ranking=ranking), ranking) == [description]


def test_flush_beats_full_house_in_both_rankings() -> None:
    for ranking in (SHORT_DECK, SHORT_DECK_STRAIGHT_OVER_TRIPS):
        assert strength("Kh 9h 8h 7h 6h", ranking) > strength("As Ad Ah Ks Kd", ranking)
        assert strength("As Ad Ah Ac 6d", ranking) > strength("Ah Kh Qh Jh 9h", ranking)


def test_trips_against_a_straight_is_the_setting() -> None:
    trips, straight = "6s 6d 6c 8h 9s", "Ac Kd Qh Jh Ts"
    assert strength(trips, SHORT_DECK) > strength(straight, SHORT_DECK)
    assert strength(trips, SHORT_DECK_STRAIGHT_OVER_TRIPS) < strength(
        straight, SHORT_DECK_STRAIGHT_OVER_TRIPS
    )


def test_ace_six_straight_is_the_lowest_straight() -> None:
    lowest = strength("9s 8d 7c 6h As")
    assert lowest < strength("Ts 9d 8c 7h 6s")
    assert lowest > strength("As Ad Kh Ks Qd")  # two pair
    assert describe([strength("Kd Ac 6h 7s 8d")], SHORT_DECK) == ["High Card (Ace)"]  # no wrap


def test_seven_cards_with_both_trips_and_a_straight() -> None:
    hand = "9s 9d 9c 8h 7s 6d Tc"
    assert describe([strength(hand)], SHORT_DECK) == ["Three of a Kind (Nines)"]
    assert describe(
        [strength(hand, SHORT_DECK_STRAIGHT_OVER_TRIPS)], SHORT_DECK_STRAIGHT_OVER_TRIPS
    ) == ["Straight (Ten high)"]


def test_best_five_follows_the_ranking() -> None:
    hand = parse_hand("9s 9d 9c 8h 7s 6d Tc")[None]
    used, _ = evaluator.best_five(hand, ranking=SHORT_DECK)
    assert format_hand(used[0]) == "9s 9d 9c Tc 8h"
    used, _ = evaluator.best_five(hand, ranking=SHORT_DECK_STRAIGHT_OVER_TRIPS)
    assert format_hand(used[0]) == "Tc 9s 8h 7s 6d"


@pytest.mark.parametrize(
    "evaluate_hands",
    [pytest.param(evaluate, id="evaluate"), pytest.param(evaluator._evaluate_numpy, id="numpy")],
)
@pytest.mark.parametrize("dtype", [np.uint8, np.int64])
def test_a_card_off_the_short_deck_is_named(
    evaluate_hands: Callable[..., NDArray[np.uint16]], dtype: type
) -> None:
    hands: NDArray[np.integer] = np.tile(np.arange(16, 23, dtype=dtype), (5000, 1))
    hands[4321, 5] = 13  # 5d
    with pytest.raises(
        ValueError,
        match=r"^row 4321: card id 13 \(5d\) is not in the 36-card deck \(6 through A\)$",
    ):
        evaluate_hands(hands, ranking=SHORT_DECK)
    assert evaluate(hands[:4321], ranking=SHORT_DECK).shape == (4321,)


# --- pokerkit ---------------------------------------------------------------------------------


def pokerkit_order(hands: NDArray[np.uint8], hand_type: Any) -> NDArray[np.int64]:
    """Dense rank of each seven-card hand under a pokerkit hand type."""
    kit = [hand_type.from_game(format_hand(hand).replace(" ", "")) for hand in hands]
    place = {hand: index for index, hand in enumerate(sorted(set(kit)))}
    return np.array([place[hand] for hand in kit], dtype=np.int64)


def test_straight_over_trips_orders_as_pokerkit() -> None:
    """pokerkit's ``ShortDeckHoldemHand`` ranks a straight above three of a kind."""
    from pokerkit import ShortDeckHoldemHand

    rng = np.random.default_rng(36)
    hands = (np.argsort(rng.random((3_000, 36)), axis=1)[:, :7] + 16).astype(np.uint8)
    ours = evaluate(hands, ranking=SHORT_DECK_STRAIGHT_OVER_TRIPS)
    assert_same_ranking(hands, ours, pokerkit_order(hands, ShortDeckHoldemHand), "pokerkit")


def trips_over_straight_hand() -> Any:
    """pokerkit's short deck hand with three of a kind declared above a straight: its own
    ``Lookup`` machinery, so an independent check of the default ranking."""
    from collections import Counter as Multiset

    from pokerkit import CombinationHand, Label
    from pokerkit.lookups import ShortDeckHoldemLookup

    class TripsOverStraightLookup(ShortDeckHoldemLookup):
        def _add_entries(self) -> None:
            self._add_multisets(Multiset({1: 5}), (False,), Label.HIGH_CARD)
            self._add_multisets(Multiset({2: 1, 1: 3}), (False,), Label.ONE_PAIR)
            self._add_multisets(Multiset({2: 2, 1: 1}), (False,), Label.TWO_PAIR)
            self._add_straights(5, (False,), Label.STRAIGHT)
            self._add_multisets(Multiset({3: 1, 1: 2}), (False,), Label.THREE_OF_A_KIND)
            self._add_multisets(Multiset({3: 1, 2: 1}), (False,), Label.FULL_HOUSE)
            self._add_multisets(Multiset({1: 5}), (True,), Label.FLUSH)
            self._add_multisets(Multiset({4: 1, 1: 1}), (False,), Label.FOUR_OF_A_KIND)
            self._add_straights(5, (True,), Label.STRAIGHT_FLUSH)

    class TripsOverStraightHand(CombinationHand):
        lookup = TripsOverStraightLookup()
        low = False
        card_count = 5

    return TripsOverStraightHand


def test_default_ranking_orders_as_pokerkit_declared_trips_over_straight() -> None:
    rng = np.random.default_rng(63)
    hands = (np.argsort(rng.random((3_000, 36)), axis=1)[:, :7] + 16).astype(np.uint8)
    hand_type = trips_over_straight_hand()
    assert hand_type("6s6d6c8h9s") > hand_type("AcKdQhJhTs")  # the declaration took
    ours = evaluate(hands, ranking=SHORT_DECK)
    assert_same_ranking(hands, ours, pokerkit_order(hands, hand_type), "pokerkit, trips first")


@given(st.lists(st.sampled_from(SHORT_DECK_CARDS), min_size=7, max_size=7, unique=True))
def test_any_seven_cards_match_the_reference(hand: list[int]) -> None:
    ours = strength(format_hand(hand))
    fives = np.array(list(itertools.combinations(hand, 5)), dtype=np.uint8)
    assert ours == int(evaluate(fives, ranking=SHORT_DECK).max())
    key = reference.best_key(hand, reference.SHORT_DECK)
    # The reference's best five, scored alone, is as strong as the whole hand.
    best = max(
        itertools.combinations(hand, 5),
        key=lambda five: reference.ranked_key(five, reference.SHORT_DECK),
    )
    assert reference.ranked_key(best, reference.SHORT_DECK) == key
    assert strength(format_hand(list(best))) == ours, format_hand(hand)
