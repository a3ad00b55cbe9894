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

import numpy as np
import polars as pl

from pipeline.core.rules import HOLDEM, HandRules
from pipeline.games.poker.equity.street_equity import STREET_CARDS, EquityJob, equity_of_jobs
from pipeline.games.poker.pots.pot_split import pots_by_contribution
from pipeline.games.poker.scoring.expressions import card_matrix
from pipeline.games.poker.stats.tracker_stats import HAND, STREETS
from pipeline.games.poker.variants import DEFAULT_RULES, HOLDEM_NAME

NEEDED = ("hole_ids", "board_ids", "folded", "put_in", "all_in")


def with_all_in_ev(
    rows: pl.DataFrame,
    hand: Sequence[str] = HAND,
    rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES,
) -> pl.DataFrame:
    """``rows`` with ``all_in_ev`` (Float64) added; see the module doc.  Rows without the
    columns it needs (a round sheet has no ``put_in``) get nulls."""
    values = np.full(rows.height, np.nan)
    if all(name in rows.columns for name in NEEDED) and rows["all_in"].is_not_null().any():
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
        put_in = rows["put_in"].to_numpy().astype(np.float64)
        # hundredths of the log's amounts, as the pot audit counts them: every pot exact
        cents = np.rint(np.nan_to_num(put_in) * 100).astype(np.int64)
        jobs: list[EquityJob] = []
        placed: list[tuple[np.ndarray, int]] = []  # a pot's contenders (rows) and its cents
        figured: list[np.ndarray] = []  # the rows of each hand with a figure
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
            pots = pots_by_contribution(cents[everyone].tolist(), [not flag for flag in still])
            for pot in pots:
                contenders = everyone[pot.eligible]
                placed.append((contenders, pot.amount))
                if len(contenders) < 2:  # a pot nobody contests is its one player's
                    continue
                others = np.setdiff1d(players, contenders)
                dead = holes[others, : rules.hole_cards].ravel()
                hands_in = holes[contenders, : rules.hole_cards]
                jobs.append(EquityJob(hands_in, known, None, 0, rules, dead))
            figured.append(players)
        results = iter(equity_of_jobs(jobs))
        won = np.zeros(rows.height)
        for contenders, amount in placed:
            shares = next(results) / 100 if len(contenders) > 1 else np.ones(1)
            won[contenders] += shares * amount / 100
        for players in figured:
            values[players] = won[players] - put_in[players]
    return rows.with_columns(pl.Series("all_in_ev", values, dtype=pl.Float64, nan_to_null=True))
