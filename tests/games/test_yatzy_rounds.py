"""The Yatzy round sheet: totals with the upper bonus, places, winners, choices and issues."""

from __future__ import annotations

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.yatzy_reference import reference_score
from pipeline.core.yatzy import CATEGORIES, CATEGORY_NAMES
from pipeline.games.yatzy.columns import (
    ISSUE_SCHEMA,
    ROUND_SCHEMA,
    SCORED_COLUMNS,
    STANDINGS_SCHEMA,
)
from pipeline.games.yatzy.score import score_rounds
from pipeline.games.yatzy.standings import final_standings

Row = tuple[int, str | None, int | None, str | None, list[int] | None, str | None]


def sheet(rows: list[Row]) -> pl.DataFrame:
    """A round sheet from ``(row_id, game, round, player, dice, category)`` tuples."""
    return pl.DataFrame(rows, schema=ROUND_SCHEMA, orient="row")


def column(frame: pl.DataFrame, name: str) -> list[object]:
    return frame.get_column(name).to_list()


def row_ids(frame: pl.DataFrame) -> list[int]:
    return [int(row_id) for row_id in frame.get_column("row_id").to_list()]


def assert_partition(rounds: pl.DataFrame, scored: pl.DataFrame, issues: pl.DataFrame) -> None:
    """Every input row is scored or rejected, never both, never neither."""
    ids, kept, rejected = (set(row_ids(frame)) for frame in (rounds, scored, issues))
    assert not kept & rejected, f"rows both scored and rejected: {sorted(kept & rejected)}"
    assert kept | rejected == ids, f"rows lost: {sorted(ids - kept - rejected)}"
    assert scored.height + len(rejected) == rounds.height


def test_output_schemas() -> None:
    rounds = sheet([(1, "A", 1, "Ann", [1, 1, 2, 4, 4], "fours")])
    scored, issues = score_rounds(rounds)
    assert scored.schema == pl.Schema({**ROUND_SCHEMA, **SCORED_COLUMNS})
    assert issues.schema == pl.Schema(ISSUE_SCHEMA)
    assert final_standings(scored).schema == pl.Schema(STANDINGS_SCHEMA)


def test_empty_sheet() -> None:
    scored, issues = score_rounds(sheet([]))
    assert (scored.height, issues.height) == (0, 0)
    assert scored.schema == pl.Schema({**ROUND_SCHEMA, **SCORED_COLUMNS})
    assert final_standings(scored).height == 0


def test_extra_columns_are_kept_in_place_and_rows_in_input_order() -> None:
    rounds = sheet(
        [
            (7, "A", 2, "Ann", [6, 6, 6, 6, 6], "yatzy"),
            (3, "A", 1, "Ann", [1, 1, 2, 4, 4], "fours"),
        ]
    ).insert_column(1, pl.Series("table", ["t1", "t2"]))
    scored, issues = score_rounds(rounds)
    assert scored.columns[:7] == rounds.columns
    assert column(scored, "row_id") == [7, 3]
    assert column(scored, "table") == ["t1", "t2"]
    assert column(scored, "total") == [58, 8]  # round 1 first: 8, then 8 + 50
    assert issues.height == 0


def test_running_totals_with_the_upper_bonus_at_exactly_63() -> None:
    # 18 + 15 + 12 + 9 + 6 + 3 = 63: the bonus arrives with the round that reaches it.
    rolls = [
        ([6, 6, 6, 1, 2], "sixes"),
        ([5, 5, 5, 1, 2], "fives"),
        ([4, 4, 4, 1, 2], "fours"),
        ([3, 3, 3, 1, 2], "threes"),
        ([2, 2, 2, 1, 3], "twos"),
        ([1, 1, 1, 2, 3], "ones"),
        ([6, 6, 6, 6, 6], "yatzy"),
    ]
    rounds = sheet(
        [(r, "G", r, "Ann", dice, category) for r, (dice, category) in enumerate(rolls, 1)]
    )
    scored, issues = score_rounds(rounds)
    assert issues.height == 0
    assert column(scored, "score") == [18, 15, 12, 9, 6, 3, 50]
    assert column(scored, "total") == [18, 33, 45, 54, 60, 113, 163]
    standings = final_standings(scored)
    assert standings.rows() == [("G", "Ann", 7, 63, 50, 163, 1)]


def test_upper_sum_of_62_earns_no_bonus() -> None:
    rolls = [
        ([6, 6, 6, 6, 1], "sixes"),  # 24
        ([5, 5, 5, 5, 1], "fives"),  # 20
        ([4, 4, 4, 1, 2], "fours"),  # 12
        ([3, 3, 1, 1, 2], "threes"),  # 6
    ]
    rounds = sheet([(r, "G", r, "Bo", d, c) for r, (d, c) in enumerate(rolls, 1)])
    scored, _ = score_rounds(rounds)
    assert column(scored, "total") == [24, 44, 56, 62]
    assert final_standings(scored).row(0) == ("G", "Bo", 4, 62, 0, 62, 1)


def test_ranks_share_places_and_carry_totals_through_missing_rounds() -> None:
    rounds = sheet(
        [
            (1, "G", 1, "Ann", [4, 4, 4, 4, 4], "chance"),  # 20
            (2, "G", 1, "Bo", [4, 4, 4, 4, 4], "chance"),  # 20
            (3, "G", 1, "Cy", [1, 2, 3, 1, 3], "chance"),  # 10
            (4, "G", 2, "Ann", [1, 1, 1, 1, 2], "ones"),  # 4 -> 24
            (5, "G", 2, "Cy", [6, 6, 6, 6, 6], "yatzy"),  # 50 -> 60; Bo has no round 2 row
            (6, "G", 3, "Bo", [6, 6, 6, 1, 1], "full house"),  # 20 -> 40
        ]
    )
    scored, issues = score_rounds(rounds)
    assert issues.height == 0
    assert column(scored, "total") == [20, 20, 10, 24, 60, 40]
    assert column(scored, "rank") == [1, 1, 3, 2, 1, 2]
    assert column(scored, "winner") == [False, False, False, False, True, False]


def test_tied_leaders_are_all_winners_on_their_last_rows() -> None:
    rounds = sheet(
        [
            (1, "G", 1, "Ann", [1, 1, 1, 1, 1], "yatzy"),
            (2, "G", 1, "Bo", [2, 2, 2, 2, 2], "yatzy"),
            (3, "G", 2, "Ann", [2, 2, 3, 3, 5], "chance"),  # 15 -> 65
            (4, "G", 2, "Bo", [1, 2, 3, 4, 5], "small straight"),  # 15 -> 65
            (5, "G", 2, "Cy", [6, 6, 6, 6, 5], "chance"),  # 29
            (6, "H", 1, "Di", [1, 1, 1, 1, 2], "ones"),  # another game, its own winner
        ]
    )
    scored, _ = score_rounds(rounds)
    assert column(scored, "rank") == [1, 1, 1, 1, 3, 1]
    assert column(scored, "winner") == [False, False, True, True, False, True]
    standings = final_standings(scored)
    assert standings.select("game", "player", "total", "place").rows() == [
        ("G", "Ann", 65, 1),
        ("G", "Bo", 65, 1),
        ("G", "Cy", 29, 3),
        ("H", "Di", 4, 1),
    ]


def test_null_game_is_one_game_of_its_own() -> None:
    rounds = sheet(
        [
            (1, None, 1, "Ann", [6, 6, 6, 6, 6], "yatzy"),
            (2, None, 1, "Bo", [1, 1, 1, 1, 1], "ones"),
            (3, "A", 1, "Ann", [1, 1, 1, 1, 1], "yatzy"),  # a named game: yatzy is free here
        ]
    )
    scored, issues = score_rounds(rounds)
    assert issues.height == 0
    assert column(scored, "rank") == [1, 2, 1]
    assert column(scored, "winner") == [True, False, True]
    assert final_standings(scored).select("game", "player", "place").rows() == [
        (None, "Ann", 1),
        (None, "Bo", 2),
        ("A", "Ann", 1),
    ]


def test_blank_categories_get_the_best_free_one_in_round_order() -> None:
    rounds = sheet(
        [
            (1, "G", 1, "Ann", [6, 6, 6, 6, 6], None),
            (2, "G", 2, "Ann", [6, 6, 6, 6, 6], ""),
            (3, "G", 3, "Ann", [6, 6, 6, 6, 6], "  "),
            (4, "G", 4, "Ann", [6, 6, 6, 6, 6], None),
            (5, "G", 1, "Bo", [1, 1, 2, 4, 4], None),  # chance 12 is written later: two pairs
            (6, "G", 2, "Bo", [6, 5, 4, 3, 2], "Chance"),
            (7, "G", 3, "Bo", [1, 1, 2, 4, 4], "Two Pairs"),  # explicit: chosen row 5 differs
        ]
    )
    scored, issues = score_rounds(rounds)
    assert issues.height == 0
    # Yatzy 50; then sixes 30 ties chance 30 and comes first; then chance 30; then four 24.
    assert column(scored, "category") == [
        "Yatzy",
        "Sixes",
        "Chance",
        "Four of a Kind",
        "Fours",  # two pairs and chance are written on Bo's later rows; fours ties pair
        "Chance",
        "Two Pairs",
    ]
    assert column(scored, "category_chosen") == [True, True, True, True, True, False, False]
    assert column(scored, "score") == [50, 30, 30, 24, 8, 20, 10]


def test_explicit_categories_are_rewritten_to_display_names() -> None:
    rounds = sheet(
        [
            (r, "G", r, "Ann", [3, 3, 3, 4, 4], text)
            for r, text in enumerate(["two pairs", "FULL-HOUSE", "three_of_a_kind", "Yahtzee"], 1)
        ]
    )
    scored, _ = score_rounds(rounds)
    assert column(scored, "category") == ["Two Pairs", "Full House", "Three of a Kind", "Yatzy"]
    assert column(scored, "score") == [14, 17, 9, 0]


# --- issues ------------------------------------------------------------------------------------


def test_unknown_category() -> None:
    rounds = sheet(
        [
            (10, "G", 1, "Ann", [1, 1, 2, 4, 4], "fourz"),
            (11, "G", 2, "Ann", [1, 1, 2, 4, 4], "fours"),
        ]
    )
    scored, issues = score_rounds(rounds)
    assert column(scored, "row_id") == [11]
    assert issues.rows() == [
        (
            10,
            "category",
            "fourz",
            "unknown category 'fourz': expected one of ones, twos, threes, fours, fives, "
            "sixes, pair, two_pairs, three_of_a_kind, four_of_a_kind, small_straight, "
            "large_straight, full_house, yatzy, chance",
        )
    ]
    assert column(scored, "rank") == [1]
    assert_partition(rounds, scored, issues)


def test_category_used_twice_names_the_first_round() -> None:
    rounds = sheet(
        [
            (1, "G", 1, "Ann", [1, 1, 2, 4, 4], "fours"),
            (2, "G", 2, "Ann", [4, 4, 4, 4, 4], "Fours"),
            (3, "G", 2, "Bo", [4, 4, 4, 4, 4], "fours"),  # another player may use it
            (4, None, 3, "Ann", [4, 4, 4, 4, 4], "fours"),
            (5, None, 5, "Ann", [4, 4, 4, 4, 4], "FOURS"),
        ]
    )
    scored, issues = score_rounds(rounds)
    assert column(scored, "row_id") == [1, 3, 4]
    assert issues.rows() == [
        (
            2,
            "category",
            "Fours",
            "category 'Fours' already used by player 'Ann' in round 1 of game 'G'",
        ),
        (5, "category", "FOURS", "category 'FOURS' already used by player 'Ann' in round 3"),
    ]
    assert_partition(rounds, scored, issues)


def test_more_than_fifteen_rounds() -> None:
    rounds = sheet(
        [(r, "G", r * 10, "Ann", [1, 2, 3, 4, 6], None) for r in range(1, 18)]
        + [(100, "G", 10, "Bo", [1, 2, 3, 4, 6], "chance")]
    )
    scored, issues = score_rounds(rounds)
    assert scored.height == 16
    anns = scored.filter(pl.col("player") == "Ann").get_column("category")
    assert sorted(anns.to_list()) == sorted(CATEGORY_NAMES)
    too_many = "player 'Ann' has 17 rounds in game 'G', more than 15"
    assert issues.rows() == [
        (16, "round", "160", f"{too_many}: round 160 is number 16"),
        (17, "round", "170", f"{too_many}: round 170 is number 17"),
    ]
    assert_partition(rounds, scored, issues)


def test_player_twice_in_a_round_rejects_both_rows() -> None:
    rounds = sheet(
        [
            (1, "G", 1, "Ann", [1, 1, 2, 4, 4], "fours"),
            (2, "G", 1, "Ann", [1, 1, 2, 4, 4], "twos"),
            (3, "G", 1, "Bo", [1, 1, 2, 4, 4], "twos"),
            (4, "G", 2, "Ann", [1, 1, 2, 4, 4], "twos"),  # round 2 stands; twos is free again
        ]
    )
    scored, issues = score_rounds(rounds)
    assert column(scored, "row_id") == [3, 4]
    message = "player 'Ann' has 2 rows in round 1 of game 'G' (rows 1, 2)"
    assert issues.rows() == [(1, "round", "1", message), (2, "round", "1", message)]
    assert_partition(rounds, scored, issues)


def test_bad_dice_and_missing_keys() -> None:
    rounds = sheet(
        [
            (1, "G", 1, "Ann", [1, 1, 2, 4, 7], "fours"),
            (2, "G", 2, "Ann", [1, 1, 2, 4], "fours"),
            (3, "G", 3, "Ann", None, "fours"),
            (4, "G", 4, None, [1, 1, 2, 4, 4], "fours"),
            (5, "G", None, "Ann", [1, 1, 2, 4, 4], "fours"),
            (6, "G", 6, " ", [0, 1, 2, 4, 4], "fourz"),  # three problems, three records
        ]
    )
    scored, issues = score_rounds(rounds)
    assert scored.height == 0
    assert issues.rows()[:7] == [
        (1, "dice", "1, 1, 2, 4, 7", "dice must be 5 values 1..6, got [1, 1, 2, 4, 7]"),
        (2, "dice", "1, 1, 2, 4", "dice must be 5 values 1..6, got [1, 1, 2, 4]"),
        (3, "dice", None, "missing dice"),
        (4, "player", None, "missing player"),
        (5, "round", None, "missing round"),
        (6, "dice", "0, 1, 2, 4, 4", "dice must be 5 values 1..6, got [0, 1, 2, 4, 4]"),
        (6, "player", " ", "missing player"),
    ]
    assert issues.row(7)[:3] == (6, "category", "fourz")
    assert issues.row(7)[3].startswith("unknown category 'fourz': expected one of ones, ")
    assert_partition(rounds, scored, issues)


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        (pl.DataFrame({"row_id": [1]}), "missing columns ['game', 'round', 'player', 'dice', "),
        (
            sheet([]).with_columns(pl.col("round").cast(pl.Int32)),
            "column 'round' is Int32, expected Int64",
        ),
        (
            sheet([]).with_columns(pl.lit(0).alias("score")),
            "columns ['score'] would be overwritten by the scores",
        ),
    ],
    ids=["missing", "dtype", "clash"],
)
def test_unusable_frames_raise(frame: pl.DataFrame, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        score_rounds(frame)
    assert str(caught.value).startswith(message)


# --- a property over random sheets -------------------------------------------------------------

CATEGORY_TEXTS = [None, "", *CATEGORIES, "Two Pairs", "bogus"]


@st.composite
def random_sheets(draw: st.DrawFn) -> pl.DataFrame:
    rows: list[Row] = []
    for row_id in range(draw(st.integers(0, 60))):
        rows.append(
            (
                row_id,
                draw(st.sampled_from([None, "A", "B"])),
                draw(st.integers(1, 18)),
                draw(st.sampled_from(["Ann", "Bo", "Cy"])),
                draw(st.lists(st.integers(1, 6), min_size=5, max_size=5)),
                draw(st.sampled_from(CATEGORY_TEXTS)),
            )
        )
    return sheet(rows)


@settings(max_examples=60, deadline=None)
@given(random_sheets())
def test_random_sheets_partition_and_add_up(rounds: pl.DataFrame) -> None:
    scored, issues = score_rounds(rounds)
    assert_partition(rounds, scored, issues)
    for (game, player), rows in scored.sort("round").group_by(
        "game", "player", maintain_order=True
    ):
        label = f"game={game!r} player={player!r}"
        categories = column(rows, "category")
        assert len(categories) == len(set(categories)) <= 15, label
        scores = [
            reference_score(dice, CATEGORIES[CATEGORY_NAMES.index(name)])  # type: ignore[arg-type]
            for dice, name in zip(column(rows, "dice"), categories, strict=True)
        ]
        assert column(rows, "score") == scores, label
        upper = sum(
            points
            for points, name in zip(scores, categories, strict=True)
            if CATEGORY_NAMES.index(str(name)) < 6
        )
        last_total = column(rows, "total")[-1]
        assert last_total == sum(scores) + (50 if upper >= 63 else 0), label
    standings = final_standings(scored)
    assert standings.get_column("total").sum() == (
        scored.group_by("game", "player").agg(pl.col("total").max()).get_column("total").sum()
    )
    winners = scored.filter("winner").join(
        standings.filter(pl.col("place") == 1), on=["game", "player"], nulls_equal=True
    )
    assert winners.height == scored.get_column("winner").sum()
    assert winners.height == standings.filter(pl.col("place") == 1).height
