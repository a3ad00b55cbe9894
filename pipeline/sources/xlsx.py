"""Excel workbooks, read safely: sizes checked before loading, every sheet loaded by calamine in
a memory-capped child process, so a hostile sheet costs only itself."""

from __future__ import annotations

import io
import multiprocessing
import os
import resource
import zipfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from pipeline.sources.base import HeaderTest, RawSheet, ReadProblem, SourceFile, unique_names

# A sheet larger than this is refused before it is loaded: calamine allocates the whole used
# range, and one stray cell in column XFD once made it ask for 52 GB.
MAX_COLUMNS = 1_000
MAX_CELLS = 60_000_000
HEADER_SEARCH_ROWS = 30
_ZIP_MAGIC = b"PK\x03\x04"


@dataclass(frozen=True)
class WorkbookSource:
    """``.xlsx``: a zip whose parts name a workbook."""

    name: str = "xlsx"

    def sniff(self, head: bytes) -> bool:
        return head.startswith(_ZIP_MAGIC)

    def read(self, path: Path, source: SourceFile, is_header: HeaderTest | None) -> None:
        read_workbook(path, source, is_header)


def read_workbook(path: Path, source: SourceFile, is_header: HeaderTest | None = None) -> None:
    """Every sheet of a workbook into ``source``; a sheet that cannot be read is a problem."""
    import openpyxl

    if not zipfile.is_zipfile(path):
        source.problems.append(ReadProblem("", f"{path.name!r} is not a real .xlsx workbook"))
        return
    try:
        # Read-only openpyxl looks at each sheet's declared size and first rows without
        # loading it: the first guard against a sheet that would exhaust memory.
        shape_book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as error:  # any parser failure: not a workbook
        source.problems.append(
            ReadProblem("", f"{path.name!r} is not a real .xlsx workbook ({error})")
        )
        return
    wanted: list[tuple[str, int]] = []
    try:
        for name in shape_book.sheetnames:
            worksheet = shape_book[name]
            if not hasattr(worksheet, "iter_rows"):
                continue  # a chart sheet: nothing tabular to read
            too_big = _too_big(worksheet)
            if too_big:
                source.problems.append(ReadProblem(name, too_big))
                continue
            first_row = _first_filled_row(worksheet)
            if first_row is not None:  # an empty sheet: nothing to read, nothing lost
                wanted.append((name, first_row))
    finally:
        shape_book.close()
    grids = load_grids_isolated(path, [name for name, _ in wanted])
    for name, first_row in wanted:
        loaded = grids[name]
        if isinstance(loaded, str):
            source.problems.append(ReadProblem(name, loaded))
            continue
        grid, first_column = loaded
        source.sheets.append(_sheet_from_grid(name, grid, first_row, first_column, is_header))


# The second guard: calamine loads a whole used range at once, and a sheet whose declared size
# is missing or wrong can still make it ask for hundreds of gigabytes and abort the process.
# Sheets are therefore loaded in a child process with its address space capped; if it dies, the
# sheets are retried one by one so that only the hostile one is reported.
CHILD_MEMORY_LIMIT = 8 << 30


def load_grids_isolated(
    path: Path, names: Sequence[str]
) -> dict[str, tuple[pl.DataFrame, int] | str]:
    """Each sheet's cells as text (and its first column's 1-based index), loaded by calamine in
    a memory-capped child process; a sheet that cannot be loaded gets a message instead."""
    if not names:
        return {}
    try:
        return _decode_grids(_run_child(path, list(names)))
    except BrokenProcessPool:
        pass
    out: dict[str, tuple[pl.DataFrame, int] | str] = {}
    for name in names:
        try:
            out |= _decode_grids(_run_child(path, [name]))
        except BrokenProcessPool:
            out[name] = (
                f"sheet {name!r} could not be loaded: the reader ran out of memory or crashed "
                "(a stray cell far to the right or below the table does this; delete it and "
                "save again)"
            )
    return out


def _run_child(path: Path, names: list[str]) -> list[tuple[str, bytes | None, int, str | None]]:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context, initializer=_cap_memory) as pool:
        return pool.submit(_load_in_child, str(path), names).result()


def _cap_memory() -> None:
    # The child's own crash report (a Rust backtrace) is not for the log: the parent reports it.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    limit = min(CHILD_MEMORY_LIMIT, os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _load_in_child(path: str, names: list[str]) -> list[tuple[str, bytes | None, int, str | None]]:
    """In the child: every sheet as Arrow IPC bytes, or the error that stopped it."""
    import fastexcel

    results: list[tuple[str, bytes | None, int, str | None]] = []
    try:
        reader = fastexcel.read_excel(path)
    except Exception as error:  # the whole file: report it on every sheet asked for
        return [(name, None, 1, f"cannot read {Path(path).name!r}: {error}") for name in names]
    for name in names:
        try:
            sheet = reader.load_sheet(name, header_row=None, dtypes="string")
            columns = sheet.available_columns()
            first_column = int(columns[0].absolute_index) + 1 if columns else 1
            buffer = io.BytesIO()
            sheet.to_polars().write_ipc(buffer)
            results.append((name, buffer.getvalue(), first_column, None))
        except Exception as error:  # report the sheet, go on
            results.append((name, None, 1, f"cannot read sheet {name!r}: {error}"))
    return results


def _decode_grids(
    results: list[tuple[str, bytes | None, int, str | None]],
) -> dict[str, tuple[pl.DataFrame, int] | str]:
    return {
        name: (pl.read_ipc(io.BytesIO(data)), first_column) if data is not None else str(error)
        for name, data, first_column, error in results
    }


def _too_big(worksheet: object) -> str | None:
    max_row = int(getattr(worksheet, "max_row", 0) or 0)
    max_column = int(getattr(worksheet, "max_column", 0) or 0)
    title = getattr(worksheet, "title", "")
    if max_column > MAX_COLUMNS or max_row * max_column > MAX_CELLS:
        return (
            f"sheet {title!r} spans {max_row:,} rows x {max_column:,} columns: over the limit of "
            f"{MAX_COLUMNS:,} columns and {MAX_CELLS:,} cells; a stray cell far to the right or "
            "below the table makes this, delete it and save again"
        )
    return None


def _first_filled_row(worksheet: object) -> int | None:
    iter_rows = getattr(worksheet, "iter_rows")  # noqa: B009 - read-only sheets are untyped
    for number, values in enumerate(iter_rows(values_only=True), start=1):
        if any(value is not None and str(value).strip() for value in values):
            return number
    return None


def _sheet_from_grid(
    name: str, grid: pl.DataFrame, first_row: int, first_column: int, is_header: HeaderTest | None
) -> RawSheet:
    """Find the header (the first filled row) and turn the rows under it into a table."""
    if grid.height == 0:
        return RawSheet(name, pl.DataFrame(), [], first_row, {})
    filled = grid.select(
        pl.any_horizontal(pl.all().str.strip_chars().str.len_chars() > 0).fill_null(False)
    ).to_series()
    candidates = filled.arg_true().head(HEADER_SEARCH_ROWS).to_list()
    # The header is the first row that names a known layout (a title may sit above it), else
    # the first filled row.
    header_index = next(
        (
            index
            for index in candidates
            if is_header is not None
            and is_header(unique_names([cell or "" for cell in grid.row(index)]))
        ),
        candidates[0] if candidates else 0,
    )
    names = unique_names([cell or "" for cell in grid.row(header_index)])
    body = grid.slice(header_index + 1)
    body.columns = names
    body = body.with_columns(pl.all().str.strip_chars()).with_columns(
        pl.when(pl.all().str.len_chars() > 0).then(pl.all())
    )
    keep = filled.slice(header_index + 1).to_numpy()
    excel_rows = [first_row + header_index + 1 + i for i in range(body.height) if keep[i]]
    body = body.filter(pl.Series(keep))
    header_columns = {column: first_column + index for index, column in enumerate(names)}
    return RawSheet(name, body, excel_rows, first_row + header_index, header_columns)
