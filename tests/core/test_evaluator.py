"""The vectorised evaluator against exhaustive counts, a scalar reference and other libraries."""

from __future__ import annotations

import functools
import itertools
import subprocess
import sys
from collections.abc import Callable, Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from pipeline.core.cards import format_card, format_hand, parse_hand
from pipeline.core.evaluation import evaluator
from pipeline.core.evaluation.evaluator import (
    CATEGORY_NAMES,
    N_STRENGTHS,
    best_five,
    category,
    category_names,
    check_hands,
    describe,
    evaluate,
)
from tests.reference import reference_key

N_FIVE_CARD_HANDS = 2_598_960


@functools.cache
def all_five_card_hands() -> NDArray[np.uint8]:
    """Every five-card hand once, as a (2598960, 5) array of ids."""
    return np.fromiter(
        itertools.combinations(range(52), 5),
        dtype=np.dtype((np.uint8, 5)),
        count=N_FIVE_CARD_HANDS,
    )


@functools.cache
def all_five_card_strengths() -> NDArray[np.uint16]:
    return evaluate(all_five_card_hands())


def random_hands(rng: np.random.Generator, n: int, k: int) -> NDArray[np.uint8]:
    """``n`` uniformly random hands of ``k`` distinct cards."""
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def assert_same_ranking(
    hands: NDArray[np.uint8],
    ours: NDArray[np.integer],
    theirs: NDArray[np.integer],
    source: str,
) -> None:
    """Fail, naming two hands, unless ``ours`` and ``theirs`` order the hands identically.

    Identical order means: ``ours[i] < ours[j]`` exactly when ``theirs[i] < theirs[j]`` and equal
    exactly when equal.  Sorting by ``(ours, theirs)`` and checking neighbours suffices.
    """
    ours64 = np.asarray(ours, dtype=np.int64)
    theirs64 = np.asarray(theirs, dtype=np.int64)
    order = np.lexsort((theirs64, ours64))
    step_ours = np.diff(ours64[order])
    step_theirs = np.diff(theirs64[order])
    bad = ((step_ours == 0) != (step_theirs == 0)) | ((step_ours > 0) & (step_theirs <= 0))
    if bad.any():
        i = int(np.argmax(bad))
        a, b = int(order[i]), int(order[i + 1])
        msg = (
            f"order differs from {source}: "
            f"[{format_hand(hands[a])}] strength {int(ours64[a])} vs {source} {int(theirs64[a])}; "
            f"[{format_hand(hands[b])}] strength {int(ours64[b])} vs {source} {int(theirs64[b])}"
        )
        pytest.fail(msg)


def reference_ranks(hands: NDArray[np.uint8]) -> NDArray[np.int64]:
    """Dense rank of each hand's reference key among the keys of ``hands``."""
    keys = [reference_key(hand) for hand in hands.tolist()]
    dense = {key: place for place, key in enumerate(sorted(set(keys)))}
    return np.array([dense[key] for key in keys], dtype=np.int64)


def strength_of(text: str) -> int:
    return int(evaluate(parse_hand(text)[None])[0])


# --- exhaustive five-card hands ------------------------------------------------------------


def test_five_card_hands_have_7462_strengths() -> None:
    strengths = all_five_card_strengths()
    assert len(np.unique(strengths)) == N_STRENGTHS == 7462
    assert int(strengths.min()) == 0
    assert int(strengths.max()) == N_STRENGTHS - 1


def assert_category_counts(counts: NDArray[np.integer], expected: Sequence[int]) -> None:
    """Fail, naming every category whose count differs, unless ``counts`` is ``expected``."""
    wrong = [
        f"{name}: {int(count):,} (expected {want:,})"
        for name, count, want in zip(CATEGORY_NAMES, counts, expected, strict=True)
        if count != want
    ]
    assert not wrong, "; ".join(wrong)


def test_five_card_category_counts() -> None:
    counts = np.bincount(category(all_five_card_strengths()), minlength=10)
    assert_category_counts(
        counts,
        [
            1_302_540,  # high card
            1_098_240,  # pair
            123_552,  # two pair
            54_912,  # three of a kind
            10_200,  # straight
            5_108,  # flush
            3_744,  # full house
            624,  # four of a kind
            36,  # straight flush, not royal
            4,  # royal flush
        ],
    )


# --- exhaustive seven-card hands -----------------------------------------------------------


# Both loops: ``evaluate`` (the compiled one where built) and the numpy fallback.
EVALUATORS = [
    pytest.param(evaluate, id="evaluate"),
    pytest.param(evaluator._evaluate_numpy, id="numpy-path"),
]


@pytest.mark.parametrize("evaluate_hands", EVALUATORS)
def test_seven_card_hands_exhaustively(evaluate_hands: Callable[..., NDArray[np.uint16]]) -> None:
    """All 133,784,560 seven-card hands (about 3 s, 20 MB at a time; bench/exhaustive7.py too).

    For each pair of lowest cards ``a < b`` the block is ``[a, b]`` and every five-card set of
    higher cards: a suffix of the five-card hands in lexicographic order.
    """
    fives = all_five_card_hands()
    first_at = np.searchsorted(fives[:, 0], np.arange(53))  # first five with lowest card >= c
    counts = np.zeros(N_STRENGTHS, dtype=np.int64)
    for low, second in itertools.combinations(range(52), 2):
        rest = fives[first_at[second + 1] :]
        hands = np.empty((len(rest), 7), dtype=np.uint8)
        hands[:, :2] = low, second
        hands[:, 2:] = rest
        counts += np.bincount(evaluate_hands(hands, check=False), minlength=N_STRENGTHS)
    assert int(counts.sum()) == 133_784_560
    assert np.count_nonzero(counts) == 4_824
    by_category = np.bincount(category(np.arange(N_STRENGTHS)), weights=counts, minlength=10)
    assert_category_counts(
        by_category.astype(np.int64),
        [
            23_294_460,  # high card
            58_627_800,  # pair
            31_433_400,  # two pair
            6_461_620,  # three of a kind
            6_180_020,  # straight
            4_047_644,  # flush
            3_473_184,  # full house
            224_848,  # four of a kind
            37_260,  # straight flush, not royal (41,584 with royals)
            4_324,  # royal flush
        ],
    )


def test_five_card_order_matches_reference_on_strided_sample() -> None:
    stride = N_FIVE_CARD_HANDS // 50_000
    hands = all_five_card_hands()[::stride]
    strengths = all_five_card_strengths()[::stride]
    assert_same_ranking(hands, strengths, reference_ranks(hands), "reference")


# --- random six- and seven-card hands against the reference --------------------------------


@pytest.mark.parametrize(("k", "n"), [(7, 20_000), (6, 20_000)], ids=["7-card", "6-card"])
def test_random_hands_order_matches_reference(k: int, n: int) -> None:
    hands = random_hands(np.random.default_rng(20240 + k), n, k)
    assert_same_ranking(hands, evaluate(hands), reference_ranks(hands), "reference")


# --- other libraries -------------------------------------------------------------------------


# 100,000 hands on every run; the 1,000,000-hand versions (seconds each, in a plain Python loop
# over the library) under ``slow``, which CI runs after ``make test`` (``.ci/run``).
BATCHES = [
    pytest.param(1, id="100k"),
    pytest.param(10, id="1M", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("batches", BATCHES)
def test_seven_card_order_is_reverse_of_phevaluator(batches: int) -> None:
    """Random seven-card hands, 100,000 a batch: phevaluator's rank is lower-is-better."""
    from phevaluator import evaluate_cards

    rng = np.random.default_rng(7)
    for _ in range(batches):
        hands = random_hands(rng, 100_000, 7)
        # phevaluator's integer cards use the same id encoding (2c = 0 ... As = 51).
        theirs = np.array([evaluate_cards(*hand) for hand in hands.tolist()], dtype=np.int64)
        assert_same_ranking(hands, evaluate(hands), -theirs, "-phevaluator rank")


def test_phevaluator_card_encoding_matches() -> None:
    from phevaluator import evaluate_cards

    hand = [51, 47, 43, 39, 34]  # As Ks Qs Js Td
    assert evaluate_cards(*hand) == evaluate_cards(*(format_card(card) for card in hand))


@pytest.mark.parametrize("batches", BATCHES)
def test_seven_card_order_matches_eval7(batches: int) -> None:
    """Random seven-card hands, 100,000 a batch: eval7's score is higher-is-better."""
    import eval7

    eval7_card = [eval7.Card(format_card(card)) for card in range(52)]
    rng = np.random.default_rng(77)
    for _ in range(batches):
        hands = random_hands(rng, 100_000, 7)
        theirs = np.array(
            [eval7.evaluate([eval7_card[c] for c in hand]) for hand in hands.tolist()],
            dtype=np.int64,
        )
        assert_same_ranking(hands, evaluate(hands), theirs, "eval7 score")


def test_seven_card_order_is_reverse_of_treys() -> None:
    from treys import Card, Evaluator

    evaluator = Evaluator()
    treys_card = [Card.new(format_card(card)) for card in range(52)]
    hands = random_hands(np.random.default_rng(3), 20_000, 7)
    theirs = np.array(
        [
            evaluator.evaluate([treys_card[c] for c in hand[:5]], [treys_card[c] for c in hand[5:]])
            for hand in hands.tolist()
        ],
        dtype=np.int64,
    )
    assert_same_ranking(hands, evaluate(hands), -theirs, "-treys rank")


# --- properties ------------------------------------------------------------------------------


@st.composite
def hands_of(draw: st.DrawFn, sizes: Sequence[int] = (5, 6, 7)) -> list[int]:
    k = draw(st.sampled_from(sizes))
    return draw(st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True))


@given(hands_of(), st.data())
def test_card_order_does_not_matter(hand: list[int], data: st.DataObject) -> None:
    shuffled = data.draw(st.permutations(hand))
    assert evaluate([hand])[0] == evaluate([shuffled])[0], format_hand(hand)


@given(hands_of(), st.permutations(range(4)))
def test_suit_relabelling_does_not_matter(hand: list[int], suits: list[int]) -> None:
    relabelled = [card - card % 4 + suits[card % 4] for card in hand]
    assert evaluate([hand])[0] == evaluate([relabelled])[0], (
        f"{format_hand(hand)} vs {format_hand(relabelled)}"
    )


@given(hands_of((6, 7)))
def test_big_hand_is_best_of_its_fives(hand: list[int]) -> None:
    fives = np.array(list(itertools.combinations(hand, 5)), dtype=np.uint8)
    assert len(fives) == (21 if len(hand) == 7 else 6)
    assert evaluate([hand])[0] == evaluate(fives).max(), format_hand(hand)


@given(hands_of())
def test_best_five_is_a_rearrangement_with_the_same_strength(hand: list[int]) -> None:
    used, unused = best_five([hand])
    assert used.shape == (1, 5)
    assert unused.shape == (1, len(hand) - 5)
    assert sorted([*used[0].tolist(), *unused[0].tolist()]) == sorted(hand), format_hand(hand)
    assert evaluate(used)[0] == evaluate([hand])[0], format_hand(hand)


@settings(max_examples=200)
@given(hands_of())
def test_matches_reference_key_order_pairwise(hand: list[int]) -> None:
    """Against a fixed middling hand, strength and reference key agree on win/tie/lose."""
    other = list(parse_hand("Qs Qd 9c 7h 3s").tolist())
    ours = np.sign(int(evaluate([hand])[0]) - int(evaluate([other])[0]))
    key, other_key = reference_key(hand), reference_key(other)
    theirs = (key > other_key) - (key < other_key)
    assert ours == theirs, format_hand(hand)


# --- named hands -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "description"),
    [
        pytest.param("As Jd 9c 6h 3s", "High Card", "High Card (Ace)", id="high-card"),
        pytest.param("Ks Kd 9c 6h 3s", "Pair", "Pair (Kings)", id="pair"),
        pytest.param("Ks Kd 9c 9h 3s", "Two Pair", "Two Pair (Kings and Nines)", id="two-pair"),
        pytest.param("6s 6d 6c 9h 3s", "Three of a Kind", "Three of a Kind (Sixes)", id="trips"),
        pytest.param("9s 8d 7c 6h 5s", "Straight", "Straight (Nine high)", id="straight"),
        pytest.param("As Kd Qc Jh Ts", "Straight", "Straight (Ace high)", id="broadway"),
        pytest.param("5d 4c 3h 2s Ad", "Straight", "Straight (Five high)", id="wheel"),
        pytest.param("Kd Ac 2h 3s 4d", "High Card", "High Card (Ace)", id="no-wraparound"),
        pytest.param("Kh 9h 6h 4h 2h", "Flush", "Flush (King high)", id="flush"),
        pytest.param(
            "Kc 9s Ks Kd 9d", "Full House", "Full House (Kings over Nines)", id="full-house"
        ),
        pytest.param("9c 9s 9h 9d Kd", "Four of a Kind", "Four of a Kind (Nines)", id="quads"),
        pytest.param(
            "9c 8c 7c 6c 5c", "Straight Flush", "Straight Flush (Nine high)", id="straight-flush"
        ),
        pytest.param(
            "5h 4h 3h 2h Ah", "Straight Flush", "Straight Flush (Five high)", id="steel-wheel"
        ),
        pytest.param("As Ks Qs Js Ts", "Royal Flush", "Royal Flush", id="royal"),
        pytest.param("As Ks Qs Js Ts 2c 2d", "Royal Flush", "Royal Flush", id="royal-7"),
        pytest.param(
            "Kc 9s Ks Kd 9d 3c 6d", "Full House", "Full House (Kings over Nines)", id="quiz-1"
        ),
        pytest.param("9c Ah Ks Kd 9d 3c 6d", "Two Pair", "Two Pair (Kings and Nines)", id="quiz-2"),
        pytest.param("4d 2d Ks Kd 9d 3c 6d", "Flush", "Flush (King high)", id="quiz-3"),
        pytest.param("Ad 2c 3h 4s 5d 6c", "Straight", "Straight (Six high)", id="six-beats-wheel"),
    ],
)
def test_named_hands(text: str, name: str, description: str) -> None:
    strength = evaluate(parse_hand(text)[None])
    assert category_names(strength) == [name]
    assert describe(strength) == [description]


def test_royal_flush_is_the_top_strength_and_ranks_as_straight_flush() -> None:
    assert strength_of("As Ks Qs Js Ts") == N_STRENGTHS - 1
    assert strength_of("Ks Qs Js Ts 9s") == N_STRENGTHS - 2
    assert strength_of("5c 4c 3c 2c Ac") < strength_of("6c 5c 4c 3c 2c")


def test_wheel_is_the_lowest_straight() -> None:
    assert strength_of("5d 4c 3h 2s Ad") < strength_of("6d 5c 4h 3s 2d")
    assert strength_of("5d 4c 3h 2s Ad") > strength_of("As Ad Ah Ks Qd")  # above trips


@pytest.mark.parametrize(
    ("first", "second"),
    [
        pytest.param("Ks Kd 9c 6h 3s", "Kh Kc 9d 6s 3h", id="pair"),
        pytest.param("As Kd Qc Jh Ts", "Ah Ks Qd Jc Td", id="straight"),
        pytest.param("Kh 9h 6h 4h 2h", "Ks 9s 6s 4s 2s", id="flush"),
        pytest.param("Ac Kd Qh Jh 9s 3c 2d", "As Kh Qd Jc 9d 3s 2s", id="seven-card"),
        pytest.param("As Ks Qs Js Ts 2c", "Ah Kh Qh Jh Th 3d", id="royals"),
        pytest.param("Ts Td 4c 4h 2s 2d 9h", "Tc Th 4s 4d 3c 3d 9c", id="board-plays"),
    ],
)
def test_ties(first: str, second: str) -> None:
    assert strength_of(first) == strength_of(second)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        pytest.param("Ks Kd 9c 6h 4s", "Kh Kc 9d 6s 3h", id="pair-last-kicker"),
        pytest.param("Ks Kd 9c 9h As", "Kh Kc 9d 9s Qh", id="two-pair-kicker"),
        pytest.param("As Jd 9c 6h 3s", "Ah Jc 9d 6s 2h", id="high-card-fifth"),
        pytest.param("Kh 9h 6h 4h 3h", "Ks 9s 6s 4s 2s", id="flush-fifth"),
        pytest.param("9c 9s 9h 9d Kd", "9c 9s 9h 9d Qd", id="quads-kicker"),
        pytest.param("Ah As 7c 6d 4h 3s Kh", "Ac Ad 7h 6s 4c 3d 2h", id="seven-card-kicker"),
        pytest.param("Qs Qd 8c 8h 5s", "Qh Qc 7d 7s As", id="second-pair"),
        pytest.param("Ks Kd Kc 2h 2s", "Qs Qd Qc Ah As", id="full-house-trips"),
    ],
)
def test_kicker_decides(better: str, worse: str) -> None:
    assert strength_of(better) > strength_of(worse)


# --- best five -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "used", "unused"),
    [
        ("Kc 9s Ks Kd 9d 3c 6d", "Ks Kd Kc 9s 9d", "6d 3c"),
        ("9c Ah Ks Kd 9d 3c 6d", "Ks Kd 9d 9c Ah", "6d 3c"),
        ("4d 2d Ks Kd 9d 3c 6d", "Kd 9d 6d 4d 2d", "Ks 3c"),
        ("5d 4c 3h 2s Ad Kc Kd", "5d 4c 3h 2s Ad", "Kd Kc"),
        ("As Ks Qs Js Ts", "As Ks Qs Js Ts", ""),
    ],
    ids=["full-house", "two-pair", "flush", "wheel-ace-last", "five-cards"],
)
def test_best_five_quiz_examples(text: str, used: str, unused: str) -> None:
    used_cards, unused_cards = best_five(parse_hand(text)[None])
    assert format_hand(used_cards[0]) == used
    assert format_hand(unused_cards[0]) == unused


# --- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        pytest.param([[0, 1, 2, 3, 4], [0, 1, 2, 3, 52]], "row 1: card id 52", id="id-52"),
        pytest.param([[0, 1, 2, 3, 4], [5, 6, 7, 8, -1]], "row 1: card id -1", id="negative"),
        pytest.param(
            [[0, 1, 2, 3, 4, 5], [9, 8, 7, 9, 6, 5]], "row 1: card id 9 appears twice", id="repeat"
        ),
        pytest.param([[0, 1, 2, 3]], r"shape \(1, 4\)", id="four-cards"),
        pytest.param([0, 1, 2, 3, 4], r"shape \(5,\)", id="one-dimensional"),
        pytest.param([[0, 1, 2, 3, 4, 5, 6, 7]], r"shape \(1, 8\)", id="eight-cards"),
    ],
)
def test_check_hands_errors(cards: list[list[int]] | list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_hands(cards)
    with pytest.raises(ValueError, match=message):
        evaluate(cards)


def test_check_hands_accepts_good_rows() -> None:
    hands = check_hands([[51, 50, 49, 48, 0, 1, 2]])
    assert hands.dtype == np.uint8
    assert hands.shape == (1, 7)


# --- imports ---------------------------------------------------------------------------------


def test_evaluator_does_not_import_polars() -> None:
    code = "import pipeline.core.evaluation.evaluator, sys; assert 'polars' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


# --- the reference itself --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("5d 4c 3h 2s Ad", (4, (3,))),
        ("Kd Ac 2h 3s 4d", (0, (12, 11, 2, 1, 0))),
        ("As Ks Qs Js Ts", (8, (12,))),
        ("Kc 9s Ks Kd 9d 3c 6d", (6, (11, 7))),
        ("9c Ah Ks Kd 9d 3c 6d", (2, (11, 7, 12))),
    ],
    ids=["wheel", "no-wraparound", "royal", "full-house-7", "two-pair-7"],
)
def test_reference_key(text: str, key: tuple[int, tuple[int, ...]]) -> None:
    assert reference_key(parse_hand(text).tolist()) == key


def test_ranking_failure_names_the_cards() -> None:
    hands = parse_hand("As Ks Qs Js Ts 2c 3d 4h 5s 7c").reshape(2, 5)
    with pytest.raises(pytest.fail.Exception, match=r"\[2c 3d 4h 5s 7c\] strength"):
        assert_same_ranking(hands, np.array([2, 1]), np.array([1, 2]), "reference")


# --- the checked path: every check still fires, on every input type and block -------------------


@pytest.mark.parametrize("evaluate_hands", EVALUATORS)
@pytest.mark.parametrize("dtype", [np.uint8, np.int64, np.int16])
@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("column", [0, 1, -1])
def test_checked_path_finds_a_repeat_anywhere(
    evaluate_hands: Callable[..., NDArray[np.uint16]], dtype: type, k: int, column: int
) -> None:
    """A repeat in any column (pair or odd card), in a late block, names its row and card."""
    rows = 3 * (1 << 15) + 5  # past the evaluator's block size
    hands: NDArray[np.integer] = np.tile(np.arange(0, 4 * k, 4, dtype=dtype), (rows, 1))
    bad = rows - 2
    other = 2 if column == 0 else 0
    hands[bad, column] = hands[bad, other]
    card = int(hands[bad, other])
    message = rf"row {bad}: card id {card} appears twice in the hand"
    with pytest.raises(ValueError, match=message):
        evaluate_hands(hands)
    with pytest.raises(ValueError, match=message):
        check_hands(hands)
    hands[bad, column] = 51 if column != 0 else 50
    assert evaluate_hands(hands).shape == (rows,)


@pytest.mark.parametrize("value", [52, 200, 255])
def test_checked_path_rejects_out_of_range_uint8(value: int) -> None:
    hands = np.tile(np.arange(7, dtype=np.uint8), (100, 1))
    hands[37, 3] = value
    message = rf"row 37: card id {value} is not in 0..51"
    with pytest.raises(ValueError, match=message):
        evaluate(hands)
    with pytest.raises(ValueError, match=message):
        check_hands(hands)


def test_checked_path_does_not_wrap_wide_ids() -> None:
    """256 + 3 must not be read as card id 3."""
    hands = np.array([[0, 1, 2, 259, 4, 5, 6]])
    with pytest.raises(ValueError, match=r"row 0: card id 259 is not in 0\.\.51"):
        evaluate(hands)


def test_checked_and_unchecked_agree() -> None:
    rng = np.random.default_rng(7)
    hands = np.array([rng.permutation(52)[:7] for _ in range(5000)], dtype=np.uint8)
    assert (evaluate(hands) == evaluate(hands, check=False)).all()
