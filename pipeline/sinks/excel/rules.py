"""The winner and fold looks as conditional formats: one rule per look, not a style per cell.

A rule is data, :class:`Rule` (a range, a formula, the look it gives), turned into a format by
whichever writer writes the sheet.  Rules cost nothing per row and keep a producer's own cell
formats underneath.

* **Flag rules**: the rows whose flag column (a Boolean column we write, e.g. ``winner``) is
  TRUE get the winner look across the whole row (``=$K2=TRUE``); likewise folds.
* **Round rules** (a sheet of one row per round): a player's cell is green and bold where the
  row's winners (``Ann, Bob``) name that player, grey where the cell ends with the layout's fold
  mark; our winner columns are green and bold on rows that have winners.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import polars as pl
from openpyxl.utils import get_column_letter

from pipeline.sinks.excel.contract import FOLD_ROW, MAX_FORMULA_TEXT, WINNER_ROW, SheetOutput


@dataclass(frozen=True)
class Rule:
    """One conditional format: ``kind`` (winner or fold look) where ``formula`` holds, over the
    1-based inclusive range ``first_row..last_row`` x ``first_column..last_column``."""

    first_row: int
    first_column: int
    last_row: int
    last_column: int
    formula: str
    kind: int

    @property
    def ref(self) -> str:
        """The range in A1 notation (``A2:K100``)."""
        first = f"{get_column_letter(self.first_column)}{self.first_row}"
        return f"{first}:{get_column_letter(self.last_column)}{self.last_row}"


def flag_column(table: pl.DataFrame, flags: pl.Series) -> str | None:
    """The Boolean column of ``table`` equal to ``flags`` (nulls as False), its namesake first."""
    wanted = flags.fill_null(False)
    names = sorted(table.columns, key=lambda name: name != flags.name)
    for name in names:
        column = table[name]
        if column.dtype == pl.Boolean and column.fill_null(False).equals(wanted):
            return name
    return None


def flag_rule(kind: int, flag_column: int, first_row: int, last_row: int, last_column: int) -> Rule:
    """Rows ``first_row..last_row`` whose cell in worksheet column ``flag_column`` is TRUE, across
    columns 1..``last_column``.

    >>> flag_rule(1, 11, 2, 9, 12).formula, flag_rule(1, 11, 2, 9, 12).ref
    ('$K2=TRUE', 'A2:L9')
    """
    letter = get_column_letter(flag_column)
    return Rule(first_row, 1, last_row, last_column, f"${letter}{first_row}=TRUE", kind)


def round_rules(
    sheet: SheetOutput,
    first_column: int,
    player_columns: Mapping[str, int],
    first_row: int,
    last_row: int,
) -> list[Rule]:
    """A sheet of one row per round: the winners' cards and our winner columns, green and bold;
    the cards of a player who folded (``9h 5s fold``) grey, as the Summary's legend says.

    ``first_column`` is the worksheet column of ``sheet.table``'s first column and
    ``player_columns`` each player's worksheet column.
    """
    if sheet.winners_column is None or last_row < first_row:
        return []
    winners_index = sheet.table.columns.index(sheet.winners_column)
    winners_column = first_column + winners_index
    winners = f"${get_column_letter(winners_column)}{first_row}"
    rules = []
    for name, column in player_columns.items():
        wanted = f", {name},".replace('"', '""')
        if len(wanted) > MAX_FORMULA_TEXT:  # Excel refuses longer text in a formula
            continue
        found = f'ISNUMBER(FIND("{wanted}",", "&{winners}&","))'
        rules.append(Rule(first_row, column, last_row, column, found, WINNER_ROW))
        # the layout's fold mark (``fold`` or ``folded`` after the cards); = ignores case
        cell = f"TRIM({get_column_letter(column)}{first_row})"
        folded = f'OR(RIGHT({cell},5)=" fold",RIGHT({cell},7)=" folded")'
        rules.append(Rule(first_row, column, last_row, column, folded, FOLD_ROW))
    last = first_column + sheet.table.width - 1
    rules.append(Rule(first_row, winners_column, last_row, last, f'{winners}<>""', WINNER_ROW))
    return rules
