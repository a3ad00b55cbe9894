"""The declared rankings and rules: the same as the reference writes them, and refused when
they make no sense."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pipeline.core.cards import RANKS
from pipeline.core.evaluation import hand_tables
from pipeline.core.rules import (
    HOLDEM,
    OMAHA,
    OMAHA_5,
    OMAHA_6,
    OMAHA_HI_LO,
    SHORT_DECK,
    SHORT_DECK_HOLDEM,
    SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS,
    SHORT_DECK_STRAIGHT_OVER_TRIPS,
    STANDARD,
    HandRanking,
    HandRules,
    LowRule,
)
from tests import reference


@pytest.mark.parametrize(
    ("ranking", "ref"),
    [
        (STANDARD, reference.STANDARD),
        (SHORT_DECK, reference.SHORT_DECK),
        (SHORT_DECK_STRAIGHT_OVER_TRIPS, reference.SHORT_DECK_STRAIGHT_OVER_TRIPS),
    ],
    ids=["standard", "short-deck", "short-deck-alt"],
)
def test_rankings_are_the_ones_the_reference_writes(
    ranking: HandRanking, ref: reference.Ranking
) -> None:
    assert ranking.order == ref.order
    assert ranking.ranks == tuple(range(ref.lowest, 13))
    assert ranking.deck == tuple(range(4 * ref.lowest, 52))


def test_straights_follow_from_the_deck() -> None:
    def text(ranking: HandRanking) -> list[str]:
        return ["".join(RANKS[rank] for rank in window) for window in ranking.straights]

    assert text(STANDARD) == [
        "AKQJT",
        "KQJT9",
        "QJT98",
        "JT987",
        "T9876",
        "98765",
        "87654",
        "76543",
        "65432",
        "5432A",
    ]
    assert text(SHORT_DECK) == ["AKQJT", "KQJT9", "QJT98", "JT987", "T9876", "9876A"]


def test_each_ranking_has_its_own_tables_and_cache_key() -> None:
    keys = {
        hand_tables.cache_key(r) for r in (STANDARD, SHORT_DECK, SHORT_DECK_STRAIGHT_OVER_TRIPS)
    }
    assert len(keys) == 3
    assert hand_tables.n_strengths(STANDARD) == 7462
    assert hand_tables.rank_mask(SHORT_DECK) == (1 << 17) - 1


def test_rules_constants() -> None:
    assert (HOLDEM.hole_cards, HOLDEM.hole_cards_used, HOLDEM.board_sizes) == (2, None, (3, 4, 5))
    assert [rules.hole_cards for rules in (OMAHA, OMAHA_5, OMAHA_6)] == [4, 5, 6]
    assert {rules.hole_cards_used for rules in (OMAHA, OMAHA_5, OMAHA_6, OMAHA_HI_LO)} == {2}
    assert OMAHA_HI_LO.low == LowRule(8) and OMAHA.low is None
    assert SHORT_DECK_HOLDEM.ranking is SHORT_DECK
    assert SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS.ranking is SHORT_DECK_STRAIGHT_OVER_TRIPS


@pytest.mark.parametrize(
    ("make", "message"),
    [
        pytest.param(
            lambda: HandRanking((4, 3, 5, 6, 12), STANDARD.order), "ascending", id="unsorted"
        ),
        pytest.param(lambda: HandRanking((0, 1, 2, 3, 4), STANDARD.order), "ace", id="no-ace"),
        pytest.param(lambda: HandRanking((8, 12), STANDARD.order), "five ranks", id="too-few"),
        pytest.param(lambda: HandRanking(STANDARD.ranks, (0, 1, 2)), "each category", id="order"),
        pytest.param(lambda: HandRules(STANDARD, hole_cards=4), "5 to 7", id="holdem-eight"),
        pytest.param(
            lambda: HandRules(STANDARD, hole_cards=4, hole_cards_used=3), "1 or 2", id="used-3"
        ),
        pytest.param(
            lambda: HandRules(STANDARD, hole_cards=1, hole_cards_used=2), "1 or 2", id="used-2-of-1"
        ),
        pytest.param(lambda: LowRule(4), "five ranks", id="low-4"),
        pytest.param(lambda: LowRule(9), "8 or lower", id="low-9"),
    ],
)
def test_nonsense_is_refused(make: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()
