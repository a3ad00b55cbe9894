"""Write ``tests/data/hand_histories/games.phhs``: PHH hands of the games read besides Hold'em,
played through pokerkit's own game states and written by its ``HandHistory.dumps_all``, so
they are PHH as pokerkit writes it (run from the repository root; the hands are fixed, so the
file comes out the same every time).

1. ``PO`` pot-limit Omaha: Bob folds, Ann and Cy to a showdown; Cy's trips win.
2. ``FO/8`` fixed-limit Omaha Hi/Lo: a split, Ann's high and Bob's low.
3. ``FO/8``: a quartered pot, Ann's high and her low tied with Cy's (12 chips: 9 and 3).
4. ``FO/8``: no low qualifies, Bob's full house scoops.
5. ``NS`` no-limit short-deck hold'em: Ann's flush beats Bob's full house.

and ``tests/data/hand_histories/games_pots.phhs``, the pot audit's harder cases:

1. ``FO/8``: Ann all-in short; the main pot split (Bob's high, Ann's low), the side pot between
   Bob and Cy, where no one has a low, scooped by Bob.
2. ``PO``: a four-flush board; Ann's one heart makes no flush in Omaha, Bob's trips win.
3. ``FO/8``: Ann folds her small blind, a 7-chip pot: the high half 4 to Dee, the low half 3
   quartered between Bob and Dee, its odd chip to Bob (first left of the button).
4. ``NS``: Ann's straight against Bob's trips; pokerkit ranks the straight higher (the
   straight-over-trips rule set), PokerStars 6+ and our default the trips.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pokerkit import (
    Automation,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    HandHistory,
    NoLimitShortDeckHoldem,
    Poker,
    PotLimitOmahaHoldem,
    State,
)

OUT = Path("tests/data/hand_histories/games.phhs")
POTS_OUT = Path("tests/data/hand_histories/games_pots.phhs")
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def play(
    game: Poker, stacks: list[int], holes: list[str], steps: Callable[[State], None]
) -> HandHistory:
    """Deal the holes, play the steps, and the hand as pokerkit writes it."""
    state = game(stacks, len(stacks))
    for hole in holes:
        state.deal_hole(hole)
    steps(state)
    assert not state.status, "the hand did not end"
    players = ["Ann", "Bob", "Cy", "Dee"][: len(stacks)]
    return HandHistory.from_game_state(
        game, state, players=players, finishing_stacks=list(state.stacks)
    )


def to_showdown(
    board: list[str], *actions: Callable[[State], object], bet_first_on_the_flop: int = 0
) -> Callable[[State], None]:
    """The preflop actions, then the board street by street with everyone checking (or the
    flop's first player betting ``bet_first_on_the_flop`` and the others calling), then every
    hand shown."""

    def steps(state: State) -> None:
        for action in actions:
            action(state)
        for street, cards in enumerate(board):
            state.deal_board(cards)
            if street == 0 and bet_first_on_the_flop:
                state.complete_bet_or_raise_to(bet_first_on_the_flop)
            while state.actor_index is not None:
                state.check_or_call()
        while state.can_show_or_muck_hole_cards():
            state.show_or_muck_hole_cards(True)

    return steps


def call_around(state: State) -> None:
    while state.street_index == 0 and state.actor_index is not None:
        state.check_or_call()


def main() -> None:
    omaha = PotLimitOmahaHoldem(AUTOMATIONS, True, 0, (1, 2), 2)
    hi_lo = FixedLimitOmahaHoldemHighLowSplitEightOrBetter(AUTOMATIONS, True, 0, (1, 2), 2, 4)
    short_deck = NoLimitShortDeckHoldem(AUTOMATIONS, True, 1, {-1: 2}, 2)
    hands = [
        play(
            omaha,
            [200, 150, 300],
            ["AhKhQdJc", "2d3c4s6c", "KcKs8h8d"],
            to_showdown(
                ["2c7dKd", "9s", "3h"],
                lambda s: s.complete_bet_or_raise_to(7),  # Cy, first to act
                lambda s: s.check_or_call(),  # Ann
                lambda s: s.fold(),  # Bob
            ),
        ),
        play(
            hi_lo,
            [100, 100],
            ["KcQcJdTh", "As2d9c9h"],
            to_showdown(["4h5cKd", "Ks", "8s"], call_around),
        ),
        play(
            hi_lo,
            [100, 100, 100],
            ["Ah2hKdKs", "JsTdQh9h", "As2cJdTc"],
            to_showdown(
                ["3c4d7h", "Kc", "Qs"],
                lambda s: s.complete_bet_or_raise_to(4),  # Cy, first to act
                call_around,
            ),
        ),
        play(
            hi_lo,
            [100, 100],
            ["Ac5hTd3s", "JhJdTh9c"],
            to_showdown(["JsKcQd", "Ks", "9d"], call_around),
        ),
        play(
            short_deck,
            [100, 100],
            ["AhKh", "QsJd"],
            to_showdown(["6h9hQc", "Qh", "9c"], call_around),
        ),
    ]
    OUT.write_text(HandHistory.dumps_all(hands) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: {len(hands)} hands")
    pots = [
        play(
            hi_lo,
            [4, 100, 100],
            ["Ah2h9d9s", "KdKsJdTd", "QhQdJsTs"],
            to_showdown(
                ["3c4d7h", "Kc", "Qs"],
                lambda s: s.complete_bet_or_raise_to(4),  # Cy; Ann calls all-in
                call_around,
                bet_first_on_the_flop=2,  # Bob bets, Cy calls: the side pot
            ),
        ),
        play(
            omaha,
            [200, 150, 300],
            ["Qh7c3dJc", "KsKd5c4c", "8s8dTsTd"],
            to_showdown(
                ["Ah9h6h", "2h", "Kc"],
                lambda s: s.fold(),  # Cy
                call_around,
            ),
        ),
        play(
            hi_lo,
            [100, 100, 100, 100],
            ["5c6c8c9c", "As2cJdTd", "QhQd8s9s", "Ah2hKdKs"],
            to_showdown(
                ["3c4d7h", "Kc", "Qs"],
                lambda s: s.check_or_call(),  # Cy
                lambda s: s.check_or_call(),  # Dee
                lambda s: s.fold(),  # Ann
                call_around,
            ),
        ),
        play(
            short_deck,
            [100, 100],
            ["TsJd", "8c8d"],
            to_showdown(["8h9cQh", "6s", "As"], call_around),
        ),
    ]
    POTS_OUT.write_text(HandHistory.dumps_all(pots) + "\n", encoding="utf-8")
    print(f"wrote {POTS_OUT}: {len(pots)} hands")


if __name__ == "__main__":
    main()
