"""The hands of a sheet scored under each row's game: high strength, names, best five, the low
half, and each row's share of its pot.

One call of the core per game and board size (never one per row): the rules say how a hand is
made (:mod:`pipeline.core.evaluation.hands`), so Omaha, short deck and Hold'em rows of one sheet
each go to the evaluator their rules name, and nothing here branches on which game it is.

>>> import numpy as np
>>> from pipeline.core.cards import parse_cards
>>> from pipeline.games.poker.variants import DEFAULT_RULES
>>> hole = np.array(parse_cards([["Ah", "2h", "Kc", "Qs", "9d", "9c"],
...                              ["7d", "7c", "3s", "4s", "9s", "9h"]]))
>>> board = np.array(parse_cards([["7h", "8h", "Th", "Jc", "5d"]] * 2))
>>> games = np.array(["Omaha Hi/Lo", "Omaha Hi/Lo"], dtype=object)
>>> scores = score_hands(hole, board, np.array([5, 5]), games, np.array([True, True]),
...                      DEFAULT_RULES)
>>> scores.details, format_low(scores.low)
(['Flush (Ace high)', 'Three of a Kind (Sevens)'], ['8-7-5-2-A', '8-7-5-4-3'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import polars as pl
from numpy.typing import NDArray

from pipeline.core.cards import DECK_SIZE
from pipeline.core.evaluation import hands
from pipeline.core.evaluation.hands import NO_LOW, format_low
from pipeline.core.pots import pot_shares
from pipeline.core.rules import HandRules

__all__ = [
    "HandScores",
    "format_low",
    "packed_cards",
    "score_hands",
    "with_low_half",
    "with_shares",
]


@dataclass(frozen=True)
class HandScores:
    """Per row: whether the hand was scored (``played``), its high ``strength`` (within its
    game), hand name and description (``None`` unplayed), best five (pads of 52), and its low
    value (:data:`~pipeline.core.evaluation.hands.NO_LOW` for none); ``has_low`` per row: its game
    has a low half."""

    played: NDArray[np.bool_]
    strength: NDArray[np.uint16]
    names: list[str | None]
    details: list[str | None]
    five: NDArray[np.uint8]
    hole_played: NDArray[np.uint8]
    """Each row's hole cards that are in its best five (the others 52): which two of an Omaha
    hand play."""
    low: NDArray[np.uint16]
    has_low: NDArray[np.bool_]


def score_hands(
    hole: NDArray[np.uint8],
    board: NDArray[np.uint8],
    board_lengths: NDArray[np.intp],
    games: NDArray[np.object_],
    still_in: NDArray[np.bool_],
    rules_of_game: Mapping[str, HandRules],
) -> HandScores:
    """Score every row still in on a board its game can be scored on.

    ``hole`` is ``(n, widest)`` (each row's hole cards first, 52 pads), ``board`` ``(n, 5)``
    with ``board_lengths`` cards each; ``games`` the canonical name per row.
    """
    count = len(games)
    played = np.zeros(count, dtype=bool)
    strength = np.zeros(count, dtype=np.uint16)
    five = np.full((count, 5), DECK_SIZE, dtype=np.uint8)
    hole_played = np.full(hole.shape, DECK_SIZE, dtype=np.uint8)
    low = np.full(count, NO_LOW, dtype=np.uint16)
    has_low = np.zeros(count, dtype=bool)
    names = np.full(count, None, dtype=object)
    details = np.full(count, None, dtype=object)
    for name in sorted(set(games.tolist())):
        rules = rules_of_game[name]
        of_game = games == name
        has_low[of_game] = rules.low is not None
        for board_size in rules.board_sizes:
            at = np.flatnonzero(of_game & still_in & (board_lengths == board_size))
            if not at.size:
                continue
            holes = hole[at, : rules.hole_cards]
            boards = board[at, :board_size]
            played[at] = True
            strength[at] = hands.high_strengths(rules, holes, boards, check=False)
            best = hands.best_high_hand(rules, holes, boards, check=False)
            five[at] = best.five
            hole_played[at, : rules.hole_cards] = np.where(best.hole_used, holes, DECK_SIZE)
            # Name each distinct strength once: a sheet has at most a few thousand.
            distinct, inverse = np.unique(strength[at], return_inverse=True)
            names[at] = np.array(hands.category_names(rules, distinct), dtype=object)[inverse]
            details[at] = np.array(hands.describe_high(rules, distinct), dtype=object)[inverse]
            if rules.low is not None:
                low[at] = hands.low_values(rules, holes, boards, check=False)
    # the cards that play first, in the hand's own order; pads last (the text has no gaps)
    order = np.argsort(hole_played == DECK_SIZE, axis=1, kind="stable")
    hole_played = np.take_along_axis(hole_played, order, axis=1)
    return HandScores(
        played, strength, names.tolist(), details.tolist(), five, hole_played, low, has_low
    )


def with_low_half(frame: pl.DataFrame, *, has_low: NDArray[np.bool_]) -> pl.DataFrame:
    """``low_hand`` (``8-6-4-2-A``), ``low_rank`` (1 is the best low of the round, ties share
    it) and ``low_winner`` from ``_low`` (low values) in a game with a low half; null in the
    others, and ``low_hand``/``low_rank`` null where no low qualifies."""
    low_game = pl.Series("_low_game", has_low)
    qualifies = pl.col("_low_game") & (pl.col("_low") != NO_LOW) & pl.col("strength").is_not_null()
    value = pl.when(qualifies).then(pl.col("_low"))
    lows = frame["_low"].to_numpy()
    # written once per distinct low (a few hundred at most), not once per row
    distinct, inverse = np.unique(lows, return_inverse=True)
    texts = np.array(format_low(distinct), dtype=object)[inverse].tolist()
    rank = value.rank("min").over("_round_id").cast(pl.UInt32)
    return (
        frame.with_columns(low_game)
        .with_columns(
            pl.when(qualifies).then(pl.Series(texts, dtype=pl.String)).alias("low_hand"),
            rank.alias("low_rank"),
        )
        .with_columns(
            pl.when(pl.col("_low_game"))
            .then((pl.col("low_rank") == 1).fill_null(False))
            .alias("low_winner")
        )
        .drop("_low_game")
    )


def with_shares(frame: pl.DataFrame) -> pl.DataFrame:
    """``share``: each row's fraction of its round's pot, from the high strengths and lows of
    the hands at showdown (:func:`pipeline.core.pots.pot_shares`); the last player standing
    takes it all; a round nobody contested shares nothing."""
    if frame.height == 0:
        return frame.with_columns(pl.lit(None, dtype=pl.Float64).alias("share"))
    rounds = frame["_round_id"].to_numpy().astype(np.int64) - 1
    seat = frame.select(pl.int_range(pl.len()).over("_round_id")).to_series().to_numpy()
    shape = (int(seat.max()) + 1, int(rounds.max()) + 1)
    contesting = np.zeros(shape, dtype=bool)
    high = np.full(shape, -1, dtype=np.int64)
    low = np.full(shape, NO_LOW, dtype=np.int64)
    strength = frame["strength"]
    scored = strength.is_not_null().to_numpy()
    contesting[seat, rounds] = scored
    high[seat, rounds] = strength.fill_null(0).to_numpy()
    lows = frame.select(pl.col("low_rank").is_not_null() & pl.col("_low").is_not_null())
    low_values = np.where(lows.to_series().to_numpy(), frame["_low"].to_numpy(), NO_LOW)
    low[seat, rounds] = low_values
    shares = pot_shares(high, low, contesting=contesting)[seat, rounds]
    share = pl.when(pl.col("_last")).then(1.0).otherwise(pl.Series(shares, dtype=pl.Float64))
    return frame.with_columns(share.alias("share"))


def packed_cards(
    hole: NDArray[np.uint8],
    hole_lengths: NDArray[np.intp],
    board: NDArray[np.uint8],
    board_lengths: NDArray[np.intp],
) -> NDArray[np.uint8]:
    """Hole cards then board cards, left-aligned in one matrix padded with 52.

    >>> packed_cards(np.array([[1, 2, 52]]), np.array([2]), np.array([[7, 8, 52]]),
    ...              np.array([2])).tolist()
    [[1, 2, 7, 8, 52, 52]]
    """
    width = hole.shape[1] + board.shape[1]
    position = np.arange(width)[None, :]
    in_board = position - hole_lengths[:, None]
    from_board = np.take_along_axis(board, np.clip(in_board, 0, board.shape[1] - 1), axis=1)
    padded = np.where(in_board < board_lengths[:, None], from_board, DECK_SIZE)
    hole_part = np.pad(hole, ((0, 0), (0, board.shape[1])), constant_values=DECK_SIZE)
    return np.where(position < hole_lengths[:, None], hole_part, padded).astype(np.uint8)
