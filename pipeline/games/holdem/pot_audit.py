"""Replay the pots of hold'em hands from what each player put in, and check the log's awards.

For each hand with two or more players still in at the end, the chips put in are cut into a
main pot and side pots at the contribution levels of the players who did not fold (folded
players' chips, antes and blinds included, fill the pots up to their own contribution).  Each
pot goes to the best hand among the players eligible for it (evaluated with
:func:`pipeline.core.evaluator.evaluate`), split evenly; odd chips go one at a time to the
winners in seat order starting left of the button (the PokerStars rule).  The result is
compared with the log's ``won``.

Rake (cash games) is what the log's winners did not receive: ``sum(put_in) - sum(won)``.  With
rake the check is that the same players won and no one got more than the replay gives nor less
than the replay minus the rake; without rake the amounts must match exactly.

A pot cannot be audited when one of its contenders did not show cards (or the board is not five
cards, e.g. run it twice); such hands count as not audited rather than as disagreements.

>>> from pipeline.sources.pokerstars import read_pokerstars
>>> issues, counts = audit_pots_with_counts(read_pokerstars("", "empty.txt"))
>>> counts.hands, issues.height
(0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

from pipeline.core import evaluator
from pipeline.core.cards import INVALID_CARD, try_parse_cards
from pipeline.sources.hand_log import HandLog, Issues

__all__ = ["PotAuditCounts", "audit_pots", "audit_pots_with_counts"]


@dataclass
class PotAuditCounts:
    """How much of a log the audit could check."""

    hands: int = 0
    showdowns: int = 0
    """Hands with two or more players not folded at the end."""
    pots: int = 0
    """Contested pots (two or more eligible players) in showdown hands."""
    pots_audited: int = 0
    hands_audited: int = 0
    disagreements: int = 0


def audit_pots(log: HandLog) -> pl.DataFrame:
    """Issues (code ``pot_disagreement``) for hands whose awards differ from the replay."""
    return audit_pots_with_counts(log)[0]


def _strengths(holes: list[str | None], boards: list[str]) -> list[int | None]:
    """Strength of each hole + five-card board, or ``None`` when the cards are not all known."""
    result: list[int | None] = [None] * len(holes)
    picked: list[int] = []
    tokens: list[list[str]] = []
    for index, (hole, board) in enumerate(zip(holes, boards, strict=True)):
        if hole is None:
            continue
        cards = hole.split() + board.split()
        if len(cards) == 7 and len(set(cards)) == 7:
            picked.append(index)
            tokens.append(cards)
    if not picked:
        return result
    ids, _ = try_parse_cards(np.array(tokens, dtype=object))
    ids = ids.reshape(len(picked), 7)
    good = ~(ids == INVALID_CARD).any(axis=1)
    strengths = np.zeros(len(picked), dtype=np.int64)
    if good.any():
        strengths[good] = evaluator.evaluate(ids[good], check=False)
    for position, index in enumerate(picked):
        if good[position]:
            result[index] = int(strengths[position])
    return result


def audit_pots_with_counts(log: HandLog) -> tuple[pl.DataFrame, PotAuditCounts]:
    """Replay every showdown's pots; return the issues and the counts.

    Amounts are handled in hundredths so cents and chips are both exact.
    """
    rows = log.rows
    counts = PotAuditCounts(hands=rows["hand_id"].n_unique() if rows.height else 0)
    issues = Issues()
    if rows.height == 0:
        return issues.frame(), counts
    live = rows.group_by("hand_id", maintain_order=True).agg(
        (~pl.col("folded")).sum().alias("live")
    )
    showdown_ids = live.filter(pl.col("live") >= 2)["hand_id"]
    counts.showdowns = showdown_ids.len()
    hands = rows.filter(pl.col("hand_id").is_in(showdown_ids.implode()))
    if hands.height == 0:
        return issues.frame(), counts
    shown_hole = hands.select(
        pl.when(~pl.col("mucked") & ~pl.col("folded")).then(pl.col("hole")).otherwise(None)
    ).to_series()
    strengths = _strengths(shown_hole.to_list(), hands["board"].to_list())
    columns = {
        name: hands[name].to_list()
        for name in ("hand_id", "line", "seat", "button", "player", "folded", "put_in", "won")
    }
    start = 0
    n = hands.height
    while start < n:
        end = start + 1
        hand_id = columns["hand_id"][start]
        while end < n and columns["hand_id"][end] == hand_id:
            end += 1
        _audit_hand(columns, strengths, start, end, counts, issues)
        start = end
    return issues.frame(), counts


def _audit_hand(
    columns: dict[str, list[object]],
    strengths: list[int | None],
    start: int,
    end: int,
    counts: PotAuditCounts,
    issues: Issues,
) -> None:
    index = range(start, end)
    hand_id = str(columns["hand_id"][start])
    line = columns["line"][start]
    won_raw = [columns["won"][i] for i in index]
    put = [round(float(columns["put_in"][i]) * 100) for i in index]  # type: ignore[arg-type]
    folded = [bool(columns["folded"][i]) for i in index]
    seats = [int(columns["seat"][i]) for i in index]  # type: ignore[call-overload]
    players = [str(columns["player"][i]) for i in index]
    strength = [strengths[i] for i in index]
    button = next((seats[k] for k, i in enumerate(index) if columns["button"][i]), 0)
    levels = sorted({p for p, f in zip(put, folded, strict=True) if not f and p > 0})
    pots: list[tuple[int, list[int]]] = []
    previous = 0
    for level in levels:
        amount = sum(min(max(p - previous, 0), level - previous) for p in put)
        eligible = [k for k in range(len(put)) if not folded[k] and put[k] >= level]
        pots.append((amount, eligible))
        previous = level
    leftover = sum(max(p - previous, 0) for p in put)
    if pots and leftover:
        pots[-1] = (pots[-1][0] + leftover, pots[-1][1])
    # Uncalled bets are already returned, so a top pot made only of its one eligible player's
    # own chips is dead money (a dead small blind, a big-blind ante): it belongs to the main pot.
    if len(pots) > 1 and len(pots[-1][1]) == 1:
        own = pots[-1][1][0]
        below = levels[-2]
        if all(p <= below for k, p in enumerate(put) if k != own):
            pots[0] = (pots[0][0] + pots[-1][0], pots[0][1])
            pots.pop()
    contested = [pot for pot in pots if len(pot[1]) >= 2]
    counts.pots += len(contested)
    if any(w is None for w in won_raw):
        return
    if any(strength[k] is None for _, eligible in contested for k in eligible):
        return
    won = [round(float(w) * 100) for w in won_raw]  # type: ignore[arg-type]
    unit = 100 if all(v % 100 == 0 for v in put + won) else 1
    order = sorted(range(len(seats)), key=lambda k: (seats[k] <= button, seats[k]))
    rank_of = {k: position for position, k in enumerate(order)}
    expected = [0] * len(put)
    for amount, eligible in pots:
        best = max(strength[k] or 0 for k in eligible)
        winners = sorted(
            (k for k in eligible if (strength[k] or 0) == best or len(eligible) == 1),
            key=rank_of.__getitem__,
        )
        share = amount // (len(winners) * unit) * unit
        odd = amount - share * len(winners)
        for k in winners:
            expected[k] += share
            if odd > 0:
                extra = min(unit, odd)
                expected[k] += extra
                odd -= extra
    counts.pots_audited += len(contested)
    counts.hands_audited += 1
    rake = sum(put) - sum(won)
    if rake == 0:
        agree = expected == won
    else:
        agree = rake > 0 and all(
            (e > 0) == (w > 0) and e - rake - unit <= w <= e + unit
            for e, w in zip(expected, won, strict=True)
        )
    if agree:
        return
    counts.disagreements += 1

    def money(cents: int) -> str:
        return f"{cents / 100:g}"

    said = ", ".join(f"{players[k]} {money(won[k])}" for k in range(len(won)) if won[k])
    replay = ", ".join(f"{players[k]} {money(expected[k])}" for k in range(len(won)) if expected[k])
    issues.add(
        int(line),  # type: ignore[call-overload]
        hand_id,
        "pot_disagreement",
        f"hand {hand_id}: log awards {said or 'nothing'}; replay awards {replay}"
        + (f" (rake {money(rake)})" if rake else ""),
        column="won",
        value=said,
    )
