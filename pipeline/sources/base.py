"""What every source gives the job: raw sheets of text cells, and problems instead of exceptions.

A :class:`RawSheet` is what a person sees in the file: the header row's names and every cell
below it as text (or null), with the row number Excel or a text editor shows next to each row.
Nothing is interpreted here; layouts and validation belong to the games.  A file that cannot be
read at all gives a :class:`ReadProblem`, so one hostile file never stops the others.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import polars as pl

from pipeline.records.problems import ReadProblem

__all__ = [
    "HeaderTest",
    "RawSheet",
    "ReadProblem",
    "Source",
    "SourceFile",
    "decode_text",
    "utf16_without_bom",
]

HeaderTest = Callable[[Sequence[str]], bool]
"""Says whether a row of cells is a header the job knows (a title may sit above it)."""


@dataclass(frozen=True)
class RawSheet:
    """One table of text cells: ``frame`` (header names as columns) and each row's number."""

    name: str
    frame: pl.DataFrame
    excel_rows: list[int]
    header_row: int = 1
    header_columns: dict[str, int] = field(default_factory=dict)  # column name -> 1-based index


@dataclass
class SourceFile:
    """Everything read from one input file."""

    path: Path
    kind: str = ""  # the source that read it: "csv", "xlsx", "listing", ...
    sheets: list[RawSheet] = field(default_factory=list)
    problems: list[ReadProblem] = field(default_factory=list)
    # The bytes that were read, when the job keeps them (a workbook is scored and written back
    # from these, a text input read from them, never from the file again, which may have
    # changed since).
    content: bytes | None = field(default=None, repr=False)
    refused_parts: list[str] = field(default_factory=list)  # hostile parts no parser may see

    def data(self) -> bytes:
        """The input's bytes: those the job read and hashed, else the file's now."""
        return self.content if self.content is not None else self.path.read_bytes()


class Source(Protocol):
    """A kind of input, recognised from its first bytes (never from the file name)."""

    @property
    def name(self) -> str:
        """What the manifest and messages call this kind: ``csv``, ``xlsx``, ``listing``."""
        ...

    def sniff(self, head: bytes) -> bool:
        """Whether a file starting with ``head`` is of this kind."""
        ...

    def read(self, path: Path, source: SourceFile, is_header: HeaderTest | None) -> None:
        """Add the file's sheets (and problems) to ``source``."""
        ...


UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def utf16_without_bom(data: bytes) -> str | None:
    r"""``utf-16-le`` or ``utf-16-be`` for text written in UTF-16 without a byte-order mark
    (as some poker clients save their hand histories): most of its characters are ASCII, so one
    byte of each pair is zero; None for any other text.

    >>> utf16_without_bom("Hand #1".encode("utf-16-le")), utf16_without_bom(b"Hand #1")
    ('utf-16-le', None)
    >>> utf16_without_bom("Seat 1: Zoë".encode("utf-16-be"))
    'utf-16-be'
    """
    sample = data[:4096]
    pairs = len(sample) // 2
    if pairs < 2:
        return None
    even_zeros, odd_zeros = sample[0::2].count(0), sample[1::2].count(0)
    if odd_zeros >= 0.4 * pairs and even_zeros <= 0.05 * pairs:
        return "utf-16-le"
    if even_zeros >= 0.4 * pairs and odd_zeros <= 0.05 * pairs:
        return "utf-16-be"
    return None


def decode_text(data: bytes) -> str:
    r"""UTF-16 with its BOM (Excel's "Unicode Text") or without (:func:`utf16_without_bom`),
    else UTF-8 (with or without a BOM), line
    by line: a line that is not UTF-8 is read as cp1252, the Windows spreadsheet default, and
    only that line, so one stray byte never re-decodes the rest (``Cléo`` stays ``Cléo``).

    >>> decode_text("Cléo\n".encode() + "Zoë\n".encode("cp1252"))
    'Cléo\nZoë\n'
    """
    return decode_text_marked(data)[0]


def decode_text_marked(data: bytes) -> tuple[str, list[int]]:
    r""":func:`decode_text`, and the lines (1-based) holding a byte that is neither UTF-8 nor
    Windows-1252 (0x81, 0x8D, 0x8F, 0x90, 0x9D), read as U+FFFD: a reader can name them rather
    than pass a wrong character on in silence.  Windows-1252, not Latin-1: its 0x80-0x9F are
    the ``€`` and the smart quotes a Windows export holds, where Latin-1 has control codes.

    >>> decode_text_marked("Zoë\n".encode("cp1252") + "“€”\n".encode("cp1252") + b"\x81\n")
    ('Zoë\n“€”\n\ufffd\n', [3])
    """
    if data.startswith(UTF16_BOMS):
        # a head cut at an odd byte (or a file cut short) ends in half a character: U+FFFD
        return data.decode("utf-16", errors="replace"), []
    unmarked = utf16_without_bom(data)
    if unmarked is not None:
        return data.decode(unmarked, errors="replace"), []
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError:
        pass
    lines, replaced = [], []
    for number, line in enumerate(data.splitlines(keepends=True), start=1):
        try:
            lines.append(line.decode("utf-8"))
        except UnicodeDecodeError:
            try:
                lines.append(line.decode("cp1252"))
            except UnicodeDecodeError:
                lines.append(line.decode("cp1252", errors="replace"))
                replaced.append(number)
    return "".join(lines), replaced


def unique_names(header: list[str]) -> list[str]:
    """Header cells as column names: blanks become ``column_N``, repeats get ``_2``."""
    names: list[str] = []
    for index, cell in enumerate(header, start=1):
        base = str(cell).strip() if cell is not None and str(cell).strip() else f"column_{index}"
        name, copy = base, 1
        while name in names:
            copy += 1
            name = f"{base}_{copy}"
        names.append(name)
    return names
