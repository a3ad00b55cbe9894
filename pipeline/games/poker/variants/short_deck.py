"""Short deck (6+) Hold'em as a poker variant, with its two rule sets.

36 cards (6 through A); A-6-7-8-9 is the lowest straight; a flush beats a full house.  Rooms
differ on three of a kind against a straight: PokerStars 6+ and Triton, the televised series,
rank trips above a straight (the default, ``trips-over-straight``); other rule sets, and
pokerkit's ``ShortDeckHoldemHand``, rank the straight above (``straight-over-trips``).  The
names of the game and of its rule sets are in :mod:`pipeline.records.game_names`.
"""

from __future__ import annotations

from pipeline.core import rules
from pipeline.games.base import PokerVariant
from pipeline.records import game_names
from pipeline.records.game_names import STRAIGHT_OVER_TRIPS, TRIPS_OVER_STRAIGHT

SHORT_DECK = PokerVariant.declared(
    game_names.SHORT_DECK,
    rules.SHORT_DECK_HOLDEM,
    rule_sets={
        TRIPS_OVER_STRAIGHT: rules.SHORT_DECK_HOLDEM,
        STRAIGHT_OVER_TRIPS: rules.SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS,
    },
)
"""Short deck, trips beating a straight unless the run says ``--rule 'Short Deck=...'``."""
