"""The compiled equity loop (``_kernel_equity.c`` behind ``equity_loop.py``): ``pipeline
equity``'s cold path, which must count what eval7's plain enumeration counts (Hold'em) and what
the numpy path counts (short deck, random deals), board by board, and start without numpy."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pipeline.core.cards import parse_cards
from pipeline.core.evaluation import hand_tables, table_cache
from pipeline.core.kernel import KERNEL
from pipeline.core.probability import equity_loop
from pipeline.core.probability.equity import equity
from pipeline.core.probability.equity_loop import loop_equity
from pipeline.core.rules import HOLDEM, OMAHA, SHORT_DECK_HOLDEM, HandRules
from tests.core.test_equity import eval7_enumeration

needs_loop = pytest.mark.skipif(KERNEL is None, reason="the C extension is not built")


def hands(texts: list[list[str]]) -> list[list[int]]:
    return [[int(card) for card in hand] for hand in parse_cards(texts)]


def cards(texts: list[str]) -> list[int]:
    return [int(card) for card in parse_cards(texts)]


@needs_loop
@pytest.mark.parametrize(
    ("holes", "board"),
    [
        ([["Ah", "Kh"], ["Qs", "Qc"]], ["2c", "7d", "9h"]),
        ([["5c", "4c"], ["Ah", "Ad"], ["Kh", "Qh"], ["9s", "9d"]], ["6c", "7c", "Jh"]),
        ([["As", "Ks"], ["Ad", "Kd"]], ["2s", "7s", "9h", "Tc"]),
        ([["Tc", "Jc"], ["2h", "2s"]], ["Qc", "Kc", "2d", "3s", "4s"]),
        ([["Ah", "2h"], ["Kh", "Qh"], ["3c", "3d"]], ["5h", "6h", "Ts"]),
    ],
    ids=["flop-heads-up", "flop-4-way", "turn-split", "river", "flush-draws-3-way"],
)
def test_the_loop_counts_what_eval7_counts(holes: list[list[str]], board: list[str]) -> None:
    counted = loop_equity(hands(holes), cards(board))
    assert counted is not None
    wins, ties = eval7_enumeration(holes, board)
    where = f"{holes} on {board}"
    assert counted.win == pytest.approx(wins, abs=1e-12), where
    assert counted.tie == pytest.approx(ties, abs=1e-12), where
    assert math.fsum(counted.equity) == pytest.approx(1.0)


@needs_loop
def test_heads_up_preflop_every_board_as_the_broadcasts_quote() -> None:
    counted = loop_equity(hands([["Ah", "Kh"], ["Qs", "Qc"]]))
    assert counted is not None and counted.boards == 1_712_304
    assert [f"{100 * share:.2f}" for share in counted.equity] == ["46.21", "53.79"]


@needs_loop
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("rules", [HOLDEM, SHORT_DECK_HOLDEM], ids=["holdem", "short-deck"])
def test_the_loop_counts_what_the_numpy_path_counts(seed: int, rules: HandRules) -> None:
    rng = np.random.default_rng(seed)
    players = int(rng.integers(2, 7))
    board_size = int(rng.choice([3, 4, 5])) if rules is HOLDEM or players > 2 else 0
    cards = rng.permutation(np.array(rules.ranking.deck, dtype=np.uint8))
    holes = cards[: 2 * players].reshape(players, 2)
    board = cards[2 * players : 2 * players + board_size]
    dead = cards[2 * players + board_size : 2 * players + board_size + seed % 3]
    counted = loop_equity(holes.tolist(), board.tolist(), dead.tolist(), rules)
    reference = equity(holes, board, dead, rules=rules)
    assert counted is not None
    where = f"seed {seed}: {holes.tolist()} on {board.tolist()}, dead {dead.tolist()}"
    assert counted.boards == reference.boards, where
    # Counts are integers over the same boards: the fractions agree to the last bit or two.
    np.testing.assert_allclose(counted.win, reference.win, rtol=1e-12, err_msg=where)
    np.testing.assert_allclose(counted.tie, reference.tie, rtol=1e-12, err_msg=where)
    np.testing.assert_allclose(counted.equity, reference.equity, rtol=1e-12, err_msg=where)


def test_games_the_loop_does_not_count_are_left_to_the_numpy_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    omaha = hands([["As", "Ks", "Qd", "2c"], ["Jh", "Th", "9c", "8c"]])
    assert loop_equity(omaha, cards(["Ah", "Kh", "2s"]), rules=OMAHA) is None
    monkeypatch.setattr(equity_loop, "KERNEL", None)
    assert loop_equity(hands([["Ah", "Kh"], ["Qs", "Qc"]])) is None


@needs_loop
@pytest.mark.parametrize(
    ("holes", "board", "message"),
    [
        ([["Ah", "Kh"], ["Ah", "Qc"]], [], "card 'Ah' is dealt twice"),
        ([["Ah", "Kh"]], [], "expected 2 to 10 hands of 2 hole cards, got 1 hand"),
        ([["Ah", "Kh"], ["Qs", "Qc"]], ["2c"], "a board holds 0, 3, 4 or 5 cards, got 1"),
        ([["Ah", "Kh", "Qh"], ["Qs", "Qc", "2c"]], [], "expected 2 to 10 hands of 2 hole "
         "cards each, got shape (2, 3)"),
    ],
    ids=["dealt-twice", "one-player", "bad-board", "three-cards"],
)  # fmt: skip
def test_both_paths_refuse_a_bad_deal_in_the_same_words(
    holes: list[list[str]], board: list[str], message: str
) -> None:
    for count in (loop_equity, lambda h, b: equity(h, b)):
        with pytest.raises(ValueError) as caught:
            count(hands(holes), cards(board))
        assert str(caught.value) == message, count


@needs_loop
def test_the_compiled_loop_refuses_what_it_cannot_count() -> None:
    assert KERNEL is not None
    weights, rank_table, mask, flush = equity_loop._tables(HOLDEM.ranking)
    good = (bytes([51, 47, 46, 42]), bytes(range(40)), b"", weights, rank_table, mask, flush)
    assert KERNEL.exact_equity(*good)[3] == math.comb(40, 5)
    bad = {
        "unsorted deck": (bytes([51, 47, 46, 42]), bytes([3, 2, 1, 0, 4]), b""),
        "an id off the deck": (bytes([51, 47, 46, 60]), bytes(range(40)), b""),
        "one hand": (bytes([51, 47]), bytes(range(40)), b""),
        "six board cards": (bytes([51, 47, 46, 42]), bytes(range(40)), bytes(range(40, 46))),
    }
    for case, cards in bad.items():
        with pytest.raises(ValueError):
            KERNEL.exact_equity(*cards, weights, rank_table, mask, flush)
        assert case
    with pytest.raises(ValueError, match="rank_table"):
        KERNEL.exact_equity(*good[:4], rank_table[:100], mask, flush)


@needs_loop
def test_a_damaged_table_file_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path))
    equity_loop._tables.cache_clear()
    try:
        first = loop_equity(hands([["Ah", "Kh"], ["Qs", "Qc"]]), cards(["2c", "7d", "9h"]))
        (path,) = tmp_path.glob("equity-loop-*.bin")
        whole = path.read_bytes()
        assert len(whole) == 80 + 2 * 8192 + 2 * (hand_tables.rank_mask() + 1)
        path.write_bytes(whole[: len(whole) // 2])  # cut short, as a full disk leaves it
        equity_loop._tables.cache_clear()
        again = loop_equity(hands([["Ah", "Kh"], ["Qs", "Qc"]]), cards(["2c", "7d", "9h"]))
        assert again == first
        assert path.read_bytes() == whole
        assert table_cache.read_raw(tmp_path / "absent.bin") is None
    finally:
        equity_loop._tables.cache_clear()


@needs_loop
def test_pipeline_equity_starts_without_numpy() -> None:
    # The first run may build the table file (with numpy); a run after it needs none.
    code = (
        "import sys\n"
        "from pipeline.fast_commands import equity_lines\n"
        "lines = equity_lines(['Ah Kh', '2c 2d'])\n"
        "print(lines[-1], 'numpy' in sys.modules)\n"
    )
    runs = [
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        for _ in range(2)
    ]
    assert runs[-1].stdout.strip() == "boards: 1,712,304 (exact) False", runs[-1].stderr
