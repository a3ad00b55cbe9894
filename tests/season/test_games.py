"""A season of several poker games: the ``game`` column read when present (Hold'em when absent),
standings and hand odds per game, each game's hands against its own exact odds."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from openpyxl import load_workbook

from pipeline.core.cards import parse_cards
from pipeline.core.evaluation.hands import high_strengths
from pipeline.core.probability.hand_odds import hand_odds
from pipeline.core.probability.odds import seven_card_probabilities
from pipeline.core.rules import HOLDEM, OMAHA, SHORT_DECK_HOLDEM, HandRules
from pipeline.season.hand_categories import wilson_interval
from pipeline.season.report import scan_season, season_report
from pipeline.sinks.excel.season import write_season_workbook
from tests.helpers import run_cli

RULES = {"Hold'em": HOLDEM, "Omaha": OMAHA, "Short Deck": SHORT_DECK_HOLDEM}

# (round, player, hole, board, winner, the category a reader names by looking at the cards)
OMAHA_NIGHT = [
    # Four spades in the hand, one on the board: no flush in Omaha (two hole cards exactly),
    # though any five of the nine cards would make one.
    ("1", "Ann", "As Ks Qs Js", "2h 3h 7d 8c 9s", False, "High Card"),
    ("1", "Bob", "9h 9d 4c 5c", "2h 3h 7d 8c 9s", True, "Three of a Kind"),
    ("2", "Ann", "Ah Kh 2c 3d", "Qh Jh Th 4s 5s", True, "Royal Flush"),
    ("2", "Bob", "4d 4h 6c 6s", "Qh Jh Th 4s 5s", False, "Three of a Kind"),
]
SHORT_DECK_NIGHT = [
    # A flush with trips on board: the flush plays (it beats a full house in a short deck).
    ("1", "Cy", "7h 8h", "9h Th Ah 6c 6d", True, "Flush"),
    ("1", "Dee", "Kc Ks", "9h Th Ah 6c 6d", False, "Two Pair"),
]


def _night(deals: list[tuple[str, str, str, str, bool, str]], rules: HandRules) -> pl.DataFrame:
    holes = parse_cards([hole.split() for _, _, hole, _, _, _ in deals])
    boards = parse_cards([board.split() for _, _, _, board, _, _ in deals])
    strengths = high_strengths(rules, holes, boards)
    return pl.DataFrame(
        {
            "round": [deal[0] for deal in deals],
            "player": [deal[1] for deal in deals],
            "cards": [f"{hole} {board}" for _, _, hole, board, _, _ in deals],
            "folded": [False] * len(deals),
            "strength": strengths.tolist(),
            "winner": [deal[4] for deal in deals],
        },
        schema_overrides={"strength": pl.UInt16},
    )


@pytest.fixture
def games_folder(tmp_path: Path) -> Path:
    """A Hold'em night written before the ``game`` column, an Omaha night and a short-deck
    night with it."""
    folder = tmp_path / "games"
    folder.mkdir()
    holdem = [
        ("1", "Ann", "Kh Kd", "2c 7d 9h Jc Ks", True, "Three of a Kind"),
        ("1", "Bob", "Qs Qh", "2c 7d 9h Jc Ks", False, "Pair"),
    ]
    _night(holdem, HOLDEM).write_parquet(folder / "1-holdem.parquet")
    _night(OMAHA_NIGHT, OMAHA).with_columns(game=pl.lit("Omaha")).write_parquet(
        folder / "2-omaha.parquet"
    )
    _night(SHORT_DECK_NIGHT, SHORT_DECK_HOLDEM).with_columns(
        game=pl.lit("Short Deck")
    ).write_parquet(folder / "3-short.parquet")
    return folder


def test_the_game_column_is_read_and_its_absence_is_holdem(games_folder: Path) -> None:
    rows = scan_season(games_folder).poker.collect()
    games = dict(rows.group_by("game", maintain_order=True).len().rows())
    assert games == {"Hold'em": 2, "Omaha": 4, "Short Deck": 2}


def test_standings_are_per_game(games_folder: Path) -> None:
    standings = season_report(games_folder, rules_of_game=RULES).standings
    # Places within a game: Omaha's Ann and Bob won a round each (tied first).
    assert standings.select("game", "place", "player", "rounds", "wins").rows() == [
        ("Hold'em", 1, "Ann", 1, 1),
        ("Hold'em", 2, "Bob", 1, 0),
        ("Omaha", 1, "Ann", 2, 1),
        ("Omaha", 1, "Bob", 2, 1),
        ("Short Deck", 1, "Cy", 1, 1),
        ("Short Deck", 2, "Dee", 1, 0),
    ]


@pytest.mark.parametrize(
    ("game", "deals", "rules"),
    [("Omaha", OMAHA_NIGHT, OMAHA), ("Short Deck", SHORT_DECK_NIGHT, SHORT_DECK_HOLDEM)],
    ids=["omaha", "short-deck"],
)
def test_each_games_hands_against_its_own_exact_odds(
    games_folder: Path, game: str, deals: list[tuple[str, str, str, str, bool, str]],
    rules: HandRules,
) -> None:  # fmt: skip
    categories = season_report(games_folder, rules_of_game=RULES).categories
    block = categories.filter(pl.col("game") == game)
    named = [deal[5] for deal in deals]
    observed = dict(block.select("category", "observed").rows())
    assert {name: count for name, count in observed.items() if count} == {
        name: named.count(name) for name in set(named)
    }
    chances = hand_odds(rules).probabilities()
    for row in block.iter_rows(named=True):
        probability = float(chances[row["category"]])
        assert row["expected %"] == pytest.approx(probability), row["category"]
        assert row["expected"] == pytest.approx(len(deals) * probability), row["category"]
        low, high = wilson_interval(row["observed"], len(deals))
        assert row["outside 95 %"] == (not low <= probability <= high), row["category"]
    holdem = categories.filter(pl.col("game") == "Hold'em")
    assert holdem["expected %"].to_list() == pytest.approx(
        [float(chance) for chance in seven_card_probabilities().values()]
    )
    assert categories["game"].unique(maintain_order=True).to_list() == [
        "Hold'em", "Omaha", "Short Deck",
    ]  # fmt: skip


def test_a_game_without_rules_is_named_not_compared(games_folder: Path, tmp_path: Path) -> None:
    report = season_report(games_folder)  # the default: Hold'em's rules only
    assert report.categories["game"].unique().to_list() == ["Hold'em"]
    assert report.games_without_rules == ("Omaha", "Short Deck")
    path = write_season_workbook(report, tmp_path / "season.xlsx")
    book = load_workbook(path)
    texts = [cell.value for cell in book["Hand odds"]["A"] if isinstance(cell.value, str)]
    assert "Omaha: no rules known for this game, hands not compared" in texts
    standings = book["Standings"]
    titles = [cell.value for cell in standings["A"] if cell.font.size == 13]
    assert titles == ["Hold'em", "Omaha", "Short Deck"]
    assert len(standings._charts) == 3  # a chart per game's block


def test_the_season_command_knows_every_game_the_nightly_job_scores(tmp_path: Path) -> None:
    """Nights scored by ``pipeline run`` (a ``game`` column) into ``pipeline season``: each game's
    hands against its own odds, none left uncompared."""
    nights = tmp_path / "in"
    nights.mkdir()
    for name, game, deals in (("plo", "PLO", OMAHA_NIGHT), ("six", "6+", SHORT_DECK_NIGHT)):
        pl.DataFrame(
            {
                "round": [deal[0] for deal in deals],
                "game": [game] * len(deals),
                "player": [deal[1] for deal in deals],
                "hole": [deal[2] for deal in deals],
                "board": [deal[3] for deal in deals],
            }
        ).write_csv(nights / f"{name}.csv")
    run = run_cli("run", str(nights), "-o", str(tmp_path / "out"), "--no-equity")
    assert run.returncode == 0, run.stderr
    season = run_cli("season", str(tmp_path / "out"), "-o", str(tmp_path / "season.xlsx"))
    assert season.returncode == 0, season.stderr
    book = load_workbook(tmp_path / "season.xlsx")
    texts = [cell.value for cell in book["Hand odds"]["A"] if isinstance(cell.value, str)]
    assert not [text for text in texts if "no rules known" in text]
    titles = [cell.value for cell in book["Standings"]["A"] if cell.font.size == 13]
    assert titles == ["Omaha", "Short Deck"]


def test_lowball_games_are_counted_in_their_own_categories() -> None:
    """Razz and Badugi hands against their exact odds, by the categories players count."""
    import numpy as np

    from pipeline.core.evaluation import hands
    from pipeline.core.rules import BADUGI_DRAW, RAZZ
    from pipeline.season.hand_categories import game_categories

    razz = parse_cards([["As", "2d", "3h", "4c", "5d", "Kh", "Kd"],
                        ["7s", "5h", "4h", "3c", "2c", "Qs", "Qd"],
                        ["7d", "6d", "4d", "3d", "2d", "Js", "Jd"]])  # fmt: skip
    strengths = hands.high_strengths(RAZZ, razz, np.empty((3, 0), np.uint8))
    records = {row["category"]: row for row in game_categories("Razz", strengths, RAZZ)}
    assert records["5 low"]["observed"] == 1 and records["7 low"]["observed"] == 2
    assert records["5 low"]["expected %"] == pytest.approx(781_824 / 133_784_560)
    assert sum(row["observed"] for row in records.values()) == 3  # type: ignore[misc]
    badugi = parse_cards([["Ac", "2d", "3h", "4s"], ["6c", "4d", "2h", "Kh"]])
    strengths = hands.high_strengths(BADUGI_DRAW, badugi, np.empty((2, 0), np.uint8))
    rows = game_categories("Badugi", strengths, BADUGI_DRAW)
    assert [(row["category"], row["observed"]) for row in rows] == [
        ("One-card hand", 0), ("Two-card hand", 0), ("Three-card hand", 1), ("Badugi", 1),
    ]  # fmt: skip
