"""Exact equity: against a plain enumeration over eval7 and eval7's own exact equity."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys

import eval7
import numpy as np
import pytest

from pipeline.core.cards import format_card, parse_cards
from pipeline.core.evaluation import evaluator
from pipeline.core.probability.equity import combinations_array, equity, showdown_strengths
from pipeline.core.probability.turn_equity import turn_equities


def eval7_enumeration(holes: list[list[str]], board: list[str]) -> tuple[list[float], list[float]]:
    """Win and tie fractions by looping over every completion of the board with eval7."""
    used = {card for hole in holes for card in hole} | set(board)
    deck = [format_card(card) for card in range(52) if format_card(card) not in used]
    wins = [0] * len(holes)
    ties = [0] * len(holes)
    boards = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        full = [eval7.Card(card) for card in [*board, *rest]]
        scores = [eval7.evaluate([eval7.Card(card) for card in hole] + full) for hole in holes]
        best = max(scores)
        winners = [index for index, score in enumerate(scores) if score == best]
        for index in winners:
            if len(winners) == 1:
                wins[index] += 1
            else:
                ties[index] += 1
        boards += 1
    return [w / boards for w in wins], [t / boards for t in ties]


@pytest.mark.parametrize(
    ("holes", "board"),
    [
        ([["Ah", "Kh"], ["Qs", "Qc"]], ["2c", "7d", "9h"]),
        ([["Ah", "Kh"], ["Qs", "Qc"], ["2d", "2h"]], ["2c", "7d", "9h"]),
        ([["As", "Ks"], ["Ad", "Kd"]], ["2s", "7s", "9h", "Tc"]),
        ([["5c", "4c"], ["Ah", "Ad"], ["Kh", "Qh"], ["9s", "9d"]], ["6c", "7c", "Jh"]),
        ([["Tc", "Jc"], ["2h", "2s"]], ["Qc", "Kc", "2d", "3s", "4s"]),
    ],
    ids=["flop-heads-up", "flop-3-way", "turn-split", "flop-4-way", "river"],
)
def test_agrees_with_eval7_enumeration_to_every_printed_digit(
    holes: list[list[str]], board: list[str]
) -> None:
    result = equity(parse_cards(holes), parse_cards(board))
    wins, ties = eval7_enumeration(holes, board)
    np.testing.assert_allclose(result.win, wins, atol=1e-12, err_msg=f"{holes} on {board}")
    np.testing.assert_allclose(result.tie, ties, atol=1e-12, err_msg=f"{holes} on {board}")
    assert np.isclose(result.equity.sum(), 1.0)


def test_heads_up_preflop_matches_the_broadcast_figures() -> None:
    result = equity(parse_cards([["Ah", "Kh"], ["Qs", "Qc"]]))
    assert result.boards == 1_712_304
    assert [f"{100 * value:.2f}" for value in result.equity] == ["46.21", "53.79"]
    assert [f"{100 * value:.2f}" for value in result.tie] == ["0.39", "0.39"]
    # Preflop completions reuse the flop path checked against eval7 above; the figures are the
    # ones every broadcast quotes for this matchup.
    assert result.win[0] + result.win[1] + result.tie[0] == pytest.approx(1.0)


def test_monte_carlo_is_seeded_and_within_its_margin() -> None:
    holes = parse_cards([["Ah", "Kh"], ["Qs", "Qc"]])
    first = equity(holes, samples=20_000, seed=7)
    again = equity(holes, samples=20_000, seed=7)
    exact = equity(holes, parse_cards(["2c", "7d", "9h"]))
    assert not first.exact and first.boards == 20_000
    np.testing.assert_array_equal(first.equity, again.equity)
    assert abs(first.equity[0] - 0.4621) < first.margin
    assert exact.exact and exact.margin == 0.0


def test_dead_cards_leave_the_deck() -> None:
    holes = parse_cards([["Ah", "Kh"], ["Qs", "Qc"]])
    board = parse_cards(["2c", "7d", "9h", "Qd"])
    assert equity(holes, board).boards == 44
    assert equity(holes, board, parse_cards(["Qh"])).boards == 43


@pytest.mark.parametrize(
    ("holes", "board", "message"),
    [
        ([["Ah", "Kh"], ["Ah", "Qc"]], [], "card 'Ah' is dealt twice"),
        ([["Ah", "Kh"]], [], "expected 2 to 10 hands of 2 hole cards, got 1 hand"),
        ([["Ah", "Kh"], ["Qs", "Qc"]], ["2c"], "a board holds 0, 3, 4 or 5 cards, got 1"),
    ],
    ids=["dealt-twice", "one-player", "bad-board"],
)
def test_bad_deals_raise(holes: list[list[str]], board: list[str], message: str) -> None:
    with pytest.raises(ValueError) as caught:
        equity(parse_cards(holes), parse_cards(board))
    assert str(caught.value) == message


def test_combinations_array_counts() -> None:
    assert combinations_array(48, 5).shape == (1_712_304, 5)
    assert combinations_array(5, 0).shape == (1, 0)
    assert (np.diff(combinations_array(10, 3).astype(int), axis=1) > 0).all()


def test_cli_prints_the_table() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pipeline", "equity", "AhKh", "QsQc", "--board", "2c7d9h"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["hand", "win", "%", "tie", "%", "equity", "%"]
    assert lines[-1] == "boards: 990 (exact)"
    bad = subprocess.run(
        [sys.executable, "-m", "pipeline", "equity", "AhKh", "AhQc"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (bad.returncode, bad.stderr) == (2, "Error: card 'Ah' is dealt twice\n")


@pytest.mark.parametrize("seed", range(24))
def test_showdown_strengths_agree_with_evaluate_shared_on_random_deals(seed: int) -> None:
    rng = np.random.default_rng(seed)
    players = int(rng.integers(2, 11))
    known = [0, 3, 4, 5][seed % 4]
    cards = rng.permutation(52).astype(np.uint8)
    holes = cards[: 2 * players].reshape(players, 2)
    board = cards[2 * players : 2 * players + known]
    dead = cards[2 * players + known : 2 * players + known + int(rng.integers(0, 4))]
    deck = np.setdiff1d(np.arange(52, dtype=np.uint8), np.concatenate([holes.ravel(), board, dead]))
    combos = combinations_array(len(deck), 5 - known)
    rows = None
    if len(combos) > 20_000:  # preflop: a random subset of boards keeps the test quick
        rows = np.sort(rng.choice(len(combos), size=20_000, replace=False)).astype(np.intp)
        combos = combos[rows]
    boards = np.hstack([np.broadcast_to(board, (len(combos), known)), deck[combos]])
    expected = evaluator.evaluate_shared(holes, boards)
    got = showdown_strengths(holes, board, deck, rows)
    mismatch = np.argwhere(got != expected)
    assert not mismatch.size, (
        f"seed={seed}: hand {holes[mismatch[0][0]].tolist()} on board "
        f"{boards[mismatch[0][1]].tolist()}: got {got[tuple(mismatch[0])]} "
        f"expected {expected[tuple(mismatch[0])]}"
    )


# --- many turn deals at once ------------------------------------------------------------------


def _random_turn_deals(
    count: int, seed: int
) -> tuple[list[np.ndarray[tuple[int, int], np.dtype[np.uint8]]], np.ndarray]:
    rng = np.random.default_rng(seed)
    holes, boards = [], []
    for _ in range(count):
        players = int(rng.integers(2, 11))
        cards = rng.permutation(52)[: 2 * players + 4].astype(np.uint8)
        holes.append(cards[: 2 * players].reshape(players, 2))
        boards.append(cards[2 * players :])
    return holes, np.array(boards, dtype=np.uint8)


def test_turn_equities_are_bit_for_bit_those_of_equity() -> None:
    holes, boards = _random_turn_deals(600, seed=11)
    # Boards that split pots often: a straight or a paired board the hole cards cannot beat.
    chopped = parse_cards([["Ts", "Js", "Qd", "Kh"], ["2c", "2d", "2h", "2s"]])
    holes += [parse_cards([["Ac", "3d"], ["Ad", "4c"], ["5h", "6h"]])] * 2
    boards = np.vstack([boards, chopped])
    results = turn_equities(holes, boards)
    assert len(results) == len(holes)
    tied = 0
    for hole, board, result in zip(holes, boards, results, strict=True):
        expected = equity(hole, board)
        assert result.tolist() == expected.equity.tolist()
        tied += bool((expected.tie > 0).any())
    assert tied >= 2  # the tie branch was taken


def test_turn_equities_in_several_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    from pipeline.core.probability import turn_equity as turn_equity_module

    holes, boards = _random_turn_deals(50, seed=5)
    whole = turn_equities(holes, boards)
    monkeypatch.setattr(turn_equity_module, "_TURN_BATCH", 7)
    batched = turn_equities(holes, boards)
    assert [r.tolist() for r in whole] == [r.tolist() for r in batched]
    assert turn_equities([], np.zeros((0, 4), dtype=np.uint8)) == []


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        pytest.param([[0, 1], [2, 3]], [4, 5, 6, 0], id="card-twice"),
        pytest.param([[0, 1], [2, 3]], [4, 5, 6, 60], id="out-of-range"),
        pytest.param([[0, 1]], [4, 5, 6, 7], id="one-player"),
        pytest.param([[0, 1, 2], [3, 4, 5]], [6, 7, 8, 9], id="three-hole-cards"),
    ],
)
def test_turn_equities_reject_what_equity_rejects(hole: list[list[int]], board: list[int]) -> None:
    good = (np.array([[10, 11], [12, 13]], dtype=np.uint8), np.array([20, 21, 22, 23]))
    with pytest.raises(ValueError) as expected:
        equity(np.array(hole, dtype=np.uint8), np.array(board, dtype=np.uint8))
    with pytest.raises(ValueError, match=re.escape(str(expected.value))):
        turn_equities([good[0], np.array(hole, dtype=np.uint8)], np.array([good[1], board]))
