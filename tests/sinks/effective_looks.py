"""What a reader sees in a workbook, read back with openpyxl: each cell's value and its look
once the conditional formats we write are applied, and each sheet's frozen rows, filter, widths
and print setup.  Two workbooks written by different libraries (xlsxwriter, openpyxl) compare
equal when a person would see the same thing.

Only the rule formulas the sink writes are understood (a flag column ``=$K2=TRUE``, a player's
name in the winners ``ISNUMBER(FIND(...))``, winners present ``$H2<>""``, a fold mark); any other
formula fails the read, so a new kind of rule cannot pass unseen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.utils import column_index_from_string, get_column_letter
from openpyxl.utils.cell import range_boundaries

FLAG = re.compile(r"^\$(?P<column>[A-Z]+)\d+=TRUE$")
FIND = re.compile(r'^ISNUMBER\(FIND\("(?P<wanted>.*)",", "&\$(?P<column>[A-Z]+)\d+&","\)\)$')
NOT_EMPTY = re.compile(r'^\$(?P<column>[A-Z]+)\d+<>""$')
FOLD = re.compile(r'^OR\(RIGHT\(TRIM\((?P<cell>[A-Z]+)\d+\),5\)=" fold",')
EXCEL_PADDING = 5 / 7
"""Excel adds 5 pixels (of 7 a character) to a column's width; openpyxl stores the width as
given, xlsxwriter with the padding: widths are compared within a character."""


@dataclass(frozen=True)
class Seen:
    """One cell as a reader sees it."""

    value: Any
    number_format: str
    bold: bool
    color: str | None
    fill: str | None
    align: str | None


@dataclass(frozen=True)
class SheetSeen:
    """One sheet as a reader sees it; cells keyed by (header, row) where the sheet has a
    header row, so a column moved elsewhere still compares."""

    cells: dict[tuple[str, int], Seen]
    freeze: str | None
    filter: str | None
    widths: dict[str, float]
    print_setup: dict[str, Any]
    notes: dict[str, str]


def _rgb(color: Any) -> str | None:
    rgb = getattr(color, "rgb", None)
    return rgb[-6:].upper() if isinstance(rgb, str) else None


def _seen(cell: Any) -> Seen:
    fill = cell.fill
    filled = _rgb(fill.fgColor) if fill is not None and fill.fill_type == "solid" else None
    value = cell.value
    return Seen(
        value,
        cell.number_format,
        bool(cell.font.b),
        _rgb(cell.font.color),
        filled,
        cell.alignment.horizontal,
    )


def _apply_rules(sheet: Any, seen: dict[str, Seen]) -> None:
    """Each conditional format we write, applied to the cells it covers, as Excel would."""
    for block in sheet.conditional_formatting:
        low_column, low_row, high_column, high_row = range_boundaries(str(block.sqref))
        for rule in block.rules:
            formula = rule.formula[0]
            flag, find = FLAG.match(formula), FIND.match(formula)
            not_empty, fold = NOT_EMPTY.match(formula), FOLD.match(formula)
            assert flag or find or not_empty or fold, f"unknown rule {formula!r} on {block.sqref}"
            bold = bool(rule.dxf.font is not None and rule.dxf.font.b)
            color = _rgb(rule.dxf.font.color) if rule.dxf.font is not None else None
            fill = None
            if rule.dxf.fill is not None:
                fill = _rgb(rule.dxf.fill.fgColor) or _rgb(rule.dxf.fill.bgColor)
            for row in range(low_row, high_row + 1):
                if flag:
                    applies = sheet[f"{flag['column']}{row}"].value is True
                elif find:
                    names = sheet[f"{find['column']}{row}"].value or ""
                    applies = find["wanted"].replace('""', '"') in f", {names},"
                elif not_empty:
                    applies = bool(sheet[f"{not_empty['column']}{row}"].value)
                else:
                    applies = None
                for column in range(low_column, high_column + 1):
                    where = f"{get_column_letter(column)}{row}"
                    if applies is None:
                        text = str(sheet[where].value or "").strip().lower()
                        if not text.endswith((" fold", " folded")):
                            continue
                    elif not applies:
                        continue
                    before = seen.get(where) or _seen(sheet[where])
                    seen[where] = replace(
                        before,
                        bold=before.bold or bold,
                        color=color or before.color,
                        fill=fill or before.fill,
                    )


def sheet_seen(sheet: Any, header_row: int = 1) -> SheetSeen:
    """Every cell holding a value or a look, keyed by its header's text (or its column letter
    where the header row has none) and its row."""
    seen: dict[str, Seen] = {}
    for row in sheet.iter_rows():
        for cell in row:
            look = _seen(cell)
            if cell.value is not None or look.bold or look.fill or look.color:
                seen[cell.coordinate] = look
    _apply_rules(sheet, seen)
    headers = (
        {
            cell.column_letter: str(cell.value)
            for cell in sheet[header_row]
            if cell.value is not None
        }
        if sheet.max_row >= header_row
        else {}
    )
    cells = {}
    for where, look in seen.items():
        letters = "".join(ch for ch in where if ch.isalpha())
        cells[(headers.get(letters, letters), int(where[len(letters) :]))] = look
    widths = {}
    for letter, dimension in sheet.column_dimensions.items():
        if not (dimension.width and dimension.customWidth):
            continue
        low = dimension.min or column_index_from_string(letter)
        for column in range(low, (dimension.max or low) + 1):
            name = get_column_letter(column)
            widths[headers.get(name, name)] = float(dimension.width)
    setup = sheet.page_setup
    fit = sheet.sheet_properties.pageSetUpPr
    print_setup = {
        "orientation": setup.orientation,
        "fit_to_page": bool(fit is not None and fit.fitToPage),
        "fit_width": setup.fitToWidth if setup.fitToWidth is not None else 1,  # the default
        "fit_height": setup.fitToHeight if setup.fitToHeight is not None else 1,
        "scale": setup.scale,
        "title_rows": sheet.print_title_rows,
        "title_columns": sheet.print_title_cols,
        "area": sheet.print_area,
    }
    notes = {
        str(cell.value): cell.comment.text
        for cell in (sheet[header_row] if sheet.max_row >= header_row else ())
        if cell.comment is not None
    }
    filtered = sheet.auto_filter.ref
    return SheetSeen(cells, sheet.freeze_panes, filtered, widths, print_setup, notes)


def book_seen(path: Path, header_rows: dict[str, int] | None = None) -> dict[str, SheetSeen]:
    """Every sheet of the workbook at ``path``, by title."""
    book = openpyxl.load_workbook(path)
    rows = header_rows or {}
    return {sheet.title: sheet_seen(sheet, rows.get(sheet.title, 1)) for sheet in book}
