"""A player's position at the table, named as PokerTracker and Holdem Manager name it, computed
from the seat, the button and the seats dealt in, for a whole log at once.

Going round the table from the button: ``BTN``, ``SB``, ``BB``, then the seats between the big
blind and the button, first to act first.  Heads-up the button posts the small blind and is
``BTN``; the other player is ``BB``.  The seats between the blinds and the button are named
from both ends: the last two are the hijack and the cutoff (``HJ``, ``CO``), the one before
them the middle position (``MP``, from 7-handed), and from the first: ``UTG``, ``UTG+1``,
``UTG+2`` (10-handed, ``MP`` names two seats).

>>> POSITIONS_BY_PLAYERS[2], POSITIONS_BY_PLAYERS[3]
(('BTN', 'BB'), ('BTN', 'SB', 'BB'))
>>> POSITIONS_BY_PLAYERS[6]
('BTN', 'SB', 'BB', 'UTG', 'HJ', 'CO')
>>> POSITIONS_BY_PLAYERS[9]
('BTN', 'SB', 'BB', 'UTG', 'UTG+1', 'UTG+2', 'MP', 'HJ', 'CO')
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

MOST_SEATS = 10

_BETWEEN_BLINDS_AND_BUTTON: dict[int, tuple[str, ...]] = {
    0: (),
    1: ("CO",),
    2: ("HJ", "CO"),
    3: ("UTG", "HJ", "CO"),
    4: ("UTG", "MP", "HJ", "CO"),
    5: ("UTG", "UTG+1", "MP", "HJ", "CO"),
    6: ("UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO"),
    7: ("UTG", "UTG+1", "UTG+2", "MP", "MP", "HJ", "CO"),
}
"""The seats after the big blind, in the order they act preflop, by how many there are."""


def _positions(players: int) -> tuple[str, ...]:
    if players == 2:  # heads-up: the button is the small blind
        return ("BTN", "BB")
    return ("BTN", "SB", "BB", *_BETWEEN_BLINDS_AND_BUTTON[players - 3])


POSITIONS_BY_PLAYERS: dict[int, tuple[str, ...]] = {
    players: _positions(players) for players in range(2, MOST_SEATS + 1)
}
"""Position names clockwise from the button, by the number of players dealt in."""

_STEP = 16  # more than MOST_SEATS: one code per (players dealt in, steps from the button)
_NAME_OF_CODE = {
    players * _STEP + step: name
    for players, names in POSITIONS_BY_PLAYERS.items()
    for step, name in enumerate(names)
}


def position(seat: pl.Expr, button: pl.Expr, hand: Sequence[str]) -> pl.Expr:
    """Each row's position in its hand (rows grouped by the ``hand`` columns): ``seat`` a seat
    number, ``button`` true on the button's row.  Null where the hand has no button among the
    seats dealt in (a dead button), a seat is unknown, or more than :data:`MOST_SEATS` or fewer
    than two players were dealt in.

    >>> hand = pl.DataFrame({"hand": ["1"] * 4, "seat": [2, 4, 7, 9],
    ...                      "button": [False, False, True, False]})
    >>> hand.select(position(pl.col("seat"), pl.col("button"), ["hand"]))["seat"].to_list()
    ['BB', 'CO', 'BTN', 'SB']
    """
    button_seat = seat.filter(button.fill_null(False)).first().over(hand)
    # polars' % is a floor modulo: seats after the button's come round to the far side
    from_button = (seat - button_seat) % 1_000
    step = from_button.rank("ordinal").over(hand) - 1
    players = seat.count().over(hand)
    code = players.cast(pl.Int64) * _STEP + step.cast(pl.Int64)
    return code.replace_strict(_NAME_OF_CODE, default=None, return_dtype=pl.String)
