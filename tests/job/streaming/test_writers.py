"""What a streamed CSV writes (pipeline.job.streaming.writers and .summary), on frames of our
own: Parquet files written batch by batch and renamed whole, nothing left when a run stops, and
the workbook's share of the batches with its Summary blocks."""

from __future__ import annotations

import contextlib
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq
import pytest

from pipeline.job.streaming.summary import StreamedFile, streamed_summary
from pipeline.job.streaming.writers import ParquetWriters, issues_as_text, joined_sheet, sheet_head
from pipeline.sinks.excel.workbook import SheetOutput


def test_batches_go_to_one_file_per_output_renamed_whole_and_stamped(tmp_path: Path) -> None:
    base = tmp_path / "night.csv"
    with contextlib.ExitStack() as stack:
        writers = ParquetWriters(base, stack)
        writers.write("poker", pl.DataFrame({"round": [1, 1], "player": ["Ann", "Bob"]}))
        writers.write("poker", pl.DataFrame({"player": ["Cy"], "round": [2]}))  # other order
        writers.write("poker", pl.DataFrame({"round": [3]}))  # a column missing: null
        writers.write("issues", pl.DataFrame())  # nothing to write: no file
        assert not (tmp_path / "night.csv.poker.parquet").exists()  # only once closed
        written = writers.close()
    path = tmp_path / "night.csv.poker.parquet"
    assert written == {"parquet_poker": str(path)}
    assert sorted(item.name for item in tmp_path.iterdir()) == ["night.csv.poker.parquet"]
    frame = pl.read_parquet(path)
    assert frame.to_dict(as_series=False) == {
        "round": [1, 1, 2, 3],
        "player": ["Ann", "Bob", "Cy", None],
    }
    metadata = pq.read_schema(path).metadata
    assert metadata is not None and metadata[b"showdown_output"] == b"1"


def test_a_stopped_run_leaves_no_file_behind(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="stopped"), contextlib.ExitStack() as stack:
        writers = ParquetWriters(tmp_path / "night.csv", stack)
        writers.write("poker", pl.DataFrame({"round": [1]}))
        raise RuntimeError("stopped")
    assert list(tmp_path.iterdir()) == []


def test_issues_are_text_but_the_row_number() -> None:
    issues = pl.DataFrame({"row": ["7"], "value": [1.5], "message": ["bad card"]})
    typed = issues_as_text(issues)
    assert typed.schema == pl.Schema({"row": pl.Int64, "value": pl.String, "message": pl.String})
    assert typed.row(0) == (7, "1.5", "bad card")


def test_the_shown_batches_make_one_sheet_with_their_flags() -> None:
    first = SheetOutput(
        "b1",
        pl.DataFrame({"player": ["Ann", "Bob", "Cy"]}),
        highlight=pl.Series([True, False, False]),
        muted=pl.Series([False, False, True]),
        notes={"player": "as written"},
    )
    second = SheetOutput(
        "b2",
        pl.DataFrame({"player": ["Dee"], "chips": [40]}),
        highlight=pl.Series([True]),
        muted=None,
    )
    head = sheet_head(first, 2)
    assert head.table["player"].to_list() == ["Ann", "Bob"]
    assert head.highlight is not None and head.highlight.to_list() == [True, False]
    joined = joined_sheet([head, second], "night")
    assert joined.name == "night" and joined.notes == {"player": "as written"}
    assert joined.table.to_dict(as_series=False) == {
        "player": ["Ann", "Bob", "Dee"],
        "chips": [None, None, 40],
    }
    assert joined.highlight is not None and joined.highlight.to_list() == [True, False, True]
    assert joined.muted is None  # one part without folds: none are shown
    empty = joined_sheet([], "night")
    assert empty.name == "night" and empty.table.shape == (0, 0)


class _OneBlockGame:
    def summary(self, sheets: object) -> list[tuple[str, pl.DataFrame]]:
        return [("Winners", pl.DataFrame({"player": ["Ann"]}))]


def test_the_summary_counts_the_whole_file_and_says_where_every_row_is() -> None:
    streamed = StreamedFile(
        rows_read=1_500_000,
        rows_rejected=12,
        issues=15,
        batches=40,
        outputs={
            "parquet_poker": "/out/night.csv.poker.parquet",
            "parquet_issues": "/out/night.csv.issues.parquet",
        },
    )
    assert streamed.rows_scored == 1_499_988
    blocks = streamed_summary(_OneBlockGame(), [], streamed, 1_000, "night.csv", "night")
    assert [title for title, _ in blocks] == ["Rows", "Streamed: a file too large to read whole"]
    assert blocks[0][1].row(0) == ("night.csv", "night", 1_500_000, 1_499_988, 12, 15)
    assert blocks[1][1].rows() == [
        ("read in batches", "40 batches: the file is too large to read whole"),
        ("rows in this workbook", "the first 1,000 of 1,500,000"),
        ("every scored row is in", "night.csv.poker.parquet"),
        ("the blocks above cover", "the 0 scored rows of the batches shown"),
        ("every issue is in", "night.csv.issues.parquet"),
    ]
