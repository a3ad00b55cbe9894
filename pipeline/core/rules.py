"""What a poker game's hands are made of, declared as data: a ranking, a deck, a combination rule.

The core is given these objects and never a game's name.  A :class:`HandRanking` says which
ranks the deck holds and in what order the hand categories beat each other; straights follow
from the ranks (five in a row, and the ace below the lowest four).  A :class:`HandRules` adds how
many hole cards a player holds, how many of them a hand must use (``None`` for "any", 2 for
Omaha), the board's size, an optional :class:`LowRule` for a split low half, and, for the
lowball games, the order their hands are ranked by instead of the high one (a
:class:`LowballRanking`: ace-to-five or deuce-to-seven; or :data:`BADUGI`).  Tables are
built from a ranking's spec and cached under a key derived from it, so a new ranking is a few
declared lines, as in pokerkit's ``Lookup`` subclasses.

>>> SHORT_DECK.deck_size, SHORT_DECK.describe_deck()
(36, '36-card deck (6 through A)')
>>> [CATEGORY_NAMES[code] for code in SHORT_DECK.order[3:7]]
['Straight', 'Three of a Kind', 'Full House', 'Flush']
>>> OMAHA.hole_cards, OMAHA.hole_cards_used, OMAHA.low is None
(4, 2, True)
>>> RAZZ.hole_cards, RAZZ.board_sizes, RAZZ.lowball.name
(7, (0,), 'ace-to-five')
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from pipeline.core.cards import RANKS

__all__ = [
    "ACE_TO_FIVE",
    "ACE_TO_FIVE_DRAW",
    "BADUGI",
    "BADUGI_DRAW",
    "CATEGORY_NAMES",
    "DEUCE_TO_SEVEN",
    "DEUCE_TO_SEVEN_DRAW",
    "EIGHT_OR_BETTER",
    "FIVE_CARD_DRAW",
    "FLUSH",
    "FOUR_OF_A_KIND",
    "FULL_HOUSE",
    "HIGH_CARD",
    "HOLDEM",
    "OMAHA",
    "OMAHA_5",
    "OMAHA_5_HI_LO",
    "OMAHA_6",
    "OMAHA_HI_LO",
    "PAIR",
    "RAZZ",
    "ROYAL_FLUSH",
    "SHORT_DECK",
    "SHORT_DECK_HOLDEM",
    "SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS",
    "SHORT_DECK_STRAIGHT_OVER_TRIPS",
    "STANDARD",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "STUD",
    "STUD_HI_LO",
    "THREE_OF_A_KIND",
    "TWO_PAIR",
    "BadugiRanking",
    "HandRanking",
    "HandRules",
    "LowRule",
    "LowballRanking",
]

HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = 0, 1, 2, 3, 4

FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, ROYAL_FLUSH = 5, 6, 7, 8, 9

CATEGORY_NAMES = (
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
    "Royal Flush",
)
"""Hand types by code; a code keeps its name under every ranking.  A royal flush is the ace-high
straight flush: it has its own code and name but ranks as a straight flush."""

ACE = len(RANKS) - 1


@dataclass(frozen=True)
class HandRanking:
    """The ranks a deck holds (0..12 for 2..A, ascending) and the category order, weakest first.

    ``order`` lists the nine category codes from :data:`HIGH_CARD` up to :data:`STRAIGHT_FLUSH`
    (a royal flush ranks as the best straight flush).  Straights are every five ranks in a row
    of ``ranks``, plus the ace with the lowest four (A-2-3-4-5, or A-6-7-8-9 in a short deck).

    >>> [RANKS[rank] for rank in SHORT_DECK.straights[-1]]
    ['9', '8', '7', '6', 'A']
    """

    ranks: tuple[int, ...]
    order: tuple[int, ...]
    deck: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if list(self.ranks) != sorted(set(self.ranks)) or not set(self.ranks) <= set(range(13)):
            msg = f"ranks must be distinct, ascending and in 0..12, got {self.ranks!r}"
            raise ValueError(msg)
        if len(self.ranks) < 5 or ACE not in self.ranks:
            msg = f"a ranking needs the ace and at least five ranks, got {self.ranks!r}"
            raise ValueError(msg)
        if sorted(self.order) != list(range(STRAIGHT_FLUSH + 1)):
            msg = f"order must list each category code 0..8 once, got {self.order!r}"
            raise ValueError(msg)
        deck = tuple(rank * 4 + suit for rank in self.ranks for suit in range(4))
        object.__setattr__(self, "deck", deck)

    @property
    def deck_size(self) -> int:
        """How many cards the deck holds: four per rank."""
        return len(self.deck)

    @property
    def straights(self) -> tuple[tuple[int, ...], ...]:
        """The five-rank windows of straights, highest first; the last one is the ace-low one."""
        ranks = self.ranks
        windows = [tuple(ranks[top - 4 : top + 1][::-1]) for top in range(len(ranks) - 1, 3, -1)]
        return (*windows, (*ranks[3::-1], ACE))

    @property
    def spec(self) -> str:
        """The ranking as text: what its cached tables are keyed by."""
        return f"ranks={self.ranks!r} order={self.order!r}"

    @property
    def key(self) -> str:
        """A short digest of :attr:`spec` for cache file names."""
        return hashlib.sha256(self.spec.encode()).hexdigest()[:12]

    def describe_deck(self) -> str:
        """The deck in words, for error messages: ``'52-card deck (2 through A)'``."""
        return f"{self.deck_size}-card deck ({RANKS[self.ranks[0]]} through A)"

    def rank_place(self, category: int) -> int:
        """Where a category code stands in :attr:`order` (a royal flush as a straight flush)."""
        return self.order.index(min(category, STRAIGHT_FLUSH))


STANDARD = HandRanking(tuple(range(13)), order=(
    HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT,
    FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH,
))  # fmt: skip
"""52 cards, the usual order: 7,462 hand classes."""

_SIX_TO_ACE = tuple(range(4, 13))  # a short deck's ranks: 6 (index 4) through the ace

SHORT_DECK = HandRanking(_SIX_TO_ACE, order=(
    HIGH_CARD, PAIR, TWO_PAIR, STRAIGHT, THREE_OF_A_KIND,
    FULL_HOUSE, FLUSH, FOUR_OF_A_KIND, STRAIGHT_FLUSH,
))  # fmt: skip
"""36 cards (6 through A); a flush beats a full house and three of a kind beats a straight, as
on PokerStars 6+ and Triton, the televised series."""

SHORT_DECK_STRAIGHT_OVER_TRIPS = HandRanking(_SIX_TO_ACE, order=(
    HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT,
    FULL_HOUSE, FLUSH, FOUR_OF_A_KIND, STRAIGHT_FLUSH,
))  # fmt: skip
"""36 cards; a flush beats a full house but a straight beats three of a kind (the other rule set,
and pokerkit's ``ShortDeckHoldemHand``)."""


@dataclass(frozen=True)
class LowRule:
    """A low half: five distinct ranks no higher than ``highest`` (ace = 1), aces low.

    Straights and flushes do not count against a low.  ``highest=8`` is "eight or better";
    5 to 8 are implemented (a table over the low ranks held and shown has ``4 ** highest``
    entries).
    """

    highest: int = 8

    def __post_init__(self) -> None:
        if self.highest < 5:
            msg = f"a low needs five ranks at or below its highest card, got {self.highest!r}"
            raise ValueError(msg)
        if self.highest > 8:
            msg = f"lows with a highest card of 8 or lower are implemented, got {self.highest!r}"
            raise ValueError(msg)


EIGHT_OR_BETTER = LowRule(8)


@dataclass(frozen=True)
class LowballRanking:
    """A lowball ranking as data: where the ace plays, whether straights and flushes count
    against a hand, and what players call the best hand.

    Hands are ranked as the reverse of a high hand under the same rules: the ace is the lowest
    rank when ``ace_low`` (and then no straight wraps around it), the highest otherwise.
    :mod:`pipeline.core.evaluation.lowball` builds the tables a ranking is scored by.

    >>> ACE_TO_FIVE.hand_sizes, DEUCE_TO_SEVEN.hand_sizes
    ((5, 6, 7), (5,))
    """

    name: str
    ace_low: bool
    straights_and_flushes: bool
    best_hand: str

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards a hand may hold: any five of up to seven play when only the ranks
        count; with flushes counting against a hand, five cards (the draw games)."""
        return (5,) if self.straights_and_flushes else (5, 6, 7)


ACE_TO_FIVE = LowballRanking(
    "ace-to-five", ace_low=True, straights_and_flushes=False, best_hand="wheel"
)
"""Razz and A-5 Triple Draw: aces low, straights and flushes do not count, 5-4-3-2-A is best."""

DEUCE_TO_SEVEN = LowballRanking(
    "deuce-to-seven", ace_low=False, straights_and_flushes=True, best_hand="Number one"
)
"""2-7 Single and Triple Draw: aces high, straights and flushes count, 7-5-4-3-2 is best."""


@dataclass(frozen=True)
class BadugiRanking:
    """Badugi's order: the largest subset of four cards with no rank and no suit twice plays,
    more cards beat fewer, then the lowest from the top, aces low
    (:mod:`pipeline.core.evaluation.badugi`).

    >>> BADUGI.hand_sizes
    (4,)
    """

    name: str = "badugi"

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """A Badugi hand is four cards."""
        return (4,)


BADUGI = BadugiRanking()
"""The one Badugi order."""


@dataclass(frozen=True)
class HandRules:
    """How a player's hand is made: the ranking, hole and board card counts, and a low half.

    ``hole_cards_used`` is ``None`` when any of the player's cards may play (Hold'em: the best
    five of hole and board), or the exact number of hole cards every hand uses (Omaha: 2, with
    three board cards; 1 or 2 are implemented).  ``low`` adds a split low half.  ``lowball``
    ranks the whole hand by a lowball order instead of the ranking's high one (Razz, the draw
    lowball games, Badugi): the games without a board whose hand is all of the player's cards
    (``board_cards=0``, ``hole_cards`` one of the order's ``hand_sizes``).
    """

    ranking: HandRanking
    hole_cards: int
    hole_cards_used: int | None = None
    board_cards: int = 5
    low: LowRule | None = None
    lowball: LowballRanking | BadugiRanking | None = None
    face_up: tuple[int, ...] = ()
    """Where, in the order a hand's cards are dealt, the cards dealt face up are (stud: the
    third to the sixth, ``(2, 3, 4, 5)``): a street of betting follows each, so a game with
    face-up cards has a win chance per street, given every card seen."""

    def __post_init__(self) -> None:
        if list(self.face_up) != sorted(set(self.face_up)) or any(
            not 0 <= place < self.hole_cards for place in self.face_up
        ):
            msg = (
                f"face_up must be ascending places among {self.hole_cards} cards, "
                f"got {self.face_up!r}"
            )
            raise ValueError(msg)
        used = self.hole_cards_used
        if self.lowball is not None:
            fits = self.hole_cards in self.lowball.hand_sizes and self.board_cards == 0
            if not fits or used is not None or self.low is not None:
                msg = (
                    f"{self.lowball.name} hands are {self.lowball.hand_sizes!r} cards, no board, "
                    f"every card playing and no low half; got {self.hole_cards} hole and "
                    f"{self.board_cards} board cards"
                )
                raise ValueError(msg)
        elif used is None:
            if not 5 <= self.hole_cards + self.board_cards <= 7:
                msg = (
                    f"hole and board cards must make 5 to 7 when any may play, got "
                    f"{self.hole_cards} + {self.board_cards}"
                )
                raise ValueError(msg)
        elif used not in (1, 2) or used > self.hole_cards or 5 - used > self.board_cards:
            msg = (
                f"hole_cards_used must be 1 or 2 and fit {self.hole_cards} hole and "
                f"{self.board_cards} board cards, got {used!r}"
            )
            raise ValueError(msg)

    @property
    def board_sizes(self) -> tuple[int, ...]:
        """The board sizes a hand can be scored on: every street from the first that makes five
        (no board, ``(0,)``, in a game without one)."""
        if self.board_cards == 0:
            return (0,)
        first = 5 - (self.hole_cards if self.hole_cards_used is None else self.hole_cards_used)
        return tuple(range(max(first, 0), self.board_cards + 1))


HOLDEM = HandRules(STANDARD, hole_cards=2)
"""Texas Hold'em: the best five of two hole cards and five board cards."""

FIVE_CARD_DRAW = HandRules(STANDARD, hole_cards=5, board_cards=0)
"""Five cards, no board: the quiz's and the kata's hands."""

OMAHA = HandRules(STANDARD, hole_cards=4, hole_cards_used=2)
"""Omaha (PLO): exactly two of four hole cards and three of the board."""

OMAHA_5 = HandRules(STANDARD, hole_cards=5, hole_cards_used=2)
"""Five-card Omaha (PLO5): exactly two of five hole cards."""

OMAHA_6 = HandRules(STANDARD, hole_cards=6, hole_cards_used=2)
"""Six-card Omaha (PLO6): exactly two of six hole cards."""

OMAHA_HI_LO = HandRules(STANDARD, hole_cards=4, hole_cards_used=2, low=EIGHT_OR_BETTER)
"""Omaha Hi/Lo, eight or better: the high half as in Omaha, a low half from two hole and three
board cards, five distinct ranks 8 or lower; no qualifying low means high scoops."""

OMAHA_5_HI_LO = HandRules(STANDARD, hole_cards=5, hole_cards_used=2, low=EIGHT_OR_BETTER)
"""Five-card Omaha Hi/Lo (Big O): Omaha Hi/Lo's halves, each from two of five hole cards."""

_STUD_FACE_UP = (2, 3, 4, 5)  # two down, four up (third to sixth street), the seventh down

STUD = HandRules(STANDARD, hole_cards=7, board_cards=0, face_up=_STUD_FACE_UP)
"""Seven Card Stud: the best five of a player's seven cards (up and down alike), no board."""

STUD_HI_LO = HandRules(
    STANDARD, hole_cards=7, board_cards=0, low=EIGHT_OR_BETTER, face_up=_STUD_FACE_UP
)
"""Seven Card Stud Hi/Lo, eight or better: the high half as in Stud, a low half from any five
of the seven cards, five distinct ranks 8 or lower; no qualifying low means high scoops."""

RAZZ = HandRules(STANDARD, hole_cards=7, board_cards=0, lowball=ACE_TO_FIVE, face_up=_STUD_FACE_UP)
"""Razz: the lowest five of a player's seven cards, ace-to-five (pairs count, straights and
flushes do not)."""

ACE_TO_FIVE_DRAW = HandRules(STANDARD, hole_cards=5, board_cards=0, lowball=ACE_TO_FIVE)
"""A-5 Triple Draw: five cards at the showdown, ranked ace-to-five."""

DEUCE_TO_SEVEN_DRAW = HandRules(STANDARD, hole_cards=5, board_cards=0, lowball=DEUCE_TO_SEVEN)
"""2-7 Single and Triple Draw: five cards at the showdown, ranked deuce-to-seven."""

BADUGI_DRAW = HandRules(STANDARD, hole_cards=4, board_cards=0, lowball=BADUGI)
"""Badugi: four cards at the showdown, the best badugi wins."""

SHORT_DECK_HOLDEM = HandRules(SHORT_DECK, hole_cards=2)
"""Short deck (6+) Hold'em, trips beating a straight (the default)."""

SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS = HandRules(SHORT_DECK_STRAIGHT_OVER_TRIPS, hole_cards=2)
"""Short deck Hold'em with the other rule set: a straight beats three of a kind."""
