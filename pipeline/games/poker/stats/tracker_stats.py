"""The tracker statistics, per player and hand, from the ``actions`` column (issues 33, 34).

Each statistic is a column computed once here, into the poker Parquet; a season, or anyone's
polars or DuckDB query, adds the columns up.  A percentage is ``sum(stat) / sum(chance)``: a
boolean statistic is null where the player had no chance to do it (and its ``*_chance`` column
is false), so ``pl.col("vpip").mean()`` is already the tracker's VPIP.  The definitions follow
PokerTracker 4's for the board games, and the same definitions on stud's and the draw games'
betting rounds (:mod:`pipeline.records.betting_rounds`: third street or the predraw round is the
first; completing stud's bring-in is its first full bet), checked against fpdb's stud handling
(``docs/statistics.md`` has them, with a worked hand each).

The computation is vectorised: every token of ``actions`` (``<seq>.<verb><amount>[!]``,
``docs/hand-histories.md``) becomes one event row, the events of a hand are put back in the
hand's own order by their sequence number, and the state each statistic needs (raises so far
on the street, who raised first and last on the first street, who bet the second street first)
comes from cumulative sums and first/last values over the hand.  The readable scalar reference
that walks each hand's actions one by one lives in ``tests/games/tracker_stats_reference.py``;
the two agree on every hand of the public PokerStars corpus and on random stud and draw hands.

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

In Razz, the bring-in (Bob) is no voluntary money and no steal seat; Ann folds and Cy, last to
act, completes first in: a steal.

>>> razz = pl.DataFrame({
...     "round": ["2"] * 3, "player": ["Ann", "Bob", "Cy"], "game": ["Razz"] * 3,
...     "actions": ["1.ante1 5.f", "2.ante1 4.bi1 7.f", "3.ante1 6.r2"],
...     "won": [0.0, 0.0, 5.0],
... })
>>> razz_stats = with_tracker_stats(razz, hand=("round",))
>>> for row in razz_stats.select("player", "vpip", "pfr", "steal_chance", "steal").rows():
...     print(row)
('Ann', False, False, True, False)
('Bob', False, False, False, None)
('Cy', True, True, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from pipeline.records.betting_rounds import (
    BETTING,
    BETTINGS,
    BOARD,
    LAST_TO_ACT,
    LATER_STREETS,
)

STREETS = BOARD.streets
"""The streets of a board game, in the order ``actions`` writes them (``/`` apart)."""
STEAL_POSITIONS = ("CO", "BTN", "SB")
"""The late seats a board or draw game's steal is raised from (PokerTracker's)."""
STEAL_SEATS_FROM_LAST = 3
"""Stud's late seats: the last three to act on third street before the bring-in acts again
(fpdb's stud steal positions); the bring-in's own seat is never one."""
COUNTS = ("bets", "raises", "calls")
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
    f"{count}_{street}": pl.Int64() for street in STREETS[1:] for count in COUNTS
} | {"fold_street": pl.String()}
"""Per street after the flop, the player's bets, raises and calls (``bets_flop`` ...
``calls_river``: the aggression factor per street; null in a stud or draw game's rows), and the
street the player folded on (``fold_street``, in the game's own street names: ``third``,
``predraw``, ...; null when they did not): after ``all_in_ev`` in the Parquet."""
STUD_DRAW_STATS: dict[str, pl.DataType] = {"stand_pat": pl.Boolean()} | {
    f"{count}_{street}": pl.Int64()
    for street in LATER_STREETS
    if street not in STREETS
    for count in COUNTS
}
"""Issue 34's: ``stand_pat`` (a draw game's player stood pat at the first draw; null where the
player did not reach it, and in the other games), then the counts per street of stud's fourth
to seventh streets (``bets_fourth`` ... ``calls_seventh``) and the draws' rounds
(``bets_draw1`` ... ``calls_draw3``), null in another game's rows: the Parquet's last columns."""

VOLUNTARY = ("f", "x", "c", "b", "r")
"""Verbs that are a decision (posts and the showdown's ``sd`` are not)."""
TOKEN = r"^(\d+)\.([a-z]+)([0-9.]*)(?:\[[^\]]*\])?(!?)$"

# Expression building blocks over the event rows.
_VERB = pl.col("verb")
_AGGRESSIVE = _VERB.is_in(["b", "r"])
_PREFLOP = pl.col("street") == 0
"""The first betting round: preflop, third street, predraw."""
_FLOP = pl.col("street") == 1
"""The second: the flop, fourth street, the first draw."""
_OPENING = "_opening"
"""The hand's full bets in before the first decision (the big blind: 1; stud's bring-in: 0)."""


def tracker_events(
    rows: pl.DataFrame, hand: Sequence[str] = HAND, carry: Sequence[str] = ()
) -> pl.DataFrame:
    """One row per token of ``actions``: ``_row`` (the row it came from), the hand's
    columns, ``street`` (0 the first street: preflop, third street, predraw), ``seq``,
    ``verb``, ``amount`` (as written: a raise's street total, a bet's, a call's or a post's
    chips; null where none), ``all_in``, then the ``carry`` columns of the row, in the hand's
    order.  Rows without actions give no events.

    >>> rows = pl.DataFrame({"round": ["1"], "actions": ["1.sb50 5.r300 / 8.b400 10.c1200! /"]})
    >>> events = tracker_events(rows, hand=("round",))
    >>> events.select("street", "seq", "verb", "all_in").rows()
    [(0, 1, 'sb', False), (0, 5, 'r', False), (1, 8, 'b', False), (1, 10, 'c', True)]
    """
    streets = (
        rows.select(*hand, *carry, "actions")
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
            pl.col("parts").struct.field("3").cast(pl.Float64, strict=False).alias("amount"),
            (pl.col("parts").struct.field("4") == "!").alias("all_in"),
            *carry,
        )
        .sort(*hand, "seq", nulls_last=True, maintain_order=True)
    )


def _per_event(events: pl.DataFrame, hand: Sequence[str]) -> pl.DataFrame:
    """The hand's state at each event, then the flags each statistic reads."""
    street = [*hand, "street"]
    row = pl.col("_row")
    if _OPENING not in events.columns:
        events = events.with_columns(pl.lit(1).alias(_OPENING))
    aggressive_before = (_AGGRESSIVE.cast(pl.Int64).cum_sum() - _AGGRESSIVE.cast(pl.Int64)).over(
        street
    )
    calls_before = ((_VERB == "c").cast(pl.Int64).cum_sum() - (_VERB == "c").cast(pl.Int64)).over(
        street
    )
    preflop_raise = _PREFLOP & _AGGRESSIVE
    flop_bet = _FLOP & _AGGRESSIVE
    # full bets in when the player acts: the big blind counts as the first (stud's bring-in
    # does not, so its completion is the first); the opener made the second
    bets_in = pl.col("aggressive_before") + pl.col(_OPENING)
    events = _with_may_raise(events, hand).with_columns(
        aggressive_before.alias("aggressive_before")
    )
    state = events.with_columns(
        calls_before.alias("calls_before"),
        row.filter(preflop_raise & (bets_in == 1)).first().over(hand).alias("opener"),
        row.filter(preflop_raise).last().over(hand).alias("aggressor"),
        row.filter(flop_bet).first().over(hand).alias("flop_bettor"),
        _VERB.filter(flop_bet).first().over(hand).alias("flop_bet_verb"),
        _VERB.is_in(VOLUNTARY).alias("decision"),
    )
    # A player's decisions on the first street, in order: the first one after their own
    # opening raise is where they faced (or not) a 3-bet.
    opener_next = (row == pl.col("opener")) & _PREFLOP & pl.col("decision") & (bets_in > 1)
    decision = pl.col("decision")
    facing = pl.col("aggressive_before")
    cbet_made = (pl.col("flop_bettor") == pl.col("aggressor")) & (pl.col("flop_bet_verb") == "b")
    return state.select(
        "_row",
        "street",
        "seq",
        "all_in",
        (_PREFLOP & _VERB.is_in(["c", "b", "r"])).alias("vpip"),
        (_PREFLOP & decision).alias("vpip_chance"),
        preflop_raise.alias("pfr"),
        (_PREFLOP & decision & (bets_in == 2) & pl.col("may_raise")).alias("three_bet_chance"),
        (_PREFLOP & _AGGRESSIVE & (bets_in == 2)).alias("three_bet"),
        (opener_next & (bets_in == 3)).alias("fold_to_three_bet_chance"),
        (opener_next & (bets_in == 3) & (_VERB == "f")).alias("fold_to_three_bet"),
        (_PREFLOP & decision & (bets_in == 3) & pl.col("may_raise")).alias("four_bet_chance"),
        (_PREFLOP & _AGGRESSIVE & (bets_in == 3)).alias("four_bet"),
        (_PREFLOP & (decision | (_VERB == "bi"))).alias("acts_first_street"),
        pl.when(_FLOP & (_VERB == "dr")).then(pl.col("amount")).alias("first_draw"),
        (_PREFLOP & decision & (facing == 0) & (pl.col("calls_before") == 0)).alias("first_in"),
        (_FLOP & decision & (facing == 0) & (row == pl.col("aggressor"))).alias("cbet_chance"),
        (_FLOP & (_VERB == "b") & (facing == 0) & (row == pl.col("aggressor"))).alias("cbet"),
        (_FLOP & decision & (facing == 1) & cbet_made & (row != pl.col("aggressor"))).alias(
            "fold_to_cbet_chance"
        ),
        (_FLOP & (_VERB == "f") & (facing == 1) & cbet_made & (row != pl.col("aggressor"))).alias(
            "fold_to_cbet"
        ),
        ((pl.col("street") >= 1) & (_VERB == "b")).alias("bet"),
        ((pl.col("street") >= 1) & (_VERB == "r")).alias("raise"),
        ((pl.col("street") >= 1) & (_VERB == "c")).alias("call"),
        (_VERB == "f").alias("fold"),
    )


def _with_may_raise(events: pl.DataFrame, hand: Sequence[str]) -> pl.DataFrame:
    """``events`` with ``may_raise``: whether the player may raise at this event, that is their
    first decision on the street, or a full bet or raise came after their last one (a short
    all-in raise does not reopen the betting).

    A bet or raise not marked all-in is full (the site took it as one).  An all-in one is full
    when its increment over the street's highest total so far is at least the largest
    increment before it on the street and the big blind (the hand's ``bb`` post; none, as in
    stud: at least the largest increment; stud's bring-in is a street total as a blind is).
    Short all-ins are not added up.  So only a street with an all-in bet or raise can close the
    betting to anyone: the windows run over those streets alone.
    """
    street = [*hand, "street"]
    indexed = events.with_row_index("_event")
    opened = indexed.filter(_AGGRESSIVE & pl.col("all_in")).select(street).unique()
    subset = indexed.join(opened, on=street, how="semi", maintain_order="left")
    if subset.is_empty():
        return events.with_columns(pl.lit(True).alias("may_raise"))
    counted = _VERB.is_in(["sb", "bb", "st", "bi", "b", "r"]) & pl.col("amount").is_not_null()
    # a street total: a raise is "to", a bet is its size (nothing in before it on the street)
    total = pl.when(counted).then(pl.col("amount")).otherwise(0.0)
    with_increment = subset.with_columns(
        pl.when(_AGGRESSIVE)
        .then(total - total.cum_max().shift(1, fill_value=0.0).over(street))
        .alias("_increment"),
        pl.col("amount").filter(_VERB == "bb").max().over(hand).fill_null(0.0).alias("_bb"),
    )
    largest_before = pl.col("_increment").fill_null(0.0).cum_max().shift(1, fill_value=0.0)
    full = _AGGRESSIVE & (
        ~pl.col("all_in")
        | (pl.col("_increment") >= pl.max_horizontal(largest_before.over(street), pl.col("_bb")))
    )
    with_full = with_increment.with_columns(full.cast(pl.Int64).alias("_full"))
    with_counts = with_full.with_columns(
        (pl.col("_full").cum_sum() - pl.col("_full")).over(street).alias("_full_before")
    )
    # the full raises up to the player's previous decision on the street (null: none yet)
    decided = pl.when(_VERB.is_in(VOLUNTARY)).then(pl.col("_full_before") + pl.col("_full"))
    previous = decided.shift(1).forward_fill().over([*street, "_row"])
    closed = with_counts.select(
        "_event", (previous.is_null() | (pl.col("_full_before") > previous)).alias("may_raise")
    )
    return (
        indexed.join(closed, on="_event", how="left", maintain_order="left")
        .with_columns(pl.col("may_raise").fill_null(True))
        .drop("_event")
    )


def _when(chance: str, stat: str) -> list[pl.Expr]:
    """``stat`` null where ``chance`` is false, and ``chance`` itself."""
    return [
        pl.when(pl.col(chance)).then(pl.col(stat)).alias(stat),
        pl.col(chance),
    ]


def with_tracker_stats(rows: pl.DataFrame, hand: Sequence[str] = HAND) -> pl.DataFrame:
    """``rows`` (one per player and hand, with ``actions``, ``position`` and ``won``; ``game``
    names each hand's betting, :mod:`pipeline.records.betting_rounds`, a board game's when
    absent; ``draws`` a draw game's changes) with :data:`TRACKER_STATS`,
    :data:`STREET_ACTIONS` and :data:`STUD_DRAW_STATS` appended: null on a row without actions
    (a round sheet), booleans null where the player had no chance.  A hand column ``rows``
    lacks is taken as one value.
    """
    named = [name for name in hand if name in rows.columns]
    if "actions" not in rows.columns or rows["actions"].null_count() == rows.height:
        return rows.with_columns(
            pl.lit(None, dtype=dtype).alias(name)
            for name, dtype in (TRACKER_STATS | STREET_ACTIONS | STUD_DRAW_STATS).items()
        )
    # one integer per hand: sorting and windows over it are several times faster than over
    # the hand's text columns
    key = pl.struct(named).rank("dense") if named else pl.lit(0, pl.UInt32)
    keyed = rows.with_columns(key.alias("_hand"), *_betting_columns(rows))
    hand = ["_hand"]
    flags = _per_event(tracker_events(keyed, hand, carry=[_OPENING]), hand)
    last_street = max(len(betting.streets) for betting in BETTINGS) - 1
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
        # a decision on the first street when nobody had raised or called: a steal's chance
        pl.col("first_in").any(),
        pl.col("pfr").filter(pl.col("first_in")).first().alias("steal_raise"),
        # the player's place in the first street's order (stud's seats)
        pl.col("seq").filter(pl.col("acts_first_street")).min().alias("_first_act"),
        pl.col("bet").sum().alias("bets"),
        pl.col("raise").sum().alias("raises"),
        pl.col("call").sum().alias("calls"),
        pl.col("street").filter(pl.col("all_in")).first().alias("all_in_street"),
        pl.col("first_draw").drop_nulls().first(),
        *(
            (pl.col(flag) & (pl.col("street") == street)).sum().alias(f"_{count}_{street}")
            for street in range(1, last_street + 1)
            for flag, count in zip(("bet", "raise", "call"), COUNTS, strict=True)
        ),
        pl.when(pl.col("fold")).then(pl.col("street")).min().alias("_fold_street"),
    )
    position = pl.col("position") if "position" in rows.columns else pl.lit(None, pl.String)
    won = pl.col("won") if "won" in rows.columns else pl.lit(None, pl.Float64)
    joined = keyed.with_row_index("_row").join(per_row, on="_row", how="left")
    has = pl.col("actions").is_not_null()
    # every street a player's string reaches was dealt while the player was in (the notation
    # leaves out the streets after a fold), so two streets or more: the player saw the second
    # (the flop, fourth street, the first draw)
    streets = pl.col("actions").str.count_matches("/") + 1
    still_in = has & ~pl.col("fold").fill_null(False)
    showdown = still_in & (still_in.cast(pl.Int64).sum().over(hand) >= 2)
    saw_flop = pl.when(has).then(streets >= 2)
    first_act = pl.col("_first_act")
    bring_in = first_act == first_act.min().over(hand)
    from_last = pl.when(~bring_in).then(first_act).rank("ordinal", descending=True).over(hand)
    late_seat = (
        pl.when(pl.col("_by_order"))
        .then(~bring_in & (from_last <= STEAL_SEATS_FROM_LAST))
        .otherwise(position.is_in(STEAL_POSITIONS))
    )
    with_flags = joined.with_columns(
        pl.when(has).then(pl.col("vpip_chance").fill_null(False)).alias("vpip_chance"),
        saw_flop.alias("saw_flop"),
        showdown.alias("showdown"),
        (late_seat.fill_null(False) & pl.col("first_in")).alias("steal_chance"),
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
        pl.when(pl.col("showdown") & (pl.col("all_in_street") < pl.col("_last_street")))
        .then(_street_name(pl.col("all_in_street")))
        .alias("all_in"),
        pl.when(has).then(_stand_pat(rows)).alias("stand_pat"),
        _street_name(pl.col("_fold_street")).alias("fold_street"),
        *_counts_per_street(),
    )
    added = TRACKER_STATS | STREET_ACTIONS | STUD_DRAW_STATS
    return stats.select(
        *(name for name in rows.columns if name not in added),
        *(pl.col(name).cast(dtype) for name, dtype in added.items()),
    )


def _betting_columns(rows: pl.DataFrame) -> list[pl.Expr]:
    """Per row, its game's betting: ``_betting`` (:attr:`Betting.key`), :data:`_OPENING`,
    ``_by_order`` (stud: late seats by the order of action) and ``_last_street`` (the index
    of the game's last street)."""
    game = pl.col("game") if "game" in rows.columns else pl.lit(None, pl.String)
    betting = game.replace_strict(
        list(BETTING), [betting.key for betting in BETTING.values()], default=None
    ).fill_null(BOARD.key)
    keys = [betting.key for betting in BETTINGS]
    return [
        betting.alias("_betting"),
        betting.replace_strict(keys, [b.opening_bets for b in BETTINGS]).alias(_OPENING),
        betting.is_in([b.key for b in BETTINGS if b.steal_seat == LAST_TO_ACT]).alias("_by_order"),
        betting.replace_strict(keys, [len(b.streets) - 1 for b in BETTINGS]).alias("_last_street"),
    ]


def _street_name(index: pl.Expr) -> pl.Expr:
    """The name of street ``index`` in the row's game (``_betting``)."""
    return pl.coalesce(
        pl.when(pl.col("_betting") == betting.key).then(
            index.replace_strict(
                list(range(len(betting.streets))),
                list(betting.streets),
                default=None,
                return_dtype=pl.String,
            )
        )
        for betting in BETTINGS
    )


def _counts_per_street() -> list[pl.Expr]:
    """The counts per street after the first (:data:`STREET_ACTIONS`, :data:`STUD_DRAW_STATS`)
    from the per-index ones, each where the row's game has
    that street (elsewhere null)."""
    counts: list[pl.Expr] = []
    for street in LATER_STREETS:
        games = [betting for betting in BETTINGS if street in betting.streets[1:]]
        index = games[0].streets.index(street)
        mine = pl.col("_betting").is_in([betting.key for betting in games])
        counts += [
            pl.when(mine).then(pl.col(f"_{count}_{index}")).alias(f"{count}_{street}")
            for count in COUNTS
        ]
    return counts


def _stand_pat(rows: pl.DataFrame) -> pl.Expr:
    """Whether a draw game's player stood pat at the first draw: ``draws`` starts with ``0``,
    or (a row without ``draws``) the first draw's token is ``dr0``; null where the player did
    not reach it or the game has no draw."""
    from_tokens = pl.col("first_draw") == 0
    if "draws" in rows.columns:
        first = pl.col("draws").str.strip_chars().str.split(" ").list.first()
        said = pl.when(first.fill_null("") != "").then(first == "0")
        from_tokens = pl.coalesce(said, from_tokens)
    drawn = pl.col("_betting").is_in([b.key for b in BETTINGS if b.family == "draw"])
    return pl.when(drawn).then(from_tokens)
