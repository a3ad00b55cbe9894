"""How a sheet prints: one page wide when its columns fit at a legible scale, else pages across
with its key columns repeated on each; and the order a new sheet's columns are written in.

Every sheet prints landscape with its header row on every page.  Then, per sheet:

* **Fits**: when all its printed columns fit one page wide at :data:`MIN_SCALE` (60 %, so
  11-pt text prints at 6.6 pt) or more, it prints one page wide, as many pages down as needed.
* **Too wide**: it prints at the largest scale up to 100 % (never under 60 %) at which the
  columns a reader needs first fit on the first page (a hand log's hand, player, cards, hand
  name, winner, win % and chips; else every column, so 60 %); the columns from the first to
  its key columns (a hand log's hand and player; a sheet's round and player) repeat at the left
  of every page across when they take at most half a page, and pages run across before they
  run down, so the pages of the same rows follow each other.
* **Technical columns** (the line a row was read from, a copy of another column, the same
  value on every row) sit at the right of a new sheet, grouped and collapsed: hidden on screen
  until the group's ``+`` is clicked, and never printed.

The page is taken as US Letter landscape with 0.75-inch side margins (the narrower of Letter
and A4), and a column of Excel width ``w`` as :data:`POINTS_PER_WIDTH` ``* w`` points: what
LibreOffice prints where DejaVu Sans stands in for Calibri, wider than Excel's ``5.25 w + 3.75``,
so a sheet planned to be legible there is more so in Excel.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

MIN_SCALE: Final = 60
"""Smallest print scale, in percent: Calibri 11 at 60 % prints at 6.6 pt."""
PAGE_POINTS: Final = (11 - 2 * 0.75) * 72
"""Printable width of a landscape Letter page with 0.75-inch margins, in points."""
POINTS_PER_WIDTH: Final = 7.25
"""Printed points per unit of Excel column width in LibreOffice without Calibri (measured)."""


@dataclass(frozen=True)
class PrintPlan:
    """A sheet's print setup: one page wide (``fit_width``) or at ``scale`` percent with the
    worksheet columns ``title_columns`` (1-based, inclusive) repeated on every page across."""

    fit_width: bool
    scale: int = 100
    title_columns: tuple[int, int] | None = None


def column_points(width: float) -> float:
    """The printed width of a column of Excel width ``width``, in points.

    >>> column_points(10.0)
    72.5
    """
    return POINTS_PER_WIDTH * width


def print_plan(
    widths: Sequence[float], first_page: int, title_columns: tuple[int, int] | None
) -> PrintPlan:
    """The plan for printed columns of ``widths`` (in order; hidden ones left out): one page
    wide when they fit at :data:`MIN_SCALE` or more, else at the scale at which the first
    ``first_page`` columns fill the first page, ``title_columns`` repeated.

    >>> print_plan([10.0] * 8, 2, (1, 1))
    PrintPlan(fit_width=True, scale=100, title_columns=None)
    >>> print_plan([20.0] * 20, 6, (1, 2))
    PrintPlan(fit_width=False, scale=78, title_columns=(1, 2))
    >>> print_plan([20.0] * 20, 20, None)
    PrintPlan(fit_width=False, scale=60, title_columns=None)
    """
    total = sum(column_points(width) for width in widths)
    if total * MIN_SCALE / 100 <= PAGE_POINTS:
        return PrintPlan(fit_width=True)
    first = sum(column_points(width) for width in widths[: max(first_page, 1)])
    scale = int(100 * PAGE_POINTS / first) if first else 100
    return PrintPlan(False, min(max(scale, MIN_SCALE), 100), title_columns)


def title_columns(widths: Sequence[float], key_positions: Sequence[int]) -> tuple[int, int] | None:
    """The columns to repeat on every page across: from the first to the last key column
    (1-based positions), when they take at most half a page at :data:`MIN_SCALE`.

    >>> title_columns([14.0, 8.5, 6.0, 10.0, 30.0], [2, 4])
    (1, 4)
    >>> title_columns([50.0, 50.0, 8.0], [3]) is None
    True
    """
    if not key_positions:
        return None
    last = max(key_positions)
    span = sum(column_points(width) for width in widths[:last]) * MIN_SCALE / 100
    return (1, last) if span <= PAGE_POINTS / 2 else None


def reading_order(
    columns: Sequence[str],
    key: Sequence[str],
    first: Sequence[str],
    side: Sequence[str],
) -> list[str]:
    """``columns`` in the order a new sheet writes them: ``key`` columns, then ``first``, then the
    others as they came, then the technical ``side`` columns (names not in ``columns`` are
    passed over).

    >>> reading_order(["line", "seat", "hand", "player", "hole"], ["hand", "player"], ["hole"],
    ...               ["line"])
    ['hand', 'player', 'hole', 'seat', 'line']
    """
    present = set(columns)
    placed: list[str] = []
    for name in (*key, *first):
        if name in present and name not in placed:
            placed.append(name)
    side_present = [name for name in side if name in present and name not in placed]
    rest = [name for name in columns if name not in placed and name not in side_present]
    return [*placed, *rest, *side_present]
