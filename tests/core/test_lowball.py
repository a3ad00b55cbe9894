"""Lowball strengths (ace-to-five, deuce-to-seven) and Stud's eight-or-better low: every
five-card hand against the counts a dealer derives, a scalar reference on random 5-, 6- and
7-card deals, the numpy path against the compiled loop, and pokerkit's evaluators."""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from pipeline.core.cards import format_hand, parse_hand
from pipeline.core.combinatorics import combinations_array
from pipeline.core.evaluation import evaluator
from pipeline.core.evaluation.hands import high_strengths, low_values
from pipeline.core.evaluation.low import NO_LOW, evaluate_low, format_low
from pipeline.core.evaluation.lowball import (
    ACE_TO_FIVE,
    DEUCE_TO_SEVEN,
    LowballRanking,
    best_lowball_five,
    describe_lowball,
    format_lowball,
    lowball_categories,
    lowball_strengths,
    n_lowball_strengths,
)
from pipeline.core.kernel import compiled_kernel
from pipeline.core.rules import CATEGORY_NAMES, STUD, STUD_HI_LO
from tests.core import low_reference
from tests.core.test_evaluator import assert_same_ranking, random_hands
from tests.reference import low_key

N_FIVE_CARD_HANDS = 2_598_960
DISTINCT_RANKS = math.comb(13, 5)  # 1,287 sets of five distinct ranks

REFERENCE_KEYS: dict[str, Callable[[list[int]], Any]] = {
    "ace-to-five": low_reference.razz_key,
    "deuce-to-seven": low_reference.deuce_to_seven_key,
}
RANKINGS = [pytest.param(ACE_TO_FIVE, id="ace-to-five"), pytest.param(DEUCE_TO_SEVEN, id="2-7")]


@functools.cache
def every_five() -> NDArray[np.uint8]:
    return np.ascontiguousarray(combinations_array(52, 5))


def class_size(five: list[int], ranking: LowballRanking) -> int:
    """How many five-card hands share this hand's class, counted from its ranks as a dealer
    would: ``C(4, m)`` ways to pick ``m`` cards of a rank; five distinct ranks split into the
    four one-suit hands and the 1,020 others when flushes count."""
    counts = Counter(card // 4 for card in five)
    ways = math.prod(math.comb(4, m) for m in counts.values())
    if ranking.straights_and_flushes and len(counts) == 5:
        return 4 if len({card % 4 for card in five}) == 1 else ways - 4
    return ways


# Hands by category, derived by hand: 1,287 sets of five distinct ranks, of which 10 (9 without
# the ace-low wheel) are straights; 4 ** 5 suitings of which 4 are flushes.
EXPECTED_CATEGORIES = {
    "ace-to-five": {
        "High Card": DISTINCT_RANKS * 4**5,
        "Pair": 13 * math.comb(12, 3) * 6 * 4**3,
        "Two Pair": math.comb(13, 2) * 11 * 6 * 6 * 4,
        "Three of a Kind": 13 * math.comb(12, 2) * 4 * 4**2,
        "Full House": 13 * 12 * 4 * 6,
        "Four of a Kind": 13 * 12 * 4,
    },
    "deuce-to-seven": {
        "High Card": (DISTINCT_RANKS - 9) * (4**5 - 4),
        "Pair": 13 * math.comb(12, 3) * 6 * 4**3,
        "Two Pair": math.comb(13, 2) * 11 * 6 * 6 * 4,
        "Three of a Kind": 13 * math.comb(12, 2) * 4 * 4**2,
        "Straight": 9 * (4**5 - 4),
        "Flush": (DISTINCT_RANKS - 9) * 4,
        "Full House": 13 * 12 * 4 * 6,
        "Four of a Kind": 13 * 12 * 4,
        "Straight Flush": 9 * 4,
    },
}
# Classes: 6,175 rank multisets of five cards (none with five of a rank); 2-7 adds the 1,287
# flushes (straight flushes included), 7,462 as for high hands.
EXPECTED_CLASSES = {"ace-to-five": math.comb(17, 5) - 13, "deuce-to-seven": 7462}


@pytest.mark.parametrize("ranking", RANKINGS)
def test_every_five_card_hand_against_the_dealers_counts(ranking: LowballRanking) -> None:
    """All 2,598,960 hands: as many strengths as classes, each category as many hands as
    counted by hand, and each strength's hands as many as its class holds; then the classes,
    one hand each, are in the reference's order.  A failure names the hand."""
    hands = every_five()
    strengths = lowball_strengths(ranking, hands)
    assert n_lowball_strengths(ranking) == EXPECTED_CLASSES[ranking.name]
    values, first, counts = np.unique(strengths, return_index=True, return_counts=True)
    assert len(values) == EXPECTED_CLASSES[ranking.name]
    assert values.tolist() == list(range(len(values)))
    categories = np.bincount(lowball_categories(ranking, strengths), minlength=9)
    found = {CATEGORY_NAMES[code]: int(n) for code, n in enumerate(categories) if n}
    assert found == EXPECTED_CATEGORIES[ranking.name]
    assert sum(found.values()) == N_FIVE_CARD_HANDS
    key_of = REFERENCE_KEYS[ranking.name]
    previous: tuple[Any, list[int]] | None = None
    for strength, row, count in zip(values.tolist(), first.tolist(), counts.tolist(), strict=True):
        five = hands[row].tolist()
        expected = class_size(five, ranking)
        assert count == expected, f"[{format_hand(five)}] strength {strength}: {count} hands"
        key = key_of(five)
        # A higher strength is a better low: a smaller reference key.
        if previous is not None:
            assert key < previous[0], (
                f"[{format_hand(five)}] strength {strength} is not better than "
                f"[{format_hand(previous[1])}] strength {strength - 1}"
            )
        previous = (key, five)


def test_every_five_card_eight_or_better_low() -> None:
    """Stud's low half over every five-card hand: the 56 sets of five ranks A-8, each in
    4 ** 5 suitings, and nothing else qualifies."""
    hands = every_five()
    values = evaluate_low(hands, np.empty((len(hands), 0), np.uint8), used=None)
    qualifying = values != NO_LOW
    assert int(qualifying.sum()) == math.comb(8, 5) * 4**5
    distinct, first, counts = np.unique(values[qualifying], return_index=True, return_counts=True)
    assert len(distinct) == math.comb(8, 5)
    assert set(counts.tolist()) == {4**5}
    rows = np.flatnonzero(qualifying)[first]
    texts = format_low(distinct)
    for row, text in zip(rows.tolist(), texts, strict=True):
        five = hands[row].tolist()
        assert low_reference_text(low_key(five)) == text, f"[{format_hand(five)}]"


def low_reference_text(key: tuple[int, ...] | None) -> str | None:
    return None if key is None else "-".join("A" if f == 1 else str(f) for f in key)


def reference_places(cards: NDArray[np.uint8], key: Callable[[list[int]], Any]) -> NDArray[Any]:
    """Each hand's place among the distinct reference keys of ``cards``, best highest."""
    keys = [key(hand) for hand in cards.tolist()]
    place = {k: i for i, k in enumerate(sorted(set(keys), reverse=True))}
    return np.array([place[k] for k in keys])


@pytest.mark.parametrize(
    ("ranking", "size"),
    [
        pytest.param(ACE_TO_FIVE, 5, id="a5-5"),
        pytest.param(ACE_TO_FIVE, 6, id="a5-6"),
        pytest.param(ACE_TO_FIVE, 7, id="razz-7"),
        pytest.param(DEUCE_TO_SEVEN, 5, id="2-7"),
    ],
)
def test_random_deals_order_as_the_reference(ranking: LowballRanking, size: int) -> None:
    hands = random_hands(np.random.default_rng(size * 7 + len(ranking.name)), 4_000, size)
    ours = lowball_strengths(ranking, hands)
    theirs = reference_places(hands, REFERENCE_KEYS[ranking.name])
    assert_same_ranking(hands, ours, theirs, "the reference")


def _distinct_cards(size: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_razz_deal_matches_the_reference(data: st.DataObject) -> None:
    """Two hands of 5, 6 or 7 cards compare as the reference compares them, and the best five
    cards are the reference's best low."""
    size = data.draw(st.sampled_from([5, 6, 7]))
    first = data.draw(_distinct_cards(size))
    second = data.draw(_distinct_cards(size))
    a, b = lowball_strengths(ACE_TO_FIVE, np.array([first, second], dtype=np.uint8)).tolist()
    key_a, key_b = low_reference.razz_key(first), low_reference.razz_key(second)
    assert (a > b) == (key_a < key_b) and (a == b) == (key_a == key_b)
    five = best_lowball_five(ACE_TO_FIVE, np.array([first], dtype=np.uint8))[0].tolist()
    assert set(five) <= set(first)
    assert low_reference.ace_to_five_key(five) == key_a


@settings(max_examples=150, deadline=None)
@given(_distinct_cards(5), _distinct_cards(5))
def test_any_deuce_to_seven_deal_matches_the_reference(first: list[int], second: list[int]) -> None:
    a, b = lowball_strengths(DEUCE_TO_SEVEN, np.array([first, second], dtype=np.uint8)).tolist()
    key_a = low_reference.deuce_to_seven_key(first)
    key_b = low_reference.deuce_to_seven_key(second)
    assert (a > b) == (key_a < key_b) and (a == b) == (key_a == key_b)


@pytest.mark.parametrize(
    ("ranking", "hand", "name", "text"),
    [
        pytest.param(ACE_TO_FIVE, "5h 4d 3c 2s Ah", "wheel", "5-4-3-2-A", id="wheel"),
        pytest.param(ACE_TO_FIVE, "5h 4h 3h 2h Ah", "wheel", "5-4-3-2-A", id="suited-wheel"),
        pytest.param(ACE_TO_FIVE, "7c 5d 4h 3s 2c", "7-5 low", "7-5-4-3-2", id="seven-five"),
        pytest.param(ACE_TO_FIVE, "6c 4d 3h 2s Ac", "6-4 low", "6-4-3-2-A", id="six-four"),
        pytest.param(ACE_TO_FIVE, "Kc Kd 4h 3s 2c", "pair of Kings", "K-K-4-3-2", id="kings"),
        pytest.param(ACE_TO_FIVE, "Ac Ad 4h 3s 2c", "pair of Aces", "A-A-4-3-2", id="aces-pair"),
        pytest.param(
            ACE_TO_FIVE, "9c 9d 4h 4s Ac", "two pair, Nines and Fours", "9-9-4-4-A", id="two-pair"
        ),
        pytest.param(ACE_TO_FIVE, "Kc Qd Jh Ts 9c", "K-Q low", "K-Q-J-T-9", id="worst-unpaired"),
        pytest.param(DEUCE_TO_SEVEN, "7c 5d 4h 3s 2c", "Number one", "7-5-4-3-2", id="number-one"),
        pytest.param(DEUCE_TO_SEVEN, "7c 6d 4h 3s 2c", "7-6 low", "7-6-4-3-2", id="seven-six"),
        pytest.param(DEUCE_TO_SEVEN, "9c 8d 6h 4s 2c", "9-8 low", "9-8-6-4-2", id="nine-eight"),
        pytest.param(
            DEUCE_TO_SEVEN, "6c 5d 4h 3s 2c", "a straight, Six high", "6-5-4-3-2", id="straight"
        ),
        pytest.param(DEUCE_TO_SEVEN, "Ac 5d 4h 3s 2c", "A-5 low", "A-5-4-3-2", id="no-wheel"),
        pytest.param(
            DEUCE_TO_SEVEN, "7c 5c 4c 3c 2c", "a flush, Seven high", "7-5-4-3-2", id="flush"
        ),
        pytest.param(DEUCE_TO_SEVEN, "2c 2d 4h 3s 5c", "pair of Twos", "2-2-5-4-3", id="deuces"),
    ],
)
def test_named_hands(ranking: LowballRanking, hand: str, name: str, text: str) -> None:
    strengths = lowball_strengths(ranking, parse_hand(hand)[None])
    assert describe_lowball(ranking, strengths) == [name]
    assert format_lowball(ranking, strengths) == [text]


def test_deuce_to_seven_order_of_the_named_hands() -> None:
    """Number one beats 7-6, which beats 8-5, 9-8, any ace-high hand, a pair of deuces, a six-
    high straight and a seven-high flush, in that order."""
    hands = [
        "7c 5d 4h 3s 2c",
        "7c 6d 4h 3s 2c",
        "8c 5d 4h 3s 2c",
        "9c 8d 6h 4s 2c",
        "Ac 5d 4h 3s 2c",
        "2c 2d 4h 3s 5c",
        "6c 5d 4h 3s 2c",
        "7c 5c 4c 3c 2c",
    ]
    strengths = lowball_strengths(DEUCE_TO_SEVEN, np.array([parse_hand(h) for h in hands]))
    assert strengths.tolist() == sorted(strengths.tolist(), reverse=True)
    assert len(set(strengths.tolist())) == len(hands)


def test_a_paired_razz_hand_still_plays() -> None:
    """Razz ranks every hand: a pair of aces beats a pair of deuces, a pair beats two pair, and
    seven cards of three ranks play their lowest two pair."""
    hands = ["Ac Ad 4h 3s 2c 2d Ah", "2c 2d 4h 3s 5c 5d 4d", "Kc Kd Qh Qs Jc Jd Jh"]
    strengths = lowball_strengths(ACE_TO_FIVE, np.array([parse_hand(h) for h in hands]))
    assert describe_lowball(ACE_TO_FIVE, strengths) == [
        "pair of Aces",
        "pair of Twos",
        "two pair, Queens and Jacks",
    ]
    assert strengths[0] > strengths[1] > strengths[2]


@pytest.mark.parametrize("ranking", RANKINGS)
def test_the_numpy_path_is_the_compiled_loop(ranking: LowballRanking) -> None:
    compiled = compiled_kernel()
    if compiled is None:
        pytest.skip("the C loop is not built here")
    from pipeline.core.evaluation import lowball

    tables = functools.partial(lowball._strength_tables, ranking)
    for size in ranking.hand_sizes:
        hands = random_hands(np.random.default_rng(size), 50_000, size)
        numpy_path = evaluator._evaluate_numpy(hands, tables=tables)
        loop = evaluator._evaluate_compiled(compiled, hands, tables=tables)
        assert (numpy_path == loop).all(), size
        # Any bytes, unchecked: both read inside the tables and agree.
        noise = np.random.default_rng(size).integers(0, 256, (20_000, size), dtype=np.uint8)
        numpy_noise = evaluator._evaluate_numpy(noise, check=False, tables=tables)
        loop_noise = evaluator._evaluate_compiled(compiled, noise, check=False, tables=tables)
        assert (numpy_noise == loop_noise).all(), size


def test_wrong_hands_are_named() -> None:
    with pytest.raises(ValueError, match=r"deuce-to-seven hands hold \(5,\) cards, got 7"):
        lowball_strengths(DEUCE_TO_SEVEN, random_hands(np.random.default_rng(0), 2, 7))
    with pytest.raises(ValueError, match=r"hold \(5, 6, 7\) cards, got 4"):
        lowball_strengths(ACE_TO_FIVE, [[0, 1, 2, 3]])
    with pytest.raises(ValueError, match="row 1: card id 7 appears twice"):
        lowball_strengths(ACE_TO_FIVE, [[0, 1, 2, 3, 4], [7, 7, 8, 9, 10]])
    with pytest.raises(ValueError, match=r"row 0: card id 52 is not in 0\.\.51"):
        lowball_strengths(DEUCE_TO_SEVEN, [[0, 1, 2, 3, 52]])


def test_stud_is_the_evaluators_given_its_rules() -> None:
    """Seven cards, no board: the best five for high, any five of A-8 for the low half."""
    hands = random_hands(np.random.default_rng(7), 3_000, 7)
    board = np.empty((len(hands), 0), dtype=np.uint8)
    high = high_strengths(STUD, hands, board)
    assert (high == evaluator.evaluate(hands)).all()
    assert (high_strengths(STUD_HI_LO, hands, board) == high).all()
    lows = format_low(low_values(STUD_HI_LO, hands, board))
    for row, hand in enumerate(hands.tolist()):
        keys = [low_key(five) for five in _fives(hand)]
        best = min((key for key in keys if key is not None), default=None)
        assert lows[row] == low_reference_text(best), f"[{format_hand(hand)}]"
    assert sum(low is not None for low in lows) > 300


def _fives(hand: list[int]) -> list[list[int]]:
    return [[hand[i] for i in five] for five in combinations_array(len(hand), 5).tolist()]


def _kit_places(hands: list[Any]) -> NDArray[np.int64]:
    """pokerkit's hands (greater is stronger; ``None`` weakest) as places, best highest."""
    distinct = sorted({hand for hand in hands if hand is not None})
    place = {hand: i + 1 for i, hand in enumerate(distinct)}
    return np.array([0 if hand is None else place[hand] for hand in hands], dtype=np.int64)


def _kit_text(hand: list[int]) -> str:
    return format_hand(hand).replace(" ", "")


@pytest.mark.parametrize(
    ("kit_class", "ranking", "size"),
    [
        pytest.param("RegularLowHand", ACE_TO_FIVE, 7, id="razz"),
        pytest.param("RegularLowHand", ACE_TO_FIVE, 5, id="a5-draw"),
        pytest.param("StandardLowHand", DEUCE_TO_SEVEN, 5, id="2-7-draw"),
    ],
)
def test_orders_as_pokerkit(kit_class: str, ranking: LowballRanking, size: int) -> None:
    """Random deals order as pokerkit's hands order them (its stronger hand is greater)."""
    import pokerkit

    hand_class = getattr(pokerkit, kit_class)
    hands = random_hands(np.random.default_rng(34 + size), 1_500 if size == 7 else 4_000, size)
    kit = [hand_class.from_game(_kit_text(hand)) for hand in hands.tolist()]
    assert_same_ranking(hands, lowball_strengths(ranking, hands), _kit_places(kit), kit_class)


def test_stud_orders_as_pokerkit() -> None:
    """Stud high against ``StandardHighHand`` and Stud's low half against
    ``EightOrBetterLowHand`` (no low exactly where pokerkit finds none)."""
    from pokerkit import EightOrBetterLowHand, StandardHighHand

    hands = random_hands(np.random.default_rng(8), 1_000, 7)
    board = np.empty((len(hands), 0), dtype=np.uint8)
    texts = [_kit_text(hand) for hand in hands.tolist()]
    high = high_strengths(STUD, hands, board)
    kit_high = [StandardHighHand.from_game(text) for text in texts]
    assert_same_ranking(hands, high, _kit_places(kit_high), "StandardHighHand")
    low = low_values(STUD_HI_LO, hands, board).astype(np.int64)
    kit_low = [EightOrBetterLowHand.from_game_or_none(text) for text in texts]
    assert [hand is None for hand in kit_low] == (low == NO_LOW).tolist()
    # Our better low is the smaller value; no low (NO_LOW) is the weakest, as pokerkit's None.
    assert_same_ranking(hands, -low, _kit_places(kit_low), "EightOrBetterLowHand")
