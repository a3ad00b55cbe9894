"""pandera model (polars backend) of the Parquet rows of a scored Yatzy night.

>>> import polars as pl
>>> row = pl.DataFrame({"source_file": ["n.csv"], "sheet": ["n"], "row": [2], "game": [None],
...     "round": [1], "player": ["Ann"], "dice": ["1 1 2 4 4"], "category": ["Fours"],
...     "category_chosen": [False], "score": [8], "total": [8], "rank": [1], "winner": [True]},
...     schema_overrides={"game": pl.String})
>>> YatzyScoredRows.validate(row).height
1
"""

from __future__ import annotations

import pandera.polars as pa
import polars as pl
from pandera.typing.polars import Series

from pipeline.core.yatzy import CATEGORY_NAMES, UPPER_BONUS

_TEXT = pl.String()
YATZY_PARQUET_SCHEMA: dict[str, pl.DataType] = {
    "source_file": _TEXT, "sheet": _TEXT, "row": pl.Int64(), "game": _TEXT,
    "round": pl.Int64(), "player": _TEXT, "dice": _TEXT, "category": _TEXT,
    "category_chosen": pl.Boolean(), "score": pl.Int64(), "total": pl.Int64(),
    "rank": pl.Int64(), "winner": pl.Boolean(),
}  # fmt: skip
"""Every Yatzy Parquet file has exactly these columns and types."""


class YatzyScoredRows(pa.DataFrameModel):
    """One player's roll in one round of a game, scored."""

    source_file: Series[str] = pa.Field(nullable=False)
    sheet: Series[str] = pa.Field(nullable=False)
    row: Series[pl.Int64] = pa.Field(nullable=False, ge=0)
    game: Series[str] = pa.Field(nullable=True)
    round: Series[pl.Int64] = pa.Field(nullable=False, ge=1)
    player: Series[str] = pa.Field(nullable=False)
    dice: Series[str] = pa.Field(nullable=False, str_matches=r"^[1-6]( [1-6]){4}$")
    category: Series[str] = pa.Field(nullable=False, isin=list(CATEGORY_NAMES))
    category_chosen: Series[bool] = pa.Field(nullable=False)
    score: Series[pl.Int64] = pa.Field(nullable=False, ge=0, le=50)
    total: Series[pl.Int64] = pa.Field(nullable=False, ge=0, le=374 + UPPER_BONUS)
    rank: Series[pl.Int64] = pa.Field(nullable=False, ge=1)
    winner: Series[bool] = pa.Field(nullable=False)

    class Config:
        strict = True
