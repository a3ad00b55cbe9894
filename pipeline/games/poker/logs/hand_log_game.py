"""Hand histories (PokerStars, PHH), declared for the job: every player of every hand, the
shown hands named and ranked, mucked or unseen hands kept as a state, and the pots audited.

Winners: where every player still in at the end showed cards, the evaluator decides; where a
hand was won without a showdown, or a player still in mucked, the log's award decides (the
evaluator cannot judge cards it never saw), and the pot audit checks every pot it can.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import polars as pl

from pipeline.core.cards import DECK_SIZE
from pipeline.core.rules import HandRules
from pipeline.games.base import Game, Presentation, ScoredSheet, ScoringOptions
from pipeline.games.layouts import HAND_LOG, Layout
from pipeline.games.poker.equity.stud_streets import UP_IDS
from pipeline.games.poker.game import (
    SUMMARY_NOTES,
    poker_parquet,
    poker_summary,
    present_poker,
    with_equities,
)
from pipeline.games.poker.logs.log_facts import log_facts, with_typed_facts
from pipeline.games.poker.logs.runouts import with_runouts
from pipeline.games.poker.pots.pot_audit import audit_pots
from pipeline.games.poker.scoring.rows import (
    empty_issues,
    score_holdem,
    validate_holdem,
    with_card_ids,
)
from pipeline.games.poker.stats.all_in_ev import HOW, with_all_in_ev
from pipeline.games.poker.stats.tracker_stats import with_tracker_stats
from pipeline.games.poker.variants import rules_of_games, variant_game
from pipeline.records import INSTANT_FORMAT, ROW_SCHEMA, HandLog
from pipeline.records.hand_log import STUD_DRAW_COLUMNS

MUCKED = "mucked"
LOG_NOTES = {
    "hand_id": "the hand's number in the log",
    "line": "the line of the log the hand starts on",
    "round": "the hand's number again, as every round sheet has one",
    "button": "TRUE for the player on the button",
    "stack": "chips at the start of the hand",
    "hole": "the player's own hole cards, where the log shows them",
    "mucked": "TRUE: still in at the end, cards never shown (no rank)",
    "stated_hand": "the log's own name for the hand shown",
    "folded_street": "the street the player folded on",
    "put_in": "chips the player put into the pots in this hand",
    "won": "chips the player collected from the pots",
    "net": "won less put in, in the hand's currency",
    "currency": "what put_in, won and the blinds are counted in: USD, EUR, ...; chips for "
    "tournament chips, play for play money",
    "played_at": "the hand's start in UTC, converted from the log's own zone (time_zone)",
    "actions": "the player's actions, streets apart by ' / ': <n>.<verb><amount>, n the "
    "action's place in the hand (docs/hand-histories.md)",
    "table_size": "the table's seats (9-max: 9), else the seats dealt in",
    "position": "the seat's name from the button (BTN, SB, BB, UTG ... HJ, CO), as trackers "
    "name it; heads-up the button is BTN and posts the small blind; blank in stud (no button)",
    "bring_in": "stud: the forced opening bet of the lowest up card (the highest in Razz)",
    "small_bet": "a limit game's smaller bet (stud's third and fourth street, a draw game's "
    "first rounds)",
    "big_bet": "a limit game's bigger bet (the later streets)",
    "up_cards": "stud: the player's face-up cards in the order dealt, seen by every player "
    "(dead cards in the others' win chances once folded)",
    "draws": "draw games: the cards changed at each draw, in order (0: stood pat)",
    "run_boards": "a board run twice or more: every run's whole board, ' | ' between them "
    "(board is the first run's; hand_detail names each run's hand, won is every run's award)",
}
"""What the log's own columns hold, as the workbook's header notes."""
KEY_COLUMNS = ("hand_id", "player")
FIRST_COLUMNS = (
    "position", "hole", "up_cards", "draws", "board", "hand", "winner", "win_preflop %",
    "win_flop %", "win_turn %", "win_third %", "win_fourth %", "win_fifth %", "win_sixth %",
    "put_in", "won", "net",
)  # fmt: skip
"""What a reader of a hand log needs first, printed on the first page after the key columns:
a stud hand's up cards and a draw hand's draws beside the cards."""
GAME_SHAPED_COLUMNS = (
    "board", "small_blind", "big_blind", "ante", *STUD_DRAW_COLUMNS, "run_boards",
)  # fmt: skip
"""The log's columns only some games fill (a board, blinds, antes; stud's and the draw games'
own): where no row of a sheet holds one, it goes with the technical columns, collapsed."""
SIDE_COLUMNS = (
    "tournament", "round", "date", "seat", "button", "stack", "mucked", "line", "variant",
    "site", "played_at", "time_zone", "format", "buy_in", "buy_in_currency", "table_size",
    "actions",
)  # fmt: skip
"""Technical columns, grouped and collapsed at the right: the same on every hand of a log (its
tournament and variant, its site, zone, format and buy-in), a copy of another (``round``,
``played_at`` of ``date``), where a row came from, or the record a statistic is computed from
(``actions``); the currency and blinds stay in sight, by the chips."""


def _typed(frame: pl.DataFrame) -> pl.DataFrame:
    """The sheet's text cells back as the hand log's columns."""
    flags = {"true": True, "false": False}
    return frame.select(
        pl.col(name).replace_strict(flags, default=None, return_dtype=pl.Boolean).alias(name)
        if dtype == pl.Boolean
        else pl.col(name).str.to_datetime(INSTANT_FORMAT, time_unit="us", time_zone="UTC")
        if isinstance(dtype, pl.Datetime)
        else pl.col(name).cast(dtype)
        for name, dtype in ROW_SCHEMA.items()
        if name in frame.columns
    )


def score_hand_log(
    frame: pl.DataFrame, layout: Layout, options: ScoringOptions
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Score the shown hands, keep the rest as folded or mucked, and audit every pot."""
    log = (
        with_typed_facts(_typed(frame), frame)
        .with_row_index("row_id")
        .with_columns(
            pl.col("row_id").cast(pl.Int64),
            # No cards is no cards, whether the log wrote nothing or an empty list.
            pl.col("hole", "board").str.strip_chars().replace("", None),
        )
    )
    # The log's own word for the game (PokerStars' "Omaha Hi/Lo Pot Limit", PHH's "PO"); the
    # sources name the variants we do not score and keep their hands out of the rows.
    log = log.with_columns(variant_game(pl.col("variant") if "variant" in log.columns else None))
    rules_of_game = rules_of_games(options.rule_sets)
    # which row, round and player: the columns every row of the log keeps, shown or not
    keys = (
        "row_id",
        "tournament",
        "table",
        pl.col("seat").cast(pl.String),
        pl.col("hand_id").alias("round"),
        "game",
        "player",
    )
    known = log.filter(pl.col("hole").is_not_null())
    canonical = known.select(
        *keys,
        "hole",
        "board",
        pl.col("folded").cast(pl.String).str.to_lowercase().alias("folded"),
        pl.lit("hole").alias("hole_column"),
        pl.lit("board").alias("board_column"),
        pl.col("hole").alias("cell"),
    )
    rows = with_card_ids(canonical)
    issues = validate_holdem(rows, whole_rounds=False, rules_of_game=rules_of_game)
    valid = rows.filter(~pl.col("row_id").is_in(issues["row_id"].implode()))
    scored = score_holdem(valid, rules_of_game)
    if options.equity.enabled:
        scored = with_equities(scored, options.equity, rules_of_game, _seen_up(log))
    # a board run twice or more: every run's hand named, a win of any run a win
    scored = with_runouts(scored, valid, log, rules_of_game)
    unseen = log.filter(pl.col("hole").is_null()).select(
        *keys,
        pl.lit("").alias("cards"),
        pl.col("folded").fill_null(False),
        pl.when(~pl.col("folded").fill_null(False)).then(pl.lit(MUCKED)).alias("hand"),
    )
    scored = pl.concat([scored, unseen], how="diagonal_relaxed").sort("row_id")
    scored = (
        _decide_winners(scored, log)
        .join(log.select("row_id", "put_in", "won"), on="row_id", how="left")
        .join(log_facts(log), on="row_id", how="left")
        .with_columns((pl.col("won") - pl.col("put_in")).alias("net"))
    )
    # the tracker statistics, then what each all-in was worth, under the job's equity budget
    hand = ("tournament", "table", "round")
    scored = _no_all_in_ev_without_a_board(
        with_all_in_ev(with_tracker_stats(scored, hand=hand), hand, rules_of_game, options.equity),
        rules_of_game,
    )
    audit = audit_pots(HandLog(log.drop("row_id", "game"), HandLog.empty().issues), rules_of_game)
    sheet_issues = audit.select(
        pl.lit(None, dtype=pl.Int64).alias("row_id"),
        "column",
        "value",
        pl.format("line {}: {}", "line", "message").alias("message"),
    )
    return scored, pl.concat([issues, sheet_issues.cast(empty_issues().schema)])


def _no_all_in_ev_without_a_board(
    scored: pl.DataFrame, rules_of_game: Mapping[str, HandRules]
) -> pl.DataFrame:
    """``all_in_ev`` (and how it was found) null in the games without a board: its equity is
    over the board still to come, which a stud or draw hand has not (stud's all-in is in its
    streets' figures; a draw game's hand depends on the draws: docs/games.md)."""
    if "all_in_ev" not in scored.columns:
        return scored
    boardless = [name for name, rules in rules_of_game.items() if rules.board_cards == 0]
    without = pl.col("game").is_in(boardless).fill_null(False)
    return scored.with_columns(
        pl.when(without).then(None).otherwise(pl.col(name)).alias(name)
        for name in ("all_in_ev", HOW)
        if name in scored.columns
    )


def _seen_up(log: pl.DataFrame) -> pl.DataFrame | None:
    """The stud players whose cards were never shown (folded or mucked) with the ids of the
    up cards everyone saw (``up_ids``), dead cards in the win chance per street; a card we
    cannot read is left out (the reader's issue names it).  None for a log without stud."""
    if "up_cards" not in log.columns:
        return None
    unseen = log.filter(pl.col("hole").is_null() & pl.col("up_cards").is_not_null())
    if unseen.height == 0:
        return None
    ids = with_card_ids(
        unseen.select(
            "tournament", "table", pl.col("hand_id").alias("round"), "game",
            pl.col("up_cards").alias("hole"), pl.lit(None, dtype=pl.String).alias("board"),
        )
    )  # fmt: skip
    readable = pl.element() < DECK_SIZE
    return ids.select(
        "tournament", "table", "round", "game",
        pl.col("hole_ids").list.eval(pl.element().filter(readable)).alias(UP_IDS),
    )  # fmt: skip


def _decide_winners(scored: pl.DataFrame, log: pl.DataFrame) -> pl.DataFrame:
    """The evaluator's winners where everyone still in showed; the log's awards elsewhere.

    ``share`` is the player's part of the chips the hand paid out, as the log says (side pots
    and rake included; the pot audit checks it against the replay); the evaluator's where the
    log pays nothing out."""
    hand = ["tournament", "table", "round"]
    won = log.select(
        "row_id",
        (pl.col("won").fill_null(0) > 0).alias("log_winner"),
        pl.col("won").fill_null(0).alias("_paid"),
        # the hand's whole payout, as the log says, the rows the scorer rejected included: a
        # rejected winner's pot is still no pot of the others (a lone loser's share is 0)
        pl.col("won").fill_null(0).sum().over("tournament", "table", "hand_id").alias("_hand_paid"),
        pl.len().over("tournament", "table", "hand_id").alias("_hand_rows"),
    )
    paid = pl.col("_hand_paid")
    still_in = ~pl.col("folded")
    unseen_in = (still_in & (pl.col("hand") == MUCKED)).fill_null(False)
    # a hand that lost a row to an issue is no full showdown: the rejected hand may be the best
    whole = pl.len().over(hand) == pl.col("_hand_rows")
    full_showdown = whole & (unseen_in.sum().over(hand) == 0) & (still_in.sum().over(hand) >= 2)
    # Whoever collects from a pot, main or side, won (issue 29 §4): the evaluator's best hand
    # takes the main pot, a shorter stack's side pot goes to a lower place.  A low half
    # collected is the low's (``low_winner``), not a high win.
    low_half = pl.col("low_winner").fill_null(False) if "low_winner" in scored.columns else False
    return (
        scored.join(won, on="row_id", how="left")
        .with_columns(
            pl.when(full_showdown)
            .then(pl.col("winner").fill_null(False) | (pl.col("log_winner") & ~low_half))
            .otherwise(pl.col("log_winner"))
            .alias("winner"),
            pl.when(paid > 0)
            .then(pl.col("_paid") / paid)
            .otherwise(pl.col("share"))
            .alias("share"),
            # a low among the shown hands only is no verdict either
            *(
                pl.when(full_showdown).then(pl.col(name)).alias(name)
                for name in ("low_rank", "low_winner")
                if name in scored.columns
            ),
        )
        # Without a full showdown a place among the shown hands is no verdict: keep it only
        # where it agrees with the award (place 1 is the winners').
        .with_columns(
            # nor is a place among the hands a rejected row left
            pl.when(~whole | (~full_showdown & (pl.col("winner") != (pl.col("rank") == 1))))
            .then(None)
            .otherwise(pl.col("rank"))
            .alias("rank")
        )
        .drop("log_winner", "_paid", "_hand_paid", "_hand_rows")
    )


def hand_log_summary(sheets: Sequence[ScoredSheet]) -> list[tuple[str, pl.DataFrame]]:
    """Hold'em's Summary blocks, with per-player totals of the log in place of the round counts.

    Per player: hands dealt, showdowns (still in at the end of a hand two or more were still in
    at), showdowns won, won (net: collected less put in) and put in; most won first.  A block
    per currency (``Players — USD``, ``Players — chips``): money is never added across them.
    """
    blocks = poker_summary(sheets)
    frames = [
        sheet.scored.with_columns(pl.lit(sheet.sheet).alias("sheet"))
        for sheet in sheets
        if sheet.scored.height
    ]
    if not frames:
        return blocks
    rows = pl.concat(frames, how="diagonal_relaxed")
    still_in = ~pl.col("folded").fill_null(False)
    showdown = still_in & (still_in.sum().over("sheet", "tournament", "table", "round") >= 2)
    rows = rows.with_columns(showdown.alias("showdown"))
    # Money is never added across currencies, nor to chips: a block per currency the log names
    currencies = (
        rows["currency"].unique(maintain_order=True).to_list() if "currency" in rows.columns else []
    )
    if len(currencies) > 1 or currencies[:1] != [None]:
        # the unit is named in the block's title, even when the log has one
        per_currency = [
            (
                f"Players — {currency or 'no currency'}",
                _player_totals(rows.filter(pl.col("currency").eq_missing(currency))),
            )
            for currency in currencies
        ]
    else:
        per_currency = [("Players", _player_totals(rows))]
    others = [block for block in blocks if block[0] != "Players"]
    return [*per_currency, *others, *_all_in_ev_block(rows)]


def _all_in_ev_block(rows: pl.DataFrame) -> list[tuple[str, pl.DataFrame]]:
    """Per sheet, its hands with an all-in figure and how ``all_in_ev`` was found for them (or
    why the Parquet leaves it empty); nothing when no hand has one."""
    if HOW not in rows.columns or rows[HOW].is_null().all():
        return []
    hands = pl.struct("tournament", "table", "round").n_unique()
    table = (
        rows.filter(pl.col(HOW).is_not_null())
        .group_by("sheet", HOW, maintain_order=True)
        .agg(hands.alias("all-in hands"))
        .select("sheet", "all-in hands", pl.col(HOW).alias("all-in EV"))
    )
    return [("All-in EV", table)]


def _player_totals(rows: pl.DataFrame) -> pl.DataFrame:
    """Per player: hands dealt, showdowns, showdowns won, won (net), put in (in the block's
    currency), best hand; most won first."""
    return (
        rows.group_by("player", maintain_order=True)
        .agg(
            pl.len().alias("hands dealt"),
            pl.col("showdown").sum().alias("showdowns"),
            (pl.col("showdown") & pl.col("winner").fill_null(False)).sum().alias("showdowns won"),
            (pl.col("won") - pl.col("put_in")).sum().round(2).alias("won (net)"),
            pl.col("put_in").sum().round(2).alias("put in"),
            pl.col("hand_detail").sort_by("strength").drop_nulls().last().alias("best hand"),
        )
        .sort("won (net)", "showdowns won", descending=True, maintain_order=True)
    )


def present_hand_log(frame: pl.DataFrame, scored: pl.DataFrame, layout: Layout) -> Presentation:
    """Poker's columns, with the log's own columns explained and put in reading order."""
    shown = present_poker(frame, scored, layout)
    ours = [name for name in ("position", "net") if name in scored.columns]
    added = shown.added.join(scored.select("row_id", *ours), on="row_id", how="left")
    unused = [name for name in GAME_SHAPED_COLUMNS if _unused(frame, name)]
    return replace(
        shown,
        added=added,
        notes={**LOG_NOTES, **shown.notes},
        key_columns=KEY_COLUMNS,
        first_columns=[name for name in FIRST_COLUMNS if name not in unused],
        side_columns=[*SIDE_COLUMNS, *unused],
    )


def _unused(frame: pl.DataFrame, name: str) -> bool:
    """Whether the sheet's column ``name`` is missing or blank on every row."""
    if name not in frame.columns:
        return False
    cells = frame[name].cast(pl.String).str.strip_chars()
    return bool((cells.is_null() | (cells == "")).all())


HAND_LOG_GAME = Game(
    name="hand-log",
    layouts=(HAND_LOG,),
    parquet_name="poker",
    score=score_hand_log,
    present=present_hand_log,
    parquet=poker_parquet,
    summary=hand_log_summary,
    summary_notes={
        **SUMMARY_NOTES,
        "showdowns": "hands the player was still in at the end of, with another player",
        "won (net)": "collected less put in, in the block's currency (chips for a tournament)",
        "all-in hands": "hands with an all-in and cards to come where every hand still in is "
        "known: the Parquet's all_in_ev",
        "all-in EV": "how all_in_ev (equity at the all-in times the pots, less put in) was "
        "found, or why the Parquet leaves it empty",
    },
)
