"""Win probabilities per street in the games with face-up cards (Stud, Stud Hi/Lo, Razz).

A stud hand is dealt two down, one up (third street), three more up (fourth to sixth street)
and the last down; a round sheet's ``cards`` lists them in that order.  On each street from
third to sixth, each player who went on to the next street is shown with the chance to win
the pot (ties and halves shared) over every way the cards still to come can be dealt, as a
broadcast shows it: the shown players' cards so far (down cards too) are known, and every up
card a folded player showed is out of the deck (dead cards count).  The game's rules say
which cards are dealt face up (``HandRules.face_up``), so nothing here names a game.

A street is enumerated when it has at most :data:`EXACT_DEALS` deals (sixth street always,
fifth street heads-up: 671,580), else ``samples`` deals are drawn, seeded per round (95 %
margin at most ``196 * sqrt(0.25 / samples)`` points): third and fourth street, and fifth
with three or more players.  Draw games have no face-up cards and no figures.

>>> import polars as pl
>>> from pipeline.core.cards import parse_cards
>>> rows = pl.DataFrame({"tournament": [None] * 3, "round": ["1"] * 3, "game": ["Razz"] * 3,
...     "player": ["Ann", "Bob", "Cy"],
...     "hole_ids": [parse_cards(h).tolist() for h in (
...         ["As", "2d", "3h", "4c", "5d", "Kh", "Kd"], ["Ks", "Qd", "Qh", "Qc", "Jd", "Js", "9c"],
...         ["7c", "8c", "6h", "Ts"])],
...     "folded": [False, False, True]},
...     schema_overrides={"hole_ids": pl.List(pl.UInt8), "tournament": pl.String})
>>> figures = stud_street_equities(rows, samples=2_000)
>>> figures.select("player", pl.col("win_fifth", "win_sixth").round(1)).rows()
[('Ann', 100.0, 100.0), ('Bob', 0.0, 0.0), ('Cy', None, None)]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import numpy as np
import polars as pl
from numpy.typing import NDArray

from pipeline.core.probability.stud_equity import stud_deals, stud_equity
from pipeline.core.rules import HandRules
from pipeline.games.poker.variants import DEFAULT_RULES

__all__ = [
    "EXACT_DEALS",
    "STUD_EQUITY_COLUMNS",
    "UP_IDS",
    "estimate_stud_seconds",
    "stud_street_equities",
]

_ORDINALS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh")
STUD_EQUITY_COLUMNS = ("win_third", "win_fourth", "win_fifth", "win_sixth")
"""The figures' columns, one per street with a face-up card (cards known 3 to 6)."""
UP_IDS = "up_ids"
"""An optional column of :func:`stud_street_equities`' rows: the face-up cards (ids, in the
order dealt, as far as dealt) of a player whose ``hole_ids`` are unknown (a hand log's player
who folded or mucked without showing): dead cards from the street each was dealt on."""
EXACT_DEALS = 1_000_000
"""A street of at most this many deals is enumerated; a larger one is sampled."""
ROUND_KEY = ["tournament", "round"]

# Cost model (one core of the shared 2-core VM, the C loop): a call, each player's hand of
# each deal scored, each card drawn for a sampled deal.
_CALL_SECONDS = 0.002
_HAND_SECONDS = 1.6e-7
_DRAWN_CARD_SECONDS = 2e-8


class StudJob(NamedTuple):
    """One street of one round: the shown players' rows and cards, the dead cards, the game's
    rules, the samples (``None``: enumerated) and the seed."""

    column: str
    players: NDArray[np.int64]
    known: NDArray[np.uint8]
    dead: NDArray[np.uint8]
    rules: HandRules
    samples: int | None
    seed: int


def _street_jobs(
    rows: pl.DataFrame, rules_of_game: Mapping[str, HandRules], samples: int, seed: int
) -> list[StudJob]:
    """Every street of every round of a game with face-up cards that shows two players."""
    indexed = rows.select(pl.int_range(pl.len(), dtype=pl.Int64).alias("_row"), *ROUND_KEY, "game")
    rounds = indexed.group_by(ROUND_KEY, maintain_order=True).agg(
        pl.col("_row"), pl.col("game").first()
    )
    cards = rows["hole_ids"].to_list()
    folded = rows["folded"].fill_null(False).to_list()
    # a log's player whose cards were never shown: the up cards seen, as far as dealt
    seen_up = rows["up_ids"].to_list() if UP_IDS in rows.columns else [None] * rows.height
    round_seeds = np.random.default_rng(seed).integers(0, 2**62, size=max(rounds.height, 1))
    jobs: list[StudJob] = []
    for number, (members, game) in enumerate(rounds.select("_row", "game").iter_rows()):
        rules = rules_of_game.get(game) if game is not None else None
        if rules is None or not rules.face_up:
            continue
        for place in rules.face_up:
            known_count = place + 1
            column = f"win_{_ORDINALS[known_count]}"
            if column not in STUD_EQUITY_COLUMNS:
                continue
            held = {row: list(cards[row] or []) for row in members}
            # shown: went on to the next street (holds more cards) or never folded
            shown = [
                row
                for row in members
                if len(held[row]) >= known_count
                and (len(held[row]) > known_count or not folded[row])
            ]
            if len(shown) < 2:
                continue
            up_so_far = sum(1 for up in rules.face_up if up < known_count)
            dead = [
                card
                for row in members
                if row not in shown
                for card in (
                    [c for p, c in enumerate(held[row][:known_count]) if p in rules.face_up]
                    if held[row]
                    else list(seen_up[row] or [])[:up_so_far]
                )
            ]
            known = np.array([held[row][:known_count] for row in shown], dtype=np.uint8)
            seen = known.size + len(dead)
            deals = stud_deals(len(shown), known_count, seen, rules)
            jobs.append(
                StudJob(
                    column,
                    np.array(shown, dtype=np.int64),
                    known,
                    np.array(dead, dtype=np.uint8),
                    rules,
                    None if deals <= EXACT_DEALS else samples,
                    int(round_seeds[number]) + known_count,
                )
            )
    return jobs


def _job_seconds(job: StudJob) -> float:
    players, known = int(job.known.shape[0]), int(job.known.shape[1])
    deals = stud_deals(players, known, players * known + len(job.dead), job.rules)
    scored = deals if job.samples is None else min(deals, job.samples)
    drawn = 0 if job.samples is None else (job.rules.hole_cards - known) * players
    return _CALL_SECONDS + scored * (players * _HAND_SECONDS + drawn * _DRAWN_CARD_SECONDS)


def estimate_stud_seconds(
    rows: pl.DataFrame,
    *,
    samples: int,
    rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES,
) -> float:
    """A forecast of :func:`stud_street_equities`'s seconds on ``rows`` (nothing computed).

    >>> import polars as pl
    >>> rows = pl.DataFrame({"tournament": ["T"] * 2, "round": ["1"] * 2, "game": ["Razz"] * 2,
    ...     "hole_ids": [list(range(7)), list(range(7, 14))], "folded": [False, False]},
    ...     schema_overrides={"hole_ids": pl.List(pl.UInt8)})
    >>> round(estimate_stud_seconds(rows, samples=20_000), 2)
    0.24
    """
    if rows.height == 0 or "game" not in rows.columns:
        return 0.0
    jobs = _street_jobs(rows, rules_of_game, samples, 0)
    return float(sum(_job_seconds(job) for job in jobs))


def stud_street_equities(
    rows: pl.DataFrame,
    *,
    rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES,
    samples: int = 20_000,
    seed: int = 0,
) -> pl.DataFrame:
    """Add ``win_third`` .. ``win_sixth``: each shown player's equity in percent (0..100)
    per street, null for a player not shown, a round of a game without face-up cards, and a
    street showing fewer than two players.

    ``rows`` holds one row per player per round with ``tournament``, ``round``, ``game`` (a
    canonical name), ``hole_ids`` (the player's cards in the order dealt: the cards held at
    the showdown, or when the player folded) and ``folded``; optionally :data:`UP_IDS`, the
    face-up cards of a row whose ``hole_ids`` are null or empty (a log's player who never
    showed): they are dead, each from the street it was dealt on, and the row gets no figure.
    """
    figures = np.full((len(STUD_EQUITY_COLUMNS), rows.height), np.nan)
    if rows.height and "game" in rows.columns:
        for job in _street_jobs(rows, rules_of_game, samples, seed):
            result = stud_equity(
                job.known, job.dead, rules=job.rules, samples=job.samples, seed=job.seed
            )
            street = STUD_EQUITY_COLUMNS.index(job.column)
            figures[street, job.players] = 100 * result.equity
    return rows.with_columns(
        pl.Series(name, values, dtype=pl.Float64, nan_to_null=True)
        for name, values in zip(STUD_EQUITY_COLUMNS, figures, strict=True)
    )
