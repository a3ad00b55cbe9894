"""``all_in_ev`` (issue 33) against an exact enumeration by the test oracle.

The oracle (``tests/reference.py``, plain Python) scores every runout from the all-in street:
on the flop 990 boards (every turn and river), in well under a second.  Before the flop it would
be 1,712,304 boards in pure Python, too slow for the suite, so the preflop case (AA against KK)
is checked against the published figure and against the flop case's method on a turn all-in.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import polars as pl
import pytest

from pipeline.core.cards import parse_cards
from pipeline.games.base import NO_EQUITY, NO_OPTIONS, EquityOptions, ScoredSheet, ScoringOptions
from pipeline.games.poker.logs.hand_log_game import hand_log_summary
from pipeline.games.poker.stats.all_in_ev import EXACT, HOW, sampled_how, with_all_in_ev
from pipeline.games.poker.stats.all_in_ev import NO_EQUITY as NO_EQUITY_SAID
from pipeline.job.task.outputs import scored_frames
from pipeline.job.task.scoring import score_source
from pipeline.sources import read_source
from schemas.holdem import POKER_PARQUET_SCHEMA, align_to_poker_schema
from tests.reference import omaha_key, omaha_low_key, reference_key

DATA = Path(__file__).resolve().parents[1] / "data" / "hand_histories"
AA_KK = [["As", "Ah"], ["Ks", "Kd"]]
LISTS = {"hole_ids": pl.List(pl.UInt8), "board_ids": pl.List(pl.UInt8)}


def oracle_equity(holes: list[list[int]], board: list[int]) -> list[float]:
    """Each hand's share of the pot over every runout of ``board`` (ties split)."""
    used = {card for hole in holes for card in hole} | set(board)
    deck = [card for card in range(52) if card not in used]
    shares = [0.0] * len(holes)
    runouts = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        keys = [reference_key([*hole, *board, *rest]) for hole in holes]
        best = max(keys)
        winners = [i for i, key in enumerate(keys) if key == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        runouts += 1
    return [share / runouts for share in shares]


def oracle_payouts(
    holes: list[list[int]],
    board: list[int],
    pots: list[tuple[float, list[int]]],
    omaha_hi_lo: bool = False,
) -> list[float]:
    """Each hand's expected chips over every runout of ``board``, paying each pot (its amount,
    its contenders) as a dealer would on that runout: the best high among the pot's own
    contenders takes it, ties split; in Omaha Hi/Lo the best low among them takes half when
    one of them holds a low (the chips are not cut into odd units here: an expectation)."""
    used = {card for hole in holes for card in hole} | set(board)
    deck = [card for card in range(52) if card not in used]
    paid = [0.0] * len(holes)
    runouts = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        five = [*board, *rest]
        if omaha_hi_lo:
            highs = [omaha_key(hole, five) for hole in holes]
            lows = [omaha_low_key(hole, five) for hole in holes]
        else:
            highs = [reference_key([*hole, *five]) for hole in holes]
            lows = [None] * len(holes)
        for amount, contenders in pots:
            best = max(highs[i] for i in contenders)
            high_winners = [i for i in contenders if highs[i] == best]
            qualifying = [low for i in contenders if (low := lows[i]) is not None]
            low_winners = [i for i in contenders if qualifying and lows[i] == min(qualifying)]
            high_part = amount / 2 if low_winners else amount
            for i in high_winners:
                paid[i] += high_part / len(high_winners)
            for i in low_winners:
                paid[i] += (amount - high_part) / len(low_winners)
        runouts += 1
    return [chips / runouts for chips in paid]


def hand(
    holes: list[list[str]],
    board: list[str],
    street: str,
    put_in: list[float],
    folded: int = 0,
    game: str = "Hold'em",
) -> pl.DataFrame:
    """One hand: the players in, then ``folded`` players who folded before the flop."""
    ids = parse_cards(holes).tolist()
    shown = len(holes)
    return pl.DataFrame(
        {
            "round": ["1"] * (shown + folded),
            "player": [f"p{i}" for i in range(shown + folded)],
            "game": [game] * (shown + folded),
            "hole_ids": ids + [[]] * folded,
            "board_ids": [parse_cards(board).tolist()] * shown + [[]] * folded,
            "folded": [False] * shown + [True] * folded,
            "put_in": put_in,
            "all_in": [street] + [None] * (shown + folded - 1),
        },
        schema_overrides=LISTS,
    )


def test_flop_all_in_is_equity_times_pot_less_put_in() -> None:
    holes, board = [["As", "Ad"], ["Kc", "Kh"]], ["Ks", "7d", "2c", "9h", "3s"]
    # a folded player's 10 is dead money in the pot: 110 + 110 + 10
    rows = hand(holes, board, "flop", [110.0, 110.0, 10.0], folded=1)
    expected = oracle_equity(parse_cards(holes).tolist(), parse_cards(board[:3]).tolist())
    got = with_all_in_ev(rows, hand=("round",))["all_in_ev"].to_list()
    assert got[0] == pytest.approx(expected[0] * 230 - 110, abs=1e-9)
    assert got[1] == pytest.approx(expected[1] * 230 - 110, abs=1e-9)
    assert got[2] is None  # folded: no equity


def test_turn_all_in_three_ways_with_a_tie() -> None:
    holes, board = [["Ah", "Kh"], ["Ad", "Kd"], ["Qs", "Qc"]], ["Qh", "Jh", "2d", "Td", "4c"]
    rows = hand(holes, board, "turn", [50.0, 50.0, 50.0])
    expected = oracle_equity(parse_cards(holes).tolist(), parse_cards(board[:4]).tolist())
    got = with_all_in_ev(rows, hand=("round",))["all_in_ev"].to_list()
    assert got == pytest.approx([share * 150 - 50 for share in expected], abs=1e-9)
    assert sum(got) == pytest.approx(0.0, abs=1e-9)


def test_three_way_flop_all_in_with_a_side_pot() -> None:
    # p0 is all in for 40 on the flop, p1 and p2 put in 100 each, p3 folded 10 before it.
    # Main pot: 40 from each of the three, plus p3's dead 10 = 130, for p0, p1 and p2.
    # Side pot: the 60 more each of p1 and p2 put in = 120, for p1 and p2 only.
    holes, board = [["Ah", "Ad"], ["Kh", "Qh"], ["Js", "Jc"]], ["Jh", "7h", "2c", "5d", "9s"]
    rows = hand(holes, board, "flop", [40.0, 100.0, 100.0, 10.0], folded=1)
    pots = [(130.0, [0, 1, 2]), (120.0, [1, 2])]
    expected = oracle_payouts(parse_cards(holes).tolist(), parse_cards(board[:3]).tolist(), pots)
    got = with_all_in_ev(rows, hand=("round",))["all_in_ev"].to_list()
    for player, (chips, put) in enumerate(zip(expected, [40.0, 100.0, 100.0], strict=True)):
        assert got[player] == pytest.approx(chips - put, abs=1e-9), f"p{player}: {got}"
    assert got[3] is None
    # the short stack can win at most the main pot: 130 - 40
    assert got[0] <= 90.0
    # what the players still in expect to win is every chip put in: the sum is the dead 10
    assert sum(got[:3]) == pytest.approx(10.0, abs=1e-9)


def test_side_pot_is_not_the_whole_pot_times_equity() -> None:
    # The short stack holds the best hand by far (set of jacks on the flop): over the whole pot
    # its figure would count a share of the side pot it cannot win.
    holes, board = [["Js", "Jc"], ["Ah", "Kh"], ["Qs", "Qd"]], ["Jh", "7h", "2c", "5d", "9s"]
    rows = hand(holes, board, "flop", [30.0, 200.0, 200.0])
    pots = [(90.0, [0, 1, 2]), (340.0, [1, 2])]
    expected = oracle_payouts(parse_cards(holes).tolist(), parse_cards(board[:3]).tolist(), pots)
    got = with_all_in_ev(rows, hand=("round",))["all_in_ev"].to_list()
    assert got == pytest.approx(
        [chips - put for chips, put in zip(expected, [30, 200, 200], strict=True)]
    )
    whole_pot = oracle_payouts(
        parse_cards(holes).tolist(), parse_cards(board[:3]).tolist(), [(430.0, [0, 1, 2])]
    )
    assert whole_pot[0] - 30 > got[0] + 100  # the old figure was off by more than 100 chips


def test_omaha_hi_lo_turn_all_in_with_a_side_pot() -> None:
    # p0 all in for 20 on the turn holding the nut low draw; p1 and p2 go on for 80 each.
    # Main pot 60 (p0, p1, p2), halved by a low among those three; side pot 120 (p1, p2),
    # halved only when p1 or p2 holds a low: p0's low takes nothing from it.
    holes = [["As", "2s", "9c", "Td"], ["Kc", "Kd", "Qh", "Jh"], ["3c", "4d", "Qc", "Qd"]]
    board = ["Ks", "7h", "6c", "8s", "2h"]
    rows = hand(holes, board, "turn", [20.0, 80.0, 80.0], game="Omaha Hi/Lo")
    pots = [(60.0, [0, 1, 2]), (120.0, [1, 2])]
    expected = oracle_payouts(
        parse_cards(holes).tolist(), parse_cards(board[:4]).tolist(), pots, omaha_hi_lo=True
    )
    got = with_all_in_ev(rows, hand=("round",))["all_in_ev"].to_list()
    assert got == pytest.approx(
        [chips - put for chips, put in zip(expected, [20, 80, 80], strict=True)]
    )
    assert sum(got) == pytest.approx(0.0, abs=1e-9)


def test_preflop_aces_against_kings() -> None:
    rows = hand(
        [["As", "Ah"], ["Ks", "Kd"]], ["2c", "7d", "9h", "Jc", "3s"], "preflop", [100.0] * 2
    )
    got = with_all_in_ev(rows, hand=("round",))["all_in_ev"].to_list()
    # AA against KK sharing one suit (spades): about 81.9 % of 200, less 100
    assert got[0] == pytest.approx(0.819 * 200 - 100, abs=0.2)
    assert got[1] == pytest.approx(-got[0], abs=1e-9)


def test_no_figure_without_cards_or_without_an_all_in() -> None:
    rows = hand([["As", "Ah"], ["Ks", "Kd"]], ["2c", "7d", "9h"], "flop", [100.0] * 2)
    unknown = rows.with_columns(
        pl.when(pl.col("player") == "p1").then([]).otherwise(pl.col("hole_ids")).alias("hole_ids")
    )
    assert with_all_in_ev(unknown, hand=("round",))["all_in_ev"].null_count() == 2
    none = rows.with_columns(pl.lit(None, pl.String).alias("all_in"))
    assert with_all_in_ev(none, hand=("round",))["all_in_ev"].null_count() == 2


def test_old_parquet_files_scan_with_a_null_all_in_ev() -> None:
    old = pl.DataFrame({"round": ["1"], "player": ["Ann"], "net": [1.0]})
    aligned = align_to_poker_schema(old)
    names = list(POKER_PARQUET_SCHEMA)
    assert names.index("all_in_ev") == names.index("all_in") + 1
    assert aligned["all_in_ev"].to_list() == [None]


def test_no_equity_leaves_it_empty_and_says_why() -> None:
    rows = hand([["As", "Ah"], ["Ks", "Kd"]], ["2c", "7d", "9h"], "flop", [100.0] * 2)
    got = with_all_in_ev(rows, hand=("round",), options=NO_EQUITY)
    assert got["all_in_ev"].to_list() == [None, None]
    assert got[HOW].to_list() == [NO_EQUITY_SAID] * 2


def test_over_the_budget_preflop_is_sampled_seeded_within_its_margin() -> None:
    rows = hand(
        [["As", "Ah"], ["Ks", "Kd"]], ["2c", "7d", "9h", "Jc", "3s"], "preflop", [100.0] * 2
    )
    # exact: 1,712,304 boards, about 0.045 s by the cost model; 20,000 sampled: far less
    budget = EquityOptions(budget_seconds=0.01, samples=20_000, seed=7)
    exact = with_all_in_ev(rows, hand=("round",))["all_in_ev"].to_list()
    sampled = with_all_in_ev(rows, hand=("round",), options=budget)
    figures = sampled["all_in_ev"].to_list()
    # the 95 % margin on an equity: 1.96 * sqrt(0.25 / 20,000) = 0.69 %, times the pot of 200
    margin = 1.96 * (0.25 / 20_000) ** 0.5 * 200
    assert abs(figures[0] - exact[0]) <= margin
    assert figures[0] != exact[0]  # drawn, not enumerated
    assert figures[1] == pytest.approx(-figures[0])
    again = with_all_in_ev(rows, hand=("round",), options=budget)["all_in_ev"].to_list()
    assert again == figures  # seeded: the same figures every run
    assert sampled[HOW].to_list() == [sampled_how(20_000)] * 2


def test_a_flop_all_in_stays_exact_when_the_preflop_ones_are_sampled() -> None:
    holes, board = [["As", "Ad"], ["Kc", "Kh"]], ["Ks", "7d", "2c", "9h", "3s"]
    flop = hand(holes, board, "flop", [110.0, 110.0])
    preflop = hand([["Qs", "Qh"], ["Js", "Jd"]], board, "preflop", [50.0, 50.0]).with_columns(
        pl.lit("2").alias("round")
    )
    both = pl.concat([flop, preflop])
    got = with_all_in_ev(
        both, hand=("round",), options=EquityOptions(budget_seconds=0.01, samples=5_000)
    )["all_in_ev"].to_list()
    expected = oracle_equity(parse_cards(holes).tolist(), parse_cards(board[:3]).tolist())
    assert got[:2] == pytest.approx([share * 220 - 110 for share in expected], abs=1e-9)


def test_far_over_the_budget_it_is_left_empty_and_says_why() -> None:
    rows = hand(
        [["As", "Ah"], ["Ks", "Kd"]], ["2c", "7d", "9h", "Jc", "3s"], "preflop", [100.0] * 2
    )
    got = with_all_in_ev(rows, hand=("round",), options=EquityOptions(budget_seconds=0.0))
    assert got["all_in_ev"].to_list() == [None, None]
    said = got[HOW].to_list()[0]
    assert said.startswith("empty: about 0.00") and "over the 0 s budget" in said, said


def test_the_job_under_no_equity_and_with_it(tmp_path: Path) -> None:
    """Through the job: --no-equity leaves every all_in_ev empty and the Summary says why;
    with equity, the all-in hands have their figures."""
    path = DATA / "pokerstars_mixed.txt"
    source = read_source(path)
    off_result = score_source(source, NO_OPTIONS, path.name)
    off = scored_frames(off_result)["poker"]
    on_result = score_source(source, ScoringOptions(equity=EquityOptions()), path.name)
    on = scored_frames(on_result)["poker"]
    all_in = on.filter(pl.col("all_in").is_not_null() & ~pl.col("folded"))
    assert all_in.height > 0, "the sample has all-ins with cards to come"
    assert off["all_in_ev"].null_count() == off.height
    assert on["all_in_ev"].is_not_null().sum() > 0
    summaries = {
        label: dict(hand_log_summary([ScoredSheet(s.sheet.name, s.layout, s.scored)
                                      for s in result.sheets if s.layout is not None]))
        for label, result in (("off", off_result), ("on", on_result))
    }  # fmt: skip
    assert set(summaries["off"]["All-in EV"]["all-in EV"]) == {NO_EQUITY_SAID}
    assert set(summaries["on"]["All-in EV"]["all-in EV"]) == {EXACT}
