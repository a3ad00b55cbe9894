"""The PokerStars reader's two paths, hand for hand: the compiled scanner (the fast path) and
the text engine over PokerStars' declaration (the reference, what runs without a C compiler).

On the hand-written samples they must give the same rows and issues; on the public corpus
(acceptance, skipped where ``../shared/corpora`` is absent) every hand must read the same.  The
comparison found one scanner bug, fixed: a small blind posted late (a player back at the table,
out of position) is dead money, and a raise after it says what it adds to the big blind alone;
the scanner counted the dead blind inside the raise, a quarter short of the log's own total
pot, on 11 corpus hands.  Each of the engine's PokerStars behaviours is checked on the sample
``sites/pokerstars.txt``.
"""

from __future__ import annotations

import re
from pathlib import Path

import polars as pl
import pytest

from pipeline.sources.base import decode_text
from pipeline.sources.pokerstars import (
    read_pokerstars,
    read_pokerstars_reference,
    sniff_pokerstars,
)
from pipeline.sources.pokerstars.scanner import SCAN
from tests.sources.test_corpora import POKERSTARS, POKERSTARS_SITE, corpus

DATA = Path(__file__).parent.parent / "data" / "hand_histories"
SAMPLE = DATA / "sites" / "pokerstars.txt"
SAMPLES = [*sorted(DATA.glob("pokerstars_*.txt")), SAMPLE]
needs_scanner = pytest.mark.skipif(SCAN is None, reason="no C compiler: the engine reads alone")


def by_hand(rows: pl.DataFrame) -> dict[str, pl.DataFrame]:
    return {str(key[0]): part for key, part in rows.partition_by("hand_id", as_dict=True).items()}


def differing_columns(compiled: pl.DataFrame | None, reference: pl.DataFrame | None) -> list[str]:
    """The columns where a hand's rows differ between the paths (``["rows"]`` where one path
    has no rows for it or a different number of them)."""
    if compiled is None or reference is None or compiled.height != reference.height:
        return ["rows"]
    return [name for name in compiled.columns if not compiled[name].equals(reference[name])]


@needs_scanner
@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: path.name)
def test_the_scanner_reads_each_sample_as_the_engine(path: Path) -> None:
    data = path.read_bytes()
    for given in (data, data.decode()):
        compiled = read_pokerstars(given, path.name)
        reference = read_pokerstars(given, path.name, compiled=False)
        ours, theirs = by_hand(compiled.rows), by_hand(reference.rows)
        for hand_id in sorted(ours.keys() | theirs.keys()):
            differ = differing_columns(ours.get(hand_id), theirs.get(hand_id))
            assert not differ, f"{path.name}: hand {hand_id} differs in {differ}"
        assert compiled.rows.equals(reference.rows), f"{path.name}: the rows' order differs"
        assert compiled.issues.equals(reference.issues), f"{path.name}: the issues differ"


@pytest.fixture(scope="module")
def sample() -> pl.DataFrame:
    return read_pokerstars_reference(SAMPLE.read_text(encoding="utf-8"), SAMPLE.name).rows


def player(rows: pl.DataFrame, hand_id: str, name: str) -> dict[str, object]:
    return rows.filter((pl.col("hand_id") == hand_id) & (pl.col("player") == name)).row(
        0, named=True
    )


def test_the_show_line_names_the_hand_before_the_summary(sample: pl.DataFrame) -> None:
    # The summary's "with three of a kind" is cut; the show line says which.
    assert player(sample, "4001", "Dee")["stated_hand"] == "three of a kind, Kings"
    # The summary's "(pot not awarded as player cashed out)" is not part of the hand's name.
    assert player(sample, "4003", "Cy")["stated_hand"] == "two pair, Aces and Queens"
    # A show line without the hand's name: the summary's.
    text = SAMPLE.read_text(encoding="utf-8").replace("[Kd Kc] (three of a kind, Kings)", "[Kd Kc]")
    unnamed = read_pokerstars_reference(text, SAMPLE.name).rows
    assert player(unnamed, "4001", "Dee")["stated_hand"] == "three of a kind"


def test_cards_shown_with_a_fold_are_the_hole_only_when_whole(sample: pl.DataFrame) -> None:
    bob, cy = player(sample, "4001", "Bob"), player(sample, "4001", "Cy")
    assert (bob["hole"], bob["actions"]) == (None, "1.sb0.25 5.f[9c]")
    assert (cy["hole"], cy["actions"]) == ("Qs Qd", "2.bb0.5 6.f[QsQd]")


def test_both_blinds_at_once_leave_the_small_one_dead(sample: pl.DataFrame) -> None:
    # Eve's $0.75 is a live big blind and a dead small one: her raise to $1.50 puts $1.50 on
    # the street, the dead $0.25 on top; Fay sat out and never acted: not dealt in.
    hand = sample.filter(pl.col("hand_id") == "4002")
    assert player(sample, "4002", "Eve")["put_in"] == 1.75
    assert player(sample, "4002", "Eve")["actions"] == "3.post0.75 4.r1.5 / 10.b2"
    assert hand["put_in"].sum() == 3.5 == hand["won"].sum()
    assert "Fay" not in hand["player"].to_list()


def test_a_cash_out_is_the_summarys_award_and_an_issue() -> None:
    log = read_pokerstars_reference(SAMPLE.read_text(encoding="utf-8"), SAMPLE.name)
    assert player(log.rows, "4003", "Cy")["won"] == 40.0
    cashed = log.issues.filter(pl.col("code") == "cashed_out")
    assert cashed.select("hand_id", "column", "value").rows() == [("4003", "won", "Cy")]
    assert "not the cash-out payment" in cashed["message"].item()


def test_a_summary_short_of_a_seat_or_cut_is_a_truncated_hand() -> None:
    log = read_pokerstars_reference(SAMPLE.read_text(encoding="utf-8"), SAMPLE.name)
    truncated = log.issues.filter(pl.col("code") == "truncated_hand")
    # 4004's summary names one seat of two; 4005's last line is cut (no line end after it).
    assert truncated.select("line", "hand_id").rows() == [(98, "4004"), (114, "4005")]
    assert not log.rows.filter(pl.col("hand_id").is_in(["4004", "4005"])).height
    whole = read_pokerstars_reference(
        SAMPLE.read_text(encoding="utf-8").replace("folded bef", "folded before Flop"), "whole.txt"
    )
    assert whole.rows.filter(pl.col("hand_id") == "4005").height == 2


LATE_SMALL_BLIND = """\
PokerStars Hand #4101:  Hold'em No Limit ($0.25/$0.50 USD) - 2026/11/20 22:00:00 ET
Table 'Sample II' 9-max Seat #1 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bob ($50 in chips)
Seat 3: Cy ($50 in chips)
Seat 4: Dee ($50 in chips)
Bob: posts small blind $0.25
Cy: posts big blind $0.50
Dee: posts small blind $0.25
*** HOLE CARDS ***
Dee: raises $1 to $1.50
Ann: folds
Bob: folds
Cy: calls $1
*** FLOP *** [2c 7d 9h]
Cy: checks
Dee: bets $2
Cy: folds
Uncalled bet ($2) returned to Dee
Dee collected $3.50 from pot
*** SUMMARY ***
Total pot $3.50 | Rake $0
Board [2c 7d 9h]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cy (big blind) folded on the Flop
Seat 4: Dee collected ($3.50)
"""


_TOTAL_POT = re.compile(r"^Total pot [$€£]?([\d,.]+)", re.MULTILINE)


def total_pot(hand_text: str) -> float:
    found = _TOTAL_POT.search(hand_text)
    assert found is not None, hand_text[:200]
    return float(found.group(1).replace(",", ""))


def test_a_late_small_blind_is_dead_on_both_paths() -> None:
    reference = read_pokerstars_reference(LATE_SMALL_BLIND, "late.txt")
    # Dee's $0.25 is dead: the raise to $1.50 comes on top, $1.75 in all, and the hand's
    # put_in adds up to the log's own total pot.
    assert player(reference.rows, "4101", "Dee")["put_in"] == 1.75
    assert reference.rows["put_in"].sum() == total_pot(LATE_SMALL_BLIND) == 3.5
    if SCAN is not None:
        # The scanner once counted the dead blind inside the raise ($1.50, a quarter short).
        compiled = read_pokerstars(LATE_SMALL_BLIND, "late.txt")
        assert differing_columns(compiled.rows, reference.rows) == []
        assert player(compiled.rows, "4101", "Dee")["put_in"] == 1.75


OUT_OF_HAND = """\
PokerStars Hand #4201: Tournament #77, $5+$0.50 USD Hold'em No Limit - Level II (15/30) - \
2026/11/20 22:00:00 ET
Table '77 3' 9-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Seat 3: Cy (1500 in chips) out of hand (moved from another table into small blind)
Seat 4: Dee (1500 in chips)
Bob: posts small blind 15
Dee: posts big blind 30
*** HOLE CARDS ***
Ann: raises 60 to 90
Bob: folds
Dee: folds
Uncalled bet (60) returned to Ann
Ann collected 75 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot 75 | Rake 0
Seat 1: Ann (button) collected (75)
Seat 2: Bob (small blind) folded before Flop
Seat 4: Dee (big blind) folded before Flop
"""

OUT_OF_HAND_BADUGI = """\
PokerStars Game #4202: Tournament #78, $5+$0.50 USD Badugi Limit - Level I (10/20) - \
2026/11/20 22:05:00 ET
Table '78 1' 8-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips) out of hand (moved from another table into small blind)
Seat 3: Cy (1500 in chips)
Seat 4: Dee (1500 in chips)
Cy: posts small blind 10
Dee: posts big blind 20
*** DEALING HANDS ***
Dealt to Ann [2c 9s 7h 4d]
Ann: raises 20 to 40
Cy: folds
Dee: calls 20
*** FIRST DRAW ***
Dee: discards 1 card
Ann: stands pat on [2c 9s 7h 4d]
Dee: checks
Ann: bets 20
Dee: folds
Uncalled bet (20) returned to Ann
Ann collected 90 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot 90 | Rake 0
Seat 1: Ann (button) collected (90)
Seat 3: Cy (small blind) folded before the Draw
Seat 4: Dee (big blind) folded after the 1st Draw
"""


def test_a_seat_out_of_the_hand_is_not_dealt_in_on_both_paths() -> None:
    # "out of hand (moved from another table into small blind)": the summary rightly leaves
    # the seat out, which is no hand cut short (5 corpus Badugi hands were truncated_hand).
    for text, dealt_in in (
        (OUT_OF_HAND, ["Ann", "Bob", "Dee"]),
        (OUT_OF_HAND_BADUGI, ["Ann", "Cy", "Dee"]),
    ):
        reference = read_pokerstars_reference(text, "moved.txt")
        assert reference.issues.filter(pl.col("code") == "truncated_hand").height == 0
        assert sorted(reference.rows["player"]) == dealt_in
        assert reference.rows["put_in"].sum() == total_pot(text)
        if SCAN is not None:  # the scanner reads the Hold'em hand, hands the Badugi one back
            compiled = read_pokerstars(text, "moved.txt")
            assert differing_columns(compiled.rows, reference.rows) == []
            assert compiled.issues.equals(reference.issues)


@pytest.mark.slow  # a minute: the corpus read twice, by each path
@needs_scanner
def test_the_scanner_reads_the_corpus_as_the_engine() -> None:
    files = [*corpus(POKERSTARS, "*"), *corpus(POKERSTARS_SITE, "*")]
    hands = identical = 0
    unexplained: list[str] = []
    for path in files:
        if not path.is_file():
            continue
        data = path.read_bytes()
        text = decode_text(data).lstrip("\ufeff")
        if not sniff_pokerstars(text[:8192]):
            continue
        compiled = read_pokerstars(data, path.name)
        reference = read_pokerstars(data, path.name, compiled=False)
        assert compiled.issues.equals(reference.issues), f"{path.name}: the issues differ"
        ours, theirs = by_hand(compiled.rows), by_hand(reference.rows)
        for hand_id in ours.keys() | theirs.keys():
            hands += 1
            differ = differing_columns(ours.get(hand_id), theirs.get(hand_id))
            if differ:
                unexplained.append(f"{path.name}: hand {hand_id} differs in {differ}")
            else:
                identical += 1
    print(f"PokerStars corpus: {identical:,} of {hands:,} hands identical on both paths")
    assert unexplained == [], unexplained[:10]
    assert hands > 30_000 and identical == hands


REPEATED = LATE_SMALL_BLIND.replace("2026/11/20 22:00:00", "2026/02/29 22:00:00").replace(
    "Dee collected $3.50 from pot\n",
    "Dee: shows [Ah Kh]\nDee: shows [Ah Kh]\nDee collected $3.50 from pot\n",
)


@needs_scanner
def test_a_day_that_never_was_and_a_show_line_twice_read_alike_on_both_paths() -> None:
    # make fuzz's two kinds: 29 February 2026 is no day (the date is null on both paths, never
    # written as it stands), and a player shows down once however many lines they show on
    compiled = read_pokerstars(REPEATED, "odd.txt")
    reference = read_pokerstars_reference(REPEATED, "odd.txt")
    assert differing_columns(compiled.rows, reference.rows) == []
    assert compiled.rows["date"].null_count() == compiled.rows.height
    dee = player(compiled.rows, "4101", "Dee")
    assert str(dee["actions"]).count("sd") == 1


CANCELLED = """\
PokerStars Game #4201: Triple Draw 2-7 Lowball Limit ($1/$2 USD) - 2008/09/12 14:09:41 ET
Table 'Miriam III' 6-max Seat #5 is the button
Seat 5: Hero ($32.75 in chips)
Hero: posts small blind $0.50
Vee: is sitting out
Hand cancelled
*** SUMMARY ***
Seat 5: Hero (button) collected ($0)
"""


def test_a_cancelled_hand_is_left_out_saying_so_on_both_paths() -> None:
    # its blind was given back: read as played, Hero would show -0.50 for nothing
    reference = read_pokerstars_reference(CANCELLED, "off.txt")
    assert reference.rows.height == 0
    assert reference.issues.select("code", "hand_id").rows() == [("malformed_hand", "4201")]
    assert "cancelled" in reference.issues["message"][0]
    if SCAN is not None:
        compiled = read_pokerstars(CANCELLED, "off.txt")
        assert compiled.rows.height == 0 and compiled.issues.equals(reference.issues)
