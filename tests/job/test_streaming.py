"""A CSV too large to read whole is scored in batches (issue 15): the same rows, scores and
issues as reading it whole, rounds never cut apart, Parquet in row groups, and a workbook that
shows the first rows and says where the rest are.  Small limits are passed in, so a file of a
few thousand rows is streamed in many batches."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow.parquet as pq
import pytest
from openpyxl import load_workbook

from pipeline.games.generate import write_generated
from pipeline.job.runner.driver import run
from pipeline.job.runner.limits import Limits

STREAMED = Limits(sheet_rows=601, stream_bytes=10_000, batch_bytes=7_000, workbook_rows=1_000)


def _entry(output: Path, name: str) -> dict[str, Any]:
    entries: dict[str, dict[str, Any]] = json.loads((output / "manifest.json").read_text())["files"]
    return entries[name]


@pytest.fixture
def night(tmp_path: Path) -> Path:
    path = tmp_path / "in" / "night.csv"
    path.parent.mkdir()
    write_generated(path, layout="players", rounds=300, players=8, seed=5)
    return path


def test_a_streamed_csv_scores_as_it_would_whole(night: Path, tmp_path: Path) -> None:
    whole = run([night], tmp_path / "whole")
    streamed = run([night], tmp_path / "streamed", limits=STREAMED)
    assert whole.exit_code == streamed.exit_code == 0, streamed
    entry = _entry(tmp_path / "streamed", "night.csv")
    assert "stream" in entry["timings"]  # it really went through the batches
    assert entry["rows_read"] == entry["rows_scored"] == 2_400
    poker = Path(entry["outputs"]["parquet_poker"])
    assert pq.ParquetFile(poker).num_row_groups > 5  # one row group per batch
    expected = pl.read_parquet(tmp_path / "whole" / "night.csv.poker.parquet")
    assert pl.read_parquet(poker).equals(expected)  # same rounds, ranks and winners

    book = load_workbook(entry["outputs"]["workbook"])
    assert book.sheetnames == ["night", "night (2)", "Summary", "Issues"]
    assert book["night"].max_row + book["night (2)"].max_row - 2 == 1_000
    summary = [str(cell) for row in book["Summary"].iter_rows(values_only=True) for cell in row]
    assert "the first 1,000 of 2,400" in summary
    assert "night.csv.poker.parquet" in summary


@pytest.mark.parametrize(
    ("layout", "rounds", "parquet"),
    [("rounds", 400, "poker"), ("five-card", 300, "poker"), ("yatzy", 450, "yatzy")],
    ids=["rounds layout", "five-card", "yatzy games"],
)
def test_every_layout_streams_to_the_same_parquet(
    tmp_path: Path, layout: str, rounds: int, parquet: str
) -> None:
    path = tmp_path / "in" / "night.csv"
    path.parent.mkdir()
    write_generated(path, layout=layout, rounds=rounds, players=4, seed=2)
    assert path.stat().st_size > 2 * STREAMED.batch_bytes  # several batches
    whole = run([path], tmp_path / "whole")
    streamed = run([path], tmp_path / "streamed", limits=STREAMED)
    assert whole.exit_code == streamed.exit_code, streamed
    entry = _entry(tmp_path / "streamed", "night.csv")
    assert "stream" in entry["timings"]
    name = f"night.csv.{parquet}.parquet"
    expected = pl.read_parquet(tmp_path / "whole" / name)
    assert pl.read_parquet(tmp_path / "streamed" / name).equals(expected)


def test_a_round_whose_rows_are_apart_is_never_decided_twice(night: Path, tmp_path: Path) -> None:
    lines = night.read_text().splitlines()
    stray = lines[1]  # the first row of round 1, again after every other round
    night.write_text("\n".join([*lines, stray.replace(",1,1,", ",1,9,", 1)]) + "\n")
    report = run([night], tmp_path / "out", limits=STREAMED)
    assert report.exit_code == 1
    entry = _entry(tmp_path / "out", "night.csv")
    assert (entry["rows_read"], entry["rows_scored"], entry["rows_rejected"]) == (2_401, 2_400, 1)
    issues = pl.read_parquet(entry["outputs"]["parquet_issues"])
    assert issues.select("row", "code", "value").rows() == [(2_402, "round_split", "1")]
    assert issues["message"][0].startswith("round '1' continues here after other rounds")


def test_a_quoted_cell_over_two_lines_fails_the_file_in_one_line(tmp_path: Path) -> None:
    night = tmp_path / "night.csv"
    rows = "".join(
        f"{n},Ann,As Ks Qs Js Ts 2c 3d\n{n},Bob,2h 3h Qs Js Ts 2c 3d\n" for n in range(800)
    )
    night.write_text(
        'round,player,cards,notes\n1,Cy,"Ah Kh",x\n' + rows.replace("\n", ',"a\nb"\n', 1)
    )
    report = run([night], tmp_path / "out", limits=STREAMED)
    assert report.exit_code == 2
    assert report.files[0].error is not None
    assert "a quoted cell spanning lines?" in report.files[0].error
