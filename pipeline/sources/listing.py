"""The quiz's plain-text listing: one line per player (two hole cards, then the board seen),
rounds separated by blank lines.  Recognised by content: every line is card tokens only."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from pipeline.sources.base import HeaderTest, RawSheet, SourceFile, decode_text

LISTING_SHEET = "listing"
# A line of card-like tokens (rank then suit, any case, 10 too); bad suits still count so that
# a listing with a typo is read as a listing and the typo reported, not read as a CSV.
_CARD_LINE = re.compile(r"^\s*(?:(?:10|[2-9TJQKA])[A-Za-z\u2660-\u2667]\s*)+$", re.IGNORECASE)


@dataclass(frozen=True)
class ListingSource:
    """Ruby Quiz #24's listing."""

    name: str = "listing"

    def sniff(self, head: bytes) -> bool:
        lines = decode_text(head).splitlines()
        if len(lines) > 1 and not head.endswith(b"\n"):
            lines.pop()  # cut off by the sniff window
        lines = [line for line in lines if line.strip()]
        return bool(lines) and all(_CARD_LINE.match(line) for line in lines)

    def read(self, path: Path, source: SourceFile, is_header: HeaderTest | None) -> None:
        source.sheets.append(read_listing(path, source.data()))


def read_listing(path: Path, data: bytes | None = None) -> RawSheet:
    """The quiz's listing as a players table: ``round`` (counted from 1), ``cards`` per line."""
    rounds: list[str] = []
    cards: list[str] = []
    excel_rows: list[int] = []
    round_number = 0
    previous_blank = True
    text = decode_text(path.read_bytes() if data is None else data)
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            previous_blank = True
            continue
        if previous_blank:
            round_number += 1
            previous_blank = False
        rounds.append(str(round_number))
        cards.append(line.strip())
        excel_rows.append(number)
    players = [f"player {index}" for index in _position_in_round(rounds)]
    frame = pl.DataFrame(
        {"round": rounds, "player": players, "cards": cards},
        schema={"round": pl.String, "player": pl.String, "cards": pl.String},
    )
    return RawSheet(LISTING_SHEET, frame, excel_rows, 0, {"round": 1, "player": 2, "cards": 3})


def _position_in_round(rounds: list[str]) -> list[int]:
    positions: list[int] = []
    for index, round_id in enumerate(rounds):
        same = index > 0 and rounds[index - 1] == round_id
        positions.append(positions[-1] + 1 if same else 1)
    return positions
