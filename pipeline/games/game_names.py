"""The one table of poker game names: canonical names and every alias a user or a log may write.

The canonical names are what the ``game`` column of every output and Parquet file holds.
Aliases are matched case-insensitively, with surrounding spaces ignored.  The hand-history
words are the logs' own: PokerStars' ``Omaha Hi/Lo Pot Limit`` and PHH's variant codes
(pokerkit's ``NT``, ``FT``, ``NS``, ``PO``, ``FO/8``; ``PT`` is pot-limit Hold'em).

>>> canonical_game("plo8")
'Omaha Hi/Lo'
>>> canonical_game("Chess") is None
True
"""

from __future__ import annotations

HOLDEM_NAME = "Hold'em"
OMAHA_NAME = "Omaha"
OMAHA_5_NAME = "Omaha 5"
OMAHA_6_NAME = "Omaha 6"
OMAHA_HI_LO_NAME = "Omaha Hi/Lo"
SHORT_DECK_NAME = "Short Deck"

GAME_ALIASES: dict[str, tuple[str, ...]] = {
    HOLDEM_NAME: (
        "Hold'em",
        "Holdem",
        "Texas Hold'em",
        "NLHE",
        "Hold'em No Limit",
        "Hold'em Pot Limit",
        "Hold'em Limit",
        "NT",
        "FT",
        "PT",
    ),
    OMAHA_NAME: (
        "Omaha",
        "PLO",
        "Pot-Limit Omaha",
        "Omaha Pot Limit",
        "Omaha Limit",
        "Omaha No Limit",
        "PO",
    ),
    OMAHA_5_NAME: ("Omaha 5", "PLO5", "5-Card Omaha"),
    OMAHA_6_NAME: ("Omaha 6", "PLO6", "6-Card Omaha"),
    OMAHA_HI_LO_NAME: (
        "Omaha Hi/Lo",
        "PLO8",
        "Omaha 8",
        "O8",
        "Omaha Hi/Lo Pot Limit",
        "Omaha Hi/Lo Limit",
        "Omaha Hi/Lo No Limit",
        "FO/8",
    ),
    SHORT_DECK_NAME: ("Short Deck", "6+", "6+ Hold'em", "Six Plus", "NS"),
}
"""Each canonical game name and every spelling that means it (the name itself included)."""

_CANONICAL_OF_KEY: dict[str, str] = {
    alias.strip().casefold(): name for name, aliases in GAME_ALIASES.items() for alias in aliases
}


def canonical_game(written: str) -> str | None:
    """The canonical name ``written`` means, or None when it names no game we know."""
    return _CANONICAL_OF_KEY.get(written.strip().casefold())


def known_game_names() -> str:
    """The canonical names, for an issue message about an unknown game."""
    return ", ".join(GAME_ALIASES)
