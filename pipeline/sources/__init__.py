"""Sources: each kind of input is declared once and chosen by its first bytes, never its name.

A ``.txt`` may be the quiz's listing or a hand history; a ``.csv`` may really be a workbook.
``.xls`` and ``.ods`` are read by calamine (:mod:`pipeline.sources.spreadsheets`) and, as they
cannot be written back, scored into a new ``.xlsx``.
:data:`SOURCES` is tried in order and the first kind that recognises the file reads it.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "night.csv").write_text("round,player,cards\\n1,Ann,As Ks Qs Js Ts 2c 3d\\n")
>>> source = read_source(folder / "night.csv")
>>> source.kind, source.sheets[0].frame.to_dicts(), source.sheets[0].excel_rows
('csv', [{'round': '1', 'player': 'Ann', 'cards': 'As Ks Qs Js Ts 2c 3d'}], [2])
"""

from __future__ import annotations

import csv
from pathlib import Path

from pipeline.sources.base import HeaderTest, RawSheet, ReadProblem, Source, SourceFile
from pipeline.sources.delimited import DelimitedSource
from pipeline.sources.hand_histories.reader import PHH, POKERSTARS, XML_SITES
from pipeline.sources.listing import LISTING_SHEET, ListingSource
from pipeline.sources.spreadsheets import ODS, XLS
from pipeline.sources.xlsx import WorkbookSource

__all__ = [
    "LISTING_SHEET",
    "SOURCES",
    "SUPPORTED_SUFFIXES",
    "RawSheet",
    "ReadProblem",
    "SourceFile",
    "read_source",
]

SOURCES: tuple[Source, ...] = (
    XLS,
    ODS,  # a zip too: before the .xlsx reader, which takes any zip
    WorkbookSource(),
    POKERSTARS,
    PHH,
    XML_SITES,
    ListingSource(),
    DelimitedSource(),
)
"""Most specific first; the delimited reader takes any text left."""
SUPPORTED_SUFFIXES = (
    ".csv", ".tsv", ".txt", ".xlsx", ".xls", ".ods", ".phh", ".phhs", ".xml",
)  # fmt: skip
"""What a folder scan picks up; the reader is still chosen by content."""
SNIFF_BYTES = 64 * 1024
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
WORKBOOK_KINDS = ("xlsx", "xls", "ods")
"""A ``.xlsx`` that really is an ``.xls`` or ``.ods`` (a renamed export) is read as what it is."""


def read_source(
    path: Path, is_header: HeaderTest | None = None, content: bytes | None = None
) -> SourceFile:
    """Read one export; problems that stop a sheet or the file are returned, not raised.

    ``content``: the file's bytes when the caller read them already (and hashed them): a
    workbook is then read from those bytes and never from ``path`` again."""
    source = SourceFile(path, content=content)
    try:
        if content is not None:
            head = content[:SNIFF_BYTES]
        else:
            with path.open("rb") as handle:
                head = handle.read(SNIFF_BYTES)
        kind = next((kind for kind in SOURCES if kind.sniff(head)), None)
        if kind is None:
            source.problems.append(
                ReadProblem("", f"{path.name!r} is not a CSV, a workbook or a quiz listing")
            )
            return source
        if path.suffix.lower() in WORKBOOK_SUFFIXES and kind.name not in WORKBOOK_KINDS:
            # The name promises a workbook: say it is not one rather than read it as text.
            source.problems.append(ReadProblem("", f"{path.name!r} is not a real .xlsx workbook"))
            return source
        if kind.name == "xlsx" and path.suffix.lower() not in WORKBOOK_SUFFIXES:
            # Excel's readers go by the name: say how to have it read, not that it is broken.
            source.problems.append(
                ReadProblem(
                    "",
                    f"{path.name!r} holds an .xlsx workbook under another name: rename it "
                    f"{path.with_suffix('.xlsx').name!r} to have it read",
                )
            )
            return source
        source.kind = kind.name
        kind.read(path, source, is_header)
    except (OSError, UnicodeDecodeError, csv.Error, ValueError) as error:
        source.problems.append(ReadProblem("", f"cannot read {path.name!r}: {error}"))
    return source
