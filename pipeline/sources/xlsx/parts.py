"""A workbook's parts looked at before any XML parser sees them: the zip directory, the
workbook's list of sheets, and every part checked once, all without openpyxl.

calamine allocates a sheet's whole used range at once (a stray cell in ``XFD1048576`` asks for
hundreds of gigabytes and aborts the process) and opens every part a sheet needs; openpyxl loads
everything. So each part is checked here first, cheaply and in bounded memory (inflated a
step at a time by :mod:`~pipeline.sources.xlsx.part_stream`, a worksheet scanned on the way by
:mod:`~pipeline.sources.xlsx.sheet_scan`):

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
import zipfile
import zlib
from dataclasses import dataclass, field
from posixpath import dirname, join, normpath

from pipeline.sources.xlsx.part_stream import RefusedPartError, check_part
from pipeline.sources.xlsx.sheet_scan import SheetPart, SheetScan, StringScan

__all__ = ["WorkbookParts", "declared_inflated_bytes", "inspect_workbook"]

_WORKSHEET_TYPE = "/worksheet"


@dataclass
class WorkbookParts:
    """What :func:`inspect_workbook` found: a file-level ``problem`` (the file cannot be read at
    all), the sheets in workbook order, the parts refused, and the bytes the parts inflate to."""

    problem: str = ""
    sheets: list[SheetPart] = field(default_factory=list)
    refused_parts: list[str] = field(default_factory=list)
    inflated_bytes: int = 0
    longest_shared_string: int = 0  # bytes of XML: every cell naming it holds a copy once read


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
            strings = StringScan() if name.endswith("sharedStrings.xml") else None
            try:
                found.inflated_bytes += check_part(data, item, memory_cap, strings)
            except RefusedPartError as problem:
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
            scan = SheetScan()
            try:
                found.inflated_bytes += check_part(data, sheet_item, memory_cap, scan)
            except RefusedPartError as problem:
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
            check_part(data, item, 64 << 20, None)
            texts[part] = archive.read(item)
            book = ElementTree.fromstring(texts[part])
        except RefusedPartError as problem:
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
