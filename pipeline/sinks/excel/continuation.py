"""Tables taller than one Excel sheet continue on further sheets: ``Night 1``, ``Night 1 (2)``...

An Excel sheet holds 1,048,576 rows, header included.  A night of more rows, or an Issues table
of that many bad rows, is never refused for its size: each part gets the header again (frozen,
filtered, styled like the first) and the Summary gets a block naming where each table continues.

>>> import polars as pl
>>> parts = split_rows(pl.DataFrame({"x": range(5)}), max_rows=3)
>>> [part["x"].to_list() for part in parts]
[[0, 1], [2, 3], [4]]
>>> continued_titles("Night 1", 3, set())
['Night 1', 'Night 1 (2)', 'Night 1 (3)']
>>> continued_titles("A very long tournament sheet na", 2, set())
['A very long tournament sheet na', 'A very long tournament shee (2)']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import polars as pl

from pipeline.sinks.excel.contract import MAX_ROWS, MAX_TITLE, SheetOutput


def split_rows(table: pl.DataFrame, max_rows: int = MAX_ROWS) -> list[pl.DataFrame]:
    """``table`` cut into parts of at most ``max_rows - 1`` rows (one row is the header); a
    table with no rows is one empty part, so its header is still written."""
    per_sheet = _rows_per_sheet(max_rows)
    if table.height <= per_sheet:
        return [table]
    return [table.slice(start, per_sheet) for start in range(0, table.height, per_sheet)]


def split_sheet(sheet: SheetOutput, max_rows: int = MAX_ROWS) -> list[SheetOutput]:
    """A new-workbook sheet cut into parts that fit, each with its own rows' flags."""
    per_sheet = _rows_per_sheet(max_rows)
    if sheet.table.height <= per_sheet:
        return [sheet]
    return [
        replace(
            sheet,
            table=part,
            highlight=None if sheet.highlight is None else sheet.highlight.slice(start, per_sheet),
            muted=None if sheet.muted is None else sheet.muted.slice(start, per_sheet),
        )
        for start, part in zip(
            range(0, sheet.table.height, per_sheet), split_rows(sheet.table, max_rows), strict=True
        )
    ]


def continued_titles(title: str, count: int, taken: set[str]) -> list[str]:
    """``title`` then ``title (2)``, ``title (3)``... each cut to fit 31 characters and made
    unique against ``taken`` (case-insensitive, as Excel compares titles), which is updated."""
    titles: list[str] = []
    for number in range(1, count + 1):
        suffix = "" if number == 1 else f" ({number})"
        wanted = title[: MAX_TITLE - len(suffix)].rstrip() + suffix
        titles.append(unique_title(wanted, taken))
    return titles


def unique_title(wanted: str, taken: set[str]) -> str:
    """``wanted`` if free, else ``wanted (Showdown)``, ``wanted (Showdown 2)``... (31 chars)."""
    title, number = wanted, 1
    while title.casefold() in taken:
        suffix = " (Showdown)" if number == 1 else f" (Showdown {number})"
        title = wanted[: MAX_TITLE - len(suffix)] + suffix
        number += 1
    taken.add(title.casefold())
    return title


def continued_block(
    continued: Sequence[tuple[str, Sequence[str], int]], max_rows: int = MAX_ROWS
) -> list[tuple[str, pl.DataFrame]]:
    """The Summary block naming each table that did not fit one sheet: ``(first title, every
    title, rows)``; no block when every table fit."""
    spread = [(first, titles, rows) for first, titles, rows in continued if len(titles) > 1]
    if not spread:
        return []
    frame = pl.DataFrame(
        {
            "sheet": [first for first, _, _ in spread],
            "rows": [rows for _, _, rows in spread],
            "continued on": [", ".join(titles[1:]) for _, titles, _ in spread],
        },
        schema={"sheet": pl.String, "rows": pl.Int64, "continued on": pl.String},
    )
    title = (
        f"Sheets continued: an Excel sheet holds {max_rows:,} rows, "
        "so these tables go on in the sheets named"
    )
    return [(title, frame)]


def _rows_per_sheet(max_rows: int) -> int:
    if not 2 <= max_rows <= MAX_ROWS:
        msg = f"max_rows must be 2 to {MAX_ROWS:,} (one row is the header), got {max_rows!r}"
        raise ValueError(msg)
    return max_rows - 1
