"""The tracker statistics (issue 33): each definition on hand-written hands, the vectorised
columns beside the readable reference (``tracker_stats_reference.py``) on every one of them, a
real Omaha log through the job, and the two agreeing on the whole public PokerStars corpus."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
import pytest

from pipeline.games.base import NO_OPTIONS
from pipeline.games.poker.logs.positions import position
from pipeline.games.poker.stats.tracker_stats import (
    STREET_ACTIONS,
    STUD_DRAW_STATS,
    TRACKER_STATS,
    with_tracker_stats,
)
from pipeline.job.task.outputs import scored_frames
from pipeline.job.task.scoring import score_source
from pipeline.records.hand_log import drop_repeated_hands
from pipeline.sources import read_source
from pipeline.sources.base import decode_text
from pipeline.sources.pokerstars import read_pokerstars, sniff_pokerstars
from tests.games.tracker_stats_reference import reference_stats

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "hand_histories"
CORPORA = next(
    (
        folder / "shared" / "corpora"
        for folder in (ROOT.parent, ROOT.parent.parent)
        if (folder / "shared" / "corpora").is_dir()
    ),
    ROOT.parent / "shared" / "corpora",
)
POKERSTARS = CORPORA / "pokerstars"
HAND = ("round",)

EVERY_STAT = [*TRACKER_STATS, *STREET_ACTIONS, *STUD_DRAW_STATS]
"""The columns the vectorised statistics and the reference both write."""


def hand(*players: tuple[str, str, float]) -> pl.DataFrame:
    """One hand: (position, actions, won) per player, named by position."""
    return pl.DataFrame(
        {
            "round": ["1"] * len(players),
            "player": [seat for seat, _, _ in players],
            "position": [seat for seat, _, _ in players],
            "actions": [actions for _, actions, _ in players],
            "won": [won for _, _, won in players],
        }
    )


def both(rows: pl.DataFrame) -> dict[str, dict[str, Any]]:
    """The statistics by player, after checking that the vectorised columns and the
    reference's are the same, row by row."""
    fast = with_tracker_stats(rows, hand=HAND)
    slow = reference_stats(rows, HAND)
    for fast_row, slow_row in zip(fast.to_dicts(), slow.to_dicts(), strict=True):
        assert fast_row == slow_row, f"{fast_row['actions']!r}: fast={fast_row} slow={slow_row}"
    return {row["player"]: row for row in fast.to_dicts()}


LIMP_THEN_RAISE = hand(
    ("UTG", "3.c2 7.c8 / 9.x 11.f", 0.0),
    ("BTN", "4.r8 / 10.b10", 19.0),
    ("SB", "1.sb1 5.f", 0.0),
    ("BB", "2.bb2 6.f", 0.0),
)
CHECKED_BIG_BLIND = hand(
    ("BTN", "3.f", 0.0), ("SB", "1.sb1 4.c1 / 6.b2", 6.0), ("BB", "2.bb2 5.x / 7.f", 0.0)
)
WALK = hand(("BTN", "3.f", 0.0), ("SB", "1.sb1 4.f", 0.0), ("BB", "2.bb2", 3.0))
THREE_BET = hand(
    ("CO", "3.r6 7.f", 0.0),
    ("BTN", "4.r18", 27.0),
    ("SB", "1.sb1 5.f", 0.0),
    ("BB", "2.bb2 6.f", 0.0),
)
FOUR_BET = hand(
    ("CO", "3.r6 7.f", 0.0),
    ("BTN", "4.r18 8.f", 0.0),
    ("SB", "1.sb1 5.r40", 66.0),
    ("BB", "2.bb2 6.f", 0.0),
)
DONK_BET = hand(
    ("BTN", "3.r6 / 7.f", 0.0), ("SB", "1.sb1 4.f", 0.0), ("BB", "2.bb2 5.c4 / 6.b6", 19.0)
)
ALL_IN_PREFLOP = hand(("BTN", "1.sb1 3.r100! / / /", 0.0), ("BB", "2.bb2 4.c98! / / /", 200.0))
SHOWDOWN_ON_RIVER = hand(
    ("CO", "3.r6 / 7.b8 / 9.b20 / 11.b40! 13.sd", 0.0),
    ("BTN", "4.c6 / 8.c8 / 10.r60 / 12.c40 14.sd", 136.0),
    ("SB", "1.sb1 5.f", 0.0),
    ("BB", "2.bb2 6.f", 0.0),
)


def test_a_limp_then_a_call_of_a_raise_is_vpip_but_not_pfr() -> None:
    stats = both(LIMP_THEN_RAISE)
    assert (stats["UTG"]["vpip"], stats["UTG"]["pfr"]) == (True, False)
    assert (stats["UTG"]["three_bet_chance"], stats["UTG"]["three_bet"]) == (True, False)
    # a limper before them: the button's raise is no steal, and no chance of one
    assert (stats["BTN"]["steal_chance"], stats["BTN"]["steal"]) == (False, None)
    assert (stats["BTN"]["cbet_chance"], stats["BTN"]["cbet"]) == (True, True)
    assert (stats["UTG"]["fold_to_cbet_chance"], stats["UTG"]["fold_to_cbet"]) == (True, True)
    assert [stats[p]["saw_flop"] for p in ("UTG", "BTN", "SB", "BB")] == [True, True, False, False]
    assert (stats["BTN"]["saw_showdown"], stats["BTN"]["won_when_saw_flop"]) == (False, True)
    assert stats["SB"]["saw_showdown"] is None  # no flop seen: no chance of a showdown
    assert (stats["BTN"]["bets"], stats["UTG"]["calls"]) == (1, 0)  # postflop only


def test_a_posted_big_blind_that_checks_is_no_vpip() -> None:
    stats = both(CHECKED_BIG_BLIND)
    assert (stats["BB"]["vpip"], stats["BB"]["pfr"]) == (False, False)
    assert stats["SB"]["vpip"] is True
    # folded to the small blind, who completes: a steal's chance not taken
    assert (stats["SB"]["steal_chance"], stats["SB"]["steal"]) == (True, False)
    assert (stats["BTN"]["steal_chance"], stats["BTN"]["steal"]) == (True, False)
    # nobody raised before the flop: nobody can c-bet, the small blind's bet is a plain bet
    assert not any(stats[p]["cbet_chance"] for p in stats)
    assert stats["SB"]["bets"] == 1


def test_a_walk_gives_the_big_blind_no_vpip_chance() -> None:
    stats = both(WALK)
    assert (stats["BB"]["vpip"], stats["BB"]["pfr"]) == (None, None)
    assert (stats["BB"]["saw_flop"], stats["BB"]["won_when_saw_flop"]) == (False, None)
    assert stats["SB"]["vpip"] is False


def test_a_three_bet_and_the_fold_to_it() -> None:
    stats = both(THREE_BET)
    assert (stats["CO"]["steal_chance"], stats["CO"]["steal"]) == (True, True)
    assert (stats["BTN"]["three_bet_chance"], stats["BTN"]["three_bet"]) == (True, True)
    assert stats["BTN"]["steal_chance"] is False  # raised before them
    assert (stats["CO"]["fold_to_three_bet_chance"], stats["CO"]["fold_to_three_bet"]) == (
        True,
        True,
    )
    # the blinds faced two raises: a 4-bet's chance, not a 3-bet's
    assert stats["SB"]["three_bet_chance"] is False
    assert (stats["SB"]["four_bet_chance"], stats["SB"]["four_bet"]) == (True, False)


def test_a_three_bet_chance_only_when_facing_a_single_raise_and_a_four_bet() -> None:
    stats = both(FOUR_BET)
    assert (stats["SB"]["four_bet_chance"], stats["SB"]["four_bet"]) == (True, True)
    # the opener faced a 4-bet, not the 3-bet alone: no fold-to-3-bet chance
    assert stats["CO"]["fold_to_three_bet_chance"] is False
    assert stats["CO"]["fold_to_three_bet"] is None


def test_no_cbet_chance_for_the_raiser_who_faces_a_donk_bet() -> None:
    stats = both(DONK_BET)
    assert (stats["BTN"]["cbet_chance"], stats["BTN"]["cbet"]) == (False, None)
    assert stats["BB"]["fold_to_cbet_chance"] is False
    assert stats["BB"]["bets"] == 1


def test_an_all_in_before_the_flop_has_cards_to_come() -> None:
    stats = both(ALL_IN_PREFLOP)
    assert (stats["BTN"]["all_in"], stats["BB"]["all_in"]) == ("preflop", "preflop")
    assert (stats["BB"]["saw_showdown"], stats["BB"]["won_at_showdown"]) == (True, True)
    assert (stats["BTN"]["saw_showdown"], stats["BTN"]["won_at_showdown"]) == (True, False)
    assert (stats["BTN"]["steal_chance"], stats["BTN"]["steal"]) == (True, True)


def test_an_all_in_on_the_river_has_no_cards_to_come() -> None:
    stats = both(SHOWDOWN_ON_RIVER)
    assert stats["CO"]["all_in"] is None
    assert (stats["CO"]["bets"], stats["CO"]["raises"], stats["CO"]["calls"]) == (3, 0, 0)
    assert (stats["BTN"]["bets"], stats["BTN"]["raises"], stats["BTN"]["calls"]) == (0, 1, 2)
    assert (stats["BTN"]["won_at_showdown"], stats["CO"]["won_at_showdown"]) == (True, False)
    assert (stats["CO"]["cbet_chance"], stats["BTN"]["fold_to_cbet"]) == (True, False)


# Blinds 1/2. UTG raises to 6 (a raise of 4: full), BTN calls, SB goes all in to 9: a raise of
# 3, less than the 4 before it, so a short all-in that does not reopen the betting for UTG and
# BTN, who have acted since the last full raise: they may only call or fold.
SHORT_ALL_IN = hand(
    ("UTG", "3.r6 7.c9", 0.0),
    ("BTN", "4.c6 8.c9", 0.0),
    ("SB", "1.sb1 5.r9!", 29.0),
    ("BB", "2.bb2 6.f", 0.0),
)
# The same with SB all in to 10: a raise of 4, a full raise, which reopens the betting.
FULL_ALL_IN = hand(
    ("UTG", "3.r6 7.c10", 0.0),
    ("BTN", "4.c6 8.c10", 0.0),
    ("SB", "1.sb1 5.r10!", 32.0),
    ("BB", "2.bb2 6.f", 0.0),
)
# UTG limps, SB goes all in to 3 (a raise of 1 over the big blind's 2): short, so UTG, who
# has acted, faces one raise but may not re-raise: no 3-bet chance.
LIMP_THEN_SHORT_ALL_IN = hand(
    ("UTG", "3.c2 6.c3", 0.0),
    ("SB", "1.sb1 4.r3!", 8.0),
    ("BB", "2.bb2 5.f", 0.0),
)


def test_a_short_all_in_raise_does_not_reopen_the_betting() -> None:
    short = both(SHORT_ALL_IN)
    # SB re-raised a single raise: a 3-bet, short or not
    assert (short["SB"]["three_bet_chance"], short["SB"]["three_bet"]) == (True, True)
    # BB had not acted (a post is no action): it faced two raises and could raise
    assert (short["BB"]["four_bet_chance"], short["BB"]["four_bet"]) == (True, False)
    # UTG and BTN acted after the last full raise: no 4-bet chance
    assert (short["UTG"]["four_bet_chance"], short["UTG"]["four_bet"]) == (False, None)
    assert (short["BTN"]["four_bet_chance"], short["BTN"]["four_bet"]) == (False, None)
    # UTG still faced a 3-bet as the opener, and called it: no fold
    assert (short["UTG"]["fold_to_three_bet_chance"], short["UTG"]["fold_to_three_bet"]) == (
        True,
        False,
    )
    full = both(FULL_ALL_IN)
    assert (full["UTG"]["four_bet_chance"], full["BTN"]["four_bet_chance"]) == (True, True)
    limp = both(LIMP_THEN_SHORT_ALL_IN)
    assert (limp["UTG"]["three_bet_chance"], limp["UTG"]["three_bet"]) == (False, None)
    assert (limp["BB"]["three_bet_chance"], limp["BB"]["three_bet"]) == (True, False)


def test_bets_raises_and_calls_per_street_and_the_street_of_a_fold() -> None:
    stats = both(SHOWDOWN_ON_RIVER)
    # CO bets every street after the flop: 7.b8, 9.b20, 11.b40!
    co = [stats["CO"][f"{count}_{street}"] for street in ("flop", "turn", "river")
          for count in ("bets", "raises", "calls")]  # fmt: skip
    assert co == [1, 0, 0, 1, 0, 0, 1, 0, 0]
    # BTN calls the flop (8.c8), raises the turn (10.r60), calls the river (12.c40)
    btn = [stats["BTN"][f"{count}_{street}"] for street in ("flop", "turn", "river")
           for count in ("bets", "raises", "calls")]  # fmt: skip
    assert btn == [0, 0, 1, 0, 1, 0, 0, 0, 1]
    # the per-street counts add up to the postflop totals
    assert sum(btn[0::3]) == stats["BTN"]["bets"] and sum(btn[2::3]) == stats["BTN"]["calls"]
    folds = {seat: stats[seat]["fold_street"] for seat in ("CO", "BTN", "SB", "BB")}
    assert folds == {"CO": None, "BTN": None, "SB": "preflop", "BB": "preflop"}
    # a fold on the flop, and the preflop actions counted nowhere per street
    limp = both(LIMP_THEN_RAISE)
    assert (limp["UTG"]["fold_street"], limp["UTG"]["calls_flop"]) == ("flop", 0)
    assert (limp["BTN"]["bets_flop"], limp["BTN"]["raises_turn"]) == (1, 0)


def test_a_round_sheet_without_actions_has_null_statistics() -> None:
    rows = pl.DataFrame({"round": ["1", "1"], "player": ["Ann", "Bob"], "won": [1.0, 0.0]})
    stats = with_tracker_stats(rows, hand=HAND)
    assert stats.select(*TRACKER_STATS).null_count().row(0) == (2,) * len(TRACKER_STATS)
    sheet = rows.with_columns(pl.lit(None, pl.String).alias("actions"), round=pl.lit("2"))
    mixed = pl.concat([WALK, sheet], how="diagonal")
    assert with_tracker_stats(mixed, hand=HAND)["vpip"].to_list()[-2:] == [None, None]


@pytest.mark.parametrize(
    "name", ["pokerstars_omaha.txt", "pokerstars_mixed.txt", "games.phhs"], ids=str
)
def test_every_game_we_read_agrees_with_the_reference_through_the_job(name: str) -> None:
    """Omaha, Omaha Hi/Lo, short deck (PHH) and the mixed games' hands: the same streets, the
    same definitions, the Parquet's columns as the reference walks them."""
    path = DATA / name
    poker = scored_frames(score_source(read_source(path), NO_OPTIONS, name))["poker"]
    hand_key = ("source_file", "sheet", "tournament", "table", "round")
    expected = reference_stats(poker.drop(*EVERY_STAT), hand_key)
    for got, want in zip(
        poker.select("round", "player", *EVERY_STAT).to_dicts(),
        expected.select("round", "player", *EVERY_STAT).to_dicts(),
        strict=True,
    ):
        assert got == want, f"{name}: hand {got['round']} {got['player']}: {got} != {want}"
    assert poker["vpip"].is_not_null().any(), name


def test_the_two_agree_on_the_whole_pokerstars_corpus() -> None:
    if not POKERSTARS.is_dir():
        pytest.skip(f"{POKERSTARS} is absent (the public corpora are not copied into the project)")
    key = ("tournament", "table", "round")
    rows = []
    for path in sorted(POKERSTARS.rglob("*.txt")):
        data = path.read_bytes()
        if not sniff_pokerstars(decode_text(data[:8192]).lstrip("\ufeff")):
            continue
        log = drop_repeated_hands(read_pokerstars(data, path.name), path.name).rows
        rows.append(
            log.select(
                pl.lit(path.relative_to(POKERSTARS).as_posix()).alias("source_file"),
                *key[:-1],
                pl.col("hand_id").alias("round"),
                "player",
                "actions",
                "won",
                position(pl.col("seat"), pl.col("button"), ["hand_id", *key[:-1]]).alias(
                    "position"
                ),
            )
        )
    corpus = pl.concat(rows)
    hand_key = ("source_file", *key)
    fast = with_tracker_stats(corpus, hand=hand_key)
    slow = reference_stats(corpus, hand_key)
    differ = fast.with_row_index("index").filter(
        pl.any_horizontal(pl.col(name).ne_missing(slow[name]) for name in EVERY_STAT)
    )
    hands = corpus.select(hand_key).n_unique()
    assert hands > 32_000
    assert differ.height == 0, differ.select("source_file", "round", "player", "actions").head(10)
