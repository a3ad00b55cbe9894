"""Comma-separated exports: every cell as text, surplus cells kept, the header's row remembered.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "night.csv").write_text("round,player,cards\\n1,Ann,As Ks Qs Js Ts 2c 3d\\n")
>>> sheet = read_csv(folder / "night.csv")
>>> sheet.frame.to_dicts(), sheet.excel_rows
([{'round': '1', 'player': 'Ann', 'cards': 'As Ks Qs Js Ts 2c 3d'}], [2])
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from pipeline.sources.base import (
    UTF16_BOMS,
    HeaderTest,
    RawSheet,
    ReadProblem,
    SourceFile,
    decode_text,
    unique_names,
)


@dataclass(frozen=True)
class DelimitedSource:
    """The fallback source: any text that is not a more specific kind."""

    name: str = "csv"

    def sniff(self, head: bytes) -> bool:
        return head.startswith(UTF16_BOMS) or b"\x00" not in head[:4096]

    def read(self, path: Path, source: SourceFile, is_header: HeaderTest | None) -> None:
        sheet, problems = read_delimited(path, is_header, source.data())
        source.sheets.append(sheet)
        source.problems.extend(problems)


DELIMITERS = ",;\t|"
"""Comma, semicolon (Excel in much of Europe), tab (Excel's "Unicode Text") and pipe."""


def sniff_delimiter(text: str) -> str:
    """The delimiter of a delimited text, from its first lines; a comma when it cannot tell.

    >>> sniff_delimiter("round;player;cards\\n1;Ann;As Ks\\n"), sniff_delimiter("a\\tb\\n1\\t2\\n")
    (';', '\\t')
    """
    sample = "\n".join(text.splitlines()[:20])
    try:
        return csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
    except csv.Error:
        return ","


def read_delimited(
    path: Path, is_header: HeaderTest | None = None, data: bytes | None = None
) -> tuple[RawSheet, list[ReadProblem]]:
    """Any delimited text: encoding and delimiter sniffed, a title above the header skipped,
    an unmatched quote reported at its line (its quotes then read as plain text).  ``data``:
    the file's bytes when they were read already (the file is then not read again)."""
    if data is None:
        data = path.read_bytes()
    text = decode_text(data)
    delimiter = sniff_delimiter(text)
    plain = delimiter == "," and not data.startswith(UTF16_BOMS)
    first = next((line for line in text.splitlines() if line.strip()), "")
    titled = is_header is not None and not is_header(next(csv.reader([first])))
    if plain and not titled:
        fast = _read_plain_csv(path, data)
        if fast is not None:
            return fast, []
    rows, problems = _parse(text, delimiter, path.name)
    return _sheet(path.stem, rows, is_header), problems


Numbered = list[tuple[int, list[str]]]
"""Rows of cells, each with the line it starts on."""


def _parse(
    text: str, delimiter: str, name: str
) -> tuple[list[tuple[int, list[str]]], list[ReadProblem]]:
    """Rows with the line each starts on.  A quoted cell that runs on past its line is almost
    always a quote never closed; the file is read again with quotes as plain text, and said."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: Numbered = []
    start = 1
    for row in reader:
        rows.append((start, row))
        if reader.line_num - start >= 1 and any("\n" in cell for cell in row):
            message = (
                f"line {start}: a quote is not closed, so the cell runs on to line "
                f"{reader.line_num}; quotes in {name!r} were read as plain text"
            )
            plain = csv.reader(
                io.StringIO(text, newline=""), delimiter=delimiter, quoting=csv.QUOTE_NONE
            )
            return list(enumerate(plain, start=1)), [ReadProblem("", message)]
        start = reader.line_num + 1
    return rows, []


def _sheet(name: str, rows: Numbered, is_header: HeaderTest | None) -> RawSheet:
    numbered = [(number, row) for number, row in rows if any(cell.strip() for cell in row)]
    if not numbered:
        return RawSheet(name, pl.DataFrame(), [], 1, {})
    at = 0
    if is_header is not None:  # a title above the header, as in a workbook
        at = next(
            (i for i, (_, row) in enumerate(numbered[:30]) if is_header(unique_names(row))), 0
        )
    header_row, header = numbered[at]
    names = unique_names(header)
    body = numbered[at + 1 :]
    width = max((len(row) for _, row in numbered), default=0)
    names += [f"extra_{index}" for index in range(1, width - len(names) + 1)]
    columns = {
        column: [(row[index].strip() or None) if index < len(row) else None for _, row in body]
        for index, column in enumerate(names)
    }
    frame = pl.DataFrame(columns, schema=dict.fromkeys(names, pl.String))
    header_columns = {column: index for index, column in enumerate(names, start=1)}
    return RawSheet(name, frame, [number for number, _ in body], header_row, header_columns)


def read_csv(path: Path) -> RawSheet:
    """Every cell as text.  Rows longer than the header keep their surplus cells under
    ``extra_1``, ``extra_2`` ... rather than losing them; short rows are padded with nulls."""
    return read_delimited(path)[0]


def _read_plain_csv(path: Path, data: bytes) -> RawSheet | None:
    """polars' reader for the common case: UTF-8, one line per row, a clean header, no ragged
    rows.  Anything else returns ``None`` and goes through the careful reader."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        data.decode("utf-8")
        frame = pl.read_csv(io.BytesIO(data), infer_schema=False, raise_if_empty=False)
    except (UnicodeDecodeError, pl.exceptions.PolarsError):
        return None
    lines = data.count(b"\n") + (0 if data.endswith(b"\n") else 1)
    names = frame.columns
    clean = all(name.strip() for name in names) and names == unique_names(names)
    if not clean or frame.height == 0 or lines != frame.height + 1 or b'"' in data:
        return None
    frame = frame.with_columns(pl.all().str.strip_chars()).with_columns(
        pl.when(pl.all().str.len_chars() > 0).then(pl.all())
    )
    header_columns = {name: index for index, name in enumerate(names, start=1)}
    filled = frame.select(pl.any_horizontal(pl.all().is_not_null())).to_series()
    excel_rows = (pl.int_range(2, frame.height + 2, eager=True).filter(filled)).to_list()
    return RawSheet(path.stem, frame.filter(filled), excel_rows, 1, header_columns)
