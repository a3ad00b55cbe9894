"""Card notation: every accepted spelling, every error message, and the round trip."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.core.cards import (
    INVALID_CARD,
    CardError,
    format_cards,
    parse_card,
    parse_cards,
    try_parse_cards,
)


@pytest.mark.parametrize(
    ("token", "card_id"),
    [
        ("2c", 0),
        ("2d", 1),
        ("2h", 2),
        ("2s", 3),
        ("As", 51),
        ("Kc", 44),
        ("Td", 33),
        ("td", 33),
        ("10d", 33),
        ("10D", 33),
        ("aS", 51),
        ("Q♥", 42),
        ("j♣", 36),
        ("9♦", 29),
        ("A♠", 51),
        (" Kc ", 44),
    ],
    ids=lambda value: repr(value),
)
def test_accepted_spellings(token: str, card_id: int) -> None:
    assert parse_card(token) == card_id


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("Jx", "not a legal card suit 'x' in 'Jx'"),
        ("1h", "not a legal card rank '1' in '1h'"),
        ("J", "'J' is not a card: expected a rank then a suit"),
        ("", "'' is not a card: expected a rank then a suit"),
        ("10", "'10' is not a card: expected a rank then a suit"),
        ("Kdd", "'Kdd' is not a card: expected a rank then a suit"),
        ("11h", "not a legal card rank '1' in '11h'"),
        ("Zs", "not a legal card rank 'Z' in 'Zs'"),
    ],
    ids=lambda value: repr(value),
)
def test_error_messages(token: str, message: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_card(token)
    assert str(caught.value) == message


def test_vectorised_parse_keeps_shape_and_flags_bad_tokens() -> None:
    ids = parse_cards([["Ah", "Kd"], ["2c", "Ts"]])
    assert ids.dtype == np.uint8
    assert ids.tolist() == [[50, 45], [0, 35]]
    flagged, problems = try_parse_cards(["Ah", "Xx", "Ah"])
    assert flagged.tolist() == [50, INVALID_CARD, 50]
    assert problems == [None, "not a legal card rank 'X' in 'Xx'", None]
    with pytest.raises(CardError, match="'Xx'"):
        parse_cards(["Ah", "Xx"])


@given(st.lists(st.integers(0, 51), max_size=60))
def test_format_then_parse_round_trips(card_ids: list[int]) -> None:
    assert parse_cards(format_cards(card_ids)).tolist() == card_ids


def test_every_card_has_one_canonical_name() -> None:
    names = format_cards(range(52))
    assert len(set(names)) == 52
    assert names[:4] == ["2c", "2d", "2h", "2s"]
    with pytest.raises(CardError, match="52"):
        format_cards([52])
