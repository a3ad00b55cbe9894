"""The kata's verdict, worded by a readable reference that shares nothing with the code under
test but the card ids: :func:`reference_verdict` is what ``pipeline compare`` must print.

Wording, from the kata's examples (``with high card: 9``, ``with full house: 4 over 2``):

- the categories differ: the winner's category and its made hand (``pair: Ace``, ``two pair:
  King and 9``, ``full house: King over 8``, ``straight: 6``, ``high card: Ace``);
- the same category, decided inside the made hand (the pair's face, a flush's or a high card's
  first differing card): as above, naming the card that decides;
- the made hands tie and a kicker decides: ``high card: Jack (tied on pair: 5)``: the kicker is
  named as the kata names one, beside the made hand both players hold.
"""

from __future__ import annotations

from collections.abc import Sequence

from tests.reference import (
    FULL_HOUSE,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    five_card_key,
)

FOUR_OF_A_KIND = 7
NAMES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
# Cards that make the hand before the kickers, by category; the rest of the key are kickers.
MADE_GROUPS = {PAIR: 1, TWO_PAIR: 2, THREE_OF_A_KIND: 1, FOUR_OF_A_KIND: 1}


def face(rank: int) -> str:
    """``2`` .. ``10``, ``Jack``, ``Queen``, ``King``, ``Ace``."""
    return {9: "Jack", 10: "Queen", 11: "King", 12: "Ace"}.get(rank, str(rank + 2))


def made_hand(category: int, tie_break: Sequence[int]) -> str:
    """The made hand in the kata's words, without the kickers."""
    if category == STRAIGHT_FLUSH and tie_break[0] == 12:
        return "royal flush"
    if category == FULL_HOUSE:
        return f"full house: {face(tie_break[0])} over {face(tie_break[1])}"
    if category == TWO_PAIR:
        return f"two pair: {face(tie_break[0])} and {face(tie_break[1])}"
    return f"{NAMES[category]}: {face(tie_break[0])}"


def reference_verdict(players: Sequence[tuple[str, Sequence[int]]]) -> str:
    """The verdict for named five-card hands (card ids ``rank * 4 + suit``)."""
    keys = [five_card_key(cards) for _, cards in players]
    best = max(keys)
    winners = [name for (name, _), key in zip(players, keys, strict=True) if key == best]
    if len(winners) > 1:
        if len(winners) == len(players) == 2:
            return "Tie."
        return f"Tie between {' and '.join(winners)}."
    runner_up = max(key for key in keys if key != best)
    category, tie_break = best
    if category != runner_up[0]:
        return f"{winners[0]} wins. - with {made_hand(category, tie_break)}"
    at = next(i for i, (a, b) in enumerate(zip(tie_break, runner_up[1], strict=True)) if a != b)
    deciding = face(tie_break[at])
    made_groups = MADE_GROUPS.get(category)
    if made_groups is None:
        if category in (FULL_HOUSE, STRAIGHT, STRAIGHT_FLUSH):  # named by its top: that decides
            return f"{winners[0]} wins. - with {made_hand(category, tie_break)}"
        # a high card or a flush: every card is part of the hand; name the one that decides
        return f"{winners[0]} wins. - with {NAMES[category]}: {deciding}"
    if at < made_groups:
        return f"{winners[0]} wins. - with {made_hand(category, tie_break)}"
    tied = made_hand(category, tie_break)
    return f"{winners[0]} wins. - with high card: {deciding} (tied on {tied})"
