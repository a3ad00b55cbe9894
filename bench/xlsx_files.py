"""Hostile workbooks built part by part: a malformed sheet, a DTD, a zip bomb, a dense sheet.

openpyxl writes only well-formed workbooks, so these are written as the zip they are, small on
disk however large they inflate.

Shared by the tests and ``bench/hostile.py``, here so that the bench stands on the package
alone.
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
CONTENT_TYPES = "http://schemas.openxmlformats.org/package/2006/content-types"
SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
BOOK_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
STRINGS_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"


def cell(reference: str, value: object) -> str:
    """One inline-string cell (numbers as numbers)."""
    if isinstance(value, int | float):
        return f'<c r="{reference}"><v>{value}</v></c>'
    return f'<c r="{reference}" t="inlineStr"><is><t>{value}</t></is></c>'


def sheet_xml(rows: Sequence[Sequence[object]], *, merges: Sequence[str] = ()) -> bytes:
    """A worksheet holding ``rows`` from A1, with ``merges`` (``"A2:A4"``) declared."""
    body = []
    for number, values in enumerate(rows, start=1):
        cells = "".join(
            cell(f"{chr(65 + index)}{number}", value)
            for index, value in enumerate(values)
            if value is not None
        )
        body.append(f'<row r="{number}">{cells}</row>')
    merged = "".join(f'<mergeCell ref="{ref}"/>' for ref in merges)
    merge_block = f'<mergeCells count="{len(merges)}">{merged}</mergeCells>' if merges else ""
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}">'
        f"<sheetData>{''.join(body)}</sheetData>{merge_block}</worksheet>"
    ).encode()


GOOD_ROWS: list[list[object]] = [
    ["round", "player", "cards"],
    [1, "Ann", "As Ks Qs Js Ts 2c 3d"],
    [1, "Bob", "9h 9d Qs Js Ts 2c 3d"],
]


BigPart = tuple[bytes, bytes, int, bytes]
"""A part as ``(head, block, repeats, tail)``: it inflates to ``head + block * repeats + tail``."""


def write_workbook(
    path: Path,
    sheets: Sequence[tuple[str, bytes | BigPart | None]],
    shared_strings: Sequence[str] = (),
) -> None:
    """A workbook whose sheets are ``(name, xml)``; ``None`` leaves the sheet's part out, and a
    :data:`BigPart` is deflated block by block so that the file stays small however large the
    part inflates (a zip bomb, or a dense sheet). Cells ``t="s"`` index ``shared_strings``."""
    listed = "".join(
        f'<sheet name="{name}" sheetId="{index}" r:id="rId{index}"/>'
        for index, (name, _) in enumerate(sheets, start=1)
    )
    relations = "".join(
        f'<Relationship Id="rId{index}" Type="{RELATIONS}/worksheet" '
        f'Target="worksheets/sheet{index}.xml"/>'
        for index in range(1, len(sheets) + 1)
    )
    if shared_strings:
        relations += (
            f'<Relationship Id="rIdStrings" Type="{RELATIONS}/sharedStrings" '
            'Target="sharedStrings.xml"/>'
        )
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{index}.xml" ContentType="{SHEET_TYPE}"/>'
        for index in range(1, len(sheets) + 1)
    )
    if shared_strings:
        overrides += f'<Override PartName="/xl/sharedStrings.xml" ContentType="{STRINGS_TYPE}"/>'
    parts: dict[str, bytes | BigPart] = {
        "[Content_Types].xml": (
            f'<?xml version="1.0"?><Types xmlns="{CONTENT_TYPES}">'
            '<Default Extension="rels" '
            'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            f'<Override PartName="/xl/workbook.xml" ContentType="{BOOK_TYPE}"/>{overrides}</Types>'
        ).encode(),
        "_rels/.rels": (
            f'<?xml version="1.0"?><Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" '
            f'Type="{RELATIONS}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ).encode(),
        "xl/workbook.xml": (
            f'<?xml version="1.0"?><workbook xmlns="{MAIN}" xmlns:r="{RELATIONS}">'
            f"<sheets>{listed}</sheets></workbook>"
        ).encode(),
        "xl/_rels/workbook.xml.rels": (
            f'<?xml version="1.0"?><Relationships xmlns="{PACKAGE}">{relations}</Relationships>'
        ).encode(),
    }
    if shared_strings:
        strings = "".join(f"<si><t>{text}</t></si>" for text in shared_strings)
        parts["xl/sharedStrings.xml"] = (
            f'<?xml version="1.0"?><sst xmlns="{MAIN}" count="{len(shared_strings)}">'
            f"{strings}</sst>"
        ).encode()
    for index, (_, xml) in enumerate(sheets, start=1):
        if xml is not None:
            parts[f"xl/worksheets/sheet{index}.xml"] = xml
    body = bytearray()
    directory = bytearray()
    for name, content in parts.items():
        head, block, repeats, tail = (
            content if isinstance(content, tuple) else (content, b"", 0, b"")
        )
        compressed = bytearray()
        for piece, times in ((head, 1), (block, repeats), (tail, 1)):
            deflater = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
            compressed += (deflater.compress(piece) + deflater.flush(zlib.Z_FULL_FLUSH)) * times
        compressed += zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS).flush(zlib.Z_FINISH)
        crc = zlib.crc32(head)
        for _ in range(repeats):
            crc = zlib.crc32(block, crc)
        crc = zlib.crc32(tail, crc)
        size = len(head) + len(block) * repeats + len(tail)
        encoded, offset = name.encode(), len(body)
        body += struct.pack(
            "<4s5H3L2H", b"PK\x03\x04", 20, 0, 8, 0, 0, crc, len(compressed), size,
            len(encoded), 0,
        )  # fmt: skip
        body += encoded + compressed
        directory += struct.pack(
            "<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, 8, 0, 0, crc, len(compressed), size,
            len(encoded), 0, 0, 0, 0, 0, offset,
        )  # fmt: skip
        directory += encoded
    end = struct.pack(
        "<4s4H2LH", b"PK\x05\x06", 0, 0, len(parts), len(parts), len(directory), len(body), 0
    )
    path.write_bytes(bytes(body + directory + end))


def rows_block(columns: int, rows: Iterable[int]) -> bytes:
    """Rows of ``columns`` small numbers each, as sheet XML."""
    letters = [chr(65 + index % 26) * (1 + index // 26) for index in range(columns)]
    return "".join(
        f'<row r="{row}">' + "".join(f'<c r="{letter}{row}"><v>7</v></c>' for letter in letters)
        + "</row>"
        for row in rows
    ).encode()  # fmt: skip


def declare_size(path: Path, part: str, size: int) -> None:
    """Make the zip's headers say ``part`` inflates to ``size`` bytes, whatever it really does
    (a zip bomb that lies about its size to look small)."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        local = archive.getinfo(part).header_offset
        position = archive.start_dir
    struct.pack_into("<L", data, local + 22, size)
    while data[position : position + 4] == b"PK\x01\x02":
        name_length, extra_length, comment_length = struct.unpack_from("<3H", data, position + 28)
        if data[position + 46 : position + 46 + name_length].decode() == part:
            struct.pack_into("<L", data, position + 24, size)
        position += 46 + name_length + extra_length + comment_length
    path.write_bytes(bytes(data))
