"""How a hand-history site words the hands it shows, so the hand-name check reads every site.

PokerStars writes ``a full house, Sevens full of Jacks``; GGPoker ``Sevens Full over Jacks``;
Winamax ``Full of Sevens and Jacks``.  A site whose wording is not PokerStars' declares a
:class:`HandWording` in its own file (:mod:`pipeline.sources.hand_histories.sites`), which
puts it in :data:`WORDINGS` under the ``site`` column's value; the check
(:mod:`pipeline.games.poker.logs.hand_names`) reads each row's wording from there.  Neither side
names a site in code.

>>> wording = HandWording(((r"^Quads of ", "Four of a Kind"),))
>>> declare_wording("Example", wording)
>>> wording_of("Example").category("Quads of Jacks"), WORDINGS["Example"] is wording
('Four of a Kind', True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["CATEGORIES", "WORDINGS", "HandWording", "declare_wording", "wording_of"]

CATEGORIES = (
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
)
"""The categories a hand's name may give (a royal flush is a straight flush here)."""


@dataclass(frozen=True)
class HandWording:
    """A site's names of hands: (regular expression, category) pairs, tried in order on the
    name as written (case-insensitively); the first that matches gives the category.  A name
    no pattern matches is not checked."""

    patterns: tuple[tuple[str, str], ...]

    def __post_init__(self) -> None:
        for pattern, category in self.patterns:
            if category not in CATEGORIES:
                msg = f"{category!r} (for {pattern!r}) is not one of {', '.join(CATEGORIES)}"
                raise ValueError(msg)
            re.compile(pattern)

    def category(self, stated: str) -> str | None:
        """The category ``stated`` names, or None."""
        for pattern, category in self.patterns:
            if re.search(pattern, stated, re.IGNORECASE):
                return category
        return None


WORDINGS: dict[str, HandWording] = {}
"""Each site's wording (by the ``site`` column's value) where it is not PokerStars'."""


def declare_wording(site: str, wording: HandWording) -> None:
    """Say that ``site``'s logs name hands as ``wording`` does."""
    WORDINGS[site] = wording


def wording_of(site: str) -> HandWording | None:
    """The wording a site declared, or None (PokerStars' own)."""
    return WORDINGS.get(site)
