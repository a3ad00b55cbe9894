"""The Summary and Issues sheets laid out once, as rows of (value, look), for either writer.

The Summary stacks titled blocks: a bold title row, a header row, the data (``none`` under a
block with no rows), a blank row between blocks, then the legend.  It gets neither a frozen row
nor a filter (one filter cannot cover several tables).  The Issues sheet is one table whose
``message`` wraps, printed from ``file`` to ``message`` (the original row's cells after them
stay on screen); empty, it says :data:`NO_ISSUES`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from pipeline.sinks.excel import styles
from pipeline.sinks.excel.contract import EMPTY_BLOCK, LEGEND, check_fits
from pipeline.sinks.excel.printing import PrintPlan, print_plan
from pipeline.sinks.excel.styles import Look
from pipeline.sinks.excel.values import clean_header, excel_ready

PLAIN_LOOK = Look()


@dataclass(frozen=True)
class SheetLayout:
    """Rows of cells, each ``(value, look, text)`` (``text``: write as text whatever it looks
    like); column widths; header notes by (row, column), 0-based; the print plan."""

    rows: list[list[tuple[Any, Look, bool]]]
    widths: list[float]
    plan: PrintPlan
    notes: dict[tuple[int, int], str] = field(default_factory=dict)


def summary_layout(
    title: str,
    blocks: Sequence[tuple[str, pl.DataFrame]],
    notes: Mapping[str, str] | None = None,
) -> SheetLayout:
    """The Summary sheet called ``title``: its blocks stacked, then the legend."""
    height = sum(max(frame.height, 1) + 3 for _, frame in blocks) + 1 + len(LEGEND)
    check_fits(title, rows=height, columns=max((f.width for _, f in blocks), default=0))
    ready = [(name, excel_ready(frame)) for name, frame in blocks]
    rows: list[list[tuple[Any, Look, bool]]] = []
    found_notes: dict[tuple[int, int], str] = {}
    for number, (name, frame) in enumerate(ready):
        if number:
            rows.append([])
        rows.append([(clean_header(name), styles.TITLE_LOOK, True)])
        for column, header in enumerate(frame.columns):
            if notes and header in notes:
                found_notes[(len(rows), column)] = notes[header]
        rows.append(
            [
                (clean_header(header), look, True)
                for header, look in zip(frame.columns, styles.header_looks(frame), strict=True)
            ]
        )
        body = [styles.cell_look(0, look) for look in styles.column_looks(frame)]
        rows.extend(
            [(value, body[column], False) for column, value in enumerate(values)]
            for values in frame.iter_rows()
        )
        if not frame.height:  # a heading over nothing reads as a fault; say there was none
            rows.append([(EMPTY_BLOCK, PLAIN_LOOK, True)])
    rows.append([])
    rows.extend([(line, PLAIN_LOOK, True)] for line in LEGEND)
    sized = styles.widths([frame for _, frame in ready])
    return SheetLayout(rows, sized, print_plan(sized, len(sized), (1, 1)), found_notes)


def issues_print_columns(issues: pl.DataFrame) -> int:
    """How many of the Issues sheet's columns print: ``file`` to ``message``, its own columns
    (a rounds sheet's original cells would shrink the print past reading); all when there is
    no ``message``."""
    if "message" not in issues.columns:
        return issues.width
    return issues.columns.index("message") + 1
