"""A tiny hand-computed season: two poker nights and one Yatzy night, as Parquet files."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import polars as pl
import pytest

from pipeline.core.cards import parse_cards
from pipeline.core.evaluation import evaluator

BOARDS = {
    ("b", "1"): "2c 7d 9h Jc Ks",
    ("b", "2"): "Ah Kc 8d 5s 2h",
    ("a", "1"): "2s 3s 9d Td Qh",
    ("a", "2"): "4h 4d Jh Js 6s",
}
# night, round, player, hole, folded, winner, rank, win_preflop, win_flop, win_turn
DEALS = [
    ("b", "1", "Ann", "Kh Kd", False, True, 1, None, None, 90.0),
    ("b", "1", "Bob", "Qs Qh", False, False, 2, None, None, 10.0),
    ("b", "1", "Cy", "3c 4d", True, False, None, None, None, None),
    ("b", "2", "Ann", "3h 4h", False, True, 1, None, 50.0, None),
    ("b", "2", "Bob", "3d 4c", False, True, 1, None, 50.0, None),
    ("b", "2", "Cy", "5d 6d", True, False, None, None, None, None),
    ("a", "1", "Ann", "As Ks", False, False, 2, 80.0, None, None),
    ("a", "1", "Cy", "9c 9s", False, True, 1, 20.0, None, None),
    ("a", "1", "Bob", "5c 6c", True, False, None, None, None, None),
    ("a", "2", "Bob", "Ac Ad", False, True, 1, None, None, 5.0),
    ("a", "2", "Ann", "7c 8c", True, False, None, None, None, None),
    ("a", "2", "Cy", "Tc Ts", True, False, None, None, None, None),
]
CHIPS = {("a", "1"): [-10.0, 10.0, 0.0], ("a", "2"): [4.0, -2.0, -2.0]}


def _poker_night(night: str, date: dt.date, chips: bool) -> pl.DataFrame:
    records: list[dict[str, object]] = []
    for deal in DEALS:
        name, round_, player, hole, folded, winner, rank, pre, flop, turn = deal
        if name != night:
            continue
        cards = hole if folded else f"{hole} {BOARDS[(night, round_)]}"
        strength = None if folded else int(evaluator.evaluate(parse_cards([cards.split()]))[0])
        records.append(
            {
                "source_file": f"{night}.csv",
                "sheet": "Sheet1",
                "row": len(records) + 2,
                "tournament": "Winter",
                "round": round_,
                "player": player,
                "cards": cards,
                "folded": folded,
                "strength": strength,
                "hand": None if strength is None else evaluator.category_names([strength])[0],
                "hand_detail": None if strength is None else evaluator.describe([strength])[0],
                "best_five": None,
                "rank": rank,
                "winner": winner,
                "win_preflop": pre,
                "win_flop": flop,
                "win_turn": turn,
                "date": date,
            }
        )
    frame = pl.DataFrame(
        records,
        schema_overrides={
            "strength": pl.UInt16, "rank": pl.UInt32, "best_five": pl.String,
            "win_preflop": pl.Float64, "win_flop": pl.Float64, "win_turn": pl.Float64,
        },
    )  # fmt: skip
    if chips:
        values = [value for key in sorted(CHIPS) for value in CHIPS[key]]
        frame = frame.with_columns(pl.Series("chips_won", values, dtype=pl.Float64))
    return frame


YATZY_ROWS = [
    ("g1", 1, "Ann", "6 6 6 6 1", "Sixes", 24, 24, False),
    ("g1", 1, "Bo", "5 5 5 1 1", "Full House", 17, 17, False),
    ("g1", 2, "Ann", "1 2 3 4 5", "Small Straight", 15, 39, True),
    ("g1", 2, "Bo", "2 2 3 3 4", "Chance", 14, 31, False),
    ("g2", 1, "Ann", "1 1 1 1 1", "Yatzy", 50, 50, False),
    ("g2", 1, "Bo", "6 6 6 6 6", "Sixes", 30, 30, False),
    ("g2", 2, "Bo", "5 5 5 5 5", "Fives", 25, 55, False),
    ("g2", 3, "Bo", "4 4 4 2 2", "Fours", 12, 117, True),
]


def _yatzy_night() -> pl.DataFrame:
    columns = ("game", "round", "player", "dice", "category", "score", "total", "winner")
    frame = pl.DataFrame([dict(zip(columns, row, strict=True)) for row in YATZY_ROWS])
    return frame.with_columns(
        source_file=pl.lit("y.csv"),
        sheet=pl.lit("Night"),
        row=pl.int_range(2, frame.height + 2),
        category_chosen=pl.lit(False),
        rank=pl.lit(1, dtype=pl.Int64),
        date=pl.lit("2026-01-08"),
    )


@pytest.fixture
def season_folder(tmp_path: Path) -> Path:
    """``b.poker.parquet`` (5 Jan), ``sub/y.yatzy.parquet`` (8 Jan), ``a.poker.parquet``
    (12 Jan, with chips_won): path order differs from date order on purpose."""
    folder = tmp_path / "season"
    (folder / "sub").mkdir(parents=True)
    _poker_night("b", dt.date(2026, 1, 5), chips=False).write_parquet(folder / "b.poker.parquet")
    _poker_night("a", dt.date(2026, 1, 12), chips=True).write_parquet(folder / "a.poker.parquet")
    _yatzy_night().write_parquet(folder / "sub" / "y.yatzy.parquet")
    (folder / "notes.parquet").parent.mkdir(exist_ok=True)
    pl.DataFrame({"x": [1]}).write_parquet(folder / "notes.parquet")
    return folder
