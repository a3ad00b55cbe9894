"""Big O (five-card Omaha Hi/Lo), declared as data: its names, a round sheet scored, and its
two halves ordered as pokerkit's ``OmahaHoldemHand`` and ``OmahaEightOrBetterLowHand`` order
them, from five hole cards."""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from pipeline.core.cards import format_hand
from pipeline.core.evaluation.hands import high_strengths, low_values
from pipeline.core.evaluation.low import NO_LOW
from pipeline.core.rules import OMAHA_5_HI_LO
from pipeline.games import GAME_OF_LAYOUT
from pipeline.games.base import ScoringOptions
from pipeline.games.layouts import detect_layout
from pipeline.games.poker.variants import canonical_game
from tests.core.test_evaluator import assert_same_ranking
from tests.core.test_low import low_heavy_deals


def test_big_o_is_known_by_its_names() -> None:
    for written in ("Big O", "big o", "5 Card Omaha Hi/Lo", "PLO8-5", "Pot Limit Big O"):
        assert canonical_game(written) == "Omaha 5 Hi/Lo", written


def test_a_big_o_round_splits_high_and_low() -> None:
    # Board 5h 6s Qc 7d 8h. Bob: 3c 4c with 5h 6s 7d, a straight to the Seven, the best high
    # (his Qs Qd with Qc make only three Queens). Ann: Kh Kd with Qc 8h 7d, a pair of Kings; As
    # 2d with 5h 6s 7d, 7-6-5-2-A, the best low (Bob's 3c 4c make 7-6-5-4-3). Exactly two hole
    # cards in each half: Ann's 9c with the board's 5-6-7-8 is no straight.
    sheet = pl.DataFrame(
        {"round": ["1", "1"], "game": ["Big O", "Big O"], "player": ["Ann", "Bob"],
         "hole": ["As 2d Kh Kd 9c", "3c 4c Qs Qd Jh"],
         "board": ["5h 6s Qc 7d 8h"] * 2}
    )  # fmt: skip
    layout = detect_layout(sheet.columns)
    assert layout is not None
    scored, issues = GAME_OF_LAYOUT[layout.kind].score(sheet, layout, ScoringOptions())
    assert issues.height == 0, issues.rows()
    rows = {row["player"]: row for row in scored.iter_rows(named=True)}
    assert rows["Bob"]["hand_detail"] == "Straight (Seven high)"
    assert rows["Ann"]["hand_detail"] == "Pair (Kings)"
    assert (rows["Bob"]["winner"], rows["Ann"]["low_winner"]) == (True, True)
    assert rows["Ann"]["low_hand"] == "7-6-5-2-A"
    assert (rows["Ann"]["share"], rows["Bob"]["share"]) == (0.5, 0.5)


def test_both_halves_order_as_pokerkit_from_five_hole_cards() -> None:
    from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

    holes, boards = low_heavy_deals(55, 400, 5, 5)
    highs = high_strengths(OMAHA_5_HI_LO, holes, boards).astype(np.int64)
    lows = low_values(OMAHA_5_HI_LO, holes, boards).astype(np.int64)
    kit_high: list[Any] = []
    kit_low: list[Any] = []
    for hole, board in zip(holes, boards, strict=True):
        hole_text, board_text = (format_hand(cards).replace(" ", "") for cards in (hole, board))
        kit_high.append(OmahaHoldemHand.from_game(hole_text, board_text))
        try:
            kit_low.append(OmahaEightOrBetterLowHand.from_game(hole_text, board_text))
        except ValueError:
            kit_low.append(None)
    cards = np.hstack([holes, boards])
    place = {hand: i for i, hand in enumerate(sorted(set(kit_high)))}
    assert_same_ranking(cards, highs, np.array([place[hand] for hand in kit_high]), "pokerkit")
    assert [hand is None for hand in kit_low] == (lows == NO_LOW).tolist()
    qualifying = [i for i, hand in enumerate(kit_low) if hand is not None]
    assert len(qualifying) > 100
    low_place = {hand: i for i, hand in enumerate(sorted({kit_low[i] for i in qualifying}))}
    theirs = np.array([low_place[kit_low[i]] for i in qualifying])
    assert_same_ranking(cards[qualifying], -lows[qualifying], theirs, "pokerkit")
