"""Hostile workbooks through the nightly job: peak memory of the job's own process and of the
capped child that did the work, and the wall time, per file.

Run: ``.venv/bin/python -m bench.hostile [--cap-mb N]`` (default: the job's own cap, 8 GB or half
the machine).  Each case is one fresh ``pipeline run`` in a subprocess, alone, so ``ru_maxrss``
is the job's peak (``RUSAGE_SELF``) and the largest child's (``RUSAGE_CHILDREN``).  Cases:

* bomb       2 MB on disk; one sheet inflates to 2 GB (a row, then a megabyte of blanks, over
             and over)
* strings    400 KB; 200,000 cells naming one 10 KB shared string (2 GB of text once read)
* dense      1,000,000 numeric cells (100,000 rows x 10 columns) under the cell limit
* control    the same workbook as ``dense`` but 10,000 rows: an ordinary file, in-process
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.xlsx_files import GOOD_ROWS, rows_block, sheet_xml, write_workbook

ROOT = Path(__file__).resolve().parents[1]
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
HEAD = f'<?xml version="1.0"?><worksheet xmlns="{MAIN}"><sheetData>'.encode()
TAIL = b"</sheetData></worksheet>"


def _cases(folder: Path) -> dict[str, Path]:
    good = ("Good", sheet_xml(GOOD_ROWS))
    made = {name: folder / f"{name}.xlsx" for name in ("bomb", "strings", "dense", "control")}
    bomb_block = rows_block(5, [2]) + b" " * (1 << 20)
    write_workbook(made["bomb"], [good, ("Bomb", (HEAD, bomb_block, 2048, TAIL))])
    row = b"<row>" + b'<c t="s"><v>0</v></c>' * 20 + b"</row>"
    write_workbook(made["strings"], [good, ("Dense", (HEAD, row, 10_000, TAIL))], ["x" * 10_000])
    numbers = b"<row>" + b"<c><v>7</v></c>" * 10 + b"</row>"
    write_workbook(made["dense"], [good, ("Dense", (HEAD, numbers, 100_000, TAIL))])
    write_workbook(made["control"], [good, ("Dense", (HEAD, numbers, 10_000, TAIL))])
    return made


def _measure(path: Path, out: Path, environment: dict[str, str], root: Path) -> dict[str, object]:
    code = (
        "import json, resource, sys, time\n"
        "from pathlib import Path\n"
        "from pipeline.job.runner.driver import run\n"
        "started = time.perf_counter()\n"
        "report = run([Path(sys.argv[1])], Path(sys.argv[2]), force=True)\n"
        "seconds = time.perf_counter() - started\n"
        "entry = report.files[0]\n"
        "message = entry.error or ''\n"
        "if not message and entry.issues:\n"
        "    import polars as pl\n"
        "    issues = pl.read_excel(entry.outputs['workbook'], sheet_name='Issues')\n"
        "    message = issues['message'][0]\n"
        "print(json.dumps({'status': entry.status, 'rows_scored': entry.rows_scored,\n"
        "    'job_mb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,\n"
        "    'child_mb': resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024,\n"
        "    'seconds': round(seconds, 1), 'message': message[:110]}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(path), str(out)],
        capture_output=True,
        text=True,
        env=environment,
        cwd=root,  # ``-c`` puts the working folder first on sys.path: the package measured
        check=True,
    )
    measured: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap-mb", type=int, default=0, help="SHOWDOWN_MEMORY_CAP_MB (0: default)")
    parser.add_argument("--only", nargs="*", default=(), help="cases to run (default: all)")
    parser.add_argument(
        "--pipeline-root", type=Path, default=ROOT, help="the checkout whose job is measured"
    )
    arguments = parser.parse_args()
    environment = os.environ | {"PYTHONPATH": str(arguments.pipeline_root)}
    if arguments.cap_mb:
        environment["SHOWDOWN_MEMORY_CAP_MB"] = str(arguments.cap_mb)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        cases = _cases(folder)
        print(f"{'case':8} {'on disk':>9} {'job MB':>7} {'child MB':>8} {'seconds':>7}  outcome")
        for name, path in cases.items():
            if arguments.only and name not in arguments.only:
                continue
            out = folder / f"out-{name}"
            measured = _measure(path, out, environment, arguments.pipeline_root)
            size = f"{path.stat().st_size / 2**20:.1f} MB"
            outcome = (
                f"{measured['status']}, {measured['rows_scored']} scored: {measured['message']}"
            )
            print(
                f"{name:8} {size:>9} {measured['job_mb']:>7} {measured['child_mb']:>8} "
                f"{measured['seconds']:>7}  {outcome}"
            )


if __name__ == "__main__":
    main()
