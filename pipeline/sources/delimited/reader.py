"""Delimited text exports (CSV and the like): every cell as text, surplus cells kept, the
header's row remembered, and the dialects spreadsheet programs write read as they mean it.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "night.csv").write_text("round,player,cards\\n1,Ann,As Ks Qs Js Ts 2c 3d\\n")
>>> sheet = read_csv(folder / "night.csv")
>>> sheet.frame.to_dicts(), sheet.excel_rows
([{'round': '1', 'player': 'Ann', 'cards': 'As Ks Qs Js Ts 2c 3d'}], [2])

What is read, as the README's table says: a ``sep=;`` first line (Excel's delimiter hint,
often after a BOM) sets the delimiter and is not a row; decimal commas in a numeric column of
a ``;`` or tab file are numbers (``1,5`` is ``1.5``); titles and blank lines above the header
are skipped; trailing columns with neither header nor cells are dropped; a repeated header is
named; a quoted cell may hold line breaks (a notes column); a NUL byte is removed and named;
CRLF, CR and LF line ends, UTF-8 (with or without a BOM), UTF-16 with its BOM and
Windows-1252 are read, and a byte that is none of those is named.  Rows are numbered by the
line they start on, as a text editor shows them.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from pipeline.sources.base import (
    UTF16_BOMS,
    HeaderTest,
    RawSheet,
    ReadProblem,
    SourceFile,
    decode_text_marked,
    unique_names,
)


@dataclass(frozen=True)
class DelimitedSource:
    """The fallback source: any text that is not a more specific kind."""

    name: str = "csv"

    def sniff(self, head: bytes) -> bool:
        return head.startswith(UTF16_BOMS) or looks_like_text(head[:4096])

    def read(self, path: Path, source: SourceFile, is_header: HeaderTest | None) -> None:
        sheet, problems = read_delimited(path, is_header, source.data())
        source.sheets.append(sheet)
        source.problems.extend(problems)


def looks_like_text(head: bytes) -> bool:
    """Text, perhaps with a stray NUL byte or two (a broken export), not a binary file: control
    bytes other than tab, line ends and form feed are at most 1 % of it.

    >>> looks_like_text(b"round,player\\n1,Ann\\x00\\n"), looks_like_text(b"\\x00\\x01\\x02 nope")
    (True, False)
    """
    controls = sum(head.count(bytes([code])) for code in (*range(9), *range(14, 32)))
    return controls <= max(1, len(head) // 100)


DELIMITERS = ",;\t|"
"""Comma, semicolon (Excel in much of Europe), tab (Excel's "Unicode Text") and pipe."""
_SEPARATOR_HINT = re.compile(r'^\s*"?sep=(.)"?\s*$', re.IGNORECASE)
# A number written with a decimal comma, perhaps with thousands grouped by a dot or a space
# (1,5  -2,25  1.234,5  1 234,5): what Excel writes where the comma is the decimal separator.
_DECIMAL_COMMA = re.compile(r"^[+-]?(\d{1,3}([. \u00a0\u202f]\d{3})+|\d+)(,\d+)?$")
_GROUPING = re.compile(r"[. \u00a0\u202f]")


def sniff_delimiter(text: str) -> str:
    """The delimiter of a delimited text, from its first lines; a comma when it cannot tell.

    >>> sniff_delimiter("round;player;cards\\n1;Ann;As Ks\\n"), sniff_delimiter("a\\tb\\n1\\t2\\n")
    (';', '\\t')
    """
    lines = text.splitlines()[:20]
    try:
        return csv.Sniffer().sniff("\n".join(lines), delimiters=DELIMITERS).delimiter
    except csv.Error:  # rows of unequal width (Excel's trailing ;;;): the most on one line
        most = {mark: max((line.count(mark) for line in lines), default=0) for mark in DELIMITERS}
        best = max(DELIMITERS, key=most.__getitem__)
        return best if most[best] else ","


def separator_hint(text: str) -> tuple[str, str | None]:
    """Excel's ``sep=X`` first line: the text with that line blanked (so rows keep their line
    numbers) and the delimiter it names; else the text and ``None``.

    >>> separator_hint("sep=;\\nround;player\\n")
    ('\\nround;player\\n', ';')
    >>> separator_hint("round,player\\n")
    ('round,player\\n', None)
    """
    first, end, rest = text.partition("\n")
    found = _SEPARATOR_HINT.match(first.rstrip("\r"))
    if found is None:
        return text, None
    return end + rest, found.group(1)


def read_delimited(
    path: Path, is_header: HeaderTest | None = None, data: bytes | None = None
) -> tuple[RawSheet, list[ReadProblem]]:
    """Any delimited text, read as the module's docstring says; what cannot be read right is a
    problem naming the line, the column and the value.  ``data``: the file's bytes when they
    were read already (the file is then not read again)."""
    if data is None:
        data = path.read_bytes()
    text, undecodable = decode_text_marked(data)
    text, hint = separator_hint(text)
    delimiter = hint or sniff_delimiter(text)
    plain = hint is None and delimiter == "," and not data.startswith(UTF16_BOMS)
    first = next((line for line in text.splitlines() if line.strip()), "")
    titled = is_header is not None and not is_header(next(csv.reader([first]), []))
    if plain and not titled and b"\x00" not in data:
        fast = _read_plain_csv(path, data)
        if fast is not None:
            return fast, []
    rows, problems = _parse(text, delimiter, path.name)
    rows, too_wide = _capped(rows)
    problems += too_wide
    sheet = _sheet(path.stem, rows, is_header)
    header = dict(rows).get(sheet.header_row, [])
    problems += _repeated_headers(sheet, header) + _nul_bytes(sheet, header)
    sheet = _without_nul_bytes(sheet)
    problems += _undecodable(sheet, rows, undecodable)
    if delimiter != ",":  # the comma is free to be the decimal separator
        sheet = _decimal_commas_read(sheet)
    return sheet, problems


Numbered = list[tuple[int, list[str]]]
"""Rows of cells, each with the line it starts on."""

MAX_COLUMNS = 1_000
"""Cells a CSV row (or header) is read to, as for a workbook's sheet: a row of 1,000,000 fields
made a frame of 1,000,000 columns (past 300 s and 1.4 GB); now it costs one issue."""


def _capped(rows: Numbered) -> tuple[Numbered, list[ReadProblem]]:
    """Rows cut to :data:`MAX_COLUMNS` cells, one issue for each row that was cut; the rest of
    the file is read as ever."""
    problems = [
        ReadProblem(
            "",
            f"line {number}: {len(row):,} cells, past the cap of {MAX_COLUMNS:,} columns: the "
            f"cells after column {MAX_COLUMNS:,} were not read",
            row=number,
            code="too_many_columns",
        )
        for number, row in rows
        if len(row) > MAX_COLUMNS
    ]
    if not problems:
        return rows, []
    return [(number, row[:MAX_COLUMNS]) for number, row in rows], problems


def _parse(text: str, delimiter: str, name: str) -> tuple[Numbered, list[ReadProblem]]:
    """Rows with the line each starts on.  A quoted cell may hold line breaks (a notes column);
    one that runs on over lines that read as rows of their own is a quote never closed: the
    file is read again with quotes as plain text, and that is said."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: Numbered = []
    start = 1
    width = 0  # the widest row before: the header's width, once past a title
    for row in reader:
        rows.append((start, row))
        if reader.line_num > start and _swallows_rows(row, delimiter, width):
            message = (
                f"line {start}: a quote is not closed, so the cell runs on to line "
                f"{reader.line_num}; quotes in {name!r} were read as plain text"
            )
            plain = csv.reader(
                io.StringIO(text, newline=""), delimiter=delimiter, quoting=csv.QUOTE_NONE
            )
            return list(enumerate(plain, start=1)), [ReadProblem("", message)]
        start = reader.line_num + 1
        width = max(width, len(row))
    return rows, []


def _swallows_rows(row: list[str], delimiter: str, width: int) -> bool:
    """Whether a row spanning lines took other rows into one of its cells: a line inside a
    cell with as many delimiters as a row has (a note's own line breaks have few or none)."""
    return any(
        line.count(delimiter) >= max(1, width - 1) for cell in row for line in cell.splitlines()[1:]
    )


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
    body = numbered[at + 1 :]
    width = max(len(header), *(len(row) for _, row in body)) if body else len(header)
    while width and _blank_column(width - 1, header, body):
        width -= 1  # Excel's trailing delimiters: a column with no header and no cell
    names = unique_names([cell.replace("\x00", "") for cell in header[:width]])
    names += [f"extra_{index}" for index in range(1, width - len(names) + 1)]
    columns = {
        column: [(row[index].strip() or None) if index < len(row) else None for _, row in body]
        for index, column in enumerate(names)
    }
    frame = pl.DataFrame(columns, schema=dict.fromkeys(names, pl.String))
    header_columns = {column: index for index, column in enumerate(names, start=1)}
    return RawSheet(name, frame, [number for number, _ in body], header_row, header_columns)


def _blank_column(index: int, header: list[str], body: Numbered) -> bool:
    cells = [header, *(row for _, row in body)]
    return all(index >= len(row) or not row[index].strip() for row in cells)


def _repeated_headers(sheet: RawSheet, header: list[str]) -> list[ReadProblem]:
    """A header written twice: the first column is read under it, the other is kept as
    ``NAME_2`` (a layout reads one column of a name), and that is said."""
    problems = []
    first: dict[str, int] = {}
    names = list(sheet.header_columns)
    for index, cell in enumerate(header[: len(names)]):
        name = cell.replace("\x00", "").strip()
        if not name:
            continue
        if name in first:
            problems.append(
                ReadProblem(
                    sheet.name,
                    f"columns {first[name] + 1} and {index + 1} are both headed {name!r}: "
                    f"the first is read as {name!r}, the other kept as {names[index]!r}",
                    row=sheet.header_row,
                    column=names[index],
                    value=name,
                )
            )
        first.setdefault(name, index)
    return problems


NUL_MESSAGE = "a NUL byte (\\x00) in this cell was removed"


def _nul_bytes(sheet: RawSheet, header: list[str]) -> list[ReadProblem]:
    """A problem for each header and cell that held a NUL byte (a broken export, a file cut off
    mid-write and padded): named with the cell as it was, the byte shown as ``\\x00``."""
    found = [
        (sheet.header_row, name, cell)
        for name, cell in zip(sheet.header_columns, header, strict=False)
        if "\x00" in cell
    ]
    for column in sheet.frame.columns:
        holding = sheet.frame[column].str.contains("\x00", literal=True).fill_null(False)
        for index in holding.arg_true().to_list():
            found.append((sheet.excel_rows[index], column, sheet.frame[column][index]))
    return [
        ReadProblem(sheet.name, NUL_MESSAGE, row, column, value.replace("\x00", "\\x00"))
        for row, column, value in found
    ]


def _without_nul_bytes(sheet: RawSheet) -> RawSheet:
    held = sheet.frame.select(pl.all().str.contains("\x00", literal=True).any())
    if sheet.frame.width == 0 or not any(held.row(0)):
        return sheet
    cleaned = sheet.frame.with_columns(
        pl.all().str.replace_all("\x00", "", literal=True).str.strip_chars()
    ).with_columns(pl.when(pl.all().str.len_chars() > 0).then(pl.all()).name.keep())
    return RawSheet(sheet.name, cleaned, sheet.excel_rows, sheet.header_row, sheet.header_columns)


def _undecodable(sheet: RawSheet, rows: Numbered, lines: list[int]) -> list[ReadProblem]:
    """A problem for each line that held a byte neither UTF-8 nor Windows-1252 (read as U+FFFD),
    naming the cell it is in when the line is in one of the sheet's rows."""
    problems = []
    starts = [number for number, _ in rows]
    for line in lines:
        row = max((start for start in starts if start <= line), default=line)
        at = sheet.excel_rows.index(row) if row in sheet.excel_rows else None
        cells = {} if at is None else sheet.frame.row(at, named=True)
        column = next((key for key, cell in cells.items() if cell and "\ufffd" in cell), None)
        problems.append(
            ReadProblem(
                sheet.name,
                f"line {line}: a byte that is neither UTF-8 nor Windows-1252 was read as "
                "'\ufffd' (save the file as UTF-8 to keep the character)",
                row=row,
                column=column,
                value=cells[column] if column else None,
            )
        )
    return problems


def _decimal_commas_read(sheet: RawSheet) -> RawSheet:
    """Columns of numbers written with a decimal comma (``1,5``, ``1.234,5``) as numbers
    (``1.5``, ``1234.5``): every filled cell is such a number and one has a comma.  Cards and
    any column holding other text are never touched."""
    frame = sheet.frame
    numeric = [
        column
        for column in frame.columns
        if frame[column].null_count() < frame.height
        and frame[column].str.contains(_DECIMAL_COMMA.pattern).fill_null(True).all()
        and frame[column].str.contains(",", literal=True).any()
    ]
    if not numeric:
        return sheet
    converted = frame.with_columns(
        pl.col(column).str.replace_all(_GROUPING.pattern, "").str.replace(",", ".", literal=True)
        for column in numeric
    )
    return RawSheet(sheet.name, converted, sheet.excel_rows, sheet.header_row, sheet.header_columns)


def read_csv(path: Path) -> RawSheet:
    """Every cell as text.  Rows longer than the header keep their surplus cells under
    ``extra_1``, ``extra_2`` ... rather than losing them; short rows are padded with nulls."""
    return read_delimited(path)[0]


def _read_plain_csv(path: Path, data: bytes) -> RawSheet | None:
    """polars' reader for the common case: UTF-8, one line per row, a clean header (each name
    once, none blank), no ragged rows.  Anything else returns ``None`` and goes through the
    careful reader."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        first_line = data.split(b"\n", 1)[0].decode("utf-8").rstrip("\r")
        frame = pl.read_csv(io.BytesIO(data), infer_schema=False, raise_if_empty=False)
    except (UnicodeDecodeError, pl.exceptions.PolarsError):
        return None
    lines = data.count(b"\n") + (0 if data.endswith(b"\n") else 1)
    names = frame.columns
    if len(names) > MAX_COLUMNS:
        return None  # the careful reader caps it and says so
    header = next(csv.reader([first_line]), [])
    clean = names == header and all(name.strip() for name in names)
    if not clean or names != unique_names(names):
        return None
    if frame.height == 0 or lines != frame.height + 1 or b'"' in data:
        return None
    frame = frame.with_columns(pl.all().str.strip_chars()).with_columns(
        pl.when(pl.all().str.len_chars() > 0).then(pl.all())
    )
    header_columns = {name: index for index, name in enumerate(names, start=1)}
    filled = frame.select(pl.any_horizontal(pl.all().is_not_null())).to_series()
    excel_rows = (pl.int_range(2, frame.height + 2, eager=True).filter(filled)).to_list()
    return RawSheet(path.stem, frame.filter(filled), excel_rows, 1, header_columns)
