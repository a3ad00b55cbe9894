"""The new workbook's fast path (rows as XML built by polars, ``row_xml``) against its readable
reference (xlsxwriter writing cell by cell): the same cells, looks and row heights, read back
with openpyxl, on tables of every kind of value, flags and wrapped text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.sinks.excel.backends import xlsxwriter_book
from pipeline.sinks.excel.workbook import SheetOutput, write_workbook

TEXT = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\x00"), max_size=12)
ISSUES = pl.DataFrame({"file": ["a.csv"] * 2, "row": [2, 3], "message": ["short", "word " * 60]})


def cells(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every cell of every sheet: value, type, format, bold, colour, fill, alignment (a number
    to xlsxwriter's 16 significant digits: the fast path writes the shortest exact form)."""
    book = openpyxl.load_workbook(path)
    found = {}
    for sheet in book:
        rows = []
        for row in sheet.iter_rows():
            for cell in row:
                font, fill = cell.font, cell.fill
                value = cell.value
                if isinstance(value, float):  # xlsxwriter writes 16 digits; the fast path all
                    value = float(f"{value:.16G}")
                rows.append((
                    cell.coordinate, value, cell.data_type, cell.number_format,
                    bool(font.b), getattr(font.color, "rgb", None),
                    fill.fgColor.rgb if fill.fill_type else None,
                    cell.alignment.horizontal, cell.alignment.wrap_text,
                ))  # fmt: skip
        heights = [(row, dimension.height) for row, dimension in sheet.row_dimensions.items()]
        found[sheet.title] = [*rows, *sorted(heights)]
    return found


def both_ways(tmp_path: Path, sheets: list[SheetOutput], monkeypatch: pytest.MonkeyPatch) -> None:
    write_workbook(tmp_path / "fast.xlsx", sheets, [("Totals", sheets[0].table)], ISSUES)
    monkeypatch.setattr(xlsxwriter_book, "FAST_PATH", False)
    write_workbook(tmp_path / "cells.xlsx", sheets, [("Totals", sheets[0].table)], ISSUES)
    monkeypatch.setattr(xlsxwriter_book, "FAST_PATH", True)
    fast, reference = cells(tmp_path / "fast.xlsx"), cells(tmp_path / "cells.xlsx")
    assert list(fast) == list(reference)
    for title in reference:
        assert fast[title] == reference[title], title


def test_the_fast_rows_are_the_reference_cells(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = pl.DataFrame(
        {
            "player": ["Ann", "=Bob", " Cy ", "a<b & c>d", None, "#N/A", "x\ry", "-5"],
            "round": [1, 2, None, 4, 5, 6, 7, -8],
            "win %": [0.5, None, 0.125, 1.0, 0.0, 0.1 + 0.2, 1e-7, 2.5e21],
            "won": [True, False, None, True, False, True, False, True],
            "note": ["a", None, "b", None, "c", None, "d", "e"],
        }
    )
    highlight = pl.Series([True, False, None, False, True, False, False, False])
    muted = pl.Series([False, True, False, False, True, False, False, True])
    both_ways(
        tmp_path,
        [
            SheetOutput("Flags apart", table, highlight=highlight, muted=muted),
            SheetOutput("Flags a column", table, highlight=table["won"]),
        ],
        monkeypatch,
    )


@settings(max_examples=15)
@given(
    st.lists(
        st.tuples(TEXT | st.none(), st.integers(-(2**40), 2**40) | st.none(),
                  st.floats(allow_nan=False, allow_infinity=False) | st.none(),
                  st.booleans() | st.none(), st.integers(0, 3)),
        min_size=1, max_size=12,
    )
)  # fmt: skip
def test_any_table_is_written_alike_both_ways(rows: list[tuple[Any, ...]]) -> None:
    import tempfile

    table = pl.DataFrame(
        [row[:4] for row in rows],
        schema={"text": pl.String, "count": pl.Int64, "share %": pl.Float64, "flag": pl.Boolean},
        orient="row",
    )
    kinds = [row[4] for row in rows]
    sheet = SheetOutput(
        "S",
        table,
        highlight=pl.Series([kind & 1 == 1 for kind in kinds]),
        muted=pl.Series([kind & 2 == 2 for kind in kinds]),
    )
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        both_ways(Path(folder), [sheet], patch)
