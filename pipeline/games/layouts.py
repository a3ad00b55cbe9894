"""Recognise a sheet's layout from its header row and map it to canonical columns.

Header names are compared case-, space-, underscore- and hyphen-insensitively, so ``Hole Cards``,
``hole_cards`` and ``HOLECARDS`` are one name.  Hold'em comes in two layouts:

- **players**: one row per player per round: ``round``, ``player`` and either ``cards`` (the
  quiz's line: hole cards then the board seen) or ``hole`` + ``board``; optional ``tournament``,
  ``table``, ``seat``, ``folded``.
- **rounds**: one row per round: ``round``, ``board``, then one column per player whose cell
  holds that player's hole cards (``9h 5s fold`` for a fold, empty when not dealt in).

:func:`holdem_rows` turns either into the canonical frame that :mod:`schemas.holdem` validates:
one row per player per round, ``row_id`` pointing back at the sheet's row.

>>> detect_layout(["Round", "Player", "Hole Cards", "Board"]).kind
'players'
>>> detect_layout(["round", "board", "Ann", "Bob"]).player_columns
('Ann', 'Bob')
>>> detect_layout(["name", "score"]) is None
True
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import polars as pl

PLAYERS, ROUNDS, FIVE_CARD, YATZY = "players", "rounds", "five-card", "yatzy"
HAND_LOG = "hand-log"  # a hand history read by a source: hand_id, put_in and won per player

# Header aliases: canonical name -> accepted spellings (already normalised by header_key).
_ALIASES = {
    "tournament": ("tournament", "event", "season"),
    "table": ("table",),
    "seat": ("seat",),
    "round": ("round", "roundid", "hand#", "handno", "roundno", "round#"),
    "player": ("player", "playername", "name"),
    "cards": ("cards", "line", "showdown"),
    "hole": ("hole", "holecards", "pocket", "pocketcards"),
    "board": ("board", "community", "communitycards"),
    "folded": ("folded", "fold"),
    "hand": ("hand", "fivecards"),
    "dice": ("dice", "roll"),
    "category": ("category", "scoredas"),
    "game": ("game",),
    # a round sheet's facts for the Parquet (pipeline/games/sheet_facts.py)
    "date": ("date", "day", "played", "playedon"),
    "currency": ("currency", "ccy"),
    "stake": ("stake", "stakes", "blinds"),
}
# Columns of a rounds sheet that are not players: producers' notes, and our own output columns
# (so a workbook we wrote can be fed back in).
_NOT_PLAYERS = {
    "tournament", "event", "season", "table", "date", "time", "notes", "note", "comment",
    "comments", "dealer", "level", "blinds", "pot", "game", "winner", "winninghand",
    "day", "played", "playedon", "currency", "ccy", "stake", "stakes",
}  # fmt: skip
DICE_COLUMNS = ("d1", "d2", "d3", "d4", "d5")
FOLD_MARK = re.compile(r"\s+fold(?:ed)?\s*$", re.IGNORECASE)

EXPECTED_HEADERS = (
    "round, player and cards (or hole and board) for the players layout; "
    "round, board and one column per player for the rounds layout; "
    "round, player and hand for five-card hands; "
    "round, player and dice (or d1..d5) for Yatzy"
)


def header_key(name: str) -> str:
    """The comparable form of a header: lower case without spaces, ``_`` or ``-``.

    >>> header_key(" Hole_Cards ")
    'holecards'
    """
    return re.sub(r"[\s_\-]+", "", name).lower()


@dataclass(frozen=True)
class Layout:
    """A recognised layout and where its canonical columns are in the sheet."""

    kind: str
    columns: dict[str, str]  # canonical name -> the sheet's own header
    player_columns: tuple[str, ...] = field(default=())


def detect_layout(headers: Sequence[str]) -> Layout | None:
    """The layout a header row matches, or ``None`` when it matches none."""
    found: dict[str, str] = {}
    for header in headers:
        key = header_key(header)
        for canonical, aliases in _ALIASES.items():
            if key in aliases and canonical not in found:
                found[canonical] = header
    has = found.__contains__
    keys = {header_key(header) for header in headers}
    if {"handid", "player", "hole", "board", "folded", "putin", "won"} <= keys:
        return Layout(HAND_LOG, found)
    if has("round") and has("player"):
        if has("cards") or (has("hole") and has("board")) or (has("hole") and not has("hand")):
            return Layout(PLAYERS, found)
        if has("dice") or all(any(header_key(h) == d for h in headers) for d in DICE_COLUMNS):
            if has("dice"):
                return Layout(YATZY, found)
            dice = {d: next(h for h in headers if header_key(h) == d) for d in DICE_COLUMNS}
            return Layout(YATZY, found | dice)
        if has("hand"):
            return Layout(FIVE_CARD, found)
        return None
    if has("round") and has("board"):
        used = set(found.values())
        players = tuple(
            header
            for header in headers
            if header not in used
            and header_key(header) not in _NOT_PLAYERS
            and not header.startswith(("column_", "extra_"))
        )
        if players:
            return Layout(ROUNDS, found, players)
    return None


def round_id(text: pl.Expr) -> pl.Expr:
    """A round id as one spelling: ``01``, ``1`` and ``1.0`` are round ``1`` (Excel turns ids into
    numbers and back); other text is kept as typed, trimmed.

    >>> ids = pl.Series(["01", "1.0", " 7 ", "Final", "0"])
    >>> pl.select(round_id(pl.lit(ids))).to_series().to_list()
    ['1', '1', '7', 'Final', '0']
    """
    trimmed = text.str.strip_chars()
    number = trimmed.str.extract(r"^0*(\d+?)(?:\.0*)?$")
    return pl.when(number.is_not_null()).then(number).otherwise(trimmed)


def near_misses(headers: Sequence[str], layout: Layout) -> list[tuple[str, str]]:
    """Headers the layout did not use that look like one it knows (``Folded?`` for ``folded``):
    each with the name it probably meant.  Other unknown columns are the producer's own and are
    carried through as they are.

    >>> near_misses(["round", "player", "cards", "Folded?", "notes"],
    ...             detect_layout(["round", "player", "cards"]))
    [('Folded?', 'folded')]
    """
    used = set(layout.columns.values()) | set(layout.player_columns)
    known = {alias: canonical for canonical, aliases in _ALIASES.items() for alias in aliases}
    found: list[tuple[str, str]] = []
    for header in headers:
        key = re.sub(r"[^a-z0-9#]", "", header_key(header))
        if header in used or header_key(header) in known:
            continue
        if key in known and known[key] not in layout.columns:
            found.append((header, known[key]))
            continue
        close = difflib.get_close_matches(key, list(known), n=1, cutoff=0.85)
        if close and known[close[0]] not in layout.columns:
            found.append((header, known[close[0]]))
    return found


def _text(frame: pl.DataFrame, layout: Layout, canonical: str) -> pl.Expr:
    """A canonical column as text, or a null column when the sheet lacks it."""
    if canonical in layout.columns:
        return pl.col(layout.columns[canonical]).cast(pl.String)
    return pl.lit(None, dtype=pl.String)


def holdem_rows(frame: pl.DataFrame, layout: Layout) -> pl.DataFrame:
    """One row per player per round with canonical columns, from either Hold'em layout (or the
    five-card layout, whose five cards go in ``hole`` with no board and no folds).

    Columns: ``row_id`` (the sheet row it came from, 0-based), ``tournament``, ``table``,
    ``seat`` (null where the sheet has none), ``round``, ``game`` (the sheet's text, null
    without the column), ``player``, ``hole``, ``board``,
    ``folded`` (text as given), and for messages ``hole_column`` / ``board_column`` (the
    sheet's headers) and ``cell`` (the hole cards cell as written).  A rounds sheet is
    exploded: one row per non-empty player cell.
    """
    indexed = frame.with_row_index("row_id").with_columns(pl.col("row_id").cast(pl.Int64))
    meta = [
        pl.col("row_id"),
        _text(frame, layout, "tournament").alias("tournament"),
        _text(frame, layout, "table").alias("table"),
        _text(frame, layout, "seat").alias("seat"),
        round_id(_text(frame, layout, "round")).alias("round"),
        _text(frame, layout, "game").alias("game"),
    ]
    if layout.kind == ROUNDS:
        board_header = layout.columns["board"]
        long = indexed.select(
            *meta,
            pl.col(board_header).alias("board"),
            *(pl.col(name).alias(f"seat:{name}") for name in layout.player_columns),
        ).unpivot(
            index=["row_id", "tournament", "table", "seat", "round", "game", "board"],
            variable_name="hole_column",
            value_name="cell",
        )
        long = long.with_columns(
            pl.col("hole_column").str.strip_prefix("seat:"),
            pl.col("hole_column").str.strip_prefix("seat:").alias("player"),
            pl.col("cell").str.replace(FOLD_MARK.pattern, "").str.strip_chars().alias("hole"),
            pl.when(pl.col("cell").str.contains(FOLD_MARK.pattern))
            .then(pl.lit("true"))
            .alias("folded"),
            # A fold in this layout does not say on which street: it saw no known board.
            pl.when(~pl.col("cell").str.contains(FOLD_MARK.pattern).fill_null(False))
            .then(pl.col("board"))
            .alias("board"),
            pl.lit(board_header).alias("board_column"),
        )
        order = {name: index for index, name in enumerate(layout.player_columns)}
        long = (
            long.filter(pl.col("cell").is_not_null())
            .with_columns(pl.col("hole_column").replace_strict(order).alias("_seat_order"))
            .sort("row_id", "_seat_order")
            .drop("_seat_order")
        )
        return long.select(_CANONICAL_ORDER)
    player = layout.columns["player"]
    if layout.kind == FIVE_CARD:
        hand = layout.columns["hand"]
        rows = indexed.select(
            *meta,
            pl.col(player).alias("player"),
            pl.col(hand).alias("hole"),
            pl.lit(None, dtype=pl.String).alias("board"),
            pl.lit("false").alias("folded"),
            pl.lit(hand).alias("hole_column"),
            pl.lit(hand).alias("board_column"),
            pl.col(hand).alias("cell"),
        )
        return rows.select(_CANONICAL_ORDER)
    if "cards" in layout.columns:
        cards = layout.columns["cards"]
        # The first two tokens are the hole cards, the rest the board (a game of more hole
        # cards splits the line again once the row's game is known: poker/scoring/game_column.py).
        split = pl.col(cards).str.extract_groups(r"^\s*(?<hole>\S+(?:\s+\S+)?)\s*(?<board>.*)$")
        hole = split.struct.field("hole")
        board = split.struct.field("board")
        hole_header = board_header = cards
    else:
        hole_header = layout.columns["hole"]
        board_header = layout.columns.get("board", hole_header)
        hole = pl.col(hole_header)
        board = _text(frame, layout, "board")
    rows = indexed.select(
        *meta,
        pl.col(player).alias("player"),
        hole.alias("hole"),
        board.alias("board"),
        _text(frame, layout, "folded").alias("folded"),
        pl.lit(hole_header).alias("hole_column"),
        pl.lit(board_header).alias("board_column"),
        pl.col(hole_header).alias("cell"),
    )
    return rows.with_columns(
        pl.when(pl.col("hole").str.len_chars() > 0).then(pl.col("hole")).alias("hole"),
        pl.when(pl.col("board").str.len_chars() > 0).then(pl.col("board")).alias("board"),
    ).select(_CANONICAL_ORDER)


_CANONICAL_ORDER = [
    "row_id",
    "tournament",
    "table",
    "seat",
    "round",
    "game",
    "player",
    "hole",
    "board",
    "folded",
    "hole_column",
    "board_column",
    "cell",
]


def yatzy_rows(frame: pl.DataFrame, layout: Layout) -> tuple[pl.DataFrame, pl.DataFrame]:
    """A Yatzy sheet as :data:`pipeline.games.yatzy.columns.ROUND_SCHEMA` rows, and the rows whose
    dice or round cannot be read (issue records: row_id, column, value, message).

    ``dice`` is one cell (``1 1 2 4 4``, commas allowed) or five columns ``d1``..``d5``.
    """
    indexed = frame.with_row_index("row_id").with_columns(pl.col("row_id").cast(pl.Int64))
    if "dice" in layout.columns:
        dice_header = layout.columns["dice"]
        dice_text = pl.col(dice_header).str.replace_all(",", " ").str.strip_chars()
    else:
        dice_header = ", ".join(layout.columns[name] for name in DICE_COLUMNS)
        dice_text = pl.concat_str(
            [pl.col(layout.columns[name]).fill_null("?") for name in DICE_COLUMNS], separator=" "
        )
    tokens = dice_text.str.extract_all(r"\S+")
    round_header = layout.columns["round"]
    canonical = indexed.select(
        "row_id",
        _text(frame, layout, "game").alias("game"),
        pl.col(round_header).cast(pl.String).alias("round_text"),
        pl.col(layout.columns["player"]).cast(pl.String).alias("player"),
        dice_text.alias("dice_text"),
        tokens.list.eval(pl.element().cast(pl.Int64, strict=False)).alias("dice"),
        _text(frame, layout, "category").alias("category"),
    ).with_columns(
        pl.col("round_text").cast(pl.Float64, strict=False).alias("round_number"),
    )
    whole = pl.col("round_number").is_not_null() & (
        pl.col("round_number") == pl.col("round_number").floor()
    )
    dice_ok = (pl.col("dice").list.len() == 5) & pl.col("dice").list.eval(
        pl.element().is_between(1, 6).fill_null(False)
    ).list.all()
    bad_round = canonical.filter(pl.col("round_text").is_not_null() & ~whole).select(
        "row_id",
        pl.lit(round_header).alias("column"),
        pl.col("round_text").alias("value"),
        pl.format("round '{}' is not a whole number", "round_text").alias("message"),
    )
    bad_dice = canonical.filter(~dice_ok & pl.col("dice_text").is_not_null()).select(
        "row_id",
        pl.lit(dice_header).alias("column"),
        pl.col("dice_text").alias("value"),
        pl.format("dice '{}': expected five dice, each 1 to 6", "dice_text").alias("message"),
    )
    issues = pl.concat([bad_round, bad_dice])
    good = canonical.filter(~pl.col("row_id").is_in(issues["row_id"].implode())).select(
        "row_id",
        "game",
        pl.col("round_number").cast(pl.Int64).alias("round"),
        "player",
        pl.when(pl.col("dice_text").is_not_null()).then(pl.col("dice")).alias("dice"),
        "category",
    )
    return good, issues
