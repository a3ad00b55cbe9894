"""Replay the pots of poker hands from what each player put in, and check the log's awards.

For each hand with two or more players still in at the end, the chips put in are cut into a
main pot and side pots at the contribution levels of the players who did not fold (folded
players' chips, antes and blinds included, fill the pots up to their own contribution).  Each
pot goes to the best hand among the players eligible for it (evaluated under the hand's game,
its ``variant``: :mod:`pipeline.games.holdem.shown_hands`), split evenly; odd chips go one at a
time to the winners in seat order starting left of the button (the PokerStars rule).  In a
hi/lo game (Omaha Hi/Lo) each pot with a qualifying low among its contenders is halved, the odd
chip to the high half; each half is split among its winners by the same rule (a player with
the best high and the best low scoops; a tie for the low quarters the pot).  The result is
compared with the log's ``won``.

Rake (cash games) is what the log's winners did not receive: ``sum(put_in) - sum(won)``.  With
rake the check is that the same players won and no one got more than the replay gives nor less
than the replay minus the rake; without rake the amounts must match exactly.

The log's own names of shown hands (PokerStars' ``a full house, Sevens full of Jacks``, in
``stated_hand``) are checked too: where the category the log names differs from the evaluator's
for the same cards, that is an issue (``hand_name_disagreement``) naming the hand; so is a hi/lo
hand whose low, as the log writes it (``LO: 8,5,4,2,A``), is not ours.  The names we write are
always ours.

A pot cannot be audited when one of its contenders did not show cards (or the board is not five
cards, e.g. run it twice); such hands count as not audited rather than as disagreements.

>>> from pipeline.sources.pokerstars import read_pokerstars
>>> issues, counts = audit_pots_with_counts(read_pokerstars("", "empty.txt"))
>>> counts.hands, issues.height
(0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import polars as pl

from pipeline.core.rules import HandRules
from pipeline.games.holdem.hand_names import hand_name_issues, stated_category
from pipeline.games.holdem.shown_hands import shown_scores, strengths_of
from pipeline.games.poker_variants import DEFAULT_RULES
from pipeline.sources.hand_log import HandLog, Issues

__all__ = [
    "PotAuditCounts",
    "audit_pots",
    "audit_pots_with_counts",
    "stated_category",
    "strengths_of",
]


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
    names_checked: int = 0
    """Shown hands whose log names a category we could check against the evaluator's."""
    name_disagreements: int = 0


def audit_pots(
    log: HandLog, rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES
) -> pl.DataFrame:
    """Issues (code ``pot_disagreement``) for hands whose awards differ from the replay."""
    return audit_pots_with_counts(log, rules_of_game)[0]


def audit_pots_with_counts(
    log: HandLog, rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES
) -> tuple[pl.DataFrame, PotAuditCounts]:
    """Replay every showdown's pots; return the issues and the counts.

    Amounts are handled in hundredths so cents and chips are both exact.
    """
    rows = log.rows
    counts = PotAuditCounts(hands=rows["hand_id"].n_unique() if rows.height else 0)
    issues = Issues()
    if rows.height == 0:
        return issues.frame(), counts
    names, checked, wrong = hand_name_issues(rows, rules_of_game)
    counts.names_checked += checked
    counts.name_disagreements += wrong
    issues_frame, counts = _audit(rows, counts, issues, rules_of_game)
    return pl.concat([issues_frame, names]).sort("line", maintain_order=True), counts


def _audit(
    rows: pl.DataFrame,
    counts: PotAuditCounts,
    issues: Issues,
    rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES,
) -> tuple[pl.DataFrame, PotAuditCounts]:
    # A hand is a run of rows with one hand id and start line (a hand id may come again in
    # another file of a corpus, as another player's record of the same hand).
    new_hand = (pl.col("hand_id") != pl.col("hand_id").shift(1)) | (
        pl.col("line") != pl.col("line").shift(1)
    )
    rows = rows.with_columns(new_hand.fill_null(True).cum_sum().alias("_hand"))
    live = (~pl.col("folded")).sum().over("_hand")
    hands = rows.filter(live >= 2)
    counts.showdowns = hands["_hand"].n_unique()
    if hands.height == 0:
        return issues.frame(), counts
    shown = ~pl.col("mucked") & ~pl.col("folded")
    hands = shown_scores(hands, shown, rules_of_game)
    complex_hands = _audit_single_pots(hands, counts)
    if complex_hands.height == 0:
        return issues.frame(), counts
    strengths = complex_hands["strength"].to_list()
    lows = complex_hands["low"].to_list()
    low_game = complex_hands["low_game"].to_list()
    columns = {
        name: complex_hands[name].to_list()
        for name in ("hand_id", "line", "seat", "button", "player", "folded", "put_in", "won")
    }
    runs = complex_hands["_hand"].to_list()
    start = 0
    n = complex_hands.height
    while start < n:
        end = start + 1
        while end < n and runs[end] == runs[start]:
            end += 1
        _audit_hand(
            columns, strengths, start, end, counts, issues, lows if low_game[start] else None
        )
        start = end
    return issues.frame(), counts


def _audit_single_pots(hands: pl.DataFrame, counts: PotAuditCounts) -> pl.DataFrame:
    """Audit, all at once, the showdown hands with a single pot (every player still in put in
    the same amount) whose awards agree with the replay, and count them; return the other hands'
    rows (side pots, nothing put in, or a disagreement) for :func:`_audit_hand`, which words the
    issue.  The rules are :func:`_audit_hand`'s, for one pot."""
    hand = "_hand"
    cents = hands.with_columns(
        (pl.col("put_in") * 100).round().cast(pl.Int64).alias("put"),
        (pl.col("won") * 100).round().cast(pl.Int64).alias("got"),
        pl.int_range(pl.len()).alias("_order"),
    )
    live = ~pl.col("folded")
    level = pl.col("put").filter(live & (pl.col("put") > 0))
    cents = cents.with_columns(
        level.n_unique().over(hand).alias("levels"),
        level.max().over(hand).alias("level"),
    )
    # a hi/lo hand's halves are split hand by hand (:func:`_audit_hand`)
    low_game = pl.col("low_game") if "low_game" in hands.columns else pl.lit(False)
    single = cents.filter((pl.col("levels") == 1) & ~low_game.any().over(hand))
    eligible = live & (pl.col("put") >= pl.col("level"))
    single = single.with_columns(eligible.alias("eligible")).with_columns(
        pl.col("eligible").sum().over(hand).alias("contenders"),
        pl.col("put").sum().over(hand).alias("pot"),
        pl.col("strength").filter(pl.col("eligible")).max().over(hand).alias("best"),
        (pl.col("eligible") & pl.col("strength").is_null()).any().over(hand).alias("unseen"),
        pl.col("got").is_null().any().over(hand).alias("unpaid"),
        ((pl.col("put") % 100 != 0) | (pl.col("got").fill_null(0) % 100 != 0))
        .any()
        .over(hand)
        .alias("cents"),
        # Odd chips go in seat order starting left of the button.
        (
            (pl.col("seat") <= pl.col("seat").filter(pl.col("button")).first().fill_null(0))
            .cast(pl.Int64)
            .mul(1_000_000)
            .add(pl.col("seat"))
        )
        .rank("ordinal")
        .over(hand)
        .alias("turn"),
    )
    contested = pl.col("contenders") >= 2
    not_audited = pl.col("unpaid") | (contested & pl.col("unseen"))
    winner = pl.col("eligible") & (~contested | (pl.col("strength") == pl.col("best")))
    unit = pl.when(pl.col("cents")).then(1).otherwise(100)
    single = single.with_columns(
        winner.fill_null(False).alias("winner"), unit.alias("unit")
    ).with_columns(pl.col("winner").sum().over(hand).alias("winners"))
    share = pl.col("pot") // (pl.col("winners") * pl.col("unit")) * pl.col("unit")
    odd = pl.col("pot") - share * pl.col("winners")
    # The winner whose turn is j (0-based) gets one unit of the odd chips while any are left.
    turn = pl.col("turn").rank("ordinal").over(hand, pl.col("winner")) - 1
    extra = (odd - turn * pl.col("unit")).clip(0, None).clip(None, pl.col("unit"))
    single = single.with_columns(
        pl.when(pl.col("winner")).then(share + extra).otherwise(0).alias("expected")
    )
    rake = pl.col("put").sum().over(hand) - pl.col("got").sum().over(hand)
    close = (
        ((pl.col("expected") > 0) == (pl.col("got") > 0))
        & (pl.col("got") >= pl.col("expected") - rake - pl.col("unit"))
        & (pl.col("got") <= pl.col("expected") + pl.col("unit"))
    )
    agree = (
        pl.when(rake == 0).then(pl.col("expected") == pl.col("got")).otherwise((rake > 0) & close)
    )
    single = single.with_columns(
        not_audited.alias("not_audited"), agree.all().over(hand).alias("agree")
    )
    per_hand = single.group_by(hand, maintain_order=True).agg(
        pl.col("contenders").first() >= 2,
        pl.col("not_audited").first(),
        pl.col("agree").first(),
    )
    settled = per_hand.filter(pl.col("not_audited") | pl.col("agree"))
    audited = settled.filter(~pl.col("not_audited"))
    counts.pots += int(settled["contenders"].sum())
    counts.pots_audited += int(audited["contenders"].sum())
    counts.hands_audited += audited.height
    return cents.filter(~pl.col(hand).is_in(settled[hand].implode())).sort("_order")


def _pay(
    amount: int, winners: list[int], unit: int, rank_of: dict[int, int], expected: list[int]
) -> None:
    """Split ``amount`` evenly among ``winners``; the odd units one each, in seat order from
    the button's left."""
    ordered = sorted(winners, key=rank_of.__getitem__)
    share = amount // (len(ordered) * unit) * unit
    odd = amount - share * len(ordered)
    for k in ordered:
        expected[k] += share
        if odd > 0:
            extra = min(unit, odd)
            expected[k] += extra
            odd -= extra


def _audit_hand(
    columns: dict[str, list[object]],
    strengths: list[int | None],
    start: int,
    end: int,
    counts: PotAuditCounts,
    issues: Issues,
    lows: list[int | None] | None = None,
) -> None:
    """Replay one hand's pots (``lows``: each row's low value in a hi/lo game, else None)."""
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
    low = [None if lows is None else lows[i] for i in index]
    for amount, eligible in pots:
        best = max(strength[k] or 0 for k in eligible)
        high_winners = [k for k in eligible if (strength[k] or 0) == best or len(eligible) == 1]
        with_low = [k for k in eligible if low[k] is not None and len(eligible) > 1]
        if not with_low:
            _pay(amount, high_winners, unit, rank_of, expected)
            continue
        best_low = min(low[k] for k in with_low)  # type: ignore[type-var]
        low_half = amount // (2 * unit) * unit  # the odd chip goes to the high half
        _pay(amount - low_half, high_winners, unit, rank_of, expected)
        _pay(low_half, [k for k in with_low if low[k] == best_low], unit, rank_of, expected)
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
