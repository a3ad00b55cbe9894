"""Win % per street for Omaha, Omaha Hi/Lo, Omaha 5 and short deck against pokerkit's own hand
evaluators: every way the rest of the board can fall, each hand made by pokerkit
(``OmahaHoldemHand``, ``OmahaEightOrBetterLowHand``, ``ShortDeckHoldemHand``), the pot shared
among the best high hands and, in hi/lo, half of it among the best qualifying lows.

pokerkit's ``calculate_equities`` only samples, so the enumeration is written here; pokerkit's
short deck ranks a straight above three of a kind, so our figures come from the rules that do
too (``SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS``)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

import polars as pl
import pytest

from pipeline.core.cards import format_cards, parse_cards
from pipeline.core.rules import (
    OMAHA,
    OMAHA_5,
    OMAHA_HI_LO,
    SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS,
    HandRules,
)
from pipeline.games.poker.equity.street_equity import EQUITY_COLUMNS, street_equities

pokerkit = pytest.importorskip("pokerkit")

GAMES: dict[str, tuple[HandRules, Any, Any]] = {  # name: rules, pokerkit high hand, low hand
    "Omaha": (OMAHA, pokerkit.OmahaHoldemHand, None),
    "Omaha 5": (OMAHA_5, pokerkit.OmahaHoldemHand, None),
    "Omaha Hi/Lo": (OMAHA_HI_LO, pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand),
    "Short Deck": (SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS, pokerkit.ShortDeckHoldemHand, None),
}
CARD_LISTS = {"hole_ids": pl.List(pl.UInt8), "board_ids": pl.List(pl.UInt8)}


def _text(cards: list[int]) -> str:
    return "".join(format_cards(cards))


def _pokerkit_shares(game: str, holes: list[list[int]], board: list[int]) -> list[Fraction]:
    """Each hand's share of the pot on a whole board, every hand made by pokerkit."""
    _, high_hand, low_hand = GAMES[game]
    highs = [high_hand.from_game(_text(hole), _text(board)) for hole in holes]
    best = max(highs)
    winners = [hand == best for hand in highs]
    shares = [Fraction(int(won), sum(winners)) for won in winners]
    if low_hand is None:
        return shares
    lows = [low_hand.from_game_or_none(_text(hole), _text(board)) for hole in holes]
    qualifying = [low for low in lows if low is not None]
    if not qualifying:
        return shares  # no low: the high half takes the whole pot
    best_low = max(qualifying)  # pokerkit orders low hands so that the better low is greater
    low_winners = [low is not None and low == best_low for low in lows]
    return [
        share / 2 + Fraction(int(won), 2 * sum(low_winners))
        for share, won in zip(shares, low_winners, strict=True)
    ]


def _pokerkit_equity(game: str, holes: list[list[int]], known: list[int]) -> list[float]:
    """Expected share of the pot in percent over every completion of the board."""
    rules = GAMES[game][0]
    used = {card for hole in holes for card in hole} | set(known)
    deck = [card for card in rules.ranking.deck if card not in used]
    totals = [Fraction(0)] * len(holes)
    completions = list(itertools.combinations(deck, 5 - len(known)))
    for rest in completions:
        shares = _pokerkit_shares(game, holes, [*known, *rest])
        totals = [total + share for total, share in zip(totals, shares, strict=True)]
    return [float(100 * total / len(completions)) for total in totals]


def _deal(game: str, players: int, seed: int) -> tuple[list[list[int]], list[int]]:
    rules = GAMES[game][0]
    cards = random.Random(seed).sample(list(rules.ranking.deck), players * rules.hole_cards + 5)
    hole = rules.hole_cards
    return [cards[k * hole : (k + 1) * hole] for k in range(players)], cards[-5:]


def _figures(game: str, holes: list[list[int]], board: list[int]) -> pl.DataFrame:
    """Our figures for one round where everybody sees the river."""
    players = len(holes)
    rows = pl.DataFrame(
        {
            "tournament": ["T"] * players,
            "round": ["1"] * players,
            "game": [game] * players,
            "player": [f"P{k}" for k in range(players)],
            "hole_ids": holes,
            "board_ids": [board] * players,
            "folded": [False] * players,
        },
        schema_overrides=CARD_LISTS,
    )
    return street_equities(rows, rules_of_game={game: GAMES[game][0]})


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [
        ("Omaha", 3, 11),
        ("Omaha", 2, 12),
        ("Omaha 5", 3, 13),
        ("Omaha Hi/Lo", 3, 14),
        ("Omaha Hi/Lo", 2, 15),
        ("Short Deck", 3, 6),  # a straight against trips decides rivers: the rule sets differ
    ],
    ids=lambda value: str(value),
)
def test_turn_figures_are_pokerkits_enumeration(game: str, players: int, seed: int) -> None:
    holes, board = _deal(game, players, seed)
    ours = _figures(game, holes, board)["win_turn"].to_list()
    theirs = _pokerkit_equity(game, holes, board[:4])
    deal = f"{game}: holes={[_text(hole) for hole in holes]} board={_text(board[:4])}"
    assert ours == pytest.approx(theirs, abs=1e-9), deal


def test_short_deck_flop_figures_are_pokerkits_enumeration() -> None:
    holes, board = _deal("Short Deck", 2, 7)  # trips against straights: the rule sets differ
    ours = _figures("Short Deck", holes, board)
    theirs = _pokerkit_equity("Short Deck", holes, board[:3])
    deal = f"holes={[_text(hole) for hole in holes]} board={_text(board[:3])}"
    assert ours["win_flop"].to_list() == pytest.approx(theirs, abs=1e-9), deal
    for column in EQUITY_COLUMNS:
        assert ours[column].sum() == pytest.approx(100.0), column


def test_a_hi_lo_turn_where_the_low_splits_matches_pokerkit() -> None:
    """Two hands holding the same low cards share the low half on every river that makes a low:
    quartered pots, which a plain "win or tie" count would get wrong."""
    holes = [
        parse_cards(hand).tolist()
        for hand in (["Ah", "2h", "Kc", "Kd"], ["As", "2s", "Qc", "Jd"], ["9h", "9s", "Tc", "Td"])
    ]
    board = parse_cards(["3c", "7d", "8s", "Kh", "4d"]).tolist()
    ours = _figures("Omaha Hi/Lo", holes, board)["win_turn"].to_list()
    theirs = _pokerkit_equity("Omaha Hi/Lo", holes, board[:4])
    assert ours == pytest.approx(theirs, abs=1e-9)
    assert ours[0] != ours[1]  # the kings' high half tells the two lows apart
