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

from pipeline.sources.base import (
    HeaderTest,
    RawSheet,
    ReadProblem,
    Source,
    SourceFile,
    decode_text,
)
from pipeline.sources.delimited import DelimitedSource
from pipeline.sources.hand_histories.head_marks import site_of_head
from pipeline.sources.hand_histories.reader import PHH, SITE_SOURCES, UNKNOWN_XML, UNREAD_SITE
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
    "is_hand_history_file",
    "read_source",
]

SOURCES: tuple[Source, ...] = (
    XLS,
    ODS,  # a zip too: before the .xlsx reader, which takes any zip
    WorkbookSource(),
    *SITE_SOURCES,  # every hand-history site read: PokerStars, GGPoker, Winamax, ...
    PHH,
    UNREAD_SITE,  # a hand history of a site not read: one issue, not a CSV's rejected rows
    UNKNOWN_XML,  # an XML of no site: one issue, not a CSV's rejected rows
    ListingSource(),
    DelimitedSource(),
)
"""Most specific first; the delimited reader takes any text left."""
SUPPORTED_SUFFIXES = (
    ".csv", ".tsv", ".txt", ".xlsx", ".xls", ".ods", ".phh", ".phhs", ".xml",
)  # fmt: skip
"""What a folder scan picks up; the reader is still chosen by content.  A file with another
suffix, or none, is picked up when it begins as a hand history (:func:`is_hand_history_file`)."""
SNIFF_BYTES = 64 * 1024
HAND_HISTORY_SNIFF_BYTES = 8192


def is_hand_history_file(path: Path) -> bool:
    """Whether a file whose name has none of :data:`SUPPORTED_SUFFIXES` begins as a hand
    history of any site (read or not): sites save them without a suffix or under their own
    (Winamax's ``...Sample``), and the reader is chosen by content, so the folder walk asks.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "20110305_Freeroll"
    >>> _ = path.write_text("Winamax Poker - Tournament 'Freeroll' buyIn: Free level: 0 - ...")
    >>> is_hand_history_file(path), is_hand_history_file(path.with_name("missing"))
    (True, False)
    """
    try:
        with path.open("rb") as handle:
            head = handle.read(HAND_HISTORY_SNIFF_BYTES)
    except OSError:
        return False
    return site_of_head(decode_text(head)) is not None


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
