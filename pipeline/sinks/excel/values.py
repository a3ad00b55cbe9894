"""Cell values as a workbook holds them: safe text, numbers where Excel would read numbers.

Every table goes through :func:`excel_ready` before it is written, whatever the writer: text
loses the characters XML forbids and is cut to what a cell holds (with :data:`CUT_MARKER`),
NaN and infinities become empty cells, lists are joined with a space, time zones are dropped
(the wall-clock time is kept).  A CSV's or a log's text columns first go through
:func:`as_excel_reads`, so a column of numbers is written as numbers, as Excel reads a CSV.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from pipeline.sinks.excel.contract import (
    CUT_MARKER,
    ILLEGAL_XML,
    ILLEGAL_XML_RE,
    MAX_CELL_TEXT,
)


def excel_ready(frame: pl.DataFrame) -> pl.DataFrame:
    """Every column turned into values a workbook holds faithfully (see the module notes).

    >>> frame = pl.DataFrame({"a": [["Kh", "Kd"]], "b": [float("nan")], "c": ["x\\x07y"]})
    >>> excel_ready(frame).row(0)
    ('Kh Kd', None, 'xy')
    """
    expressions = []
    for name, dtype in frame.schema.items():
        column = pl.col(name)
        text = True
        if isinstance(dtype, pl.List | pl.Array):
            column = column.cast(pl.List(dtype.inner)).list.eval(pl.element().cast(pl.String))
            column = column.list.join(" ")
        elif isinstance(dtype, pl.Categorical | pl.Enum):
            column = column.cast(pl.String)
        elif isinstance(dtype, pl.Struct):
            column = column.struct.json_encode()
        elif dtype != pl.String:
            text = False
            if dtype == pl.Binary:
                column, text = column.bin.encode("hex"), True
            elif dtype.is_float():
                column = pl.when(column.is_finite()).then(column)
            elif isinstance(dtype, pl.Datetime) and dtype.time_zone is not None:
                column = column.dt.replace_time_zone(None)
            elif dtype == pl.Object:
                msg = f"column {name!r} holds Python objects, which no workbook cell holds"
                raise ValueError(msg)
        if text:
            column = _cut_to_fit(column.str.replace_all(ILLEGAL_XML, ""))
        expressions.append(column.alias(name))
    return frame.select(expressions)


def _cut_to_fit(text: pl.Expr) -> pl.Expr:
    """Text longer than a cell holds, cut with :data:`CUT_MARKER` at its end (a writer would cut
    it silently, or refuse it)."""
    keep = MAX_CELL_TEXT - len(CUT_MARKER)
    too_long = text.str.len_chars() > MAX_CELL_TEXT
    return pl.when(too_long).then(text.str.slice(0, keep) + pl.lit(CUT_MARKER)).otherwise(text)


def cut_text(text: str) -> str:
    """One text as a cell holds it: unchanged when it fits, else cut with :data:`CUT_MARKER`.

    >>> cut_text("Ann"), len(cut_text("x" * 40_000)), cut_text("x" * 40_000).endswith("]")
    ('Ann', 32767, True)
    """
    if len(text) <= MAX_CELL_TEXT:
        return text
    return text[: MAX_CELL_TEXT - len(CUT_MARKER)] + CUT_MARKER


def clean_header(name: str) -> str:
    """A column name as a header cell holds it: no XML-illegal characters, cut to fit."""
    return cut_text(ILLEGAL_XML_RE.sub("", name))


def cut_long_cells(worksheet: Any) -> None:
    """A producer's own cells longer than Excel holds (LibreOffice writes them), cut with the
    marker: openpyxl loads them whole and would save a file Excel has to repair."""
    for cell in getattr(worksheet, "_cells", {}).values():
        value = cell._value
        if isinstance(value, str) and len(value) > MAX_CELL_TEXT:
            cell._value = cut_text(value)


_BOOLEAN_TEXT = r"(?i)^(true|false)$"
_INTEGER_TEXT = r"^-?(0|[1-9][0-9]{0,14})$"  # no leading zeros: "01" stays as written
_DECIMAL_TEXT = r"^-?(0|[1-9][0-9]{0,14})(\.[0-9]{1,6})?$"  # 1500 beside 0.25


def as_excel_reads(frame: pl.DataFrame) -> pl.DataFrame:
    """Text columns of a CSV or log turned into what Excel makes of them when it opens the file:
    a column of only ``true``/``false`` becomes Booleans, one of only plain numbers becomes
    numbers (so ``round`` sorts 1, 2, 10 and sits right, and ``folded`` reads TRUE like our
    ``winner``). A column with any other value, or a number with leading zeros, stays text.

    >>> frame = pl.DataFrame(
    ...     {"round": ["1", "10"], "seat": ["01", "2"], "in": ["true", "FALSE"],
    ...      "bet": ["5", "0.25"]}
    ... )
    >>> dict(as_excel_reads(frame).schema)
    {'round': Int64, 'seat': String, 'in': Boolean, 'bet': Float64}
    """
    checks = [
        (name, pattern)
        for name, dtype in frame.schema.items()
        if dtype == pl.String
        for pattern in (_BOOLEAN_TEXT, _INTEGER_TEXT, _DECIMAL_TEXT)
    ]
    if not checks:
        return frame
    verdicts = frame.select(
        (pl.col(name).str.contains(pattern).all() & pl.col(name).is_not_null().any()).alias(
            f"{index}"
        )
        for index, (name, pattern) in enumerate(checks)
    ).row(0)
    casts: dict[str, pl.Expr] = {}
    for (name, pattern), matches in zip(checks, verdicts, strict=True):
        if not matches or name in casts:
            continue
        column = pl.col(name)
        if pattern == _BOOLEAN_TEXT:
            casts[name] = column.str.to_lowercase() == "true"
        elif pattern == _INTEGER_TEXT:
            casts[name] = column.cast(pl.Int64)
        else:
            casts[name] = column.cast(pl.Float64)
    return frame.with_columns(expression.alias(name) for name, expression in casts.items())
