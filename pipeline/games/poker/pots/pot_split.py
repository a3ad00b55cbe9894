"""How a hand's chips are cut into pots and each pot split among its winners: the rules the pot
audit (:mod:`pipeline.games.poker.pots.pot_audit`) replays, one hand at a time, in plain Python.

- **Pots by contribution.** The chips put in are cut into a main pot and side pots at the
  contribution levels of the players who did not fold; folded players' chips (antes and blinds
  included) fill the pots up to their own contribution.
- **Odd chips.** A pot split evenly leaves odd chips (``unit``: one chip, or one cent at a cash
  table); they go one at a time to the winners in seat order starting left of the button, the
  PokerStars rule (and pokerkit's, whose first player sits left of the button).
- **Stud's odd chips.** A stud game has no button: the odd chip goes to the player holding
  the highest card by suit (spades, hearts, diamonds, clubs), all of the player's cards
  counted, and in a low half, or a low game (Razz), to the lowest card by suit, aces low
  (:func:`card_turns`).
- **Hi/lo.** In a game with a low half, a pot whose contenders hold a qualifying low is halved,
  the odd chip to the high half; each half is split by the rule above (a tie for the low
  quarters the pot; one player may win both halves).  With no low among its own contenders the
  high hand scoops the pot, even when a player outside it (all in for less) holds a low.

Amounts are integers (hundredths of the log's amounts), so every split is exact.

>>> pots = pots_by_contribution([200, 500, 500], [False, False, False])
>>> [(pot.amount, pot.eligible) for pot in pots]
[(600, [0, 1, 2]), (600, [1, 2])]
>>> expected = [0, 0, 0]
>>> turns = seat_turns([1, 2, 3], button=3)
>>> for pot in pots:  # 0 holds the only low; 1 the best high
...     split_pot(pot, [10, 30, 20], [5, None, None], 100, turns, expected)
>>> expected
[300, 900, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Pot", "card_turns", "pay_evenly", "pots_by_contribution", "seat_turns", "split_pot"]


@dataclass
class Pot:
    """A main or side pot: its chips and the players (row positions) who may win it."""

    amount: int
    eligible: list[int]


def pots_by_contribution(put: Sequence[int], folded: Sequence[bool]) -> list[Pot]:
    """The main pot and the side pots of a hand, from what each player put in.

    Uncalled bets are already returned in the logs, so a top pot made only of its one eligible
    player's own chips is dead money (a dead small blind, a big-blind ante): it joins the main
    pot.

    >>> pots = pots_by_contribution([15, 90, 90], [True, False, False])
    >>> [(pot.amount, pot.eligible) for pot in pots]
    [(195, [1, 2])]
    """
    levels = sorted({p for p, f in zip(put, folded, strict=True) if not f and p > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(max(p - previous, 0), level - previous) for p in put)
        eligible = [k for k in range(len(put)) if not folded[k] and put[k] >= level]
        pots.append(Pot(amount, eligible))
        previous = level
    leftover = sum(max(p - previous, 0) for p in put)
    if pots and leftover:
        pots[-1].amount += leftover
    if len(pots) > 1 and len(pots[-1].eligible) == 1:
        own = pots[-1].eligible[0]
        below = levels[-2]
        if all(p <= below for k, p in enumerate(put) if k != own):
            pots[0].amount += pots.pop().amount
    return pots


def seat_turns(seats: Sequence[int], button: int) -> dict[int, int]:
    """Each player's (row position's) turn for odd chips: seats left of the button first.

    >>> seat_turns([1, 2, 3, 4], button=2)
    {2: 0, 3: 1, 0: 2, 1: 3}
    """
    order = sorted(range(len(seats)), key=lambda k: (seats[k] <= button, seats[k]))
    return {k: turn for turn, k in enumerate(order)}


def card_turns(cards: Sequence[Sequence[int]], *, lowest: bool) -> dict[int, int]:
    """Each player's (row position's) turn for odd chips in a stud game: the highest card by
    suit first, or with ``lowest`` the lowest card by suit first (aces low); a player whose
    cards are unknown comes last.  Card ids are ``4 * rank + suit`` (ranks 2 .. A, suits c d h
    s), so the id orders cards by rank, then suit.

    >>> from pipeline.core.cards import parse_cards
    >>> hands = [parse_cards(h.split()).tolist() for h in ("9h 8d 2c", "9s 8c 3h", "Ac 7d 6s")]
    >>> card_turns(hands, lowest=False)
    {2: 0, 1: 1, 0: 2}
    >>> card_turns(hands, lowest=True)
    {2: 0, 0: 1, 1: 2}
    """
    ace = 12

    def low_key(card: int) -> int:  # the ace below the deuce, suits kept in order
        rank, suit = divmod(card, 4)
        return (-1 if rank == ace else rank) * 4 + suit

    def best(hand: Sequence[int]) -> float:
        if not hand:
            return float("inf")
        return min(low_key(card) for card in hand) if lowest else -max(hand)

    order = sorted(range(len(cards)), key=lambda k: (best(cards[k]), k))
    return {k: turn for turn, k in enumerate(order)}


def pay_evenly(
    amount: int, winners: Sequence[int], unit: int, turns: dict[int, int], expected: list[int]
) -> None:
    """Add to ``expected`` an even split of ``amount`` among ``winners``, the odd units one each
    in turn from the button's left.

    >>> expected = [0, 0, 0]
    >>> pay_evenly(500, [2, 0], 100, {0: 1, 1: 2, 2: 0}, expected)
    >>> expected
    [200, 0, 300]
    """
    ordered = sorted(winners, key=turns.__getitem__)
    share = amount // (len(ordered) * unit) * unit
    odd = amount - share * len(ordered)
    for k in ordered:
        expected[k] += share
        if odd > 0:
            extra = min(unit, odd)
            expected[k] += extra
            odd -= extra


def split_pot(
    pot: Pot,
    strength: Sequence[int | None],
    low: Sequence[int | None],
    unit: int,
    turns: dict[int, int],
    expected: list[int],
    low_turns: dict[int, int] | None = None,
) -> None:
    """Add to ``expected`` each player's part of ``pot``: the best ``strength`` (high, greater
    is better) takes it, or, when a contender holds a ``low`` (smaller is better, None for
    none), the high hand half of it, the odd unit included, and the best low the other half.
    A pot with one eligible player is theirs whatever their cards.  Odd units go by ``turns``,
    in the low half by ``low_turns`` where given (stud's lowest card by suit).

    >>> expected = [0, 0, 0]  # a quartered pot: 1 and 2 tie for the low, 2 has the high
    >>> split_pot(Pot(74, [0, 1, 2]), [30, 10, 40], [None, 7, 7], 1, {0: 2, 1: 0, 2: 1}, expected)
    >>> expected
    [0, 19, 55]
    """
    eligible = pot.eligible
    if len(eligible) == 1:
        pay_evenly(pot.amount, eligible, unit, turns, expected)
        return
    best = max(strength[k] or 0 for k in eligible)
    high_winners = [k for k in eligible if (strength[k] or 0) == best]
    lows = {k: value for k in eligible if (value := low[k]) is not None}
    if not lows:  # no low among this pot's own contenders: the high scoops
        pay_evenly(pot.amount, high_winners, unit, turns, expected)
        return
    best_low = min(lows.values())
    low_half = pot.amount // (2 * unit) * unit  # the odd unit goes to the high half
    pay_evenly(pot.amount - low_half, high_winners, unit, turns, expected)
    low_winners = [k for k, value in lows.items() if value == best_low]
    pay_evenly(low_half, low_winners, unit, turns if low_turns is None else low_turns, expected)
