"""The pot audit of stud hands against pokerkit's own settlement (issue 34).

pokerkit plays random fixed-limit hands of 7 Card Stud, Stud Hi/Lo and Razz (two to seven
players, antes, the bring-in, completions, bets and raises, random folds, deep stacks so each
hand has one pot), every hand still in at the end shown.  Each hand becomes the rows a reader
gives (the contract's shape: ``hole`` in the order dealt, ``up_cards`` of a folded player
whose hole stays unknown, ``put_in`` from the stacks, ``won`` from pokerkit's chips pushed) and
is audited: our replay must pay what pokerkit paid, with one named exception, an odd chip.
pokerkit gives a split's odd chips to its first player in seat order; stud rules (and we) give
them by the cards (the highest card by suit, the lowest in Razz and a low half), so only the
odd chip may move, between the same players.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import polars as pl
from pokerkit import (
    Automation,
    ChipsPushing,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Folding,
    HoleDealing,
    Poker,
    State,
)

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import ROW_SCHEMA, HandLog

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
# antes 5 (an odd count of them makes an odd pot), bring-in 10, bets 40 and 80
STAKES = (AUTOMATIONS, True, 5, 10, 40, 80)
GAMES: tuple[tuple[str, Poker], ...] = (
    ("7 Card Stud", FixedLimitSevenCardStud(*STAKES)),
    ("7 Card Stud Hi/Lo", FixedLimitSevenCardStudHighLowSplitEightOrBetter(*STAKES)),
    ("Razz", FixedLimitRazz(*STAKES)),
)
STACK = 5_000  # more than four bets a street for five streets: one pot, no all-in


def _play(rng: random.Random, game: Poker) -> State:
    """One random stud hand through pokerkit, to its end, every hand still in shown."""
    players = rng.randint(2, 7)
    state = game([STACK] * players, players)
    deck = sorted(state.deck_cards, key=repr)  # pokerkit shuffles with the global random
    rng.shuffle(deck)
    while state.status:
        if state.can_deal_hole():
            state.deal_hole(deck.pop())
        elif state.can_post_bring_in():
            if rng.random() < 0.3 and state.can_complete_bet_or_raise_to():
                state.complete_bet_or_raise_to()
            else:
                state.post_bring_in()
        elif state.actor_index is not None:
            draw = rng.random()
            if draw < 0.12 and state.can_fold():
                state.fold()
            elif draw < 0.4 and state.can_complete_bet_or_raise_to():
                state.complete_bet_or_raise_to()
            else:
                state.check_or_call()
        else:
            state.show_or_muck_hole_cards(True)
    return state


def _rows(hand_id: str, variant: str, state: State) -> list[dict[str, Any]]:
    """The hand's rows as a reader would give them."""
    count = state.player_count
    dealt: list[list[str]] = [[] for _ in range(count)]
    up: list[list[str]] = [[] for _ in range(count)]
    folded = [False] * count
    won = [0] * count
    for operation in state.operations:
        if isinstance(operation, HoleDealing):
            for card, face_up in zip(operation.cards, operation.statuses, strict=True):
                dealt[operation.player_index].append(repr(card))
                if face_up:
                    up[operation.player_index].append(repr(card))
        elif isinstance(operation, Folding):
            folded[operation.player_index] = True
        elif isinstance(operation, ChipsPushing):
            won = [a + b for a, b in zip(won, operation.amounts, strict=True)]
    return [
        {
            **dict.fromkeys(ROW_SCHEMA),
            "hand_id": hand_id,
            "line": int(hand_id) * 10,
            "seat": k + 1,
            "button": False,
            "player": f"P{k}",
            "hole": None if folded[k] else " ".join(dealt[k]),
            "mucked": False,
            "board": "",
            "folded": folded[k],
            "put_in": float(STACK - state.stacks[k] + won[k]),
            "won": float(won[k]),
            "variant": variant,
            "up_cards": " ".join(up[k]),
        }
        for k in range(count)
    ]


def _paid(text: str) -> dict[str, float]:
    pairs = (entry.rsplit(" ", 1) for entry in text.split(", "))
    return {player: float(amount) for player, amount in pairs}


def test_the_replay_pays_every_stud_pot_as_pokerkit_does() -> None:
    rng = random.Random(34)
    rows: list[dict[str, Any]] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # a card pokerkit would have burned
        for number in range(1, 151):
            variant, game = GAMES[number % len(GAMES)]
            rows += _rows(str(number), variant, _play(rng, game))
    log = HandLog(pl.DataFrame(rows, schema=ROW_SCHEMA), HandLog.empty().issues)
    issues, counts = audit_pots_with_counts(log)
    assert counts.showdowns >= 100
    # the halves were played: hi/lo pots paid to two players, odd pots among them
    paid = log.rows.group_by("hand_id").agg(
        (pl.col("won") > 0).sum().alias("paid"), pl.col("put_in").sum().alias("pot")
    )
    halved = paid.filter(pl.col("paid") >= 2)
    assert halved.height >= 8 and (halved["pot"] % 2 == 1).sum() >= 4
    assert counts.hands_audited == counts.showdowns  # every hand still in was shown
    for message in issues["message"]:
        said, replay = message.split(": log awards ")[1].split("; replay awards ")
        log_paid, replay_paid = _paid(said), _paid(replay)
        assert log_paid.keys() == replay_paid.keys(), message
        assert max(abs(log_paid[p] - replay_paid[p]) for p in log_paid) <= 1, message
    assert issues.height <= 6
