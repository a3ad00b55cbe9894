"""The compiled path of :func:`pipeline.sources.pokerstars.read_pokerstars`.

``pipeline/sources/_pokerstars_scan*.c`` is our own C extension, one file per part of the
format (``_pokerstars_scan.h`` lists them), built at install by ``setup.py`` when a C compiler
is there (``pip install -e .`` builds it in place).  Its
``scan`` walks the bytes of the text once and reads each hand as the line reader does; a hand
it is not sure of (a cash-out, a malformed or cut-short hand, another game, a name seated
twice, an amount with more than two decimals, a Unicode digit...) comes back with its text for
the line reader, which is the reference and reports every issue.  Without the extension,
:data:`SCAN` is None and the line reader (:mod:`pipeline.sources.pokerstars_lines`) reads the
whole file instead.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import polars as pl

from pipeline.sources.hand_log import ROW_SCHEMA
from pipeline.sources.pokerstars_header import DERIVED_COLUMNS, HEADER_COLUMN

RAW_SCHEMA: dict[str, pl.DataType] = {
    **{name: dtype for name, dtype in ROW_SCHEMA.items() if name not in DERIVED_COLUMNS},
    HEADER_COLUMN: pl.String(),
}
"""The rows both paths of the PokerStars reader give: :data:`ROW_SCHEMA` without the columns
read from the header line, with the header line itself
(:func:`pipeline.sources.pokerstars_header.finish_rows` reads it)."""
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
    "actions",
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
        from pipeline.sources._pokerstars_scan import scan
    except ImportError:  # built without a C compiler: the line reader reads instead
        return None
    return scan


SCAN = _load_scan()
"""The compiled scanner, or None where the extension was not built."""


def scanned_rows(text: str | bytes) -> tuple[pl.DataFrame, list[tuple[int, str]]] | None:
    """Rows (:data:`RAW_SCHEMA`) of the hands the compiled scanner reads in a text without its
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
    texts = pl.Series(strings, dtype=pl.String)
    frame: dict[str, pl.Series] = {
        name: texts.gather(np.frombuffer(columns[name], dtype=np.uint32)).alias(name)
        for name in _TEXT_COLUMNS
    }
    for name, dtype in _NUMBER_COLUMNS.items():
        frame[name] = pl.Series(name, np.frombuffer(columns[name], dtype=dtype))
    frame["round"] = frame["hand_id"].alias("round")
    frame["ante"] = frame["ante"].fill_nan(None)  # NaN: no ante posted
    rows = pl.DataFrame([frame[name] for name in RAW_SCHEMA])
    return rows, [(line, _with_newlines(hand)) for line, hand in handed_back]


def _with_newlines(text: str) -> str:
    r"""``\r\n`` and ``\r`` as ``\n``, as the line reader's texts are.

    >>> _with_newlines("a\r\nb\rc\n")
    'a\nb\nc\n'
    """
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
