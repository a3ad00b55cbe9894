"""Exact equity by the compiled loop, without numpy: ``pipeline equity``'s cold path.

A new process that imports numpy has spent more time than the loop takes to count all
1,712,304 heads-up preflop boards, so for a game whose every hole card may play (Hold'em,
short deck; no low half) and an exact count, :func:`loop_equity` gives the cards to
``exact_equity`` in ``_kernel_equity.c`` with its tables read from one raw file in the table
cache (:func:`pipeline.core.evaluation.table_cache.read_raw`, mapped, not read).  The first
process to need the file builds the tables with numpy
(:mod:`pipeline.core.evaluation.hand_tables`) and writes it.  Everything else (Omaha, a low
half, sampled boards, no C compiler at install) is :func:`pipeline.core.probability.equity.equity`,
the numpy path the tests compare this one with.

The checks of a deal are here, without numpy, and both paths use them, so the two refuse the
same deals with the same words.

>>> result = loop_equity([[51, 49], [44, 45]], [50, 46, 0, 5])  # AsAd, KcKd on AhKh2c3d
>>> result is None or (result.boards, [round(100 * share, 2) for share in result.equity])
(44, [97.73, 2.27])
"""

from __future__ import annotations

import functools
import hashlib
import math
import struct
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline.core.cards import DECK_SIZE, format_card
from pipeline.core.evaluation import table_cache
from pipeline.core.kernel import KERNEL
from pipeline.core.rules import HOLDEM, HandRanking, HandRules

BOARD_SIZE = 5
MAX_PLAYERS = 10
_FLUSH_ENTRIES = 1 << 13
_MAGIC = b"SHOWDOWN-EQUITY-LOOP-1\n\x00"
# The raw file: the magic, the rank mask (uint32), the 13 rank weights (uint32), the flush table
# (uint16 by 13-bit rank mask), the seven-card rank table (uint16 by rank-weight sum); native
# byte order, since the file never leaves the machine's cache.
_HEAD = struct.Struct(f"={len(_MAGIC)}sI13I")
# The code whose output the file holds: its version is in the file's name.
_SOURCES = (
    Path(__file__).parents[1] / "evaluation" / "hand_tables.py",
    Path(__file__).parents[1] / "rules.py",
)


@dataclass(frozen=True)
class LoopEquity:
    """Per player: the chance to win the whole pot alone, to tie for it, and the expected share
    of it, over every one of ``boards`` completions of the board."""

    win: tuple[float, ...]
    tie: tuple[float, ...]
    equity: tuple[float, ...]
    boards: int


def check_deal(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int],
    rules: HandRules = HOLDEM,
) -> None:
    """Raise ``ValueError`` naming what is wrong with a deal: the number of hands or of their
    cards, the board's size, an id off the deck, a card dealt twice.

    >>> check_deal([[51, 47], [51, 42]], [], [])
    Traceback (most recent call last):
        ...
    ValueError: card 'As' is dealt twice
    """
    width = rules.hole_cards
    shapes = {len(hole) for hole in holes}
    if shapes != {width} or not 2 <= len(holes) <= MAX_PLAYERS:
        if shapes == {width}:
            count = len(holes)
            msg = f"expected 2 to {MAX_PLAYERS} hands of {width} hole cards, got {count} hand"
            msg += "" if count == 1 else "s"
        else:
            shape = (len(holes), *shapes) if len(shapes) == 1 else (len(holes),)
            msg = (
                f"expected 2 to {MAX_PLAYERS} hands of {width} hole cards each, got shape {shape!r}"
            )
        raise ValueError(msg)
    if len(board) not in (0, 3, 4, 5):
        msg = f"a board holds 0, 3, 4 or 5 cards, got {len(board)}"
        raise ValueError(msg)
    every = [card for hole in holes for card in hole] + list(board) + list(dead)
    if every and max(every) >= DECK_SIZE:
        msg = f"card id {max(every)} is not in 0..51"
        raise ValueError(msg)
    counts = Counter(every)
    twice = sorted(card for card, count in counts.items() if count > 1)
    if twice:
        msg = f"card {format_card(twice[0])!r} is dealt twice"
        raise ValueError(msg)
    outside = sorted(set(counts) - set(rules.ranking.deck))
    if outside:
        msg = f"card {format_card(outside[0])!r} is not in the {rules.ranking.describe_deck()}"
        raise ValueError(msg)


def deck_left(
    holes: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int], rules: HandRules
) -> list[int]:
    """The rules' deck less every card seen, sorted; a ``ValueError`` when it cannot finish
    the board."""
    seen = {card for hole in holes for card in hole} | set(board) | set(dead)
    deck = sorted(set(rules.ranking.deck) - seen)
    missing = BOARD_SIZE - len(board)
    if missing > len(deck):
        msg = f"the deck has {len(deck)} cards left, the board needs {missing}"
        raise ValueError(msg)
    return deck


def loop_equity(
    holes: Sequence[Sequence[int]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    rules: HandRules = HOLDEM,
) -> LoopEquity | None:
    """Exact win, tie and equity of each hand over every completion of the board, counted by
    the compiled loop; None where the loop does not count this game (a low half, hands of
    exactly some hole cards, hole cards other than two) or is not built.  A bad deal is a
    ``ValueError`` (:func:`check_deal`)."""
    if (
        KERNEL is None
        or rules.hole_cards != 2
        or rules.board_cards != BOARD_SIZE
        or rules.hole_cards_used is not None
        or rules.low is not None
    ):
        return None
    check_deal(holes, board, dead, rules)
    deck = deck_left(holes, board, dead, rules)
    weights, rank_table, mask, flush = _tables(rules.ranking)
    wins, ties, shares, boards, unit = KERNEL.exact_equity(
        bytes(card for hole in holes for card in hole),
        bytes(deck),
        bytes(board),
        weights,
        rank_table,
        mask,
        flush,
    )
    expected = math.comb(len(deck), BOARD_SIZE - len(board))
    if boards != expected:  # pragma: no cover - the loop's own count must be the combinations
        msg = f"the loop counted {boards} boards, not {expected}"
        raise AssertionError(msg)
    return LoopEquity(
        tuple(count / boards for count in wins),
        tuple(count / boards for count in ties),
        tuple(share / unit / boards for share in shares),
        boards,
    )


@functools.cache
def _tables(ranking: HandRanking) -> tuple[memoryview, memoryview, int, memoryview]:
    """The loop's tables of ``ranking`` (rank weights, seven-card rank table, its mask, flush
    table), mapped from their raw file, which is built and written first when missing."""
    digest = hashlib.sha256(_MAGIC + ranking.spec.encode())
    for source in _SOURCES:
        digest.update(source.read_bytes())
    path = table_cache.raw_path("equity-loop", digest.hexdigest()[:20])
    data = table_cache.read_raw(path)
    if data is None or _mask_of(data) is None:  # not there, or not whole
        data = _build(ranking)
        table_cache.write_raw(path, [data])
    mask = _mask_of(data)
    if mask is None:  # pragma: no cover - _build writes what _mask_of reads
        msg = "the equity loop's tables are not whole"
        raise AssertionError(msg)
    weights = data[len(_MAGIC) + 4 : _HEAD.size]
    flush = data[_HEAD.size : _HEAD.size + 2 * _FLUSH_ENTRIES]
    return weights, data[_HEAD.size + 2 * _FLUSH_ENTRIES :], mask, flush


def _mask_of(data: memoryview) -> int | None:
    """The rank mask the file's head states, when the head is ours and the file is whole."""
    if len(data) < _HEAD.size:
        return None
    magic, mask, *_ = _HEAD.unpack_from(data)
    whole = len(data) == _HEAD.size + 2 * _FLUSH_ENTRIES + 2 * (mask + 1)
    return mask if magic == _MAGIC and whole else None


def _build(ranking: HandRanking) -> memoryview:
    """The raw file's bytes, from the evaluator's own tables (this imports numpy, once per
    machine and version of the tables)."""
    from pipeline.core.evaluation import hand_tables

    head = _HEAD.pack(_MAGIC, hand_tables.rank_mask(ranking), *hand_tables.rank_weights(ranking))
    flush = hand_tables.ranking_tables(ranking).flush_strength
    rank_table = hand_tables.rank_strengths(7, ranking)
    return memoryview(head + flush.astype("=u2").tobytes() + rank_table.astype("=u2").tobytes())
