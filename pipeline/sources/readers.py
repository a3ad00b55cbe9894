"""Read exports into raw sheets of text: CSV, every sheet of an ``.xlsx``, the quiz's listing.

A :class:`RawSheet` is what a person sees in the file: the header row's names and every cell
below it as text (or null), with the row number Excel or a text editor shows next to each row.
Nothing is interpreted here; layouts and validation come later.  A file that cannot be read at
all (not a real workbook, a sheet too big to load safely) gives a :class:`ReadProblem` instead of
an exception, so one hostile file never stops the others.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "night.csv").write_text("round,player,cards\\n1,Ann,As Ks Qs Js Ts 2c 3d\\n")
>>> source = read_source(folder / "night.csv")
>>> source.sheets[0].frame.to_dicts(), source.sheets[0].excel_rows
([{'round': '1', 'player': 'Ann', 'cards': 'As Ks Qs Js Ts 2c 3d'}], [2])
"""

from __future__ import annotations

import csv
import io
import multiprocessing
import os
import resource
import zipfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from pipeline.games.layouts import detect_layout

SUPPORTED_SUFFIXES = (".csv", ".xlsx", ".txt")
LISTING_SHEET = "listing"
# A sheet larger than this is refused before it is loaded: calamine allocates the whole used
# range, and one stray cell in column XFD once made it ask for 52 GB.
MAX_COLUMNS = 1_000
MAX_CELLS = 60_000_000
HEADER_SEARCH_ROWS = 30


@dataclass(frozen=True)
class RawSheet:
    """One table of text cells: ``frame`` (header names as columns) and each row's number."""

    name: str
    frame: pl.DataFrame
    excel_rows: list[int]
    header_row: int = 1
    header_columns: dict[str, int] = field(default_factory=dict)  # column name -> 1-based index


@dataclass(frozen=True)
class ReadProblem:
    """A sheet (or a whole file, ``sheet`` empty) that could not be read, and why."""

    sheet: str
    message: str


@dataclass
class SourceFile:
    """Everything read from one input file."""

    path: Path
    sheets: list[RawSheet] = field(default_factory=list)
    problems: list[ReadProblem] = field(default_factory=list)


def read_source(path: Path) -> SourceFile:
    """Read one export; problems that stop a sheet or the file are returned, not raised."""
    source = SourceFile(path)
    suffix = path.suffix.lower()
    try:
        if suffix == ".csv":
            source.sheets.append(read_csv(path))
        elif suffix == ".xlsx":
            _read_workbook(path, source)
        elif suffix == ".txt":
            source.sheets.append(read_listing(path))
        else:
            source.problems.append(
                ReadProblem("", f"unsupported file type {suffix!r}: expected .csv, .xlsx or .txt")
            )
    except (OSError, UnicodeDecodeError, csv.Error, ValueError) as error:
        source.problems.append(ReadProblem("", f"cannot read {path.name!r}: {error}"))
    return source


def _decode(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Spreadsheet programs on Windows still save CSV as cp1252; every byte decodes there.
        return data.decode("cp1252", errors="replace")


def read_csv(path: Path) -> RawSheet:
    """Every cell as text.  Rows longer than the header keep their surplus cells under
    ``extra_1``, ``extra_2`` ... rather than losing them; short rows are padded with nulls."""
    fast = _read_plain_csv(path)
    if fast is not None:
        return fast
    text = _decode(path)
    rows = list(csv.reader(io.StringIO(text, newline="")))
    numbered = [(number, row) for number, row in enumerate(rows, start=1) if any(row)]
    if not numbered:
        return RawSheet(path.stem, pl.DataFrame(), [], 1, {})
    header_row, header = numbered[0]
    names = _unique_names(header)
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
    clean = all(name.strip() for name in names) and names == _unique_names(names)
    if not clean or frame.height == 0 or lines != frame.height + 1 or b'"' in data:
        return None
    frame = frame.with_columns(pl.all().str.strip_chars()).with_columns(
        pl.when(pl.all().str.len_chars() > 0).then(pl.all())
    )
    header_columns = {name: index for index, name in enumerate(names, start=1)}
    filled = frame.select(pl.any_horizontal(pl.all().is_not_null())).to_series()
    excel_rows = (pl.int_range(2, frame.height + 2, eager=True).filter(filled)).to_list()
    return RawSheet(path.stem, frame.filter(filled), excel_rows, 1, header_columns)


def _unique_names(header: list[str]) -> list[str]:
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


def read_listing(path: Path) -> RawSheet:
    """The quiz's listing as a players table: ``round`` (counted from 1), ``cards`` per line."""
    rounds: list[str] = []
    cards: list[str] = []
    excel_rows: list[int] = []
    round_number = 0
    previous_blank = True
    for number, line in enumerate(_decode(path).splitlines(), start=1):
        if not line.strip():
            previous_blank = True
            continue
        if previous_blank:
            round_number += 1
            previous_blank = False
        rounds.append(str(round_number))
        cards.append(line.strip())
        excel_rows.append(number)
    players = [f"player {index}" for index in _position_in_round(rounds)]
    frame = pl.DataFrame(
        {"round": rounds, "player": players, "cards": cards},
        schema={"round": pl.String, "player": pl.String, "cards": pl.String},
    )
    return RawSheet(LISTING_SHEET, frame, excel_rows, 0, {"round": 1, "player": 2, "cards": 3})


def _position_in_round(rounds: list[str]) -> list[int]:
    positions: list[int] = []
    for index, round_id in enumerate(rounds):
        same = index > 0 and rounds[index - 1] == round_id
        positions.append(positions[-1] + 1 if same else 1)
    return positions


def _read_workbook(path: Path, source: SourceFile) -> None:
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
        source.sheets.append(_sheet_from_grid(name, grid, first_row, first_column))


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


def _sheet_from_grid(name: str, grid: pl.DataFrame, first_row: int, first_column: int) -> RawSheet:
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
            if detect_layout(_unique_names([cell or "" for cell in grid.row(index)])) is not None
        ),
        candidates[0] if candidates else 0,
    )
    names = _unique_names([cell or "" for cell in grid.row(header_index)])
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
