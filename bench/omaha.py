"""Omaha, Omaha Hi/Lo and short deck: our core against phevaluator and pokerkit, same hands,
same process.

Run from the repository root: ``.venv/bin/python -m bench.omaha`` (about 2 minutes;
``--odds`` adds the exact PLO/PLO8 hand-odds count, ``--plo5-odds`` the PLO5 one).

- **Evaluation**: :func:`pipeline.core.evaluation.combination.evaluate_combination` on 1,000,000
random
  PLO deals (checked and unchecked, the pipeline's ``hands.high_strengths(OMAHA, ...)``, and the
  numpy path that runs without a C compiler; all interleaved) against a plain loop over
  phevaluator's ``evaluate_omaha_cards`` (its compiled Omaha evaluator, our card ids) and pokerkit's
  ``OmahaHoldemHand.from_game`` on leading subsamples of the same deals.  PLO5/PLO6 are ours
  only: phevaluator's wheel ships without its PLO5/PLO6 tables.
- **Low**: :func:`pipeline.core.evaluation.low.evaluate_low` against pokerkit's
  ``OmahaEightOrBetterLowHand.from_game_or_none``.
- **Short deck**: seven-card strengths under the short deck against the standard ranking, and
  pokerkit's ``ShortDeckHoldemHand``.
- **Equity**: exact PLO heads-up per street against pokerkit's ``calculate_equities`` (Monte
  Carlo only: timed on a few hundred samples and extrapolated to as many samples as we
  enumerate boards, as ``bench/equity.py`` does for Hold'em).

Medians of repeats; ratios are our rate over theirs.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np
import pokerkit
from numpy.typing import NDArray
from phevaluator import evaluate_omaha_cards

from bench.timing import median_seconds
from pipeline.core.cards import format_hand, parse_cards
from pipeline.core.evaluation import combination, evaluator
from pipeline.core.evaluation.combination import evaluate_combination
from pipeline.core.evaluation.hands import high_strengths
from pipeline.core.evaluation.low import evaluate_low
from pipeline.core.kernel import KERNEL_NAME
from pipeline.core.probability.equity import equity
from pipeline.core.probability.hand_odds import hand_odds
from pipeline.core.rules import (
    OMAHA,
    OMAHA_5,
    OMAHA_6,
    OMAHA_HI_LO,
    SHORT_DECK,
    SHORT_DECK_HOLDEM,
    STANDARD,
    HandRules,
)

N_DEALS = 1_000_000
PHEVALUATOR_DEALS = 50_000
POKERKIT_DEALS = 5_000


def deals(seed: int, n: int, hole: int, board: int, deck: int = 52) -> NDArray[np.uint8]:
    """``n`` random deals of ``hole + board`` distinct cards from the top ``deck`` cards."""
    rng = np.random.default_rng(seed)
    cards = np.empty((n, hole + board), dtype=np.uint8)
    for start in range(0, n, 100_000):
        block = min(100_000, n - start)
        picked = np.argsort(rng.random((block, deck)), axis=1)[:, : hole + board]
        cards[start : start + block] = picked + 52 - deck
    return cards


def rate(function: Callable[[], object], n: int, repeats: int) -> float:
    return n / median_seconds(function, repeats)


def interleaved(
    calls: dict[str, tuple[Callable[[], object], int]], runs: int = 11
) -> dict[str, float]:
    """Rates of several calls timed turn about, each run once per round, so that load from
    other jobs hits all alike; ``calls`` maps a name to ``(call, items per call)``."""
    times: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(runs):
        for name, (call, _) in calls.items():
            times[name].append(median_seconds(call, 1))
    return {name: calls[name][1] / statistics.median(times[name]) for name in calls}


def bench_evaluation() -> None:
    cards = deals(4, N_DEALS, 4, 5)
    holes, boards = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
    evaluate_combination(holes[:10], boards[:10])  # tables built (or read) outside the clock
    arguments = [(*row[4:], *row[:4]) for row in cards[:PHEVALUATOR_DEALS].tolist()]
    rates = interleaved(
        {
            "unchecked": (
                functools.partial(evaluate_combination, holes, boards, check=False),
                N_DEALS,
            ),
            "checked": (functools.partial(evaluate_combination, holes, boards), N_DEALS),
            # The pipeline's entry point (checks, then the same loop).
            "high_strengths": (functools.partial(high_strengths, OMAHA, holes, boards), N_DEALS),
            # The numpy path: the compiled loop's reference, and what runs without a compiler.
            "numpy": (
                functools.partial(combination._evaluate_numpy, holes, boards, 2, STANDARD),
                N_DEALS,
            ),
            "phevaluator": (
                lambda: [evaluate_omaha_cards(*a) for a in arguments],
                PHEVALUATOR_DEALS,
            ),
        }
    )
    unchecked, checked, phevaluator = rates["unchecked"], rates["checked"], rates["phevaluator"]
    public, numpy_path = rates["high_strengths"], rates["numpy"]
    texts = [
        (format_hand(row[:4]).replace(" ", ""), format_hand(row[4:]).replace(" ", ""))
        for row in cards[:POKERKIT_DEALS]
    ]
    kit = rate(
        lambda: [pokerkit.OmahaHoldemHand.from_game(h, b) for h, b in texts], POKERKIT_DEALS, 1
    )
    print(f"\nPLO deals (4 hole + 5 board), M deals/s; evaluator loop: {KERNEL_NAME}")
    print(f"{'':<44}{'n':>11}{'M/s':>9}  ours/theirs (unchecked / checked)")
    print(f"{'ours, evaluate_combination(check=False)':<44}{N_DEALS:>11,}{unchecked / 1e6:>9.2f}")
    print(f"{'ours, evaluate_combination (checked)':<44}{N_DEALS:>11,}{checked / 1e6:>9.2f}")
    for name, ours in (
        ("ours, high_strengths(OMAHA) (checked)", public),
        ("ours, numpy path (unchecked, no C loop)", numpy_path),
    ):
        ratio = f"{ours / phevaluator:,.0f}x phevaluator"
        print(f"{name:<44}{N_DEALS:>11,}{ours / 1e6:>9.2f}  {ratio}")
    for name, theirs, n in (
        ("phevaluator evaluate_omaha_cards loop", phevaluator, PHEVALUATOR_DEALS),
        ("pokerkit OmahaHoldemHand.from_game loop", kit, POKERKIT_DEALS),
    ):
        ratio = f"{unchecked / theirs:,.0f}x / {checked / theirs:,.0f}x"
        print(f"{name:<44}{n:>11,}{theirs / 1e6:>9.4f}  {ratio}")
    for rules in (OMAHA_5, OMAHA_6):
        more = deals(5, N_DEALS, rules.hole_cards, 5)
        h, b = (
            np.ascontiguousarray(more[:, : rules.hole_cards]),
            np.ascontiguousarray(more[:, rules.hole_cards :]),
        )
        evaluate_combination(h[:10], b[:10])
        ours = rate(functools.partial(evaluate_combination, h, b, check=False), N_DEALS, 5)
        label = f"ours, {rules.hole_cards} hole cards (check=False)"
        print(f"{label:<44}{N_DEALS:>11,}{ours / 1e6:>9.2f}")


def bench_low() -> None:
    cards = deals(8, N_DEALS, 4, 5)
    holes, boards = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
    evaluate_low(holes[:10], boards[:10])
    rates = interleaved(
        {
            "unchecked": (functools.partial(evaluate_low, holes, boards, check=False), N_DEALS),
            "checked": (functools.partial(evaluate_low, holes, boards), N_DEALS),
        }
    )
    unchecked, checked = rates["unchecked"], rates["checked"]
    texts = [
        (format_hand(row[:4]).replace(" ", ""), format_hand(row[4:]).replace(" ", ""))
        for row in cards[:POKERKIT_DEALS]
    ]
    low = pokerkit.OmahaEightOrBetterLowHand.from_game_or_none
    kit = rate(lambda: [low(h, b) for h, b in texts], POKERKIT_DEALS, 1)
    print("\nPLO8 low half, M deals/s")
    print(
        f"  ours, evaluate_low check=False / checked   {unchecked / 1e6:8.2f} / {checked / 1e6:.2f}"
    )
    print(
        f"  pokerkit OmahaEightOrBetterLowHand loop    {kit / 1e6:8.4f}   ({unchecked / kit:,.0f}x)"
    )


def bench_short_deck() -> None:
    short = deals(36, N_DEALS, 2, 5, deck=36)
    standard = deals(52, N_DEALS, 2, 5)
    evaluator.evaluate(short[:10], ranking=SHORT_DECK)
    evaluator.evaluate(standard[:10])
    rates = interleaved(
        {
            "short": (
                functools.partial(evaluator.evaluate, short, check=False, ranking=SHORT_DECK),
                N_DEALS,
            ),
            "standard": (functools.partial(evaluator.evaluate, standard, check=False), N_DEALS),
        }
    )
    ours_short, ours_standard = rates["short"], rates["standard"]
    texts = [format_hand(row).replace(" ", "") for row in short[:POKERKIT_DEALS]]
    kit = rate(
        lambda: [pokerkit.ShortDeckHoldemHand.from_game(t) for t in texts], POKERKIT_DEALS, 1
    )
    print("\nseven-card hands, M hands/s (check=False)")
    print(f"  ours, short deck ranking                   {ours_short / 1e6:8.1f}")
    print(f"  ours, standard ranking (interleaved)       {ours_standard / 1e6:8.1f}")
    ratio = ours_short / kit
    print(f"  pokerkit ShortDeckHoldemHand loop          {kit / 1e6:8.4f}   ({ratio:,.0f}x)")


POKERKIT_SAMPLES = 200


def pokerkit_equity(
    holes: list[str], board: str, samples: int, hand_types: tuple[type, ...], deck: pokerkit.Deck
) -> list[float]:
    ranges = tuple(pokerkit.parse_range(hole) for hole in holes)
    return pokerkit.calculate_equities(
        ranges,
        pokerkit.Card.parse(board),
        len(holes[0]) // 2,
        5,
        deck,
        hand_types,
        sample_count=samples,
    )


EQUITY_CASES = [
    ("PLO heads-up flop", OMAHA, ["AhKhQc2s", "JdJc9s8s"], "Jh5h2d"),
    ("PLO heads-up turn", OMAHA, ["AhKhQc2s", "JdJc9s8s"], "Jh5h2d7c"),
    ("PLO heads-up preflop", OMAHA, ["AhKhQc2s", "JdJc9s8s"], ""),
    ("PLO 3-way flop", OMAHA, ["AhKhQc2s", "JdJc9s8s", "Td9d6c5c"], "Jh5h2d"),
    (
        "PLO 6-way preflop",
        OMAHA,
        ["AhKhQc2s", "JdJc9s8s", "Td9d6c5c", "AsAd3h4h", "KcKsQdQs", "7h7d8c6s"],
        "",
    ),
    ("PLO8 heads-up flop", OMAHA_HI_LO, ["As2s3dKd", "KhKcQhJc"], "4s5hKs"),
    ("PLO8 heads-up preflop", OMAHA_HI_LO, ["As2s3dKd", "KhKcQhJc"], ""),
    ("PLO5 heads-up preflop", OMAHA_5, ["AhKhQc2s3d", "JdJc9s8s7c"], ""),
    ("PLO6 heads-up preflop", OMAHA_6, ["AhKhQc2s3d4d", "JdJc9s8s7c6c"], ""),
    ("short deck heads-up preflop", SHORT_DECK_HOLDEM, ["AhKh", "QsQc"], ""),
]


def bench_equity() -> None:
    print("\nexact equity, ours against pokerkit's calculate_equities (Monte Carlo, scaled)")
    print(f"{'deal':<30}{'boards':>11}{'ours s':>10}{'pokerkit s':>13}{'x':>10}")
    for label, rules, holes, board in EQUITY_CASES:
        hole_ids = parse_cards([[h[i : i + 2] for i in range(0, len(h), 2)] for h in holes])
        board_ids = parse_cards([board[i : i + 2] for i in range(0, len(board), 2)])
        equity(hole_ids, board_ids, rules=rules)  # tables built outside the clock
        ours = median_seconds(functools.partial(equity, hole_ids, board_ids, rules=rules), 5)
        boards = equity(hole_ids, board_ids, rules=rules).boards
        theirs = _pokerkit_seconds(rules, holes, board) * boards
        print(f"{label:<30}{boards:>11,}{ours:>10.4f}{theirs:>13.1f}{theirs / ours:>9,.0f}x")


def _pokerkit_seconds(rules: HandRules, holes: list[str], board: str) -> float:
    """pokerkit's seconds per Monte Carlo sample for the same deal (``nan`` where it has no
    matching hand types)."""
    if rules.ranking == SHORT_DECK:
        hand_types: tuple[type, ...] = (pokerkit.ShortDeckHoldemHand,)
        deck = pokerkit.Deck.SHORT_DECK_HOLDEM
    elif rules.hole_cards_used is None:
        hand_types, deck = (pokerkit.StandardHighHand,), pokerkit.Deck.STANDARD
    elif rules.low is None:
        hand_types, deck = (pokerkit.OmahaHoldemHand,), pokerkit.Deck.STANDARD
    else:
        hand_types = (pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand)
        deck = pokerkit.Deck.STANDARD
    start = time.perf_counter()
    pokerkit_equity(holes, board, POKERKIT_SAMPLES, hand_types, deck)
    return (time.perf_counter() - start) / POKERKIT_SAMPLES


def bench_odds(rules_list: list[tuple[str, HandRules]]) -> None:
    from pipeline.core.probability import combination_odds

    print("\nexact hand odds, counted (not read from the disk cache)")
    for label, rules in rules_list:
        start = time.perf_counter()
        counts, low, deals_counted = combination_odds.count_deals(rules)
        seconds = time.perf_counter() - start
        print(f"  {label:<8} {deals_counted:>20,} deals  {seconds:8.1f} s")
        shares = ", ".join(f"{100 * c / deals_counted:.4f}" for c in counts)
        print(
            f"           % by category: {shares}"
            + (f"; low {100 * low / deals_counted:.4f} %" if rules.low else "")
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--odds", action="store_true", help="also count PLO and PLO8 odds")
    parser.add_argument("--plo5-odds", action="store_true", help="also count PLO5 odds (minutes)")
    args = parser.parse_args()
    print(f"numpy {np.__version__}, Python {sys.version.split()[0]}, medians of repeats")
    bench_evaluation()
    bench_low()
    bench_short_deck()
    bench_equity()
    start = time.perf_counter()
    hand_odds(SHORT_DECK_HOLDEM)
    took = time.perf_counter() - start
    print(f"\nshort deck 7-card odds (8,347,680 hands, or the disk cache) {took:.2f} s")
    chosen = [("PLO", OMAHA), ("PLO8", OMAHA_HI_LO)] if args.odds else []
    chosen += [("PLO5", OMAHA_5)] if args.plo5_odds else []
    if chosen:
        bench_odds(chosen)


if __name__ == "__main__":
    main()
