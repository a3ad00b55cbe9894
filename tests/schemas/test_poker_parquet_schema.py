"""The poker Parquet contract (issue 29): the new columns in the contract's order, checked by
pandera, and files written before them still scanned with the new ones."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pandera.errors
import polars as pl
import pytest

from pipeline.games.poker.stats.tracker_stats import (
    STREET_ACTIONS,
    STUD_DRAW_STATS,
    TRACKER_STATS,
)
from pipeline.records.hand_log import STUD_DRAW_COLUMNS
from schemas.holdem import POKER_PARQUET_SCHEMA, ScoredRows, align_to_poker_schema

CONTRACT_COLUMNS = [
    "site", "played_at", "time_zone", "currency", "small_blind", "big_blind", "ante", "format",
    "buy_in", "buy_in_currency", "table_size", "position", "actions", "net", "issue_code",
]  # fmt: skip
# issue 33's tracker statistics come after the contract's columns, in their module's order, then
# all_in_ev, then the counts per street (added after all_in_ev: earlier columns keep their place),
# then issue 34's win chance per stud street, then its stand-pat flag and stud's and the draws'
# counts per street, then issue 32's boards of a hand run twice or more
STUD_STREETS = ["win_third", "win_fourth", "win_fifth", "win_sixth"]
NEWER_COLUMNS = [
    *CONTRACT_COLUMNS, *TRACKER_STATS, "all_in_ev", *STREET_ACTIONS, *STUD_STREETS,
    *STUD_DRAW_STATS, *STUD_DRAW_COLUMNS, "run_boards",
]  # fmt: skip
OLD_COLUMNS = [name for name in POKER_PARQUET_SCHEMA if name not in NEWER_COLUMNS]


def one_row(**values: object) -> pl.DataFrame:
    """A valid scored row (a folded player), with ``values`` in place of the defaults."""
    row: dict[str, object] = {
        "source_file": "night.txt", "sheet": "hands", "row": 3, "round": "7", "player": "Ann",
        "cards": "", "folded": True, "winner": False, "put_in": 20.0, "won": 0.0,
        "site": "PokerStars", "played_at": datetime(2021, 7, 31, 1, 15, tzinfo=UTC),
        "time_zone": "ET", "currency": "USD", "small_blind": 0.25, "big_blind": 0.5,
        "ante": None, "format": "cash", "table_size": 6, "position": "UTG+1",
        "actions": "3.f", "net": -20.0,
    }  # fmt: skip
    row.update(values)
    return align_to_poker_schema(pl.DataFrame([row]))


def test_the_contract_columns_come_last_in_the_contracts_order() -> None:
    assert list(POKER_PARQUET_SCHEMA)[-len(NEWER_COLUMNS) :] == NEWER_COLUMNS
    assert {name: POKER_PARQUET_SCHEMA[name] for name in TRACKER_STATS} == TRACKER_STATS
    assert {name: POKER_PARQUET_SCHEMA[name] for name in STREET_ACTIONS} == STREET_ACTIONS
    assert {name: POKER_PARQUET_SCHEMA[name] for name in STUD_DRAW_STATS} == STUD_DRAW_STATS
    assert POKER_PARQUET_SCHEMA["played_at"] == pl.Datetime("us", "UTC")
    assert ScoredRows.validate(one_row()).height == 1


@pytest.mark.parametrize(
    ("column", "value", "check"),
    [
        ("position", "LJ", "isin"),
        ("position", "btn", "isin"),
        ("format", "sng", "isin"),
        ("net", -19.0, "net_is_won_less_put_in"),
        ("table_size", 0, "greater_than_or_equal_to"),
        ("big_blind", -1.0, "greater_than_or_equal_to"),
        ("draws", "2, 1", "str_matches"),
        ("bring_in", -2.0, "greater_than_or_equal_to"),
    ],
    ids=[
        "unknown-position",
        "lower-case-position",
        "unknown-format",
        "net-not-won-less-put-in",
        "no-seats",
        "negative-blind",
        "draws-not-counts",
        "negative-bring-in",
    ],
)
def test_the_model_refuses(column: str, value: object, check: str) -> None:
    with pytest.raises(pandera.errors.SchemaErrors) as caught:
        ScoredRows.validate(one_row(**{column: value}), lazy=True)
    checks = caught.value.failure_cases["check"].to_list()
    assert any(found.startswith(check) for found in checks), f"{column}={value!r}: {checks}"


def test_a_stud_or_draw_row_takes_its_own_facts() -> None:
    stud = one_row(bring_in=0.02, small_bet=0.04, big_bet=0.08, up_cards="7c 9h Qs")
    draw = one_row(small_bet=0.04, big_bet=0.08, draws="2 1 0")
    assert ScoredRows.validate(pl.concat([stud, draw]), lazy=True).height == 2


def test_net_is_free_where_money_is_unknown() -> None:
    assert ScoredRows.validate(one_row(put_in=None, won=None, net=None), lazy=True).height == 1


def test_old_files_scan_with_new_ones(tmp_path: Path) -> None:
    new = one_row()
    old = new.select(OLD_COLUMNS).with_columns(pl.lit("old.txt").alias("source_file"))
    old.write_parquet(tmp_path / "old.poker.parquet")
    new.write_parquet(tmp_path / "new.poker.parquet")
    paths = sorted(tmp_path.glob("*.poker.parquet"))
    season = pl.concat(align_to_poker_schema(pl.scan_parquet(path)) for path in paths).collect()
    assert season.schema == pl.Schema(POKER_PARQUET_SCHEMA)
    by_file = dict(zip(season["source_file"], season["currency"], strict=True))
    assert by_file == {"night.txt": "USD", "old.txt": None}


def test_align_keeps_a_dataframe_eager_and_drops_what_is_not_in_the_schema() -> None:
    aligned = align_to_poker_schema(pl.DataFrame({"player": ["Ann"], "scratch": [1]}))
    assert isinstance(aligned, pl.DataFrame)
    assert aligned.columns == list(POKER_PARQUET_SCHEMA)
