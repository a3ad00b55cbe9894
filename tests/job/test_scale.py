"""The job past Excel's sheet height (issue 11.10, issue 15): a file is never failed for its
size; its sheets and its Issues go on in further sheets, and the manifest lists every output."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
from openpyxl import load_workbook

from pipeline.games.generate import write_generated
from pipeline.job.runner.driver import run
from pipeline.job.runner.limits import Limits


def test_a_night_taller_than_a_sheet_continues_and_every_output_is_listed(tmp_path: Path) -> None:
    night = tmp_path / "in" / "night.csv"
    night.parent.mkdir()
    rows = write_generated(night, layout="players", rounds=5, players=4, seed=3)
    bad = "".join(f"Other,{n},1,Ann,Zz Ks\n" for n in range(7))  # an illegal card: 7 issues
    night.write_text(night.read_text() + bad)

    report = run([night.parent], tmp_path / "out", limits=Limits(sheet_rows=6))

    assert report.exit_code == 1, report
    book_path = tmp_path / "out" / "night.csv.xlsx"
    book = load_workbook(book_path)
    nights = ["night", *(f"night ({n})" for n in range(2, 7))]  # 27 rows, 5 a sheet
    assert book.sheetnames[:6] == nights
    assert "Issues (2)" in book.sheetnames
    shown = sum(book[title].max_row - 1 for title in book.sheetnames if title.startswith("night"))
    assert shown == rows + 7
    summary = [cell for row in book["Summary"].iter_rows(values_only=True) for cell in row]
    assert ", ".join(nights[1:]) in summary
    entry = json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]["night.csv"]
    assert entry["status"] == "issues"
    assert set(entry["outputs"]) == {"workbook", "parquet_poker"}
    assert pl.read_parquet(entry["outputs"]["parquet_poker"]).height == rows
