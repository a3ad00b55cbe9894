"""How each game's cards are dealt, as a hand-history reader needs to know it: the streets a
hand's ``actions`` and ``folded_street`` name, and, in stud, where each street's cards go
among a player's seven.

A board game (Hold'em, Omaha, short deck) deals ``preflop / flop / turn / river``; stud deals
``third`` (two down, one up) ``/ fourth / fifth / sixth`` (one up each) ``/ seventh`` (one
down); a draw game bets ``predraw`` and after each draw (``draw1``, and in a triple draw
``draw2`` and ``draw3``).  The games are those of the one table
(:mod:`pipeline.records.game_names`); a reader looks a hand's game up here
(:func:`deal_of`), so it never branches on a game's name.

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

from pipeline.records.game_names import (
    BADUGI,
    FIVE_CARD_DRAW,
    RAZZ,
    SINGLE_DRAW_2_7,
    STUD,
    STUD_HI_LO,
    TRIPLE_DRAW_2_7,
    TRIPLE_DRAW_A_5,
    game_named,
)

__all__ = [
    "BOARD_DEAL",
    "DRAW_STREETS",
    "STUD_DEAL",
    "STUD_STREETS",
    "Deal",
    "deal_of",
]

BOARD_STREETS = ("preflop", "flop", "turn", "river")
STUD_STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
DRAW_STREETS = ("predraw", "draw1", "draw2", "draw3")


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


BOARD_DEAL = Deal("board", BOARD_STREETS)
STUD_DEAL = Deal(
    "stud", STUD_STREETS, places=((0, 1, 2), (3,), (4,), (5,), (6,)), face_up=(2, 3, 4, 5)
)
"""Seven card stud: two down and one up, three up, one down."""
SINGLE_DRAW = Deal("draw", DRAW_STREETS[:2], draws=1)
TRIPLE_DRAW = Deal("draw", DRAW_STREETS, draws=3)

_DEAL_OF_GAME: Mapping[str, Deal] = MappingProxyType(
    {
        STUD.name: STUD_DEAL,
        STUD_HI_LO.name: STUD_DEAL,
        RAZZ.name: STUD_DEAL,
        FIVE_CARD_DRAW.name: SINGLE_DRAW,
        SINGLE_DRAW_2_7.name: SINGLE_DRAW,
        TRIPLE_DRAW_2_7.name: TRIPLE_DRAW,
        TRIPLE_DRAW_A_5.name: TRIPLE_DRAW,
        BADUGI.name: TRIPLE_DRAW,
    }
)


def deal_of(game: str) -> Deal:
    """The deal of ``game`` (its name in the one table, an alias or a log's words: ``Razz
    Limit``); a board game's for every other.

    >>> deal_of("Triple Draw 2-7 Lowball Limit").draws, deal_of("Chess").kind
    (3, 'board')
    """
    named = game_named(game)
    return _DEAL_OF_GAME.get(named.name if named is not None else game, BOARD_DEAL)
