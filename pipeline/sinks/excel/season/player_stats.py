"""The season workbook's ``Player stats`` sheet: a block per game and currency, a row per
player, each tracker percentage beside its sample size (issue 33); a stud or draw game's block
shows its own streets (issue 34)."""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl
from openpyxl.worksheet.worksheet import Worksheet

from pipeline.records.betting_rounds import LATER_STREETS, betting_of
from pipeline.sinks.excel.season.layout import (
    planned_widths,
    print_sheet,
    set_widths,
    write_table,
    write_title,
)

PLAYER_STATS = "Player stats"
EMPTY = (
    "No hand-history nights in the season: the statistics come from the players' actions, "
    "which round sheets do not have."
)


def _title(game: str, currency: str | None) -> str:
    return f"{game} — {currency}" if currency is not None else game


def _block(table: pl.DataFrame, game: str, currency: str | None) -> pl.DataFrame:
    """The rows of ``game`` and ``currency``, without the columns of another game's streets
    (``AF fourth`` in a Hold'em block) or draws (``stand pat %`` outside the draw games)."""
    if table.is_empty() or "game" not in table.columns:
        return pl.DataFrame()
    mine = (pl.col("game") == game) & pl.col("currency").eq_missing(currency)
    betting = betting_of(game)
    others = [
        heading
        for street in LATER_STREETS
        if street not in betting.streets
        for heading in (f"AF {street}", f"AFq {street} %")
    ]
    if betting.family != "draw":
        others += ["stand pat %", "stand pat n"]
    return table.filter(mine).drop("game", "currency", *others, strict=False)


def player_stats_sheet(
    ws: Worksheet,
    table: pl.DataFrame,
    notes: Mapping[str, str],
    positions: pl.DataFrame | None = None,
    position_notes: Mapping[str, str] | None = None,
) -> None:
    """Write ``table`` (:func:`pipeline.season.player_stats.player_stats`) on ``ws``: a titled
    block per game and currency, notes on the headings (every ``... n`` heading the sample
    size's note), each followed by its ``By position`` block (``positions``,
    :func:`pipeline.season.player_stats.position_stats`) when given."""
    if table.is_empty() or "game" not in table.columns:
        write_title(ws, 1, EMPTY)
        print_sheet(ws)
        return
    keys = table.select("game", "currency").unique(maintain_order=True).rows()
    by_position = positions if positions is not None else pl.DataFrame()
    blocks = [
        (_title(game, currency), _block(table, game, currency), _block(by_position, game, currency))
        for game, currency in keys
    ]
    if not table["net"].is_not_null().any():
        blocks = [
            (
                title,
                frame.drop("net", "bb/100", "all-in adjusted net", strict=False),
                seats.drop("net", "bb/100", strict=False),
            )
            for title, frame, seats in blocks
        ]
    all_notes = dict(notes) | {
        name: notes["n"]
        for _, frame, _ in blocks
        for name in frame.columns
        if name.endswith(" n") and "n" in notes
    }
    seat_notes = dict(position_notes or {}) | {
        name: notes["n"] for name in ("VPIP n", "PFR n") if "n" in notes
    }
    widths = planned_widths([frame for _, frame, _ in blocks] + [s for _, _, s in blocks])
    set_widths(ws, widths)
    title_rows = "1:2" if len(blocks) == 1 else None
    print_sheet(ws, title_rows=title_rows, freeze="B3", widths=widths)
    row = 1
    for title, frame, seats in blocks:
        written = write_table(ws, frame, row, all_notes, title=title)
        row = written.last_row + 2
        if seats.height:
            written = write_table(ws, seats, row, seat_notes, title=f"By position — {title}")
            row = written.last_row + 2
