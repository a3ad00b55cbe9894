"""The batch reader of a streamed CSV: whole lines of its bytes, about ``batch_bytes`` at a time,
parsed into text cells with the line each row is on (:mod:`pipeline.job.streaming`)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import polars as pl

from pipeline.sources.base import unique_names


class StreamError(ValueError):
    """The file cannot be streamed as it is (a quoted cell spanning lines, a ragged row)."""


def text_batches(path: Path, batch_bytes: int) -> Iterator[tuple[bytes, int, bytes]]:
    """``(header line, first line number, text of whole lines)`` about ``batch_bytes`` at a
    time."""
    with path.open("rb") as handle:
        header = handle.readline().removeprefix(b"\xef\xbb\xbf")
        line, carry = 2, b""
        while True:
            block = handle.read(batch_bytes)
            data = carry + block
            if not block:
                if data:
                    yield header, line, data
                return
            cut = data.rfind(b"\n")
            if cut < 0:
                carry = data
                continue
            yield header, line, data[: cut + 1]
            line += data.count(b"\n", 0, cut + 1)
            carry = data[cut + 1 :]


def parse_lines(header: bytes, first_line: int, text: bytes) -> tuple[pl.DataFrame, list[int]]:
    """One block of lines as text cells (stripped, blanks null) and the line of each row."""
    lines = text.count(b"\n") + (0 if text.endswith(b"\n") else 1)
    names = unique_names(next(csv.reader([header.decode("utf-8", errors="replace")]), []))
    try:
        frame = pl.read_csv(
            io.BytesIO(header + text), infer_schema=False, raise_if_empty=False, new_columns=names
        )
    except pl.exceptions.PolarsError as error:
        message = f"lines {first_line:,} to {first_line + lines - 1:,}: {error}".splitlines()[0]
        raise StreamError(message) from None
    if frame.height != lines:
        message = (
            f"lines {first_line:,} to {first_line + lines - 1:,}: {lines:,} lines but "
            f"{frame.height:,} rows (a quoted cell spanning lines?); a file this large is read "
            "in batches and needs one line per row"
        )
        raise StreamError(message)
    frame = frame.with_columns(pl.all().str.strip_chars()).with_columns(
        pl.when(pl.all().str.len_chars() > 0).then(pl.all())
    )
    filled = frame.select(pl.any_horizontal(pl.all().is_not_null())).to_series()
    numbers = pl.int_range(first_line, first_line + frame.height, eager=True).filter(filled)
    return frame.filter(filled), numbers.to_list()
