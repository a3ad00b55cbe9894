"""Win probabilities in the games without a board (Stud, Stud Hi/Lo, Razz), exact or sampled.

In stud every player's hand is the player's own seven cards, so a street's equity is over
every way the cards still to come can be dealt to the players still in: each live player gets
``7 - k`` more cards (``k`` known: 3 on third street up to 6 on sixth), drawn without
replacement from the cards nobody has seen, the dead cards (folded players' up cards) out of
the deck.  A deal is a set of ``7 - k`` cards times the players, split among them, so every
deal is listed as the ``C(left, m * players)`` card sets times a small table of the ways to
split ``m * players`` positions into the players' groups; each player's seven cards are scored
under the game's rules (:mod:`pipeline.core.evaluation.hands`, the lowball orders included)
and each pot split by :func:`pipeline.core.pots.pot_shares` (Stud Hi/Lo's halves too).
Sixth street heads-up is 1,560 deals, fifth 671,580; earlier streets run to billions and are
sampled: ``samples`` deals drawn uniformly, seeded, the 95 % margin of a figure at most
``196 * sqrt(0.25 / samples)`` points.

>>> from pipeline.core.cards import parse_cards
>>> from pipeline.core.rules import RAZZ
>>> known = parse_cards([["As", "2d", "3h", "4c", "5d", "Kh"],
...                      ["Ks", "Kd", "Qh", "Qc", "Jd", "Js"]])
>>> result = stud_equity(known, rules=RAZZ)
>>> result.boards, result.exact, [round(100 * value, 2) for value in result.equity.tolist()]
(1560, True, [100.0, 0.0])
"""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pipeline.core.cards import DECK_SIZE
from pipeline.core.combinatorics import combinations_array
from pipeline.core.evaluation import hands
from pipeline.core.pots import pot_shares
from pipeline.core.probability.equity import MAX_PLAYERS, EquityResult
from pipeline.core.rules import HandRules

__all__ = ["EXACT_DEALS", "stud_deals", "stud_equity"]

EXACT_DEALS = 2_000_000
"""Deals a street is enumerated up to when no ``samples`` are asked for; past it, asking for an
exact figure is a ``ValueError`` (third street heads-up is 18,265,297,050 deals)."""

_CHUNK_DEALS = 100_000  # deals scored at once: a few tens of MB at most


def stud_deals(players: int, known: int, seen: int, rules: HandRules) -> int:
    """How many deals complete a street: ``players`` live hands of ``known`` cards each,
    ``seen`` cards out of the deck in all (theirs and the dead ones).

    >>> from pipeline.core.rules import STUD
    >>> stud_deals(2, 6, 12, STUD), stud_deals(2, 5, 10, STUD), stud_deals(2, 3, 6, STUD)
    (1560, 671580, 18265297050)
    """
    drawn = rules.hole_cards - known
    left = len(rules.ranking.deck) - seen
    if drawn * players > left:
        return 0
    return math.comb(left, drawn * players) * _splits_count(players, drawn)


def _splits_count(players: int, drawn: int) -> int:
    ways: int = math.factorial(drawn * players) // math.factorial(drawn) ** players
    return ways


@functools.cache
def _splits(players: int, drawn: int) -> NDArray[np.intp]:
    """Every way to hand ``drawn * players`` positions to the players, ``drawn`` each:
    ``(ways, players, drawn)``, each player's positions ascending."""
    ways: list[list[tuple[int, ...]]] = [[]]
    for _ in range(players):
        grown: list[list[tuple[int, ...]]] = []
        for way in ways:
            taken = {position for group in way for position in group}
            free = [position for position in range(drawn * players) if position not in taken]
            grown.extend([*way, group] for group in itertools.combinations(free, drawn))
        ways = grown
    return np.array(ways, dtype=np.intp).reshape(len(ways), players, drawn)


def _checked(
    known: NDArray[np.uint8], dead: NDArray[np.uint8], rules: HandRules
) -> NDArray[np.uint8]:
    """The cards left in the rules' deck, after checking the deal."""
    if rules.board_cards != 0:
        msg = f"stud equity is for games without a board, these rules deal {rules.board_cards}"
        raise ValueError(msg)
    if known.ndim != 2 or not 2 <= len(known) <= MAX_PLAYERS:
        msg = f"expected 2 to {MAX_PLAYERS} hands of known cards, got shape {known.shape!r}"
        raise ValueError(msg)
    if not 1 <= known.shape[1] <= rules.hole_cards:
        msg = f"a hand holds 1 to {rules.hole_cards} known cards, got {known.shape[1]}"
        raise ValueError(msg)
    every = np.concatenate([known.ravel(), dead])
    if every.size and int(every.max()) >= DECK_SIZE:
        msg = f"card id {int(every.max())} is not a card (0..{DECK_SIZE - 1})"
        raise ValueError(msg)
    if len(np.unique(every)) != every.size:
        values, counts = np.unique(every, return_counts=True)
        msg = f"card id {int(values[counts > 1][0])} is dealt twice"
        raise ValueError(msg)
    unseen = np.ones(DECK_SIZE, dtype=bool)
    unseen[every] = False
    in_deck = np.zeros(DECK_SIZE, dtype=bool)
    in_deck[list(rules.ranking.deck)] = True
    return np.flatnonzero(unseen & in_deck).astype(np.uint8)


def _score(
    known: NDArray[np.uint8], drawn: NDArray[np.uint8], rules: HandRules
) -> NDArray[np.float64]:
    """Each player's share of each deal's pot: ``drawn`` is ``(deals, players, m)``."""
    deals, players = drawn.shape[0], drawn.shape[1]
    cards = np.concatenate(
        [np.broadcast_to(known[None, :, :], (deals, *known.shape)), drawn], axis=2
    ).reshape(deals * players, -1)
    no_board = np.empty((len(cards), 0), dtype=np.uint8)
    high = hands.high_strengths(rules, cards, no_board, check=False).reshape(deals, players)
    low = None
    if rules.low is not None:
        low = hands.low_values(rules, cards, no_board, check=False).reshape(deals, players).T
    return pot_shares(high.T, low)


def stud_equity(
    known: ArrayLike,
    dead: ArrayLike = (),
    *,
    rules: HandRules,
    samples: int | None = None,
    seed: int = 0,
) -> EquityResult:
    """Win, tie and equity of each live hand over every way its missing cards can be dealt.

    ``known`` is ``(players, k)``: each live player's cards so far (the same ``k`` for all,
    down cards included: the figures a broadcast shows); ``dead`` the other cards seen (folded
    players' up cards), out of the deck.  ``samples`` deals are drawn instead of enumerating
    when there are more deals than that (:func:`stud_deals`); without ``samples`` a street of
    more than :data:`EXACT_DEALS` deals is a ``ValueError``.

    >>> from pipeline.core.cards import parse_cards
    >>> from pipeline.core.rules import STUD_HI_LO
    >>> known = parse_cards([["As", "2s", "3d", "4d", "Kc"], ["Ks", "Kd", "Qh", "Qc", "Jd"]])
    >>> result = stud_equity(known, rules=STUD_HI_LO, samples=50_000, seed=1)
    >>> result.exact, result.boards, round(result.margin * 100, 2)
    (False, 50000, 0.44)
    """
    known_array = np.asarray(known, dtype=np.uint8)
    dead_array = np.asarray(dead, dtype=np.uint8).ravel()
    deck = _checked(known_array, dead_array, rules)
    players, seen_each = known_array.shape
    drawn = rules.hole_cards - seen_each
    total = stud_deals(players, seen_each, players * seen_each + len(dead_array), rules)
    if drawn == 0:  # seventh street: the showdown itself
        shares = _score(known_array, np.empty((1, players, 0), dtype=np.uint8), rules)
        return _result(shares.sum(axis=1), _wins(shares), _ties(shares), 1, True)
    if total == 0:
        msg = f"the deck has {len(deck)} cards left, {players} hands need {drawn} each"
        raise ValueError(msg)
    exact = samples is None or samples >= total
    if exact and total > EXACT_DEALS:
        msg = f"{total:,} deals to enumerate (more than {EXACT_DEALS:,}): pass samples="
        raise ValueError(msg)
    share_sum = np.zeros(players)
    wins = np.zeros(players)
    ties = np.zeros(players)
    if exact:
        splits = _splits(players, drawn)  # at most EXACT_DEALS ways: listed only when exact
        sets = combinations_array(len(deck), drawn * players)
        per_chunk = max(1, _CHUNK_DEALS // len(splits))
        for start in range(0, len(sets), per_chunk):
            cards = deck[sets[start : start + per_chunk]]  # (sets, m * players)
            dealt = cards[:, splits].reshape(-1, players, drawn)
            shares = _score(known_array, dealt, rules)
            share_sum += shares.sum(axis=1)
            wins += _wins(shares)
            ties += _ties(shares)
        return _result(share_sum, wins, ties, total, True)
    rng = np.random.default_rng(seed)
    count = int(samples or 0)
    for start in range(0, count, _CHUNK_DEALS):
        rows = min(_CHUNK_DEALS, count - start)
        dealt = _sample_deals(deck, rows, drawn * players, rng).reshape(rows, players, drawn)
        shares = _score(known_array, dealt, rules)
        share_sum += shares.sum(axis=1)
        wins += _wins(shares)
        ties += _ties(shares)
    return _result(share_sum, wins, ties, count, False)


def _sample_deals(
    deck: NDArray[np.uint8], rows: int, cards: int, rng: np.random.Generator
) -> NDArray[np.uint8]:
    """``rows`` uniform draws of ``cards`` distinct cards in order: the first steps of a
    Fisher-Yates shuffle of the deck, all rows at once."""
    shuffled = np.tile(deck, (rows, 1))
    row = np.arange(rows)
    for place in range(cards):
        other = rng.integers(place, len(deck), size=rows)
        kept = shuffled[row, place].copy()
        shuffled[row, place] = shuffled[row, other]
        shuffled[row, other] = kept
    return shuffled[:, :cards]


def _wins(shares: NDArray[np.float64]) -> NDArray[np.float64]:
    counts: NDArray[np.float64] = np.count_nonzero(shares == 1.0, axis=1).astype(np.float64)
    return counts


def _ties(shares: NDArray[np.float64]) -> NDArray[np.float64]:
    parts = (shares > 0.0) & (shares < 1.0)
    counts: NDArray[np.float64] = np.count_nonzero(parts, axis=1).astype(np.float64)
    return counts


def _result(
    share_sum: NDArray[np.float64],
    wins: NDArray[np.float64],
    ties: NDArray[np.float64],
    deals: int,
    exact: bool,
) -> EquityResult:
    margin = 0.0 if exact else float(1.96 * np.sqrt(0.25 / deals))
    return EquityResult(wins / deals, ties / deals, share_sum / deals, deals, exact, margin)
