"""Rule 5 of :mod:`pipeline.games.yatzy.score`: a blank ``category`` gets the best category
still free on the player's score sheet, in round order (ties go to the earlier category)."""

from __future__ import annotations

import numpy as np
import polars as pl
from numpy.typing import NDArray

from pipeline.core.yatzy import N_CATEGORIES, N_DICE, best_free_category, score_card
from pipeline.games.yatzy.columns import BLANK_CATEGORY, CATEGORY_CODE, CHOICE_STEP, SCORE_SHEET

__all__ = ["choose_categories", "dice_array"]


def dice_array(dice: pl.Series) -> NDArray[np.int64]:
    """Checked five-dice lists as an ``(n, 5)`` array (every list has five values here).

    >>> dice_array(pl.Series([[1, 2, 3, 4, 5], [6, 6, 6, 6, 6]])).tolist()
    [[1, 2, 3, 4, 5], [6, 6, 6, 6, 6]]
    """
    return dice.explode().to_numpy().astype(np.int64).reshape(-1, N_DICE)


def choose_categories(sheets: pl.DataFrame) -> pl.Series:
    """Codes for every row, the blank ones chosen; ``sheets`` is sorted by sheet, round.

    The choice for a blank row depends on the player's earlier choices, so it runs round by round:
    step ``k`` decides every sheet's ``k``-th blank row at once (at most 15 steps, any rows).
    """
    sheet = sheets.get_column(SCORE_SHEET).to_numpy()
    codes = sheets.get_column(CATEGORY_CODE).fill_null(-1).to_numpy().copy()
    blank = sheets.get_column(BLANK_CATEGORY).to_numpy()
    used = np.zeros((sheet.max(initial=-1) + 1, N_CATEGORIES), dtype=bool)
    used[sheet[~blank], codes[~blank]] = True
    rows = np.flatnonzero(blank)
    if rows.size:
        step = sheets.get_column(CHOICE_STEP).to_numpy()[rows]
        cards = score_card(dice_array(sheets.get_column("dice"))[rows])
        for k in range(int(step.max()) + 1):
            now = step == k  # one row per sheet: the fancy-index assignment below cannot collide
            chosen = best_free_category(cards[now], used[sheet[rows[now]]])
            used[sheet[rows[now]], chosen] = True
            codes[rows[now]] = chosen
    return pl.Series(CATEGORY_CODE, codes, dtype=pl.Int64)
