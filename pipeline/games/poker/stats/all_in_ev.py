"""``all_in_ev``: what a player's all-in was worth, per player and hand (issue 33).

For a hand with an all-in and cards to come (the tracker column ``all_in``, the street of the
all-in) where every player still in has known hole cards, a player's ``all_in_ev`` is their
exact equity when the money went in, over every way the rest of the board can fall from the
board as it stood on that street, times the pot, minus what they put in: ``equity * pot -
put_in``, in the hand's ``currency``.  Null for a player who folded, and in every other hand.

The street is the latest ``all_in`` among the players still in (the moment the last of them
was all-in).  The pot is cut into the main pot and side pots by what each player put in
(:func:`pipeline.games.poker.pots.pot_split.pots_by_contribution`, the rule the pot audit
replays; uncalled bets are already returned, folded players' money fills the pots up to their
own contribution): a player's figure is the sum, over the pots they may win, of their equity
among **that pot's contenders** times the pot, so a short stack counts no money it could not
win.  The equity in a side pot is over the same runouts, the hands of the players who do not
contest it face up and out of the deck.  Equity is :func:`pipeline.core.probability.equity.equity`
under the hand's game (Hold'em, short deck, Omaha, Omaha Hi/Lo's expected share: each pot halved
only when its own contenders hold a low), exact.

>>> from pipeline.core.cards import parse_cards
>>> rows = pl.DataFrame({
...     "round": ["1", "1"], "player": ["Ann", "Bob"], "game": ["Hold'em"] * 2,
...     "hole_ids": parse_cards([["As", "Ah"], ["Ks", "Kd"]]).tolist(),
...     "board_ids": [[], []], "folded": [False, False],
...     "put_in": [100.0, 100.0], "all_in": ["preflop", None],
... }, schema_overrides={"hole_ids": pl.List(pl.UInt8), "board_ids": pl.List(pl.UInt8)})
>>> with_all_in_ev(rows, hand=("round",))["all_in_ev"].round(2).to_list()
[63.89, -63.89]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import polars as pl
from numpy.typing import NDArray

from pipeline.core.rules import HOLDEM, HandRules
from pipeline.games.base import EquityOptions
from pipeline.games.poker.equity.street_equity import (
    STREET_CARDS,
    EquityJob,
    equity_of_jobs,
    job_seconds,
)
from pipeline.games.poker.pots.pot_split import pots_by_contribution
from pipeline.games.poker.scoring.expressions import card_matrix
from pipeline.games.poker.stats.tracker_stats import HAND, STREETS
from pipeline.games.poker.variants import DEFAULT_RULES, HOLDEM_NAME

NEEDED = ("hole_ids", "board_ids", "folded", "put_in", "all_in")
EXACT = "exact: every runout"
NO_EQUITY = "empty: equity is off (--no-equity)"
HOW = "all_in_ev_how"
"""The scored rows' column saying how a hand's ``all_in_ev`` was found (:data:`EXACT`, or
sampled: :func:`sampled_how`) or why it is null (:data:`NO_EQUITY`, or over the budget:
:func:`over_budget_how`); null on a row of a hand without an all-in figure to find.  Not a
Parquet column: the Summary says it."""


def sampled_how(samples: int) -> str:
    """What :data:`HOW` says of a sheet whose preflop all-ins were sampled.

    >>> sampled_how(20_000)
    'preflop all-ins sampled: 20,000 boards each, seeded; equity within 0.69 points (95 %)'
    """
    margin = 196 * (0.25 / samples) ** 0.5
    return (
        f"preflop all-ins sampled: {samples:,} boards each, seeded; equity within "
        f"{margin:.2f} points (95 %)"
    )


def over_budget_how(seconds: float, budget: float) -> str:
    """What :data:`HOW` says of a sheet whose all-ins were left without a figure.

    >>> over_budget_how(312.4, 120)
    'empty: about 312 s of equity work, over the 120 s budget (--equity-budget)'
    """
    return (
        f"empty: about {seconds:.3g} s of equity work, over the {budget:g} s budget "
        "(--equity-budget)"
    )


@dataclass
class AllInPlan:
    """The equity work of a sheet's all-in hands: one job per pot with two contenders or more,
    each pot's contenders (rows) and its amount in hundredths, and the rows given a figure
    (the players still in of each hand with one)."""

    jobs: list[EquityJob] = field(default_factory=list)
    pots: list[tuple[NDArray[np.int64], int]] = field(default_factory=list)
    figured: list[NDArray[np.int64]] = field(default_factory=list)

    def seconds(self, samples: int | None = None) -> float:
        """The cost model's forecast of the jobs (``samples`` boards for a preflop job)."""
        return sum(
            job_seconds(job._replace(samples=samples if not len(job.known) else None))
            for job in self.jobs
        )


def plan_all_in_ev(
    rows: pl.DataFrame,
    hand: Sequence[str] = HAND,
    rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES,
) -> AllInPlan:
    """The pots and equity jobs of every hand of ``rows`` with an ``all_in`` and every player
    still in known (see the module doc); nothing is enumerated yet."""
    plan = AllInPlan()
    if not all(name in rows.columns for name in NEEDED) or rows["all_in"].is_null().all():
        return plan
    named = [name for name in hand if name in rows.columns]
    street = pl.col("all_in").replace_strict(
        list(STREETS), list(range(len(STREETS))), default=None, return_dtype=pl.Int64
    )
    still_in = ~pl.col("folded").fill_null(False)
    over: list[str | pl.Expr] = [*named] if named else [pl.lit(0)]
    game = pl.col("game").fill_null(HOLDEM_NAME) if "game" in rows.columns else HOLDEM_NAME
    indexed = rows.select(
        pl.int_range(pl.len(), dtype=pl.Int64).alias("_row"),
        street.filter(still_in).max().over(over).alias("_street"),
        still_in.alias("_in"),
        pl.lit(game).alias("_game") if isinstance(game, str) else game.alias("_game"),
        pl.struct(named).rank("dense").alias("_hand") if named else pl.lit(0).alias("_hand"),
    )
    hands = (
        indexed.filter(pl.col("_street").is_not_null())
        .group_by("_hand", maintain_order=True)
        .agg(
            pl.col("_row"),
            pl.col("_in"),
            pl.col("_street").first(),
            pl.col("_game").first(),
        )
    )
    widest = max((rules.hole_cards for rules in rules_of_game.values()), default=2)
    holes, lengths = card_matrix(rows["hole_ids"], widest)
    boards, board_lengths = card_matrix(rows["board_ids"], 5)
    # hundredths of the log's amounts, as the pot audit counts them: every pot exact
    put_in = np.nan_to_num(rows["put_in"].to_numpy().astype(np.float64))
    cents = np.rint(put_in * 100).astype(np.int64)
    for _, members, still, at_street, name in hands.iter_rows():
        everyone = np.asarray(members, dtype=np.int64)
        players = everyone[np.asarray(still, dtype=bool)]
        rules = rules_of_game.get(name, HOLDEM)
        cards = STREET_CARDS[at_street]
        # the longest board of the hand, as far as it stood on the all-in street
        longest = int(players[np.argmax(board_lengths[players])]) if len(players) else 0
        if (
            len(players) < 2
            or (lengths[players] != rules.hole_cards).any()
            or board_lengths[longest] < cards
        ):
            continue
        known = boards[longest, :cards]
        for pot in pots_by_contribution(cents[everyone].tolist(), [not flag for flag in still]):
            contenders = everyone[pot.eligible]
            plan.pots.append((contenders, pot.amount))
            if len(contenders) < 2:  # a pot nobody contests is its one player's
                continue
            others = np.setdiff1d(players, contenders)
            dead = holes[others, : rules.hole_cards].ravel()
            hands_in = holes[contenders, : rules.hole_cards]
            plan.jobs.append(EquityJob(hands_in, known, None, 0, rules, dead))
        plan.figured.append(players)
    return plan


def with_all_in_ev(
    rows: pl.DataFrame,
    hand: Sequence[str] = HAND,
    rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES,
    options: EquityOptions | None = None,
) -> pl.DataFrame:
    """``rows`` with ``all_in_ev`` (Float64) and :data:`HOW` added; see the module doc.  Rows
    without the columns it needs (a round sheet has no ``put_in``) get nulls.

    ``options`` are the job's equity options (default: on, the default budget), honoured as
    the street figures honour them: with equity off, every figure is null; exact when the
    forecast of the work (:meth:`AllInPlan.seconds`) fits ``budget_seconds``; else each
    preflop all-in is sampled on ``samples`` boards, seeded per hand from ``seed`` (an equity's
    95 % margin at most ``196 * sqrt(0.25 / samples)`` points), when that fits; else null.
    A flop or turn all-in is always exact (at most 1,081 boards).
    """
    options = options or EquityOptions()
    plan = plan_all_in_ev(rows, hand, rules_of_game)
    values = np.full(rows.height, np.nan)
    how = np.full(rows.height, None, dtype=object)
    if plan.figured:
        figured = np.concatenate(plan.figured)
        if not options.enabled:
            how[figured] = NO_EQUITY
        elif plan.seconds() <= options.budget_seconds:
            how[figured] = EXACT
            values = _figures(rows, plan, plan.jobs)
        elif plan.seconds(options.samples) <= options.budget_seconds:
            how[figured] = sampled_how(options.samples)
            seeds = np.random.default_rng(options.seed).integers(0, 2**63, size=len(plan.jobs))
            jobs = [
                job if len(job.known) else job._replace(samples=options.samples, seed=int(seed))
                for job, seed in zip(plan.jobs, seeds, strict=True)
            ]
            values = _figures(rows, plan, jobs)
        else:
            how[figured] = over_budget_how(plan.seconds(options.samples), options.budget_seconds)
    return rows.with_columns(
        pl.Series("all_in_ev", values, dtype=pl.Float64, nan_to_null=True),
        pl.Series(HOW, how.tolist(), dtype=pl.String),
    )


def _figures(rows: pl.DataFrame, plan: AllInPlan, jobs: list[EquityJob]) -> NDArray[np.float64]:
    """Each figured row's equity times the pots it may win, less what it put in."""
    put_in = np.nan_to_num(rows["put_in"].to_numpy().astype(np.float64))
    results = iter(equity_of_jobs(jobs))
    won = np.zeros(rows.height)
    for contenders, amount in plan.pots:
        shares = next(results) / 100 if len(contenders) > 1 else np.ones(1)
        won[contenders] += shares * amount / 100
    values = np.full(rows.height, np.nan)
    for players in plan.figured:
        values[players] = won[players] - put_in[players]
    return values
