"""Pot audit: replayed awards agree with the hand-written logs, and a wrong award is caught."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.games.poker.pots import pot_audit
from pipeline.games.poker.pots.pot_audit import audit_pots, audit_pots_with_counts
from pipeline.games.poker.variants import rules_of_games
from pipeline.records import HandLog, Issues
from pipeline.sources.hand_histories import read_phh
from pipeline.sources.pokerstars import read_pokerstars, read_pokerstars_reference

DATA = Path(__file__).parent.parent / "data" / "hand_histories"
TEXT = (DATA / "pokerstars_mixed.txt").read_text(encoding="utf-8")


def test_fixture_agrees() -> None:
    issues, counts = audit_pots_with_counts(read_pokerstars(TEXT, "f.txt"))
    assert issues.height == 0
    # 1001 heads-up showdown, 1002 main + side pot, 1003 split; 2002 Eve mucked: not audited.
    assert (counts.hands, counts.showdowns, counts.pots, counts.pots_audited) == (5, 4, 5, 4)
    assert (counts.hands_audited, counts.disagreements) == (3, 0)


def test_odd_chip_to_the_wrong_player_is_a_disagreement() -> None:
    text = TEXT.replace("Dee collected 27", "Dee collected 26").replace(
        "Ann collected 26", "Ann collected 27"
    )
    issues = audit_pots(read_pokerstars(text, "f.txt"))
    assert issues.select("line", "hand_id", "code").rows() == [(76, "1003", "pot_disagreement")]
    assert "Ann 27" in issues["message"][0] and "Dee 27" in issues["message"][0]


def test_side_pot_to_the_wrong_player_is_a_disagreement() -> None:
    text = TEXT.replace("Bob Smith collected 600 from side pot", "Dee collected 600 from side pot")
    issues, counts = audit_pots_with_counts(read_pokerstars(text, "f.txt"))
    assert issues["hand_id"].to_list() == ["1002"]
    assert counts.disagreements == 1


def test_rake_is_tolerated_but_not_a_wrong_winner() -> None:
    hand = TEXT.split("\n\n\n\n")[0].replace("Rake 0", "Rake 10")
    raked = hand.replace("Ann collected 290", "Ann collected 280")
    assert audit_pots(read_pokerstars(raked, "f.txt")).height == 0
    wrong = hand.replace("Ann collected 290", "Cy: the [Kid] collected 280")
    assert audit_pots(read_pokerstars(wrong, "f.txt")).height == 1


def test_phh_side_pot() -> None:
    text = (DATA / "nt_showdown.phh").read_text(encoding="utf-8")
    issues, counts = audit_pots_with_counts(read_phh(text, "nt.phh"))
    assert issues.height == 0
    assert (counts.pots_audited, counts.disagreements) == (2, 0)
    wrong = text.replace("finishing_stacks = [2400, 0, 1000]", "finishing_stacks = [1600, 0, 1800]")
    assert audit_pots(read_phh(wrong, "nt.phh")).height == 1


def test_the_logs_hand_names_are_read_and_checked_against_ours() -> None:
    log = read_pokerstars(TEXT, "f.txt")
    stated = log.rows.filter(pl.col("hand_id") == "1001").sort("seat")["stated_hand"].to_list()
    assert stated == ["a pair of Kings", None, "a pair of Queens", None]
    _, counts = audit_pots_with_counts(log)
    # Eight shown hands carry PokerStars' name: pairs, trips, high card, Royal Flush.
    assert (counts.names_checked, counts.name_disagreements) == (8, 0)


def test_a_hand_name_of_another_category_is_an_audit_issue() -> None:
    text = TEXT.replace(
        "Ann: shows [Ah Kh] (a pair of Kings)",
        "Ann: shows [Ah Kh] (a full house, Sevens full of Jacks)",
    )
    for reader in (read_pokerstars, read_pokerstars_reference):
        issues, counts = audit_pots_with_counts(reader(text, "f.txt"))
        assert issues.select("line", "hand_id", "code", "value").rows() == [
            (1, "1001", "hand_name_disagreement", "a full house, Sevens full of Jacks")
        ], reader
        assert issues["message"][0] == (
            "hand 1001: the log names Ann's Ah Kh 2c 7d Kd 9s 3h 'a full house, Sevens full "
            "of Jacks' (Full House); the evaluator makes it Pair"
        )
        assert counts.name_disagreements == 1


def _counts_both_ways(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Counts of the all-at-once single-pot pass, and of the per-hand replay on the same hands."""
    rows = read_pokerstars(text, "f.txt").rows
    rows = rows.with_columns(pl.col("line").rank("dense").alias("_hand"))
    hands = rows.filter((~pl.col("folded")).sum().over("_hand") >= 2)
    shown = ~pl.col("mucked") & ~pl.col("folded")
    cards = hands.select(pl.when(shown).then(pl.concat_str("hole", "board", separator=" ")))
    hands = hands.with_columns(
        pot_audit.strengths_of(cards.to_series(), sizes=(7,)).alias("strength")
    )
    vectorised = pot_audit.PotAuditCounts()
    left = pot_audit._audit_single_pots(hands, vectorised)
    settled = hands.filter(~pl.col("_hand").is_in(left["_hand"].implode()))
    scalar = pot_audit.PotAuditCounts()
    columns = {name: settled[name].to_list() for name in settled.columns}
    runs, strengths = columns["_hand"], columns["strength"]
    for run in sorted(set(runs)):
        start, end = runs.index(run), len(runs) - runs[::-1].index(run)
        pot_audit._audit_hand(columns, strengths, start, end, scalar, Issues())
    return (
        (vectorised.pots, vectorised.pots_audited, vectorised.hands_audited),
        (scalar.pots, scalar.pots_audited, scalar.hands_audited),
    )


def test_the_single_pot_pass_agrees_with_the_per_hand_replay() -> None:
    texts = [
        TEXT,
        TEXT.replace("Rake 0", "Rake 10"),
        TEXT.replace("Dee collected 27", "Dee collected 26").replace(
            "Ann collected 26", "Ann collected 27"
        ),
    ]
    for text in texts:
        vectorised, scalar = _counts_both_ways(text)
        assert vectorised == scalar
    assert _counts_both_ways(TEXT)[0][2] >= 2  # hands 1001 and 1003 take the single-pot pass


# Every game's pots: tests/data/hand_histories/pokerstars_omaha_pots.txt (written by hand, the
# arithmetic in each test) and games_pots.phhs (the same situations played through pokerkit,
# tests/data/make_phh_games.py).
POTS = (DATA / "pokerstars_omaha_pots.txt").read_text(encoding="utf-8")
PHH_POTS = (DATA / "games_pots.phhs").read_text(encoding="utf-8")


def _hand(text: str, hand_id: str) -> str:
    """The one PokerStars hand of ``text`` with this number."""
    return next(hand for hand in text.split("\n\n\n\n") if f"Hand #{hand_id}:" in hand)


def _disagreements(text: str) -> list[tuple[str, str]]:
    issues = audit_pots(read_pokerstars(text, "pots.txt"))
    return issues.select("hand_id", "message").rows()


def test_every_pot_of_every_game_agrees_where_the_log_is_right() -> None:
    issues, counts = audit_pots_with_counts(read_pokerstars(POTS, "pots.txt"))
    assert issues.height == 0, issues["message"].to_list()
    # 7101 a main and a side pot, 7102, 7103 and 7104 one pot each: all shown, all audited
    assert (counts.hands, counts.pots, counts.pots_audited, counts.hands_audited) == (4, 5, 5, 4)
    # every HI and LO name PokerStars wrote is ours (the lows of 7101 and 7104 included)
    assert (counts.names_checked, counts.name_disagreements) == (10, 0)


def test_a_quartered_hi_lo_pot_gives_its_odd_chip_left_of_the_button() -> None:
    # 7104: 74 chips; the high half 37 to Dee, the low half 37 tied by Cy and Dee: 18 each and
    # the odd chip to Cy (seat 3, first left of the button on seat 1).  Cy 19, Dee 37 + 18.
    hand = _hand(POTS, "7104")
    odd_to_dee = hand.replace("Cy collected 19", "Cy collected 18").replace(
        "Dee collected 18", "Dee collected 19"
    )
    assert _disagreements(odd_to_dee) == [
        ("7104", "hand 7104: log awards Cy 18, Dee 56; replay awards Cy 19, Dee 55")
    ]
    # the odd chip of the halves: 37/37 here; paying the low half 38 is caught too
    low_heavy = hand.replace("Dee collected 37", "Dee collected 36").replace(
        "Cy collected 19", "Cy collected 20"
    )
    assert [hand_id for hand_id, _ in _disagreements(low_heavy)] == ["7104"]


def test_a_hi_lo_pot_with_no_low_is_scooped_by_the_high() -> None:
    # 7103: 195 chips, no low on a board with one card below 9: Ann's straight takes them all.
    halved = _hand(POTS, "7103").replace(
        "Ann collected 195 from pot", "Ann collected 98 from pot\nBob Smith collected 97 from pot"
    )
    assert _disagreements(halved) == [
        ("7103", "hand 7103: log awards Ann 98, Bob Smith 97; replay awards Ann 195")
    ]


def test_a_side_pot_is_halved_only_when_its_own_contenders_hold_a_low() -> None:
    # 7101: Ann all-in for 200 holds the only low.  Main pot 600: Bob's high 300, Ann's low 300.
    # Side pot 600, Bob and Cy with no low between them: Bob scoops it.
    hand = _hand(POTS, "7101")
    halved_side = hand.replace(
        "Bob Smith collected 600 from side pot",
        "Bob Smith collected 300 from side pot\nAnn collected 300 from side pot",
    )
    replay = "replay awards Ann 300, Bob Smith 900"
    assert _disagreements(halved_side) == [
        ("7101", f"hand 7101: log awards Ann 600, Bob Smith 600; {replay}")
    ]
    to_cy = hand.replace("Bob Smith collected 600 from side pot", "Cy collected 600 from side pot")
    assert _disagreements(to_cy) == [
        ("7101", f"hand 7101: log awards Ann 300, Bob Smith 300, Cy 600; {replay}")
    ]


def test_omaha_plays_two_hole_cards_never_a_board_four_flush() -> None:
    # 7102: board Ah 9h 6h 2h Kc; Ann's one heart (Qh) is no flush in Omaha (a best five of all
    # nine cards would make it one and pay her): Bob's three Kings win, and "high card Ace" is
    # the log's right name for Ann's hand.
    hand = _hand(POTS, "7102")
    issues, counts = audit_pots_with_counts(read_pokerstars(hand, "pots.txt"))
    assert issues.height == 0 and counts.names_checked == 2
    holdem_style = hand.replace("Bob Smith collected 410", "Ann collected 410")
    assert _disagreements(holdem_style) == [
        ("7102", "hand 7102: log awards Ann 410; replay awards Bob Smith 410")
    ]
    flush_named = hand.replace("(high card Ace)", "(a flush, Ace high)", 1)
    issues = audit_pots(read_pokerstars(flush_named, "pots.txt"))
    assert issues["code"].to_list() == ["hand_name_disagreement"]
    assert issues["message"][0].endswith("(Flush); the evaluator makes it High Card")


def test_pokerkits_hands_of_every_game_pot_by_pot() -> None:
    """The same situations played through pokerkit: its awards are the replay's, except the
    short-deck straight against trips, which pokerkit ranks the other way (its rule set)."""
    log = read_phh(PHH_POTS, "pots.phhs")
    issues, counts = audit_pots_with_counts(log)
    assert (counts.pots, counts.pots_audited, counts.hands_audited) == (5, 5, 4)
    assert issues["code"].to_list() == ["pot_disagreement"]
    assert issues["message"][0] == "hand pots.phhs#4: log awards Ann 6; replay awards Bob 6"
    other_rule = rules_of_games({"Short Deck": "straight-over-trips"})
    assert audit_pots(log, other_rule).height == 0


def test_a_phh_quartered_pot_and_side_pot_paid_wrongly_are_caught() -> None:
    # 3: 7 chips, Ann's small blind dead: Dee's high 4, the low 3 quartered Bob 2, Dee 1.
    odd_to_dee = PHH_POTS.replace(
        "finishing_stacks = [99, 100, 98, 103]", "finishing_stacks = [99, 99, 98, 104]"
    )
    assert _phh_disagreements(odd_to_dee, "pots.phhs#3") == [
        "hand pots.phhs#3: log awards Bob 1, Dee 6; replay awards Bob 2, Dee 5"
    ]
    # 1: the side pot (4 chips, no low between Bob and Cy) halved with Cy
    halved_side = PHH_POTS.replace(
        "finishing_stacks = [6, 104, 94]", "finishing_stacks = [6, 102, 96]"
    )
    assert _phh_disagreements(halved_side, "pots.phhs#1") == [
        "hand pots.phhs#1: log awards Ann 6, Bob 8, Cy 2; replay awards Ann 6, Bob 10"
    ]


def _phh_disagreements(text: str, hand_id: str) -> list[str]:
    """The pot disagreements of one hand of a PHH text (the short-deck hand, #4, has its own)."""
    issues = audit_pots(read_phh(text, "pots.phhs"))
    wrong = issues.filter((pl.col("code") == "pot_disagreement") & (pl.col("hand_id") == hand_id))
    return wrong["message"].to_list()


def test_a_hand_of_a_game_we_do_not_score_is_left_unaudited_not_a_crash() -> None:
    # The sources name such variants (unsupported_variant) and keep their hands out; a log
    # that holds them anyway is counted, not audited, and raises nothing.
    log = read_pokerstars(POTS, "pots.txt")
    razz = log.rows.with_columns(pl.lit("Razz Limit").alias("variant"))
    issues, counts = audit_pots_with_counts(HandLog(razz, log.issues))
    assert issues.height == 0
    assert (counts.hands, counts.showdowns, counts.hands_audited, counts.names_checked) == (
        4,
        4,
        0,
        0,
    )
