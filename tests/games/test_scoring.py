"""The polars entry points score through the evaluator and keep nulls as nulls."""

from __future__ import annotations

import numpy as np
import polars as pl

from pipeline.core.cards import parse_hand
from pipeline.core.evaluation import evaluator
from pipeline.games.poker.scoring.expressions import PokerExpressions, strength_series


def test_series_of_mixed_sizes_and_nulls_matches_the_evaluator() -> None:
    hands = [
        "Kc 9s Ks Kd 9d 3c 6d",
        "As Ks Qs Js Ts",
        None,
        "2c 3d",
        "9c Ah Ks Kd 9d 3c",
    ]
    cards = pl.Series(
        "cards",
        [None if hand is None else parse_hand(hand).tolist() for hand in hands],
        dtype=pl.List(pl.UInt8),
    )
    got = strength_series(cards).to_list()
    expected = [
        None
        if hand is None or len(hand.split()) < 5
        else int(evaluator.evaluate([parse_hand(hand)])[0])
        for hand in hands
    ]
    assert got == expected
    assert got[2] is None and got[3] is None


def test_expression_namespace_in_a_frame() -> None:
    rng = np.random.default_rng(3)
    hands = np.argsort(rng.random((500, 52)), axis=1)[:, :7].astype(np.uint8)
    frame = pl.DataFrame({"cards": hands.tolist()}, schema={"cards": pl.List(pl.UInt8)})
    scored = frame.with_columns(
        # The registered namespace is dynamic, so mypy cannot see it.
        strength=pl.col("cards").poker.strength(),  # type: ignore[attr-defined]
        hand=PokerExpressions(pl.col("cards")).hand(),
        detail=PokerExpressions(pl.col("cards")).describe(),
    )
    strengths = evaluator.evaluate(hands)
    assert scored["strength"].to_list() == strengths.tolist()
    assert scored["hand"].to_list() == evaluator.category_names(strengths)
    assert scored["detail"].to_list() == evaluator.describe(strengths)
