"""Fuzz our two C extensions: the PokerStars scanner and the core's loops.

One command, from the repository root: ``make fuzz`` (a minute; ``make fuzz FUZZ_SECONDS=600``
for longer).  It builds both extensions with AddressSanitizer and UndefinedBehaviorSanitizer
into ``build/sanitized`` (the optimised in-place build is left alone), preloads the sanitizer
runtimes and runs this script with ``SHOWDOWN_EXTENSIONS=build/sanitized``, which makes it load
the sanitized builds in place of the in-place ones.  A memory error or undefined behaviour
stops the process with the sanitizer's report, the input being read left in ``--current``.
Without the variable (``.venv/bin/python -m bench.fuzz_extensions --seconds N``) the in-place
builds are fuzzed for divergences only.

Scanner: hands of ``tests/data/hand_histories/pokerstars_*.txt`` (Hold'em, Omaha, Omaha
Hi/Lo, games not read) and, when ``../shared/corpora/pokerstars`` is there (read in place,
never copied), hands sampled from the corpus are mutated (byte flips, truncation, lines
duplicated, deleted or swapped, huge numbers, long names and lines, many seats, NUL bytes,
invalid UTF-8, ``\\r`` line ends...) and each input is read by ``read_pokerstars`` through the
compiled scanner, as bytes and as text, and by the text engine alone (``compiled=False``, the
reference and the fallback without a compiler); rows and issues must be equal.  Evaluator:
random ``uint8`` hands of 5, 6 and 7 cards, 0 to 5,000 rows, C-ordered or strided, checked and
unchecked, against the numpy loop, and direct calls of ``_kernel.evaluate`` with short or
odd-sized buffers, which must raise ValueError.  Deals (hole and board cards): the compiled
check against the numpy check, and the Omaha loop against the numpy path, on any bytes.
Equity (``_kernel_equity.c``, ``pipeline equity``'s cold path): random Hold'em and short deck
deals of 2 to 10 players counted by the loop and by the numpy path, which must agree, and
direct calls with any bytes (ids off the deck, an unsorted deck, short tables), which must
count or raise ValueError.  The stud and draw games (:mod:`bench.fuzz_games`): lowball
strengths (Razz, A-5 and 2-7 draw) and stud equity (Stud, Stud Hi/Lo, Razz, dead cards) through
the compiled loop against numpy alone, Badugi's look-ups on any bytes.

A hang is caught by :mod:`faulthandler` (the process exits with a traceback after
``--hang-seconds``); the input being read is always in ``--current`` so a crash leaves it
behind.  Divergences are written to ``--out`` (default ``/tmp/fuzz_extensions``).
"""

from __future__ import annotations

import argparse
import contextlib
import faulthandler
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import sanitized_extensions  # noqa: F401  (first: it may load the sanitized builds)
from bench.fuzz_games import fuzz_badugi, fuzz_lowball, fuzz_stud_equity
from bench.fuzz_mutations import FIXED_INPUTS, mutated
from pipeline.core.evaluation import combination, evaluator, hand_checks
from pipeline.core.kernel import compiled_kernel
from pipeline.core.probability import equity_loop
from pipeline.core.probability.equity import equity
from pipeline.core.rules import HOLDEM, SHORT_DECK, SHORT_DECK_HOLDEM, STANDARD
from pipeline.sources.pokerstars import (
    read_pokerstars,
    split_hands,
)
from pipeline.sources.pokerstars.scanner import SCAN

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "tests" / "data" / "hand_histories").glob("pokerstars_*.txt"))
# ../shared/corpora beside the checkout (or beside the folder of its worktrees).
CORPUS = next(
    (
        folder / "shared" / "corpora" / "pokerstars"
        for folder in (ROOT.parent, ROOT.parent.parent)
        if (folder / "shared" / "corpora").is_dir()
    ),
    ROOT.parent / "shared" / "corpora" / "pokerstars",
)

SCANS_PER_COMPARISON = 20  # inputs only scanned for each one compared across the two paths
HANG_SECONDS = [60.0]  # set by --hang-seconds


def seed_hands(rng: random.Random, corpus_hands: int) -> list[bytes]:
    """Hands of the test samples and, when the corpus is there, ``corpus_hands`` of it."""
    hands = [text.encode() for path in SAMPLES for _, text in split_hands(path.read_text())]
    if CORPUS.is_dir():
        files = sorted(path for path in CORPUS.rglob("*") if path.is_file())
        rng.shuffle(files)
        picked: list[bytes] = []
        for path in files:
            if len(picked) >= corpus_hands:
                break
            try:
                text = path.read_bytes().decode("utf-8-sig")
            except (OSError, UnicodeDecodeError):
                continue
            found = split_hands(text)
            picked += [hand.encode() for _, hand in rng.sample(found, min(20, len(found)))]
        hands += picked
    else:
        print(f"{CORPUS} is absent: fuzzing the test sample's hands only")
    return hands


def pokerstars_divergence(data: bytes) -> str | None:
    """Why the compiled reading of ``data`` (as bytes, then as text) differs from the
    reference's (the text engine's), or None."""
    for label, source in (("bytes", data), ("text", _as_text(data))):
        compiled, reference = (_reading(source, compiled=flag) for flag in (True, False))
        if isinstance(compiled, str) or isinstance(reference, str):
            if compiled != reference:
                return f"{label}: compiled {compiled!r}, engine {reference!r}"[:600]
            return f"{label}: both raise {compiled!r}"
        if not compiled[0].equals(reference[0]) or not compiled[1].equals(reference[1]):
            return f"{label}: the compiled path differs from the engine (the reference)"
    return None


def _reading(source: str | bytes, *, compiled: bool) -> tuple[pl.DataFrame, pl.DataFrame] | str:
    """Rows and issues, or the exception raised, as text."""
    try:
        log = read_pokerstars(source, "fuzz.txt", compiled=compiled)
    except Exception as exc:  # a raise is itself a finding
        return f"{type(exc).__name__}: {exc}"[:300]
    return log.rows, log.issues


def _as_text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def fuzz_scanner(
    rng: random.Random, seconds: float, current: Path, out: Path
) -> tuple[int, int, int]:
    """Inputs compared, inputs only scanned (memory safety alone, many times faster) and
    divergences found in ``seconds``."""
    assert SCAN is not None
    hands = seed_hands(rng, corpus_hands=2000)
    compared = scanned = found = 0
    deadline = time.monotonic() + seconds
    inputs = iter(FIXED_INPUTS)
    while time.monotonic() < deadline:
        data = next(inputs, None)
        if data is None:
            data = mutated(rng, hands)
        current.write_bytes(data)
        faulthandler.dump_traceback_later(HANG_SECONDS[0], exit=True)
        why = pokerstars_divergence(data)
        compared += 1
        if why is not None:
            found += 1
            path = out / f"scanner-{found:04d}.txt"
            path.write_bytes(data)
            print(f"{path}: {why}", flush=True)
        for _ in range(SCANS_PER_COMPARISON):
            data = mutated(rng, hands)
            current.write_bytes(data)
            SCAN(data)
            SCAN(_as_text(data))
            scanned += 1
    return compared, scanned, found


def fuzz_kernel(rng: random.Random, seconds: float) -> tuple[int, int]:
    """Calls tried and differences from the numpy loop found in ``seconds``."""
    kernel = compiled_kernel()
    if kernel is None:
        print("the compiled evaluator loop is not built: nothing to fuzz")
        return 0, 0
    tried = found = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        faulthandler.dump_traceback_later(HANG_SECONDS[0], exit=True)
        tried += 1
        if rng.random() < 0.2:
            found += _bad_direct_call(rng, kernel)
            continue
        size = rng.choice([5, 6, 7])
        rows = rng.choice([0, 1, 2, 3, 4095, 4096, 4097, rng.randrange(5000)])
        np_rng = np.random.default_rng(rng.randrange(2**32))
        valid = np.argsort(np_rng.random((rows, 52)), axis=1)[:, :size].astype(np.uint8)
        cards = valid
        if rng.random() < 0.5:
            cards = valid.copy()
            bad = np_rng.random(cards.shape) < rng.choice([0.0001, 0.01, 0.5])
            cards[bad] = np_rng.integers(0, 256, size=int(bad.sum()), dtype=np.uint8)
        if rng.random() < 0.3:
            wide = np.zeros((rows, size * 2), dtype=np.uint8)
            wide[:, ::2] = cards
            cards = wide[:, ::2]  # strided, not contiguous
        if rng.random() < 0.1:
            cards = np.asfortranarray(cards)
        check = rng.random() < 0.7 or cards is not valid
        compiled = _outcome(partial(evaluator._evaluate_compiled, kernel, cards, check=check))
        numpy = _outcome(partial(evaluator._evaluate_numpy, cards, check=check))
        if not check and not np.array_equal(cards, valid):
            numpy = compiled  # bad ids unchecked: any strengths, only no bad read
        if compiled != numpy:
            found += 1
            print(f"kernel: {size} cards x {rows}, check={check}: {compiled[:80]} vs {numpy[:80]}")
    return tried, found


def fuzz_deals(rng: random.Random, seconds: float) -> tuple[int, int]:
    """Hole-and-board loops (``_kernel_deals.c``): calls tried and differences found.

    Random deals of 1 to 6 hole and 0 to 5 board cards, some bytes replaced by any byte, rows
    around the 4,096-row block: the compiled check must raise what the numpy check raises, and
    the Omaha loop (unchecked, so any bytes) must give the numpy path's strengths.
    """
    kernel = compiled_kernel()
    if kernel is None:
        return 0, 0
    tried = found = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        faulthandler.dump_traceback_later(HANG_SECONDS[0], exit=True)
        tried += 1
        hole, board = rng.randint(1, 6), rng.randint(0, 5)
        rows = rng.choice([0, 1, 4095, 4096, 4097, rng.randrange(5000)])
        np_rng = np.random.default_rng(rng.randrange(2**32))
        cards = np.argsort(np_rng.random((rows, 52)), axis=1)[:, : hole + board].astype(np.uint8)
        if rng.random() < 0.5:
            bad = np_rng.random(cards.shape) < rng.choice([0.0001, 0.01, 0.5])
            cards[bad] = np_rng.integers(0, 256, size=int(bad.sum()), dtype=np.uint8)
        holes, boards = np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])
        ranking = rng.choice([STANDARD, SHORT_DECK])
        compiled = _outcome(
            partial(
                _checked_deal, hand_checks._check_deals_compiled, kernel, holes, boards, ranking
            )
        )
        numpy = _outcome(
            partial(_checked_deal, hand_checks._check_deals_numpy, holes, boards, ranking)
        )
        used = rng.choice([1, 2])
        if used <= hole and 5 - used <= board:
            compiled += _outcome(
                partial(combination._evaluate_compiled, kernel, holes, boards, used, ranking)
            )
            numpy += _outcome(partial(combination._evaluate_numpy, holes, boards, used, ranking))
        if compiled != numpy:
            found += 1
            where = f"{hole}+{board} cards x {rows}, used {used}"
            print(f"deals: {where}: {compiled[:80]} vs {numpy[:80]}")
    return tried, found


def fuzz_equity(rng: random.Random, seconds: float) -> tuple[int, int]:
    """The equity loop (``_kernel_equity.c``): calls tried and differences found."""
    kernel = compiled_kernel()
    if kernel is None:
        return 0, 0
    tried = found = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        faulthandler.dump_traceback_later(HANG_SECONDS[0], exit=True)
        tried += 1
        rules = rng.choice([HOLDEM, SHORT_DECK_HOLDEM])
        weights, rank_table, mask, flush = equity_loop._tables(rules.ranking)
        if rng.random() < 0.3:  # any bytes, straight to the loop
            raw_holes = bytes(rng.randrange(256 if rng.random() < 0.2 else 52) for _ in range(4))
            deck = bytes(sorted(rng.sample(range(52), rng.randrange(0, 12))))
            if rng.random() < 0.2:
                deck = deck[::-1]
            raw_board = bytes(rng.randrange(52) for _ in range(rng.choice([3, 4, 5, 6])))
            table = rank_table if rng.random() < 0.8 else rank_table[: rng.randrange(1000)]
            with contextlib.suppress(ValueError):  # counted, or refused: never a bad read
                kernel.exact_equity(raw_holes, deck, raw_board, weights, table, mask, flush)
            continue
        players = rng.randint(2, 10)
        board_size = rng.choice([3, 4, 5]) if players > 2 or rng.random() < 0.9 else 0
        cards = rng.sample(list(rules.ranking.deck), 2 * players + board_size + 1)
        holes = [cards[2 * p : 2 * p + 2] for p in range(players)]
        board = cards[2 * players : 2 * players + board_size]
        dead = cards[2 * players + board_size :] if rng.random() < 0.3 else []
        counted = equity_loop.loop_equity(holes, board, dead, rules)
        reference = equity(holes, board, dead, rules=rules)
        assert counted is not None
        same = counted.boards == reference.boards and all(
            np.allclose(ours, theirs, rtol=1e-12, atol=0)
            for ours, theirs in (
                (counted.win, reference.win),
                (counted.tie, reference.tie),
                (counted.equity, reference.equity),
            )
        )
        if not same:
            found += 1
            print(f"equity: {holes} on {board}, dead {dead}: {counted} vs {reference}")
    return tried, found


def _checked_deal(check: Callable[..., tuple[np.ndarray, np.ndarray]], *args: Any) -> np.ndarray:
    return np.hstack(check(*args))


def _outcome(call: Callable[[], np.ndarray]) -> str:
    try:
        return call().tobytes().hex()
    except ValueError as exc:
        return f"ValueError: {exc}"


def _private(name: str) -> Any:
    """A table builder or constant of the evaluator that the compiled loop is called with."""
    return getattr(evaluator, name)


def _bad_direct_call(rng: random.Random, kernel: object) -> int:
    """A direct call with one argument wrong; 1 when it did not raise ValueError."""
    size = rng.choice([5, 6, 7])
    tables = [
        _private("pair_keys")(),
        _private("rank_strengths")(size),
        _private("RANK_MASK"),
        _private("SUIT_SHIFT"),
        _private("flush_suits")(size),
        _private("NO_FLUSH"),
        _private("suit_rank_bits")(),
        _private("ranking_tables")().flush_strength,
        _private("pair_checks")(),
    ]
    arguments: list[object] = [np.zeros((3, size), dtype=np.uint8), size, *tables]
    arguments += [np.empty(3, dtype=np.uint16), True]
    which = rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    if which == 1:
        arguments[1] = rng.choice([-1, 0, 1, 4, 8, 2**31 - 1, -(2**31)])
    elif which == 4:
        arguments[4] = rng.choice([2**32 - 1, 2**31, _private("RANK_MASK") * 2 + 1])
    elif which == 5:
        arguments[5] = rng.choice([0, -1, 32, 33, 2**31 - 1])
    elif which == 7:
        arguments[7] = rng.choice([-1, 0, 3])
    elif which == 0:
        arguments[0] = np.zeros(rng.choice([1, 4, 3 * size + 1]), dtype=np.uint8)
    else:
        buffer = np.ascontiguousarray(arguments[which]).view(np.uint8).ravel()
        if which in (6, 7) or rng.random() < 0.5:  # too short
            arguments[which] = buffer[: rng.randrange(buffer.nbytes)]
        else:  # the whole table, at an odd address
            odd = np.zeros(buffer.nbytes + 1, dtype=np.uint8)
            odd[1:] = buffer
            arguments[which] = odd[1:]
    try:
        kernel.evaluate(*arguments)  # type: ignore[attr-defined]
    except ValueError:
        return 0
    print(f"kernel: a bad argument {which} was not refused")
    return 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--seconds",
        type=float,
        default=60.0,
        help="total, split 6:1:1:1:1 scanner:evaluator:deals:equity:stud and draw games",
    )
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--hang-seconds", type=float, default=60.0)
    parser.add_argument("--current", type=Path, default=Path("/tmp/fuzz_extensions_current.bin"))
    parser.add_argument("--out", type=Path, default=Path("/tmp/fuzz_extensions"))
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    print(f"seed {seed}")
    rng = random.Random(seed)
    args.out.mkdir(parents=True, exist_ok=True)
    HANG_SECONDS[0] = args.hang_seconds
    faulthandler.dump_traceback_later(args.hang_seconds, exit=True)
    if SCAN is None:
        print("the compiled PokerStars scanner is not built: skipping it")
    else:
        compared, scanned, found = fuzz_scanner(rng, args.seconds * 0.6, args.current, args.out)
        print(f"scanner: {compared} inputs compared, {scanned} more scanned, {found} divergences")
    tried, found = fuzz_kernel(rng, args.seconds * 0.1)
    print(f"kernel: {tried} calls, {found} differences or unrefused bad calls")
    tried, found = fuzz_deals(rng, args.seconds * 0.1)
    print(f"deals: {tried} calls, {found} differences")
    tried, found = fuzz_equity(rng, args.seconds * 0.1)
    print(f"equity: {tried} calls, {found} differences")
    # the stud and draw games (bench/fuzz_games.py): lowball and stud equity on both paths
    for name, fuzz, share in (
        ("lowball", fuzz_lowball, 0.04),
        ("badugi", fuzz_badugi, 0.02),
        ("stud equity", fuzz_stud_equity, 0.04),
    ):
        tried, found = fuzz(rng, args.seconds * share, args.hang_seconds)
        print(f"{name}: {tried} calls, {found} differences")
    faulthandler.cancel_dump_traceback_later()


if __name__ == "__main__":
    main()
