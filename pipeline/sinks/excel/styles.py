"""How each column's cells look, decided once per column from its type and heading, as data
that either writer (xlsxwriter for a new workbook, openpyxl for a producer's) turns into its own
formats.

A column's *look* is one of :data:`GENERAL`, :data:`PERCENT` (a fraction shown as ``46.2%``),
:data:`BOOLEAN` (TRUE/FALSE, centred), :data:`AFTER_NUMBER` (text right after a number column,
indented off it) or :data:`WRAPPED` (text read whole, wrapped).  A row's *kind* is plain, winner
(green fill, bold), fold (grey text) or both.  :func:`cell_look` gives the :class:`Look` of any
(kind, look) pair, and :func:`header_look` the header's, aligned like its column's cells.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import polars as pl

from pipeline.sinks.excel.contract import (
    _FOLD,
    _WINNER,
    BOOLEAN_FORMAT,
    FOLD_FONT,
    MAX_ROW_HEIGHT,
    MAX_WIDTH,
    PERCENT_FORMAT,
    ROW_HEIGHT,
    WIDTH_SAMPLE,
    WINNER_FILL,
    WRAPPED_COLUMNS,
    WRAPPED_WIDTH,
)
from pipeline.sinks.excel.values import cut_text as cut_text  # season.py takes it from here

GENERAL: Final = 0
PERCENT: Final = 1
BOOLEAN: Final = 2
AFTER_NUMBER: Final = 3
WRAPPED: Final = 4
LOOKS: Final = (GENERAL, PERCENT, BOOLEAN, AFTER_NUMBER, WRAPPED)

CHARACTERS_PER_LINE: Final = WRAPPED_WIDTH * 1.2
"""Calibri 11 fits about 1.2 characters of ordinary text per unit of column width."""


@dataclass(frozen=True)
class Look:
    """What one cell shows beyond its value: ``None`` fields are the workbook's default
    (Calibri 11, black, no fill, general format, aligned by type)."""

    bold: bool = False
    color: str | None = None
    fill: str | None = None
    number_format: str | None = None
    align: str | None = None
    indent: int = 0
    wrap: bool = False

    @property
    def is_default(self) -> bool:
        """True for a cell that needs no format of its own."""
        return self == Look()


def cell_look(kind: int, look: int) -> Look:
    """The look of a body cell: its row's kind (plain, winner, fold, both), its column's look.

    >>> look = cell_look(1, PERCENT)
    >>> look.bold, look.fill, look.number_format
    (True, 'C6EFCE', '0.0%')
    """
    bold = bool(kind & _WINNER)
    color = FOLD_FONT if kind & _FOLD else None
    fill = WINNER_FILL if kind & _WINNER else None
    by_look = {
        GENERAL: Look(),
        PERCENT: Look(number_format=PERCENT_FORMAT),
        # Excel centres Booleans, LibreOffice puts them right: centred, they read the same in
        # both; the number format makes LibreOffice print TRUE/FALSE, not 1/0
        BOOLEAN: Look(number_format=BOOLEAN_FORMAT, align="center"),
        # text right after a right-aligned number would touch it ("5category")
        AFTER_NUMBER: Look(align="left", indent=1),
        WRAPPED: Look(wrap=True),
    }[look]
    return Look(
        bold, color, fill, by_look.number_format, by_look.align, by_look.indent, by_look.wrap
    )


def header_look(look: int, numeric: bool) -> Look:
    """A header cell: bold, sitting where its column's cells sit (numbers right, Booleans
    centred, text after a number indented), so each figure is read under its own heading."""
    if look == BOOLEAN:
        return Look(bold=True, align="center")
    if look == AFTER_NUMBER:
        return Look(bold=True, align="left", indent=1)
    if look == PERCENT or (look == GENERAL and numeric):
        return Look(bold=True, align="right")
    return Look(bold=True)


TITLE_LOOK: Final = Look(bold=True)
"""A Summary block's title, and the Issues sheet's "no issues" line."""


def rule_look(kind: int) -> Look:
    """What a winner or a fold rule adds to a cell, whatever is under it (a conditional format,
    or a producer's own cell merged with it): the winner's green fill and bold, or the fold's
    grey text.

    >>> winner, fold = rule_look(1), rule_look(2)
    >>> winner.bold, winner.fill, winner.color, fold.bold, fold.fill, fold.color
    (True, 'C6EFCE', None, False, None, '808080')
    """
    look = cell_look(kind, GENERAL)
    return Look(bold=look.bold, color=look.color, fill=look.fill)


def column_looks(frame: pl.DataFrame, percent_columns: Sequence[str] = ()) -> list[int]:
    """Each column's look: percent (listed, or a float column whose heading holds ``%``),
    Boolean, wrapped text (``WRAPPED_COLUMNS``), text right after a number column, or general.

    >>> frame = pl.DataFrame({"rank": [1], "player": ["Ann"], "win %": [0.5], "won": [True]})
    >>> column_looks(frame)
    [0, 3, 1, 2]
    """
    looks: list[int] = []
    previous_numeric = False
    for name, dtype in frame.schema.items():
        if name in percent_columns or (dtype.is_float() and "%" in name):
            looks.append(PERCENT)
        elif dtype == pl.Boolean:
            looks.append(BOOLEAN)
        elif dtype == pl.String and name in WRAPPED_COLUMNS:
            looks.append(WRAPPED)
        elif previous_numeric and not dtype.is_numeric():
            looks.append(AFTER_NUMBER)
        else:
            looks.append(GENERAL)
        previous_numeric = dtype.is_numeric()
    return looks


def numeric_columns(frame: pl.DataFrame) -> list[str]:
    """Columns whose cells Excel right-aligns: numbers (Booleans are centred, not numbers)."""
    return [name for name, dtype in frame.schema.items() if dtype.is_numeric()]


def header_looks(frame: pl.DataFrame, percent_columns: Sequence[str] = ()) -> list[Look]:
    """Each column's header look, in order."""
    numeric = set(numeric_columns(frame))
    looks = column_looks(frame, percent_columns)
    return [
        header_look(look, name in numeric) for name, look in zip(frame.columns, looks, strict=True)
    ]


def widths(frames: Sequence[pl.DataFrame], percent_columns: Sequence[str] = ()) -> list[float]:
    """Column widths from the headers and the first rows of each frame, capped at ``MAX_WIDTH``
    (``WRAPPED_WIDTH`` for wrapped text that must be read whole, such as an issue's message)."""
    found: list[float] = []
    for frame in frames:
        sample = frame.head(WIDTH_SAMPLE)
        looks = column_looks(sample, percent_columns)
        for index, (name, dtype) in enumerate(sample.schema.items()):
            # bold header plus the autofilter arrow need about three characters more
            needed = len(name) * 1.1 + 3
            if looks[index] in (PERCENT, BOOLEAN):
                needed = max(needed, 8)
            elif dtype.is_float():
                needed = max(needed, 12)
            elif sample.height and dtype != pl.Object:
                longest = sample[name].cast(pl.String).str.len_chars().max()
                if isinstance(longest, int):
                    needed = max(needed, longest * 1.1 + 2)
            if looks[index] == AFTER_NUMBER:
                needed += 1.5  # the indent
            cap = WRAPPED_WIDTH if looks[index] == WRAPPED else MAX_WIDTH
            needed = min(max(needed, 6.0), cap)
            if index < len(found):
                found[index] = max(found[index], needed)
            else:
                found.append(needed)
    return [round(width, 1) for width in found]


def wrapped_heights(frame: pl.DataFrame, looks: Sequence[int]) -> dict[int, float]:
    """Row index -> height in points, for each row whose wrapped text needs more than one line
    (an xlsx reader need not fit row heights itself, and LibreOffice does not)."""
    wrapped = [name for name, look in zip(frame.columns, looks, strict=True) if look == WRAPPED]
    if not wrapped or not frame.height:
        return {}
    lines = pl.max_horizontal(
        pl.col(name)
        .str.split("\n")
        .list.eval((pl.element().str.len_chars() / CHARACTERS_PER_LINE).ceil().clip(1))
        .list.sum()
        for name in wrapped
    )
    counted = frame.select(lines.fill_null(1).cast(pl.Int64).alias("lines"))["lines"]
    return {
        index: float(min(ROW_HEIGHT * counted[index], MAX_ROW_HEIGHT))
        for index in (counted > 1).arg_true().to_list()
    }


def row_kinds(height: int, highlight: pl.Series | None, muted: pl.Series | None) -> pl.Series:
    """Each row's kind: 0 plain, 1 winner, 2 fold, 3 both (nulls count as False)."""
    kinds = pl.zeros(height, dtype=pl.Int8, eager=True)
    if highlight is not None:
        kinds = kinds + highlight.fill_null(False).cast(pl.Int8) * _WINNER
    if muted is not None:
        kinds = kinds + muted.fill_null(False).cast(pl.Int8) * _FOLD
    return kinds
