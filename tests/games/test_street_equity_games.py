"""Win % per street for Omaha, Omaha Hi/Lo and short deck, against a plain enumeration over the
readable reference (tests/reference.py), and the budget's forecast per game."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import polars as pl
import pytest

from pipeline.core.cards import format_cards, parse_cards
from pipeline.core.rules import (
    OMAHA,
    OMAHA_HI_LO,
    SHORT_DECK_HOLDEM,
    SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS,
)
from pipeline.games import GAME_OF_LAYOUT
from pipeline.games.base import EquityOptions, ScoredSheet, ScoringOptions
from pipeline.games.layouts import detect_layout
from pipeline.games.poker.equity.street_equity import (
    EQUITY_COLUMNS,
    estimate_seconds,
    street_equities,
)
from tests import reference

GAMES = {  # canonical name: rules, the reference's ranking, used hole cards (None: any)
    "Omaha": (OMAHA, reference.STANDARD, 2),
    "Omaha Hi/Lo": (OMAHA_HI_LO, reference.STANDARD, 2),
    "Short Deck": (SHORT_DECK_HOLDEM, reference.SHORT_DECK, None),
}


def _shares(game: str, holes: list[list[int]], board: list[int]) -> list[Fraction]:
    """Each hand's share of the pot on a whole board, by the reference's rules."""
    rules, ranking, used = GAMES[game]
    if used is None:
        highs = [reference.best_key([*hole, *board], ranking) for hole in holes]
    else:
        highs = [reference.omaha_key(hole, board, ranking, used) for hole in holes]
    high_winners = [key == max(highs) for key in highs]
    shares = [Fraction(int(won), sum(high_winners)) for won in high_winners]
    lows = [reference.omaha_low_key(hole, board) for hole in holes] if rules.low else []
    qualifying = [low for low in lows if low is not None]
    if qualifying:
        low_winners = [low == min(qualifying) for low in lows]
        shares = [
            share / 2 + Fraction(int(won), 2 * sum(low_winners))
            for share, won in zip(shares, low_winners, strict=True)
        ]
    return shares


def _reference_equity(game: str, holes: list[list[int]], known: list[int]) -> list[float]:
    """Expected share of the pot in percent over every completion of the board."""
    rules = GAMES[game][0]
    used = {card for hole in holes for card in hole} | set(known)
    deck = [card for card in rules.ranking.deck if card not in used]
    totals = [Fraction(0)] * len(holes)
    boards = 0
    for rest in itertools.combinations(deck, 5 - len(known)):
        shares = _shares(game, holes, [*known, *rest])
        totals = [total + share for total, share in zip(totals, shares, strict=True)]
        boards += 1
    return [float(100 * total / boards) for total in totals]


def _round(game: str, players: int, seed: int) -> tuple[pl.DataFrame, list[list[int]], list[int]]:
    rules = GAMES[game][0]
    cards = random.Random(seed).sample(list(rules.ranking.deck), players * rules.hole_cards + 5)
    holes = [cards[k * rules.hole_cards : (k + 1) * rules.hole_cards] for k in range(players)]
    board = cards[-5:]
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
        schema_overrides={"hole_ids": pl.List(pl.UInt8), "board_ids": pl.List(pl.UInt8)},
    )
    return rows, holes, board


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_turn_figures_are_the_reference_enumeration(game: str, seed: int) -> None:
    rows, holes, board = _round(game, players=3, seed=seed)
    figures = street_equities(rows)
    expected = _reference_equity(game, holes, board[:4])
    assert figures["win_turn"].to_list() == pytest.approx(expected)
    for column in EQUITY_COLUMNS:
        assert figures[column].sum() == pytest.approx(100.0)


def test_short_deck_flop_figures_are_the_reference_enumeration() -> None:
    rows, holes, board = _round("Short Deck", players=2, seed=7)
    figures = street_equities(rows)
    assert figures["win_flop"].to_list() == pytest.approx(
        _reference_equity("Short Deck", holes, board[:3])
    )


def test_the_short_deck_rule_set_reaches_the_figures() -> None:
    # Trips against an open-ended straight draw that has already hit on the turn: the river
    # cannot change who leads, only the rule set decides who wins.
    rows = pl.DataFrame(
        {
            "tournament": ["T", "T"], "round": ["1", "1"], "game": ["Short Deck"] * 2,
            "player": ["Trips", "Straight"],
            "hole_ids": [parse_cards(["Qs", "Qd"]).tolist(), parse_cards(["Ts", "9c"]).tolist()],
            "board_ids": [parse_cards(["Qh", "Jd", "8c", "6s", "Ah"]).tolist()] * 2,
            "folded": [False, False],
        },
        schema_overrides={"hole_ids": pl.List(pl.UInt8), "board_ids": pl.List(pl.UInt8)},
    )  # fmt: skip
    trips_first = street_equities(rows)["win_turn"].to_list()
    other = {"Short Deck": SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS}
    straights_first = street_equities(rows, rules_of_game=other)["win_turn"].to_list()
    assert trips_first[0] > 50 > straights_first[0]


def _plo_night(rounds: int) -> pl.DataFrame:
    generator = random.Random(60)
    deck = format_cards(range(52))
    rows = []
    for number in range(1, rounds + 1):
        cards = generator.sample(deck, 3 * 4 + 5)
        for seat in range(3):
            hole = " ".join(cards[seat * 4 : seat * 4 + 4])
            rows.append((str(number), "PLO", f"P{seat}", hole, " ".join(cards[-5:])))
    return pl.DataFrame(rows, schema=["round", "game", "player", "hole", "board"], orient="row")


def test_a_plo_night_fits_the_budget_or_samples_its_preflop_as_forecast() -> None:
    night = _plo_night(30)
    layout = detect_layout(night.columns)
    assert layout is not None
    game = GAME_OF_LAYOUT[layout.kind]
    exact, _ = game.score(night, layout, ScoringOptions(EquityOptions(budget_seconds=600)))
    assert exact["equity_exact"].all()
    scored, _ = game.score(night, layout, ScoringOptions())
    forecast = estimate_seconds(scored)
    assert forecast > estimate_seconds(scored.with_columns(pl.lit("Hold'em").alias("game")))
    tight = EquityOptions(budget_seconds=forecast / 2, samples=2_000)
    sampled, _ = game.score(night, layout, ScoringOptions(tight))
    assert not sampled["equity_exact"].any()
    # the flop and the turn are exact either way; the sampled preflop is near the exact one
    assert sampled["win_flop"].to_list() == pytest.approx(exact["win_flop"].to_list())
    gaps = (sampled["win_preflop"] - exact["win_preflop"]).abs()
    sigma = 100 * (0.25 / 2_000) ** 0.5  # the worst case, a figure of 50 %
    assert gaps.median() < 1.96 * sigma
    assert gaps.max() < 5 * sigma
    blocks = dict(game.summary([ScoredSheet("night", layout, exact)]))
    assert blocks["Biggest swings"].height > 0


def test_the_swings_of_a_sheet_of_several_tables_name_the_table_and_the_game() -> None:
    plo = _plo_night(6).with_columns(pl.lit("1").alias("table"))
    six = pl.DataFrame(
        {
            "round": ["1", "1"], "game": ["6+", "6+"], "player": ["Ann", "Bob"],
            "hole": ["Ah Kh", "Qs Qc"], "board": ["Qh Jh 7c 6d Th"] * 2, "table": ["2", "2"],
        }
    )  # fmt: skip
    night = pl.concat([plo, six], how="diagonal")
    layout = detect_layout(night.columns)
    assert layout is not None
    game = GAME_OF_LAYOUT[layout.kind]
    scored, issues = game.score(night, layout, ScoringOptions(EquityOptions()))
    assert issues.height == 0
    swings = dict(game.summary([ScoredSheet("night", layout, scored)]))["Biggest swings"]
    assert swings.columns[:5] == ["sheet", "tournament", "table", "game", "round"]
    by_table = dict(swings.select("table", "game").unique().iter_rows())
    assert by_table == {"1": "Omaha", "2": "Short Deck"}  # Ann's river flush came from behind
