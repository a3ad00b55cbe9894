"""Stud and Razz equity per street (pipeline.core.probability.stud_equity) against a readable
enumeration: every way the missing cards can be dealt, one deal at a time, each hand judged by
the oracles of tests/reference.py and tests/core/low_reference.py."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pytest

from pipeline.core.cards import format_hand, parse_cards
from pipeline.core.probability.stud_equity import stud_deals, stud_equity
from pipeline.core.rules import RAZZ, STUD, STUD_HI_LO, HandRules
from tests import reference
from tests.core import low_reference


def _stud_low(cards: Sequence[int]) -> tuple[int, ...] | None:
    lows = [reference.low_key(five) for five in itertools.combinations(cards, 5)]
    return min((low for low in lows if low is not None), default=None)


def _high(cards: Sequence[int]) -> object:
    return reference.best_key(cards, reference.STANDARD)


def _pot(hands: list[list[int]], rules: HandRules) -> list[Fraction]:
    """Each hand's share of one finished deal's pot, as a dealer splits it."""
    if rules.lowball is not None:
        keys = [low_reference.razz_key(hand) for hand in hands]
        best = min(keys)
        winners = [key == best for key in keys]
    else:
        highs = [_high(hand) for hand in hands]
        top = max(highs)  # type: ignore[type-var]
        winners = [key == top for key in highs]
    shares = [Fraction(int(won), sum(winners)) for won in winners]
    if rules.low is None:
        return shares
    lows = [_stud_low(hand) for hand in hands]
    qualifying = [low for low in lows if low is not None]
    if not qualifying:
        return shares
    low_winners = [low == min(qualifying) for low in lows]
    return [
        share / 2 + Fraction(int(won), 2 * sum(low_winners))
        for share, won in zip(shares, low_winners, strict=True)
    ]


def reference_equity(
    known: list[list[int]], dead: Sequence[int], rules: HandRules
) -> list[Fraction]:
    """Every deal of the missing cards, player by player, one at a time."""
    seen = {card for hand in known for card in hand} | set(dead)
    deck = [card for card in range(52) if card not in seen]
    missing = rules.hole_cards - len(known[0])
    totals = [Fraction(0)] * len(known)
    deals = 0

    def deal(player: int, left: list[int], hands: list[list[int]]) -> None:
        nonlocal deals, totals
        if player == len(known):
            deals += 1
            totals = [t + s for t, s in zip(totals, _pot(hands, rules), strict=True)]
            return
        for cards in itertools.combinations(left, missing):
            rest = [card for card in left if card not in cards]
            deal(player + 1, rest, [*hands, [*known[player], *cards]])

    deal(0, deck, [])
    return [total / deals for total in totals]


def _dead_all_but(known: list[list[int]], keep: int, seed: int) -> list[int]:
    """Dead cards leaving ``keep`` cards in the deck (a small case to enumerate by hand)."""
    seen = {card for hand in known for card in hand}
    deck = [card for card in range(52) if card not in seen]
    rng = np.random.default_rng(seed)
    return sorted(int(card) for card in rng.permutation(deck)[: len(deck) - keep])


CASES = [
    # rules, known cards per live player, cards left in the deck (the rest dead)
    pytest.param(STUD, [["As", "Ad", "Kc", "Ks", "2c", "3d"], ["7c", "7d", "7h", "5s", "2d", "3c"]],
                 None, id="stud-sixth-heads-up-every-card"),
    pytest.param(RAZZ, [["As", "2d", "3h", "9c", "Kd", "Qs"], ["4s", "5d", "6h", "7c", "Td", "Jh"]],
                 None, id="razz-sixth-heads-up-every-card"),
    pytest.param(STUD_HI_LO, [["Ac", "2c", "3h", "4d", "Kc"], ["Qs", "Qh", "Qd", "8h", "8s"]],
                 10, id="stud8-fifth-heads-up-ten-left"),
    pytest.param(RAZZ, [["Ac", "2c", "3h", "Td"], ["4d", "5c", "6s", "7h"],
                        ["Kd", "Qd", "Jd", "9s"]],
                 9, id="razz-fourth-three-way-nine-left"),
    pytest.param(STUD_HI_LO, [["Ac", "2c", "3h", "4d", "Kc", "Ks"],
                              ["5s", "6h", "7d", "8c", "Ts", "Jh"],
                              ["9c", "9d", "9h", "Td", "Tc", "2s"]],
                 12, id="stud8-sixth-three-way-twelve-left"),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "known_text", "left"), CASES)
def test_exact_figures_are_the_readable_enumeration(
    rules: HandRules, known_text: list[list[str]], left: int | None
) -> None:
    known = [parse_cards(hand).tolist() for hand in known_text]
    dead = [] if left is None else _dead_all_but(known, left, seed=len(known_text[0]))
    result = stud_equity(known, dead, rules=rules)
    expected = reference_equity(known, dead, rules)
    seen = sum(len(hand) for hand in known) + len(dead)
    assert result.exact
    assert result.boards == stud_deals(len(known), len(known[0]), seen, rules)
    where = f"{[format_hand(hand) for hand in known]} dead [{format_hand(dead)}]"
    assert result.equity.tolist() == pytest.approx([float(e) for e in expected], abs=1e-12), where


def test_a_sample_is_within_its_margin_of_the_exact_figure() -> None:
    known = parse_cards([["As", "2d", "3h", "4c", "Kd"], ["Ks", "Qd", "Qh", "5c", "6d"]])
    exact = stud_equity(known, rules=STUD_HI_LO)
    sampled = stud_equity(known, rules=STUD_HI_LO, samples=20_000, seed=3)
    assert exact.exact and exact.boards == 671_580
    assert not sampled.exact and sampled.boards == 20_000
    assert sampled.margin == pytest.approx(1.96 * (0.25 / 20_000) ** 0.5)
    assert np.abs(sampled.equity - exact.equity).max() < sampled.margin
    again = stud_equity(known, rules=STUD_HI_LO, samples=20_000, seed=3)
    assert (again.equity == sampled.equity).all()  # seeded: the same figures every run


def test_dead_cards_leave_the_deck() -> None:
    # Razz on sixth street: Ann needs a 6 or lower that pairs nothing to beat Bob's made 7-5;
    # with every such card dead her chance is nil, with none dead it is real
    known = parse_cards(
        [["As", "2d", "3h", "4c", "Kd", "Qs"], ["5s", "7d", "6h", "3c", "2h", "Ac"]]
    )
    live = stud_equity(known, rules=RAZZ)
    outs = parse_cards(["5c", "5d", "5h", "6c", "6d", "6s"])
    dead = stud_equity(known, outs, rules=RAZZ)
    assert live.equity[0] > 0.1
    assert dead.equity.tolist() == [0.0, 1.0]


@pytest.mark.parametrize(
    ("known", "dead", "message"),
    [
        ([[0, 1, 2]], [], "expected 2 to 10 hands of known cards"),
        ([[0, 1, 2], [3, 4, 2]], [], "card id 2 is dealt twice"),
        ([[0, 1, 2], [3, 4, 5]], [52], "card id 52 is not a card"),
        ([[0, 1, 2], [3, 4, 5]], [], r"18,265,297,050 deals to enumerate"),
    ],
    ids=["one hand", "twice", "not a card", "too many to enumerate"],
)
def test_bad_deals_are_named(known: list[list[int]], dead: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        stud_equity(known, dead, rules=STUD)


def test_a_game_with_a_board_is_not_stud() -> None:
    from pipeline.core.rules import HOLDEM

    with pytest.raises(ValueError, match="games without a board"):
        stud_equity([[0, 1], [2, 3]], rules=HOLDEM)
