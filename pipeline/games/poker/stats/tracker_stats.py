"""The tracker statistics, per player and hand, from the ``actions`` column (issue 33).

Each statistic is a column computed once here, into the poker Parquet; a season, or anyone's
polars or DuckDB query, adds the columns up.  A percentage is ``sum(stat) / sum(chance)``: a
boolean statistic is null where the player had no chance to do it (and its ``*_chance`` column
is false), so ``pl.col("vpip").mean()`` is already the tracker's VPIP.  The definitions follow
PokerTracker 4's (``docs/statistics.md`` has them, with a worked hand each).

The computation is vectorised: every token of ``actions`` (``<seq>.<verb><amount>[!]``,
``docs/hand-histories.md``) becomes one event row, the events of a hand are put back in the
hand's own order by their sequence number, and the state each statistic needs (raises so far
on the street, who raised first and last before the flop, who bet the flop first) comes from
cumulative sums and first/last values over the hand.  The readable scalar reference that walks
each hand's actions one by one lives in ``tests/games/tracker_stats_reference.py``; the two agree
on every hand of the public PokerStars corpus.

>>> rows = pl.DataFrame({
...     "round": ["1", "1", "1"], "player": ["Ann", "Bob", "Cy"],
...     "position": ["BTN", "SB", "BB"],
...     "actions": ["3.c2 6.r8", "1.sb1 4.f", "2.bb2 5.x 7.f"],
...     "won": [5.0, 0.0, 0.0],
... })
>>> stats = with_tracker_stats(rows, hand=("round",))
>>> for row in stats.select("player", "vpip", "pfr", "three_bet_chance", "steal").rows():
...     print(row)
('Ann', True, True, False, False)
('Bob', False, False, False, None)
('Cy', False, False, True, None)
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

STREETS = ("preflop", "flop", "turn", "river")
"""The streets of a board game, in the order ``actions`` writes them (``/`` apart)."""
POSTFLOP = (1, 2, 3)
"""The streets whose bets, raises and calls count for the aggression factor: flop, turn, river
(PokerTracker's "total" AF counts postflop only)."""
STEAL_POSITIONS = ("CO", "BTN", "SB")
HAND = ("source_file", "sheet", "tournament", "table", "round")
"""The columns naming one hand in the Parquet."""

TRACKER_STATS: dict[str, pl.DataType] = {
    "vpip": pl.Boolean(), "pfr": pl.Boolean(),
    "three_bet": pl.Boolean(), "three_bet_chance": pl.Boolean(),
    "fold_to_three_bet": pl.Boolean(), "fold_to_three_bet_chance": pl.Boolean(),
    "four_bet": pl.Boolean(), "four_bet_chance": pl.Boolean(),
    "steal": pl.Boolean(), "steal_chance": pl.Boolean(),
    "cbet": pl.Boolean(), "cbet_chance": pl.Boolean(),
    "fold_to_cbet": pl.Boolean(), "fold_to_cbet_chance": pl.Boolean(),
    "saw_flop": pl.Boolean(), "saw_showdown": pl.Boolean(), "won_at_showdown": pl.Boolean(),
    "won_when_saw_flop": pl.Boolean(),
    "bets": pl.Int64(), "raises": pl.Int64(), "calls": pl.Int64(),
    "all_in": pl.String(),
}  # fmt: skip
"""The statistics' columns and types, in the order the Parquet appends them."""
STREET_ACTIONS: dict[str, pl.DataType] = {
    f"{count}_{STREETS[street]}": pl.Int64()
    for street in POSTFLOP
    for count in ("bets", "raises", "calls")
} | {"fold_street": pl.String()}
"""Per street after the flop, the player's bets, raises and calls (``bets_flop`` ...
``calls_river``: the aggression factor per street), and the street the player folded on
(``fold_street``, null when they did not): the Parquet's last columns, after ``all_in_ev``."""

VOLUNTARY = ("f", "x", "c", "b", "r")
"""Verbs that are a decision (posts and the showdown's ``sd`` are not)."""
TOKEN = r"^(\d+)\.([a-z]+)([0-9.]*)(?:\[[^\]]*\])?(!?)$"

# Expression building blocks over the event rows.
_VERB = pl.col("verb")
_AGGRESSIVE = _VERB.is_in(["b", "r"])
_PREFLOP = pl.col("street") == 0
_FLOP = pl.col("street") == 1


def tracker_events(rows: pl.DataFrame, hand: Sequence[str] = HAND) -> pl.DataFrame:
    """One row per token of ``actions``: ``_row`` (the row it came from), the hand's
    columns, ``street`` (0 preflop ... 3 river), ``seq``, ``verb``, ``all_in``, in the
    hand's order.  Rows without actions give no events.

    >>> rows = pl.DataFrame({"round": ["1"], "actions": ["1.sb50 5.r300 / 8.b400 10.c1200! /"]})
    >>> tracker_events(rows, hand=("round",)).select("street", "seq", "verb", "all_in").rows()
    [(0, 1, 'sb', False), (0, 5, 'r', False), (1, 8, 'b', False), (1, 10, 'c', True)]
    """
    streets = (
        rows.select(*hand, "actions")
        .with_row_index("_row")
        .filter(pl.col("actions").is_not_null())
        .with_columns(pl.col("actions").str.split("/").alias("token"))
        .with_columns(pl.int_ranges(pl.col("token").list.len()).alias("street"))
        .explode("token", "street")
    )
    tokens = (
        streets.with_columns(pl.col("token").str.strip_chars().str.split(" "))
        .explode("token")
        .filter(pl.col("token") != "")
    )
    parts = pl.col("token").str.extract_groups(TOKEN)
    return (
        tokens.with_columns(parts.alias("parts"))
        .select(
            "_row",
            *hand,
            pl.col("street").cast(pl.Int64),
            pl.col("parts").struct.field("1").cast(pl.Int64).alias("seq"),
            pl.col("parts").struct.field("2").alias("verb"),
            (pl.col("parts").struct.field("4") == "!").alias("all_in"),
        )
        .sort(*hand, "seq", nulls_last=True, maintain_order=True)
    )


def _per_event(events: pl.DataFrame, hand: Sequence[str]) -> pl.DataFrame:
    """The hand's state at each event, then the flags each statistic reads."""
    street = [*hand, "street"]
    row = pl.col("_row")
    aggressive_before = (_AGGRESSIVE.cast(pl.Int64).cum_sum() - _AGGRESSIVE.cast(pl.Int64)).over(
        street
    )
    calls_before = ((_VERB == "c").cast(pl.Int64).cum_sum() - (_VERB == "c").cast(pl.Int64)).over(
        street
    )
    preflop_raise = _PREFLOP & _AGGRESSIVE
    flop_bet = _FLOP & _AGGRESSIVE
    state = events.with_columns(
        aggressive_before.alias("aggressive_before"),
        calls_before.alias("calls_before"),
        row.filter(preflop_raise).first().over(hand).alias("opener"),
        row.filter(preflop_raise).last().over(hand).alias("aggressor"),
        row.filter(flop_bet).first().over(hand).alias("flop_bettor"),
        _VERB.filter(flop_bet).first().over(hand).alias("flop_bet_verb"),
        _VERB.is_in(VOLUNTARY).alias("decision"),
    )
    # A player's decisions before the flop, in order: the first one after their own opening
    # raise is where they faced (or not) a 3-bet.
    opener_next = (
        (row == pl.col("opener"))
        & _PREFLOP
        & pl.col("decision")
        & (pl.col("aggressive_before") > 0)
    )
    decision = pl.col("decision")
    facing = pl.col("aggressive_before")
    cbet_made = (pl.col("flop_bettor") == pl.col("aggressor")) & (pl.col("flop_bet_verb") == "b")
    return state.select(
        "_row",
        "street",
        "all_in",
        (_PREFLOP & _VERB.is_in(["c", "b", "r"])).alias("vpip"),
        (_PREFLOP & decision).alias("vpip_chance"),
        preflop_raise.alias("pfr"),
        (_PREFLOP & decision & (facing == 1)).alias("three_bet_chance"),
        (_PREFLOP & _AGGRESSIVE & (facing == 1)).alias("three_bet"),
        (opener_next & (facing == 2)).alias("fold_to_three_bet_chance"),
        (opener_next & (facing == 2) & (_VERB == "f")).alias("fold_to_three_bet"),
        (_PREFLOP & decision & (facing == 2)).alias("four_bet_chance"),
        (_PREFLOP & _AGGRESSIVE & (facing == 2)).alias("four_bet"),
        (_PREFLOP & decision & (facing == 0) & (pl.col("calls_before") == 0)).alias("first_in"),
        (_FLOP & decision & (facing == 0) & (row == pl.col("aggressor"))).alias("cbet_chance"),
        (_FLOP & (_VERB == "b") & (facing == 0) & (row == pl.col("aggressor"))).alias("cbet"),
        (_FLOP & decision & (facing == 1) & cbet_made & (row != pl.col("aggressor"))).alias(
            "fold_to_cbet_chance"
        ),
        (_FLOP & (_VERB == "f") & (facing == 1) & cbet_made & (row != pl.col("aggressor"))).alias(
            "fold_to_cbet"
        ),
        (pl.col("street").is_in(POSTFLOP) & (_VERB == "b")).alias("bet"),
        (pl.col("street").is_in(POSTFLOP) & (_VERB == "r")).alias("raise"),
        (pl.col("street").is_in(POSTFLOP) & (_VERB == "c")).alias("call"),
        (_VERB == "f").alias("fold"),
    )


def _when(chance: str, stat: str) -> list[pl.Expr]:
    """``stat`` null where ``chance`` is false, and ``chance`` itself."""
    return [
        pl.when(pl.col(chance)).then(pl.col(stat)).alias(stat),
        pl.col(chance),
    ]


def with_tracker_stats(rows: pl.DataFrame, hand: Sequence[str] = HAND) -> pl.DataFrame:
    """``rows`` (one per player and hand, with ``actions``, ``position`` and ``won``) with
    :data:`TRACKER_STATS` and :data:`STREET_ACTIONS` appended: null on a row without actions
    (a round sheet), booleans null where the player had no chance.  A hand column ``rows`` lacks
    is taken as one value.
    """
    named = [name for name in hand if name in rows.columns]
    if "actions" not in rows.columns or rows["actions"].null_count() == rows.height:
        return rows.with_columns(
            pl.lit(None, dtype=dtype).alias(name)
            for name, dtype in (TRACKER_STATS | STREET_ACTIONS).items()
        )
    # one integer per hand: sorting and windows over it are several times faster than over
    # the hand's text columns
    key = pl.struct(named).rank("dense") if named else pl.lit(0, pl.UInt32)
    keyed = rows.with_columns(key.alias("_hand"))
    hand = ["_hand"]
    flags = _per_event(tracker_events(keyed, hand), hand)
    per_row = flags.group_by("_row").agg(
        *(
            pl.col(name).any()
            for name in (
                "vpip",
                "vpip_chance",
                "pfr",
                "three_bet",
                "three_bet_chance",
                "fold_to_three_bet",
                "fold_to_three_bet_chance",
                "four_bet",
                "four_bet_chance",
                "cbet",
                "cbet_chance",
                "fold_to_cbet",
                "fold_to_cbet_chance",
                "fold",
            )
        ),
        # a decision before the flop when nobody had raised or called: a steal's chance
        pl.col("first_in").any(),
        pl.col("pfr").filter(pl.col("first_in")).first().alias("steal_raise"),
        pl.col("street").max().alias("last_street"),
        pl.col("bet").sum().alias("bets"),
        pl.col("raise").sum().alias("raises"),
        pl.col("call").sum().alias("calls"),
        pl.col("street").filter(pl.col("all_in")).first().alias("all_in_street"),
        *(
            pl.col(flag).filter(pl.col("street") == street).sum().alias(f"{count}_{name}")
            for street in POSTFLOP
            for flag, count, name in (
                ("bet", "bets", STREETS[street]),
                ("raise", "raises", STREETS[street]),
                ("call", "calls", STREETS[street]),
            )
        ),
        pl.col("street").filter(pl.col("fold")).first().alias("_fold_street"),
    )
    position = pl.col("position") if "position" in rows.columns else pl.lit(None, pl.String)
    won = pl.col("won") if "won" in rows.columns else pl.lit(None, pl.Float64)
    joined = keyed.with_row_index("_row").join(per_row, on="_row", how="left")
    has = pl.col("actions").is_not_null()
    # every street a player's string reaches was dealt while the player was in (the notation
    # leaves out the streets after a fold), so two streets or more: the player saw the flop
    streets = pl.col("actions").str.count_matches("/") + 1
    still_in = has & ~pl.col("fold").fill_null(False)
    showdown = still_in & (still_in.cast(pl.Int64).sum().over(hand) >= 2)
    saw_flop = pl.when(has).then(streets >= 2)
    with_flags = joined.with_columns(
        pl.when(has).then(pl.col("vpip_chance").fill_null(False)).alias("vpip_chance"),
        saw_flop.alias("saw_flop"),
        showdown.alias("showdown"),
        (position.is_in(STEAL_POSITIONS).fill_null(False) & pl.col("first_in")).alias(
            "steal_chance"
        ),
    )
    stats = with_flags.with_columns(
        pl.when(pl.col("vpip_chance")).then(pl.col("vpip")).alias("vpip"),
        pl.when(pl.col("vpip_chance")).then(pl.col("pfr")).alias("pfr"),
        *_when("three_bet_chance", "three_bet"),
        *_when("fold_to_three_bet_chance", "fold_to_three_bet"),
        *_when("four_bet_chance", "four_bet"),
        pl.when(pl.col("steal_chance")).then(pl.col("steal_raise")).alias("steal"),
        pl.when(has).then(pl.col("steal_chance")).alias("steal_chance"),
        *_when("cbet_chance", "cbet"),
        *_when("fold_to_cbet_chance", "fold_to_cbet"),
        pl.when(pl.col("saw_flop")).then(pl.col("showdown")).alias("saw_showdown"),
        pl.when(pl.col("saw_flop") & pl.col("showdown"))
        .then(won.fill_null(0) > 0)
        .alias("won_at_showdown"),
        pl.when(pl.col("saw_flop")).then(won.fill_null(0) > 0).alias("won_when_saw_flop"),
        pl.when(pl.col("showdown") & (pl.col("all_in_street") < len(STREETS) - 1))
        .then(
            pl.col("all_in_street").replace_strict(
                list(range(len(STREETS))), list(STREETS), return_dtype=pl.String
            )
        )
        .alias("all_in"),
        pl.col("_fold_street")
        .replace_strict(list(range(len(STREETS))), list(STREETS), return_dtype=pl.String)
        .alias("fold_street"),
    )
    added = TRACKER_STATS | STREET_ACTIONS
    return stats.select(
        *(name for name in rows.columns if name not in added),
        *(pl.col(name).cast(dtype) for name, dtype in added.items()),
    )
