"""What a compiled kernel would give: our evaluator's own tables, one C loop over the hands.

Run from the repository root: ``.venv/bin/python -m bench.compiled_kernel`` (needs ``cc``).
The project adds no compiled dependency; this measures, before anyone does, what one would buy.
The C loop does per 7-card hand what :func:`pipeline.core.evaluator.evaluate` does per block of
hands (four look-ups of key sums, the rank table, the suit table, the flush redo), with the
running sum in a register, and checked: ids below 52 and no card twice, as an OR of the card
bits and one popcount.  Its strengths are compared with ``evaluate`` on every hand.  Medians,
the four timings interleaved so load from other jobs hits each alike.
"""

from __future__ import annotations

import ctypes
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from bench.evaluator import random_hands
from pipeline.core import hand_tables
from pipeline.core.evaluator import evaluate

KERNEL = r"""
#include <stddef.h>
#include <stdint.h>

/* Strengths of n 7-card hands; returns -1, or the first row with an id >= 52 or a repeat. */
long long evaluate7(const uint8_t *hands, size_t n, const uint32_t *pair_key,
                    const uint16_t *rank_table, uint32_t rank_mask, int suit_shift,
                    const uint8_t *flush_suit, int no_flush, const uint16_t *suit_rank_bits,
                    const uint16_t *flush_strength, uint16_t *out, int check)
{
    for (size_t i = 0; i < n; i++) {
        const uint8_t *h = hands + 7 * i;
        if (check) {
            uint64_t bits = 0;
            uint8_t top = 0;
            for (int j = 0; j < 7; j++) {
                top |= h[j] & 0xC0;  /* any id >= 64 */
                bits |= 1ULL << (h[j] & 63);
            }
            if (top || (bits >> 52) || __builtin_popcountll(bits) != 7) return (long long)i;
        }
        uint32_t key = pair_key[h[0] | h[1] << 8] + pair_key[h[2] | h[3] << 8]
                     + pair_key[h[4] | h[5] << 8] + pair_key[52 << 8 | h[6]];
        uint16_t strength = rank_table[key & rank_mask];
        int suit = flush_suit[key >> suit_shift];
        if (suit != no_flush) {
            uint16_t ranks = 0;
            for (int j = 0; j < 7; j++) ranks |= suit_rank_bits[suit << 8 | h[j]];
            strength = flush_strength[ranks];
        }
        out[i] = strength;
    }
    return -1;
}
"""


def _pointer(array: NDArray[np.generic]) -> ctypes.c_void_p:
    return ctypes.c_void_p(array.ctypes.data)


def main() -> None:
    compiler = shutil.which("cc")
    if compiler is None:
        print("no C compiler (cc): skipped")
        return
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "kernel.c"
        library_path = Path(folder) / "kernel.so"
        source.write_text(KERNEL, encoding="utf-8")
        flags = ["-O3", "-march=native", "-shared", "-fPIC"]
        subprocess.run([compiler, *flags, "-o", str(library_path), str(source)], check=True)
        kernel = ctypes.CDLL(str(library_path)).evaluate7
    kernel.restype = ctypes.c_longlong
    hands = random_hands(np.random.default_rng(7), 1_000_000, 7)
    expected = evaluate(hands, check=False)
    tables = (
        np.ascontiguousarray(hand_tables._pair_key_table(), dtype=np.uint32),
        np.ascontiguousarray(hand_tables._rank_table(7), dtype=np.uint16),
        np.ascontiguousarray(hand_tables._flush_suit_table(7), dtype=np.uint8),
        np.ascontiguousarray(hand_tables._suit_rank_bit_table(), dtype=np.uint16),
        np.ascontiguousarray(hand_tables._tables().flush_strength, dtype=np.uint16),
    )
    pair_key, rank_table, flush_suit, suit_rank_bits, flush_strength = tables
    out = np.empty(len(hands), dtype=np.uint16)

    def compiled(check: bool) -> None:
        bad = kernel(
            _pointer(hands), ctypes.c_size_t(len(hands)), _pointer(pair_key),
            _pointer(rank_table), ctypes.c_uint32(hand_tables._RANK_MASK),
            ctypes.c_int(hand_tables._SUIT_SHIFT), _pointer(flush_suit),
            ctypes.c_int(hand_tables._NO_FLUSH), _pointer(suit_rank_bits),
            _pointer(flush_strength), _pointer(out), ctypes.c_int(int(check)),
        )  # fmt: skip
        assert bad == -1, bad

    for check in (False, True):
        compiled(check)
        assert (out == expected).all(), "the C loop disagrees with evaluate"
    runs: dict[str, list[float]] = {}
    contenders: dict[str, Callable[[], object]] = {
        "numpy, evaluate(check=False)": lambda: evaluate(hands, check=False),
        "numpy, evaluate (checked)": lambda: evaluate(hands),
        "C loop, unchecked": lambda: compiled(False),
        "C loop, checked": lambda: compiled(True),
    }
    for _ in range(15):
        for name, function in contenders.items():
            start = time.perf_counter()
            function()
            runs.setdefault(name, []).append(time.perf_counter() - start)
    seconds = {name: statistics.median(times) for name, times in runs.items()}
    print("\n1,000,000 random 7-card hands, one core, medians of 15 (same strengths: yes)")
    for name, value in seconds.items():
        print(f"  {name:<32}{len(hands) / value / 1e6:8.1f} M hands/s {value * 1e3:8.1f} ms")
    numpy_ratio = seconds["numpy, evaluate(check=False)"] / seconds["numpy, evaluate (checked)"]
    c_ratio = seconds["C loop, unchecked"] / seconds["C loop, checked"]
    print(f"  checked / unchecked: numpy {numpy_ratio:.2f}x, C loop {c_ratio:.2f}x")


if __name__ == "__main__":
    main()
