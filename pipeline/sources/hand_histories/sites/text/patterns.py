"""Patterns many sites' declarations share, written once: a player's name, an amount, the
``Dealt to`` line, PokerStars' ``*** SUMMARY ***`` and its plain betting words, a pattern that
never matches, and the wording of hands most sites other than PokerStars use (``a pair``,
``two pairs``, ``One Pair, Aces``).

A site imports what it writes as these do and declares the rest itself; a pattern that differs
by one character stays the site's own, so a change here changes only the sites that write it.

>>> DEALT.match("Dealt to Ann [As Kd]").group("name", "cards")
('Ann', 'As Kd')
>>> [kind for pattern, kind in STARS_BETS if pattern.match("raises $2 to $4")]
['raise']
>>> CATEGORY_WORDING.category("One Pair, Aces"), CATEGORY_WORDING.category("two pairs")
('Pair', 'Two Pair')
"""

from __future__ import annotations

import re

from pipeline.records.stated_hands import HandWording

__all__ = [
    "AMOUNT",
    "CATEGORY_WORDING",
    "DEALT",
    "DEALT_BRACKETS",
    "FOLD_CHECK",
    "NAME",
    "NEVER",
    "STARS_BETS",
    "STARS_SUMMARY",
]

NAME = r"(?P<name>.+?)"
"""A player's name, as short as the rest of the line allows."""

AMOUNT = r"[$€£]?\d[\d,.]*"
"""An amount as most sites write it: a currency mark, digits, ``,`` and ``.``."""

DEALT = re.compile(rf"^Dealt to {NAME}(?: \[(?P<cards>[^\]]*)\])?$")
"""``Dealt to Ann [As Kd]`` (the cards left out where the log hides them)."""

DEALT_BRACKETS = re.compile(rf"^Dealt to {NAME}(?: (?P<cards>\[.*\]))?$")
"""``Dealt to Hero [Td Jd] [As]``: the cards in one bracket or several, brackets kept (in stud
the cards dealt before, then the street's; in a draw game the cards kept, then those drawn)."""

NEVER = re.compile(r"^(?!)")
"""A pattern for a line the site never writes (its showdown lines give the cards, say)."""

STARS_SUMMARY = re.compile(r"^\*\*\* SUMMARY \*\*\*")
"""The summary's first line as PokerStars writes it, and the sites that copy its logs."""

FOLD_CHECK: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"folds"), "fold"),
    (re.compile(r"checks"), "check"),
)
"""``folds`` and ``checks``."""

STARS_BETS: tuple[tuple[re.Pattern[str], str], ...] = (
    *FOLD_CHECK,
    (re.compile(r"calls (?P<amount>\S+)"), "call"),
    (re.compile(r"bets (?P<amount>\S+)"), "bet"),
    (re.compile(r"raises \S+ to (?P<to>\S+)"), "raise"),
)
"""``folds``, ``checks``, ``calls $1``, ``bets $1``, ``raises $1 to $2`` (PokerStars' words)."""

CATEGORY_WORDING = HandWording(
    (
        (r"^(?:a )?(?:straight flush|royal flush)", "Straight Flush"),
        (r"^(?:four of a kind|quads)", "Four of a Kind"),
        (r"^(?:a )?full house", "Full House"),
        (r"^(?:a )?flush", "Flush"),
        (r"^(?:a )?straight", "Straight"),
        (r"^(?:three of a kind|trips)", "Three of a Kind"),
        (r"^two pairs?\b", "Two Pair"),
        (r"^(?:a |one )?pair", "Pair"),
        (r"^high card", "High Card"),
    )
)
"""Hands named by their category first, as most sites other than PokerStars name them:
``a pair of Queens``, ``two pairs, Aces and Queens``, ``One Pair, Aces``, ``High Card, Queen``,
``a full house, fours full of queens``."""
