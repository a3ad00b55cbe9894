"""Reading a season (pipeline.season.scan) on Parquet files of our own: the games told apart by
columns, older files filled with nulls and their net worked out, the manifest's live outputs
only, and every refusal naming its file."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from pipeline.season.scan import DEFAULT_GAME, SeasonError, scan_season

POKER: dict[str, list[object]] = {
    "round": ["1", "1"],
    "player": ["Ann", "Bob"],
    "cards": ["Ah Kh", "2s 3s"],
    "folded": [False, False],
    "strength": [10, 7000],
    "winner": [True, False],
}


def _write(path: Path, columns: dict[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    pl.DataFrame(columns).write_parquet(path)
    return path


def _poker(folder: Path) -> pl.DataFrame:
    return scan_season(folder).poker.collect().sort("path", "player")


def test_older_files_scan_with_the_game_and_net_worked_out(tmp_path: Path) -> None:
    # three nights written by three versions of the job: net, chips_won, or won and put_in
    _write(tmp_path / "a.parquet", {**POKER, "game": ["Omaha", None], "net": [5.0, -5.0]})
    _write(tmp_path / "b.parquet", {**POKER, "chips_won": [30, -30]})
    _write(tmp_path / "c.parquet", {**POKER, "won": [100, 0], "put_in": [40, 60]})
    rows = _poker(tmp_path)
    assert rows.select("path", "player", "game", "net").rows() == [
        ("a.parquet", "Ann", "Omaha", 5.0),
        ("a.parquet", "Bob", DEFAULT_GAME, -5.0),  # a row naming no game: Hold'em
        ("b.parquet", "Ann", DEFAULT_GAME, 30.0),
        ("b.parquet", "Bob", DEFAULT_GAME, -30.0),
        ("c.parquet", "Ann", DEFAULT_GAME, 60.0),  # 100 won - 40 put in
        ("c.parquet", "Bob", DEFAULT_GAME, -60.0),
    ]
    # without a manifest, each file is its own content; files are numbered in path order
    assert rows["content"].to_list() == rows["path"].to_list()
    assert [int(number) for number in rows["file"]] == [0, 0, 1, 1, 2, 2]
    assert rows.schema["strength"] == pl.UInt16 and rows["site"].null_count() == 6


def test_the_file_number_has_the_type_the_schema_says(tmp_path: Path) -> None:
    _write(tmp_path / "a.parquet", POKER)
    assert scan_season(tmp_path).poker.collect_schema()["file"] == pl.UInt32


def test_played_at_becomes_utc_whatever_a_file_wrote(tmp_path: Path) -> None:
    zoned = dt.datetime(2026, 3, 1, 21, 0, tzinfo=dt.timezone(dt.timedelta(hours=1)))
    naive = dt.datetime(2026, 3, 1, 20, 0)
    _write(tmp_path / "a.parquet", {**POKER, "played_at": [zoned, zoned]})
    _write(tmp_path / "b.parquet", {**POKER, "played_at": [naive, None]})
    _write(tmp_path / "c.parquet", {**POKER, "played_at": [dt.date(2026, 3, 1)] * 2})
    _write(tmp_path / "d.parquet", {**POKER, "played_at": ["2026-03-01T20:00:00", "soon"]})
    rows = _poker(tmp_path)
    eight_pm = dt.datetime(2026, 3, 1, 20, 0, tzinfo=dt.UTC)
    midnight = dt.datetime(2026, 3, 1, tzinfo=dt.UTC)
    assert rows["played_at"].to_list() == [
        eight_pm,
        eight_pm,  # 21:00 at UTC+1
        eight_pm,
        None,  # written without a zone: UTC, as the contract says
        midnight,
        midnight,  # a date: its midnight
        eight_pm,
        None,  # text: parsed, or null where it is no time
    ]


def test_games_are_told_apart_by_their_columns(tmp_path: Path) -> None:
    _write(tmp_path / "poker.parquet", POKER)
    _write(
        tmp_path / "yatzy.parquet",
        {
            "game": ["Game 1"],
            "round": [1],
            "player": ["Ann"],
            "dice": ["1 2 3 4 5"],
            "category": ["large straight"],
            "score": [40],
            "total": [40],
            "winner": [True],
        },
    )
    _write(tmp_path / "other.parquet", {"player": ["Ann"], "points": [3]})
    season = scan_season(tmp_path)
    assert season.poker.collect()["path"].unique().to_list() == ["poker.parquet"]
    yatzy = season.yatzy.collect()
    assert yatzy.select("path", "game", "player", "score").rows() == [
        ("yatzy.parquet", "Game 1", "Ann", 40)
    ]
    assert season.skipped == ("other.parquet",)


def test_only_the_outputs_a_manifest_lists_are_read(tmp_path: Path) -> None:
    out = tmp_path / "out"
    _write(out / "night.csv.poker.parquet", POKER)
    _write(out / "renamed-away.csv.poker.parquet", POKER)  # an input gone: a stale output
    _write(out / "hand_index.parquet", {"site": ["PokerStars"], "round": ["1"]})
    manifest = {
        "files": {
            "night.csv": {
                "sha256": "abc123",
                "outputs": {"parquet": str(out / "night.csv.poker.parquet")},
            }
        }
    }
    (out / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    season = scan_season(tmp_path)
    rows = season.poker.collect()
    assert rows["path"].unique().to_list() == ["out/night.csv.poker.parquet"]
    assert rows["content"].unique().to_list() == ["abc123"]  # the input's content hash
    assert season.stale == ("out/renamed-away.csv.poker.parquet",)
    assert season.skipped == ()  # the job's hand index is no night, and not said to be one


def test_a_tournament_keeps_its_rows(tmp_path: Path) -> None:
    _write(tmp_path / "a.parquet", {**POKER, "tournament": ["Spring", "Autumn"]})
    season = scan_season(tmp_path, tournament="Spring")
    assert season.poker.collect()["player"].to_list() == ["Ann"]


def test_what_cannot_be_read_is_refused_with_its_name(tmp_path: Path) -> None:
    with pytest.raises(SeasonError, match=r"not a folder: .*nowhere"):
        scan_season(tmp_path / "nowhere")
    with pytest.raises(SeasonError, match=r"no \.parquet files under"):
        scan_season(tmp_path)
    _write(tmp_path / "thin.parquet", {"player": ["Ann"], "strength": [10]})
    with pytest.raises(SeasonError, match=r"thin\.parquet: no column round, cards, folded, winner"):
        scan_season(tmp_path)
    (tmp_path / "thin.parquet").write_bytes(b"PAR1 not really")
    with pytest.raises(SeasonError, match=r"thin\.parquet: cannot read Parquet"):
        scan_season(tmp_path)
