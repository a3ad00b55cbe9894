"""Round rules for Hold'em rows: the checks that look at a whole round rather than one row.

A player at most once per round, one board per round (a fold sees a prefix of it), no card twice
in a round; a round that lost a row is held back whole, and a round of one player is reported.
Also the issue table's shape (:data:`ISSUE_SCHEMA`) and the round key shared with
:mod:`pipeline.games.poker.scoring.rows`, which runs these rules from ``validate_holdem``.
"""

from __future__ import annotations

import polars as pl

from pipeline.core.cards import DECK_SIZE, format_cards

ISSUE_SCHEMA = {"row_id": pl.Int64, "column": pl.String, "value": pl.String, "message": pl.String}
ROUND_KEY = ["tournament", "table", "round"]
_CARD_NAMES = format_cards(range(DECK_SIZE))


def empty_issues() -> pl.DataFrame:
    """An issue table with no rows."""
    return pl.DataFrame(schema=ISSUE_SCHEMA)


def issue_records(
    rows: pl.DataFrame, column: str | pl.Expr, value: pl.Expr, message: pl.Expr
) -> pl.DataFrame:
    """An issue for each of ``rows``: the column it is in (a canonical name, or an expression
    giving the sheet's header), the cell's text and the message.

    >>> rows = pl.DataFrame({"row_id": [4], "player": ["Ann"]})
    >>> issue_records(rows, "player", pl.col("player"), pl.lit("plays twice")).row(0)
    (4, 'player', 'Ann', 'plays twice')
    """
    where = pl.lit(column) if isinstance(column, str) else column
    return rows.select(
        pl.col("row_id").cast(pl.Int64),
        where.cast(pl.String).alias("column"),
        value.cast(pl.String).alias("value"),
        message.alias("message"),
    )


def held_back(rows: pl.DataFrame, issues: pl.DataFrame) -> pl.DataFrame:
    """The other rows of a round that lost a row: ranking it without that hand would crown the
    wrong winner, so the round is held back whole, each row saying whose row was rejected."""
    rejected = pl.col("row_id").is_in(issues["row_id"].implode())
    culprits = (
        rows.filter(rejected)
        .group_by(ROUND_KEY)
        .agg(pl.col("player").fill_null("(no name)").unique(maintain_order=True).str.join("', '"))
    )
    return issue_records(
        rows.filter(~rejected).join(culprits, on=ROUND_KEY, nulls_equal=True, suffix="_rejected"),
        pl.col("hole_column"),
        pl.col("cell"),
        pl.format("round '{}' held back: the row of '{}' was rejected", "round", "player_rejected"),
    )


def lonely_rounds(rows: pl.DataFrame, issues: pl.DataFrame) -> pl.DataFrame:
    """A round of one player has nobody to beat: reported, not crowned (a walkover keeps the
    rows of the players who folded, so it has two or more)."""
    left = rows.filter(~pl.col("row_id").is_in(issues["row_id"].implode()))
    return issue_records(
        left.filter(pl.len().over(ROUND_KEY) == 1),
        "player",
        pl.col("player"),
        pl.format("round '{}' has only one player: nothing to compare, no winner", "round"),
    )


def _rows_text(row_ids: pl.Expr) -> pl.Expr:
    return row_ids.cast(pl.String).str.join(", ")


def _card_mask(ids: pl.Expr) -> pl.Expr:
    """The cards of a list as bits of a ``UInt64`` (card id ``c`` is bit ``c``)."""
    bits = [1 << card for card in range(DECK_SIZE)]
    return ids.list.eval(
        pl.element().replace_strict(list(range(DECK_SIZE)), bits, return_dtype=pl.UInt64)
    ).list.sum()


def round_issues(good: pl.DataFrame) -> pl.DataFrame:
    """Round rules, fast: bit masks find the few suspect rounds, which are then explained."""
    if good.height == 0:
        return empty_issues()
    key = ROUND_KEY
    masks = good.select(
        *key,
        "player",
        _card_mask(pl.col("hole_ids")).alias("hole_mask"),
        _card_mask(pl.col("board_ids")).alias("board_mask"),
        pl.col("board_ids").list.len().alias("board_len"),
    )
    # Distinct cards: their bits' sum equals their bitwise or.  Boards: one distinct value per
    # board length, each nested in the longer ones (a fold saw a prefix of the board).
    suspects = (
        masks.group_by(key)
        .agg(
            (pl.col("hole_mask").sum() != pl.col("hole_mask").bitwise_or()).alias("hole_twice"),
            (pl.col("hole_mask").bitwise_or() & pl.col("board_mask").bitwise_or() != 0).alias(
                "hole_on_board"
            ),
            (
                pl.col("board_mask").bitwise_or().bitwise_count_ones() != pl.col("board_len").max()
            ).alias("board_off"),
            (
                pl.struct("board_len", "board_mask").n_unique() != pl.col("board_len").n_unique()
            ).alias("boards_differ"),
            (pl.col("player").n_unique() != pl.len()).alias("player_twice"),
        )
        .filter(pl.any_horizontal(pl.exclude(key)))
        .select(key)
    )
    if suspects.height == 0:
        return empty_issues()
    return _explain_round_issues(good.join(suspects, on=key, nulls_equal=True))


def _explain_round_issues(good: pl.DataFrame) -> pl.DataFrame:
    """Issue records, naming rows and cards, for rounds that break a round rule."""
    key = ROUND_KEY
    # A player twice in a round: every occurrence is rejected, each naming the others.
    repeated = (
        good.with_columns(pl.len().over(*key, "player").alias("times"))
        .filter(pl.col("times") > 1)
        .select(
            "row_id",
            pl.lit("player").alias("column"),
            pl.col("player").alias("value"),
            pl.format(
                "player '{}' appears {} times in round '{}'",
                "player",
                "times",
                "round",
            ).alias("message"),
        )
    )
    # The round's board is its longest; every board seen must be a prefix of it.
    boards = good.with_columns(
        pl.col("board_ids")
        .sort_by(pl.col("board_ids").list.len(), descending=True)
        .first()
        .over(key)
        .alias("round_board")
    )
    prefix_ok = pl.col("round_board").list.head(pl.col("board_ids").list.len()) == pl.col(
        "board_ids"
    )
    boards = boards.with_columns(prefix_ok.alias("board_ok"))
    disagree = boards.filter(~pl.col("board_ok")).select(
        "row_id",
        pl.col("board_column").alias("column"),
        pl.col("board").alias("value"),
        pl.lit("community cards disagree with the other players' in this round").alias("message"),
    )
    # Every card of the round: each hand's hole cards and the round's board once.
    hole_cards = boards.select(
        *key, "row_id", "hole_column", "cell", pl.col("hole_ids").alias("card")
    )
    hole_cards = hole_cards.explode("card")
    board_owner = boards.filter(pl.col("board_ids").list.len() == pl.col("round_board").list.len())
    board_cards = (
        board_owner.unique(key, keep="first", maintain_order=True)
        .select(
            *key,
            "row_id",
            pl.col("board_column").alias("hole_column"),
            pl.col("board").alias("cell"),
            pl.col("board_ids").alias("card"),
        )
        .explode("card")
        .drop_nulls("card")
    )
    cards = pl.concat([hole_cards, board_cards])
    twice = cards.filter(pl.len().over(*key, "card") > 1).with_columns(
        pl.col("card").replace_strict(list(range(DECK_SIZE)), _CARD_NAMES).alias("card_name")
    )
    duplicated = twice.select(
        "row_id",
        pl.col("hole_column").alias("column"),
        pl.col("cell").alias("value"),
        pl.format("card '{}' appears twice in round '{}'", "card_name", "round").alias("message"),
    ).unique(maintain_order=True)
    direct = pl.concat([repeated, disagree, duplicated])
    # The other rows of a round that failed a round rule go with it.
    failed_rounds = good.filter(
        pl.col("row_id").is_in(disagree["row_id"].implode())
        | pl.col("row_id").is_in(duplicated["row_id"].implode())
    )
    failed_keys = failed_rounds.select(key).unique()
    why = (
        direct.join(good.select("row_id", *key), on="row_id")
        .group_by(key)
        .agg(pl.col("message").first().alias("why"), pl.col("row_id").unique().sort().alias("rows"))
    )
    followers = (
        good.join(failed_keys, on=key, nulls_equal=True)
        .filter(~pl.col("row_id").is_in(direct["row_id"].implode()))
        .join(why, on=key, nulls_equal=True)
        .select(
            "row_id",
            pl.col("hole_column").alias("column"),
            pl.col("cell").alias("value"),
            pl.format("round '{}' rejected: {}", "round", "why").alias("message"),
        )
    )
    return pl.concat([direct, followers]).cast(ISSUE_SCHEMA)  # type: ignore[arg-type]
