"""Which poker game each row is, and the checks that need to know it.

A row's game is its sheet's ``game`` cell (any alias, any case), else the run's ``--game``, else
the layout's own (Hold'em; five-card hands for a five-card sheet).  A name we do not know, a
round that mixes games, and a card the game's deck does not hold (a Five in a short deck) are
issues naming the cell; a hole-card count the game cannot hold is the schema's issue, from the
``hole_cards_expected`` this module adds.

>>> import polars as pl
>>> rows = pl.DataFrame({"row_id": [0, 1], "tournament": [None, None], "table": [None, None],
...     "round": ["1", "2"], "game": ["plo", "Chess"], "player": ["Ann", "Bob"],
...     "hole": ["Ah Kh", "Ah Kh"], "board": ["Qs Js 2c 3d 4h 5s 6c", None],
...     "hole_column": ["cards", "cards"], "board_column": ["cards", "cards"],
...     "cell": ["Ah Kh Qs Js 2c 3d 4h 5s 6c", "Ah Kh"]},
...     schema_overrides={"tournament": pl.String, "table": pl.String})
>>> named = with_games(rows, default="Hold'em")
>>> named.select("game", "hole", "board", "hole_cards_expected").rows()
[('Omaha', 'Ah Kh Qs Js', '2c 3d 4h 5s 6c', 4), (None, 'Ah Kh', None, 2)]
>>> print(unknown_game_issues(named)["message"][0])  # doctest: +ELLIPSIS
game 'Chess' is not a game we score; known: Hold'em, Five Card, Omaha, ..., Badugi
"""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

from pipeline.core.cards import DECK_SIZE, format_cards
from pipeline.core.rules import HandRules
from pipeline.games.poker.scoring.round_rules import ROUND_KEY, empty_issues, issue_records
from pipeline.games.poker.variants import DEFAULT_RULES, canonical_game, known_game_names

_CARD_NAMES = format_cards(range(DECK_SIZE))


def with_games(
    rows: pl.DataFrame, *, default: str, rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES
) -> pl.DataFrame:
    """Every row with ``game`` as its canonical name (null where the row names a game we do not
    score: :func:`unknown_game_issues` names them), the name as written (``game_written``) and
    the hole and board card counts the game takes (the default game's for an unknown one).

    A one-column layout (``cards``: hole cards then the board) is split again by the game's
    hole-card count, so an Omaha line gives four hole cards.  ``default`` is a canonical name.
    """
    written = pl.col("game").cast(pl.String).str.strip_chars()
    given = pl.when(written.str.len_chars() > 0).then(written)
    texts = rows.select(given.alias("text"))["text"]
    names = {text: canonical_game(text) for text in texts.drop_nulls().unique().to_list()}
    canonical = texts.replace_strict(names, default=None, return_dtype=pl.String)
    named = rows.with_columns(
        pl.when(texts.is_null()).then(pl.lit(default)).otherwise(canonical).alias("game"),
        pl.col("game").cast(pl.String).alias("game_written"),
    )
    counted = pl.col("game").fill_null(default)
    hole_counts = {name: rules.hole_cards for name, rules in rules_of_game.items()}
    board_counts = {name: rules.board_cards for name, rules in rules_of_game.items()}
    named = named.with_columns(
        counted.replace_strict(hole_counts, return_dtype=pl.Int64).alias("hole_cards_expected"),
        counted.replace_strict(board_counts, return_dtype=pl.Int64).alias("board_cards_expected"),
    )
    return _split_lines(named)


def unknown_game_issues(rows: pl.DataFrame) -> pl.DataFrame:
    """An issue for each row of :func:`with_games` naming a game we do not score, listing the
    names we know."""
    return issue_records(
        rows.filter(pl.col("game").is_null()),
        "game",
        pl.col("game_written"),
        pl.format(
            "game '{}' is not a game we score; known: {}",
            pl.col("game_written").str.strip_chars(),
            pl.lit(known_game_names()),
        ),
    )


def _split_lines(rows: pl.DataFrame) -> pl.DataFrame:
    """A one-column line split into the game's hole cards and the rest (the board); the layout
    split it after two already, right for Hold'em (the common case, at no cost here)."""
    one_line = (pl.col("hole_column") == pl.col("board_column")) & (
        (pl.col("hole_cards_expected") != 2) | (pl.col("board_cards_expected") == 0)
    )
    if not rows.select(one_line.any()).item():
        return rows
    tokens = pl.col("cell").cast(pl.String).str.extract_all(r"\S+")
    # a game without a board holds every card of the line in the hand: six cards are six
    in_hole = pl.when(pl.col("board_cards_expected") == 0).then(tokens.list.len())
    hole = tokens.list.head(in_hole.otherwise(pl.col("hole_cards_expected"))).list.join(" ")
    board = tokens.list.slice(pl.col("hole_cards_expected")).list.join(" ")
    board = pl.when(pl.col("board_cards_expected") > 0).then(board)
    return rows.with_columns(
        pl.when(one_line & pl.col("cell").is_not_null())
        .then(pl.when(hole.str.len_chars() > 0).then(hole))
        .otherwise(pl.col("hole"))
        .alias("hole"),
        pl.when(one_line & pl.col("cell").is_not_null())
        .then(pl.when(board.str.len_chars() > 0).then(board))
        .otherwise(pl.col("board"))
        .alias("board"),
    )


def mixed_game_issues(rows: pl.DataFrame) -> pl.DataFrame:
    """Every row of a round whose rows name two or more games: one round is one game, and a
    guess of which would score somebody's hand by the wrong rules."""
    games = pl.col("game").unique().sort().str.join(", ")
    mixed = rows.with_columns(
        pl.col("game").n_unique().over(ROUND_KEY).alias("_games"),
        games.over(ROUND_KEY).alias("_names"),
    ).filter(pl.col("_games") > 1)
    return issue_records(
        mixed,
        "game",
        pl.col("game"),
        pl.format("round '{}' mixes games ({}): a round is one game", "round", "_names"),
    )


def off_deck_issues(
    rows: pl.DataFrame, rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES
) -> pl.DataFrame:
    """Rows holding a card their game's deck lacks (below a Six in a short deck), naming the
    first such card; ``rows`` carry ``hole_ids`` and ``board_ids``."""
    found = [empty_issues()]
    for name, rules in rules_of_game.items():
        lowest = min(rules.ranking.deck)
        if lowest == 0:
            continue  # the whole 52-card deck: every legal card is in it
        game_rows = rows.filter(pl.col("game") == name)
        for ids, column, value in (
            ("hole_ids", "hole_column", "cell"),
            ("board_ids", "board_column", "board"),
        ):
            first = pl.col(ids).list.eval(pl.element().filter(pl.element() < lowest)).list.first()
            bad = game_rows.with_columns(first.alias("_card")).filter(pl.col("_card").is_not_null())
            card = pl.col("_card").replace_strict(
                list(range(DECK_SIZE)), _CARD_NAMES, return_dtype=pl.String
            )
            message = pl.format(
                "card '{}' is not in {}'s {}",
                card,
                pl.lit(name),
                pl.lit(rules.ranking.describe_deck()),
            )
            found.append(issue_records(bad, pl.col(column), pl.col(value), message))
    return pl.concat(found).unique("row_id", keep="first", maintain_order=True)
