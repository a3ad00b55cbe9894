"""Win probabilities per street: against eval7 enumeration, on hand-made rounds, and the swings."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import eval7
import numpy as np
import polars as pl
import pytest

from pipeline.core.cards import format_card, parse_cards
from pipeline.core.evaluation import evaluator
from pipeline.core.probability.equity import equity
from pipeline.games.generate import deal_holdem, street_rows
from pipeline.games.poker.equity.street_equity import (
    EQUITY_COLUMNS,
    SWING_SCHEMA,
    estimate_seconds,
    street_equities,
)
from pipeline.games.poker.equity.swings import biggest_swings

CARD_LISTS = {"hole_ids": pl.List(pl.UInt8), "board_ids": pl.List(pl.UInt8)}


def reference_equity(holes: list[list[str]], board: list[str]) -> list[float]:
    """Equity in percent from a plain eval7 loop over every completion, ties split evenly."""
    used = {card for hole in holes for card in hole} | set(board)
    deck = [format_card(card) for card in range(52) if format_card(card) not in used]
    hands = [[eval7.Card(card) for card in hole] for hole in holes]
    known = [eval7.Card(card) for card in board]
    shares = [0.0] * len(holes)
    boards = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        full = known + [eval7.Card(card) for card in rest]
        scores = [eval7.evaluate(hand + full) for hand in hands]
        best = max(scores)
        winners = [index for index, score in enumerate(scores) if score == best]
        for index in winners:
            shares[index] += 1 / len(winners)
        boards += 1
    return [100 * share / boards for share in shares]


def round_rows(
    players: list[tuple[str, str, str, bool | None]],
    *,
    tournament: str | None = "T",
    round_id: str = "1",
) -> pl.DataFrame:
    """Rows of one round from ``(player, hole text, board text seen, folded)``."""
    return pl.DataFrame(
        {
            "tournament": [tournament] * len(players),
            "round": [round_id] * len(players),
            "player": [name for name, _, _, _ in players],
            "hole_ids": [parse_cards(hole.split()).tolist() for _, hole, _, _ in players],
            "board_ids": [parse_cards(board.split()).tolist() for _, _, board, _ in players],
            "folded": [folded for _, _, _, folded in players],
        },
        schema={
            "tournament": pl.String,
            "round": pl.String,
            "player": pl.String,
            **CARD_LISTS,
            "folded": pl.Boolean,
        },
    )


def percent_text(values: Sequence[float | None]) -> list[str]:
    return ["null" if value is None else f"{value:.2f}" for value in values]


@pytest.mark.parametrize(
    ("holes", "board"),
    [
        ([["Ah", "Kh"], ["Qs", "Qc"]], ["2h", "7h", "9d"]),
        ([["Ah", "Kh"], ["Qs", "Qc"]], ["2h", "7h", "9d", "Qd"]),
        ([["As", "Ad"], ["Ks", "Kd"], ["8c", "9c"]], ["Tc", "Jc", "2d"]),
        ([["5c", "4c"], ["Ah", "Ad"], ["Kh", "Qh"], ["9s", "9d"]], ["6c", "7c", "Jh"]),
        ([["Tc", "Jc"], ["Th", "Jh"]], ["2s", "3s", "4d", "9c"]),
        ([["Tc", "Jc"], ["Th", "Jh"], ["As", "Kd"]], ["Qs", "9s", "2c", "5s"]),
        (
            [["Ah", "Kh"], ["Qs", "Qc"], ["7d", "6d"], ["Jc", "Tc"], ["2s", "2h"], ["As", "9c"]],
            ["Js", "7h", "2d"],
        ),
        (
            [
                ["Ah", "Kh"],
                ["Qs", "Qc"],
                ["7d", "6d"],
                ["Jc", "Tc"],
                ["2s", "2h"],
                ["As", "9c"],
                ["8h", "8d"],
                ["Ks", "Qd"],
                ["5c", "4c"],
            ],
            ["3c", "7h", "9d"],
        ),
    ],
    ids=[
        "flop-2",
        "turn-2",
        "flop-3-draws",
        "flop-4",
        "turn-chop",
        "turn-3-flush",
        "flop-6",
        "flop-9",
    ],
)
def test_street_figures_match_eval7_enumeration_to_every_printed_digit(
    holes: list[list[str]], board: list[str]
) -> None:
    # Everyone saw the known board and never folded; the round's board is the known board.
    seen = " ".join(board)
    frame = street_equities(
        round_rows([(f"P{index}", " ".join(hole), seen, False) for index, hole in enumerate(holes)])
    )
    street = "win_flop" if len(board) == 3 else "win_turn"
    ours = frame[street].to_list()
    assert percent_text(ours) == percent_text(reference_equity(holes, board)), (
        f"{holes} on {board}: ours={ours}"
    )
    assert math.isclose(sum(value or 0.0 for value in ours), 100.0)
    if street == "win_flop":  # the round's board stops at the flop: no turn figures
        assert frame["win_turn"].null_count() == frame.height


def evaluator_preflop_equity(holes: list[list[str]]) -> list[float]:
    """Preflop equity in percent from :func:`pipeline.core.evaluation.evaluator.evaluate` on every
    seven-card hand of every board: a path that shares nothing with the multiset tables under
    test."""
    hole_ids = parse_cards(holes)
    deck = np.setdiff1d(np.arange(52, dtype=np.uint8), hole_ids.ravel())
    boards = deck[np.array(list(itertools.combinations(range(len(deck)), 5)), dtype=np.uint8)]
    strengths = np.stack(
        [
            evaluator.evaluate(np.hstack([np.broadcast_to(hole, (len(boards), 2)), boards]))
            for hole in hole_ids
        ]
    )
    winners = strengths == strengths.max(axis=0)
    return [float(value) for value in 100 * (winners / winners.sum(axis=0)).mean(axis=1)]


@pytest.mark.parametrize(
    "holes",
    [
        [["Ah", "Kh"], ["Qs", "Qc"]],
        [["As", "Ah"], ["Ks", "Kh"]],
        [["Ac", "Kd"], ["7h", "2s"]],
        [["9s", "8s"], ["9h", "8h"], ["Ad", "Kd"]],
    ],
    ids=["AKs-QQ", "AA-KK", "AKo-72o", "3-way-suited"],
)
def test_preflop_figures_match_a_plain_evaluation_of_every_board(holes: list[list[str]]) -> None:
    rows = round_rows(
        [(f"P{index}", " ".join(hole), "", False) for index, hole in enumerate(holes)]
    )
    figures = street_equities(rows)["win_preflop"].to_list()
    assert percent_text(figures) == percent_text(evaluator_preflop_equity(holes)), holes
    if holes == [["Ah", "Kh"], ["Qs", "Qc"]]:  # the figures every broadcast quotes
        assert percent_text(figures) == ["46.21", "53.79"]


def test_who_is_shown_at_each_street() -> None:
    board = "2h 7h 9d Qd 3h"
    rows = round_rows(
        [
            ("Ann", "Ah Kh", board, False),  # to the river
            ("Bob", "Qs Qc", board, False),  # to the river
            ("Cy", "7d 2c", "", True),  # folded before the flop: shown nowhere
            ("Dee", "Jc Tc", "2h 7h 9d", True),  # saw the flop only: shown preflop
            ("Eve", "8s 8d", "2h 7h 9d Qd", True),  # saw the turn: shown preflop and on the flop
        ]
    )
    frame = street_equities(rows)
    shown = {
        row["player"]: tuple(row[name] is not None for name in EQUITY_COLUMNS)
        for row in frame.iter_rows(named=True)
    }
    assert shown == {
        "Ann": (True, True, True),
        "Bob": (True, True, True),
        "Cy": (False, False, False),
        "Dee": (True, False, False),
        "Eve": (True, True, False),
    }
    for name in EQUITY_COLUMNS:
        assert math.isclose(frame[name].sum(), 100.0), name
    assert frame.columns == [*rows.columns, *EQUITY_COLUMNS]
    assert frame.drop(EQUITY_COLUMNS).equals(rows)
    flop = frame.filter(pl.col("win_flop").is_not_null())
    assert percent_text(flop["win_flop"].to_list()) == percent_text(
        reference_equity([["Ah", "Kh"], ["Qs", "Qc"], ["8s", "8d"]], ["2h", "7h", "9d"])
    )


def test_streets_not_reached_and_lone_players_are_null() -> None:
    rows = pl.concat(
        [
            # Nobody saw a flop: only preflop has figures.
            round_rows([("Ann", "Ah Kh", "", False), ("Bob", "Qs Qc", "", False)], round_id="1"),
            # The board stops at the turn: no river, figures preflop and on the flop and turn.
            round_rows(
                [("Ann", "Ah Kh", "2c 3d 4h 5s", False), ("Bob", "Qs Qc", "2c 3d 4h 5s", False)],
                round_id="2",
            ),
            # Bob folds before the flop: Ann is alone at every street.
            round_rows(
                [("Ann", "Ah Kh", "2c 3d 4h 5s 6c", False), ("Bob", "Qs Qc", "", True)],
                round_id="3",
            ),
            # A null tournament and a null fold flag (not folded) still make a round.
            round_rows(
                [("Ann", "Ah Kh", "", None), ("Bob", "Qs Qc", "", None)],
                round_id="4",
                tournament=None,
            ),
        ]
    )
    frame = street_equities(rows)
    table = {
        (row["round"], row["player"]): percent_text([row[name] for name in EQUITY_COLUMNS])
        for row in frame.iter_rows(named=True)
    }
    assert table[("1", "Ann")] == ["46.21", "null", "null"]
    assert "null" not in table[("2", "Ann")] + table[("2", "Bob")]
    assert table[("3", "Ann")] == table[("3", "Bob")] == ["null", "null", "null"]
    assert table[("4", "Ann")] == ["46.21", "null", "null"]


def test_turn_figures_on_a_board_that_stops_at_the_turn() -> None:
    board = "2c 3d 4h 5s"
    frame = street_equities(
        round_rows([("Ann", "Ah Kh", board, False), ("Bob", "Qs Qc", board, False)])
    )
    expected = reference_equity([["Ah", "Kh"], ["Qs", "Qc"]], board.split())
    assert percent_text(frame["win_turn"].to_list()) == percent_text(expected)


def test_biggest_swings_names_the_river_winners_lowest_street() -> None:
    board = "2h 7h 9d Qd 3h"
    rows = pl.concat(
        [
            # Ann (AhKh) hits a flush on the river against QQ: lowest on the turn, 15.91 %.
            round_rows(
                [
                    ("Ann", "Ah Kh", board, False),
                    ("Bob", "Qs Qc", board, False),
                    ("Cy", "7d 2c", "", True),
                ],
                round_id="1",
            ),
            # A split pot: both winners get a row.
            round_rows(
                [
                    ("Dee", "Tc Jc", "2s 3s 4d 9c 9h", False),
                    ("Eve", "Th Jh", "2s 3s 4d 9c 9h", False),
                ],
                round_id="2",
            ),
            # No river: no winner to show.
            round_rows(
                [("Fay", "Ac Ad", "2s 3s 4d", False), ("Gus", "Kc Kd", "2s 3s 4d", False)],
                round_id="3",
            ),
        ]
    )
    swings = biggest_swings(street_equities(rows))
    assert swings.schema == pl.Schema(SWING_SCHEMA)
    got = [(r, p, f"{low:.2f}", street) for _, r, p, low, street in swings.rows()]
    assert got == [
        ("1", "Ann", "15.91", "turn"),
        ("2", "Dee", "50.00", "preflop"),
        ("2", "Eve", "50.00", "preflop"),
    ]


def test_monte_carlo_preflop_is_seeded_and_within_its_margin() -> None:
    rows = round_rows([("Ann", "Ah Kh", "", False), ("Bob", "Qs Qc", "", False)])
    samples = 40_000
    first = street_equities(rows, samples=samples, seed=3)["win_preflop"].to_list()
    again = street_equities(rows, samples=samples, seed=3)["win_preflop"].to_list()
    margin = 196 * math.sqrt(0.25 / samples)  # the documented 95 % bound, in points
    assert first == again
    assert abs(first[0] - 46.2145) < margin, first
    assert math.isclose(first[0] + first[1], 100.0)


def test_a_generated_night_sums_to_100_at_every_street() -> None:
    deal = deal_holdem(rounds=40, players=6, seed=5)
    rounds = deal.holes.shape[0]
    rows = street_rows(deal, tournament="S")
    frame = street_equities(rows, samples=2_000)
    for name in EQUITY_COLUMNS:
        sums = frame.group_by("round").agg(pl.col(name).sum(), pl.col(name).count().alias("n"))
        shown = sums.filter(pl.col("n") >= 2)
        assert shown.height > 0, name
        np.testing.assert_allclose(shown[name].to_numpy(), 100.0, err_msg=name)
    assert estimate_seconds(rows) > estimate_seconds(rows, samples=2_000) > 0
    assert biggest_swings(frame).height >= rounds


def test_batched_turn_figures_are_those_of_one_equity_call_per_round() -> None:
    """The turn street is scored for all rounds at once; each figure is bit for bit the one a
    separate :func:`pipeline.core.probability.equity.equity` call on that round gives."""
    deal = deal_holdem(rounds=60, players=5, seed=9)
    rounds, players, _ = deal.holes.shape
    rows = pl.DataFrame(
        {
            "tournament": ["S"] * (rounds * players),
            "round": np.repeat(np.arange(1, rounds + 1), players).astype(str),
            "player": deal.names.reshape(-1),
            "hole_ids": deal.holes.reshape(-1, 2).tolist(),
            "board_ids": np.repeat(deal.boards, players, axis=0).tolist(),
            "folded": [False] * (rounds * players),
        },
        schema_overrides=CARD_LISTS,
    )
    frame = street_equities(rows)
    for number in range(rounds):
        holes = deal.holes[number]
        order = np.lexsort((holes[:, 1], holes[:, 0]))
        expected = np.empty(players)
        expected[order] = 100 * equity(holes[order], deal.boards[number][:4]).equity
        got = frame["win_turn"][number * players : (number + 1) * players].to_list()
        assert got == expected.tolist(), number
