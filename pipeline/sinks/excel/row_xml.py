"""Rows of cells as worksheet XML, built column by column with polars: the fast path of both
writers, with no Python work per cell.

A new workbook's rows go straight into xlsxwriter's constant-memory row file
(:func:`write_rows`), batch by batch, so memory stays flat; a producer's workbook gets our
cells spliced into its saved sheet (:mod:`.backends.openpyxl_appended`).  The cells are what
xlsxwriter writes for the same values (its per-cell path is the readable reference, and a test
compares the two):
text an inline string (never a formula, a number or a link), numbers and Booleans typed values
(floats in their shortest exact form), each cell with its style index; an empty cell only in a
row whose look covers it (a winner's green runs across the row).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import polars as pl
from openpyxl.utils import get_column_letter

_ROW, _KIND = "\x00row", "\x00kind"  # no column of a table is named so
FAST_TYPES = (pl.String, pl.Boolean)
"""Besides numbers, the column types the fast path writes (others take the reference path)."""


def fast_path_fits(table: pl.DataFrame) -> bool:
    """True when every column is text, a number or a Boolean (after ``excel_ready``)."""
    return all(dtype in FAST_TYPES or dtype.is_numeric() for dtype in table.schema.values())


def cells_xml(
    table: pl.DataFrame,
    rows: pl.Series,
    first_column: int,
    styles: Sequence[Sequence[int]],
    kinds: pl.Series | None = None,
) -> pl.Series:
    """The XML of each row's cells of ``table`` (one string a row, ``""`` for none), on the
    worksheet ``rows`` given (1-based), from worksheet column ``first_column``.
    ``styles[kind][column]`` is the style index of a cell in a row of that kind (``kinds``, one
    per row, 0 to 3; all plain when ``None``); style 0 writes no ``s`` attribute.

    >>> table = pl.DataFrame({"a": ["x&y", " b"], "b": [1.5, None], "c": [True, False]})
    >>> xml = cells_xml(table, pl.Series([2, 3]), 1, [[0, 0, 7], [1, 1, 8]], pl.Series([0, 1]))
    >>> for cell in xml[0].split("</c>"): print(cell)
    <c r="A2" t="inlineStr"><is><t>x&amp;y</t></is>
    <c r="B2"><v>1.5</v>
    <c r="C2" s="7" t="b"><v>1</v>
    <BLANKLINE>
    >>> for cell in xml[1].split("</c>"): print(cell)
    <c r="A3" s="1" t="inlineStr"><is><t xml:space="preserve"> b</t></is>
    <c r="B3" s="1"/><c r="C3" s="8" t="b"><v>0</v>
    <BLANKLINE>
    """
    kind = pl.Series(_KIND, [0] * table.height if kinds is None else kinds, dtype=pl.Int64)
    number = rows.cast(pl.Int64).cast(pl.String).alias(_ROW)
    used = frozenset(kind.unique().to_list()) if kind.len() else frozenset({0})  # once, not per
    parts = [  # column: a sheet of 16,000 columns spent 20 s asking it again for each
        _cell_xml(
            name,
            dtype,
            get_column_letter(first_column + index),
            [by_kind[index] for by_kind in styles],
            used,
        )
        for index, (name, dtype) in enumerate(table.schema.items())
    ]
    frame = table.with_columns(number, kind)
    return frame.select(pl.concat_str(parts, separator="").alias("xml"))["xml"]


def _cell_xml(
    name: str, dtype: pl.DataType, letter: str, by_kind: Sequence[int], used: frozenset[int]
) -> pl.Expr:
    value = pl.col(name)
    style = _style(used, by_kind)
    start = pl.lit(f'<c r="{letter}') + pl.col(_ROW) + pl.lit('"') + style
    if dtype == pl.Boolean:
        body = start + pl.lit(' t="b"><v>') + value.cast(pl.Int8).cast(pl.String) + "</v></c>"
    elif dtype.is_numeric():
        body = start + pl.lit("><v>") + value.cast(pl.String) + pl.lit("</v></c>")
    else:
        text = (
            value.cast(pl.String)
            .str.replace_all("&", "&amp;", literal=True)
            .str.replace_all("<", "&lt;", literal=True)
            .str.replace_all(">", "&gt;", literal=True)
            # as Excel and xlsxwriter: a literal _xHHHH_ kept literal, a CR escaped as one
            .str.replace_all(r"(_x[0-9a-fA-F]{4}_)", "_x005F$1")
            .str.replace_all("\r", "_x000D_", literal=True)
            .str.replace_all("\ufffe", "_xFFFE_", literal=True)
            .str.replace_all("\uffff", "_xFFFF_", literal=True)
        )
        space = pl.when(value.cast(pl.String).str.contains(r"^\s|\s$"))
        opening = space.then(pl.lit('<t xml:space="preserve">')).otherwise(pl.lit("<t>"))
        body = start + pl.lit(' t="inlineStr"><is>') + opening + text + pl.lit("</t></is></c>")
    # an empty cell is written only where its row's look covers it
    blank = pl.when(pl.col(_KIND) > 0).then(start + pl.lit("/>")).otherwise(pl.lit(""))
    return pl.when(value.is_not_null()).then(body).otherwise(blank)


def _style(used: frozenset[int], by_kind: Sequence[int]) -> pl.Expr:
    """The ``s`` attribute of a column's cells (``used``: the kinds of row in the table): one
    literal when every row shares a style."""
    attributes = [f' s="{style}"' if style else "" for style in by_kind]
    if len({attributes[kind] for kind in used}) == 1:
        return pl.lit(attributes[next(iter(used))])
    return pl.col(_KIND).replace_strict(dict(enumerate(attributes)), return_dtype=pl.String)


def write_rows(
    worksheet: Any,
    table: pl.DataFrame,
    first_row: int,
    styles: Sequence[Sequence[int]],
    kinds: pl.Series | None,
    heights: dict[int, float],
    batch_rows: int,
) -> None:
    """``table``'s rows from worksheet row ``first_row`` (0-based), as XML, into an xlsxwriter
    worksheet in constant-memory mode: its row file gets each batch's text, and the worksheet's
    dimensions and last row are set as its own writes would set them."""
    worksheet._write_single_row(first_row)  # the rows written so far (the header) go first
    handle = worksheet.row_data_fh
    last = first_row - 1
    for start in range(0, table.height, batch_rows):
        batch = table.slice(start, batch_rows)
        numbers = pl.int_range(first_row + start + 1, first_row + start + batch.height + 1,
                               eager=True)  # fmt: skip
        part = None if kinds is None else kinds.slice(start, batch_rows)
        cells = cells_xml(batch, numbers, 1, styles, part)
        tall = pl.Series(
            [_height(heights.get(start + index)) for index in range(batch.height)]
            if heights
            else [""] * batch.height,
            dtype=pl.String,
        )
        rows = pl.DataFrame({"r": numbers.cast(pl.String), "ht": tall, "cells": cells}).filter(
            (pl.col("cells") != "") | (pl.col("ht") != "")
        )
        text = rows.select(
            pl.concat_str(
                pl.lit('<row r="'), "r", pl.lit('"'), "ht", pl.lit(">"), "cells", pl.lit("</row>")
            ).str.join("")
        ).item()
        handle.write(text or "")
        last = first_row + start + batch.height - 1
    if table.height and table.width:  # as xlsxwriter's _check_dimensions keeps them
        worksheet.dim_rowmin = _extreme(min, worksheet.dim_rowmin, first_row)
        worksheet.dim_rowmax = _extreme(max, worksheet.dim_rowmax, last)
        worksheet.dim_colmin = _extreme(min, worksheet.dim_colmin, 0)
        worksheet.dim_colmax = _extreme(max, worksheet.dim_colmax, table.width - 1)
    worksheet.previous_row = last + 1


def _extreme(pick: Any, current: int | None, value: int) -> int:
    return value if current is None else int(pick(current, value))


def _height(points: float | None) -> str:
    return "" if points is None else f' ht="{points:g}" customHeight="1"'
