"""Hold'em and five-card poker, declared for the job: score, present, Parquet rows, Summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import polars as pl

from pipeline.core.rules import HandRules
from pipeline.games.base import (
    EquityOptions,
    Game,
    Presentation,
    ScoredSheet,
    ScoringOptions,
    key_columns,
    row_ids,
)
from pipeline.games.layouts import FIVE_CARD, PLAYERS, ROUNDS, Layout, holdem_rows
from pipeline.games.poker.equity.street_equity import (
    EQUITY_COLUMNS,
    estimate_seconds,
    street_equities,
)
from pipeline.games.poker.equity.stud_streets import (
    STUD_EQUITY_COLUMNS,
    UP_IDS,
    estimate_stud_seconds,
    stud_street_equities,
)
from pipeline.games.poker.equity.swings import biggest_swings
from pipeline.games.poker.scoring.game_column import with_games
from pipeline.games.poker.scoring.round_rules import ROUND_KEY
from pipeline.games.poker.scoring.rows import score_holdem, validate_holdem, with_card_ids
from pipeline.games.poker.stats.tracker_stats import with_tracker_stats
from pipeline.games.poker.variants import (
    DEFAULT_RULES,
    FIVE_CARD_NAME,
    HOLDEM_NAME,
    rules_of_games,
)
from pipeline.games.sheet_facts import FACT_ROLES, sheet_facts
from schemas.holdem import ScoredRows, align_to_poker_schema

LOW_COLUMNS = ("low_hand", "low_rank", "low_winner")
NOTES = {
    "game": "the poker game the row was scored as (the run's --game)",
    "hole_used": "the hole cards in the best five (an Omaha hand plays exactly two)",
    "share %": "the part of the pot the player wins: 100 alone, 50 a split or one half of a "
    "hi/lo pot, 25 quartered",
    "low_hand": "the low half's hand, highest card first: five ranks 8 or lower, aces low; "
    "blank when none qualifies",
    "low_rank": "place among the round's lows: 1 is best; blank without a low",
    "low_winner": "TRUE on every row holding the round's best low",
    "hand_detail": "the hand with the ranks that make it: Full House (Kings over Nines)",
    "best_five": "the five cards that make the hand, the deciding cards first",
    "rank": "place among the round's hands: 1 is best, ties share a place (1, 1, 3); folds blank",
    "winner": "TRUE on every row holding the round's best hand, or the last player left in",
    "winning_hand": "the hand that won the round",
    **{
        f"{street} %": (
            f"chance to win {when} among the players still in (ties shared, exact); "
            "blank after a fold"
        )
        for street, when in zip(
            EQUITY_COLUMNS, ("before the flop", "after the flop", "after the turn"), strict=True
        )
    },
    **{
        f"{street} %": (
            f"chance to win on {when} street, given every card seen (a folded player's up "
            "cards are dead); exact, or sampled on early streets with many deals; blank after "
            "a fold"
        )
        for street, when in zip(
            STUD_EQUITY_COLUMNS, ("third", "fourth", "fifth", "sixth"), strict=True
        )
    },
}
"""What our columns hold, as the workbook's header notes."""
SUMMARY_NOTES = {
    "showdowns": "rounds the player was still in at the end of, with another player",
    "split wins": "wins shared with another player holding the same best hand",
    "pots won": "pots won, a part of one counting its part: half a split pot 0.5, a quarter 0.25",
    "win rate %": "wins per round dealt",
    "river winner": "the player who won the round at the river",
    "street": "the street of the river winner's lowest chance",
}
"""What the Summary's poker headings hold, as header notes."""


def score_poker(
    frame: pl.DataFrame, layout: Layout, options: ScoringOptions
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Validate and score a players, rounds or five-card sheet under each row's game (its
    ``game`` cell, else ``options.game``, else Hold'em or five-card hands); equities per street
    for the games with a board."""
    five_card = layout.kind == FIVE_CARD
    rules_of_game = rules_of_games(options.rule_sets)
    default = options.game or (FIVE_CARD_NAME if five_card else HOLDEM_NAME)
    rows = with_games(holdem_rows(frame, layout), default=default, rules_of_game=rules_of_game)
    rows = with_card_ids(rows)
    # a date, currency or stake column: the Parquet's facts, a bad cell an issue of its round
    with_facts = any(role in layout.columns for role in FACT_ROLES)
    facts, fact_issues = sheet_facts(frame, layout) if with_facts else (None, None)
    issues = validate_holdem(
        rows, five_card=five_card, rules_of_game=rules_of_game, found_before=fact_issues
    )
    good = rows.filter(~pl.col("row_id").is_in(issues["row_id"].implode()))
    scored = score_holdem(good, rules_of_game)
    if facts is not None:
        scored = scored.join(facts, on="row_id", how="left", maintain_order="left")
    if options.equity.enabled and not five_card:
        scored = with_equities(scored, options.equity, rules_of_game)
    return scored, issues


def with_equities(
    scored: pl.DataFrame,
    options: EquityOptions,
    rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES,
    seen_up: pl.DataFrame | None = None,
) -> pl.DataFrame:
    """Add ``win_preflop``, ``win_flop``, ``win_turn``: exact when that fits the budget, preflop
    sampled when that fits, else left out (a season of a million rows is for the stats desk's
    own batch, ``pipeline run --equity-budget``, not the nightly window); and a stud game's
    ``win_third`` .. ``win_sixth`` in what is left.  ``seen_up``: a hand log's players whose
    cards were never shown (``tournament``, ``table``, ``round``, ``game``, ``up_ids``), whose
    face-up cards are dead in the stud figures."""
    exact_seconds = estimate_seconds(scored, rules_of_game=rules_of_game)
    exact = exact_seconds <= options.budget_seconds
    sampled = estimate_seconds(scored, samples=options.samples, rules_of_game=rules_of_game)
    # street_equities keys rounds by tournament and round; two tables' round 1 are two rounds.
    by_table = scored.with_columns(_table_round().alias("round"))
    spent = 0.0
    if exact or sampled <= options.budget_seconds:
        spent = exact_seconds if exact else sampled
        by_table = street_equities(
            by_table,
            rules_of_game=rules_of_game,
            samples=None if exact else options.samples,
            seed=options.seed,
            map_chunks=options.map_rounds,
            chunk_seconds=options.spread_seconds,
        ).with_columns(pl.lit(exact).alias("equity_exact"))
    # the stud games' streets in what is left of the budget, else blank (docs/games.md)
    unseen = _unseen_up_cards(seen_up)
    with_unseen = (
        pl.concat([by_table, unseen], how="diagonal_relaxed") if unseen.height else by_table
    )
    stud_seconds = estimate_stud_seconds(
        with_unseen, samples=options.samples, rules_of_game=rules_of_game
    )
    if 0 < stud_seconds <= options.budget_seconds - spent:
        figures = stud_street_equities(
            with_unseen, rules_of_game=rules_of_game, samples=options.samples, seed=options.seed
        )
        by_table = figures.head(by_table.height).drop(UP_IDS, strict=False)
    return by_table.with_columns(scored["round"])


def _unseen_up_cards(seen_up: pl.DataFrame | None) -> pl.DataFrame:
    """The rows of players never shown, keyed as :func:`with_equities` keys its rounds, with
    no hole cards and their ``up_ids``; none without ``seen_up``."""
    if seen_up is None or seen_up.height == 0:
        return pl.DataFrame()
    return seen_up.select(
        "tournament",
        "table",
        _table_round().alias("round"),
        "game",
        pl.lit(True).alias("folded"),
        pl.col(UP_IDS),
    )


def _contested(scored: pl.DataFrame) -> pl.DataFrame:
    """Rounds that reached a showdown of two or more: a pot won because everyone else folded is
    no comeback, whatever the winner's cards were worth."""
    at_showdown = (~pl.col("folded")).sum().over("tournament", "table", "round")
    return scored.filter(at_showdown >= 2)


def _table_round() -> pl.Expr:
    """The round id made unique across tables (for keys that know tournament and round only)."""
    return pl.concat_str(
        [pl.col("table").fill_null(""), pl.col("round").fill_null("")], separator="\x1f"
    )


def present_poker(frame: pl.DataFrame, scored: pl.DataFrame, layout: Layout) -> Presentation:
    """Per player row: hand, detail, best five, rank, winner (and the win chance per street,
    ``win_flop %``, as a fraction shown as a percentage); per round row of a rounds sheet: the
    winners' names and the winning hand, with the winners' own cells marked."""
    if layout.kind == ROUNDS:
        per_round = (
            scored.filter(pl.col("winner"))
            .group_by("row_id", maintain_order=True)
            .agg(
                pl.col("player").str.join(", ").alias("winner"),
                pl.col("hand_detail").drop_nulls().first().alias("winning_hand"),
            )
        )
        notes = {"winner": "the round's winners, by name", "winning_hand": NOTES["winning_hand"]}
        if _has_low_half(scored):  # a hi/lo round: who won the low half, and with what
            per_round = per_round.join(
                scored.filter(pl.col("low_winner").fill_null(False))
                .group_by("row_id", maintain_order=True)
                .agg(
                    pl.col("player").str.join(", ").alias("low_winner"),
                    pl.col("low_hand").first().alias("winning_low"),
                ),
                on="row_id",
                how="full",
                coalesce=True,
            )
            notes |= {
                "low_winner": "the round's low half winners, by name; blank when no low "
                "qualifies and high scoops",
                "winning_low": "the low that won the low half",
            }
        return Presentation(
            row_ids(frame).join(per_round, on="row_id", how="left"),
            player_columns=layout.player_columns,
            winners_column="winner",
            notes=notes,
            key_columns=key_columns(layout, ("round",)),
        )
    # a street's column where it can hold a figure: the board's streets unless every row is
    # of a game without a board, stud's streets where a round has them
    boardless = _boardless(scored)
    equities = [
        name
        for name in (*EQUITY_COLUMNS, *STUD_EQUITY_COLUMNS)
        if name in scored.columns
        and (scored[name].is_not_null().any() or (name in EQUITY_COLUMNS and not boardless))
    ]
    shown = [pl.col(name).truediv(100).alias(f"{name} %") for name in equities]
    lows = list(LOW_COLUMNS) if _has_low_half(scored) else []
    # the game is the sheet's own column, or said once here when the run named it
    game = ["game"] if "game" not in layout.columns and _names_a_game(scored) else []
    added = row_ids(frame).join(
        scored.select(
            "row_id",
            "folded",
            *game,
            "hand",
            "hand_detail",
            "best_five",
            *(["hole_used"] if _hole_cards_counted(scored) else []),
            "rank",
            "winner",
            pl.col("share").alias("share %"),
            *lows,
            *shown,
        ),
        on="row_id",
        how="left",
    )
    won = added["winner"].fill_null(False)
    if lows:
        won = won | added["low_winner"].fill_null(False)
    return Presentation(
        added.drop("folded"),
        highlight=won,
        muted=added["folded"].fill_null(False),
        percent_columns=["share %", *(f"{name} %" for name in equities)],
        notes=NOTES,
        key_columns=key_columns(layout),
    )


def _hole_cards_counted(scored: pl.DataFrame) -> bool:
    """Whether a row's game makes its hand from an exact number of hole cards (Omaha's two):
    then which ones play is worth a column of its own."""
    games = scored["game"].drop_nulls().unique().to_list() if "game" in scored.columns else []
    return any(
        DEFAULT_RULES[name].hole_cards_used is not None for name in games if name in DEFAULT_RULES
    )


def _boardless(scored: pl.DataFrame) -> bool:
    """Whether every row is of a game without a board (stud, draw): no board's streets."""
    games = scored["game"].drop_nulls().unique().to_list() if "game" in scored.columns else []
    return bool(games) and all(
        DEFAULT_RULES[name].board_cards == 0 for name in games if name in DEFAULT_RULES
    )


def _has_low_half(scored: pl.DataFrame) -> bool:
    """Whether any row is of a game with a low half (its ``low_winner`` is not null)."""
    return "low_winner" in scored.columns and bool(scored["low_winner"].is_not_null().any())


def _names_a_game(scored: pl.DataFrame) -> bool:
    """Whether a row's game is other than the layout's own (Hold'em or five-card hands)."""
    return "game" in scored.columns and bool(
        (~scored["game"].is_in([HOLDEM_NAME, FIVE_CARD_NAME])).any()
    )


def poker_parquet(located: pl.DataFrame) -> pl.DataFrame:
    """The fixed Parquet schema (:data:`schemas.holdem.POKER_PARQUET_SCHEMA`), checked against
    :class:`schemas.holdem.ScoredRows`: columns a sheet lacks are null, never missing.  The
    tracker statistics are computed from ``actions`` where the scorer has not already (a hand
    log's scorer computes them, and ``all_in_ev`` under the job's equity budget: a sheet
    without it has it null)."""
    stats = located if "vpip" in located.columns else with_tracker_stats(located)
    return ScoredRows.validate(align_to_poker_schema(stats))


def poker_summary(sheets: Sequence[ScoredSheet]) -> list[tuple[str, pl.DataFrame]]:
    """Per player over the file's poker sheets, then the night's biggest swings."""
    frames = [
        sheet.scored.with_columns(pl.lit(sheet.sheet).alias("sheet"))
        for sheet in sheets
        if sheet.scored.height
    ]
    if not frames:
        return []
    poker = pl.concat(frames, how="diagonal").filter(pl.col("cards").is_not_null())
    if "game" not in poker.columns:
        poker = poker.with_columns(pl.lit(HOLDEM_NAME).alias("game"))
    games = poker["game"].drop_nulls().unique(maintain_order=True).to_list()
    # a row whose cards were never seen has no game of its own: its hand's
    poker = poker.with_columns(
        pl.col("game").fill_null(pl.col("game").drop_nulls().first().over("sheet", *ROUND_KEY))
    )
    if len(games) > 1:  # hands of two games are not compared: a block per game
        blocks = [
            (f"Players: {game}", _player_summary(poker.filter(pl.col("game") == game)))
            for game in games
        ]
    else:
        blocks = [("Players", _player_summary(poker))]
    if "win_turn" in poker.columns:
        blocks.append(("Biggest swings", _swing_summary(sheets)))
    return blocks


def _player_summary(poker: pl.DataFrame) -> pl.DataFrame:
    """Per player: rounds dealt, showdowns, wins, split wins, win rate, best hand."""
    # a split is a best hand held twice, not a side pot won by a lower place
    winners_alike = pl.col("winner").sum().over("sheet", "tournament", "table", "round", "rank")
    return (
        poker.with_columns(winners_alike.alias("winners"))
        .group_by("player", maintain_order=True)
        .agg(
            pl.len().alias("rounds dealt"),
            pl.col("strength").is_not_null().sum().alias("showdowns"),
            pl.col("winner").sum().alias("wins"),
            (pl.col("winner") & (pl.col("winners") > 1)).sum().alias("split wins"),
            pl.col("share").sum().alias("pots won"),
            pl.col("hand_detail").sort_by("strength").drop_nulls().last().alias("best hand"),
        )
        # the season report's win rate: wins per round dealt, a fraction shown as a percentage
        .with_columns((pl.col("wins") / pl.col("rounds dealt")).alias("win rate %"))
        .select(
            "player",
            "rounds dealt",
            "showdowns",
            "wins",
            "split wins",
            "pots won",
            "win rate %",
            "best hand",
        )
        .sort("wins", "showdowns", descending=True, maintain_order=True)
    )


def _games_of(scored: pl.DataFrame) -> list[str]:
    """The games a sheet's rows are of, in order of appearance (Hold'em without the column)."""
    if "game" not in scored.columns:
        return [HOLDEM_NAME]
    return scored["game"].fill_null(HOLDEM_NAME).unique(maintain_order=True).to_list()


def _swing_summary(sheets: Sequence[ScoredSheet]) -> pl.DataFrame:
    """The river winners' lowest equity on an earlier street: the bad beats, worst first."""
    with_figures = [sheet for sheet in sheets if "win_turn" in sheet.scored.columns]
    swings = pl.concat(
        biggest_swings(
            _contested(sheet.scored)
            .filter(pl.col("game").fill_null(HOLDEM_NAME) == game)
            .with_columns(_table_round().alias("round"))
        ).with_columns(
            pl.col("round").str.split("\x1f").list.first().replace("", None).alias("table"),
            pl.col("round").str.split("\x1f").list.last(),
            pl.lit(sheet.sheet).alias("sheet"),
            pl.lit(game).alias("game"),
        )
        for sheet in with_figures
        for game in _games_of(sheet.scored)
    )
    # the table and the game when the sheets have more than one: a round id alone is ambiguous
    where = [name for name in ("table", "game") if swings[name].drop_nulls().n_unique() > 1]
    exact = all(
        bool(sheet.scored["equity_exact"].all())
        for sheet in with_figures
        if "equity_exact" in sheet.scored.columns and sheet.scored.height
    )
    how = "exact" if exact else "preflop sampled"
    return (
        swings.sort("lowest_equity")
        .head(10)
        .select(
            "sheet",
            "tournament",
            *where,
            "round",
            pl.col("player").alias("river winner"),
            # a fraction, shown as a percentage like every % column of the workbook
            (pl.col("lowest_equity") / 100).alias(f"lowest equity % ({how})"),
            "street",
        )
    )


HOLDEM = Game(
    name="holdem",
    layouts=(PLAYERS, ROUNDS),
    parquet_name="poker",
    score=score_poker,
    present=present_poker,
    parquet=poker_parquet,
    summary=poker_summary,
    summary_notes=SUMMARY_NOTES,
)
FIVE_CARD_POKER = replace(HOLDEM, name="five-card", layouts=(FIVE_CARD,))
"""Five-card hands: Hold'em's scorer, presenter, Parquet and Summary, for their own layout."""
