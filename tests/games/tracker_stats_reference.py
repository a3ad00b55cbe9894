"""The readable reference of the tracker statistics: each hand's actions walked one by one, in
the hand's order, as a tracker replays a hand.  The vectorised
:func:`pipeline.games.poker.stats.tracker_stats.with_tracker_stats` must agree with it everywhere
(``tests/games/test_tracker_stats.py``, and the whole PokerStars corpus).

Per hand: every token of every player's ``actions`` is put in sequence order; the walk keeps
the street, the bets and raises made on it so far, the calls made on it so far, who raised
first and last on the first street and how the second was opened, and writes each player's
statistics as the player acts.  The hand's game (``game``) says its streets and how many full
bets are in before anyone decides (the big blind; stud's bring-in is none): a 3-bet is the
third full bet, whatever the game.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from pipeline.games.poker.stats.tracker_stats import (
    STEAL_POSITIONS,
    STEAL_SEATS_FROM_LAST,
    STREET_ACTIONS,
    STUD_DRAW_STATS,
    TRACKER_STATS,
)
from pipeline.records.betting_rounds import LAST_TO_ACT, Betting, betting_of

COLUMNS = TRACKER_STATS | STREET_ACTIONS | STUD_DRAW_STATS

TOKEN = re.compile(r"^(\d+)\.([a-z]+)([0-9.]*)(?:\[[^\]]*\])?(!?)$")
DECISIONS = {"f", "x", "c", "b", "r"}


@dataclass
class Player:
    """One player's facts as the walk finds them."""

    position: str | None
    won: float
    streets: int
    draws: str | None = None
    stats: dict[str, Any] = field(default_factory=dict)
    folded: bool = False
    folded_preflop: bool = False
    decisions_preflop: int = 0
    opened: bool = False
    after_opening: bool = False
    all_in_street: int | None = None
    bets: int = 0
    raises: int = 0
    calls: int = 0
    fold_street: int | None = None
    first_draw: float | None = None
    """The cards changed at the first draw, as its ``dr`` token says."""
    first_act: int | None = None
    """The sequence number of the player's first action on the first street (a bring-in too)."""
    per_street: dict[str, int] = field(default_factory=dict)
    """``bets_flop`` ... ``calls_draw3``: the counts per street after the first."""


def _chance(stats: dict[str, Any], name: str, did: bool) -> None:
    """A chance taken or not: the first chance decides (a tracker counts one per hand)."""
    if not stats.get(f"{name}_chance"):
        stats[f"{name}_chance"] = True
        stats[name] = did


def hand_stats(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The statistics of each row of one hand (dicts with ``actions``, ``position``, ``won``,
    and ``game``, ``draws`` where the rows have them)."""
    betting = betting_of(rows[0].get("game"))
    players = [
        Player(
            row.get("position"),
            row.get("won") or 0.0,
            row["actions"].count("/") + 1,
            row.get("draws"),
        )
        for row in rows
    ]
    events: list[tuple[int, int, int, str, float | None, bool]] = []
    for index, row in enumerate(rows):
        for street, text in enumerate(row["actions"].split("/")):
            for token in text.split():
                match = TOKEN.match(token)
                assert match, f"token {token!r} of {row['actions']!r} does not read"
                amount = float(match[3]) if match[3] else None
                events.append((int(match[1]), index, street, match[2], amount, match[4] == "!"))
    events.sort()
    # the big blind (its post), the smallest full bet or raise increment
    big_blind = max(
        (amount or 0.0 for _, _, _, verb, amount, _ in events if verb == "bb"), default=0.0
    )
    street_now = -1
    aggressive = calls = 0
    # the reopening rule: the street's highest total, its largest increment, its full raises so
    # far, and each player's count of them at their last decision on the street
    highest = largest = 0.0
    full_raises = 0
    at_last_decision: dict[int, int] = {}
    opener = aggressor = None
    flop_opened_by: tuple[int, str] | None = None
    for _seq, index, street, verb, amount, all_in in events:
        player = players[index]
        stats = player.stats
        if street != street_now:
            street_now, aggressive, calls = street, 0, 0
            highest = largest = 0.0
            full_raises = 0
            at_last_decision = {}
        if all_in and player.all_in_street is None:
            player.all_in_street = street
        decision = verb in DECISIONS
        # a player may raise on their first decision of the street, or when a full bet or
        # raise came after their last one; a short all-in raise does not reopen the betting
        may_raise = index not in at_last_decision or full_raises > at_last_decision[index]
        full = False
        if verb in {"b", "r"} and amount is not None:
            increment = amount - highest
            # a bet or raise not all in is full (the site took it as one)
            full = not all_in or increment >= max(largest, big_blind)
            largest = max(largest, increment)
        if verb in {"sb", "bb", "st", "bi", "b", "r"} and amount is not None:
            highest = max(highest, amount)
        full_raises += full
        if decision:
            at_last_decision[index] = full_raises
        if street == 1 and verb == "dr" and player.first_draw is None:
            player.first_draw = amount
        if street == 0 and (decision or verb == "bi") and player.first_act is None:
            player.first_act = _seq
        # the full bets in: the big blind is the first; stud's completion is its first
        bets_in = aggressive + betting.opening_bets
        if street == 0 and decision:
            stats["vpip"] = stats.get("vpip", False) or verb in {"c", "b", "r"}
            stats["pfr"] = stats.get("pfr", False) or verb in {"b", "r"}
            if player.decisions_preflop == 0 and aggressive == 0 and calls == 0:
                stats["first_in"] = True
                stats["steal"] = verb in {"b", "r"}
            if bets_in == 2 and may_raise:
                _chance(stats, "three_bet", verb in {"b", "r"})
            if bets_in == 3 and may_raise:
                _chance(stats, "four_bet", verb in {"b", "r"})
            if player.after_opening:
                player.after_opening = False
                if bets_in == 3:
                    _chance(stats, "fold_to_three_bet", verb == "f")
            if verb in {"b", "r"}:
                if opener is None and bets_in == 1:
                    opener = index
                    player.after_opening = True
                aggressor = index
            player.decisions_preflop += 1
        if street == 1 and decision:
            if index == aggressor and aggressive == 0:
                _chance(stats, "cbet", verb == "b")
            if index != aggressor and aggressive == 1 and flop_opened_by == (aggressor, "b"):
                _chance(stats, "fold_to_cbet", verb == "f")
            if verb in {"b", "r"} and flop_opened_by is None:
                flop_opened_by = (index, verb)
        if street >= 1:
            player.bets += verb == "b"
            player.raises += verb == "r"
            player.calls += verb == "c"
            for count, counted in (("bets", "b"), ("raises", "r"), ("calls", "c")):
                name = f"{count}_{betting.streets[street]}"
                player.per_street[name] = player.per_street.get(name, 0) + (verb == counted)
        if verb == "f":
            player.fold_street = street if player.fold_street is None else player.fold_street
            player.folded = True
            player.folded_preflop = street == 0
        aggressive += verb in {"b", "r"}
        calls += verb == "c"
    last_street = max(player.streets for player in players) - 1
    in_at_end = sum(not player.folded for player in players)
    late = _late_seats(players) if betting.steal_seat == LAST_TO_ACT else None
    return [
        _row_stats(player, betting, last_street, in_at_end, late, index)
        for index, player in enumerate(players)
    ]


def _late_seats(players: list[Player]) -> set[int]:
    """Stud's steal seats: the last three to act on third street, the bring-in (the first to
    act there) left out."""
    acted = sorted(
        (player.first_act, index)
        for index, player in enumerate(players)
        if player.first_act is not None
    )
    return {index for _, index in acted[1:][-STEAL_SEATS_FROM_LAST:]}


def _row_stats(
    player: Player,
    betting: Betting,
    last_street: int,
    in_at_end: int,
    late: set[int] | None,
    index: int,
) -> dict[str, Any]:
    stats = player.stats
    out: dict[str, Any] = dict.fromkeys(COLUMNS)
    has_decision = player.decisions_preflop > 0
    out["vpip"] = stats.get("vpip") if has_decision else None
    out["pfr"] = stats.get("pfr") if has_decision else None
    for name in ("three_bet", "fold_to_three_bet", "four_bet", "cbet", "fold_to_cbet"):
        out[f"{name}_chance"] = bool(stats.get(f"{name}_chance"))
        out[name] = stats.get(name)
    late_seat = player.position in STEAL_POSITIONS if late is None else index in late
    steal_chance = bool(stats.get("first_in")) and late_seat
    out["steal_chance"] = steal_chance
    out["steal"] = stats.get("steal") if steal_chance else None
    saw_flop = not player.folded_preflop and last_street >= 1
    showdown = not player.folded and in_at_end >= 2
    won = player.won > 0
    out["saw_flop"] = saw_flop
    out["saw_showdown"] = showdown if saw_flop else None
    out["won_at_showdown"] = won if saw_flop and showdown else None
    out["won_when_saw_flop"] = won if saw_flop else None
    out["bets"], out["raises"], out["calls"] = player.bets, player.raises, player.calls
    street = player.all_in_street
    last = len(betting.streets) - 1
    all_in = showdown and street is not None and street < last
    out["all_in"] = betting.streets[street] if all_in and street is not None else None
    for name in COLUMNS:
        if (
            name.startswith(("bets_", "raises_", "calls_"))
            and name.split("_", 1)[1] in betting.streets[1:]
        ):
            out[name] = player.per_street.get(name, 0)
    fold = player.fold_street
    out["fold_street"] = None if fold is None else betting.streets[fold]
    # the reader's draws column where it has one, else the first draw's token
    draws = (player.draws or "").split()
    if betting.family == "draw" and draws:
        out["stand_pat"] = draws[0] == "0"
    elif betting.family == "draw" and player.first_draw is not None:
        out["stand_pat"] = player.first_draw == 0
    return out


def reference_stats(rows: pl.DataFrame, hand: Sequence[str]) -> pl.DataFrame:
    """``rows`` with the statistics as the walk finds them (null on a row without actions)."""
    hand = [name for name in hand if name in rows.columns]
    records = rows.to_dicts()
    by_hand: dict[tuple[Any, ...], list[int]] = defaultdict(list)
    for index, record in enumerate(records):
        if record.get("actions") is not None:
            by_hand[tuple(record[name] for name in hand)].append(index)
    found: list[dict[str, Any]] = [dict.fromkeys(COLUMNS) for _ in records]
    for indices in by_hand.values():
        for index, stats in zip(
            indices, hand_stats([records[index] for index in indices]), strict=True
        ):
            found[index] = stats
    return rows.select(name for name in rows.columns if name not in COLUMNS).hstack(
        pl.DataFrame(found, schema=COLUMNS)
    )
