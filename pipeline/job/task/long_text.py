"""Text longer than an Excel cell holds: the workbook sink cuts it with a marker, and each such
header or cell is an issue here, so that nobody learns it from the marker alone."""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from pipeline.games.poker.scoring.rows import empty_issues
from pipeline.sinks.excel.contract import CUT_MARKER, MAX_CELL_TEXT
from pipeline.sources import RawSheet

TEXT_START = 40
"""Characters of a cut text shown in its issue's ``value``."""


def overlong_cells(
    sheet: RawSheet, in_parquet: frozenset[str], scored_ids: pl.Series
) -> pl.DataFrame:
    """An issue for every header and cell longer than an Excel cell holds: the workbook gets it
    cut with a marker (the sink does that), and nobody should learn it from the marker alone.
    ``in_parquet`` names the sheet's columns the Parquet file keeps, in full, for scored rows.

    >>> from pipeline.sources import RawSheet
    >>> sheet = RawSheet("Night", pl.DataFrame({"player": ["Ann", "B" * 40_000]}), [2, 3])
    >>> found = overlong_cells(sheet, frozenset({"player"}), pl.Series([0, 1]))
    >>> found.select("row_id", "column").rows(), found["message"][0]  # doctest: +ELLIPSIS
    ([(1, 'player')], "text of 40,000 characters is longer than an Excel cell holds (32,767): ...")
    """
    frames = []
    for header in sheet.frame.columns:
        if len(header) > MAX_CELL_TEXT:
            frames.append(_cut_issue(pl.Series([None], dtype=pl.Int64), header, [header], ""))
    for name, dtype in sheet.frame.schema.items():
        # A cell has at least as many UTF-8 bytes as characters, and its byte length is
        # stored: only a column with a long cell is counted in characters.
        if dtype != pl.String or not (sheet.frame[name].str.len_bytes() > MAX_CELL_TEXT).any():
            continue
        lengths = sheet.frame[name].str.len_chars()
        rows = (lengths > MAX_CELL_TEXT).fill_null(False).arg_true().cast(pl.Int64)
        if rows.len() == 0:
            continue
        kept = rows.is_in(scored_ids.implode()) if name in in_parquet else rows.is_in([])
        suffix = kept.replace_strict(
            {True: "; the Parquet file holds it in full", False: ""}, return_dtype=pl.String
        )
        values = sheet.frame[name].gather(rows).to_list()
        frames.append(_cut_issue(rows, name, values, suffix))
    return pl.concat([empty_issues(), *frames]) if frames else empty_issues()


def _cut_issue(
    rows: pl.Series, column: str, values: Sequence[str], suffix: pl.Series | str
) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "row_id": rows,
            "column": [column[:TEXT_START] + ("…" if len(column) > TEXT_START else "")]
            * rows.len(),
            "value": [value[:TEXT_START] + "…" for value in values],
            "message": pl.Series(
                [
                    f"text of {len(value):,} characters is longer than an Excel cell holds "
                    f"({MAX_CELL_TEXT:,}): cut in the workbook, ending '{CUT_MARKER.strip()}'"
                    for value in values
                ]
            )
            + suffix,
        },
        schema=empty_issues().schema,
    )
