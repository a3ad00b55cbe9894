"""A workbook's parts looked at before any XML parser sees them: the zip directory, each part
inflated once in bounded steps, sheet extents, merged ranges and DTDs, all without openpyxl.

calamine allocates a sheet's whole used range at once (a stray cell in ``XFD1048576`` asks for
hundreds of gigabytes and aborts the process) and opens every part a sheet needs; openpyxl loads
everything. So each part is checked here first, cheaply and in bounded memory:

* it is in the file (a sheet whose part is missing is reported, the others go on);
* it inflates to no more than the zip directory says (a part that lies about its size is a zip
  bomb) and to no more than the memory cap;
* its prolog declares no ``DOCTYPE`` (entities are never expanded: a part that declares any is
  refused, as defusedxml does);
* a worksheet's real extent (its highest row and column actually used, not the ``dimension`` it
  declares) fits the sheet limits; its first row holding a value and its merged ranges are
  noted on the way.

>>> import io, zipfile
>>> buffer = io.BytesIO()
>>> with zipfile.ZipFile(buffer, "w") as archive:
...     archive.writestr("xl/workbook.xml", '<workbook xmlns:r="r"><sheets>'
...         '<sheet name="Night" sheetId="1" r:id="rId1"/></sheets></workbook>')
...     archive.writestr("xl/_rels/workbook.xml.rels", '<Relationships><Relationship Id="rId1" '
...         'Type="http://x/worksheet" Target="worksheets/sheet1.xml"/></Relationships>')
...     archive.writestr("xl/worksheets/sheet1.xml", '<worksheet><sheetData><row r="3">'
...         '<c r="B3" t="inlineStr"><is><t>round</t></is></c></row><row r="4"><c r="B4">'
...         '<v>1</v></c></row></sheetData><mergeCells><mergeCell ref="B4:B6"/></mergeCells>'
...         '</worksheet>')
>>> parts = inspect_workbook(buffer.getvalue(), memory_cap=1 << 30)
>>> parts.problem, [(sheet.name, sheet.part, sheet.problem) for sheet in parts.sheets]
('', [('Night', 'xl/worksheets/sheet1.xml', '')])
>>> sheet = parts.sheets[0]
>>> sheet.max_row, sheet.max_column, sheet.first_row, sheet.merges
(4, 2, 3, ((4, 2, 6, 2),))
"""

from __future__ import annotations

import functools
import io
import re
import struct
import zipfile
import zlib
from dataclasses import dataclass, field
from posixpath import dirname, join, normpath

MAX_COLUMNS = 1_000
MAX_CELLS = 60_000_000
CHUNK = 4 << 20  # inflated bytes looked at per step: memory stays bounded whatever the part
PROLOG_LIMIT = 64 << 10  # an XML declaration and comments fit; a root further down is suspect
_LOCAL_HEADER = struct.Struct("<4s5H3L2H")
_PROLOG_ROOT = re.compile(rb"<[A-Za-z_]")
_DTD = re.compile(rb"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)
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
_WORKSHEET_TYPE = "/worksheet"


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


@dataclass
class WorkbookParts:
    """What :func:`inspect_workbook` found: a file-level ``problem`` (the file cannot be read at
    all), the sheets in workbook order, the parts refused, and the bytes the parts inflate to."""

    problem: str = ""
    sheets: list[SheetPart] = field(default_factory=list)
    refused_parts: list[str] = field(default_factory=list)
    inflated_bytes: int = 0
    longest_shared_string: int = 0  # bytes of XML: every cell naming it holds a copy once read


class _RefusedPartError(Exception):
    """A part that must not reach a parser, and why."""


def column_number(letters: str) -> int:
    """``"A"`` -> 1, ``"XFD"`` -> 16384.

    >>> column_number("A"), column_number("AA"), column_number("XFD")
    (1, 27, 16384)
    """
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


def declared_inflated_bytes(data: bytes) -> int:
    """What the zip directory says the parts inflate to (0 when ``data`` is not a zip); cheap,
    and trusted only as far as :func:`inspect_workbook` checks it."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return sum(item.file_size for item in archive.infolist())
    except (zipfile.BadZipFile, ValueError, EOFError):
        return 0


@functools.lru_cache(maxsize=1)  # the job asks whether to isolate, then reads: one pass
def inspect_workbook(data: bytes, memory_cap: int) -> WorkbookParts:
    """Check every part of the workbook in ``data``; see the module docstring."""
    found = WorkbookParts()
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, EOFError) as error:
        found.problem = f"is not a real .xlsx workbook ({error})"
        return found
    with archive:
        items = {item.filename: item for item in archive.infolist()}
        sheet_parts = _sheet_parts(data, archive, items)
        if isinstance(sheet_parts, str):
            found.problem = sheet_parts
            return found
        worksheets = {part for _, part in sheet_parts}
        for name, item in items.items():
            if name in worksheets or item.is_dir():
                continue
            strings = _StringScan() if name.endswith("sharedStrings.xml") else None
            try:
                found.inflated_bytes += _check_part(data, item, memory_cap, strings)
            except _RefusedPartError as problem:
                found.refused_parts.append(name)
                found.problem = f"its part {name!r} {problem}"
                return found
            if strings is not None:
                found.longest_shared_string = max(found.longest_shared_string, strings.longest)
        for name, part in sheet_parts:
            sheet_item = items.get(part)
            if sheet_item is None:
                found.sheets.append(
                    SheetPart(name, part, f"its part {part!r} is missing from the file")
                )
                continue
            scan = _SheetScan()
            try:
                found.inflated_bytes += _check_part(data, sheet_item, memory_cap, scan)
            except _RefusedPartError as problem:
                found.refused_parts.append(part)
                found.sheets.append(SheetPart(name, part, f"its part {part!r} {problem}"))
                continue
            found.sheets.append(scan.sheet(name, part))
    return found


def _sheet_parts(
    data: bytes, archive: zipfile.ZipFile, items: dict[str, zipfile.ZipInfo]
) -> list[tuple[str, str]] | str:
    """Each worksheet's name and part, in workbook order (chart sheets left out), or why the
    workbook's own list of sheets cannot be read."""
    import xml.etree.ElementTree as ElementTree

    book_part = "xl/workbook.xml"
    rels_part = "xl/_rels/workbook.xml.rels"
    texts: dict[str, bytes] = {}
    for part in (book_part, rels_part):
        item = items.get(part)
        if item is None:
            return f"is not a real .xlsx workbook (no {part!r})"
        try:
            _check_part(data, item, 64 << 20, None)
            texts[part] = archive.read(item)
            book = ElementTree.fromstring(texts[part])
        except _RefusedPartError as problem:
            return f"its part {part!r} {problem}"
        except (ElementTree.ParseError, zipfile.BadZipFile, zlib.error) as error:
            return f"its part {part!r} cannot be read ({error})"
    book = ElementTree.fromstring(texts[book_part])
    relations = ElementTree.fromstring(texts[rels_part])
    targets = {
        relation.get("Id"): (relation.get("Type") or "", relation.get("Target") or "")
        for relation in relations
        if relation.tag.rsplit("}", 1)[-1] == "Relationship"
    }
    sheets: list[tuple[str, str]] = []
    for element in book.iter():
        if element.tag.rsplit("}", 1)[-1] != "sheet":
            continue
        relation = next((value for key, value in element.attrib.items() if key.endswith("id")), "")
        kind, target = targets.get(relation, ("", ""))
        if not kind.endswith(_WORKSHEET_TYPE):
            continue  # a chart sheet: nothing tabular to read
        part = target.lstrip("/") if target.startswith("/") else join(dirname(book_part), target)
        sheets.append((element.get("name") or "", normpath(part)))
    return sheets


def _count(text: bytes, *needles: bytes) -> int:
    return sum(text.count(needle) for needle in needles)


class _SheetScan:
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


class _StringScan:
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


def _check_part(
    data: bytes, item: zipfile.ZipInfo, memory_cap: int, scan: _SheetScan | _StringScan | None
) -> int:
    """Inflate one part in bounded steps (never holding more than a step), checking its size
    and its prolog and feeding a sheet's scan; the bytes it inflates to."""
    if item.file_size > memory_cap:
        msg = (
            f"inflates to {item.file_size / 2**20:,.0f} MB: over the memory cap of "
            f"{memory_cap >> 20} MB"
        )
        raise _RefusedPartError(msg)
    inflated = 0
    head = b""
    carry = b""
    for block in _inflate(data, item):
        inflated += len(block)
        if inflated > item.file_size:
            msg = (
                f"inflates to more than the {item.file_size:,} bytes the zip directory says "
                "(a zip bomb): refused"
            )
            raise _RefusedPartError(msg)
        if len(head) < PROLOG_LIMIT:
            head += block[: PROLOG_LIMIT - len(head)]
            _check_prolog(head)
        if scan is not None:
            text = carry + block
            cut = text.rfind(b"</row>")
            cut = text.rfind(b">") if cut < 0 else cut + len(b"</row>")
            if cut < 0 or len(text) - cut > CHUNK:
                cut = len(text)
            scan.feed(text[:cut])
            carry = text[cut:]
    if scan is not None and carry:
        scan.feed(carry)
    return inflated


def _check_prolog(head: bytes) -> None:
    """A DTD may only sit before the root element, so the prolog is all there is to check."""
    root = _PROLOG_ROOT.search(head)
    prolog = head if root is None else head[: root.start()]
    if _DTD.search(prolog):
        msg = "declares a DOCTYPE (entities that could expand without end): refused"
        raise _RefusedPartError(msg)
    if root is None and len(head) >= PROLOG_LIMIT:
        msg = f"has no XML element in its first {PROLOG_LIMIT >> 10} KB: refused"
        raise _RefusedPartError(msg)


def _inflate(data: bytes, item: zipfile.ZipInfo) -> list[bytes] | _Blocks:
    """The part's bytes in steps of at most :data:`CHUNK`, inflated from its raw compressed
    data, so that nothing trusts the sizes the directory declares."""
    offset = item.header_offset
    header = data[offset : offset + _LOCAL_HEADER.size]
    if len(header) < _LOCAL_HEADER.size or header[:4] != b"PK\x03\x04":
        msg = "has a broken zip header: refused"
        raise _RefusedPartError(msg)
    name_length, extra_length = _LOCAL_HEADER.unpack(header)[-2:]
    start = offset + _LOCAL_HEADER.size + name_length + extra_length
    raw = memoryview(data)[start : start + item.compress_size]
    if item.compress_type == zipfile.ZIP_STORED:
        return [bytes(raw[index : index + CHUNK]) for index in range(0, len(raw), CHUNK)]
    if item.compress_type != zipfile.ZIP_DEFLATED:
        msg = f"uses a compression this reader does not know ({item.compress_type}): refused"
        raise _RefusedPartError(msg)
    return _Blocks(raw)


class _Blocks:
    """Raw deflate data inflated :data:`CHUNK` bytes at a time."""

    def __init__(self, raw: memoryview) -> None:
        self.raw = raw

    def __iter__(self) -> _Blocks:
        self.inflater = zlib.decompressobj(-zlib.MAX_WBITS)
        self.pending: bytes | memoryview = self.raw
        return self

    def __next__(self) -> bytes:
        while True:
            try:
                block = self.inflater.decompress(self.pending, CHUNK)
            except zlib.error as error:
                msg = f"cannot be inflated ({error}): refused"
                raise _RefusedPartError(msg) from None
            self.pending = self.inflater.unconsumed_tail
            if block:
                return block
            if not self.pending or self.inflater.eof:
                raise StopIteration
