"""Exact category frequencies per game: exhaustive where cheap, counted by classes for Omaha,
each method checked against a plain enumeration it does not share code with."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pipeline.core.cards import parse_cards
from pipeline.core.combinatorics import combinations_array
from pipeline.core.evaluation.combination import evaluate_combination
from pipeline.core.evaluation.evaluator import CATEGORY_NAMES, category
from pipeline.core.evaluation.low import NO_LOW, evaluate_low
from pipeline.core.probability.combination_odds import count_deals, hole_classes, hole_counts
from pipeline.core.probability.hand_odds import hand_odds
from pipeline.core.probability.odds import SEVEN_CARD_COUNTS
from pipeline.core.rules import (
    ACE_TO_FIVE_DRAW,
    DEUCE_TO_SEVEN_DRAW,
    FIVE_CARD_DRAW,
    HOLDEM,
    OMAHA,
    OMAHA_HI_LO,
    RAZZ,
    SHORT_DECK,
    SHORT_DECK_HOLDEM,
    SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS,
    STANDARD,
    HandRules,
)
from tests.core.test_short_deck import closed_form_counts


def test_holdem_is_the_published_table() -> None:
    odds = hand_odds(HOLDEM)
    assert odds.exact and odds.deals == 133_784_560 and odds.counts == SEVEN_CARD_COUNTS
    assert sum(odds.probabilities().values()) == 1 and odds.low_probability() is None


def test_five_card_hands_every_one() -> None:
    odds = hand_odds(FIVE_CARD_DRAW)
    assert odds.deals == 2_598_960
    assert [odds.counts[name] for name in CATEGORY_NAMES] == [
        1_302_540,
        1_098_240,
        123_552,
        54_912,
        10_200,
        5_108,
        3_744,
        624,
        36,
        4,
    ]


def test_short_deck_five_cards_are_the_closed_form() -> None:
    odds = hand_odds(HandRules(SHORT_DECK, hole_cards=5, board_cards=0))
    assert odds.counts == closed_form_counts()


def test_short_deck_seven_cards() -> None:
    default = hand_odds(SHORT_DECK_HOLDEM)
    other = hand_odds(SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS)
    assert default.deals == other.deals == math.comb(36, 7) == 8_347_680
    assert sum(default.counts.values()) == default.deals
    assert default.counts["Royal Flush"] == 4 * math.comb(31, 2)
    assert default.counts["Straight Flush"] == 20 * math.comb(30, 2)
    assert default.counts["Four of a Kind"] == 9 * math.comb(32, 3)
    # A hand holding both three of a kind and a straight is named by the rule: only those
    # two categories differ, and the straight-over-trips rule names more straights.
    differ = {name for name in CATEGORY_NAMES if default.counts[name] != other.counts[name]}
    assert differ == {"Three of a Kind", "Straight"}
    assert other.counts["Straight"] > default.counts["Straight"]
    assert (
        default.counts["Three of a Kind"] + default.counts["Straight"]
        == other.counts["Three of a Kind"] + other.counts["Straight"]
    )


def test_hole_classes_are_the_distinct_starting_hands() -> None:
    holes, sizes = hole_classes(STANDARD, 4)
    assert len(holes) == 16_432  # Omaha's distinct starting hands
    assert int(sizes.sum()) == math.comb(52, 4)
    holes, sizes = hole_classes(STANDARD, 2)
    assert len(holes) == 169 and sorted(set(sizes.tolist())) == [4, 6, 12]


def plain_hole_counts(hole: list[str], rules: HandRules) -> tuple[list[int], int]:
    """Every board for one hole, scored row by row."""
    cards = parse_cards(hole)
    deck = np.array([c for c in rules.ranking.deck if c not in cards.tolist()], dtype=np.uint8)
    boards = deck[combinations_array(len(deck), 5)]
    holes = np.repeat(cards[None], len(boards), axis=0)
    used = rules.hole_cards_used
    assert used is not None
    strengths = evaluate_combination(holes, boards, used=used, ranking=rules.ranking, check=False)
    counts = np.bincount(category(strengths, rules.ranking), minlength=10).tolist()
    low = 0
    if rules.low is not None:
        low = int(np.count_nonzero(evaluate_low(holes, boards, check=False) != NO_LOW))
    return counts, low


@pytest.mark.parametrize(
    ("rules", "hole"),
    [
        pytest.param(OMAHA, ["As", "Ks", "Qs", "Js"], id="monotone-broadway"),
        pytest.param(OMAHA, ["Ah", "Ad", "Kh", "Kd"], id="double-suited-aces"),
        pytest.param(OMAHA, ["7c", "7d", "7h", "7s"], id="quads-in-the-hole"),
        pytest.param(OMAHA, ["9c", "8d", "6h", "5s"], id="rainbow-wrap"),
        pytest.param(OMAHA, ["Tc", "Td", "9c", "2c"], id="three-suited"),
        pytest.param(OMAHA_HI_LO, ["As", "2s", "3d", "Kd"], id="hi-lo"),
        pytest.param(OMAHA_HI_LO, ["8h", "8d", "Qh", "Kc"], id="hi-lo-no-low-cards"),
        pytest.param(HandRules(STANDARD, 5, 2), ["As", "Ks", "Qd", "Jd", "Td"], id="plo5"),
        pytest.param(HandRules(SHORT_DECK, 4, 2), ["As", "6s", "9d", "9c"], id="short-deck-omaha"),
        pytest.param(HandRules(STANDARD, 4, 1), ["Ah", "5h", "9d", "9c"], id="one-hole-card"),
    ],
)
def test_one_hole_counts_every_board(rules: HandRules, hole: list[str]) -> None:
    counts, low = hole_counts(parse_cards(hole), rules)
    expected_counts, expected_low = plain_hole_counts(hole, rules)
    assert counts.tolist() == expected_counts
    assert low == expected_low


def test_short_deck_omaha_counts_every_deal_as_sampling_finds() -> None:
    """The class sum over a short deck's Omaha deals (3,663 hole classes), against 200,000
    random deals scored by the evaluator: every category within its 99.9 % band."""
    rules = HandRules(SHORT_DECK, hole_cards=4, hole_cards_used=2)
    counts, _, deals = count_deals(rules)
    assert deals == math.comb(36, 4) * math.comb(32, 5) == sum(counts)
    sampled = hand_odds(rules, samples=200_000, seed=9)
    assert not sampled.exact and sampled.margin > 0
    for name, count in zip(CATEGORY_NAMES, counts, strict=True):
        p = count / deals
        band = 3.3 * math.sqrt(p * (1 - p) / sampled.deals) + 1e-9
        assert abs(sampled.counts[name] / sampled.deals - p) <= band, name


@pytest.mark.slow
def test_omaha_counts_every_deal_as_pokerkit_samples() -> None:
    """All 463,563,500,400 PLO deals by classes (about 15 s), against 20,000 random deals
    scored by pokerkit's OmahaHoldemHand and the low by OmahaEightOrBetterLowHand."""
    from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

    odds = hand_odds(OMAHA_HI_LO)
    assert odds.exact and odds.deals == math.comb(52, 4) * math.comb(48, 5)
    assert hand_odds(OMAHA).counts == odds.counts
    rng = np.random.default_rng(20)
    names = {
        label: name
        for label, name in zip(
            [
                "High card",
                "One pair",
                "Two pair",
                "Three of a kind",
                "Straight",
                "Flush",
                "Full house",
                "Four of a kind",
                "Straight flush",
            ],
            CATEGORY_NAMES,
            strict=False,
        )
    }
    seen: dict[str, int] = dict.fromkeys(CATEGORY_NAMES, 0)
    lows = 0
    samples = 20_000
    from pipeline.core.cards import format_cards

    for _ in range(samples):
        cards = "".join(format_cards(rng.permutation(52)[:9]))
        hand = OmahaHoldemHand.from_game(cards[:8], cards[8:])
        name = names[hand.entry.label.value]
        if name == "Straight Flush" and {"A", "K"} <= {repr(card)[0] for card in hand.cards}:
            name = "Royal Flush"
        seen[name] += 1
        lows += OmahaEightOrBetterLowHand.from_game_or_none(cards[:8], cards[8:]) is not None
    probabilities = odds.probabilities()
    for name in CATEGORY_NAMES:
        p = float(probabilities[name])
        band = 3.3 * math.sqrt(p * (1 - p) / samples) + 1e-9
        assert abs(seen[name] / samples - p) <= band, name
    low = float(odds.low_probability() or 0)
    assert abs(lows / samples - low) <= 3.3 * math.sqrt(low * (1 - low) / samples)


# Issue 34: the lowball games' categories, counted as a dealer counts them.  A-5 and 2-7 unpaired
# hands by their top card: ``C(top - 1, 4)`` rank sets below it (the ace below the two in A-5),
# 4^5 suits each, less in 2-7 the straights and the flushes.
def _unpaired_by_top(tops: range, ranks_below: int, suits: int) -> dict[str, int]:
    names = "23456789TJQKA"
    return {
        f"{names[top]} low": math.comb(top + ranks_below, 4) * suits
        for top in tops
        if math.comb(top + ranks_below, 4)
    }


def test_lowball_categories_every_hand() -> None:
    a5 = hand_odds(ACE_TO_FIVE_DRAW)
    # ace-to-five: the top card T..K (3..11) has ``top + 1`` ranks below it, the ace included
    unpaired = _unpaired_by_top(range(3, 12), 1, 4**5)
    assert {name: a5.counts[name] for name in unpaired} == unpaired
    assert a5.counts["Pair"] == 1_098_240 and a5.deals == 2_598_960
    d27 = hand_odds(DEUCE_TO_SEVEN_DRAW)
    assert d27.counts["7 low"] == math.comb(5, 4) * (4**5 - 4) - (4**5 - 4)  # 7-6-5-4-3 a straight
    assert (d27.counts["Straight"], d27.counts["Flush"], d27.counts["Straight Flush"]) == (
        9_180,
        5_112,
        36,
    )
    assert sum(d27.counts.values()) == 2_598_960


def test_razz_categories_every_seven_card_hand() -> None:
    razz = hand_odds(RAZZ)
    assert razz.exact and razz.deals == math.comb(52, 7)
    assert sum(razz.counts.values()) == razz.deals
    # a wheel: A-2-3-4-5 among the seven, the other two anything (each one rank of the five at
    # most once more, or two other ranks): counted card by card by inclusion
    assert razz.counts["5 low"] == 781_824
    # only two ranks (four and three of them) make a full house, the worst Razz hand
    assert razz.counts["Full House"] == 13 * 12 * 4
    assert razz.counts["Four of a Kind"] == 0
    assert list(razz.counts)[-1] == "5 low"  # weakest first, the best last
