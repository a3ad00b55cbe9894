"""Positions named as trackers name them, computed for a whole log at once, agree everywhere
with a readable reference that walks round the table one hand at a time."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.games.poker.logs.positions import MOST_SEATS, position
from pipeline.job.task.outputs import scored_frames, sheet_outputs
from pipeline.job.task.scoring import is_known_header, score_sheet, score_source
from pipeline.records import ROW_SCHEMA
from pipeline.sources import read_source

TOURNAMENT = Path(__file__).resolve().parents[2] / "input" / "tournament-900.txt"
AFTER_BIG_BLIND = ["UTG", "UTG+1", "UTG+2", "MP", "MP"]


def reference_positions(seats: list[int], button: int) -> dict[int, str]:
    """Walk clockwise from the button: BTN, SB, BB (heads-up BTN, BB), then name the rest from
    both ends: the cutoff last, the hijack before it, the middle position before that when
    four or more sit between the blinds and the button, and from the first: UTG, UTG+1, UTG+2
    (MP again at a tenth seat)."""
    ordered = sorted(seats, key=lambda seat: (seat - button) % 1_000)
    if len(ordered) == 2:
        return dict(zip(ordered, ["BTN", "BB"], strict=True))
    rest = ordered[3:]
    tail = ["HJ", "CO"][-len(rest) :] if rest else []
    if len(rest) >= 4:
        tail = ["MP", *tail]
    head = AFTER_BIG_BLIND[: len(rest) - len(tail)]
    return dict(zip(ordered, ["BTN", "SB", "BB", *head, *tail], strict=True))


def computed(seats: list[int], button: int | None) -> dict[int, str | None]:
    frame = pl.DataFrame({"hand": ["h"] * len(seats), "seat": seats})
    frame = frame.with_columns(pl.col("seat").is_in([button] if button else []).alias("button"))
    named = frame.select("seat", position(pl.col("seat"), pl.col("button"), ["hand"]).alias("p"))
    return dict(named.rows())


@pytest.mark.parametrize(
    ("seats", "button", "expected"),
    [
        ([3, 7], 7, {7: "BTN", 3: "BB"}),
        ([1, 2, 3], 2, {2: "BTN", 3: "SB", 1: "BB"}),
        ([1, 2, 5, 9], 9, {9: "BTN", 1: "SB", 2: "BB", 5: "CO"}),
        ([1, 2, 3, 4, 5, 6], 1, {1: "BTN", 2: "SB", 3: "BB", 4: "UTG", 5: "HJ", 6: "CO"}),
        (
            list(range(1, 10)),
            4,
            {
                4: "BTN",
                5: "SB",
                6: "BB",
                7: "UTG",
                8: "UTG+1",
                9: "UTG+2",
                1: "MP",
                2: "HJ",
                3: "CO",
            },
        ),
        ([2, 4, 6], None, {2: None, 4: None, 6: None}),
        ([5], 5, {5: None}),
    ],
    ids=[
        "heads-up",
        "three-handed",
        "four-with-gaps",
        "six-max",
        "nine-handed",
        "dead-button",
        "alone",
    ],
)
def test_positions(seats: list[int], button: int | None, expected: dict[int, str | None]) -> None:
    assert computed(seats, button) == expected, f"seats={seats} button={button}"


@given(
    st.sets(st.integers(1, 10), min_size=2, max_size=MOST_SEATS).flatmap(
        lambda seats: st.tuples(st.just(sorted(seats)), st.sampled_from(sorted(seats)))
    )
)
@settings(max_examples=200, deadline=None)
def test_the_vectorised_positions_agree_with_the_reference(case: tuple[list[int], int]) -> None:
    seats, button = case
    assert computed(seats, button) == reference_positions(seats, button), case


def test_a_log_gets_positions_net_and_the_table_size() -> None:
    result = score_source(read_source(TOURNAMENT, is_known_header), name=TOURNAMENT.name)
    rows = scored_frames(result)["poker"]
    hand = rows.filter(pl.col("round") == "1001").sort("seat")
    # a 9-max table once the reader reads it (record's columns), else the 4 seats dealt in
    seats = 9 if "table_size" in ROW_SCHEMA else 4
    assert hand.select("player", "position", "table_size", "net").rows() == [
        ("Ann", "BTN", seats, 150.0),
        ("Bob Smith", "SB", seats, -10.0),
        ("Cy: the [Kid]", "BB", seats, -140.0),
        ("Dee", "CO", seats, 0.0),
    ]
    assert rows.select((pl.col("net") == pl.col("won") - pl.col("put_in")).all()).item()
    (sheet,) = sheet_outputs(result, write_back=False)
    hands = sheet.table.filter(pl.col("hand_id") == "1001")
    assert hands.select("player", "position", "net").rows() == [
        ("Ann", "BTN", 150.0),
        ("Bob Smith", "SB", -10.0),
        ("Cy: the [Kid]", "BB", -140.0),
        ("Dee", "CO", 0.0),
    ]


def test_the_readers_new_columns_are_carried_when_the_rows_have_them() -> None:
    source = read_source(TOURNAMENT, is_known_header)
    (sheet,) = source.sheets
    frame = sheet.frame.with_columns(
        pl.lit("PokerStars").alias("site"),
        pl.lit("2020-01-01T17:00:00Z").alias("played_at"),  # as the reader writes it
        pl.lit("ET").alias("time_zone"),
        pl.lit("chips").alias("currency"),
        pl.lit("20.0").alias("big_blind"),
        pl.lit("tournament").alias("format"),
        pl.lit("1.1").alias("buy_in"),
        pl.lit("9").alias("table_size"),
        pl.lit("1.sb10 5.f").alias("actions"),
    )
    result = score_source(source, name=TOURNAMENT.name)
    result.sheets[0] = score_sheet(type(sheet)(sheet.name, frame, sheet.excel_rows))
    rows = scored_frames(result)["poker"]
    first = rows.row(0, named=True)
    assert str(first["played_at"]) == "2020-01-01 17:00:00+00:00"
    assert (first["site"], first["currency"], first["big_blind"], first["format"]) == (
        "PokerStars", "chips", 20.0, "tournament",
    )  # fmt: skip
    assert (first["table_size"], first["buy_in"], first["actions"]) == (9, 1.1, "1.sb10 5.f")
