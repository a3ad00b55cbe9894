"""How each game's cards are dealt, as a hand-history reader needs to know it: the streets a
hand's ``actions`` and ``folded_street`` name, and, in stud, where each street's cards go
among a player's seven.

The streets are each game's betting rounds (:mod:`pipeline.records.betting_rounds`, the one
table of them): a board game deals ``preflop / flop / turn / river``; stud deals ``third``
(two down, one up) ``/ fourth / fifth / sixth`` (one up each) ``/ seventh`` (one down); a draw
game bets ``predraw`` and after each draw (``draw1``, and in a triple draw ``draw2`` and
``draw3``).  A reader looks a hand's game up here (:func:`deal_of`), by any of its names, so
it never branches on one.

>>> deal_of("Razz").streets
('third', 'fourth', 'fifth', 'sixth', 'seventh')
>>> deal_of("Single Draw 2-7 Lowball").streets, deal_of("Badugi").draws
(('predraw', 'draw1'), 3)
>>> deal_of("Hold'em").kind, deal_of("Omaha Hi/Lo").streets[-1]
('board', 'river')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pipeline.records.betting_rounds import (
    BOARD,
    SINGLE_DRAW,
    STUD_BETTING,
    TRIPLE_DRAW,
    betting_of,
)
from pipeline.records.game_names import game_named

__all__ = ["BOARD_DEAL", "STUD_DEAL", "Deal", "deal_of"]


@dataclass(frozen=True)
class Deal:
    """A game's deal: ``kind`` (``board``, ``stud`` or ``draw``), its betting ``streets`` in
    order, and for stud the places (in the order a player's cards are dealt) each street deals
    (``places``) and those dealt face up (``face_up``); for draw games the number of ``draws``."""

    kind: str
    streets: tuple[str, ...]
    places: tuple[tuple[int, ...], ...] = ()
    face_up: tuple[int, ...] = ()
    draws: int = 0

    @property
    def cards(self) -> int:
        """A stud player's cards when all are dealt (0 for the other games)."""
        return sum(len(street) for street in self.places)


BOARD_DEAL = Deal(BOARD.family, BOARD.streets)
STUD_DEAL = Deal(
    STUD_BETTING.family,
    STUD_BETTING.streets,
    places=((0, 1, 2), (3,), (4,), (5,), (6,)),
    face_up=(2, 3, 4, 5),
)
"""Seven card stud: two down and one up, three up, one down."""

_DEAL_OF_BETTING: Mapping[str, Deal] = MappingProxyType(
    {
        BOARD.key: BOARD_DEAL,
        STUD_BETTING.key: STUD_DEAL,
        SINGLE_DRAW.key: Deal(SINGLE_DRAW.family, SINGLE_DRAW.streets, draws=1),
        TRIPLE_DRAW.key: Deal(TRIPLE_DRAW.family, TRIPLE_DRAW.streets, draws=3),
    }
)


def deal_of(game: str) -> Deal:
    """The deal of ``game`` (its name in the one table, an alias or a log's words: ``Razz
    Limit``); a board game's for every other.

    >>> deal_of("Triple Draw 2-7 Lowball Limit").draws, deal_of("Chess").kind
    (3, 'board')
    """
    named = game_named(game)
    return _DEAL_OF_BETTING[betting_of(named.name if named is not None else None).key]
