"""pandera models (polars backend) for Hold'em round sheets, in and out.

:class:`HoldemRows` checks one row per player per round, after a sheet's layout has been mapped
to canonical columns (:mod:`pipeline.games.layouts`): every check is a polars expression, so a
million rows validate without a Python loop, and ``validate(..., lazy=True)`` reports every
failure at once as data (``failure_cases``: column, check, failure_case, index).
:class:`ScoredRows` is the contract of the Parquet file the stats desk reads; it is checked
before every write.

>>> import polars as pl
>>> good = pl.DataFrame({"round": ["1"], "player": ["Ann"], "hole": ["Ah Kh"],
...                      "board": ["2c 3d 4h"], "folded": [None]},
...                     schema_overrides={"folded": pl.String})
>>> HoldemRows.validate(good).height
1
"""

from __future__ import annotations

from typing import Annotated, TypeVar

import pandera.polars as pa
import polars as pl
from pandera.typing.polars import Series

from pipeline.records.betting_rounds import (
    BOARD,
    LATER_STREETS,
    STREET_NAMES,
    STREETS_WITH_CARDS_TO_COME,
)

# One card as the notation module accepts it: rank 2-9 T J Q K A (either case) or 10, then a suit
# c d h s (either case) or a suit symbol, optionally with the emoji variation selector.
CARD_PATTERN = r"(?:[2-9TJQKAtjqka]|10)(?:[cdhsCDHS]|[♣♦♥♠]\x{FE0F}?)"
CARDS_PATTERN = rf"^{CARD_PATTERN}(?:\s+{CARD_PATTERN})*$"
DRAWS_PATTERN = r"^(?:[0-5](?: [0-5])*)?$"
"""``draws``: the cards changed at each draw, space-separated, 0 (stood pat) to 5."""
RUN_BOARDS_PATTERN = r"^[^|]+(?: \| [^|]+)+$"
"""``run_boards``: two or more boards, each its cards space-separated, `` | `` between them."""
HOLE_CARDS = 2
FIVE_CARDS = 5
NET_TOLERANCE = 1e-4
BOARD_SIZES = (0, 3, 4, 5)
FOLDED_TRUE = ("true", "yes", "y", "1", "x", "fold", "folded")
FOLDED_FALSE = ("false", "no", "n", "0", "")


def card_count(column: str) -> pl.Expr:
    """Number of whitespace-separated tokens in a text column (null counts 0)."""
    return pl.col(column).str.count_matches(r"\S+").fill_null(0)


def _expected(data: pa.PolarsData, column: str, default: int) -> pl.Expr:
    """The per-row count a game expects (a column the scorer adds), else ``default``."""
    if column in data.lazyframe.collect_schema().names():
        return pl.col(column)
    return pl.lit(default)


def _legal_cards(data: pa.PolarsData) -> pl.LazyFrame:
    return data.lazyframe.select(pl.col(data.key).str.contains(CARDS_PATTERN).fill_null(True))


class HoldemRows(pa.DataFrameModel):
    """One player in one round: hole cards and the community cards that player saw."""

    round: Series[str] = pa.Field(nullable=False)
    player: Series[str] = pa.Field(nullable=False)
    hole: Series[str] = pa.Field(nullable=False)
    board: Series[str] = pa.Field(nullable=True)
    folded: Series[str] = pa.Field(nullable=True)

    @pa.check("hole", name="legal_cards")
    def hole_cards_are_legal(cls, data: pa.PolarsData) -> pl.LazyFrame:
        """Every hole card is written in card notation."""
        return _legal_cards(data)

    @pa.check("hole", name="hole_card_count")
    def hole_card_count(cls, data: pa.PolarsData) -> pl.LazyFrame:
        """Exactly the game's hole cards: two in Hold'em (``hole_cards_expected`` per row).  In
        a game without a board (stud) a row may hold fewer, the cards it had when its hand ended
        for it, in the order dealt: a folded row, and the one player left in a round that the
        others all folded (the hand won before seventh street, no showdown)."""
        expected = _expected(data, "hole_cards_expected", HOLE_CARDS)
        count = card_count(data.key)
        names = data.lazyframe.collect_schema().names()
        if "board_cards_expected" not in names or "folded" not in names:
            return data.lazyframe.select(count == expected)
        folded = (
            pl.col("folded").str.strip_chars().str.to_lowercase().is_in(FOLDED_TRUE)
        ).fill_null(False)
        round_key = [name for name in ("tournament", "table", "round") if name in names]
        left_alone = ~folded & ((~folded).sum().over(round_key) == 1)
        ended_short = (pl.col("board_cards_expected") == 0) & (folded | left_alone)
        return data.lazyframe.select((count == expected) | (ended_short & (count < expected)))

    @pa.check("board", name="legal_cards")
    def board_cards_are_legal(cls, data: pa.PolarsData) -> pl.LazyFrame:
        """Every community card is written in card notation."""
        return _legal_cards(data)

    @pa.check("board", name="board_size")
    def board_size(cls, data: pa.PolarsData) -> pl.LazyFrame:
        """0 (preflop), 3 (flop), 4 (turn) or 5 (river) community cards, none in a game
        without a board (``board_cards_expected`` per row)."""
        count = card_count(data.key)
        most = _expected(data, "board_cards_expected", max(BOARD_SIZES))
        return data.lazyframe.select(count.is_in(BOARD_SIZES) & (count <= most))

    @pa.check("folded", name="folded_flag")
    def folded_is_a_flag(cls, data: pa.PolarsData) -> pl.LazyFrame:
        """``folded`` reads true or false (yes/no, 1/0, x) when given."""
        accepted = (*FOLDED_TRUE, *FOLDED_FALSE)
        lowered = pl.col(data.key).str.strip_chars().str.to_lowercase()
        return data.lazyframe.select(lowered.is_in(accepted).fill_null(True))

    class Config:
        strict = False  # producers' extra columns ride along untouched


class FiveCardRows(pa.DataFrameModel):
    """One player's five-card hand in one round (the poker hands kata); the five cards are held
    in the canonical ``hole`` column so that Hold'em's round rules and scoring apply unchanged."""

    round: Series[str] = pa.Field(nullable=False)
    player: Series[str] = pa.Field(nullable=False)
    hole: Series[str] = pa.Field(nullable=False)

    @pa.check("hole", name="legal_cards")
    def hand_cards_are_legal(cls, data: pa.PolarsData) -> pl.LazyFrame:
        """Every card is written in card notation."""
        return _legal_cards(data)

    @pa.check("hole", name="five_cards")
    def five_cards(cls, data: pa.PolarsData) -> pl.LazyFrame:
        """Exactly five cards (or the hole cards of the game a row names: an issue either way)."""
        expected = _expected(data, "hole_cards_expected", FIVE_CARDS)
        return data.lazyframe.select(card_count(data.key) == expected)

    class Config:
        strict = False


_TEXT = pl.String()
_FLAG = pl.Boolean()
POKER_PARQUET_SCHEMA: dict[str, pl.DataType] = {
    "source_file": _TEXT, "sheet": _TEXT, "row": pl.Int64(), "tournament": _TEXT,
    "table": _TEXT, "seat": _TEXT, "round": _TEXT, "game": _TEXT, "player": _TEXT,
    "cards": _TEXT, "folded": pl.Boolean(),
    "strength": pl.UInt16(), "hand": _TEXT, "hand_detail": _TEXT, "best_five": _TEXT,
    "hole_used": _TEXT, "rank": pl.UInt32(), "winner": pl.Boolean(), "share": pl.Float64(),
    "low_hand": _TEXT, "low_rank": pl.UInt32(), "low_winner": pl.Boolean(),
    "win_preflop": pl.Float64(),
    "win_flop": pl.Float64(), "win_turn": pl.Float64(), "put_in": pl.Float64(),
    "won": pl.Float64(),
    # a hand is a whole record (issue 29): the log's or the sheet's own facts, then ours
    "site": _TEXT, "played_at": pl.Datetime("us", "UTC"), "time_zone": _TEXT,
    "currency": _TEXT, "small_blind": pl.Float64(), "big_blind": pl.Float64(),
    "ante": pl.Float64(), "format": _TEXT, "buy_in": pl.Float64(), "buy_in_currency": _TEXT,
    "table_size": pl.Int64(), "position": _TEXT, "actions": _TEXT, "net": pl.Float64(),
    "issue_code": _TEXT,
    # the tracker statistics (issue 33: games/poker/stats/tracker_stats.py, docs/statistics.md)
    "vpip": _FLAG, "pfr": _FLAG, "three_bet": _FLAG, "three_bet_chance": _FLAG,
    "fold_to_three_bet": _FLAG, "fold_to_three_bet_chance": _FLAG,
    "four_bet": _FLAG, "four_bet_chance": _FLAG, "steal": _FLAG, "steal_chance": _FLAG,
    "cbet": _FLAG, "cbet_chance": _FLAG, "fold_to_cbet": _FLAG, "fold_to_cbet_chance": _FLAG,
    "saw_flop": _FLAG, "saw_showdown": _FLAG, "won_at_showdown": _FLAG,
    "won_when_saw_flop": _FLAG, "bets": pl.Int64(), "raises": pl.Int64(), "calls": pl.Int64(),
    "all_in": _TEXT, "all_in_ev": pl.Float64(),
    # per street after the flop: the aggression factor's counts, and the street of a fold
    "bets_flop": pl.Int64(), "raises_flop": pl.Int64(), "calls_flop": pl.Int64(),
    "bets_turn": pl.Int64(), "raises_turn": pl.Int64(), "calls_turn": pl.Int64(),
    "bets_river": pl.Int64(), "raises_river": pl.Int64(), "calls_river": pl.Int64(),
    "fold_street": _TEXT,
    # stud's win chance per street (issue 34: games/poker/equity/stud_streets.py, docs/games.md)
    "win_third": pl.Float64(), "win_fourth": pl.Float64(), "win_fifth": pl.Float64(),
    "win_sixth": pl.Float64(),
    # issue 34: the draw games' stand-pat flag, then the counts per street of stud's and the
    # draw games' later streets (docs/statistics.md)
    "stand_pat": _FLAG,
    **{
        f"{count}_{street}": pl.Int64()
        for street in LATER_STREETS
        if street not in BOARD.streets
        for count in ("bets", "raises", "calls")
    },
    # a stud or draw hand's own facts from its log (issue 34: the reader contract's columns)
    "bring_in": pl.Float64(), "small_bet": pl.Float64(), "big_bet": pl.Float64(),
    "up_cards": _TEXT, "draws": _TEXT,
    # issue 32: a board run twice or more, every run's board (the hand's ``board`` the first's)
    "run_boards": _TEXT,
}  # fmt: skip
"""Every poker Parquet file has exactly these columns and types, whatever the input held, so a
season's files scan together (``pl.scan_parquet("out/**/*.poker.parquet")``).  ``game`` is the
canonical name of the poker game (``Hold'em``, ``Omaha``, ``Omaha Hi/Lo``, ``Short Deck``, ...);
``strength`` orders hands within a game only; ``hole_used`` names the hole cards in
``best_five`` (empty when the board plays).  ``share`` is the fraction of the pot the player
wins (1, 1/2, 1/4 quartered; ties split); ``low_hand`` (``8-6-4-2-A``), ``low_rank`` and
``low_winner`` are the low half of a hi/lo game, null in the others and where no low qualifies.
``put_in`` and
``won`` are chips (what the player put into the pots, what the player collected), null for a
source without chips (a round sheet).

The columns from ``site`` on came with issue 29 (see ``docs/outputs.md``): where and when the hand
was played (``played_at`` in UTC, ``time_zone`` as the log wrote it), its money (``currency``,
blinds, ante, ``format`` cash or tournament, ``buy_in``), the table (``table_size``), the
player's ``position`` (:data:`POSITIONS`) and ``actions``, ``net`` (``won - put_in``), and
``issue_code`` (null on a scored row).  The columns from ``vpip`` on are the tracker
statistics (issue 33, ``docs/statistics.md``): booleans null where the player had no chance,
counts of postflop bets, raises and calls, the street of an all-in with cards to come and
``all_in_ev`` (the exact equity then, pot by pot among each pot's contenders, less
``put_in``), then the bets, raises and calls per street after the flop (``bets_flop`` ...
``calls_river``) and ``fold_street`` (the street of a fold).  ``win_third`` to ``win_sixth``
are a stud game's win chance per street in percent (Stud, Stud Hi/Lo, Razz; null in the other
games, as ``win_preflop`` .. ``win_turn`` are in the games without a board).  ``stand_pat`` (a
draw game's player stood pat at the first draw) and the counts per street of stud's fourth to
seventh streets (``bets_fourth`` ... ``calls_seventh``) and the draws' rounds (``bets_draw1``
... ``calls_draw3``) close the list; ``fold_street`` and ``all_in`` name the game's own streets.
The last five are a stud or draw hand's log facts,
null elsewhere (and on a round sheet): ``bring_in`` (stud), ``small_bet`` and ``big_bet`` (a limit
game's bet sizes), ``up_cards`` (stud: the player's face-up cards in the order dealt, known even
where ``cards`` is not) and ``draws`` (the cards changed at each draw, ``2 1 0``).  The last,
``run_boards``, is every runout's whole board of a hand run twice or more, `` | `` between them
(null for a hand run once; ``hand_detail`` then names each run's hand, ``winner`` is true for
a win of any run, ``share`` the player's part of the whole pot).  Files written
before them still scan together with the new ones through :func:`align_to_poker_schema`."""

POSITIONS = ("BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO")
"""A seat's name relative to the button, as PokerTracker and Holdem Manager name them."""
FORMATS = ("cash", "tournament")

_Frame = TypeVar("_Frame", pl.DataFrame, pl.LazyFrame)


def align_to_poker_schema(frame: _Frame) -> _Frame:
    """``frame`` with exactly :data:`POKER_PARQUET_SCHEMA`'s columns, in its order and types: a
    column it lacks is null (a Parquet file written before the column existed), a column it has
    besides is dropped.  A :class:`polars.LazyFrame` stays lazy, so a season scans old and new
    files alike::

        pl.concat(align_to_poker_schema(pl.scan_parquet(path)) for path in paths)

    >>> old = pl.DataFrame({"round": ["1"], "player": ["Ann"], "won": [10.0]})
    >>> aligned = align_to_poker_schema(old)
    >>> aligned.columns == list(POKER_PARQUET_SCHEMA), aligned["played_at"].dtype
    (True, Datetime(time_unit='us', time_zone='UTC'))
    >>> aligned["net"].to_list(), aligned["won"].to_list()
    ([None], [10.0])
    """
    present = set(frame.collect_schema().names())
    return frame.select(
        pl.col(name).cast(dtype) if name in present else pl.lit(None, dtype=dtype).alias(name)
        for name, dtype in POKER_PARQUET_SCHEMA.items()
    )


class ScoredRows(pa.DataFrameModel):
    """The Parquet output: one row per player per round, scored."""

    source_file: Series[str] = pa.Field(nullable=False)
    sheet: Series[str] = pa.Field(nullable=False)
    row: Series[pl.Int64] = pa.Field(nullable=False, ge=0)
    tournament: Series[str] = pa.Field(nullable=True)
    round: Series[str] = pa.Field(nullable=False)
    game: Series[str] = pa.Field(nullable=True)
    player: Series[str] = pa.Field(nullable=False)
    cards: Series[str] = pa.Field(nullable=False)
    folded: Series[bool] = pa.Field(nullable=False)
    strength: Series[pl.UInt16] = pa.Field(nullable=True, le=7461)
    hand: Series[str] = pa.Field(nullable=True)
    hand_detail: Series[str] = pa.Field(nullable=True)
    best_five: Series[str] = pa.Field(nullable=True)
    hole_used: Series[str] = pa.Field(nullable=True)
    rank: Series[pl.UInt32] = pa.Field(nullable=True, ge=1)
    winner: Series[bool] = pa.Field(nullable=False)
    share: Series[float] = pa.Field(nullable=True, ge=0, le=1)
    low_hand: Series[str] = pa.Field(nullable=True)
    low_rank: Series[pl.UInt32] = pa.Field(nullable=True, ge=1)
    low_winner: Series[bool] = pa.Field(nullable=True)
    table: Series[str] = pa.Field(nullable=True)
    seat: Series[str] = pa.Field(nullable=True)
    win_preflop: Series[float] = pa.Field(nullable=True, ge=0, le=100)
    win_flop: Series[float] = pa.Field(nullable=True, ge=0, le=100)
    win_turn: Series[float] = pa.Field(nullable=True, ge=0, le=100)
    put_in: Series[float] = pa.Field(nullable=True)
    won: Series[float] = pa.Field(nullable=True)
    site: Series[str] = pa.Field(nullable=True)
    played_at: Series[Annotated[pl.Datetime, "us", "UTC"]] = pa.Field(nullable=True)
    time_zone: Series[str] = pa.Field(nullable=True)
    currency: Series[str] = pa.Field(nullable=True)
    small_blind: Series[float] = pa.Field(nullable=True, ge=0)
    big_blind: Series[float] = pa.Field(nullable=True, ge=0)
    ante: Series[float] = pa.Field(nullable=True, ge=0)
    format: Series[str] = pa.Field(nullable=True, isin=FORMATS)
    buy_in: Series[float] = pa.Field(nullable=True, ge=0)
    buy_in_currency: Series[str] = pa.Field(nullable=True)
    table_size: Series[pl.Int64] = pa.Field(nullable=True, ge=1)
    position: Series[str] = pa.Field(nullable=True, isin=POSITIONS)
    actions: Series[str] = pa.Field(nullable=True)
    net: Series[float] = pa.Field(nullable=True)
    issue_code: Series[str] = pa.Field(nullable=True)
    vpip: Series[bool] = pa.Field(nullable=True)
    pfr: Series[bool] = pa.Field(nullable=True)
    three_bet: Series[bool] = pa.Field(nullable=True)
    three_bet_chance: Series[bool] = pa.Field(nullable=True)
    fold_to_three_bet: Series[bool] = pa.Field(nullable=True)
    fold_to_three_bet_chance: Series[bool] = pa.Field(nullable=True)
    four_bet: Series[bool] = pa.Field(nullable=True)
    four_bet_chance: Series[bool] = pa.Field(nullable=True)
    steal: Series[bool] = pa.Field(nullable=True)
    steal_chance: Series[bool] = pa.Field(nullable=True)
    cbet: Series[bool] = pa.Field(nullable=True)
    cbet_chance: Series[bool] = pa.Field(nullable=True)
    fold_to_cbet: Series[bool] = pa.Field(nullable=True)
    fold_to_cbet_chance: Series[bool] = pa.Field(nullable=True)
    saw_flop: Series[bool] = pa.Field(nullable=True)
    saw_showdown: Series[bool] = pa.Field(nullable=True)
    won_at_showdown: Series[bool] = pa.Field(nullable=True)
    won_when_saw_flop: Series[bool] = pa.Field(nullable=True)
    bets: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    raises: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    calls: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    all_in: Series[str] = pa.Field(nullable=True, isin=STREETS_WITH_CARDS_TO_COME)
    all_in_ev: Series[float] = pa.Field(nullable=True)
    bets_flop: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    raises_flop: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    calls_flop: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    bets_turn: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    raises_turn: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    calls_turn: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    bets_river: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    raises_river: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    calls_river: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    fold_street: Series[str] = pa.Field(nullable=True, isin=STREET_NAMES)
    win_third: Series[float] = pa.Field(nullable=True, ge=0, le=100)
    win_fourth: Series[float] = pa.Field(nullable=True, ge=0, le=100)
    win_fifth: Series[float] = pa.Field(nullable=True, ge=0, le=100)
    win_sixth: Series[float] = pa.Field(nullable=True, ge=0, le=100)
    stand_pat: Series[bool] = pa.Field(nullable=True)
    bets_fourth: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    raises_fourth: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    calls_fourth: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    bets_fifth: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    raises_fifth: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    calls_fifth: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    bets_sixth: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    raises_sixth: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    calls_sixth: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    bets_seventh: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    raises_seventh: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    calls_seventh: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    bets_draw1: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    raises_draw1: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    calls_draw1: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    bets_draw2: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    raises_draw2: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    calls_draw2: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    bets_draw3: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    raises_draw3: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    calls_draw3: Series[pl.Int64] = pa.Field(nullable=True, ge=0)
    bring_in: Series[float] = pa.Field(nullable=True, ge=0)
    small_bet: Series[float] = pa.Field(nullable=True, ge=0)
    big_bet: Series[float] = pa.Field(nullable=True, ge=0)
    up_cards: Series[str] = pa.Field(nullable=True)
    draws: Series[str] = pa.Field(nullable=True, str_matches=DRAWS_PATTERN)
    run_boards: Series[str] = pa.Field(nullable=True, str_matches=RUN_BOARDS_PATTERN)

    @pa.dataframe_check(name="net_is_won_less_put_in")
    def net_is_won_less_put_in(cls, data: pa.PolarsData) -> pl.LazyFrame:
        """``net`` is ``won - put_in`` wherever all three are known (to a cent's hundredth:
        amounts are decimals held as floats)."""
        difference = (pl.col("net") - (pl.col("won") - pl.col("put_in"))).abs()
        return data.lazyframe.select((difference < NET_TOLERANCE).fill_null(True))

    @pa.dataframe_check(name="folds_are_unranked")
    def folds_are_unranked(cls, data: pa.PolarsData) -> pl.LazyFrame:
        """A player who folded has no rank."""
        return data.lazyframe.select(~pl.col("folded") | pl.col("rank").is_null())

    @pa.dataframe_check(name="first_place_wins")
    def first_place_wins(cls, data: pa.PolarsData) -> pl.LazyFrame:
        """Every hand in place 1 wins; a lower place wins only what it collected (a side pot:
        a share of the pot)."""
        first = pl.col("rank") == 1
        collected = pl.col("share").fill_null(0) > 0
        return data.lazyframe.select(
            pl.col("rank").is_null()
            | (first & pl.col("winner"))
            | (~first & (~pl.col("winner") | collected))
        )

    class Config:
        strict = True
