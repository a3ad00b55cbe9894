"""What the real stud and draw logs showed wrong (issue 34, read as the stats desk reads the
season), each on the hand-built hands of :mod:`tests.games.stud_draw_logs`:

- a hand whose winner's row the scorer rejects (a stud hand of six cards: PokerStars'
  ``Missing.Showdown.Card`` and a Triple Stud hand whose river card reads ``[of]``) paid the
  whole pot, as ``share``, to the loser left alone in the rows;
- a showdown that lost a row to an issue crowned the best of the hands left;
- a draw game's hand-name issue had no message (its board is null, and the cards were joined to
  it);
- Winamax names a 2-7 low as high poker names its five cards (``High card : King`` for our
  ``K low``): a wording, not a disagreement.
"""

from __future__ import annotations

import polars as pl

import pipeline.sources.hand_histories.sites  # noqa: F401  (the sites declare their wordings)
from pipeline.games.base import ScoringOptions
from pipeline.games.layouts import HAND_LOG, Layout
from pipeline.games.poker.logs.hand_log_game import score_hand_log
from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from tests.games.stud_draw_logs import Changes, log_sheet, stud_draw_log


def _scored(hand_id: str, changes: Changes) -> tuple[pl.DataFrame, pl.DataFrame]:
    sheet = log_sheet(stud_draw_log(hand_id, changes=changes))
    layout = Layout(HAND_LOG, {column: column for column in sheet.columns})
    return score_hand_log(sheet, layout, ScoringOptions())


def test_a_rejected_winner_leaves_the_loser_no_share_of_the_pot() -> None:
    # S1: Cy's three kings take 670; his seventh card is missing, so his row is rejected
    scored, issues = _scored("S1", {("S1", "Cy"): {"hole": "Kd Ks Kh 2s 8h Jc"}})
    assert issues["message"].to_list() == ["6 cards: expected 7 for 7 Card Stud"]
    ann = scored.filter(pl.col("player") == "Ann").select("won", "share", "winner", "rank")
    # Ann lost at showdown: the pot the log paid (to Cy) is none of hers
    assert ann.row(0) == (0.0, 0.0, False, None)
    assert scored["share"].sum() == 0.0  # Cy's share went out with his row


def test_a_showdown_that_lost_a_row_crowns_nobody_the_log_did_not_pay() -> None:
    # S2 with Cy showing his T-7: Ann's 6-4 wins, but her row is rejected (six cards); Bob's
    # 9-7 beats Cy's T-7 among the hands left, yet the log paid Bob nothing
    changes: Changes = {
        ("S2", "Ann"): {"hole": "Ah 2c 3d 4s 8h Kc"},
        ("S2", "Cy"): {"mucked": False, "hole": "4h 5h 4d 6c Tc Th 7h"},
    }
    scored, issues = _scored("S2", changes)
    assert issues.height == 1, issues["message"].to_list()
    verdicts = scored.sort("player").select("player", "winner", "share", "rank").rows()
    assert verdicts == [("Bob", False, 0.0, None), ("Cy", False, 0.0, None)]


def _named(changes: Changes) -> tuple[list[str | None], int, int]:
    issues, counts = audit_pots_with_counts(stud_draw_log("D1", changes=changes))
    names = issues.filter(pl.col("code") == "hand_name_disagreement")
    return names["message"].to_list(), counts.names_checked, counts.name_disagreements


def test_a_five_card_low_named_as_high_poker_is_the_same_hand() -> None:
    # D1 as Winamax words it: Ann's 7-5-4-3-2 "High card : 7", Bob's 8-6 "High card : 8"
    winamax: Changes = {
        ("D1", "Ann"): {"site": "Winamax", "stated_hand": "High card : 7"},
        ("D1", "Bob"): {"site": "Winamax", "stated_hand": "High card : 8"},
        ("D1", "Cy"): {"site": "Winamax"},
    }
    assert _named(winamax) == ([], 2, 0)


def test_a_draw_hands_name_disagreement_says_which_hand() -> None:
    # Ann's 7-5-4-3-2 is no pair, whatever the log says: the issue names her cards.  The job
    # hands the audit a draw hand's board as null (no cards), not ""
    wrong: Changes = {
        ("D1", "Ann"): {"site": "Winamax", "stated_hand": "One pair : 7", "board": None},
        ("D1", "Bob"): {"site": "Winamax", "board": None},
        ("D1", "Cy"): {"site": "Winamax", "board": None},
    }
    messages, checked, disagreements = _named(wrong)
    assert (checked, disagreements) == (1, 1)
    assert messages == [
        "hand D1: the log names Ann's 7c 5d 4h 3s 2c 'One pair : 7' (Pair); the evaluator "
        "makes it 7 low"
    ]
