"""PokerStars hand histories: the hand-written fixture covers each rule the reader keeps."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from pipeline.records import ISSUE_SCHEMA, ROW_SCHEMA
from pipeline.sources.hand_histories import sniff_phh
from pipeline.sources.pokerstars import (
    HandLog,
    read_pokerstars,
    read_pokerstars_reference,
    sniff_pokerstars,
)

DATA = Path(__file__).parent.parent / "data" / "hand_histories"
FILE = DATA / "pokerstars_mixed.txt"


@pytest.fixture(scope="module", params=[True, False], ids=["compiled", "engine"])
def log(request: pytest.FixtureRequest) -> HandLog:
    # Every test of the log runs on both paths: the compiled scanner (where it is built) and
    # the engine, which reads the whole file without a C compiler.
    compiled: bool = request.param
    return read_pokerstars(FILE.read_text(encoding="utf-8"), FILE.name, compiled=compiled)


def hand(log: HandLog, hand_id: str) -> pl.DataFrame:
    return log.rows.filter(pl.col("hand_id") == hand_id)


def assert_both_paths_read_as(reference: HandLog, text: str, name: str) -> None:
    """The compiled scanner (where it is built) gives the engine's rows and issues.

    ``reference`` is the engine's log: ``read_pokerstars(..., compiled=False)`` runs that
    same reader, so comparing it with ``reference`` would compare the code with itself; what the
    engine itself must read is stated by each test."""
    log = read_pokerstars(text, name, compiled=True)
    assert log.rows.equals(reference.rows), f"{name}: the scanner's rows differ from the reader's"
    assert log.issues.equals(reference.issues), f"{name}: the scanner's issues differ"


def test_columns_and_types(log: HandLog) -> None:
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    assert log.issues.schema == pl.Schema(ISSUE_SCHEMA)
    assert log.rows["hand_id"].unique(maintain_order=True).to_list() == [
        "1001", "1002", "1003", "2001", "2002",
    ]  # fmt: skip
    assert (log.rows["round"] == log.rows["hand_id"]).all()


def test_sniff_decides_from_content_not_suffix() -> None:
    text = FILE.read_text(encoding="utf-8")
    assert sniff_pokerstars(text[:4096])
    assert sniff_pokerstars("\ufeff" + text[:4096])
    quiz = (DATA / "quiz_listing.txt").read_text(encoding="utf-8")
    assert not sniff_pokerstars(quiz)
    assert not sniff_phh(quiz)
    assert not sniff_phh(text[:4096])


def test_tournament_header_table_and_date(log: HandLog) -> None:
    first = hand(log, "1001").row(0, named=True)
    assert first["tournament"] == "900"
    assert first["table"] == "900 1"
    assert first["date"] == "2020-01-01T12:00:00"
    assert first["line"] == 1
    assert first["variant"] == "Hold'em No Limit"
    cash = hand(log, "2001").row(0, named=True)
    assert cash["tournament"] is None
    assert cash["table"] == "Actor II"
    assert cash["line"] == 113


def test_showdown_names_with_colons_and_brackets(log: HandLog) -> None:
    rows = hand(log, "1001").select("player", "hole", "mucked", "put_in", "won", "button")
    assert rows.rows() == [
        ("Ann", "Ah Kh", False, 140.0, 290.0, True),
        ("Bob Smith", None, True, 10.0, 0.0, False),
        ("Cy: the [Kid]", "Qc Qs", False, 140.0, 0.0, False),
        ("Dee", None, True, 0.0, 0.0, False),
    ]
    # The board each player saw: Bob Smith folded before the flop and saw none of it.
    assert hand(log, "1001")["board"].to_list() == ["2c 7d Kd 9s 3h", "", "2c 7d Kd 9s 3h", ""]


def test_antes_all_in_and_side_pot(log: HandLog) -> None:
    rows = hand(log, "1002").select("player", "stack", "put_in", "won", "folded")
    assert rows.rows() == [
        ("Ann", 200.0, 200.0, 605.0, False),
        ("Bob Smith", 500.0, 500.0, 600.0, False),
        ("Cy: the [Kid]", 1000.0, 5.0, 0.0, True),
        ("Dee", 1000.0, 500.0, 0.0, False),
    ]


def test_fold_on_each_street_and_uncalled_bet(log: HandLog) -> None:
    rows = hand(log, "2001").select("player", "folded_street", "put_in", "won")
    assert rows.rows() == [
        ("Ann", "turn", 1.5, 0.0),
        ("Bob Smith", None, 4.5, 10.5),
        ("Cy: the [Kid]", "flop", 0.5, 0.0),
        ("Eve", "river", 4.5, 0.0),
    ]
    # Dee sat out and was not dealt in; Bob Smith's river bet came back to him.
    assert "Dee" not in rows["player"].to_list()
    assert hand(log, "1001").filter(pl.col("folded"))["folded_street"].to_list() == [
        "preflop",
        "preflop",
    ]


def test_mucked_and_unseen_cards_are_a_state(log: HandLog) -> None:
    rows = hand(log, "2002").select("player", "hole", "mucked", "folded")
    assert rows.rows() == [
        ("Ann", "Td Tc", False, False),
        ("Bob Smith", None, True, True),
        ("Cy: the [Kid]", None, True, True),
        ("Eve", None, True, False),
    ]
    assert "2002" not in log.issues["hand_id"].to_list()


def test_bad_hands_are_issues_and_the_rest_go_on(log: HandLog) -> None:
    issues = log.issues.select("line", "hand_id", "code").rows()
    assert issues == [
        (189, "2003", "malformed_hand"),
        (206, "2004", "unsupported_variant"),
        (223, "2005", "truncated_hand"),
    ]
    assert all("pokerstars_mixed.txt" in message for message in log.issues["message"])


def test_crlf_bom_and_blank_lines_read_the_same(log: HandLog) -> None:
    text = FILE.read_text(encoding="utf-8")
    other = read_pokerstars("\ufeff" + text.replace("\n", "\r\n"), FILE.name)
    assert other.rows.equals(log.rows)
    assert other.issues.equals(log.issues)


def test_no_header_is_an_issue_not_a_crash() -> None:
    log = read_pokerstars("Ah Kh 2c 7d Kd 9s 3h\n", "quiz.txt")
    assert log.rows.height == 0
    assert log.issues["code"].to_list() == ["no_hands"]


def test_cash_out_keeps_the_pot_award_and_says_so() -> None:
    text = FILE.read_text(encoding="utf-8").split("\n\n\n\n")[4]  # hand 2002
    text = text.replace("Ann collected $3.10 from pot", "Ann cashed out the hand for $2.90")
    text = text.replace(
        "won ($3.10) with a pair of Tens",
        "won ($3.10) with a pair of Tens (pot not awarded as player cashed out)",
    )
    log = read_pokerstars(text, "cashout.txt")
    assert log.rows.filter(pl.col("player") == "Ann")["won"].to_list() == [3.1]
    assert log.issues["code"].to_list() == ["cashed_out"]


def test_without_the_scanner_the_engine_reads_the_whole_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As where no C compiler built the extension: the chooser falls back to the engine,
    # from text and from bytes, and reads what the compiled path reads.
    from pipeline.sources.pokerstars import reader as pokerstars

    data = FILE.read_bytes()
    compiled = read_pokerstars(data, FILE.name)
    monkeypatch.setattr(pokerstars, "SCAN", None)
    for given_as in (data, data.decode()):
        fallback = read_pokerstars(given_as, FILE.name)
        assert fallback.rows.equals(compiled.rows)
        assert fallback.issues.equals(compiled.issues)
    assert compiled.rows.height == 19


def test_a_name_holding_a_parenthesis_reads_as_the_engine() -> None:
    text = FILE.read_text(encoding="utf-8").replace("Cy: the [Kid]", "Cy")
    text = text.replace("Seat 1: Ann (", "Seat 1: Ann (UK) (", 1)
    reference = read_pokerstars_reference(text, FILE.name)
    assert_both_paths_read_as(reference, text, FILE.name)
    assert "Ann (UK)" in reference.rows.filter(pl.col("hand_id") == "1001")["player"].to_list()


DEAD_BLIND = """PokerStars Hand #3001:  Hold'em No Limit ($0.25/$0.50 USD) - 2020/01/01 12:00:00 ET
Table 'Dead' 6-max Seat #1 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bob ($50 in chips)
Seat 3: Cy ($50 in chips)
Ann: posts small blind $0.25
Bob: posts big blind $0.50
Cy: posts small & big blinds $0.75
*** HOLE CARDS ***
Cy: raises $1 to $1.50
Ann: folds
Bob: calls $1
*** FLOP *** [2c 7d 9h]
Bob: checks
Cy: bets $2
Bob: folds
Uncalled bet ($2) returned to Cy
Cy collected $3.50 from pot
*** SUMMARY ***
Total pot $3.50 | Rake $0
Board [2c 7d 9h]
Seat 1: Ann (button) (small blind) folded before Flop
Seat 2: Bob (big blind) folded on the Flop
Seat 3: Cy collected ($3.50)
"""


def test_a_dead_small_blind_is_dead_money_on_both_paths() -> None:
    # Cy's $0.75 is a live big blind and a dead small one: raising to $1.50 puts in $1.50 on
    # the street, and the dead $0.25 comes on top.
    reference = read_pokerstars_reference(DEAD_BLIND, "dead.txt")
    assert reference.rows.select("player", "put_in", "won").rows() == [
        ("Ann", 0.25, 0.0), ("Bob", 1.5, 0.0), ("Cy", 1.75, 3.5)
    ]  # fmt: skip
    assert_both_paths_read_as(reference, DEAD_BLIND, "dead.txt")


@pytest.mark.parametrize(
    ("change", "board", "bob_saw", "bob_folded"),
    [
        # Found by fuzzing: the (retired) polars path took each street marker's last
        # [...] and counted markers as streets, where the (retired) line reader added every card
        # it had not seen and takes the highest street named.  A player who folds saw the board only
        # up to the street of the fold: none preflop, the flop's three cards on the flop.
        # No flop line: Bob's check and fold come before any street marker, so preflop; the
        # turn line's first bracket gives the flop's cards.
        (("*** FLOP *** [2c 7d 9h]\n", ""), "2c 7d 9h Ks 3d", "", "preflop"),
        (
            ("*** FLOP *** [2c 7d 9h]", "*** FLOP *** [2c 7d 9h]\n*** FLOP *** [2c 7d 9h]"),
            "2c 7d 9h Ks 3d",
            "2c 7d 9h",
            "flop",
        ),
        # A second bracket on the flop: Ks is seen there, and not added again at the turn; Bob,
        # folding on the flop, saw the flop's three cards.
        (
            ("*** FLOP *** [2c 7d 9h]", "*** FLOP *** [2c 7d 9h] [Ks]"),
            "2c 7d 9h Ks 3d",
            "2c 7d 9h",
            "flop",
        ),
        # A card twice: 2c and 9h from the flop line, then 7d and Ks, unseen, from the turn's.
        (
            ("*** FLOP *** [2c 7d 9h]", "*** FLOP *** [2c 2c 9h]"),
            "2c 9h 7d Ks 3d",
            "2c 9h 7d",
            "flop",
        ),
    ],
    ids=["no-flop-line", "flop-twice", "flop-second-bracket", "flop-card-twice"],
)
def test_street_markers_out_of_the_usual_order_read_as_the_engine(
    change: tuple[str, str], board: str, bob_saw: str, bob_folded: str
) -> None:
    turn_and_river = "*** TURN *** [2c 7d 9h] [Ks]\nBob: checks\n*** RIVER *** [2c 7d 9h Ks] [3d]\n"
    text = DEAD_BLIND.replace("Uncalled bet", turn_and_river + "Uncalled bet").replace(*change)
    reference = read_pokerstars_reference(text, "streets.txt")
    # The chips do not depend on the markers (DEAD_BLIND's: Cy's dead small blind on top).
    assert reference.rows.select("player", "board", "folded_street", "put_in", "won").rows() == [
        ("Ann", "", "preflop", 0.25, 0.0),
        ("Bob", bob_saw, bob_folded, 1.5, 0.0),
        ("Cy", board, None, 1.75, 3.5),
    ], change
    assert reference.issues.is_empty()
    assert_both_paths_read_as(reference, text, "streets.txt")


@pytest.mark.parametrize("compiled", [True, False])
def test_a_seat_number_too_large_for_the_seat_column_is_an_issue(compiled: bool) -> None:
    # Found by bench/fuzz_extensions.py: the (retired) line reader took any digits as a seat
    # number and building the frame raised polars' ComputeError for one past the 64-bit range.
    bad = DEAD_BLIND.replace("Seat 2: Bob (", "Seat 18446744073709551616: Bob (", 1)
    log = read_pokerstars(bad + "\n\n" + DEAD_BLIND, "seats.txt", compiled=compiled)
    assert log.issues["code"].to_list() == ["malformed_hand"]
    assert "18446744073709551616" in log.issues["message"].item()
    assert log.rows["line"].unique().to_list() == [DEAD_BLIND.count("\n") + 3]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # Found by fuzzing: the (retired) polars path took every "Seat " line before
        # the first marker as a seat; the (retired) line reader read one run of them from the
        # third line.
        # A second table line: the table is one line, before the seats.
        (
            ("Seat 1: Ann", "Table 'Dead' 6-max Seat #1 is the button\nSeat 1: Ann"),
            "unreadable table line \"Table 'Dead' 6-max Seat #1 is the button\\nTable 'Dead' "
            '6-max Seat #1 is the button"',
        ),
        # Cy's seat line put back after the blinds (below): Cy is not seated, so the line
        # returning Cy's bet names nobody at the table.
        (
            ("Seat 3: Cy ($50 in chips)\n", ""),
            "uncalled bet returned to no seated player: 'Uncalled bet ($2) returned to Cy'",
        ),
    ],
    ids=["table-line-twice", "seat-after-blinds"],
)
def test_seat_lines_out_of_their_run_read_as_the_engine(
    change: tuple[str, str], message: str
) -> None:
    text = DEAD_BLIND.replace(*change, 1)
    if not change[1]:
        text = text.replace(
            "Bob: posts big blind $0.50\n", "Bob: posts big blind $0.50\n" + change[0]
        )
    reference = read_pokerstars_reference(text, "seats.txt")
    assert reference.rows.is_empty(), change
    assert reference.issues.select("code", "message").rows() == [
        ("malformed_hand", f"seats.txt:1: hand 3001: {message}")
    ], change
    assert_both_paths_read_as(reference, text, "seats.txt")


def test_a_button_number_past_the_64_bit_range_reads_as_the_engine() -> None:
    # Found by fuzzing: the (retired) polars path cast the button number strictly to
    # a 64-bit integer, and polars raised for the whole file.
    text = DEAD_BLIND.replace("Seat #1 is the button", "Seat #99999999999999999999 is the button")
    reference = read_pokerstars_reference(text, "button.txt")
    assert reference.rows.height == 3
    assert_both_paths_read_as(reference, text, "button.txt")


def test_a_fold_line_repeated_on_a_later_street_reads_as_the_engine() -> None:
    # Found by fuzzing: the (retired) polars path kept a player's first fold, the line
    # reader (and the compiled scanner) the last.
    text = DEAD_BLIND.replace("Cy: bets $2\n", "Cy: bets $2\nAnn: folds\n")
    reference = read_pokerstars_reference(text, "folds.txt")
    assert reference.rows.filter(pl.col("player") == "Ann")["folded_street"].item() == "flop"
    assert_both_paths_read_as(reference, text, "folds.txt")


@pytest.mark.parametrize(
    "uncalled", ["Uncalled bet  ($2) returned to Cy", "Uncalled bet ($2.0.0) returned to Cy"]
)
def test_an_uncalled_bet_line_that_does_not_read_is_an_issue_on_both_paths(uncalled: str) -> None:
    # Found by fuzzing: the (retired) polars path skipped an "Uncalled bet" line it
    # could not read, and read the hand the (retired) line reader reports as malformed.
    text = DEAD_BLIND.replace("Uncalled bet ($2) returned to Cy", uncalled)
    reference = read_pokerstars_reference(text, "uncalled.txt")
    assert reference.issues["code"].to_list() == ["malformed_hand"]
    assert_both_paths_read_as(reference, text, "uncalled.txt")
