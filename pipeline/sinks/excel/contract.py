"""What the workbook sink is asked to write (:class:`SheetOutput`), checked against Excel's limits,
and the constants of every look we use, in one place."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

import polars as pl

MAX_ROWS: Final = 1_048_576
"""Rows in one Excel worksheet, header included."""
MAX_COLUMNS: Final = 16_384
"""Columns in one Excel worksheet."""
MAX_TITLE: Final = 31
"""Characters in a worksheet title."""
MAX_CELL_TEXT: Final = 32_767
"""Characters in one Excel cell: longer text is cut to this, ending in :data:`CUT_MARKER`."""
CUT_MARKER: Final = " …[cut: Excel holds 32,767 characters]"
"""Ends a cut cell, so nobody takes it for the whole text (the job lists each one in Issues)."""
MAX_WIDTH: Final = 50
"""Widest column we set, in Excel character units."""
WRAPPED_WIDTH: Final = 60
"""Width of a column of text that must be read whole (``WRAPPED_COLUMNS``), wrapped in it."""
ROW_HEIGHT: Final = 15
"""Points per line of Calibri 11 text."""
MAX_ROW_HEIGHT: Final = 409
"""The tallest row Excel allows, in points."""
WRAPPED_COLUMNS: Final = frozenset({"message"})
"""Columns read whole rather than glanced at: the Issues sheet's message wraps, never cut."""
WIDTH_SAMPLE: Final = 2_000
"""Rows of each column measured for its width."""

NO_ISSUES: Final = "no issues: every row was read and scored"
EMPTY_BLOCK: Final = "none"
"""Written under the header of a Summary block that has no rows."""
LEGEND: Final = (
    "Green, bold: the winners (poker: every tied best hand, and a hi/lo game's best low;",
    "Yatzy: the leaders after the game).",
    "A sheet of one row per player marks the whole row; one row per round, the winners' cards.",
    "Grey text: players who folded, and rows not scored (issue_code says why).",
    "A heading ending in % holds percentages.",
)
"""The Summary's closing lines, one a row, short enough not to widen the printed page."""
SUMMARY_TITLE: Final = "Summary"
ISSUES_TITLE: Final = "Issues"
MARKER_NAME: Final = "Showdown_Output"
"""Hidden sheet-scoped defined name that marks a sheet as written by us."""

FONT_NAME: Final = "Calibri"
FONT_SIZE: Final = 11
WINNER_FILL: Final = "C6EFCE"  # Excel's own "Good" green: readable on air, bold text stays black
FOLD_FONT: Final = "808080"
PERCENT_FORMAT: Final = "0.0%"
"""Every percentage we write is a fraction (0.462) shown as ``46.2%`` under a heading that ends
in ``%`` (``win_flop %``): Excel sorts, filters and charts it as a percentage, and the same rule
holds in the nightly and the season workbooks.  Parquet keeps its own columns and units."""
BOOLEAN_FORMAT: Final = '"TRUE";"TRUE";"FALSE"'
"""Excel shows a Boolean cell as TRUE/FALSE whatever its format; LibreOffice reads Booleans as
numbers and, without this format, prints some columns as 1/0."""
MAX_FORMULA_TEXT: Final = 255
"""Characters in one text constant of an Excel formula."""

# The same set as openpyxl.cell.cell.ILLEGAL_CHARACTERS_RE, as a Rust regex for polars.
ILLEGAL_XML: Final = r"[\x00-\x08\x0B\x0C\x0E-\x1F]"
ILLEGAL_XML_RE: Final = re.compile(ILLEGAL_XML)
FORMULA_LIKE: Final = r"^[=+\-@]"
_TITLE_FORBIDDEN_RE: Final = re.compile(r"[\[\]:*?/\\]")

PLAIN_ROW, WINNER_ROW, FOLD_ROW, WINNER_FOLD_ROW = 0, 1, 2, 3


@dataclass(frozen=True)
class BookContents:
    """Everything a workbook receives: the tables in order, the Summary's titled blocks, the
    Issues table, the rows one sheet holds (header included) and the header notes of the
    Summary and Issues sheets."""

    sheets: Sequence[SheetOutput]
    summary: Sequence[tuple[str, pl.DataFrame]]
    issues: pl.DataFrame
    max_rows: int = MAX_ROWS
    notes: dict[str, str] | None = None


@dataclass(frozen=True)
class SheetOutput:
    """One table to write, as a new worksheet or as columns appended to an existing one.

    Parameters
    ----------
    name
        Worksheet title. New workbook: sanitised (see :func:`sanitize_title`) and made unique.
        Write-back: the exact title of a sheet in the source workbook.
    table
        New workbook: every column to write, the header being the column names. Write-back: only
        the columns to append.
    excel_rows
        Write-back only: the 1-based worksheet row of each row of ``table``; rows may be missing
        or out of order, but not repeated, and must lie below ``header_row``. ``None`` for a new
        workbook (rows 2, 3, ...).
    header_row
        Write-back only: the worksheet row holding the source sheet's header; appended headers go
        in this row, after the sheet's last used column.
    highlight
        Boolean, one per row of ``table``: True rows are winners, shown across the whole row
        (original cells too on write-back) with a light-green fill and bold. Nulls count as False.
    muted
        Boolean, one per row: True rows are folds, shown in a grey font.
    percent_columns
        Columns of ``table`` holding fractions shown as percentages (``0.0%``). A float column
        whose heading holds ``%`` is one without being listed.
    player_columns
        A sheet of one row per round (the rounds layout): the columns headed by a player's name
        and holding that player's cards. A player's cell is shown green and bold in the rows
        whose ``winners_column`` names that player, by one conditional format per column.
    winners_column
        The column of ``table`` naming each round's winners (``Ann, Bob``); it and the columns
        after it (``winning_hand``) are shown green and bold on rows that have winners.
    source_columns
        Write-back only: the producer's columns by name, with their 1-based worksheet column
        (where ``player_columns`` are found).
    notes
        A one-line note per column whose heading does not say it all (``rank``: "1 is best;
        ties share a place"), shown as the header cell's comment.
    key_columns
        The columns that name a row (a hand and its player; a round and its player): the columns
        from the first to these are printed at the left of every page when the sheet prints more
        than one page wide (and they take at most half a page).
    first_columns
        A new sheet only: the columns a reader needs first, written right after the key columns
        (and so printed on the first page).
    side_columns
        A new sheet only: technical columns (the line a row was read from, a copy of another
        column, the same value on every row), written last, grouped and collapsed: hidden until
        the group is opened, and never printed.
    """

    name: str
    table: pl.DataFrame
    excel_rows: Sequence[int] | None = None
    header_row: int = 1
    highlight: pl.Series | None = None
    muted: pl.Series | None = None
    percent_columns: Sequence[str] = ()
    player_columns: Sequence[str] = ()
    winners_column: str | None = None
    source_columns: Mapping[str, int] = field(default_factory=dict)
    notes: Mapping[str, str] = field(default_factory=dict)
    key_columns: Sequence[str] = ()
    first_columns: Sequence[str] = ()
    side_columns: Sequence[str] = ()


def sanitize_title(title: str) -> str:
    """Make ``title`` a valid worksheet title: no ``[]:*?/\\``, 1 to 31 characters.

    Forbidden characters become ``_``, XML-illegal characters are dropped, leading and trailing
    apostrophes (which Excel refuses) are stripped, ``History`` (reserved by Excel) gets a
    trailing ``_``, and an empty result becomes ``Sheet``.

    Examples
    --------
    >>> sanitize_title("Round 1: Final [table 3]")
    'Round 1_ Final _table 3_'
    >>> sanitize_title("A very long tournament sheet name indeed")
    'A very long tournament sheet na'
    >>> sanitize_title("'quoted'"), sanitize_title("")
    ('quoted', 'Sheet')
    """
    clean = _TITLE_FORBIDDEN_RE.sub("_", ILLEGAL_XML_RE.sub("", title)).strip("'")
    clean = clean[:MAX_TITLE].strip("'")
    if clean.casefold() == "history":
        clean += "_"
    return clean or "Sheet"


def check_sheet(sheet: SheetOutput, *, write_back: bool) -> None:
    """Raise :class:`ValueError` naming the sheet when its flags, percent, winners or player
    columns do not match its table, or (``write_back``) its ``excel_rows`` are missing, repeated
    or above the header, or it does not fit an Excel sheet."""
    height, width = sheet.table.shape
    for label, flags in (("highlight", sheet.highlight), ("muted", sheet.muted)):
        if flags is not None and (flags.len() != height or flags.dtype != pl.Boolean):
            msg = (
                f"sheet {sheet.name!r}: {label} must be a Boolean series of {height} values, "
                f"got {flags.dtype} of {flags.len()}"
            )
            raise ValueError(msg)
    missing = [name for name in sheet.percent_columns if name not in sheet.table.columns]
    if missing:
        msg = f"sheet {sheet.name!r}: percent columns {missing!r} are not in the table"
        raise ValueError(msg)
    if sheet.winners_column is not None and sheet.winners_column not in sheet.table.columns:
        msg = f"sheet {sheet.name!r}: winners column {sheet.winners_column!r} is not in the table"
        raise ValueError(msg)
    where = sheet.source_columns if write_back else sheet.table.columns
    unknown = [name for name in sheet.player_columns if name not in where]
    if unknown:
        msg = f"sheet {sheet.name!r}: player columns {unknown!r} are not in the sheet"
        raise ValueError(msg)
    if not write_back:
        check_fits(sheet.name, rows=height + 1, columns=width)
        return
    if sheet.excel_rows is None:
        msg = f"sheet {sheet.name!r}: excel_rows is required when writing back into a workbook"
        raise ValueError(msg)
    rows = list(sheet.excel_rows)
    if len(rows) != height:
        msg = f"sheet {sheet.name!r}: {len(rows)} excel_rows for a table of {height} rows"
        raise ValueError(msg)
    if len(set(rows)) != len(rows):
        msg = f"sheet {sheet.name!r}: excel_rows repeats a row"
        raise ValueError(msg)
    if rows and min(rows) <= sheet.header_row:
        msg = (
            f"sheet {sheet.name!r}: excel_rows must lie below header row {sheet.header_row}, "
            f"got {min(rows)}"
        )
        raise ValueError(msg)
    if rows:
        check_fits(sheet.name, rows=max(rows), columns=width)


def check_fits(name: str, *, rows: int, columns: int) -> None:
    """Raise :class:`ValueError` naming sheet ``name`` when ``rows`` (header included) or
    ``columns`` exceed what an Excel sheet holds."""
    if rows > MAX_ROWS:
        msg = (
            f"sheet {name!r} needs {rows:,} rows; an Excel sheet holds at most {MAX_ROWS:,} rows "
            f"(header included): split the table"
        )
        raise ValueError(msg)
    if columns > MAX_COLUMNS:
        msg = (
            f"sheet {name!r} needs {columns:,} columns; "
            f"an Excel sheet holds at most {MAX_COLUMNS:,} columns"
        )
        raise ValueError(msg)
