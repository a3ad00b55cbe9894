"""Hold'em round sheets as frames: validate (issues as data), then score and rank every round.

Both steps are functions from a frame to a frame, per round and independent of other rounds, so
the same code runs on one sheet or on a partition of a season.

>>> import polars as pl
>>> rows = pl.DataFrame({
...     "row_id": [0, 1, 2], "tournament": [None] * 3, "table": [None] * 3,
...     "round": ["1", "1", "1"], "player": ["Ann", "Bob", "Cy"],
...     "hole": ["Kc 9s", "9c Ah", "9h 5s"], "board": ["Ks Kd 9d 3c 6d"] * 2 + [None],
...     "folded": [None] * 3, "hole_column": ["cards"] * 3, "board_column": ["cards"] * 3,
...     "cell": ["Kc 9s Ks Kd 9d 3c 6d", "9c Ah Ks Kd 9d 3c 6d", "9h 5s"]})
>>> issues = validate_holdem(rows)
>>> issues.height
0
>>> scored = score_holdem(rows)
>>> for row in scored.select("player", "hand_detail", "rank", "winner").rows():
...     print(row)
('Ann', 'Full House (Kings over Nines)', 1, True)
('Bob', 'Two Pair (Kings and Nines)', 2, False)
('Cy', None, None, False)
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandera.errors
import pandera.polars as pa
import polars as pl
from numpy.typing import NDArray

from pipeline.core.cards import DECK_SIZE, card_problem, format_cards, parse_card
from pipeline.core.rules import HandRules
from pipeline.games.poker.scoring.expressions import card_matrix
from pipeline.games.poker.scoring.game_column import (
    mixed_game_issues,
    off_deck_issues,
    unknown_game_issues,
    with_games,
)
from pipeline.games.poker.scoring.hand_scores import (
    packed_cards,
    score_hands,
    with_low_half,
    with_shares,
)
from pipeline.games.poker.scoring.round_rules import (
    ISSUE_SCHEMA,
    ROUND_KEY,
    empty_issues,
    held_back,
    lonely_rounds,
    round_issues,
)
from pipeline.games.poker.variants import DEFAULT_RULES, FIVE_CARD_NAME, HOLDEM_NAME
from schemas.holdem import BOARD_SIZES, FOLDED_TRUE, FiveCardRows, HoldemRows

BOARD_CARDS = 5
TEXT_COLUMNS = ("tournament", "table", "round", "player", "hole", "board", "folded", "cell")


def with_round_key(rows: pl.DataFrame) -> pl.DataFrame:
    """Rows with every :data:`ROUND_KEY` column (null where the sheet has no such column)."""
    missing = [name for name in ROUND_KEY if name not in rows.columns]
    return rows.with_columns(pl.lit(None, dtype=pl.String).alias(name) for name in missing)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _row_issue(row: dict[str, object], check: str, column: str) -> tuple[str, str, str]:
    """(column, value, message) for one pandera failure on a canonical row."""
    one_line = row["hole_column"] == row["board_column"]
    line = str(row["cell"] or "")
    if column == "round":
        return str(row.get("round_header") or "round"), "", "round id missing"
    if column == "player":
        return "player", "", "player name missing"
    if column == "folded":
        value = str(row["folded"])
        return "folded", value, f"folded {value!r} is not true or false"
    header = str(row["hole_column"] if column == "hole" else row["board_column"])
    value = line if one_line or column == "hole" else str(row["board"] or "")
    if check == "not_nullable":
        return header, "", "no hole cards"
    if check == "legal_cards":
        text = str(row[column] or "")
        problems = [problem for token in text.split() if (problem := card_problem(token))]
        return header, value, "; ".join(problems)
    count = len(str(row[column] or "").split())
    game = str(row.get("game") or HOLDEM_NAME)
    hole_cards = int(str(row.get("hole_cards_expected") or 2))
    board_cards = int(str(row.get("board_cards_expected", BOARD_CARDS)))
    if board_cards == 0 and check == "hole_card_count":
        # a game without a board (stud, draw): the cell is the whole hand
        cards = _plural(count, "card")
        return header, value, f"{cards}: expected {hole_cards} for {game}"
    if one_line and check != "five_cards":
        total = len(line.split())
        in_all = ", ".join(str(hole_cards + size) for size in BOARD_SIZES if size <= board_cards)
        return (
            header,
            value,
            f"{_plural(total, 'card')}: expected {hole_cards} hole cards then 0, 3, 4 or 5 "
            f"community cards ({in_all} in all) for {game}",
        )
    if check == "five_cards":
        expected = "5" if game == FIVE_CARD_NAME else f"{hole_cards} for {game}"
        return header, value, f"{_plural(count, 'card')}: expected {expected}"
    if check == "hole_card_count":
        return header, value, f"{_plural(count, 'hole card')}: expected {hole_cards} for {game}"
    if board_cards == 0:
        return header, value, f"{_plural(count, 'community card')}: expected none for {game}"
    return header, value, f"{_plural(count, 'community card')}: expected 0, 3, 4 or 5"


def _schema_issues(rows: pl.DataFrame, schema: type[pa.DataFrameModel]) -> pl.DataFrame:
    """Run the pandera model with ``lazy=True`` and turn every failure into an issue."""
    try:
        schema.validate(rows, lazy=True)
    except pandera.errors.SchemaErrors as errors:
        failures = errors.failure_cases
    else:
        return empty_issues()
    row_failures = failures.filter(pl.col("index").is_not_null())
    sheet_failures = failures.filter(pl.col("index").is_null())
    if sheet_failures.height:  # pragma: no cover - the canonical frame always has its columns
        msg = f"canonical frame failed its schema: {sheet_failures.to_dicts()}"
        raise AssertionError(msg)
    # One message per row and column: a token problem explains a count problem on the same cell.
    row_failures = row_failures.sort("index", "column", "check_number").unique(
        ["index", "column"], keep="first", maintain_order=True
    )
    records = []
    for index, column, check in row_failures.select("index", "column", "check").iter_rows():
        row = rows.row(int(index), named=True)
        records.append((row["row_id"], *_row_issue(row, str(check), str(column))))
    return pl.DataFrame(records, schema=ISSUE_SCHEMA, orient="row")


def _token_ids(tokens: pl.Expr, mapping: dict[str, int]) -> pl.Expr:
    return tokens.list.eval(
        pl.element().replace_strict(mapping, default=DECK_SIZE, return_dtype=pl.UInt8)
    )


def with_card_ids(rows: pl.DataFrame) -> pl.DataFrame:
    """Add ``hole_ids`` and ``board_ids`` (``List(UInt8)``) parsed from legal card text.

    Only distinct tokens go through the notation parser; the rest is one polars replace.
    """
    tokens = rows.select(
        pl.col("hole").str.extract_all(r"\S+").alias("hole_tokens"),
        pl.col("board").fill_null("").str.extract_all(r"\S+").alias("board_tokens"),
    )
    distinct = pl.concat(
        [tokens["hole_tokens"].explode(), tokens["board_tokens"].explode()]
    ).drop_nulls()
    mapping = {
        token: (parse_card(token) if card_problem(token) is None else DECK_SIZE)
        for token in distinct.unique().to_list()
    }
    ids = tokens.select(
        _token_ids(pl.col("hole_tokens"), mapping).alias("hole_ids"),
        _token_ids(pl.col("board_tokens"), mapping).alias("board_ids"),
    )
    return rows.with_columns(ids)


def validate_holdem(
    rows: pl.DataFrame,
    *,
    five_card: bool = False,
    whole_rounds: bool = True,
    rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES,
    found_before: pl.DataFrame | None = None,
) -> pl.DataFrame:
    """Every problem with canonical Hold'em rows, as issue records (``row_id`` etc.);
    ``found_before`` are issues found in the sheet's other cells (a date, a stake), which hold
    back their rounds like these.

    Row rules come from :class:`schemas.holdem.HoldemRows`; round rules are vectorised here: a
    player at most once per round, one board per round (a fold sees a prefix of it), no card twice
    in a round across all hands and the board.  A round rule that fails rejects the whole round.
    With ``five_card`` the rows are five-card hands (:class:`schemas.holdem.FiveCardRows`).

    Each row is checked against its game (``game``, from
    :func:`pipeline.games.poker.scoring.game_column.with_games`; rows without one are Hold'em, or
    five-card hands with ``five_card``): its hole-card count, its deck, one game per round.
    """
    rows = with_round_key(rows).cast(dict.fromkeys(TEXT_COLUMNS, pl.String))
    issues: list[pl.DataFrame] = []
    if "hole_cards_expected" not in rows.columns:
        if "game" not in rows.columns:
            rows = rows.with_columns(pl.lit(None, dtype=pl.String).alias("game"))
        default = FIVE_CARD_NAME if five_card else HOLDEM_NAME
        rows = with_games(rows, default=default, rules_of_game=rules_of_game)
    issues.append(unknown_game_issues(rows))
    known = rows.filter(pl.col("game").is_not_null())  # the others were named above
    mixed = mixed_game_issues(known)
    issues.append(mixed)
    # a mixed round's rows are not counted against a game they may not be
    one_game = known.filter(~pl.col("row_id").is_in(mixed["row_id"].implode()))
    issues.append(_schema_issues(one_game, FiveCardRows if five_card else HoldemRows))
    bad_rows = pl.concat(issues)["row_id"]
    good = one_game.filter(~pl.col("row_id").is_in(bad_rows.implode()))
    if "hole_ids" not in good.columns:
        good = with_card_ids(good)
    off_deck = off_deck_issues(good, rules_of_game)
    issues.append(off_deck)
    good = good.filter(~pl.col("row_id").is_in(off_deck["row_id"].implode()))
    issues.append(round_issues(good))
    if found_before is not None:
        issues.append(found_before.select(issues[0].columns).cast(issues[0].schema))
    # A rounds sheet repeats the board on every player's row: one issue per cell is enough.
    found = pl.concat(issues).unique(maintain_order=True)
    if not whole_rounds:  # a hand history shows some hands only: its rounds are never whole
        return found.sort("row_id", maintain_order=True)
    held = held_back(rows, found)
    lonely = lonely_rounds(rows, pl.concat([found, held]))
    return pl.concat([found, held, lonely]).sort("row_id", maintain_order=True)


def score_holdem(
    rows: pl.DataFrame, rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES
) -> pl.DataFrame:
    """Score valid canonical rows under each row's game (``game``, a canonical name; Hold'em
    without the column): strength, hand, hand_detail, best_five, hole_used (the hole cards in
    it; empty when the board plays), rank, winner, share, and for a
    game with a low half low_hand, low_rank and low_winner.

    A row is a fold when ``folded`` says so, or (without the column) when it saw less than the
    whole board, as in the quiz.  Players still in on a board their game can be scored on are
    ranked within their round (1 is best, ties share the place: 1, 1, 3); ``winner`` is true on
    every row holding the round's best high hand, or on the last player standing when everyone
    else folded.  ``share`` is the fraction of the pot each row wins
    (:func:`pipeline.core.pots.pot_shares`: high and low halves, ties split).
    """
    rows = with_round_key(rows).cast(dict.fromkeys(TEXT_COLUMNS, pl.String))
    game = pl.col("game").fill_null(HOLDEM_NAME) if "game" in rows.columns else HOLDEM_NAME
    rows = rows.with_columns(pl.lit(game).alias("game") if isinstance(game, str) else game)
    if "hole_ids" not in rows.columns:
        rows = with_card_ids(rows)
    widest = max(rules.hole_cards for rules in rules_of_game.values())
    hole, hole_lengths = card_matrix(rows["hole_ids"], widest)
    board, board_lengths = card_matrix(rows["board_ids"], BOARD_CARDS)
    games = rows["game"].to_numpy()
    board_cards = rows["game"].replace_strict(
        {name: rules.board_cards for name, rules in rules_of_game.items()}, return_dtype=pl.Int64
    )
    flag = pl.col("folded").str.strip_chars().str.to_lowercase()
    folded = (
        pl.when(flag.is_null() | (flag == ""))
        .then(pl.lit(board_lengths) < board_cards)
        .otherwise(flag.is_in(FOLDED_TRUE))
    )
    folded_bool = rows.select(folded).to_series().to_numpy()
    # A stud hand won before seventh street: its one player left holds fewer cards than the
    # game's hand, which is no hand to rank or name (no showdown); the pot is theirs below.
    whole_hand = (
        hole_lengths
        == rows["game"]
        .replace_strict(
            {name: rules.hole_cards for name, rules in rules_of_game.items()}, return_dtype=pl.Int64
        )
        .to_numpy()
    )
    hands = score_hands(hole, board, board_lengths, games, ~folded_bool & whole_hand, rules_of_game)
    unplayed = np.flatnonzero(~hands.played)
    strengths = pl.Series("strength", hands.strength).scatter(unplayed, None)
    # Windows over one integer round id rather than two text columns.
    round_id = pl.struct(ROUND_KEY).rank("dense")
    frame = rows.with_columns(
        strengths,
        matrix_text(hands.five).scatter(unplayed, None).alias("best_five"),
        matrix_text(hands.hole_played).scatter(unplayed, None).alias("hole_used"),
        pl.Series("hand", hands.names, dtype=pl.String),
        pl.Series("hand_detail", hands.details, dtype=pl.String),
        matrix_text(packed_cards(hole, hole_lengths, board, board_lengths)).alias("cards"),
        pl.Series("folded_bool", folded_bool),
        round_id.alias("_round_id"),
        pl.Series("_low", hands.low, dtype=pl.UInt16, nan_to_null=False),
    )
    rank = pl.col("strength").rank("min", descending=True).over("_round_id").cast(pl.UInt32)
    standing = (~pl.col("folded_bool")).sum().over("_round_id")
    showdowns = pl.col("strength").count().over("_round_id")
    # When nobody reached a scored showdown, the one player who never folded takes the pot.
    last_standing = (standing == 1) & ~pl.col("folded_bool") & (showdowns == 0)
    frame = frame.with_columns(rank.alias("rank"), last_standing.alias("_last"))
    winner = (pl.col("rank") == 1).fill_null(False) | pl.col("_last")
    frame = frame.with_columns(winner.alias("winner"), pl.col("folded_bool").alias("folded"))
    frame = with_low_half(frame, has_low=hands.has_low)
    return with_shares(frame).drop("folded_bool", "_round_id", "_last", "_low")


_CARD_CELLS = np.array([name.encode() + b" " for name in format_cards(range(DECK_SIZE))] + [b""])


def matrix_text(matrix: NDArray[np.uint8]) -> pl.Series:
    """Rows of card ids (52 pads) as canonical text, ``'Ks Kd 9d'``, without a loop per row.

    >>> matrix_text(np.array([[47, 45, 52], [52, 52, 52]], dtype=np.uint8)).to_list()
    ['Ks Kd', '']
    """
    width = matrix.shape[1]
    cells = _CARD_CELLS.astype("S3")[np.minimum(matrix, DECK_SIZE)]
    joined = np.ascontiguousarray(cells).view(f"S{3 * width}").ravel()
    return pl.Series(joined).cast(pl.String).str.strip_chars_end()


__all__ = ["BOARD_SIZES", "empty_issues", "score_holdem", "validate_holdem", "with_card_ids"]
