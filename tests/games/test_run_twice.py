"""A board run twice or three times (issue 32): read, not left out; every runout's board in
``run_boards``; each run a showdown for its part of the pot, scored, audited, and checked
against pokerkit (which deals several runouts) and the tests' own scalar oracle
(``tests/reference.py``), each run judged apart.

The sample (``tests/data/hand_histories/pokerstars_run_twice.txt``, written by hand in
PokerStars' grammar): hand 1 run twice from the river (Bob's full house takes run one, Cid's
jacks run two), hand 2 run three times from preflop (Bob's kings take run one, Ann's aces the
other two).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import polars as pl
import pytest
from pokerkit import Automation, Mode, NoLimitTexasHoldem

from pipeline.games.base import EquityOptions, ScoringOptions
from pipeline.games.layouts import HAND_LOG, Layout
from pipeline.games.poker.logs.hand_log_game import score_hand_log
from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts, run_shares
from pipeline.records import HandLog
from pipeline.records.hand_log import RUN_SEPARATOR
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites.text.kingsclub import KINGSCLUB
from pipeline.sources.pokerstars import read_pokerstars
from tests.games.stud_draw_logs import log_sheet
from tests.reference import reference_key
from tests.sources.test_corpora import CORPORA, corpus

SAMPLE = Path(__file__).parents[1] / "data" / "hand_histories" / "pokerstars_run_twice.txt"
RUN_TWICE, RUN_THRICE = "900000000001", "900000000002"


def sample(*, compiled: bool = True) -> HandLog:
    return read_pokerstars(SAMPLE.read_bytes(), SAMPLE.name, compiled=compiled)


def without_rake(log: HandLog) -> HandLog:
    """Hand 1 as if no rake were taken: the whole $100.25 paid, $50.13 and $50.12."""
    paid = {"Bob": 50.13, "Cid": 50.12}
    return HandLog(
        log.rows.with_columns(
            pl.when(pl.col("hand_id") == RUN_TWICE)
            .then(pl.col("player").replace_strict(paid, default=0.0, return_dtype=pl.Float64))
            .otherwise(pl.col("won"))
            .alias("won")
        ),
        log.issues,
    )


def test_each_runout_board_is_read_in_order_and_the_board_is_the_first_run() -> None:
    rows = sample().rows.filter(~pl.col("folded"))
    assert rows.select("hand_id", "player", "board", "run_boards", "won").rows() == [
        (RUN_TWICE, "Bob", "3d 7s 3h 8h 6s", "3d 7s 3h 8h 6s | 3d 7s 3h 8h 5c", 49.13),
        (RUN_TWICE, "Cid", "3d 7s 3h 8h 6s", "3d 7s 3h 8h 6s | 3d 7s 3h 8h 5c", 49.12),
        (RUN_THRICE, "Ann", "2c 7d 9h Ks 3d",
         "2c 7d 9h Ks 3d | 4s 8c Tc Qh 2s | As 5c 6c Jd Js", 26.66),
        (RUN_THRICE, "Bob", "2c 7d 9h Ks 3d",
         "2c 7d 9h Ks 3d | 4s 8c Tc Qh 2s | As 5c 6c Jd Js", 13.34),
    ]  # fmt: skip


def test_the_hand_name_is_the_first_showdowns_and_no_hand_is_left_out() -> None:
    log = sample()
    assert log.issues.height == 0
    named = log.rows.filter(pl.col("stated_hand").is_not_null())
    assert named.select("player", "stated_hand").rows() == [
        ("Bob", "a full house, Sixes full of Threes"),
        ("Cid", "two pair, Jacks and Threes"),
        ("Ann", "a pair of Aces"),
        ("Bob", "three of a kind, Kings"),
    ]
    # the folded player saw no board, but the hand's runs are named on every row
    ann = log.rows.filter(pl.col("hand_id") == RUN_TWICE, pl.col("player") == "Ann")
    assert ann.select("board", "run_boards").row(0) == ("", "3d 7s 3h 8h 6s | 3d 7s 3h 8h 5c")


def test_the_compiled_scanner_hands_it_back_and_both_paths_agree() -> None:
    fast, reference = sample(compiled=True), sample(compiled=False)
    assert fast.rows.equals(reference.rows)
    assert fast.rows["run_boards"].null_count() == 0


def test_a_hand_run_once_has_no_run_boards() -> None:
    text = SAMPLE.read_text().split("\n\n\n\n")[0]
    second_showdown = text.index("*** SECOND SHOW DOWN ***")
    once = (
        (text[:second_showdown] + text[text.index("*** SUMMARY ***") :])
        .replace("*** FIRST RIVER ***", "*** RIVER ***")
        .replace("*** SECOND RIVER *** [3d 7s 3h 8h] [5c]\n", "")
        .replace("*** FIRST SHOW DOWN ***", "*** SHOW DOWN ***")
        .replace("Hand was run twice\nFIRST Board", "Board")
        .replace("SECOND Board [3d 7s 3h 8h 5c]\n", "")
    )
    assert "FIRST" not in once and "SECOND" not in once
    rows = read_pokerstars(once, "once.txt").rows
    assert rows["run_boards"].is_null().all()
    assert set(rows.filter(~pl.col("folded"))["board"]) == {"3d 7s 3h 8h 6s"}


def test_every_run_is_audited_and_a_wrong_award_is_named() -> None:
    issues, counts = audit_pots_with_counts(sample())
    assert issues.height == 0
    assert (counts.hands_audited, counts.pots_audited, counts.disagreements) == (2, 2, 0)
    swapped = sample().rows.with_columns(pl.col("won").reverse().over("hand_id"))
    issues, counts = audit_pots_with_counts(HandLog(swapped, sample().issues))
    assert counts.disagreements == 2
    assert issues["code"].to_list() == ["pot_disagreement"] * 2
    assert issues["message"][1] == (
        "hand 900000000002: log awards Ann 13.34, Bob 26.66; replay awards Ann 26.66, Bob 13.34"
    )


@pytest.mark.parametrize(
    ("amount", "runs", "unit", "shares"),
    [(10025, 2, 1, [5013, 5012]), (4000, 3, 1, [1334, 1333, 1333]), (700, 3, 100, [300, 200, 200])],
    ids=["odd cent to run one", "thirds", "whole chips"],
)
def test_a_pot_is_cut_in_equal_parts_the_odd_chips_to_the_earlier_runs(
    amount: int, runs: int, unit: int, shares: list[int]
) -> None:
    assert run_shares(amount, runs, unit) == shares


def _scored() -> pl.DataFrame:
    sheet = log_sheet(sample()).drop("played_at")
    options = ScoringOptions(equity=EquityOptions(enabled=True, samples=2_000))
    scored, issues = score_hand_log(sheet, Layout(HAND_LOG, {c: c for c in sheet.columns}), options)
    assert issues.height == 0, issues["message"].to_list()
    return scored


def test_each_run_is_named_and_a_win_of_any_run_is_a_win() -> None:
    scored = _scored().filter(~pl.col("folded"))
    assert scored.select(
        "round", "player", "hand", "rank", "winner", pl.col("share").round(4), "hand_detail"
    ).rows() == [
        (RUN_TWICE, "Bob", "Full House", 1, True, 0.5001,
         "run 1: Full House (Sixes over Threes); run 2: Two Pair (Sixes and Threes)"),
        (RUN_TWICE, "Cid", "Two Pair", 2, True, 0.4999,
         "run 1: Two Pair (Jacks and Threes); run 2: Two Pair (Jacks and Threes)"),
        (RUN_THRICE, "Ann", "Pair", 2, True, 0.6665,
         "run 1: Pair (Aces); run 2: Pair (Aces); run 3: Full House (Aces over Jacks)"),
        (RUN_THRICE, "Bob", "Three of a Kind", 1, True, 0.3335,
         "run 1: Three of a Kind (Kings); run 2: Pair (Kings); run 3: Two Pair (Kings and Jacks)"),
    ]  # fmt: skip


def test_the_win_chances_stop_where_the_runs_split() -> None:
    scored = _scored().filter(~pl.col("folded"))
    twice = scored.filter(pl.col("round") == RUN_TWICE)  # split at the river: the turn is shared
    assert twice["win_turn"].null_count() == 0 and twice["win_flop"].null_count() == 0
    thrice = scored.filter(pl.col("round") == RUN_THRICE)  # split before the flop
    assert thrice["win_preflop"].null_count() == 0
    assert thrice["win_flop"].is_null().all() and thrice["win_turn"].is_null().all()


# ------------------------------------------------------------- the references, run by run

RANKS, SUITS = "23456789TJQKA", "cdhs"


def card_id(card: str) -> int:
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def oracle_awards(rows: pl.DataFrame) -> dict[str, int]:
    """One pot (every player all in for the same), cut in equal parts per run, each part to
    the best hand on that run's board by the tests' own evaluator: cents per player."""
    pot = round(sum(rows["put_in"]) * 100)
    boards = rows["run_boards"][0].split(RUN_SEPARATOR)
    shown = rows.filter(~pl.col("folded"))
    awards = dict.fromkeys(rows["player"], 0)
    for board, share in zip(boards, run_shares(pot, len(boards), 1), strict=True):
        keys = {
            player: reference_key([card_id(c) for c in f"{hole} {board}".split()])
            for player, hole in shown.select("player", "hole").rows()
        }
        best = max(keys.values())
        winners = [player for player, key in keys.items() if key == best]
        for place, player in enumerate(winners):
            awards[player] += share // len(winners) + (place < share % len(winners))
    return awards


def test_each_run_judged_by_the_scalar_oracle_pays_what_the_log_pays() -> None:
    for hand_id, rows in without_rake(sample()).rows.group_by("hand_id", maintain_order=True):
        said = {player: round(won * 100) for player, won in rows.select("player", "won").rows()}
        assert oracle_awards(rows) == said, hand_id


def pokerkit_payoffs(hand_id: str) -> list[int]:
    """The hand dealt in pokerkit with its runouts, in cents (players SB, BB, button order)."""
    with warnings.catch_warnings():
        # the cards pokerkit burns, drawn at random, may be ones the log deals after: it warns
        warnings.simplefilter("ignore", UserWarning)
        return _pokerkit_payoffs(hand_id)


def _pokerkit_payoffs(hand_id: str) -> list[int]:
    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )  # fmt: skip
    if hand_id == RUN_TWICE:
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, (25, 50), 50, (5000, 5000, 5000), 3, mode=Mode.CASH_GAME
        )
        for hole in ("9c 2d", "6d 6c", "Jh Js"):  # Ann (her cards never shown), Bob, Cid
            state.deal_hole(hole)
        state.complete_bet_or_raise_to(150)  # Cid
        state.fold()  # Ann
        state.check_or_call()  # Bob
        state.deal_board("3d 7s 3h")
        state.check_or_call()
        state.complete_bet_or_raise_to(200)
        state.check_or_call()
        state.deal_board("8h")
        state.complete_bet_or_raise_to(4650)
        state.check_or_call()
        runs = 2
        boards: tuple[str, ...] = ("6s", "5c")
    else:  # heads-up: pokerkit's player 0 is the big blind, Bob
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, (25, 50), 50, (2000, 2000), 2, mode=Mode.CASH_GAME
        )
        state.deal_hole("Kc Kd")
        state.deal_hole("Ah Ad")
        state.complete_bet_or_raise_to(2000)  # Ann
        state.check_or_call()
        runs = 3
        boards = ("2c 7d 9h", "Ks", "3d", "4s 8c Tc", "Qh", "2s", "As 5c 6c", "Jd", "Js")
    for _ in range(len(state.player_indices)):
        if state.can_select_runout_count():
            state.select_runout_count(runs)
    for cards in boards:
        state.deal_board(cards)
    assert not state.status
    return list(state.payoffs)


@pytest.mark.parametrize("hand_id", [RUN_TWICE, RUN_THRICE], ids=["twice", "three times"])
def test_pokerkit_dealing_the_runouts_pays_what_the_log_pays(hand_id: str) -> None:
    rows = without_rake(sample()).rows.filter(pl.col("hand_id") == hand_id)
    net = {player: round((won - put) * 100) for player, won, put in rows.select(
        "player", "won", "put_in").rows()}  # fmt: skip
    order = ["Ann", "Bob", "Cid"] if hand_id == RUN_TWICE else ["Bob", "Ann"]
    assert dict(zip(order, pokerkit_payoffs(hand_id), strict=True)) == net
    issues, counts = audit_pots_with_counts(HandLog(rows, sample().issues.clear()))
    assert (issues.height, counts.hands_audited) == (0, 1)


def test_a_run_writes_run_boards_to_the_parquet_and_the_workbook(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    from tests.helpers import run_cli

    (tmp_path / "in").mkdir()
    (tmp_path / "in" / SAMPLE.name).write_bytes(SAMPLE.read_bytes())
    result = run_cli("run", str(tmp_path / "in"), "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    parquet = next((tmp_path / "out").rglob("*.poker.parquet"))
    rows = pl.read_parquet(parquet)
    assert rows.columns[-1] == "run_boards"
    bob = rows.filter(pl.col("round") == RUN_THRICE, pl.col("player") == "Bob")
    assert bob["run_boards"].item() == "2c 7d 9h Ks 3d | 4s 8c Tc Qh 2s | As 5c 6c Jd Js"
    assert bob["winner"].item() is True
    book = load_workbook(next((tmp_path / "out").rglob("*.xlsx")), read_only=True)
    cells = [
        str(cell) for sheet in book.worksheets for row in sheet.iter_rows(values_only=True)
        for cell in row if cell is not None
    ]  # fmt: skip
    assert "run_boards" in cells
    assert "3d 7s 3h 8h 6s | 3d 7s 3h 8h 5c" in cells


def test_every_pokerstars_corpus_hand_run_twice_is_read_and_audited() -> None:
    files = [
        path
        for path in corpus(CORPORA / "pokerstars", "*.txt")
        if b"\nHand was run " in path.read_bytes()
    ]
    hands = audited = 0
    for path in files:
        log = read_pokerstars(path.read_bytes(), path.name)
        assert "run_it_twice" not in log.issues["code"].to_list(), path
        runs = log.rows.filter(pl.col("run_boards").is_not_null())
        issues, counts = audit_pots_with_counts(HandLog(runs, log.issues.clear()))
        assert issues.height == 0, (path.name, issues["message"].to_list())
        hands += runs["hand_id"].n_unique()
        audited += counts.hands_audited
    assert hands > 0 and audited == hands


KINGSCLUB_RUN_TWICE = """#4000001: No Limit Holdem - 125/250
2021-02-01 20:00:00
Table 'Runner' Seat 1 is the button
Seat 1: Ann (10,000)
Seat 2: Bob (10,000)
Ann: posts the small blind 125
Bob: posts the big blind 250
*** HOLE CARDS ***
Dealt to Ann: [Ah Ad]
Dealt to Bob: [X X]
Ann raises to 750
Bob calls 750
*** FLOP *** [3h Qc 4s]
Bob bets 9,250, and is all in
Ann calls 9,250, and is all in
Ann shows [Ah Ad]
Bob shows [Qd Qs]
*** BOARD 1 - RIVER *** [3h Qc 4s 4c] [Kh]
*** BOARD 2 - RIVER *** [- - - 5d] [Ac]
*** SUMMARY ***
Seat 1: Ann (10,000) +0
Seat 2: Bob (10,000) +0
Rake 0
Bob wins pot (10,000)
Ann wins pot (10,000)
"""


def test_a_site_writing_a_dash_for_a_shared_card_gives_each_run_its_whole_board() -> None:
    # KingsClub's second board names only its own cards: "[- - - 5d] [Ac]" after the flop
    log = read_text_site(KINGSCLUB, KINGSCLUB_RUN_TWICE, "kc.txt")
    assert log.issues.height == 0
    assert log.rows.select("player", "board", "run_boards", "won").rows() == [
        ("Ann", "3h Qc 4s 4c Kh", "3h Qc 4s 4c Kh | 3h Qc 4s 5d Ac", 10000.0),
        ("Bob", "3h Qc 4s 4c Kh", "3h Qc 4s 4c Kh | 3h Qc 4s 5d Ac", 10000.0),
    ]
    issues, counts = audit_pots_with_counts(log)  # Bob's queens full, then Ann's aces
    assert (issues.height, counts.hands_audited) == (0, 1)
