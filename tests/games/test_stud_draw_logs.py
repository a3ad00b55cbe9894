"""Stud, Razz and the draw games from hand logs (issue 34): the rows a reader gives in the
contract's shape (``tests/games/stud_draw_logs.py``, written by hand) scored, their stud
streets' win chances with every up card seen counted dead, and their pots audited (antes,
bring-in, completion, limit bets, hi/lo halves, stud's odd chip by the cards)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import polars as pl
import pytest

from pipeline.core.cards import parse_cards
from pipeline.core.probability.stud_equity import stud_equity
from pipeline.core.rules import RAZZ, STUD
from pipeline.games.base import EquityOptions, ScoringOptions
from pipeline.games.layouts import HAND_LOG, Layout
from pipeline.games.poker.equity.stud_streets import STUD_EQUITY_COLUMNS
from pipeline.games.poker.logs.hand_log_game import score_hand_log
from pipeline.games.poker.pots.pot_audit import audit_pots, audit_pots_with_counts
from tests.games.stud_draw_logs import Changes, log_sheet, stud_draw_log
from tests.helpers import run_cli

OMAHA = Path(__file__).parents[1] / "data" / "hand_histories" / "pokerstars_omaha.txt"

WITH_EQUITY = ScoringOptions(equity=EquityOptions(enabled=True, samples=2_000))


def _scored(*hand_ids: str, options: ScoringOptions = WITH_EQUITY) -> pl.DataFrame:
    sheet = log_sheet(stud_draw_log(*hand_ids))
    scored, issues = score_hand_log(sheet, Layout(HAND_LOG, {c: c for c in sheet.columns}), options)
    assert issues.height == 0, issues["message"].to_list()
    return scored


def test_each_hand_is_named_ranked_and_paid_under_its_game() -> None:
    scored = _scored(options=ScoringOptions())
    names = scored.filter(pl.col("hand").is_not_null())
    assert names.select("round", "player", "game", "hand", "hand_detail", "best_five").rows() == [
        ("S1", "Ann", "7 Card Stud", "Pair", "Pair (Aces)", "As Ad Qs 9h 7c"),
        ("S1", "Cy", "7 Card Stud", "Three of a Kind", "Three of a Kind (Kings)", "Ks Kh Kd Jc 8h"),
        ("S2", "Ann", "Razz", "6 low", "6-4 low", "6s 4s 3d 2c Ah"),
        ("S2", "Bob", "Razz", "9 low", "9-7 low", "9c 7d 5c 3h 2h"),
        ("S2", "Cy", "Razz", "mucked", None, None),
        ("S3", "Ann", "7 Card Stud Hi/Lo", "Pair", "Pair (Kings)", "Kh Kd Ac 8h 4d"),
        ("S3", "Bob", "7 Card Stud Hi/Lo", "Three of a Kind", "Three of a Kind (Queens)",
         "Qs Qd Qc Js 9d"),
        ("S4", "Ann", "7 Card Stud", "Straight", "Straight (Nine high)", "9h 8d 7c 6h 5s"),
        ("S4", "Bob", "7 Card Stud", "Straight", "Straight (Nine high)", "9s 8c 7d 6s 5c"),
        ("D1", "Ann", "Triple Draw 2-7 Lowball", "7 low", "Number one", "7c 5d 4h 3s 2c"),
        ("D1", "Bob", "Triple Draw 2-7 Lowball", "8 low", "8-6 low", "8s 6h 4d 3c 2d"),
        ("D2", "Ann", "Badugi", "Badugi", "a 4-3-2-A badugi", "4s 3h 2d Ac"),
        ("D2", "Bob", "Badugi", "Badugi", "a 4-3-2-A badugi", "4d 3c 2h As"),
    ]  # fmt: skip
    # share is the log's part of the chips paid (S3: 347 and 348 of 695); a mucked hand has
    # no rank, and without a full showdown a place is kept only where the award agrees
    verdicts = scored.select(
        "round", "player", "rank", "winner", pl.col("share").round(4), "low_hand", "low_winner"
    )
    assert verdicts.rows() == [
        ("S1", "Ann", 2, False, 0.0, None, None),
        ("S1", "Bob", None, False, 0.0, None, None),
        ("S1", "Cy", 1, True, 1.0, None, None),
        ("S1", "Dee", None, False, 0.0, None, None),
        ("S2", "Ann", 1, True, 1.0, None, None),
        ("S2", "Bob", 2, False, 0.0, None, None),
        ("S2", "Cy", None, False, 0.0, None, None),
        ("S3", "Ann", 2, False, 0.4993, "8-4-3-2-A", True),
        ("S3", "Bob", 1, True, 0.5007, None, False),
        ("S3", "Cy", None, False, 0.0, None, None),
        ("S4", "Ann", 1, True, 0.4992, None, None),
        ("S4", "Bob", 1, True, 0.5008, None, None),
        ("S4", "Cy", None, False, 0.0, None, None),
        ("D1", "Ann", 1, True, 1.0, None, None),
        ("D1", "Bob", 2, False, 0.0, None, None),
        ("D1", "Cy", None, False, 0.0, None, None),
        ("D2", "Ann", 1, True, 0.5, None, None),
        ("D2", "Bob", 1, True, 0.5, None, None),
    ]


def test_a_stud_hand_has_no_position_and_a_draw_hand_its_blinds() -> None:
    scored = _scored("S1", "D1", "D2", options=ScoringOptions())
    assert scored.select("round", "player", "position").rows() == [
        ("S1", "Ann", None), ("S1", "Bob", None), ("S1", "Cy", None), ("S1", "Dee", None),
        ("D1", "Ann", "SB"), ("D1", "Bob", "BB"), ("D1", "Cy", "BTN"),
        ("D2", "Ann", "BTN"), ("D2", "Bob", "BB"),
    ]  # fmt: skip


def _cards(text: str) -> list[int]:
    return [int(card) for card in parse_cards(text.split())]


def test_stud_streets_count_every_up_card_seen_dead_as_a_broadcast_does() -> None:
    # S1: Bob (2d) and Dee (5h) folded on third street, their hole cards never shown: both up
    # cards are dead from third street on.  Fifth and sixth street heads-up are exact.
    scored = _scored("S1").sort("player")
    ann, cy = _cards("As Ad 7c 9h Qs 3c 5d"), _cards("Kd Ks Kh 2s 8h Jc 4c")
    dead = _cards("2d 5h")
    for column, known in (("win_fifth", 5), ("win_sixth", 6)):
        expected = stud_equity([ann[:known], cy[:known]], dead, rules=STUD)
        assert expected.exact
        figures = scored.filter(pl.col("player").is_in(["Ann", "Cy"]))[column].to_list()
        assert figures == pytest.approx((100 * expected.equity).tolist()), column
        # the dead cards matter: without them the figure is another
        alive = stud_equity([ann[:known], cy[:known]], [], rules=STUD)
        assert figures != pytest.approx((100 * alive.equity).tolist()), column
    folded = scored.filter(pl.col("player").is_in(["Bob", "Dee"]))
    assert folded.select(STUD_EQUITY_COLUMNS).null_count().row(0) == (2, 2, 2, 2)


def test_a_mucked_stud_hands_up_cards_are_dead_as_far_as_dealt() -> None:
    # S2 (Razz): Cy stayed to the end and mucked; his up cards 4d 6c Tc Th were seen one a
    # street: on fifth street the first three are dead, on sixth all four.  He gets no figure.
    scored = _scored("S2").sort("player")
    ann, bob = _cards("Ah 2c 3d 4s 8h Kc 6s"), _cards("5c 7d 2h 3h 9c Qd Jd")
    up = _cards("4d 6c Tc Th")
    for column, known, seen in (("win_fifth", 5, 3), ("win_sixth", 6, 4)):
        expected = stud_equity([ann[:known], bob[:known]], up[:seen], rules=RAZZ)
        assert expected.exact
        assert scored[column].to_list()[:2] == pytest.approx((100 * expected.equity).tolist())
        assert scored[column].to_list()[2] is None


def test_the_draw_games_have_no_win_chance() -> None:
    scored = _scored("D1", "D2")
    figures = [name for name in scored.columns if name.startswith("win_")]
    assert figures  # the board's streets are there, blank, as in every log
    assert scored.select(figures).null_count().row(0) == (scored.height,) * len(figures)


def test_an_all_in_without_a_board_has_no_board_equity() -> None:
    # all_in_ev is the equity over the board to come: none in stud or a draw game
    changes: Changes = {
        ("S1", "Ann"): {"actions": "1.ante5 8.c40! / / / /"},
        ("D1", "Ann"): {"actions": "1.sb20 5.r240! / 6.dr2 / 10.dr1 / 14.dr0 18.sd"},
    }
    sheet = log_sheet(stud_draw_log("S1", "D1", changes=changes))
    layout = Layout(HAND_LOG, {c: c for c in sheet.columns})
    scored, _ = score_hand_log(sheet, layout, WITH_EQUITY)
    assert scored["all_in_ev"].null_count() == scored.height


def test_every_pot_of_the_log_agrees_and_the_mucked_one_is_not_audited() -> None:
    issues, counts = audit_pots_with_counts(stud_draw_log())
    assert issues.height == 0, issues["message"].to_list()
    # S2's showdown has a mucked hand: the replay cannot judge it (as in the board games)
    assert (counts.showdowns, counts.hands_audited, counts.disagreements) == (6, 5, 0)
    assert counts.names_checked == 2  # S1's three Kings, S3's high half (the log's words)


def _disagreement(hand_id: str, changes: Changes) -> str:
    issues = audit_pots(stud_draw_log(hand_id, changes=changes))
    assert issues["code"].to_list() == ["pot_disagreement"], issues["message"].to_list()
    return str(issues["message"][0])


def test_a_stud_split_gives_the_odd_chip_to_the_highest_card_by_suit() -> None:
    # S4: 665 split by two Nine-high straights; Bob's 9s outranks Ann's 9h (Ann sits first)
    message = _disagreement("S4", {("S4", "Ann"): {"won": 333}, ("S4", "Bob"): {"won": 332}})
    assert message == "hand S4: log awards Ann 333, Bob 332; replay awards Ann 332, Bob 333"


def test_a_stud_hi_lo_pot_is_halved_with_the_odd_chip_high() -> None:
    odd_chip_low = {("S3", "Ann"): {"won": 348}, ("S3", "Bob"): {"won": 347}}
    assert _disagreement("S3", odd_chip_low).endswith("replay awards Ann 347, Bob 348")
    scooped = {("S3", "Ann"): {"won": 0}, ("S3", "Bob"): {"won": 695}}
    assert "log awards Bob 695; replay awards Ann 347, Bob 348" in _disagreement("S3", scooped)


def test_antes_and_the_bring_in_are_in_the_pot() -> None:
    # S1's pot is 670: the called bets (650), four antes and Bob's bring-in of 10.  A log that
    # counted Bob's ante alone (put in 5) pays more than the pot holds
    message = _disagreement("S1", {("S1", "Bob"): {"put_in": 5}})
    assert message == "hand S1: log awards Cy 670; replay awards Cy 660 (rake -10)"


def test_a_razz_or_badugi_pot_to_the_higher_hand_is_caught() -> None:
    # S2 with Cy's T-7 shown: the log paying Bob's 9-7 is caught
    razz: Changes = {
        ("S2", "Ann"): {"won": 0},
        ("S2", "Bob"): {"won": 975},
        ("S2", "Cy"): {"mucked": False, "hole": "4h 5h 4d 6c Tc Th 7h"},
    }
    assert _disagreement("S2", razz) == "hand S2: log awards Bob 975; replay awards Ann 975"
    # D2: Bob's 3c 4c are two clubs, a three-card hand: Ann's badugi takes the pot the log
    # split
    badugi = {("D2", "Bob"): {"hole": "As 2h 3c 4c"}}
    assert _disagreement("D2", badugi) == (
        "hand D2: log awards Ann 120, Bob 120; replay awards Ann 240"
    )


def _headers(book: Path) -> dict[str, bool]:
    """The log sheet's headers, each with whether its column is shown."""
    sheet = openpyxl.load_workbook(book, read_only=False).worksheets[0]
    return {
        str(cell.value): not sheet.column_dimensions[cell.column_letter].hidden for cell in sheet[1]
    }


def test_a_run_writes_the_stud_and_draw_facts_to_parquet_and_beside_the_cards(
    tmp_path: Path,
) -> None:
    # the reader's rows as a sheet of their own (a hand-log CSV): the job's whole path
    log_sheet(stud_draw_log()).write_csv(tmp_path / "mixed_log.csv")
    result = run_cli("run", str(tmp_path / "mixed_log.csv"), "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    rows = pl.read_parquet(tmp_path / "out" / "mixed_log.csv.poker.parquet")
    # the stud and draw facts last but issue 32's run_boards (null: no board run twice here)
    assert rows.columns[-6:-1] == ["bring_in", "small_bet", "big_bet", "up_cards", "draws"]
    assert rows.columns[-1] == "run_boards" and rows["run_boards"].is_null().all()
    facts = rows.filter(pl.col("player") == "Ann").select(
        "round", "cards", "bring_in", "small_bet", "big_bet", "up_cards", "draws"
    )
    assert facts.rows() == [
        ("S1", "As Ad 7c 9h Qs 3c 5d", 10.0, 40.0, 80.0, "7c 9h Qs 3c", None),
        ("S2", "Ah 2c 3d 4s 8h Kc 6s", 10.0, 40.0, 80.0, "3d 4s 8h Kc", None),
        ("S3", "Ac 2c 3s 4d 8h Kd Kh", 10.0, 40.0, 80.0, "3s 4d 8h Kd", None),
        ("S4", "9h 8d 7c 6h 5s 2c 3d", 10.0, 40.0, 80.0, "7c 6h 5s 2c", None),
        ("D1", "7c 5d 4h 3s 2c", None, 40.0, 80.0, None, "2 1 0"),
        ("D2", "Ac 2d 3h 4s", None, 40.0, 80.0, None, "1 0 0"),
    ]
    # a folded player's up cards are kept where the cards are not
    bob = rows.filter((pl.col("round") == "S1") & (pl.col("player") == "Bob"))
    assert bob.select("cards", "up_cards").row(0) == ("", "2d")
    headers = _headers(tmp_path / "out" / "mixed_log.csv.xlsx")
    order = list(headers)
    assert order[3:6] == ["hole", "up_cards", "draws"]
    assert headers["up_cards"] and headers["draws"] and not headers["board"]


def test_a_board_games_log_keeps_the_stud_and_draw_columns_out_of_sight(tmp_path: Path) -> None:
    result = run_cli("run", str(OMAHA), "-o", str(tmp_path), "--no-equity")
    assert result.returncode == 0, result.stdout + result.stderr
    headers = _headers(tmp_path / f"{OMAHA.name}.xlsx")
    assert headers["board"]
    assert [headers[name] for name in ("bring_in", "up_cards", "draws")] == [False] * 3


def test_a_stud_hi_lo_low_the_log_names_wrongly_is_a_hand_name_disagreement() -> None:
    wrong = {("S3", "Ann"): {"stated_hand": "HI: a pair of Kings; LO: 8,5,3,2,A"}}
    issues = audit_pots(stud_draw_log("S3", changes=wrong))
    assert issues["code"].to_list() == ["hand_name_disagreement"]
    assert "low 8-5-3-2-A" in issues["message"][0] and "low 8-4-3-2-A" in issues["message"][0]
