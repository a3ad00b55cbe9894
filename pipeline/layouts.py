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

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import polars as pl

PLAYERS, ROUNDS, FIVE_CARD, YATZY = "players", "rounds", "five-card", "yatzy"

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
}
# Columns of a rounds sheet that are not players: producers' notes, and our own output columns
# (so a workbook we wrote can be fed back in).
_NOT_PLAYERS = {
    "tournament", "event", "season", "table", "date", "time", "notes", "note", "comment",
    "comments", "dealer", "level", "blinds", "pot", "game", "winner", "winninghand",
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
    if has("round") and has("player"):
        if has("cards") or (has("hole") and has("board")) or (has("hole") and not has("hand")):
            return Layout(PLAYERS, found)
        if has("dice") or all(any(header_key(h) == d for h in headers) for d in DICE_COLUMNS):
            dice = {d: next(h for h in headers if header_key(h) == d) for d in DICE_COLUMNS}
            return Layout(YATZY, found | ({} if has("dice") else dice))
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


def _text(frame: pl.DataFrame, layout: Layout, canonical: str) -> pl.Expr:
    """A canonical column as text, or a null column when the sheet lacks it."""
    if canonical in layout.columns:
        return pl.col(layout.columns[canonical]).cast(pl.String)
    return pl.lit(None, dtype=pl.String)


def holdem_rows(frame: pl.DataFrame, layout: Layout) -> pl.DataFrame:
    """One row per player per round with canonical columns, from either Hold'em layout.

    Columns: ``row_id`` (the sheet row it came from, 0-based), ``tournament``, ``table``,
    ``round``, ``player``, ``hole``, ``board``, ``folded`` (text as given), and for messages
    ``hole_column`` / ``board_column`` (the sheet's headers) and ``cell`` (the hole cards cell as
    written).  A rounds sheet is exploded: one row per non-empty player cell.
    """
    indexed = frame.with_row_index("row_id").with_columns(pl.col("row_id").cast(pl.Int64))
    meta = [
        pl.col("row_id"),
        _text(frame, layout, "tournament").alias("tournament"),
        _text(frame, layout, "table").alias("table"),
        _text(frame, layout, "round").alias("round"),
    ]
    if layout.kind == ROUNDS:
        board_header = layout.columns["board"]
        long = indexed.select(
            *meta,
            pl.col(board_header).alias("board"),
            *(pl.col(name).alias(f"seat:{name}") for name in layout.player_columns),
        ).unpivot(
            index=["row_id", "tournament", "table", "round", "board"],
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
    if "cards" in layout.columns:
        cards = layout.columns["cards"]
        # The first two tokens are the hole cards, the rest the board: one regex pass.
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
    "round",
    "player",
    "hole",
    "board",
    "folded",
    "hole_column",
    "board_column",
    "cell",
]
