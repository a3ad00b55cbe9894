"""The equity forecast prices each round under its game: deck size, hole cards, exactly two of
them, a low half, and sampled preflop only where the samples are fewer than the boards."""

from __future__ import annotations

import math

import polars as pl
import pytest

from pipeline.core.probability.equity import equity
from pipeline.core.rules import (
    HOLDEM,
    OMAHA,
    OMAHA_5,
    OMAHA_6,
    OMAHA_HI_LO,
    SHORT_DECK_HOLDEM,
    HandRules,
)
from pipeline.games.generate import deal_holdem, street_rows
from pipeline.games.poker.equity.equity_cost import boards_left, call_seconds_model
from pipeline.games.poker.equity.street_equity import estimate_seconds
from pipeline.games.poker.variants import DEFAULT_RULES

RULES = {
    "Hold'em": HOLDEM,
    "Short Deck": SHORT_DECK_HOLDEM,
    "Omaha": OMAHA,
    "Omaha 5": OMAHA_5,
    "Omaha 6": OMAHA_6,
    "Omaha Hi/Lo": OMAHA_HI_LO,
}


def _preflop_round(game: str, players: int) -> pl.DataFrame:
    """One round of ``game`` where every player sees the river."""
    rules = RULES[game]
    deal = deal_holdem(rounds=1, players=players, seed=3, rules=rules)
    rows = street_rows(deal).with_columns(pl.lit(game).alias("game"))
    board = deal.boards[0].tolist()
    return rows.with_columns(
        pl.Series("board_ids", [board] * players, dtype=pl.List(pl.UInt8)),
        pl.lit(False).alias("folded"),
    )


@pytest.mark.parametrize("game", list(RULES), ids=list(RULES))
@pytest.mark.parametrize("players", [2, 3, 6])
def test_boards_left_are_the_cores(game: str, players: int) -> None:
    rules = RULES[game]
    deal = deal_holdem(rounds=1, players=players, seed=1, rules=rules)
    for known in (0, 3, 4):
        counted = equity(deal.holes[0], deal.boards[0, :known], rules=rules, samples=1).boards
        exact = math.comb(rules.ranking.deck_size - players * rules.hole_cards - known, 5 - known)
        assert boards_left(rules, players, known) == exact, (game, players, known)
        assert counted == 1  # a sampled call scores its samples, the forecast its boards
        if known:
            assert equity(deal.holes[0], deal.boards[0, :known], rules=rules).boards == exact


def test_each_game_is_priced_by_its_rules() -> None:
    heads_up = {game: estimate_seconds(_preflop_round(game, 2)) for game in RULES}
    # a short deck has a ninth of Hold'em's boards; a low half costs more than the high alone
    assert heads_up["Short Deck"] < heads_up["Hold'em"] / 4
    assert heads_up["Omaha Hi/Lo"] > 2 * heads_up["Omaha"]
    # the default registry's rules are the ones priced
    assert (
        estimate_seconds(_preflop_round("Omaha", 2), rules_of_game=DEFAULT_RULES)
        == (heads_up["Omaha"])
    )
    # an Omaha flop or turn call builds a table per pair of hole cards: dearer than Hold'em's
    # on fewer boards, and dearer still with five or six hole cards
    for known in (3, 4):
        prices = [
            call_seconds_model(rules, 3, boards_left(rules, 3, known))
            for rules in (HOLDEM, OMAHA, OMAHA_5, OMAHA_6)
        ]
        assert prices == sorted(prices), known
        assert len(set(prices)) == len(prices), known


@pytest.mark.parametrize(
    ("rules", "players"),
    [(OMAHA_6, 6), (SHORT_DECK_HOLDEM, 6)],
    ids=["Omaha 6 six-handed", "short deck six-handed"],
)
def test_samples_beyond_the_boards_are_priced_as_the_exact_call_they_are(
    rules: HandRules, players: int
) -> None:
    """The core enumerates when asked for more samples than boards (Omaha 6 six-handed: 4,368
    boards); the forecast must not charge a sampled call's extra for it."""
    game = next(name for name, known in RULES.items() if known == rules)
    rows = _preflop_round(game, players)
    boards = boards_left(rules, players, 0)
    assert boards < 50_000
    holes = rows["hole_ids"].to_list()
    assert equity(holes, samples=boards + 1, rules=rules).exact
    assert estimate_seconds(rows, samples=boards + 1) == estimate_seconds(rows)
    assert estimate_seconds(rows, samples=boards // 10) != estimate_seconds(rows)


def test_a_sampled_preflop_pays_for_its_draws() -> None:
    """A drawn board costs more than an enumerated one, and a sampled call more than an exact
    one: 20,000 drawn boards are not priced as 20,000 enumerated ones."""
    boards = 20_000
    for rules in RULES.values():
        drawn = call_seconds_model(rules, 3, boards, sampled=True)
        enumerated = call_seconds_model(rules, 3, boards)
        assert drawn > 1.5 * enumerated, rules
