"""Stud and Razz win chances per street in the nightly job (games/poker/equity/stud_streets):
who is shown at each street, which cards are dead, the budget, and the draw games' blanks."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import polars as pl
import pytest

from pipeline.core.cards import parse_cards
from pipeline.core.probability.stud_equity import stud_equity
from pipeline.core.rules import RAZZ, STUD
from pipeline.games import GAME_OF_LAYOUT
from pipeline.games.base import EquityOptions, ScoringOptions
from pipeline.games.layouts import detect_layout
from pipeline.games.poker.equity.stud_streets import (
    STUD_EQUITY_COLUMNS,
    estimate_stud_seconds,
    stud_street_equities,
)
from tests.helpers import run_cli

MIXED = Path(__file__).parents[1] / "data" / "mixed"


def _rows(game: str, hands: dict[str, tuple[str, bool]]) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "tournament": [None] * len(hands),
            "round": ["1"] * len(hands),
            "game": [game] * len(hands),
            "player": list(hands),
            "hole_ids": [parse_cards(cards.split()).tolist() for cards, _ in hands.values()],
            "folded": [folded for _, folded in hands.values()],
        },
        schema_overrides={"hole_ids": pl.List(pl.UInt8), "tournament": pl.String},
    )


def test_each_street_shows_who_went_on_with_a_folded_players_up_cards_dead() -> None:
    # Cy folded on fifth street holding five cards: shown on third and fourth street, and from
    # fifth street on his three up cards (6h, Ts, 9d: the third to fifth) are dead
    rows = _rows(
        "7 Card Stud",
        {
            "Ann": ("As Ad Kc Ks 2c 3d 9s", False),
            "Bob": ("7c 7d 7h 5s 2d 3c Jh", False),
            "Cy": ("8c 8d 6h Ts 9d", True),
        },
    )
    figures = stud_street_equities(rows, samples=4_000, seed=5)
    cards = [parse_cards(text.split()).tolist() for text in ("As Ad Kc Ks 2c 3d 9s",
             "7c 7d 7h 5s 2d 3c Jh", "8c 8d 6h Ts 9d")]  # fmt: skip
    dead = parse_cards(["6h", "Ts", "9d"]).tolist()
    for street, known in zip(STUD_EQUITY_COLUMNS, (3, 4, 5, 6), strict=True):
        figure = figures[street].to_list()
        if known < 5:  # three players, sampled as the job samples them
            assert all(value is not None for value in figure), street
            assert sum(figure) == pytest.approx(100.0)
            continue
        assert figure[2] is None, street
        expected = stud_equity([hand[:known] for hand in cards[:2]], dead, rules=STUD)
        assert expected.exact
        assert figure[:2] == pytest.approx((100 * expected.equity).tolist()), street


def test_sixth_street_razz_is_the_core_enumeration_and_a_fold_is_blank() -> None:
    rows = _rows(
        "Razz",
        {
            "Ann": ("As 2d 3h 4c Kd Qs 9h", False),
            "Bob": ("5s 7d 6h 3c 2h Ac Jd", False),
            "Cy": ("8c 8d", True),  # folded before third street's figures: shown nowhere
        },
    )
    figures = stud_street_equities(rows, samples=1_000)
    known = parse_cards(
        [["As", "2d", "3h", "4c", "Kd", "Qs"], ["5s", "7d", "6h", "3c", "2h", "Ac"]]
    )
    expected = stud_equity(known, rules=RAZZ)
    assert figures["win_sixth"].to_list()[:2] == pytest.approx((100 * expected.equity).tolist())
    assert figures.filter(pl.col("player") == "Cy").select(STUD_EQUITY_COLUMNS).row(0) == (
        None,
    ) * len(STUD_EQUITY_COLUMNS)


@pytest.mark.parametrize("game", ["Triple Draw 2-7 Lowball", "Badugi", "Hold'em"])
def test_games_without_face_up_cards_have_no_stud_figures(game: str) -> None:
    hands = {"Ann": ("7d 5c 4s 3h", False), "Bob": ("8s 6h 4c 3d", False)}
    rows = _rows(game, hands)
    assert estimate_stud_seconds(rows, samples=1_000) == 0.0
    figures = stud_street_equities(rows, samples=1_000)
    assert figures.select(STUD_EQUITY_COLUMNS).null_count().row(0) == (2, 2, 2, 2)


def test_the_figures_are_seeded_and_the_forecast_is_cheap() -> None:
    rows = _rows(
        "7 Card Stud Hi/Lo",
        {"Ann": ("Ac 2c 3h 4d 6s Kc Ks", False), "Bob": ("Ad 2h 3d 4c 6h Ts Th", False),
         "Cy": ("9h 9d 9s 5d 5h Jd Jh", False)},
    )  # fmt: skip
    one = stud_street_equities(rows, samples=3_000, seed=1)
    two = stud_street_equities(rows, samples=3_000, seed=1)
    assert one.equals(two)
    assert 0 < estimate_stud_seconds(rows, samples=3_000) < 1


def _score(sheet: pl.DataFrame, budget: float) -> pl.DataFrame:
    layout = detect_layout(sheet.columns)
    assert layout is not None
    options = ScoringOptions(equity=replace(EquityOptions(), budget_seconds=budget, samples=2_000))
    scored, _ = GAME_OF_LAYOUT[layout.kind].score(sheet, layout, options)
    return scored


def test_the_night_budget_decides_and_blank_means_no_room() -> None:
    sheet = pl.read_csv(MIXED / "horse_night.csv", infer_schema=False)
    scored = _score(sheet, budget=120.0)
    stud = scored.filter(pl.col("game").is_in(["Razz", "7 Card Stud", "7 Card Stud Hi/Lo"]))
    live = stud.filter(~pl.col("folded"))
    assert live.select(STUD_EQUITY_COLUMNS).null_count().row(0) == (0, 0, 0, 0)
    other = scored.filter(~pl.col("game").is_in(stud["game"].unique().implode()))
    assert other.select(STUD_EQUITY_COLUMNS).null_count().row(0) == (other.height,) * 4
    # a street's figures share the whole pot between the players shown there (a player who
    # folded later is shown on the streets before)
    totals = stud.group_by("round").agg(pl.col(STUD_EQUITY_COLUMNS).sum())
    for column in STUD_EQUITY_COLUMNS:
        assert totals[column].to_list() == pytest.approx([100.0] * totals.height), column
    broke = _score(sheet, budget=0.001)  # no room: left out, as the board games' figures
    assert not set(STUD_EQUITY_COLUMNS) & set(broke.columns)


def test_the_workbook_shows_stud_streets_on_a_horse_night(tmp_path: Path) -> None:
    night = tmp_path / "in"
    night.mkdir()
    (night / "horse.csv").write_bytes((MIXED / "horse_night.csv").read_bytes())
    result = run_cli("run", str(night), "-o", str(tmp_path / "out"))
    assert result.returncode == 1  # the night's one bad row
    book = pl.read_excel(tmp_path / "out" / "horse.csv.xlsx", sheet_name="horse")
    assert all(f"{name} %" in book.columns for name in STUD_EQUITY_COLUMNS), book.columns
    parquet = pl.read_parquet(tmp_path / "out" / "horse.csv.poker.parquet")
    razz = parquet.filter((pl.col("round") == "5") & (pl.col("player") == "Bob"))
    assert razz["win_sixth"].item() > 50  # Bob's 6-4 low was made by sixth street
