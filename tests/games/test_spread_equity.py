"""Issue 15: a large sheet's street equities computed in chunks of whole rounds give the same
figures, bit for bit, as computed in one go."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import polars as pl

from pipeline.core.rules import OMAHA, OMAHA_HI_LO, SHORT_DECK_HOLDEM
from pipeline.games.generate import deal_holdem, street_rows
from pipeline.games.poker.equity.street_equity import EQUITY_COLUMNS, EquityJob, street_equities

CARD_LISTS = {"hole_ids": pl.List(pl.UInt8), "board_ids": pl.List(pl.UInt8)}
Chunk = TypeVar("Chunk")
Result = TypeVar("Result")


def night_rows(rounds: int, players: int, seed: int) -> pl.DataFrame:
    """One row per player per round of a generated night, as :func:`street_equities` reads."""
    return street_rows(deal_holdem(rounds=rounds, players=players, seed=seed), tournament="S")


class RecordingMap:
    """A map that computes each chunk here, in reverse order, and keeps the chunks it saw."""

    def __init__(self) -> None:
        self.chunks: list[list[EquityJob]] = []

    def __call__(
        self, function: Callable[[Chunk], Result], chunks: Sequence[Chunk], /
    ) -> list[Result]:
        self.chunks.extend(chunks)  # type: ignore[arg-type]
        return [function(chunk) for chunk in chunks[::-1]][::-1]


def test_chunks_of_rounds_give_the_figures_of_one_go() -> None:
    night = night_rows(rounds=12, players=4, seed=11)
    # Round 13 deals round 1's cards again: one job serves both, with round 1's seed.
    again = night.filter(pl.col("round") == "1").with_columns(pl.lit("13").alias("round"))
    rows = pl.concat([night, again])
    for samples in (None, 3_000):
        whole = street_equities(rows, samples=samples, seed=4)
        spread = RecordingMap()
        chunked = street_equities(
            rows, samples=samples, seed=4, map_chunks=spread, chunk_seconds=0.002
        )
        assert len(spread.chunks) > 2, samples
        for name in EQUITY_COLUMNS:
            assert whole[name].to_numpy().tobytes() == chunked[name].to_numpy().tobytes(), name
        # A round's deals all sit in one chunk: no board appears in two chunks with the same hands.
        owners: dict[bytes, int] = {}
        for number, chunk in enumerate(spread.chunks):
            for job in chunk:
                assert owners.setdefault(job.hands.tobytes(), number) == number


def test_small_work_stays_in_one_piece() -> None:
    rows = night_rows(rounds=3, players=3, seed=2)
    spread = RecordingMap()
    street_equities(rows, map_chunks=spread, chunk_seconds=60.0)
    assert spread.chunks == []  # one chunk: computed here, the map is not called


def test_chunks_of_other_games_give_the_figures_of_one_go() -> None:
    """Omaha, Omaha Hi/Lo and short deck rounds in one sheet: each chunk's jobs carry their
    round's rules, and the figures are those of one go, bit for bit."""
    nights: list[pl.DataFrame] = []
    games = {"Omaha": OMAHA, "Omaha Hi/Lo": OMAHA_HI_LO, "Short Deck": SHORT_DECK_HOLDEM}
    for game, rules in games.items():
        deal = deal_holdem(rounds=3, players=3, seed=len(nights), rules=rules)
        night = street_rows(deal, tournament=game).with_columns(pl.lit(game).alias("game"))
        nights.append(night)
    rows = pl.concat(nights)
    whole = street_equities(rows, samples=500)
    spread = RecordingMap()
    chunked = street_equities(rows, samples=500, map_chunks=spread, chunk_seconds=0.001)
    assert len(spread.chunks) > 2
    for name in EQUITY_COLUMNS:
        assert whole[name].to_numpy().tobytes() == chunked[name].to_numpy().tobytes(), name
    hole_cards = {job.rules.hole_cards for chunk in spread.chunks for job in chunk}
    assert hole_cards == {4, 2}
    assert all(job.hands.shape[1] == job.rules.hole_cards for c in spread.chunks for job in c)
