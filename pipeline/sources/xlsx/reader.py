"""Excel workbooks, read safely from the bytes the job read once: every part checked before a
parser sees it (:mod:`pipeline.sources.xlsx.parts`), then the sheets that passed loaded by
calamine; a hostile sheet costs only itself.  Memory is capped around the whole per-input work
by the job (:mod:`pipeline.job.runner.isolation`), not here."""

from __future__ import annotations

import os
import resource
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from pipeline.sources.base import HeaderTest, RawSheet, ReadProblem, SourceFile, unique_names
from pipeline.sources.xlsx.parts import inspect_workbook
from pipeline.sources.xlsx.sheet_scan import MAX_CELLS, MAX_COLUMNS, SheetPart

__all__ = [
    "MAX_CELLS",
    "MAX_COLUMNS",
    "WorkbookSource",
    "memory_cap",
    "memory_cap_bytes",
    "read_workbook",
]

HEADER_SEARCH_ROWS = 30
_ZIP_MAGIC = b"PK\x03\x04"
MEMORY_CAP_ENV = "SHOWDOWN_MEMORY_CAP_MB"
DEFAULT_MEMORY_CAP = 8 << 30


def memory_cap_bytes() -> int:
    """The memory one input's work may use: ``SHOWDOWN_MEMORY_CAP_MB``, else 8 GB or half the
    machine, whichever is less; never more than the address-space limit the process inherited
    (see :func:`memory_cap`)."""
    return memory_cap()[0]


INHERITED_LIMIT = "the address-space limit the job inherited (ulimit -v)"


def memory_cap() -> tuple[int, str]:
    """The memory cap in bytes and where it comes from: ``SHOWDOWN_MEMORY_CAP_MB``, the default
    (8 GB or half the machine) or :data:`INHERITED_LIMIT`, when a cron shell, a container or
    systemd's ``LimitAS`` set one lower.  A hard limit can never be raised, so the lower wins.

    >>> cap, origin = memory_cap()
    >>> cap > 0 and origin in (MEMORY_CAP_ENV, "default", INHERITED_LIMIT)
    True
    """
    configured = os.environ.get(MEMORY_CAP_ENV, "").strip()
    if configured.isdigit() and int(configured) > 0:
        cap, origin = int(configured) << 20, MEMORY_CAP_ENV
    else:
        physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        cap, origin = min(DEFAULT_MEMORY_CAP, physical // 2), "default"
    inherited, _ = resource.getrlimit(resource.RLIMIT_AS)  # the soft limit: at most the hard
    if inherited != resource.RLIM_INFINITY and inherited < cap:
        return inherited, INHERITED_LIMIT
    return cap, origin


@dataclass(frozen=True)
class WorkbookSource:
    """``.xlsx``: a zip whose parts name a workbook."""

    name: str = "xlsx"

    def sniff(self, head: bytes) -> bool:
        return head.startswith(_ZIP_MAGIC)

    def read(self, path: Path, source: SourceFile, is_header: HeaderTest | None) -> None:
        if source.content is None:
            source.content = path.read_bytes()
        read_workbook(source.content, source, is_header)


def read_workbook(content: bytes, source: SourceFile, is_header: HeaderTest | None = None) -> None:
    """Every sheet of the workbook in ``content`` into ``source``; a sheet that cannot be read
    is a problem naming it, and the others go on."""
    import fastexcel

    label = source.path.name
    parts = inspect_workbook(content, memory_cap_bytes())
    source.refused_parts.extend(parts.refused_parts)
    if parts.problem:
        source.problems.append(ReadProblem("", f"{label!r} {parts.problem}"))
        return
    wanted: list[SheetPart] = []
    for sheet in parts.sheets:
        if sheet.problem.startswith("spans"):
            source.problems.append(ReadProblem(sheet.name, f"sheet {sheet.name!r} {sheet.problem}"))
        elif sheet.problem:
            message = f"sheet {sheet.name!r} cannot be read: {sheet.problem}"
            source.problems.append(ReadProblem(sheet.name, message))
        elif sheet.first_row:  # an empty sheet: nothing to read, nothing lost
            wanted.append(sheet)
    if not wanted:
        return
    try:
        reader = fastexcel.read_excel(content)
    except Exception as error:  # calamine's own reasons: the whole file, said once
        source.problems.append(ReadProblem("", f"cannot read {label!r}: {error}"))
        return
    for sheet in wanted:
        loaded = _load_grid(reader, sheet.name)
        if isinstance(loaded, str):
            source.problems.append(ReadProblem(sheet.name, loaded))
            continue
        grid, first_column = loaded
        grid = fill_merged_down(grid, sheet.merges, sheet.first_row, first_column)
        source.sheets.append(
            _sheet_from_grid(sheet.name, grid, sheet.first_row, first_column, is_header)
        )


def _load_grid(reader: object, name: str) -> tuple[pl.DataFrame, int] | str:
    """One sheet's cells as text and its first column's 1-based index, or why not."""
    try:
        sheet = reader.load_sheet(name, header_row=None, dtypes="string")  # type: ignore[attr-defined]
        columns = sheet.available_columns()
        first_column = int(columns[0].absolute_index) + 1 if columns else 1
        return sheet.to_polars(), first_column
    except MemoryError:
        raise
    except Exception as error:  # a malformed part or a bad cell reference: this sheet only
        detail = str(error).splitlines()[0] if str(error) else type(error).__name__
        return f"sheet {name!r} cannot be read: {detail}"


def fill_merged_down(
    grid: pl.DataFrame,
    merges: Sequence[tuple[int, int, int, int]],
    first_row: int,
    first_column: int,
) -> pl.DataFrame:
    """A merged cell's value on every row the merge spans, in its own column: a merged
    ``round`` or ``tournament`` cell applies to each row beside it (calamine gives it to the
    first row only).  ``merges`` are 1-based and inclusive, as :class:`SheetPart` has them.

    >>> grid = pl.DataFrame({"a": ["round", "1", None, None], "b": ["player", "Ann", "Bob", "Cy"]})
    >>> fill_merged_down(grid, [(3, 1, 5, 1)], 2, 1)["a"].to_list()
    ['round', '1', '1', '1']
    """
    by_column: dict[int, list[tuple[int, int]]] = {}
    for top, left, bottom, _ in merges:
        row, column = top - first_row, left - first_column
        if 0 <= column < grid.width and 0 <= row < grid.height and bottom > top:
            by_column.setdefault(column, []).append((row, min(bottom - first_row, grid.height - 1)))
    if not by_column:
        return grid
    replaced = []
    for column, spans in by_column.items():
        values = grid.to_series(column).to_list()
        for top, bottom in spans:
            values[top + 1 : bottom + 1] = [values[top]] * (bottom - top)
        replaced.append(pl.Series(grid.columns[column], values, dtype=pl.String))
    return grid.with_columns(replaced)


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
