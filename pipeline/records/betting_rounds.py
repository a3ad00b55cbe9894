"""Each game's betting rounds as the ``actions`` notation writes them (`` / `` between streets):
their names, how many full bets are in before the first decision, and how a seat's lateness is
told, declared once per game so the tracker statistics and the season read one table.

Board games bet ``preflop / flop / turn / river``; stud ``third / fourth / fifth / sixth /
seventh``; the draw games ``predraw / draw1 / draw2 / draw3`` (a single draw: ``predraw /
draw1``).  The first round is the one VPIP, PFR and the 3-bet are counted on; the second is
where a continuation bet is made; every later one counts for the aggression factor.

>>> betting_of("Razz").streets[:2], betting_of("Razz").opening_bets
(('third', 'fourth'), 0)
>>> betting_of("Single Draw 2-7 Lowball").streets
('predraw', 'draw1')
>>> betting_of(None) is BOARD, betting_of("Omaha") is BOARD
(True, True)
>>> LATER_STREETS[:4]
('flop', 'turn', 'river', 'fourth')
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.records.game_names import (
    BADUGI,
    FIVE_CARD_DRAW,
    RAZZ,
    SINGLE_DRAW_2_7,
    STUD,
    STUD_HI_LO,
    TRIPLE_DRAW_2_7,
    TRIPLE_DRAW_A_5,
)

LAST_TO_ACT = "last_to_act"
"""A stud seat's lateness: its place in third street's order of action (there is no button)."""
BY_POSITION = "position"
"""A seat's lateness from the button: the ``position`` column (``CO``, ``BTN``, ``SB``)."""


@dataclass(frozen=True)
class Betting:
    """How a game's hand is bet, as far as the tracker statistics need it.

    ``family`` names the kind (``board``, ``stud``, ``draw``); ``streets`` the betting rounds
    in order; ``opening_bets`` the full bets in before anyone decides on the first round (1:
    the big blind; 0: stud's bring-in, which is less than a bet, so completing it is the first
    bet); ``steal_seat`` how a late seat is told (:data:`BY_POSITION` or :data:`LAST_TO_ACT`).
    """

    family: str
    streets: tuple[str, ...]
    opening_bets: int
    steal_seat: str

    @property
    def key(self) -> str:
        """One word per distinct betting (``board``, ``stud``, ``draw1``, ``draw3``)."""
        return self.family if self.family != "draw" else f"draw{len(self.streets) - 1}"


BOARD = Betting("board", ("preflop", "flop", "turn", "river"), 1, BY_POSITION)
"""Hold'em, Omaha, short deck, five-card hands: the blinds, then three community streets."""
STUD_BETTING = Betting("stud", ("third", "fourth", "fifth", "sixth", "seventh"), 0, LAST_TO_ACT)
"""7 Card Stud, Stud Hi/Lo, Razz: antes and a bring-in, then a card per street."""
SINGLE_DRAW = Betting("draw", ("predraw", "draw1"), 1, BY_POSITION)
"""5 Card Draw and 2-7 Single Draw: blinds, one draw."""
TRIPLE_DRAW = Betting("draw", ("predraw", "draw1", "draw2", "draw3"), 1, BY_POSITION)
"""The triple draws and Badugi: blinds, three draws."""

BETTING: dict[str, Betting] = {
    STUD.name: STUD_BETTING,
    STUD_HI_LO.name: STUD_BETTING,
    RAZZ.name: STUD_BETTING,
    FIVE_CARD_DRAW.name: SINGLE_DRAW,
    SINGLE_DRAW_2_7.name: SINGLE_DRAW,
    TRIPLE_DRAW_2_7.name: TRIPLE_DRAW,
    TRIPLE_DRAW_A_5.name: TRIPLE_DRAW,
    BADUGI.name: TRIPLE_DRAW,
}
"""The games whose betting is not a board game's, by canonical name (any other: :data:`BOARD`)."""
BETTINGS = (BOARD, STUD_BETTING, SINGLE_DRAW, TRIPLE_DRAW)
"""Every distinct betting, board first."""

STREET_NAMES: tuple[str, ...] = tuple(
    dict.fromkeys(name for betting in BETTINGS for name in betting.streets)
)
"""Every street's name, each once: what ``fold_street`` and ``all_in`` may hold."""
LATER_STREETS: tuple[str, ...] = tuple(
    dict.fromkeys(name for betting in BETTINGS for name in betting.streets[1:])
)
"""The streets after the first, each once: the tracker's counts per street are kept for these."""
STREETS_WITH_CARDS_TO_COME: tuple[str, ...] = tuple(
    dict.fromkeys(name for betting in BETTINGS for name in betting.streets[:-1])
)
"""The streets before some game's last: what ``all_in`` (an all-in with cards to come) may hold."""


def betting_of(game: str | None) -> Betting:
    """The betting of the game named ``game`` (its canonical name; unknown or None: a board
    game's)."""
    return BETTING.get(game, BOARD) if game is not None else BOARD
