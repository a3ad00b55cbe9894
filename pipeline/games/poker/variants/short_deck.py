"""Short deck (6+) Hold'em as a poker variant, with its two rule sets.

36 cards (6 through A); A-6-7-8-9 is the lowest straight; a flush beats a full house.  Rooms
differ on three of a kind against a straight: PokerStars 6+ and Triton, the televised series,
rank trips above a straight (the default, ``trips-over-straight``); other rule sets, and
pokerkit's ``ShortDeckHoldemHand``, rank the straight above (``straight-over-trips``).
"""

from __future__ import annotations

from pipeline.core import rules
from pipeline.games.base import PokerVariant

TRIPS_OVER_STRAIGHT = "trips-over-straight"
STRAIGHT_OVER_TRIPS = "straight-over-trips"

SHORT_DECK = PokerVariant(
    "Short Deck",
    rules.SHORT_DECK_HOLDEM,
    aliases=(
        "6+",
        "6+ Hold'em",
        "6+ Holdem",
        "Six Plus",
        "Six Plus Hold'em",
        "Short Deck Hold'em",
        "NS",
        "6+ Hold'em No Limit",  # iPoker's Six Plus Holdem NL, as the XML sites' reader writes it
        "6+ Hold'em Pot Limit",
    ),
    rule_sets={
        TRIPS_OVER_STRAIGHT: rules.SHORT_DECK_HOLDEM,
        STRAIGHT_OVER_TRIPS: rules.SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS,
    },
    default_rule_set=TRIPS_OVER_STRAIGHT,
)
"""Short deck, trips beating a straight unless the run says ``--short-deck-rule``."""
