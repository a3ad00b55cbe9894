"""Round sheets' date, currency and stake columns (issue 29): read into ``played_at``,
``currency`` and the blinds under their common spellings; without a date column, an ISO date
in the file's name, said on the Summary; a bad cell a row issue like every other."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import polars as pl
import pytest

from pipeline.job.task.outputs import issues_frame, scored_frames, summary_blocks
from pipeline.job.task.results import FileResult
from pipeline.job.task.scoring import is_known_header, score_source
from pipeline.sources import read_source

MARCH_14 = datetime(2026, 3, 14, tzinfo=UTC)
ROUND = (
    "round,player,hole,board{extra}\n1,Ann,Ah Kd,2c 7d 9h Jd 4s{a}\n1,Bob,5c 3d,2c 7d 9h Jd 4s{b}\n"
)


def scored(path: Path) -> FileResult:
    return score_source(read_source(path, is_known_header), name=path.name)


def sheet(tmp_path: Path, name: str, headers: str = "", ann: str = "", bob: str = "") -> Path:
    path = tmp_path / name
    path.write_text(ROUND.format(extra=headers, a=ann, b=bob))
    return path


@pytest.mark.parametrize(
    ("headers", "cells", "expected"),
    [
        (",date,currency,stake", ",2026-03-14,USD,1/2", ("USD", 1.0, 2.0)),
        (",Date,Currency,Stakes", ",2026-03-14,eur,0.5/1", ("EUR", 0.5, 1.0)),
        (",day,ccy,blinds", ",2026/3/14,,$1/$2", ("USD", 1.0, 2.0)),
        (",played,CCY,Blinds", ",2026-03-14 20:30:00,chips,25/50", ("chips", 25.0, 50.0)),
        (",Date,Stake", ",2026-03-14,€0.50/€1", ("EUR", 0.5, 1.0)),
    ],
    ids=["plain", "capitalised", "signs-in-the-stake", "xlsx-datetime-and-chips", "euro-signs"],
)
def test_a_round_sheet_gives_its_date_currency_and_stake(
    tmp_path: Path, headers: str, cells: str, expected: tuple[str, float, float]
) -> None:
    result = scored(sheet(tmp_path, "night.csv", headers, cells, cells))
    rows = scored_frames(result)["poker"]
    assert rows["played_at"].to_list() == [MARCH_14, MARCH_14], headers
    assert set(rows.select("currency", "small_blind", "big_blind").rows()) == {expected}
    assert rows["time_zone"].is_null().all()
    dates = dict(summary_blocks(result))["Dates"]
    assert dates.select("date", "date from").row(0)[0] == "2026-03-14"


def test_a_rounds_layout_does_not_take_the_date_or_stake_for_players(tmp_path: Path) -> None:
    path = tmp_path / "rounds.csv"
    path.write_text(
        "round,board,Date,Blinds,Ann,Bob\n1,2c 7d 9h Jd 4s,2026-03-14,1/2,Ah Kd,5c 3d\n"
    )
    rows = scored_frames(scored(path))["poker"]
    assert sorted(rows["player"].to_list()) == ["Ann", "Bob"]
    assert rows["big_blind"].to_list() == [2.0, 2.0]


@pytest.mark.parametrize(
    ("headers", "cells", "column", "value", "code"),
    [
        (",Date", ",14/03/2026", "Date", "14/03/2026", "bad_date"),
        (",date", ",2026-02-30", "date", "2026-02-30", "bad_date"),
        (",Stakes", ",one/two", "Stakes", "one/two", "bad_stake"),
        (",stake", ",2/1", "stake", "2/1", "bad_stake"),
        (",currency", ",dollars", "currency", "dollars", "bad_currency"),
    ],
    ids=["day-first", "no-such-day", "words", "small-over-big", "not-a-code"],
)
def test_a_bad_cell_is_a_row_issue_and_its_round_is_not_scored(
    tmp_path: Path, headers: str, cells: str, column: str, value: str, code: str
) -> None:
    result = scored(sheet(tmp_path, "night.csv", headers, cells, ""))
    issues = issues_frame(result).filter(pl.col("code") == code)
    assert issues.select("file", "sheet", "row", "column", "value").rows() == [
        ("night.csv", "night", 2, column, value)
    ], issues
    assert "poker" not in scored_frames(result), "the round was scored"


def test_the_files_name_dates_a_sheet_without_a_date_column(tmp_path: Path) -> None:
    result = scored(sheet(tmp_path, "2026-03-14-final.csv"))
    assert scored_frames(result)["poker"]["played_at"].to_list() == [MARCH_14, MARCH_14]
    dates = dict(summary_blocks(result))["Dates"]
    assert dates.rows() == [("2026-03-14-final.csv", "2026-03-14-final", "2026-03-14",
                             "the file's name")]  # fmt: skip


def test_never_the_files_modification_time(tmp_path: Path) -> None:
    path = sheet(tmp_path, "final.csv")
    os.utime(path, (MARCH_14.timestamp(), MARCH_14.timestamp()))
    result = scored(path)
    assert scored_frames(result)["poker"]["played_at"].is_null().all()
    assert "Dates" not in dict(summary_blocks(result))
