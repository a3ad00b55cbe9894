"""Hand histories (every site of :data:`~pipeline.sources.hand_histories.sites.SITES`, PHH)
recognised by content, so a PokerStars ``.txt`` is never read as a quiz listing or a CSV, and a
Winamax file without a suffix is read as what it is.  A log of a site we do not read yet
(:data:`~pipeline.sources.hand_histories.head_marks.HEAD_MARKS`) is one issue naming its first
line (:data:`UNREAD_SITE`), never thousands of rejected CSV rows.

Each log becomes one sheet, ``hands``: a row per player per hand with the log's own columns
(hand id, seat, stack, hole cards or none, board, folds and the street, put in, won), which the
hand-log game (:mod:`pipeline.games.poker.logs.hand_log_game`) scores and audits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from pipeline.records.hand_log import INSTANT_FORMAT, HandLog, drop_repeated_hands
from pipeline.sources.base import HeaderTest, RawSheet, ReadProblem, SourceFile, decode_text
from pipeline.sources.hand_histories.head_marks import first_line, site_of_head
from pipeline.sources.hand_histories.phh import read_phh, sniff_phh
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.xml_sites import looks_like_xml, read_xml

HANDS_SHEET = "hands"


def add_log(source: SourceFile, log: HandLog) -> None:
    """The log as one sheet of text cells (a row per player per hand, its line as row number),
    and each malformed, truncated or unsupported hand as a problem at the line it starts on,
    naming the hand, with the reader's issue code.  A hand id read twice is counted once
    (:func:`~pipeline.records.hand_log.drop_repeated_hands`), whatever the format."""
    log = drop_repeated_hands(log, source.path.name)
    rows = log.rows
    frame = rows.select(
        pl.col(name).cast(pl.String).str.to_lowercase()
        if rows.schema[name] == pl.Boolean
        else pl.col(name).dt.to_string(INSTANT_FORMAT)
        if isinstance(rows.schema[name], pl.Datetime)
        else pl.col(name).cast(pl.String)
        for name in rows.columns
    )
    header_columns = {name: index for index, name in enumerate(frame.columns, start=1)}
    excel_rows = rows["line"].to_list()
    source.sheets.append(RawSheet(HANDS_SHEET, frame, excel_rows, 0, header_columns))
    name = source.path.name
    for issue in log.issues.iter_rows(named=True):
        line, message = issue["line"], str(issue["message"])
        # The file and the line have columns of their own in the Issues sheet.
        located = f"{name}:{line}: " if line is not None else f"{name}: "
        source.problems.append(
            ReadProblem(
                "",
                message.removeprefix(located),
                row=line,
                column=issue["column"],
                value=issue["value"],
                code=issue["code"],
            )
        )


@dataclass(frozen=True)
class HandHistorySource:
    """A hand-history format as a source: ``looks_like`` recognises its text from the file's
    head, ``read_log`` reads the file's bytes (and its name, for messages) into a
    :class:`~pipeline.sources.hand_histories.HandLog`, which :func:`add_log` makes the ``hands``
    sheet."""

    name: str
    looks_like: Callable[[str], bool]
    read_log: Callable[[bytes, str], HandLog]

    def sniff(self, head: bytes) -> bool:
        return self.looks_like(decode_text(head))

    def read(self, path: Path, source: SourceFile, is_header: HeaderTest | None) -> None:
        add_log(source, self.read_log(source.data(), path.name))


def _read_phh_bytes(data: bytes, file: str) -> HandLog:
    return read_phh(decode_text(data), file)


SITE_SOURCES: tuple[HandHistorySource, ...] = tuple(
    HandHistorySource(site.name.lower(), site.looks_like, site.read) for site in SITES
)
"""One source per site read (kind ``pokerstars``, ``ggpoker``, ``winamax``...), in the order of
:data:`~pipeline.sources.hand_histories.sites.SITES`."""
POKERSTARS = SITE_SOURCES[0]
"""PokerStars hand-history text (``PokerStars Hand #...``); its bytes, not a decoded text, go
to the reader: UTF-8 goes to the compiled scanner undecoded."""


@dataclass(frozen=True)
class UnreadSiteSource:
    """A hand history of a site none of :data:`SITE_SOURCES` reads: one problem naming the site
    and the file's first line, nothing read."""

    name: str = "hand_history"

    def sniff(self, head: bytes) -> bool:
        return site_of_head(decode_text(head)) is not None

    def read(self, path: Path, source: SourceFile, is_header: HeaderTest | None) -> None:
        if source.content is not None:
            data = source.content[:SNIFF_BYTES]
        else:
            with path.open("rb") as handle:
                data = handle.read(SNIFF_BYTES)
        head = decode_text(data)
        site = site_of_head(head)
        why = (
            f"{site}'s reader does not know these first lines"
            if site in {read.name for read in SITES}
            else f"{site}'s hand histories are not read yet"
        )
        source.problems.append(
            ReadProblem(
                "",
                f"looks like a hand history, but no site we read: first line "
                f"{first_line(head)!r} ({why})",
                code="unread_site",
            )
        )


SNIFF_BYTES = 8192
UNREAD_SITE = UnreadSiteSource()
"""After every site read and PHH: a text that begins as a hand history of another site."""
PHH = HandHistorySource("phh", sniff_phh, _read_phh_bytes)
"""Poker Hand History (PHH, TOML) files and ``.phhs`` collections."""
UNKNOWN_XML = HandHistorySource("xml", looks_like_xml, read_xml)
"""After every site (the XML sites among them) and :data:`UNREAD_SITE`: an XML document of no
site we read, named as such (``unknown_xml``) rather than read as a CSV."""
