"""Fuzz the stud and draw games' scoring paths (issue 34), for ``make fuzz``
(:mod:`bench.fuzz_extensions` runs these beside its own).

- **Lowball strengths** (Razz and A-5 draw: ace-to-five, best five of 5 to 7 cards; 2-7 draw:
  deuce-to-seven, five cards): the evaluator's compiled loop reads the lowball tables as it
  reads the high ones, so random hands (C-ordered, strided or Fortran-ordered, some bytes
  replaced by any byte, checked and unchecked) are scored by the compiled loop and by the numpy
  loop alone (:func:`numpy_only`), which must agree, or both raise the same ``ValueError``.
- **Badugi strengths** (numpy look-ups of four cards): any bytes, checked, raise ``ValueError``
  or agree with the unchecked reading; unchecked, any bytes read inside the tables.
- **Stud equity** (7 Card Stud, Stud Hi/Lo, Razz): random streets of 2 to 4 players with dead
  cards, enumerated (fourth to seventh street, the small ones) or sampled, through the compiled
  loop and through numpy alone, which must give the same figures; and calls with any bytes
  (ids off the deck, cards twice, odd shapes), which must count or raise ``ValueError``.
"""

from __future__ import annotations

import contextlib
import faulthandler
import random
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any
from unittest import mock

import numpy as np

from pipeline.core.evaluation import badugi, evaluator, lowball
from pipeline.core.kernel import KERNEL
from pipeline.core.probability.equity import EquityResult
from pipeline.core.probability.stud_equity import stud_deals, stud_equity
from pipeline.core.rules import ACE_TO_FIVE, DEUCE_TO_SEVEN, RAZZ, STUD, STUD_HI_LO

__all__ = ["fuzz_badugi", "fuzz_lowball", "fuzz_stud_equity", "numpy_only"]

STUD_GAMES = (STUD, STUD_HI_LO, RAZZ)
SMALL_STREET = 200_000
"""Streets of at most this many deals are enumerated on both paths (a second or so each)."""


@contextlib.contextmanager
def numpy_only() -> Iterator[None]:
    """The evaluator without its compiled loop for a while: the numpy reference and fallback
    (as ``SHOWDOWN_KERNEL=numpy`` makes it for a whole process)."""
    with mock.patch.object(evaluator, "KERNEL", None):
        yield


def _outcome(call: Callable[[], Any]) -> str:
    """What a call gave, as text to compare: its array's bytes, or the ValueError it raised."""
    try:
        result = call()
    except ValueError as exc:
        return f"ValueError: {exc}"
    if isinstance(result, np.ndarray):
        return result.tobytes().hex()
    if isinstance(result, EquityResult):  # every figure to the last bit
        figures = np.concatenate([result.win, result.tie, result.equity])
        return f"{figures.tobytes().hex()} {result.boards} {result.exact} {result.margin!r}"
    return repr(result)


def _both_paths(call: Callable[[], Any]) -> tuple[str, str]:
    compiled = _outcome(call)
    with numpy_only():
        reference = _outcome(call)
    return compiled, reference


def _random_hands(rng: random.Random, rows: int, size: int) -> np.ndarray:
    """``rows`` hands of ``size`` distinct cards, some bytes replaced by any byte, in any
    memory order."""
    np_rng = np.random.default_rng(rng.randrange(2**32))
    cards = np.argsort(np_rng.random((rows, 52)), axis=1)[:, :size].astype(np.uint8)
    if rng.random() < 0.5:
        bad = np_rng.random(cards.shape) < rng.choice([0.0001, 0.01, 0.5])
        cards[bad] = np_rng.integers(0, 256, size=int(bad.sum()), dtype=np.uint8)
    if rng.random() < 0.3:
        wide = np.zeros((rows, size * 2), dtype=np.uint8)
        wide[:, ::2] = cards
        cards = wide[:, ::2]  # strided, not contiguous
    if rng.random() < 0.1:
        cards = np.asfortranarray(cards)
    return cards


def fuzz_lowball(rng: random.Random, seconds: float, hang_seconds: float) -> tuple[int, int]:
    """Lowball strengths through the compiled loop and numpy: calls tried, differences."""
    if KERNEL is None:
        print("the compiled evaluator loop is not built: no lowball paths to compare")
        return 0, 0
    tried = found = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        faulthandler.dump_traceback_later(hang_seconds, exit=True)
        tried += 1
        ranking = rng.choice([ACE_TO_FIVE, DEUCE_TO_SEVEN])
        size = rng.choice([*ranking.hand_sizes, 4, 8]) if rng.random() < 0.05 else 0
        size = size or rng.choice(ranking.hand_sizes)
        rows = rng.choice([0, 1, 2, 4095, 4096, 4097, rng.randrange(5000)])
        cards = _random_hands(rng, rows, size)
        check = rng.random() < 0.7
        compiled, reference = _both_paths(
            partial(lowball.lowball_strengths, ranking, cards, check=check)
        )
        if not check and compiled != reference and not compiled.startswith("ValueError"):
            # bad ids unchecked: any strengths, only no bad read (ASan watches); valid rows agree
            valid = (np.sort(cards, axis=1) < 52).all() and len(cards) > 0
            if not valid or (np.diff(np.sort(cards, axis=1), axis=1) == 0).any():
                continue
        if compiled != reference:
            found += 1
            print(f"lowball: {ranking.name} {size} x {rows}, check={check}: "
                  f"{compiled[:80]} vs {reference[:80]}")  # fmt: skip
    return tried, found


def fuzz_badugi(rng: random.Random, seconds: float, hang_seconds: float) -> tuple[int, int]:
    """Badugi strengths on any bytes: calls tried, and calls that raised other than a
    ``ValueError`` or whose checked reading differs from the unchecked one."""
    tried = found = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        faulthandler.dump_traceback_later(hang_seconds, exit=True)
        tried += 1
        size = 4 if rng.random() < 0.95 else rng.choice([0, 3, 5])
        rows = rng.choice([0, 1, 4095, 4096, 4097, rng.randrange(5000)])
        cards = _random_hands(rng, rows, size) if size else np.zeros((rows, 0), np.uint8)
        try:
            checked = _outcome(partial(badugi.badugi_strengths, cards, check=True))
            unchecked = _outcome(partial(badugi.badugi_strengths, cards, check=False))
        except Exception as exc:  # anything but a ValueError is a finding
            found += 1
            print(f"badugi: {size} x {rows}: {type(exc).__name__}: {exc}")
            continue
        if not checked.startswith("ValueError") and checked != unchecked:
            found += 1
            print(f"badugi: {size} x {rows}: checked {checked[:60]} vs {unchecked[:60]}")
    return tried, found


def _random_street(rng: random.Random) -> tuple[Any, list[list[int]], list[int]]:
    """A stud street small enough to enumerate on both paths: rules, known hands, dead."""
    while True:
        rules = rng.choice(STUD_GAMES)
        players = rng.randint(2, 4)
        known = rng.randint(4 if players == 2 else 5, 7)
        dead_count = rng.randrange(0, 10)
        cards = rng.sample(range(52), players * known + dead_count)
        seen = players * known + dead_count
        if stud_deals(players, known, seen, rules) <= SMALL_STREET:
            hands = [cards[p * known : (p + 1) * known] for p in range(players)]
            return rules, hands, cards[players * known :]


def fuzz_stud_equity(rng: random.Random, seconds: float, hang_seconds: float) -> tuple[int, int]:
    """Stud equity through the compiled loop and numpy: calls tried and differences."""
    tried = found = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        faulthandler.dump_traceback_later(hang_seconds, exit=True)
        tried += 1
        if rng.random() < 0.3:  # any bytes: counted, or refused with a ValueError
            shape = (rng.randint(0, 9), rng.randint(0, 8))
            known = [[rng.randrange(256 if rng.random() < 0.2 else 52) for _ in range(shape[1])]
                     for _ in range(shape[0])]  # fmt: skip
            dead = [rng.randrange(256) for _ in range(rng.randrange(4))]
            call = partial(stud_equity, known, dead, rules=rng.choice(STUD_GAMES), samples=500)
            try:
                _outcome(call)
            except Exception as exc:  # anything but a ValueError is a finding
                found += 1
                print(f"stud equity: {known} dead {dead}: {type(exc).__name__}: {exc}")
            continue
        rules, hands, dead = _random_street(rng)
        samples = None if rng.random() < 0.7 else 2_000
        seed = rng.randrange(2**31)
        compiled, reference = _both_paths(
            partial(stud_equity, hands, dead, rules=rules, samples=samples, seed=seed)
        )
        if compiled != reference:
            found += 1
            print(f"stud equity: {hands} dead {dead}: {compiled[:120]} vs {reference[:120]}")
    return tried, found
