"""What one pass over a worksheet's XML notes, a piece at a time, before calamine sees it: its
real extent (its highest row and column actually used, not the ``dimension`` it declares), its
first row holding a value and its merged ranges; and the longest shared string.

calamine allocates a sheet's whole used range at once (a stray cell in ``XFD1048576`` asks for
hundreds of gigabytes and aborts the process), so a sheet whose extent passes :data:`MAX_COLUMNS`
or :data:`MAX_CELLS` gets a ``problem`` instead of being loaded.

>>> scan = SheetScan()
>>> scan.feed(b'<sheetData><row r="3"><c r="B3" t="inlineStr"><is><t>round</t></is></c></row>')
>>> scan.feed(b'<row r="4"><c r="B4"><v>1</v></c></row></sheetData>')
>>> scan.feed(b'<mergeCells><mergeCell ref="B4:B6"/></mergeCells>')
>>> sheet = scan.sheet("Night", "xl/worksheets/sheet1.xml")
>>> sheet.problem, sheet.max_row, sheet.max_column, sheet.first_row, sheet.merges
('', 4, 2, 3, ((4, 2, 6, 2),))
>>> scan.feed(b'<row r="9"><c r="XFD9"><v>1</v></c></row>')
>>> scan.sheet("Night", "xl/worksheets/sheet1.xml").problem[:40]
'spans 9 rows x 16,384 columns: over the '
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_COLUMNS = 1_000
MAX_CELLS = 60_000_000

__all__ = ["MAX_CELLS", "MAX_COLUMNS", "SheetPart", "SheetScan", "StringScan", "column_number"]

# Every cell's (and row's) reference: ` r="AB12"` / ` r="12"`, in any quoting or spacing (a
# reference that slipped past would let calamine allocate whatever it names).
# (The literal ``r`` comes first so that the engine skips to each ``r``; the look-behind then
# checks the space before it. Written the other way round it is ten times slower.)
_COLUMN_LETTERS = re.compile(rb"""r(?<=\sr)\s*=\s*["']([A-Z]{1,4})\d""")
_ROW_DIGITS = re.compile(rb"""r(?<=\sr)\s*=\s*["'][A-Z]{0,4}(\d{1,9})["']""")
# The first cell that holds a value (calamine's range starts there; styled blanks do not count).
# ``r`` is optional in the format: a cell without it follows the one before, a row without it
# the row before.
_VALUE_CELL = re.compile(
    rb"""<c\b([^>]*?)(?<!/)>(?:(?!</c>).){0,4096}?<(?:v|is)\b""",
    re.DOTALL,
)
_CELL_ROW = re.compile(rb"""\sr=["'][A-Z]{1,4}(\d{1,9})["']""")
_ROW = re.compile(rb"<row[ >]")
_SHARED_STRING = re.compile(rb"<si[ >]")
_ROW_NUMBER = re.compile(rb"""<row\b[^>]*?\sr=["'](\d{1,9})["']""")
_MERGE = re.compile(rb"""<mergeCell\b[^>]*?\sref=["']([A-Z]{1,4})(\d{1,9}):([A-Z]{1,4})(\d{1,9})""")


@dataclass(frozen=True)
class SheetPart:
    """One sheet as its part shows it: where it is, why it cannot be read (``problem``), its
    real extent, its first row holding a value, and its merged ranges (1-based, inclusive:
    ``(first_row, first_column, last_row, last_column)``)."""

    name: str
    part: str
    problem: str = ""
    max_row: int = 0
    max_column: int = 0
    first_row: int = 0  # 0: no cell holds a value
    merges: tuple[tuple[int, int, int, int], ...] = ()

    @property
    def cells(self) -> int:
        """The used range calamine would allocate, in cells."""
        return self.max_row * self.max_column


def column_number(letters: str) -> int:
    """``"A"`` -> 1, ``"XFD"`` -> 16384.

    >>> column_number("A"), column_number("AA"), column_number("XFD")
    (1, 27, 16384)
    """
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


def _count(text: bytes, *needles: bytes) -> int:
    return sum(text.count(needle) for needle in needles)


class SheetScan:
    """What one pass over a worksheet's XML notes: extent, first value row, merged ranges."""

    def __init__(self) -> None:
        self.max_row = 0
        self.max_column = 0
        self.first_row = 0
        self.merges: list[tuple[int, int, int, int]] = []
        self.bad_reference = ""  # row 0 does not exist: calamine would drop the sheet in silence
        self.rows_seen = 0

    def feed(self, text: bytes) -> None:
        rows_before = self.rows_seen
        self.rows_seen += text.count(b"<row")  # an upper bound: enough for a size check
        self.max_row = max(self.max_row, self.rows_seen)
        columns = _COLUMN_LETTERS.findall(text)
        if _count(text, b"<c ", b"<c>") > len(columns):  # positions implied: count them
            segments = text.split(b"<row")
            widest_row = max(_count(row, b"<c ", b"<c>", b"<c/") for row in segments)
            self.max_column = max(self.max_column, widest_row)
        letters = set(columns)
        rows = set(_ROW_DIGITS.findall(text))
        if letters:
            widest = max(letters, key=lambda value: (len(value), value))
            self.max_column = max(self.max_column, column_number(widest.decode()))
        if rows:
            deepest = max(rows, key=lambda value: (len(value), value))
            self.max_row = max(self.max_row, int(deepest))
            zero = next((digits for digits in rows if not digits.strip(b"0")), None)
            if zero is not None and not self.bad_reference:
                self.bad_reference = f"row {zero.decode()}"
        if not self.first_row:
            first = _VALUE_CELL.search(text)
            if first is not None:
                self.first_row = self._row_of(text, first, rows_before)
        if b"<mergeCell" in text:
            for first_col, first_row, last_col, last_row in _MERGE.findall(text):
                self.merges.append(
                    (
                        int(first_row),
                        column_number(first_col.decode()),
                        int(last_row),
                        column_number(last_col.decode()),
                    )
                )

    @staticmethod
    def _row_of(text: bytes, cell: re.Match[bytes], rows_before: int) -> int:
        """The row a cell sits on: its own reference, else its row's, else the rows counted."""
        own = _CELL_ROW.search(cell.group(1))
        if own is not None:
            return int(own.group(1))
        before = text[: cell.start()]
        numbered = list(_ROW_NUMBER.finditer(before))
        if numbered and not _ROW.search(before, numbered[-1].end()):
            return int(numbered[-1].group(1))
        return max(rows_before + len(_ROW.findall(before)), 1)

    def sheet(self, name: str, part: str) -> SheetPart:
        problem = ""
        if self.bad_reference:
            problem = f"a cell reference names {self.bad_reference}, which does not exist"
        elif self.max_column > MAX_COLUMNS or self.max_row * self.max_column > MAX_CELLS:
            problem = (
                f"spans {self.max_row:,} rows x {self.max_column:,} columns: over the limit of "
                f"{MAX_COLUMNS:,} columns and {MAX_CELLS:,} cells; a stray cell far to the right "
                "or below the table makes this, delete it and save again"
            )
        return SheetPart(
            name, part, problem, self.max_row, self.max_column, self.first_row, tuple(self.merges)
        )


class StringScan:
    """The longest shared string, as the distance between one ``<si`` and the next."""

    def __init__(self) -> None:
        self.seen = 0
        self.last_start = 0
        self.longest = 0

    def feed(self, text: bytes) -> None:
        for start in _SHARED_STRING.finditer(text):
            position = self.seen + start.start()
            self.longest = max(self.longest, position - self.last_start)
            self.last_start = position
        self.seen += len(text)
        self.longest = max(self.longest, self.seen - self.last_start)
