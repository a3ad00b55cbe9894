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

from pipeline.sources.base import HeaderTest, RawSheet, SourceFile, decode_text, unique_names


@dataclass(frozen=True)
class DelimitedSource:
    """The fallback source: any text that is not a more specific kind."""

    name: str = "csv"

    def sniff(self, head: bytes) -> bool:
        return b"\x00" not in head.lstrip(b"\xef\xbb\xbf")[:4096]

    def read(self, path: Path, source: SourceFile, is_header: HeaderTest | None) -> None:
        source.sheets.append(read_csv(path))


def read_csv(path: Path) -> RawSheet:
    """Every cell as text.  Rows longer than the header keep their surplus cells under
    ``extra_1``, ``extra_2`` ... rather than losing them; short rows are padded with nulls."""
    fast = _read_plain_csv(path)
    if fast is not None:
        return fast
    text = decode_text(path.read_bytes())
    rows = list(csv.reader(io.StringIO(text, newline="")))
    numbered = [(number, row) for number, row in enumerate(rows, start=1) if any(row)]
    if not numbered:
        return RawSheet(path.stem, pl.DataFrame(), [], 1, {})
    header_row, header = numbered[0]
    names = unique_names(header)
    width = max(len(row) for _, row in numbered)
    names += [f"extra_{index}" for index in range(1, width - len(names) + 1)]
    body = numbered[1:]
    columns = {
        name: [(row[index].strip() or None) if index < len(row) else None for _, row in body]
        for index, name in enumerate(names)
    }
    frame = pl.DataFrame(columns, schema=dict.fromkeys(names, pl.String))
    header_columns = {name: index for index, name in enumerate(names, start=1)}
    return RawSheet(path.stem, frame, [number for number, _ in body], header_row, header_columns)


def _read_plain_csv(path: Path) -> RawSheet | None:
    """polars' reader for the common case: UTF-8, one line per row, a clean header, no ragged
    rows.  Anything else returns ``None`` and goes through the careful reader."""
    data = path.read_bytes().removeprefix(b"\xef\xbb\xbf")
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
