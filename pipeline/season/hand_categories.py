"""Hands made at showdown against each game's exact category frequencies.

A game's showdown hands with every card dealt (``hole_cards + board_cards`` cards in ``cards``:
seven in Hold'em, nine in Omaha) are put in categories under that game's ranking (a short deck
ranks a flush above a full house) and compared with the game's exact frequencies
(:func:`pipeline.core.probability.hand_odds.hand_odds`).  The interval is the 95 % Wilson score
interval of the observed proportion; a category is flagged when the exact probability lies outside
it. Hands kept to showdown are not random hands (weak ones are folded more), so flags are expected
in a long season; the sheet shows by how much.  Omaha Hi/Lo and Stud Hi/Lo are compared on their
high hand; Razz, the draw games and Badugi on their own categories (``'7 low'``, ``'Pair'``,
``'Badugi'``), counted the same way over every hand.

The rules of each game come in as a parameter (``rules_of_game``): the season layer does not
know the games; the command passes the games registry's table.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np
import polars as pl

from pipeline.core.evaluation import hands
from pipeline.core.probability.hand_odds import hand_odds
from pipeline.core.rules import HOLDEM, HandRules
from pipeline.season.scan import DEFAULT_GAME

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""

HOLDEM_ONLY: Mapping[str, HandRules] = {DEFAULT_GAME: HOLDEM}
"""The rules known without the games registry: Hold'em's."""

CATEGORY_SCHEMA: dict[str, pl.DataType] = {
    "game": pl.String(),
    "category": pl.String(),
    "observed": pl.Int64(),
    "expected": pl.Float64(),
    "observed %": pl.Float64(),
    "expected %": pl.Float64(),
    "low 95 %": pl.Float64(),
    "high 95 %": pl.Float64(),
    "outside 95 %": pl.Boolean(),
}


def wilson_interval(count: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion ``count / n`` (``(0, 1)`` when n=0).

    >>> [round(bound, 4) for bound in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    """
    if n == 0:
        return 0.0, 1.0
    share = count / n
    denominator = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == n else min(1.0, centre + half)
    return low, high


def game_categories(game: str, strengths: np.ndarray, rules: HandRules) -> list[dict[str, object]]:
    """One record per category of ``game``: observed count of ``strengths`` (final hands under
    ``rules``) against the game's exact frequency."""
    chances = hand_odds(rules).probabilities()
    # the game's own categories (a lowball game's '7 low', 'Pair'; Badugi's 'Three-card hand'),
    # in the order of its exact odds, weakest first
    # a category no hand can be (Razz's trips: seven cards always play a better five) is left out
    count_of = {name: 0 for name, chance in chances.items() if chance > 0}
    distinct, times = np.unique(np.asarray(strengths, dtype=np.int64), return_counts=True)
    for name, count in zip(hands.category_names(rules, distinct), times.tolist(), strict=True):
        count_of[name] += count
    n = int(times.sum())
    records: list[dict[str, object]] = []
    for name, count in count_of.items():
        probability = float(chances[name])
        low, high = wilson_interval(count, n)
        records.append(
            {
                "game": game,
                "category": name,
                "observed": count,
                "expected": n * probability,
                "observed %": count / n if n else None,
                "expected %": probability,
                "low 95 %": low if n else None,
                "high 95 %": high if n else None,
                "outside 95 %": bool(n) and not low <= probability <= high,
            }
        )
    return records


def categories_per_game(
    rows: pl.DataFrame, rules_of_game: Mapping[str, HandRules]
) -> tuple[pl.DataFrame, tuple[str, ...]]:
    """Every game's block of categories (games in order of first appearance), and the games
    played that ``rules_of_game`` does not know (their hands are not compared)."""
    games = rows.get_column("game").unique(maintain_order=True).to_list() or [DEFAULT_GAME]
    records: list[dict[str, object]] = []
    unknown: list[str] = []
    dealt = pl.col("cards").str.count_matches(r"\S+")
    for game in games:
        rules = rules_of_game.get(game)
        if rules is None:
            unknown.append(game)
            continue
        made = rows.filter(
            pl.col("showdown")
            & (pl.col("game") == game)
            & (dealt == rules.hole_cards + rules.board_cards)
        )["strength"].to_numpy()
        records.extend(game_categories(game, made, rules))
    return pl.DataFrame(records, schema=CATEGORY_SCHEMA), tuple(unknown)


__all__ = ["HOLDEM_ONLY", "categories_per_game", "game_categories", "wilson_interval"]
