"""Excel 97-2003 ``.xls`` and OpenDocument ``.ods`` workbooks: read by calamine (fastexcel), every
sheet, in a memory-capped child process.

Neither format can be written back (openpyxl writes only ``.xlsx``), so their outputs are a new
workbook, ``night.xls.xlsx``, as for a CSV. Recognised by content, never by name:

>>> XLS.sniff(bytes.fromhex("d0cf11e0a1b11ae1") + bytes(8)), XLS.sniff(b"PK\\x03\\x04")
(True, False)
>>> zip_head = b"PK\\x03\\x04" + bytes(26) + b"mimetypeapplication/vnd.oasis.opendocument."
>>> ODS.sniff(zip_head + b"spreadsheet"), ODS.sniff(zip_head + b"text")  # a Writer document
(True, False)

The child is a plain subprocess (``python -c``), not a ``multiprocessing`` one, so it works
inside a Dask worker too; it caps its own address space before loading anything, writes each
sheet as Arrow IPC into a temporary folder and one JSON line per sheet on stdout, so a sheet
that kills it costs that sheet and the ones after it, reported, never the job.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from pipeline.sources.base import HeaderTest, ReadProblem, SourceFile
from pipeline.sources.xlsx.reader import memory_cap_bytes, sheet_from_grid

_OLE2_MAGIC = bytes.fromhex("d0cf11e0a1b11ae1")
_ODS_MIMETYPE = b"mimetypeapplication/vnd.oasis.opendocument.spreadsheet"
_PACKAGE_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class CalamineSource:
    """A workbook format only calamine reads: ``xls`` (an OLE2 compound file) or ``ods`` (a zip
    whose first part, ``mimetype``, names an OpenDocument spreadsheet)."""

    name: str

    def sniff(self, head: bytes) -> bool:
        if self.name == "xls":
            return head.startswith(_OLE2_MAGIC)
        return head.startswith(b"PK\x03\x04") and _ODS_MIMETYPE in head[:128]

    def read(self, path: Path, source: SourceFile, is_header: HeaderTest | None) -> None:
        read_calamine_workbook(path, source, is_header, kind=self.name)


XLS = CalamineSource("xls")
ODS = CalamineSource("ods")


def read_calamine_workbook(
    path: Path, source: SourceFile, is_header: HeaderTest | None = None, *, kind: str = "xls"
) -> None:
    """Every non-empty sheet of an ``.xls`` / ``.ods`` (``kind``, as sniffed) into ``source``;
    what cannot be read is a problem naming the sheet (or the file)."""
    with tempfile.TemporaryDirectory(prefix="showdown-sheets-") as folder:
        arguments = [str(path.resolve()), folder, str(_memory_limit()), kind]
        completed = subprocess.run(
            [sys.executable, "-c", _CHILD_CODE, *arguments],
            capture_output=True,  # a crashing reader's backtrace is not for the log
            env=os.environ | {"PYTHONPATH": _python_path()},
            check=False,
        )
        lines = completed.stdout.decode("utf-8", errors="replace").splitlines()
        for line in lines:
            loaded = json.loads(line)
            if loaded["error"] is not None:
                source.problems.append(ReadProblem(loaded["sheet"], loaded["error"]))
                continue
            grid = pl.read_ipc(io.BytesIO((Path(folder) / loaded["file"]).read_bytes()))
            filled = grid.select(
                pl.any_horizontal(pl.all().str.strip_chars().str.len_chars() > 0).fill_null(False)
            ).to_series()
            if grid.width == 0 or not filled.any():
                continue  # an empty sheet: nothing to read, nothing lost
            source.sheets.append(
                sheet_from_grid(loaded["sheet"], grid, 1, loaded["first_column"], is_header)
            )
    if completed.returncode != 0:
        done = len(source.sheets) + len(source.problems)
        source.problems.append(
            ReadProblem(
                "",
                f"cannot read {path.name!r} past its first {done} sheet(s): the reader ran out "
                "of memory or crashed (a stray cell far to the right or below the table does "
                "this; delete it and save again)",
            )
        )


def _memory_limit() -> int:
    return memory_cap_bytes()  # SHOWDOWN_MEMORY_CAP_MB, else 8 GB or half the machine


def _python_path() -> str:
    return os.pathsep.join(filter(None, [str(_PACKAGE_ROOT), os.environ.get("PYTHONPATH")]))


# The child imports only fastexcel and polars. Leading empty rows are kept (skip_rows=0), so grid
# row 0 is worksheet row 1 and every row number we report is the one the producer sees.
_CHILD_CODE = """
import json, os, resource, sys
limit = int(sys.argv[3])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
import fastexcel

path, folder, kind = sys.argv[1], sys.argv[2], sys.argv[4]
name = path.rsplit("/", 1)[-1]
# calamine picks the format by the name: give it a name that says what the content is
os.symlink(path, f"{folder}/input.{kind}")
try:
    reader = fastexcel.read_excel(f"{folder}/input.{kind}")
    sheets = reader.sheet_names
except Exception as error:
    first = str(error).splitlines()[0] if str(error) else type(error).__name__
    print(json.dumps({"sheet": "", "error": f"cannot read {name!r}: {first}"}), flush=True)
    sys.exit(0)
for index, sheet_name in enumerate(sheets):
    line = {"sheet": sheet_name, "error": None, "file": f"{index}.arrow", "first_column": 1}
    try:
        sheet = reader.load_sheet(index, header_row=None, dtypes="string", skip_rows=0)
        columns = sheet.available_columns()
        line["first_column"] = int(columns[0].absolute_index) + 1 if columns else 1
        sheet.to_polars().write_ipc(f"{folder}/{index}.arrow")
    except Exception as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        line["error"] = f"cannot read sheet {sheet_name!r}: {first}"
    print(json.dumps(line), flush=True)
"""
