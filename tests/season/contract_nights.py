"""Scored Parquet nights with the data contract's columns (``site``, ``played_at``, ``currency``,
``big_blind``, ``net``, ...), written by the tests themselves: the season must read them
whether or not the job writing them has landed."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

UTC = dt.UTC


@dataclass(frozen=True)
class Seat:
    """One player's row in a hand."""

    player: str
    winner: bool = False
    net: float | None = None
    folded: bool = False
    share: float | None = None
    win_turn: float | None = None


@dataclass(frozen=True)
class Hand:
    """One hand (a round) and its seats."""

    round: str
    seats: Sequence[Seat]
    played_at: dt.datetime | None = None
    time_zone: str | None = None
    site: str | None = None
    tournament: str | None = None
    currency: str | None = None
    big_blind: float | None = None
    format: str | None = None
    game: str = "Hold'em"
    extra: dict[str, object] = field(default_factory=dict)


def night_frame(hands: Sequence[Hand], source_file: str = "night.txt") -> pl.DataFrame:
    """The scored rows of ``hands`` as the job's poker Parquet holds them (contract names)."""
    records: list[dict[str, object]] = []
    for hand in hands:
        winners = sum(seat.winner for seat in hand.seats)
        for seat in hand.seats:
            share = seat.share
            if share is None:
                share = (1 / winners) if seat.winner else 0.0
            records.append(
                {
                    "source_file": source_file,
                    "sheet": None,
                    "game": hand.game,
                    "tournament": hand.tournament,
                    "round": hand.round,
                    "player": seat.player,
                    "cards": "Ah Kh" if seat.folded else "Ah Kh 2c 3d 4s 9h Td",
                    "folded": seat.folded,
                    "strength": None if seat.folded else 100,
                    "hand_detail": None if seat.folded else "High Card (Ace)",
                    "winner": seat.winner,
                    "share": share,
                    "win_turn": seat.win_turn,
                    "site": hand.site,
                    "played_at": hand.played_at,
                    "time_zone": hand.time_zone,
                    "currency": hand.currency,
                    "small_blind": None if hand.big_blind is None else hand.big_blind / 2,
                    "big_blind": hand.big_blind,
                    "format": hand.format,
                    "net": seat.net,
                    "issue_code": None,
                    **hand.extra,
                }
            )
    return pl.DataFrame(
        records,
        schema_overrides={
            "sheet": pl.String(),
            "tournament": pl.String(),
            "strength": pl.UInt16(),
            "hand_detail": pl.String(),
            "share": pl.Float64(),
            "win_turn": pl.Float64(),
            "site": pl.String(),
            "played_at": pl.Datetime("us", "UTC"),
            "time_zone": pl.String(),
            "currency": pl.String(),
            "small_blind": pl.Float64(),
            "big_blind": pl.Float64(),
            "format": pl.String(),
            "net": pl.Float64(),
            "issue_code": pl.String(),
        },
    )


def write_night(path: Path, hands: Sequence[Hand], source_file: str | None = None) -> Path:
    """Write ``hands`` as one scored Parquet night at ``path``; returns ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    night_frame(hands, source_file or path.name.split(".poker")[0]).write_parquet(path)
    return path


def at(text: str) -> dt.datetime:
    """A UTC instant from ISO text (``2021-07-31 03:30``)."""
    return dt.datetime.fromisoformat(text).replace(tzinfo=UTC)
