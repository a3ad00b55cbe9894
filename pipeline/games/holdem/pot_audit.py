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

The log's own names of shown hands (PokerStars' ``a full house, Sevens full of Jacks``, in
``stated_hand``) are checked too: where the category the log names differs from the evaluator's
for the same cards, that is an issue (``hand_name_disagreement``) naming the hand; the names we
write are always ours.

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
from pipeline.sources.hand_log import HandLog, Issues

__all__ = ["PotAuditCounts", "audit_pots", "audit_pots_with_counts", "stated_category"]

_RANKS, _SUITS = "23456789TJQKA", "cdhs"
# Card notation as logs write it: rank and suit in either case, ``10`` for a ten.
_CARD_IDS = {
    spelled + written: 4 * r + s
    for r, rank in enumerate(_RANKS)
    for spelled in {rank, rank.lower(), *(("10",) if rank == "T" else ())}
    for s, suit in enumerate(_SUITS)
    for written in (suit, suit.upper())
}
_NO_CARD = 255
# The log's wording (lower case, PokerStars' "HI: " of hi-lo games dropped) -> our category;
# a straight flush and a royal flush are one family, as PokerStars words a royal either way.
_STATED_PREFIXES = (
    ("high card", "High Card"),
    ("a pair", "Pair"),
    ("two pair", "Two Pair"),
    ("three of a kind", "Three of a Kind"),
    ("a straight flush", "Straight Flush"),
    ("a royal flush", "Straight Flush"),
    ("a straight", "Straight"),
    ("a flush", "Flush"),
    ("a full house", "Full House"),
    ("four of a kind", "Four of a Kind"),
)


def stated_category(stated: pl.Expr) -> pl.Expr:
    """The category a log's hand name gives (null when the wording is not one we know).

    >>> names = pl.Series(["a full house, Sevens full of Jacks", "HI: two pair, Aces and Fives",
    ...                    "a Royal Flush", "a straight, Five to Nine", "lucky"])
    >>> pl.select(stated_category(pl.lit(names))).to_series().to_list()
    ['Full House', 'Two Pair', 'Straight Flush', 'Straight', None]
    """
    lowered = stated.str.strip_chars().str.to_lowercase().str.strip_prefix("hi: ")
    result: pl.Expr = pl.lit(None, dtype=pl.String)
    for prefix, name in reversed(_STATED_PREFIXES):
        result = pl.when(lowered.str.starts_with(prefix)).then(pl.lit(name)).otherwise(result)
    return result


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


def audit_pots(log: HandLog) -> pl.DataFrame:
    """Issues (code ``pot_disagreement``) for hands whose awards differ from the replay."""
    return audit_pots_with_counts(log)[0]


def strengths_of(cards: pl.Series, sizes: tuple[int, ...] = (5, 6, 7)) -> pl.Series:
    """Strength of each text of 5 to 7 distinct cards (``"Ah Kh 2c 7d Kd"``), else null;
    ``sizes`` narrows the card counts scored.

    >>> texts = ["As Ks Qs Js 10s", "Ah Ah 2c 3d 4h", None, "Ah", "as ks qs js ts"]
    >>> strengths_of(pl.Series(texts)).to_list()
    [7461, None, None, None, 7461]
    """
    tokens = cards.fill_null("").str.strip_chars().str.split(" ")
    lengths = tokens.list.len().to_numpy().astype(np.int64)
    ids = (
        tokens.explode()
        .replace_strict(_CARD_IDS, default=_NO_CARD, return_dtype=pl.UInt8)
        .to_numpy()
    )
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    result = np.full(len(cards), -1, dtype=np.int32)
    for k in sizes:
        rows = np.flatnonzero(lengths == k)
        if rows.size == 0:
            continue
        matrix = ids[starts[rows, None] + np.arange(k)]
        ordered = np.sort(matrix, axis=1)
        good = (ordered[:, -1] != _NO_CARD) & (np.diff(ordered, axis=1) != 0).all(axis=1)
        if good.any():
            result[rows[good]] = evaluator.evaluate(matrix[good], check=False)
    return pl.Series(cards.name, result).replace(-1, None).cast(pl.UInt16)


def audit_pots_with_counts(log: HandLog) -> tuple[pl.DataFrame, PotAuditCounts]:
    """Replay every showdown's pots; return the issues and the counts.

    Amounts are handled in hundredths so cents and chips are both exact.
    """
    rows = log.rows
    counts = PotAuditCounts(hands=rows["hand_id"].n_unique() if rows.height else 0)
    issues = Issues()
    if rows.height == 0:
        return issues.frame(), counts
    names = _hand_name_issues(rows, counts)
    issues_frame, counts = _audit(rows, counts, issues)
    return pl.concat([issues_frame, names]).sort("line", maintain_order=True), counts


def _hand_name_issues(rows: pl.DataFrame, counts: PotAuditCounts) -> pl.DataFrame:
    """An issue for each shown hand whose category, as the log names it, is not ours."""
    if "stated_hand" not in rows.columns:
        return Issues().frame()
    named = rows.filter(pl.col("stated_hand").is_not_null() & pl.col("hole").is_not_null())
    cards = named.select(
        pl.concat_str(pl.col("hole"), pl.col("board").fill_null(""), separator=" ")
    ).to_series()
    named = named.with_columns(
        stated_category(pl.col("stated_hand")).alias("stated_category"),
        strengths_of(cards).alias("strength"),
    ).filter(pl.col("stated_category").is_not_null() & pl.col("strength").is_not_null())
    if named.height == 0:
        return Issues().frame()
    ours = pl.Series(evaluator.category_names(named["strength"].to_numpy()), dtype=pl.String)
    named = named.with_columns(ours.alias("ours"))
    family = pl.col("ours").replace("Royal Flush", "Straight Flush")
    wrong = named.filter(family != pl.col("stated_category"))
    counts.names_checked += named.height
    counts.name_disagreements += wrong.height
    if wrong.height == 0:
        return Issues().frame()
    return wrong.select(
        "line",
        "hand_id",
        pl.lit("hand").alias("column"),
        pl.col("stated_hand").alias("value"),
        pl.lit("hand_name_disagreement").alias("code"),
        pl.format(
            "hand {}: the log names {}'s {} '{}' ({}); the evaluator makes it {}",
            "hand_id",
            "player",
            pl.concat_str("hole", "board", separator=" ").str.strip_chars(),
            "stated_hand",
            "stated_category",
            "ours",
        ).alias("message"),
    )


def _audit(
    rows: pl.DataFrame, counts: PotAuditCounts, issues: Issues
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
    cards = hands.select(
        pl.when(shown).then(pl.concat_str("hole", "board", separator=" ")).alias("cards")
    ).to_series()
    hands = hands.with_columns(strengths_of(cards, sizes=(7,)).alias("strength"))
    complex_hands = _audit_single_pots(hands, counts)
    if complex_hands.height == 0:
        return issues.frame(), counts
    strengths = complex_hands["strength"].to_list()
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
        _audit_hand(columns, strengths, start, end, counts, issues)
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
    single = cents.filter(pl.col("levels") == 1)
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
