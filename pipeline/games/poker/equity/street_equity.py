"""Win probabilities per street, exact, as a TV broadcast shows them.

Before the flop, on the flop and on the turn a broadcast shows each player still in the hand
with their chance to win the pot (ties shared) over every way the rest of the board can fall.
:func:`street_equities` adds those figures to one row per player per round, under each round's
game (Omaha, short deck, Omaha Hi/Lo's expected share of the pot);
:func:`pipeline.games.poker.equity.swings.biggest_swings` picks, per round, the lowest figure the
river winner was shown: the bad beat for the Summary sheet.

Who is shown at a street is who went on to the next one: before the flop, the players who saw
the flop or never folded; on the flop, those who saw the turn or never folded; on the turn,
those who saw the river or never folded.  A player who folded before the flop is shown nowhere.
As on television, only the shown players' hole cards and the board are known: the hands of
players who folded earlier stay in the deck (they were not turned face up), so the figures are
what a viewer was shown, not what an all-knowing dealer would compute.

>>> import polars as pl
>>> from pipeline.core.cards import parse_cards
>>> rows = pl.DataFrame({
...     "tournament": [None] * 3, "round": ["1"] * 3, "player": ["Ann", "Bob", "Cy"],
...     "hole_ids": [parse_cards(h).tolist() for h in (["Ah", "Kh"], ["Qs", "Qc"], ["7d", "2c"])],
...     "board_ids": [parse_cards(b).tolist() for b in (
...         ["2h", "7h", "9d", "Qd", "3h"], ["2h", "7h", "9d", "Qd", "3h"], [])],
...     "folded": [False, False, True]},
...     schema_overrides={"hole_ids": pl.List(pl.UInt8), "board_ids": pl.List(pl.UInt8)})
>>> frame = street_equities(rows)
>>> frame.select("player", "win_preflop", "win_flop", "win_turn").with_columns(
...     pl.col("^win_.*$").round(2)).rows()
[('Ann', 46.21, 54.14, 15.91), ('Bob', 53.79, 45.86, 84.09), ('Cy', None, None, None)]
>>> from pipeline.games.poker.equity.swings import biggest_swings
>>> biggest_swings(frame).with_columns(pl.col("lowest_equity").round(2)).rows()
[(None, '1', 'Ann', 15.91, 'turn')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

import numpy as np
import polars as pl
from numpy.typing import NDArray

from pipeline.core.probability.equity import equity
from pipeline.core.probability.turn_equity import turn_equities
from pipeline.core.rules import HOLDEM, HandRules
from pipeline.games.base import SPREAD_SECONDS, ChunkMap
from pipeline.games.poker.equity.equity_cost import boards_left, call_seconds_model
from pipeline.games.poker.scoring.expressions import card_matrix
from pipeline.games.poker.variants import DEFAULT_RULES, HOLDEM_NAME

STREETS = ("preflop", "flop", "turn")
EQUITY_COLUMNS = ("win_preflop", "win_flop", "win_turn")
STREET_CARDS = (0, 3, 4)
"""Community cards known at each street."""
ROUND_KEY = ["tournament", "round"]
SWING_SCHEMA = {
    "tournament": pl.String,
    "round": pl.String,
    "player": pl.String,
    "lowest_equity": pl.Float64,
    "street": pl.String,
}

MAX_SHOWN = 23  # more players than any deck can deal two cards to

_ROW = "__street_equity_row"


def _round_tables(
    rows: pl.DataFrame, rules_of_game: Mapping[str, HandRules]
) -> tuple[pl.DataFrame, NDArray[np.uint8], NDArray[np.int64], list[HandRules]]:
    """Per round: its rows, its board and its game's rules; per row: hole cards (padded) and
    the board cards it saw.

    The round's board is the longest ``board_ids`` of the round (rows share a prefix); its game
    the ``game`` of its first row (Hold'em without the column: every row of a round is one
    game, the validation says so).
    """
    missing = [
        name
        for name in ("tournament", "round", "hole_ids", "board_ids", "folded")
        if name not in rows.columns
    ]
    if missing:
        msg = f"street equities need the columns {missing!r}"
        raise ValueError(msg)
    game = pl.col("game").fill_null(HOLDEM_NAME) if "game" in rows.columns else HOLDEM_NAME
    indexed = rows.select(
        pl.int_range(pl.len(), dtype=pl.Int64).alias(_ROW),
        pl.col(ROUND_KEY),
        pl.col("board_ids").list.len().alias("seen"),
        pl.col("board_ids"),
        pl.lit(game).alias("_game") if isinstance(game, str) else game.alias("_game"),
    )
    rounds = indexed.group_by(ROUND_KEY, maintain_order=True).agg(
        pl.col(_ROW),
        pl.col("board_ids").sort_by("seen", descending=True).first().alias("board"),
        pl.col("_game").first(),
    )
    widest = max((rules.hole_cards for rules in rules_of_game.values()), default=2)
    holes, _ = card_matrix(rows["hole_ids"], widest)
    seen = rows["board_ids"].list.len().to_numpy().astype(np.int64)
    round_rules = [rules_of_game.get(name, HOLDEM) for name in rounds["_game"].to_list()]
    return rounds, holes, seen, round_rules


def _in_at_streets(seen: NDArray[np.int64], folded: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """``(streets, rows)``: who is shown at each street (went on to the next, or never folded)."""
    return np.stack(
        [(seen >= cards + (3 if cards == 0 else 1)) | ~folded for cards in STREET_CARDS]
    )


class EquityJob(NamedTuple):
    """One deal to compute: the shown players' hole cards (sorted), the board known at the
    street, the preflop samples (``None``: exact), the round's seed, its game's rules and the
    cards out of the deck besides (a side pot's: the hands face up that do not contest it)."""

    hands: NDArray[np.uint8]
    known: NDArray[np.uint8]
    samples: int | None
    seed: int
    rules: HandRules = HOLDEM
    dead: NDArray[np.uint8] = np.empty(0, dtype=np.uint8)


def equity_of_jobs(jobs: Sequence[EquityJob]) -> list[NDArray[np.float64]]:
    """Each job's equities in percent, in order: one :func:`pipeline.core.probability.equity.equity`
    call per preflop or flop deal, every turn deal in one
    :func:`pipeline.core.probability.turn_equity.turn_equities` call.  A job's figures depend on the
    job alone, so any split of a list of jobs into chunks gives the same figures, bit for bit.

    >>> from pipeline.core.cards import parse_cards
    >>> job = EquityJob(parse_cards([["As", "Ad"], ["Kc", "Kd"]]),
    ...                 parse_cards(["Ah", "Kh", "2c", "3d"]), None, 0)
    >>> [round(value, 2) for value in equity_of_jobs([job])[0].tolist()]
    [97.73, 2.27]
    """
    figures: list[NDArray[np.float64]] = [np.empty(0)] * len(jobs)
    # Hold'em's turns are scored together; another game's deals (or a deal with dead cards) one
    # call each, under its rules
    turn = [
        index
        for index, job in enumerate(jobs)
        if len(job.known) == STREET_CARDS[-1] and job.rules == HOLDEM and not len(job.dead)
    ]
    batched = set(turn)
    for index, job in enumerate(jobs):
        if index not in batched:
            result = equity(
                job.hands,
                job.known,
                job.dead,
                samples=job.samples,
                seed=job.seed,
                rules=job.rules,
            )
            figures[index] = 100 * result.equity
    if turn:
        turn_figures = turn_equities(
            [jobs[index].hands for index in turn], np.stack([jobs[index].known for index in turn])
        )
        for index, fractions in zip(turn, turn_figures, strict=True):
            figures[index] = 100 * fractions
    return figures


def street_equities(
    rows: pl.DataFrame,
    *,
    rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES,
    samples: int | None = None,
    seed: int = 0,
    map_chunks: ChunkMap | None = None,
    chunk_seconds: float = SPREAD_SECONDS,
) -> pl.DataFrame:
    """Add ``win_preflop``, ``win_flop`` and ``win_turn``: each player's equity in percent.

    ``rows`` holds one row per player per round with ``tournament``, ``round``, ``hole_ids``
    (two card ids), ``board_ids`` (the community cards this player saw: 0, 3, 4 or 5) and
    ``folded`` (null counts as not folded).  The equity (win plus the player's share of tied
    pots, 0..100) at a street is among the players shown there, over every completion of the
    round's board from that street on.  It is null for a player not shown, for a street the
    round's board never reached, and when fewer than two players are shown.

    ``samples`` replaces enumeration before the flop (up to 1,712,304 boards) by that many
    boards drawn uniformly with replacement, seeded per round from ``seed``; the 95 % margin of
    a figure is then at most ``196 * sqrt(0.25 / samples)`` points (0.31 at 100,000).  Flop and
    turn are always exact (at most 1,081 and 46 boards).

    Work is shared: a round is one call of :func:`pipeline.core.probability.equity.equity` per
    street before the turn, scored for all its players on all boards at once; the turn deals of all
    rounds (at most 46 boards each, where a call per deal would be mostly overhead) are scored
    together by :func:`pipeline.core.probability.turn_equity.turn_equities`, with identical figures;
    identical deals (same hands, same board) are computed once.

    ``map_chunks`` spreads the work: when the forecast (:func:`estimate_seconds`) is above
    ``chunk_seconds``, the deals are cut into chunks of whole rounds of about that much work
    each, and ``map_chunks(equity_of_jobs, chunks)`` computes them (on a cluster's workers, say).
    The figures are the same as without it, bit for bit.

    >>> import polars as pl
    >>> rows = pl.DataFrame({"tournament": ["T"] * 2, "round": ["9"] * 2,
    ...     "hole_ids": [[48, 49], [44, 45]], "board_ids": [[], []], "folded": [False, True]},
    ...     schema_overrides={"hole_ids": pl.List(pl.UInt8), "board_ids": pl.List(pl.UInt8)})
    >>> street_equities(rows)["win_preflop"].to_list()  # only one player shown: no figure
    [None, None]
    """
    rounds, holes, seen, round_rules = _round_tables(rows, rules_of_game)
    folded = rows["folded"].fill_null(False).to_numpy().astype(bool)
    shown = _in_at_streets(seen, folded)
    round_seeds = np.random.default_rng(seed).integers(0, 2**63, size=rounds.height)
    # Plan first: every distinct deal becomes one job, created by the first round that deals it
    # (with that round's seed), so the figures do not depend on how the jobs are computed.
    job_of_deal: dict[tuple[bytes, bytes, HandRules], int] = {}
    jobs: list[EquityJob] = []
    job_round: list[int] = []
    placements: list[tuple[int, NDArray[np.int64], int]] = []  # street, rows, job
    for number, (members, board) in enumerate(
        zip(rounds[_ROW].to_list(), rounds["board"].to_list(), strict=True)
    ):
        at = np.asarray(members, dtype=np.int64)
        round_board = np.asarray(board or [], dtype=np.uint8)
        rules = round_rules[number]
        for street, cards in enumerate(STREET_CARDS):
            if len(round_board) < cards:
                break
            players = at[shown[street, at]]
            if len(players) < 2:
                continue
            hands = holes[players, : rules.hole_cards]
            order = np.lexsort(hands.T[::-1])
            known = round_board[:cards]
            key = (hands[order].tobytes(), known.tobytes(), rules)
            if key not in job_of_deal:
                job_of_deal[key] = len(jobs)
                street_samples = samples if cards == 0 else None
                seed_of_round = int(round_seeds[number])
                jobs.append(EquityJob(hands[order], known, street_samples, seed_of_round, rules))
                job_round.append(number)
            placements.append((street, players[order], job_of_deal[key]))
    chunks = _chunks_of_rounds(jobs, job_round, chunk_seconds) if map_chunks else [jobs]
    if len(chunks) > 1 and map_chunks is not None:
        results = [figure for chunk in map_chunks(equity_of_jobs, chunks) for figure in chunk]
    else:
        results = equity_of_jobs(jobs)
    figures = np.full((len(STREETS), rows.height), np.nan)
    for street, players, job in placements:
        figures[street, players] = results[job]
    return rows.with_columns(
        pl.Series(name, values, dtype=pl.Float64, nan_to_null=True)
        for name, values in zip(EQUITY_COLUMNS, figures, strict=True)
    )


def job_seconds(job: EquityJob) -> float:
    """The cost model of :func:`estimate_seconds` for one job (a turn deal has no call cost:
    they are scored together)."""
    players, cards = len(job.hands), len(job.known)
    every = boards_left(job.rules, players, cards)
    boards = every if job.samples is None else min(every, job.samples)
    sampled = boards < every  # the core enumerates when asked for as many samples as boards
    batched = cards == STREET_CARDS[-1] and job.rules == HOLDEM and not len(job.dead)
    return call_seconds_model(job.rules, players, boards, sampled=sampled, batched=batched)


def _chunks_of_rounds(
    jobs: list[EquityJob], job_round: list[int], chunk_seconds: float
) -> list[list[EquityJob]]:
    """The jobs cut, at round boundaries only, into chunks of about ``chunk_seconds`` of work
    each (one chunk when all of it is less).  Jobs are in round order."""
    chunks: list[list[EquityJob]] = []
    current: list[EquityJob] = []
    work = 0.0
    for index, job in enumerate(jobs):
        starts_round = index == 0 or job_round[index] != job_round[index - 1]
        if starts_round and current and work >= chunk_seconds:
            chunks.append(current)
            current, work = [], 0.0
        current.append(job)
        work += job_seconds(job)
    if current:
        chunks.append(current)
    return chunks


def estimate_seconds(
    rows: pl.DataFrame,
    *,
    samples: int | None = None,
    rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES,
) -> float:
    """A cheap forecast of the seconds :func:`street_equities` will take on ``rows``.

    Per round and street with two or more players shown, one call of
    :func:`pipeline.core.probability.equity.equity` on ``C(deck, 5 - known)`` boards (``samples``
    before the flop when given), priced by
    :func:`pipeline.games.poker.equity.equity_cost.call_seconds_model` under the round's game
    (measured on one core of a shared Xeon VM; scale for other machines).  Nothing is
    enumerated, so a nightly job can call it first and choose ``samples`` to fit its budget.
    Heads-up preflop exact is 1,712,304 boards, about 0.05 s in Hold'em; Omaha Hi/Lo's
    1,086,008 boards cost about four times that.

    >>> import polars as pl
    >>> rows = pl.DataFrame({"tournament": ["T"] * 2, "round": ["1"] * 2,
    ...     "hole_ids": [[48, 49], [44, 45]], "board_ids": [[], []], "folded": [False, False]},
    ...     schema_overrides={"hole_ids": pl.List(pl.UInt8), "board_ids": pl.List(pl.UInt8)})
    >>> round(estimate_seconds(rows), 3), round(estimate_seconds(rows, samples=10_000), 4)
    (0.045, 0.0024)
    """
    rounds, _, seen, round_rules = _round_tables(rows, rules_of_game)
    folded = rows["folded"].fill_null(False).to_numpy().astype(bool)
    shown = _in_at_streets(seen, folded)
    board_length = np.zeros(rows.height, dtype=np.int64)
    round_of_row = np.zeros(rows.height, dtype=np.int64)
    for number, (members, board) in enumerate(
        zip(rounds[_ROW].to_list(), rounds["board"].to_list(), strict=True)
    ):
        round_of_row[members] = number
        board_length[members] = len(board or [])
    distinct = list(dict.fromkeys(round_rules))
    game_of_round = np.array([distinct.index(rules) for rules in round_rules], dtype=np.int64)
    seconds = 0.0
    for street, cards in enumerate(STREET_CARDS):
        players = np.bincount(round_of_row[shown[street]], minlength=rounds.height)
        reached = np.zeros(rounds.height, dtype=bool)
        reached[round_of_row] = board_length >= cards
        counted = reached & (players >= 2)
        # one price per game and number of players shown: np.unique of (game, players)
        keys = game_of_round[counted] * (MAX_SHOWN + 1) + players[counted]
        for key, calls in zip(*np.unique(keys, return_counts=True), strict=True):
            rules, count = distinct[int(key) // (MAX_SHOWN + 1)], int(key) % (MAX_SHOWN + 1)
            every = boards_left(rules, count, cards)
            boards = every if cards or samples is None else min(every, samples)
            model = call_seconds_model(rules, count, boards, sampled=boards < every)
            seconds += int(calls) * model
    return seconds
