"""The round sheet of a Yatzy night: categories, scores, running totals, places and winners.

One input row is one player's roll in one round of one game (schema :data:`ROUND_SCHEMA`).
:func:`score_rounds` is a pure function ``frame -> (scored, issues)``:

- ``scored`` keeps the input columns and rows that could be scored, in input order, with
  ``category`` rewritten to the display name actually used
  (:data:`pipeline.core.yatzy.CATEGORY_NAMES`) and five columns added (:data:`SCORED_COLUMNS`).
- ``issues`` has one record per problem (:data:`ISSUE_SCHEMA`); a row with any issue is left
  out of ``scored``, so every input row is in exactly one of: ``scored``, the rows named by
  ``issues``.

Rules, in the order they are checked:

1. ``dice`` must be five values 1..6; ``player`` and ``round`` must be present; a non-blank
   ``category`` must be a known name (:func:`pipeline.core.yatzy.parse_category`).
2. A player has one row per round of a game: every row of a doubled ``(game, round, player)``
   is rejected, since nothing says which one is right.
3. A game has 15 rounds per player (one per category): rounds after a player's 15th are rejected.
4. A player uses each category once per game: a later row naming a category already used by an
   earlier round is rejected (the message names that round).
5. A blank ``category`` gets the best category still free for that player, in round order; a
   category the player writes on any other row of the game is never taken (so an explicit entry
   is never rejected because of a choice made for them); ties go to the earlier category.

A null ``game`` is one game of its own.  ``total`` is the player's running total within the game
in round order, the 50-point upper bonus included from the round their ones..sixes reach 63.
``rank`` is the player's place after that round among all players of the game (a player without a
row in that round keeps their previous total; one who has not played yet counts 0); ties share a
place, 1, 1, 3.  ``winner`` is True on the last row of each player who leads after the game's last
round.

>>> rounds = pl.DataFrame(
...     {"row_id": [1, 2, 3, 4], "game": None, "round": [1, 1, 2, 2],
...      "player": ["Ann", "Bo", "Ann", "Bo"],
...      "dice": [[1, 1, 2, 4, 4], [6, 6, 6, 6, 6], [3, 3, 3, 4, 4], [2, 3, 4, 5, 6]],
...      "category": ["fours", "yatzy", None, "Yatzy"]},
...     schema=ROUND_SCHEMA)
>>> scored, issues = score_rounds(rounds)
>>> scored.select("player", "round", "category", "category_chosen", "score", "total", "rank",
...               "winner").rows()  # doctest: +NORMALIZE_WHITESPACE
[('Ann', 1, 'Fours', False, 8, 8, 2, False), ('Bo', 1, 'Yatzy', False, 50, 50, 1, True),
 ('Ann', 2, 'Full House', True, 17, 25, 2, False)]
>>> issues.rows()  # doctest: +NORMALIZE_WHITESPACE
[(4, 'category', 'Yatzy', "category 'Yatzy' already used by player 'Bo' in round 1")]
"""

from __future__ import annotations

import numpy as np
import polars as pl
from numpy.typing import NDArray

from pipeline.core.yatzy import (
    CATEGORY_NAMES,
    N_CATEGORIES,
    N_DICE,
    SIXES,
    UPPER,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    best_free_category,
    parse_category,
    score,
    score_card,
)

ROUNDS_PER_GAME = N_CATEGORIES
"""Rounds a player plays in one game: one per category."""

ROUND_SCHEMA: dict[str, pl.DataType] = {
    "row_id": pl.Int64(),
    "game": pl.String(),
    "round": pl.Int64(),
    "player": pl.String(),
    "dice": pl.List(pl.Int64()),
    "category": pl.String(),
}
"""Columns :func:`score_rounds` needs, with their types; other columns are carried through."""

SCORED_COLUMNS: dict[str, pl.DataType] = {
    "category_chosen": pl.Boolean(),
    "score": pl.Int64(),
    "total": pl.Int64(),
    "rank": pl.Int64(),
    "winner": pl.Boolean(),
}
"""Columns :func:`score_rounds` adds to the input's (``category`` is rewritten, not added)."""

ISSUE_SCHEMA: dict[str, pl.DataType] = {
    "row_id": pl.Int64(),
    "column": pl.String(),
    "value": pl.String(),
    "message": pl.String(),
}
"""One rejected cell: the source row, the column at fault, its value as text, what is wrong."""

STANDINGS_SCHEMA: dict[str, pl.DataType] = {
    "game": pl.String(),
    "player": pl.String(),
    "rounds": pl.Int64(),
    "upper": pl.Int64(),
    "bonus": pl.Int64(),
    "total": pl.Int64(),
    "place": pl.Int64(),
}
"""The Summary sheet of :func:`final_standings`."""

# Private working columns; the double underscore keeps them clear of a sheet's own columns.
_ROW, _CODE, _BLANK, _SHEET, _STEP = "__row", "__code", "__blank", "__sheet", "__step"


def _game_suffix(preposition: str) -> pl.Expr:
    """`` of game 'A'`` for messages, or nothing for the unnamed (null) game."""
    named = pl.format(f" {preposition} game '{{}}'", pl.col("game"))
    return pl.when(pl.col("game").is_null()).then(pl.lit("")).otherwise(named)


def _check_columns(rounds: pl.DataFrame) -> None:
    missing = [name for name in ROUND_SCHEMA if name not in rounds.columns]
    if missing:
        msg = f"missing columns {missing!r}: a round sheet needs {list(ROUND_SCHEMA)!r}"
        raise ValueError(msg)
    for name, dtype in ROUND_SCHEMA.items():
        if rounds.schema[name] != dtype:
            msg = f"column {name!r} is {rounds.schema[name]}, expected {dtype}"
            raise ValueError(msg)
    clashes = [name for name in rounds.columns if name in SCORED_COLUMNS or name.startswith("__")]
    if clashes:
        msg = f"columns {clashes!r} would be overwritten by the scores"
        raise ValueError(msg)


def _issue(
    frame: pl.DataFrame, when: pl.Expr, column: str, value: pl.Expr, message: pl.Expr
) -> pl.DataFrame:
    """Issue records (plus the private row number, for ordering) for the rows where ``when``."""
    return frame.filter(when).select(
        pl.col(_ROW),
        pl.col("row_id"),
        pl.lit(column).alias("column"),
        value.cast(pl.String).alias("value"),
        message.cast(pl.String).alias("message"),
    )


def _category_codes(rounds: pl.DataFrame) -> tuple[pl.Series, pl.DataFrame]:
    """Each row's category code (null when blank or unknown) and the unknown names' messages."""
    names = rounds.get_column("category").drop_nulls().unique(maintain_order=True).to_list()
    codes: dict[str, int] = {}
    unknown: dict[str, str] = {}
    for name in names:  # distinct names only: a handful per sheet
        if not name.strip():
            continue
        try:
            codes[name] = parse_category(name)
        except ValueError as error:
            unknown[name] = str(error)
    code = rounds.get_column("category").replace_strict(codes, default=None, return_dtype=pl.Int64)
    messages = pl.DataFrame(
        {"category": list(unknown), "message": list(unknown.values())},
        schema={"category": pl.String, "message": pl.String},
    )
    return code.alias(_CODE), messages


def _find_issues(frame: pl.DataFrame, unknown: pl.DataFrame) -> pl.DataFrame:
    """Rules 1 to 3 of the module docstring, for every row."""
    dice = pl.col("dice")
    dice_ok = (
        dice.is_not_null()
        & (dice.list.len() == N_DICE)
        & (dice.list.eval(pl.element().is_between(1, 6)).list.all())
    ).fill_null(False)
    keyed = (
        pl.col("player").str.strip_chars().ne("").fill_null(False) & pl.col("round").is_not_null()
    )
    frame = frame.with_columns(
        __doubled=pl.when(keyed).then(pl.len().over("game", "round", "player")).otherwise(1),
        __doubled_rows=pl.when(keyed).then(
            pl.col("row_id").cast(pl.String).str.join(", ").over("game", "round", "player")
        ),
        __ordinal=pl.when(keyed).then(pl.col("round").rank("dense").over("game", "player")),
        __played=pl.when(keyed).then(pl.col("round").n_unique().over("game", "player")),
    )
    with_unknown = frame.join(unknown, on="category", how="left")
    return pl.concat(
        [
            _issue(
                frame,
                ~dice_ok,
                "dice",
                pl.col("dice").cast(pl.List(pl.String)).list.join(", "),
                pl.when(dice.is_null())
                .then(pl.lit("missing dice"))
                .otherwise(
                    pl.format(
                        "dice must be {} values 1..6, got [{}]",
                        pl.lit(N_DICE),
                        dice.cast(pl.List(pl.String)).list.join(", "),
                    )
                ),
            ),
            _issue(
                frame,
                pl.col("player").str.strip_chars().eq("").fill_null(True),
                "player",
                pl.col("player"),
                pl.lit("missing player"),
            ),
            _issue(
                frame, pl.col("round").is_null(), "round", pl.col("round"), pl.lit("missing round")
            ),
            _issue(
                with_unknown,
                pl.col("message").is_not_null(),
                "category",
                pl.col("category"),
                pl.col("message"),
            ),
            _issue(
                frame,
                pl.col("__doubled") > 1,
                "round",
                pl.col("round"),
                pl.format(
                    "player '{}' has {} rows in round {}{} (rows {})",
                    pl.col("player"),
                    pl.col("__doubled"),
                    pl.col("round"),
                    _game_suffix("of"),
                    pl.col("__doubled_rows"),
                ),
            ),
            _issue(
                frame,
                pl.col("__ordinal") > ROUNDS_PER_GAME,
                "round",
                pl.col("round"),
                pl.format(
                    "player '{}' has {} rounds{}, more than {}: round {} is number {}",
                    pl.col("player"),
                    pl.col("__played"),
                    _game_suffix("in"),
                    pl.lit(ROUNDS_PER_GAME),
                    pl.col("round"),
                    pl.col("__ordinal"),
                ),
            ),
        ]
    )


def _already_used(survivors: pl.DataFrame) -> pl.DataFrame:
    """Rule 4: a row naming a category the same player used in an earlier round of the game."""
    first = pl.col("round").min().over("game", "player", _CODE)
    return _issue(
        survivors.with_columns(__first=first),
        pl.col(_CODE).is_not_null() & (pl.col("round") > pl.col("__first")),
        "category",
        pl.col("category"),
        pl.format(
            "category '{}' already used by player '{}' in round {}{}",
            pl.col("category"),
            pl.col("player"),
            pl.col("__first"),
            _game_suffix("of"),
        ),
    )


def _dice_array(dice: pl.Series) -> NDArray[np.int64]:
    """Checked five-dice lists as an ``(n, 5)`` array (every list has five values here)."""
    return dice.explode().to_numpy().astype(np.int64).reshape(-1, N_DICE)


def _choose_categories(sheets: pl.DataFrame) -> pl.Series:
    """Rule 5: codes for every row, the blank ones chosen; ``sheets`` is sorted by sheet, round.

    The choice for a blank row depends on the player's earlier choices, so it runs round by round:
    step ``k`` decides every sheet's ``k``-th blank row at once (at most 15 steps, any rows).
    """
    sheet = sheets.get_column(_SHEET).to_numpy()
    codes = sheets.get_column(_CODE).fill_null(-1).to_numpy().copy()
    blank = sheets.get_column(_BLANK).to_numpy()
    used = np.zeros((sheet.max(initial=-1) + 1, N_CATEGORIES), dtype=bool)
    used[sheet[~blank], codes[~blank]] = True
    rows = np.flatnonzero(blank)
    if rows.size:
        step = sheets.get_column(_STEP).to_numpy()[rows]
        cards = score_card(_dice_array(sheets.get_column("dice"))[rows])
        for k in range(int(step.max()) + 1):
            now = step == k  # one row per sheet: the fancy-index assignment below cannot collide
            chosen = best_free_category(cards[now], used[sheet[rows[now]]])
            used[sheet[rows[now]], chosen] = True
            codes[rows[now]] = chosen
    return pl.Series(_CODE, codes, dtype=pl.Int64)


def score_rounds(rounds: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Score a Yatzy round sheet: ``(scored, issues)``; see the module docstring for the rules.

    Raises ``ValueError`` only when the frame itself is unusable (a missing column, a wrong type,
    a column the scores would overwrite); a bad row becomes an issue record.
    """
    _check_columns(rounds)
    code, unknown = _category_codes(rounds)
    frame = rounds.with_row_index(_ROW).with_columns(
        code,
        pl.col("category").str.strip_chars().eq("").fill_null(True).alias(_BLANK),
    )
    issues = _find_issues(frame, unknown)
    survivors = frame.join(issues.select(_ROW).unique(), on=_ROW, how="anti")
    used_again = _already_used(survivors)
    issues = pl.concat([issues, used_again]).sort(_ROW, maintain_order=True)
    sheets = (
        survivors.join(used_again.select(_ROW), on=_ROW, how="anti")
        .with_columns((pl.struct("game", "player").rank("dense").cast(pl.Int64) - 1).alias(_SHEET))
        .sort(_SHEET, "round")
        .with_columns((pl.col(_BLANK).cum_sum().over(_SHEET) - 1).alias(_STEP))
    )
    sheets = sheets.with_columns(_choose_categories(sheets))
    points = score(_dice_array(sheets.get_column("dice")), sheets.get_column(_CODE).to_numpy())
    upper = pl.when(pl.col(_CODE) <= SIXES).then(pl.col("score")).otherwise(0)
    bonus = pl.when(upper.cum_sum().over(_SHEET) >= UPPER_BONUS_THRESHOLD).then(UPPER_BONUS)
    sheets = sheets.with_columns(score=pl.Series(points, dtype=pl.Int64)).with_columns(
        total=pl.col("score").cum_sum().over(_SHEET) + bonus.otherwise(0)
    )
    sheets = sheets.join(_places(sheets), on=["game", "round", "player"], nulls_equal=True)
    final = pl.col("total").max().over(_SHEET)  # totals never fall: the max is the last
    scored = (
        sheets.with_columns(
            category=pl.col(_CODE).replace_strict(
                list(range(N_CATEGORIES)), list(CATEGORY_NAMES), return_dtype=pl.String
            ),
            category_chosen=pl.col(_BLANK),
            winner=(pl.col("round") == pl.col("round").max().over(_SHEET))
            & (final == final.max().over("game")),
        )
        .sort(_ROW)
        .select(*rounds.columns, *SCORED_COLUMNS)
    )
    return scored, issues.drop(_ROW)


def _places(sheets: pl.DataFrame) -> pl.DataFrame:
    """Each player's place after every round of their game, by running total (ties share)."""
    played = sheets.select("game", "round", "player", "total")
    grid = (
        played.select("game", "round")
        .unique()
        .join(played.select("game", "player").unique(), on="game", nulls_equal=True)
        .join(played, on=["game", "round", "player"], how="left", nulls_equal=True)
        .sort("game", "player", "round")
        .with_columns(pl.col("total").forward_fill().over("game", "player").fill_null(0))
    )
    return grid.select(
        "game",
        "round",
        "player",
        rank=pl.col("total").rank("min", descending=True).over("game", "round").cast(pl.Int64),
    )


def final_standings(scored: pl.DataFrame) -> pl.DataFrame:
    """The Summary sheet: per game and player, rounds, upper sum, bonus, total and place.

    ``scored`` is :func:`score_rounds`' first output.  Sorted by game, place, then player.

    >>> rounds = pl.DataFrame(
    ...     {"row_id": [1, 2], "game": "final", "round": [1, 1], "player": ["Ann", "Bo"],
    ...      "dice": [[6, 6, 6, 6, 1], [5, 5, 5, 1, 1]], "category": ["sixes", None]},
    ...     schema=ROUND_SCHEMA)
    >>> final_standings(score_rounds(rounds)[0]).rows()
    [('final', 'Ann', 1, 24, 0, 24, 1), ('final', 'Bo', 1, 0, 0, 17, 2)]
    """
    upper_names = [CATEGORY_NAMES[code] for code in UPPER]
    upper = pl.when(pl.col("category").is_in(upper_names)).then(pl.col("score")).otherwise(0)
    standings = scored.group_by("game", "player").agg(
        rounds=pl.len().cast(pl.Int64), upper=upper.sum(), points=pl.col("score").sum()
    )
    bonus = pl.when(pl.col("upper") >= UPPER_BONUS_THRESHOLD).then(UPPER_BONUS).otherwise(0)
    return (
        standings.with_columns(bonus=bonus.cast(pl.Int64))
        .with_columns(total=pl.col("points") + pl.col("bonus"))
        .with_columns(
            place=pl.col("total").rank("min", descending=True).over("game").cast(pl.Int64)
        )
        .sort("game", "place", "player")
        .select(list(STANDINGS_SCHEMA))
        .cast(STANDINGS_SCHEMA)  # type: ignore[arg-type]
    )


__all__ = [
    "ISSUE_SCHEMA",
    "ROUNDS_PER_GAME",
    "ROUND_SCHEMA",
    "SCORED_COLUMNS",
    "STANDINGS_SCHEMA",
    "final_standings",
    "score_rounds",
]
