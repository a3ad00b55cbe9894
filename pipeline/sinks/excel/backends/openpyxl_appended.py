"""Our columns' cells in a producer's workbook, added to the sheet's XML as openpyxl saves it.

openpyxl keeps the producer's workbook whole (their formatting, formulas, other parts), but
each cell it holds costs about 20 microseconds to create and save: our columns of a 100,000-row
sheet would cost more than loading and saving the whole workbook.  So our header cells, widths,
conditional formats and print setup go through openpyxl, and our data cells are written as XML
text, built column by column with polars (:mod:`.row_xml`), and put at the end of each of
their rows in the saved sheet (:func:`splice_sheet`): our columns sit right of every producer
column, so a row's cells stay in column order.
"""

from __future__ import annotations

import datetime
import re
import zipfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

import polars as pl
from openpyxl.utils import column_index_from_string, get_column_letter
from openpyxl.writer.excel import ExcelWriter

from pipeline.sinks.excel.row_xml import cells_xml

_ROW = re.compile(rb"<row\b[^>]*?(?:/>|>.*?</row>)", re.S)
_ROW_NUMBER = re.compile(rb'\br="(\d+)"')
_DIMENSION = re.compile(rb'<dimension ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"\s*/>')


@dataclass(frozen=True)
class Appended:
    """One sheet's added cells: the XML of each worksheet row's cells, and our last column."""

    rows: Mapping[int, bytes]
    last_column: int


def row_cells(
    table: pl.DataFrame,
    rows: Sequence[int],
    first_column: int,
    styles: Sequence[Sequence[int]],
    kinds: pl.Series | None = None,
) -> Appended:
    """Our cells' XML by worksheet row (see :func:`~.row_xml.cells_xml`), for the splice.

    >>> table = pl.DataFrame({"a": ["x&y", None], "b": [1.5, 2.0]})
    >>> cells = row_cells(table, [2, 5], 3, [[4, 0], [5, 6]], pl.Series([0, 1]))
    >>> cells.rows[2]
    b'<c r="C2" s="4" t="inlineStr"><is><t>x&amp;y</t></is></c><c r="D2"><v>1.5</v></c>'
    >>> cells.rows[5]
    b'<c r="C5" s="5"/><c r="D5" s="6"><v>2.0</v></c>'
    """
    numbers = pl.Series("row", list(rows), dtype=pl.Int64)
    text = cells_xml(table, numbers, first_column, styles, kinds)
    return Appended(
        {row: xml.encode("utf-8") for row, xml in zip(rows, text, strict=True) if xml},
        first_column + table.width - 1,
    )


def splice_sheet(xml: bytes, appended: Appended) -> bytes:
    """``xml`` (a worksheet part as openpyxl saves it) with each row's added cells at the end of
    that row (a row it lacks is added in its place), and the dimension widened to cover them.

    >>> sheet = b'<worksheet><dimension ref="A1:B3"/><sheetData><row r="1"><c r="A1"/></row>'
    >>> sheet += b'<row r="3" ht="20"/></sheetData></worksheet>'
    >>> spliced = splice_sheet(sheet, Appended({1: b"<x/>", 3: b"<y/>"}, 4)).decode()
    >>> spliced[:88]
    '<worksheet><dimension ref="A1:D3"/><sheetData><row r="1"><c r="A1"/><x/></row><row r="3"'
    >>> spliced[88:]
    ' ht="20"><y/></row></sheetData></worksheet>'
    >>> splice_sheet(sheet, Appended({2: b"<x/>"}, 4)).decode()  # doctest: +ELLIPSIS
    '...</row><row r="2"><x/></row><row r="3" ht="20"/></sheetData></worksheet>'
    """
    start = xml.find(b"<sheetData")
    if start < 0:
        msg = "the saved sheet has no sheetData element"
        raise ValueError(msg)
    open_end = xml.index(b">", start) + 1
    if xml[open_end - 2 : open_end] == b"/>":  # <sheetData/>: no rows at all
        xml = xml[: open_end - 2] + b"></sheetData>" + xml[open_end:]
        open_end -= 1
    close = xml.index(b"</sheetData>", open_end)
    head = _widened(xml[:open_end], appended.last_column, max(appended.rows, default=0))
    body, tail = xml[open_end:close], xml[close:]
    numbers = [int(number) for number in _ROW_START.findall(body)]
    if set(appended.rows) <= set(numbers):
        return head + _each_row(body, numbers, appended.rows) + tail
    return head + _row_by_row(body, appended.rows) + tail


_ROW_START = re.compile(rb'<row r="(\d+)"')
_EMPTY_ROW = re.compile(rb"(<row\b[^>]*?)\s*/>")


def _each_row(body: bytes, numbers: list[int], rows: Mapping[int, bytes]) -> bytes:
    """Every row of ``rows`` is in ``body``, each once, in order: cut the body at each row's end
    and put its cells there (no loop over the XML in Python, one look-up a row)."""
    body = _EMPTY_ROW.sub(rb"\1></row>", body)
    pieces = body.split(b"</row>")
    if len(pieces) != len(numbers) + 1:  # not as openpyxl writes rows: go row by row
        return _row_by_row(body, rows)
    cells = [rows.get(number, b"") for number in numbers]
    joined = [piece + added + b"</row>" for piece, added in zip(pieces, cells, strict=False)]
    return b"".join(joined) + pieces[-1]


def _row_by_row(body: bytes, rows: Mapping[int, bytes]) -> bytes:
    """The general case: rows found one by one, a row ``body`` lacks added in its place."""
    pending = sorted(rows)
    out: list[bytes] = []
    at, index = 0, 0
    for found in _ROW.finditer(body):
        element = found.group(0)
        number_found = _ROW_NUMBER.search(element)
        if number_found is None:
            continue
        number = int(number_found.group(1))
        out.append(body[at : found.start()])
        while index < len(pending) and pending[index] < number:
            out.append(_new_row(pending[index], rows[pending[index]]))
            index += 1
        if index < len(pending) and pending[index] == number:
            if element.endswith(b"/>"):
                element = element[:-2].rstrip() + b">" + rows[number] + b"</row>"
            else:
                element = element[: -len(b"</row>")] + rows[number] + b"</row>"
            index += 1
        out.append(element)
        at = found.end()
    out.append(body[at:])
    out.extend(_new_row(row, rows[row]) for row in pending[index:])
    return b"".join(out)


def _new_row(number: int, cells: bytes) -> bytes:
    return b'<row r="%d">%s</row>' % (number, cells)


def _widened(head: bytes, last_column: int, last_row: int) -> bytes:
    """The ``<dimension>`` in ``head`` widened to ``last_column`` and ``last_row``."""
    found = _DIMENSION.search(head)
    if found is None:
        return head
    first_letter, first_row = found.group(1), found.group(2)
    last_letter = found.group(3) or first_letter
    last_row_found = found.group(4) or first_row
    last = max(column_index_from_string(last_letter.decode()), last_column)
    rows = max(int(last_row_found), last_row)
    ref = b"%s%s:%s%d" % (first_letter, first_row, get_column_letter(last).encode(), rows)
    return head[: found.start()] + b'<dimension ref="' + ref + b'"/>' + head[found.end() :]


class _SplicingZip(zipfile.ZipFile):
    """The zip openpyxl saves into: a worksheet part named in ``parts`` (found when it is
    written, since openpyxl numbers the parts as it saves) gets its added cells on the way in,
    so the workbook is compressed once."""

    def __init__(self, target: BinaryIO, parts: Callable[[], Mapping[str, Appended]]) -> None:
        super().__init__(target, "w", zipfile.ZIP_DEFLATED, allowZip64=True)
        self._parts = parts

    def write(
        self,
        filename: Any,
        arcname: Any = None,
        compress_type: int | None = None,
        compresslevel: int | None = None,
    ) -> None:
        added = self._parts().get(str(arcname))
        if added is None:
            super().write(filename, arcname, compress_type, compresslevel)
            return
        with open(filename, "rb") as part:
            self.writestr(str(arcname), splice_sheet(part.read(), added))


def save_with_cells(book: Any, added: Mapping[str, Appended], target: BinaryIO) -> None:
    """Save ``book`` (openpyxl) into ``target``, each sheet titled in ``added`` with its cells."""
    book.properties.modified = datetime.datetime.now(tz=datetime.UTC).replace(tzinfo=None)

    def parts() -> dict[str, Appended]:
        return {book[title].path.lstrip("/"): cells for title, cells in added.items()}

    with _SplicingZip(target, parts) as archive:
        ExcelWriter(book, archive).save()
