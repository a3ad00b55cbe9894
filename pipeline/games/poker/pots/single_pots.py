"""The pot audit's fast pass: every showdown hand with a single pot, audited at once in polars.

Most showdowns have one pot (every player still in put in the same amount).  Their replay is
:mod:`pipeline.games.poker.pots.pot_split`'s for one pot, written as column expressions: the best
strength among the eligible wins, split evenly, odd chips one at a time in seat order from the
button's left; rake tolerated as the per-hand replay tolerates it.  Hands this pass does not
settle (side pots, a hi/lo game, nothing put in, a disagreement) go to the per-hand replay in
:mod:`pipeline.games.poker.pots.pot_audit`, which words the issue; both count alike (a test checks).
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from pipeline.games.poker.scoring.shown_hands import SEAT_ORDER

__all__ = ["SinglePotCounts", "audit_single_pots"]


@dataclass(frozen=True)
class SinglePotCounts:
    """What the fast pass settled: contested pots, those audited, hands audited."""

    pots: int
    pots_audited: int
    hands_audited: int


def audit_single_pots(hands: pl.DataFrame) -> tuple[pl.DataFrame, SinglePotCounts]:
    """Audit, all at once, the showdown hands with a single pot (every player still in put in
    the same amount) whose awards agree with the replay, and count them; return the other hands'
    rows (side pots, nothing put in, a hi/lo game, or a disagreement) for the per-hand replay,
    which words the issue."""
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
    # a stud pot split between winners gives its odd chips by the cards: the per-hand replay's
    by_seat = pl.col("odd_chip_by") == SEAT_ORDER if "odd_chip_by" in hands.columns else True
    per_hand = single.group_by(hand, maintain_order=True).agg(
        pl.col("contenders").first() >= 2,
        pl.col("not_audited").first(),
        pl.col("agree").first() & (by_seat | (pl.col("winners") == 1)).all(),
    )
    settled = per_hand.filter(pl.col("not_audited") | pl.col("agree"))
    audited = settled.filter(~pl.col("not_audited"))
    counts = SinglePotCounts(
        pots=int(settled["contenders"].sum()),
        pots_audited=int(audited["contenders"].sum()),
        hands_audited=audited.height,
    )
    return cents.filter(~pl.col(hand).is_in(settled[hand].implode())).sort("_order"), counts
