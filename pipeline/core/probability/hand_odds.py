"""Exact category frequencies of a game's final hand, from its rules (``HandRules``).

How often a dealt hand ends up as each category (and, with a low half, how often it makes a
qualifying low), counted over every deal:

- **any five play** (Hold'em, short deck, five-card hands): every ``hole + board``-card hand
  of the deck is scored, in blocks (C(36, 7) = 8,347,680 for a short deck, well under a
  second).  The standard 52-card 7-card counts are the published table
  (:data:`pipeline.core.probability.odds.SEVEN_CARD_COUNTS`, re-derived by
  ``bench/exhaustive7.py``).
- **a lowball order** (Razz, the draw games, Badugi): every hand of the player's cards, counted
  by the categories players count (``'7 low'``, ``'Pair'``, ``'Straight'`` in 2-7,
  ``'Badugi'``, ``'Three-card hand'``); Razz's 133,784,560 seven-card hands in a few seconds.
- **exactly two hole cards** (Omaha): C(52, 4) x C(48, 5), about 4.6e11 deals, is too many to
  score, but a count depends on the hole cards only up to a relabelling of the suits (16,432
  classes of four cards), and for one hole without a flush the category depends only on the
  board's rank multiset (6,188), whose number of boards is a product of binomials.  Boards
  where the hole and three board cards share a suit are then recounted by their cards of that
  suit (a set of ranks) and their other cards (a multiset of at most two): about 37,000 cases.
  Exact; a few seconds for four hole cards, longer for five and six (see ``bench/README.md``).

Results are cached on disk (:mod:`pipeline.core.evaluation.table_cache`).  ``samples=`` gives a
seeded Monte Carlo estimate instead, flagged ``exact=False`` with its 95 % margin.

>>> from pipeline.core.rules import SHORT_DECK_HOLDEM
>>> odds = hand_odds(SHORT_DECK_HOLDEM)
>>> odds.exact, odds.deals, odds.counts["Royal Flush"]
(True, 8347680, 1860)
>>> from pipeline.core.rules import BADUGI_DRAW
>>> hand_odds(BADUGI_DRAW).counts
{'One-card hand': 2873, 'Two-card hand': 96252, 'Three-card hand': 154440, 'Badugi': 17160}
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pipeline.core.combinatorics import combinations_array
from pipeline.core.evaluation import evaluator, hand_tables, table_cache
from pipeline.core.evaluation.low import NO_LOW, low_bits
from pipeline.core.probability import combination_odds
from pipeline.core.probability.odds import SEVEN_CARD_COUNTS
from pipeline.core.rules import CATEGORY_NAMES, STANDARD, HandRules

__all__ = ["HandOdds", "hand_odds"]


@dataclass(frozen=True)
class HandOdds:
    """Category counts of a game's final hand over ``deals`` deals (every deal when exact).

    ``low`` counts the deals that make a qualifying low (``None`` without a low half).
    ``margin`` is the 95 % half-width of a probability when estimated (0 when exact).
    """

    counts: dict[str, int]
    deals: int
    low: int | None = None
    exact: bool = True
    margin: float = 0.0

    def probabilities(self) -> dict[str, Fraction]:
        """Each category's probability, keyed and ordered as the category names."""
        return {name: Fraction(count, self.deals) for name, count in self.counts.items()}

    def low_probability(self) -> Fraction | None:
        """The probability of a qualifying low, or ``None`` without a low half."""
        return None if self.low is None else Fraction(self.low, self.deals)


def hand_odds(rules: HandRules, *, samples: int | None = None, seed: int = 0) -> HandOdds:
    """How often the final hand under ``rules`` is each category: exact, or estimated from
    ``samples`` random deals (seeded)."""
    if samples is not None:
        return _sampled(rules, samples, seed)
    return _exact(rules)


@functools.cache
def _exact(rules: HandRules) -> HandOdds:
    if rules.lowball is not None:
        arrays = table_cache.load_or_build(
            f"hand-odds-{_rules_key(rules)}", _cache_key(), lambda: _count_lowball(rules)
        )
        names = arrays["names"].tolist()
        counts = dict(zip(names, (int(count) for count in arrays["counts"]), strict=True))
        return HandOdds(counts, int(arrays["deals"][0]))
    size = rules.hole_cards + rules.board_cards
    any_five = rules.hole_cards_used is None and rules.low is None
    if any_five and rules.ranking == STANDARD and size == 7:
        return HandOdds(dict(SEVEN_CARD_COUNTS), math.comb(52, 7))
    arrays = table_cache.load_or_build(
        f"hand-odds-{_rules_key(rules)}", _cache_key(), lambda: _count(rules)
    )
    counts = dict(zip(CATEGORY_NAMES, (int(count) for count in arrays["counts"]), strict=True))
    low = int(arrays["low"][0]) if rules.low is not None else None
    return HandOdds(counts, int(arrays["deals"][0]), low)


def _rules_key(rules: HandRules) -> str:
    return hashlib.sha256(repr(rules).encode()).hexdigest()[:12]


@functools.cache
def _cache_key() -> str | None:
    return table_cache.source_key((__file__, combination_odds.__file__, hand_tables.__file__))


def _count(rules: HandRules) -> table_cache.Arrays:
    if rules.hole_cards_used is None:
        counts, low, deals = _count_any_five(rules)
    else:
        counts, low, deals = combination_odds.count_deals(rules)
    return {
        "counts": np.array(counts, dtype=np.int64),
        "low": np.array([low], dtype=np.int64),
        "deals": np.array([deals], dtype=np.int64),
    }


def _count_any_five(rules: HandRules) -> tuple[list[int], int, int]:
    """Every hand of ``hole + board`` cards from the deck, scored in blocks: the hands whose
    lowest cards are one prefix, with every five higher cards."""
    ranking = rules.ranking
    deck = np.array(ranking.deck, dtype=np.uint8)
    size = rules.hole_cards + rules.board_cards
    fives = deck[combinations_array(len(deck), 5)]
    first_at = np.searchsorted(fives[:, 0], np.arange(53))
    strengths = np.zeros(hand_tables.n_strengths(ranking), dtype=np.int64)
    low = 0
    bits = low_bits(rules.low.highest) if rules.low is not None else None
    for prefix in itertools.combinations(deck.tolist(), size - 5):
        rest = fives[first_at[prefix[-1] + 1] :] if prefix else fives
        hands = np.empty((len(rest), size), dtype=np.uint8)
        hands[:, : size - 5] = prefix
        hands[:, size - 5 :] = rest
        strengths += np.bincount(
            evaluator.evaluate(hands, check=False, ranking=ranking), minlength=len(strengths)
        )
        if bits is not None:
            held = np.bitwise_or.reduce(bits[hands], axis=1)
            low += int(np.count_nonzero(np.bitwise_count(held) >= 5))
    counts = np.bincount(
        evaluator.category(np.arange(len(strengths)), ranking), weights=strengths, minlength=10
    )
    return [int(count) for count in counts], low, math.comb(len(deck), size)


def _count_lowball(rules: HandRules) -> table_cache.Arrays:
    """Every hand of a game ranked by a lowball order (its cards, no board), scored through
    :mod:`pipeline.core.evaluation.hands` and counted by the categories players count
    (``'7 low'``, ``'Pair'``, ``'Badugi'``, ``'Three-card hand'``), weakest first: Razz's
    C(52, 7) = 133,784,560 hands in blocks of a two-card prefix, the five-card games'
    2,598,960 and Badugi's 270,725 at once."""
    from pipeline.core.evaluation import hands

    deck = np.array(rules.ranking.deck, dtype=np.uint8)
    size = rules.hole_cards
    strengths = np.zeros(hands.n_strengths(rules), dtype=np.int64)
    prefix_size = max(size - 5, 0)
    tails = deck[combinations_array(len(deck), size - prefix_size)]
    first_at = np.searchsorted(tails[:, 0], np.arange(53))
    for prefix in itertools.combinations(deck.tolist(), prefix_size):
        rest = tails[first_at[prefix[-1] + 1] :] if prefix else tails
        block = np.empty((len(rest), size), dtype=np.uint8)
        block[:, :prefix_size] = prefix
        block[:, prefix_size:] = rest
        no_board = np.empty((len(block), 0), dtype=np.uint8)
        scored = hands.high_strengths(rules, block, no_board, check=False)
        strengths += np.bincount(scored, minlength=len(strengths))
    names = hands.category_names(rules, np.arange(len(strengths)))
    order = list(dict.fromkeys(names))  # weakest first, as the strengths rise
    counts = np.zeros(len(order), dtype=np.int64)
    np.add.at(counts, [order.index(name) for name in names], strengths)
    return {
        "counts": counts,
        "names": np.array(order),
        "deals": np.array([math.comb(len(deck), size)], dtype=np.int64),
    }


def _sampled(rules: HandRules, samples: int, seed: int) -> HandOdds:
    """Random deals scored under the rules: a seeded estimate with a 95 % margin."""
    from pipeline.core.evaluation import hands

    rng = np.random.default_rng(seed)
    deck = np.array(rules.ranking.deck, dtype=np.uint8)
    size = rules.hole_cards + rules.board_cards
    cards = deck[np.argsort(rng.random((samples, len(deck))), axis=1)[:, :size]]
    holes, boards = cards[:, : rules.hole_cards], cards[:, rules.hole_cards :]
    strengths = hands.high_strengths(rules, holes, boards, check=False)
    categories = evaluator.category(strengths, rules.ranking)
    counts = np.bincount(categories, minlength=10)
    low = None
    if rules.low is not None:
        low = int(np.count_nonzero(hands.low_values(rules, holes, boards, check=False) != NO_LOW))
    margin = float(1.96 * np.sqrt(0.25 / samples))
    return HandOdds(
        dict(zip(CATEGORY_NAMES, (int(c) for c in counts), strict=True)),
        samples,
        low,
        False,
        margin,
    )
