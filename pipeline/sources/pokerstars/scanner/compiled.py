"""The compiled path of :func:`pipeline.sources.pokerstars.reader.read_pokerstars`.

``_pokerstars_scan*.c`` (in this folder) is our own C extension, one file per part of the
format (``_pokerstars_scan.h`` lists them), built at install by ``setup.py`` when a C compiler
is there (``pip install -e .`` builds it in place).  Its
``scan`` walks the bytes of the text once and reads each hand as the reference does; a hand
it is not sure of (a cash-out, a malformed or cut-short hand, another game, a name seated
twice, an amount with more than two decimals, a Unicode digit...) comes back with its text for
the reference, the text engine over PokerStars' declaration, which reports every issue.
Without the extension, :data:`SCAN` is None and the engine reads the whole file instead.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import polars as pl
import pyarrow as pa

from pipeline.records.deals import deal_of
from pipeline.records.game_names import POKERSTARS, GameNames, site_words
from pipeline.records.hand_log import ROW_SCHEMA, STUD_DRAW_COLUMNS, played_at_expr
from pipeline.sources.pokerstars.header import DERIVED_COLUMNS, HEADER_COLUMN, header_columns

READ_VARIANTS: dict[str, GameNames] = site_words(POKERSTARS)
"""The games read, in the header's words, each with its game: the table of games' PokerStars
words (:mod:`pipeline.records.game_names`), given to the scanner in this order at import; the
engine's declaration reads the same words from the same table."""

RAW_SCHEMA: dict[str, pl.DataType] = {
    **{name: dtype for name, dtype in ROW_SCHEMA.items() if name not in DERIVED_COLUMNS},
    HEADER_COLUMN: pl.String(),
}
"""The rows both paths of the PokerStars reader give: :data:`ROW_SCHEMA` without the columns
read from the header line, with the header line itself
(:func:`pipeline.sources.pokerstars.header.header_columns` reads it)."""
Scanned = tuple[list[str | None], dict[str, bytes], list[tuple[int, str]]]
_TEXT_COLUMNS = (
    "hand_id",
    "tournament",
    "table",
    "date",
    "player",
    "hole",
    "stated_hand",
    "board",
    "variant",
    "folded_street",
    HEADER_COLUMN,
)
_NUMBER_COLUMNS: dict[str, type[np.generic]] = {
    "line": np.int64,
    "seat": np.int64,
    "stack": np.float64,
    "put_in": np.float64,
    "won": np.float64,
    "button": np.bool_,
    "mucked": np.bool_,
    "folded": np.bool_,
    "ante": np.float64,
    "table_size": np.int64,
}


def _load_scan() -> Callable[[str | bytes], Scanned | None] | None:
    try:
        from pipeline.sources.pokerstars.scanner._pokerstars_scan import scan, set_variants
    except ImportError:  # built without a C compiler: the text engine reads instead
        return None
    # The scanner holds no game names of its own: it reads the games the engine reads, in
    # the table of games' words (pipeline/records/game_names.py), given once here.
    # the board games only: a stud or draw hand is handed back to the engine (its deal is
    # pipeline/records/deals.py's), the scanner being a board game's reader
    set_variants(
        [
            (words, game.hole_cards)
            for words, game in READ_VARIANTS.items()
            if deal_of(game.name).kind == "board"
        ]
    )
    return scan


SCAN = _load_scan()
"""The compiled scanner, or None where the extension was not built."""


def scanned_rows(text: str | bytes) -> tuple[pl.DataFrame, list[tuple[int, str]]] | None:
    """Rows (:data:`ROW_SCHEMA`) of the hands the compiled scanner reads in a text without its
    BOM (lines end in ``\\n``, ``\\r\\n`` or ``\\r``), and ``(first line, hand text)`` of the
    hands it hands back (with ``\\n`` line ends);
    None for bytes that are not UTF-8.  Raises RuntimeError when the extension is not built.
    The text columns come back as indexes into one list of distinct texts, so each column is
    one ``gather``.
    """
    if SCAN is None:
        msg = "the compiled PokerStars scanner is not built (no C compiler at install?)"
        raise RuntimeError(msg)
    scanned = SCAN(text)
    if scanned is None:
        return None
    strings, columns, handed_back = scanned
    return _rows(strings, columns), [(line, _with_newlines(hand)) for line, hand in handed_back]


def _rows(strings: list[str | None], columns: dict[str, bytes]) -> pl.DataFrame:
    """The scanner's columns as :data:`ROW_SCHEMA` rows: the text columns one gather from the
    distinct texts (cut in columns after), what each distinct header says
    (:func:`~pipeline.sources.pokerstars.header.read_header`) one gather by hand, and the
    actions column from its Arrow buffers.  Few operations: a small file costs little."""
    codes = [np.frombuffer(columns[name], dtype=np.uint32) for name in _TEXT_COLUMNS]
    height = len(codes[0])
    every_text = pl.Series(strings, dtype=pl.String)[np.concatenate(codes[:-1])]
    frame: dict[str, pl.Series] = {
        name: every_text.slice(index * height, height).alias(name)
        for index, name in enumerate(_TEXT_COLUMNS[:-1])
    }
    for name, dtype in _NUMBER_COLUMNS.items():
        frame[name] = pl.Series(name, np.frombuffer(columns[name], dtype=dtype), nan_to_null=True)
    frame["round"] = frame["hand_id"].alias("round")
    frame["actions"] = _actions(columns["actions"], columns["action_ends"], height)
    # the scanner reads the board games run once only: a stud, draw or run-twice hand it hands
    # back to the engine
    for name in (*STUD_DRAW_COLUMNS, "run_boards"):
        frame[name] = pl.Series(name, [None] * height, dtype=ROW_SCHEMA[name])
    # Per hand (its rows are together, sharing its first line): what its header says, read
    # once per distinct header text, and its start in UTC; then given to each of its rows.
    line = np.frombuffer(columns["line"], dtype=np.int64)
    starts = np.ones(height, dtype=bool)
    starts[1:] = line[1:] != line[:-1]
    first_rows = np.flatnonzero(starts)
    distinct, header_of_hand = np.unique(codes[-1][first_rows], return_inverse=True)
    said = header_columns(pl.Series([strings[code] for code in distinct], dtype=pl.String))
    zones = said["time_zone"].to_list()
    played_at = played_at_expr(
        tuple(sorted({zone for zone in zones if zone is not None})),
        zones_null=None in zones,
        days_alone=False,  # a PokerStars date has its time
    )
    if said.height == 1 and height <= SMALL_FILE:  # few operations: a small file costs little
        constants = dict(zip(said.columns, said.row(0), strict=True))
        return pl.DataFrame([frame[name] for name in ROW_SCHEMA if name in frame]).select(
            pl.col(name)
            if name in frame
            else played_at  # one zone, or none: from the date alone
            if name == "played_at"
            else pl.lit(constants[name], dtype=dtype).alias(name)
            for name, dtype in ROW_SCHEMA.items()
        )
    hands = said[header_of_hand].with_columns(frame["date"][first_rows]).with_columns(played_at)
    frame.update(hands[np.cumsum(starts) - 1].to_dict())
    return pl.DataFrame([frame[name] for name in ROW_SCHEMA])


SMALL_FILE = 4096
"""Rows up to which a file's rows are built with the fewest operations (each costs some tens
of microseconds) rather than the fewest row-by-row steps."""


def _actions(text: bytes, ends: bytes, height: int) -> pl.Series:
    """The actions column from its texts end to end and the offsets where each ends (Arrow's
    large string layout): a view of the buffers for a large file, Python slices for a small
    one."""
    if height <= SMALL_FILE:
        at = np.frombuffer(ends, dtype=np.int64).tolist()
        return pl.Series(
            "actions",
            [text[start:end].decode() for start, end in itertools.pairwise(at)],
            dtype=pl.String,
        )
    return pl.Series(
        "actions",
        pa.LargeStringArray.from_buffers(height, pa.py_buffer(ends), pa.py_buffer(text)),
    )


def _with_newlines(text: str) -> str:
    r"""``\r\n`` and ``\r`` as ``\n``, as the engine's hand texts are.

    >>> _with_newlines("a\r\nb\rc\n")
    'a\nb\nc\n'
    """
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
