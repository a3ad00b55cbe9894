"""The cards a hand history shows, scored under each hand's game: high strength, category,
and the low of a hi/lo game.  Logs write cards their own way (``10s``, ``as``), so the text is
read here rather than by the notation parser.

>>> import polars as pl
>>> rows = pl.DataFrame({"variant": ["Omaha Hi/Lo Pot Limit", "Hold'em No Limit"],
...                      "hole": ["Ah 2h Kc Qs", "Ah 2h"], "board": ["7h 8h Th Jc 5d"] * 2})
>>> scored = shown_scores(rows, pl.lit(True))
>>> scored.select("category", "low_text").rows()
[('Flush', '8-7-5-2-A'), ('Flush', None)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import numpy as np
import polars as pl
from numpy.typing import NDArray

from pipeline.core.evaluation import evaluator, hands
from pipeline.core.evaluation.hands import NO_LOW, format_low
from pipeline.core.rules import HandRules
from pipeline.games.poker.variants import DEFAULT_RULES, variant_game

__all__ = ["HIGH_CARD", "LOW_CARD", "SEAT_ORDER", "shown_scores", "strengths_of"]

_RANKS, _SUITS = "23456789TJQKA", "cdhs"
# Card notation as logs write it: rank and suit in either case, ``10`` for a ten.
_CARD_IDS = {
    spelled + written: 4 * r + s
    for r, rank in enumerate(_RANKS)
    for spelled in {rank, rank.lower(), *(("10",) if rank == "T" else ())}
    for s, suit in enumerate(_SUITS)
    for written in (suit, suit.upper())
}
_NO_CARD = 255
SEAT_ORDER, HIGH_CARD, LOW_CARD = "seat", "high card", "low card"
"""How a game's odd chips are given (``odd_chip_by``): in seat order from the button's left
(the games with a button), or in stud to the highest card by suit (the low card by suit in
Razz, and in any low half)."""


def strengths_of(cards: pl.Series, sizes: tuple[int, ...] = (5, 6, 7)) -> pl.Series:
    """Strength of each text of 5 to 7 distinct cards (``"Ah Kh 2c 7d Kd"``), else null;
    ``sizes`` narrows the card counts scored.

    >>> texts = ["As Ks Qs Js 10s", "Ah Ah 2c 3d 4h", None, "Ah", "as ks qs js ts"]
    >>> strengths_of(pl.Series(texts)).to_list()
    [7461, None, None, None, 7461]
    """
    tokens = cards.fill_null("").str.strip_chars().str.split(" ")
    lengths = tokens.list.len().to_numpy().astype(np.int64)
    ids = (
        tokens.explode()
        .replace_strict(_CARD_IDS, default=_NO_CARD, return_dtype=pl.UInt8)
        .to_numpy()
    )
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    result = np.full(len(cards), -1, dtype=np.int32)
    for k in sizes:
        rows = np.flatnonzero(lengths == k)
        if rows.size == 0:
            continue
        matrix = ids[starts[rows, None] + np.arange(k)]
        ordered = np.sort(matrix, axis=1)
        good = (ordered[:, -1] != _NO_CARD) & (np.diff(ordered, axis=1) != 0).all(axis=1)
        if good.any():
            result[rows[good]] = evaluator.evaluate(matrix[good], check=False)
    return pl.Series(cards.name, result).replace(-1, None).cast(pl.UInt16)


def _ids(texts: pl.Series) -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """Card ids of each text, ``(n, widest)`` padded with an invalid id, and the counts."""
    tokens = (
        texts.fill_null("")
        .str.strip_chars()
        .str.split(" ")
        .list.eval(pl.element().filter(pl.element() != ""))
    )
    lengths = tokens.list.len().to_numpy().astype(np.int64)
    widest = int(lengths.max()) if len(lengths) else 0
    columns = [
        tokens.list.get(index, null_on_oob=True)
        .replace_strict(_CARD_IDS, default=_NO_CARD, return_dtype=pl.UInt8)
        .fill_null(_NO_CARD)
        .to_numpy()
        for index in range(widest)
    ]
    matrix = np.stack(columns, axis=1) if columns else np.zeros((len(texts), 0), np.uint8)
    return matrix.astype(np.uint8), lengths


def shown_scores(
    rows: pl.DataFrame, shown: pl.Expr, rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES
) -> pl.DataFrame:
    """``rows`` (``variant``, ``hole``, ``board``) with, where ``shown`` holds and the cards make
    a hand of the row's game (its hole-card count, a whole board, no card twice, all in its
    deck): ``strength`` (high, within the game), ``category`` (our name), ``poker_category``
    (a five-card lowball hand's category as high poker names the same cards: ``High Card`` for
    ``K low``; null elsewhere), ``low`` and
    ``low_text`` (the low half of a hi/lo game, null for none); and on every row ``low_game``
    and ``odd_chip_by`` (:data:`SEAT_ORDER`, :data:`HIGH_CARD` or :data:`LOW_CARD`).
    """
    game = variant_game(pl.col("variant") if "variant" in rows.columns else None)
    frame = rows.with_columns(game.alias("_game"), shown.fill_null(False).alias("_shown"))
    holes, hole_counts = _ids(frame["hole"])
    boards, board_counts = _ids(frame["board"])
    count = frame.height
    strength = np.full(count, -1, dtype=np.int64)
    low = np.full(count, -1, dtype=np.int64)
    category: NDArray[np.object_] = np.full(count, None, dtype=object)
    poker_category: NDArray[np.object_] = np.full(count, None, dtype=object)
    low_game = np.zeros(count, dtype=bool)
    odd_chip_by: NDArray[np.object_] = np.full(count, SEAT_ORDER, dtype=object)
    games = frame["_game"].to_numpy()
    visible = frame["_shown"].to_numpy()
    for name, rules in rules_of_game.items():
        of_game = games == name
        low_game[of_game] = rules.low is not None
        if rules.face_up:  # stud: no button, the cards decide who gets an odd chip
            odd_chip_by[of_game] = LOW_CARD if rules.lowball is not None else HIGH_CARD
        at = np.flatnonzero(
            of_game
            & visible
            & (hole_counts == rules.hole_cards)
            & (board_counts == rules.board_cards)
        )
        if not at.size:
            continue
        hole = holes[at, : rules.hole_cards]
        board = boards[at, : rules.board_cards]
        ordered = np.sort(np.hstack([hole, board]), axis=1)
        deck = np.isin(ordered, rules.ranking.deck).all(axis=1)
        good = at[deck & (np.diff(ordered.astype(np.int16), axis=1) != 0).all(axis=1)]
        if not good.size:
            continue
        keep = np.isin(at, good)
        hole, board = hole[keep], board[keep]
        strength[good] = hands.high_strengths(rules, hole, board, check=False)
        # named once per distinct strength: a corpus has millions of rows, a game 7,462 hands
        distinct, inverse = np.unique(strength[good], return_inverse=True)
        category[good] = np.array(hands.category_names(rules, distinct), dtype=object)[inverse]
        if rules.low is not None:
            low[good] = hands.low_values(rules, hole, board, check=False)
        if rules.lowball is not None and rules.hole_cards == 5:
            # a five-card lowball hand (2-7, A-5 draw) named as high poker names the same five
            # cards, as some sites word a low ("High card : King" for our "K low")
            high = replace(rules, lowball=None, face_up=())
            high_distinct, high_inverse = np.unique(
                hands.high_strengths(high, hole, board, check=False), return_inverse=True
            )
            names = hands.category_names(high, high_distinct)
            poker_category[good] = np.array(names, dtype=object)[high_inverse]
    low = np.where(low == NO_LOW, -1, low)
    texts = np.full(count, None, dtype=object)
    has_low = low >= 0
    texts[has_low] = format_low(low[has_low])
    return frame.drop("_game", "_shown").with_columns(
        pl.Series("strength", strength).replace(-1, None).cast(pl.UInt16),
        pl.Series("category", category.tolist(), dtype=pl.String),
        pl.Series("poker_category", poker_category.tolist(), dtype=pl.String),
        pl.Series("low", low).replace(-1, None).cast(pl.UInt16),
        pl.Series("low_text", texts.tolist(), dtype=pl.String),
        pl.Series("low_game", low_game),
        pl.Series("odd_chip_by", odd_chip_by.tolist(), dtype=pl.String),
    )
