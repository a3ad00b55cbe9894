"""A hand is a whole record (issue 29): every reader's rows carry the site, the hand's start in
UTC, the stakes and money, the format and buy-in, the table size and each player's actions; and
what a reader does not score is left out whole, with a named issue (issues 29 §8, 31 §2, §7)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import polars as pl
import pytest

from pipeline.records import ROW_SCHEMA, HandLog, drop_repeated_hands
from pipeline.sources.base import SourceFile
from pipeline.sources.hand_histories import read_phh
from pipeline.sources.hand_histories.reader import HANDS_SHEET, add_log
from pipeline.sources.pokerstars import read_pokerstars, read_pokerstars_reference

DATA = Path(__file__).parent.parent / "data" / "hand_histories"
FILE = DATA / "pokerstars_mixed.txt"
TEXT = FILE.read_text(encoding="utf-8")
HAND_1001 = TEXT.split("\n\n\n\n")[0] + "\n"


def both_paths(text: str, name: str = "night.txt") -> HandLog:
    """The log read by the compiled scanner, checked to be the engine's."""
    compiled = read_pokerstars(text, name)
    reference = read_pokerstars_reference(text, name)
    assert compiled.rows.equals(reference.rows), (compiled.rows, reference.rows)
    assert compiled.issues.equals(reference.issues), (compiled.issues, reference.issues)
    return compiled


def utc(
    year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0
) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC)


# ---------------------------------------------------------------- the whole record


def test_a_tournament_hand_carries_its_money_stakes_and_start_in_utc() -> None:
    log = both_paths(TEXT)
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    first = log.rows.filter(pl.col("hand_id") == "1002").row(0, named=True)
    assert {name: first[name] for name in list(ROW_SCHEMA)[19:30]} == {
        "site": "PokerStars",
        "played_at": utc(2020, 1, 1, 17, 5),  # 12:05 ET in winter is UTC-5
        "time_zone": "ET",
        "currency": "chips",
        "small_blind": 15.0,
        "big_blind": 30.0,
        "ante": 5.0,
        "format": "tournament",
        "buy_in": 1.1,
        "buy_in_currency": "USD",
        "table_size": 9,
    }
    cash = log.rows.filter(pl.col("hand_id") == "2001").row(0, named=True)
    assert (cash["currency"], cash["format"], cash["buy_in"], cash["ante"]) == (
        "USD",
        "cash",
        None,
        None,
    )
    assert (cash["small_blind"], cash["big_blind"]) == (0.25, 0.5)
    assert cash["played_at"] == utc(2021, 7, 31, 1, 15, 40)  # 21:15:40 ET in summer: UTC-4


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (
            "Tournament #9, $10+$1 USD Hold'em No Limit - Level I (10/20) - "
            "2012/01/01 12:00:00 CET [2012/01/01 6:00:00 ET]",
            ("CET", utc(2012, 1, 1, 11), "chips", 10.0, 20.0, "tournament", 11.0, "USD"),
        ),
        (
            "Tournament #9, €4.55+€4.55+€0.90 EUR Hold'em No Limit - Level I (10/20) - "
            "2016/07/01 12:00:00 CEST [2016/07/01 6:00:00 ET]",
            ("CEST", utc(2016, 7, 1, 10), "chips", 10.0, 20.0, "tournament", 10.0, "EUR"),
        ),
        (
            "Tournament #9, Freeroll Hold'em No Limit - Level I (10/20) - 2016/07/01 12:00:00 WET",
            ("WET", utc(2016, 7, 1, 11), "chips", 10.0, 20.0, "tournament", 0.0, None),
        ),
        (
            " Hold'em No Limit (€0.02/€0.05 EUR) - 2023/03/01 20:00:00 GMT+1",
            ("GMT+1", utc(2023, 3, 1, 19), "EUR", 0.02, 0.05, "cash", None, None),
        ),
        (
            " Hold'em No Limit (£1/£2) - 2023/03/01 20:00:00 UTC",
            ("UTC", utc(2023, 3, 1, 20), "GBP", 1.0, 2.0, "cash", None, None),
        ),
        (
            " Hold'em No Limit (10/20) - 2023/03/01 20:00:00 BRT [2023/03/01 18:00:00 ET]",
            ("BRT", utc(2023, 3, 1, 23), "play", 10.0, 20.0, "cash", None, None),
        ),
        (
            " Hold'em No Limit ($1/$2 USD) - 2023/03/01 20:00:00 XYZ",
            ("XYZ", None, "USD", 1.0, 2.0, "cash", None, None),  # a zone not known: no guess
        ),
    ],
    ids=["CET and ET", "CEST bounty EUR", "freeroll WET", "GMT+1 EUR", "UTC GBP", "play", "XYZ"],
)
def test_zones_currencies_and_buy_ins(header: str, expected: tuple[object, ...]) -> None:
    text = HAND_1001.replace(HAND_1001.split("\n", 1)[0], f"PokerStars Hand #1001: {header}")
    row = both_paths(text).rows.row(0, named=True)
    columns = ("time_zone", "played_at", "currency", "small_blind", "big_blind", "format")
    got = (*(row[name] for name in columns), row["buy_in"], row["buy_in_currency"])
    assert got == expected, header


def test_actions_number_the_hands_order_per_player_and_street() -> None:
    rows = both_paths(TEXT).rows
    actions = dict(rows.filter(pl.col("hand_id") == "1002").select("player", "actions").iter_rows())
    assert actions == {
        "Ann": "1.ante5 5.sb15 9.r195! /  /  / 12.sd",
        "Bob Smith": "2.ante5 6.bb30 10.r495! /  /  / 13.sd",
        "Cy: the [Kid]": "3.ante5 7.f",
        "Dee": "4.ante5 8.r90 11.c405 /  /  / 14.sd",
    }
    first = dict(rows.filter(pl.col("hand_id") == "1001").select("player", "actions").iter_rows())
    assert first["Ann"] == "4.r60 / 8.b80 / 11.x / 13.x 15.sd"
    assert first["Cy: the [Kid]"] == "2.bb20 6.c40 / 7.x 9.c80 / 10.x / 12.x 14.sd"
    assert first["Dee"] == "3.f"


def test_table_size_is_the_seats_dealt_in_where_the_table_line_does_not_say() -> None:
    text = HAND_1001.replace("'900 1' 9-max Seat", "'900 1' Seat")
    assert both_paths(text).rows["table_size"].to_list() == [4, 4, 4, 4]


# ---------------------------------------------------------------- issue 29 §1: folds end a figure


def test_a_folded_player_saw_the_board_up_to_the_fold_only() -> None:
    boards = dict(
        both_paths(TEXT).rows.filter(pl.col("hand_id") == "2001").select("player", "board").rows()
    )
    full = "2c 7d Kd 9s 3h"
    assert (
        boards
        == {
            "Ann": full[:11],  # folded on the turn: flop and turn
            "Bob Smith": full,
            "Cy: the [Kid]": full[:8],  # folded on the flop
            "Eve": full,  # folded on the river: the whole board was out
        }
    )


def test_phh_folds_end_at_their_street_with_the_whole_record() -> None:
    # pluribus/30/35.phh of the PHH corpus: Eddie folds before the flop, and his win % ran on.
    text = """variant = 'NT'
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [50, 100, 0, 0, 0, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]
actions = ['d dh p1 TdAd', 'd dh p2 3dQc', 'd dh p3 7c2d', 'd dh p4 As8c', 'd dh p5 3h6h',
  'd dh p6 KdAc', 'p3 f', 'p4 f', 'p5 f', 'p6 cbr 250', 'p1 cc', 'p2 f', 'd db 3c9hJh', 'p1 cc',
  'p6 cc', 'd db 5h', 'p1 cc', 'p6 cc', 'd db Jd', 'p1 cc', 'p6 cc', 'p1 sm TdAd', 'p6 sm KdAc']
hand = 35
players = ['Pluribus', 'MrWhite', 'Gogo', 'Budd', 'Eddie', 'Bill']
finishing_stacks = [9750, 9900, 10000, 10000, 10000, 10350]
currency = 'USD'
year = 2019
month = 7
day = 11
time = 21:30:00
time_zone = 'ET'
"""
    rows = read_phh(text, "35.phh").rows
    assert rows.schema == pl.Schema(ROW_SCHEMA)
    eddie = rows.filter(pl.col("player") == "Eddie").row(0, named=True)
    assert (eddie["folded"], eddie["folded_street"], eddie["board"]) == (True, "preflop", "")
    assert eddie["actions"] == "5.f"
    bill = rows.filter(pl.col("player") == "Bill").row(0, named=True)
    assert bill["board"] == "3c 9h Jh 5h Jd"
    assert bill["actions"] == "6.r250 / 10.x / 12.x / 14.x 16.sd"
    pluribus = rows.filter(pl.col("player") == "Pluribus").row(0, named=True)
    assert pluribus["actions"] == "1.sb50 7.c200 / 9.x / 11.x / 13.x 15.sd"
    assert (bill["site"], bill["currency"], bill["time_zone"]) == ("PHH", "USD", "ET")
    assert bill["played_at"] == utc(2019, 7, 12, 1, 30)
    assert (bill["small_blind"], bill["big_blind"], bill["ante"], bill["table_size"]) == (
        50.0,
        100.0,
        None,
        6,
    )


def test_phh_street_equity_shows_no_figure_after_a_fold() -> None:
    from pipeline.core.cards import parse_cards
    from pipeline.games.poker.equity.street_equity import street_equities

    # Bob folds before the flop: his rows as the reader now gives them.
    text = (DATA / "nt_showdown.phh").read_text(encoding="utf-8").replace('"p2 cc",', '"p2 f",')
    rows = read_phh(text, "x.phh").rows
    frame = rows.select(
        "tournament",
        "round",
        "player",
        "folded",
        pl.col("hole")
        .map_elements(lambda h: parse_cards(h.split()).tolist(), return_dtype=pl.List(pl.UInt8))
        .alias("hole_ids"),
        pl.col("board")
        .map_elements(
            lambda b: parse_cards(b.split()).tolist() if b else [], return_dtype=pl.List(pl.UInt8)
        )
        .alias("board_ids"),
    )
    figures = street_equities(frame).filter(pl.col("player") == "Bob")
    assert figures.select("win_preflop", "win_flop", "win_turn").row(0) == (None, None, None)


# ------------------------------------------- issue 32: a board run twice is read, not left out

RUN_TWICE = HAND_1001.replace(
    "*** RIVER *** [2c 7d Kd 9s] [3h]",
    "*** FIRST RIVER *** [2c 7d Kd 9s] [3h]\n*** SECOND RIVER *** [2c 7d Kd 9s] [4h]",
).replace(
    "Board [2c 7d Kd 9s 3h]",
    "Hand was run twice\nFIRST Board [2c 7d Kd 9s 3h]\nSECOND Board [2c 7d Kd 9s 4h]",
)


def test_a_run_it_twice_hand_is_read_with_every_runout_board() -> None:
    log = both_paths(RUN_TWICE + "\n\n" + TEXT.split("\n\n\n\n")[1])
    assert log.rows["hand_id"].unique(maintain_order=True).to_list() == ["1001", "1002"]
    assert "run_it_twice" not in log.issues["code"].to_list()
    first = log.rows.filter(pl.col("hand_id") == "1001", ~pl.col("folded"))
    assert set(first["board"]) == {"2c 7d Kd 9s 3h"}  # the first run's
    assert set(first["run_boards"]) == {"2c 7d Kd 9s 3h | 2c 7d Kd 9s 4h"}
    assert log.rows.filter(pl.col("hand_id") == "1002")["run_boards"].is_null().all()


def test_a_card_shown_with_a_fold_is_kept_and_the_fold_stands() -> None:
    text = TEXT.split("\n\n\n\n")[3].replace("Ann: folds", "Ann: folds [9c]")
    rows = both_paths(text).rows
    ann = rows.filter(pl.col("player") == "Ann").row(0, named=True)
    assert (ann["folded"], ann["folded_street"], ann["hole"]) == (True, "turn", None)
    assert ann["actions"].endswith(".f[9c]")
    assert rows.height == 4  # every player's row is there
    whole = text.replace("Ann: folds [9c]", "Ann: folds [9c 8d]")
    ann = both_paths(whole).rows.filter(pl.col("player") == "Ann").row(0, named=True)
    assert (ann["folded"], ann["hole"]) == (True, "9c 8d")
    assert ann["actions"].endswith(".f[9c8d]")


def test_every_hand_read_is_rows_or_a_named_issue() -> None:
    log = both_paths(TEXT + RUN_TWICE)
    headers = (TEXT + RUN_TWICE).count("PokerStars Hand #")
    scored = log.rows["line"].n_unique()
    left_out = log.issues.filter(pl.col("code") != "cashed_out").height
    assert scored + left_out == headers, log.issues


# ---------------------------------------------------------------- issue 31 §2: a hand twice


def read_as_source(text: str, name: str = "night.txt") -> SourceFile:
    path = Path(name)
    source = SourceFile(path, content=text.encode())
    add_log(source, read_pokerstars(text, name))
    return source


def test_a_log_concatenated_with_itself_is_one_duplicate_issue_per_hand() -> None:
    once = read_pokerstars(TEXT, "night.txt")
    twice = drop_repeated_hands(read_pokerstars(TEXT + "\n\n" + TEXT, "night.txt"), "night.txt")
    assert twice.rows.drop("line").equals(once.rows.drop("line"))  # put_in not doubled
    duplicates = twice.issues.filter(pl.col("code") == "duplicate_hand")
    assert sorted(duplicates["hand_id"]) == ["1001", "1002", "1003", "2001", "2002", "2003", "2005"]
    assert duplicates.filter(pl.col("hand_id") == "1001")["message"][0] == (
        "night.txt:236: hand 1001 appears twice (lines 1 and 236), the same each time: kept once"
    )
    # Each hand left out once stays one issue: the truncated and malformed hands are named
    # once, as duplicates (their copies were not read), and the unsupported variant once.
    assert sorted(twice.issues["code"].to_list()) == sorted(
        ["cashed_out"] * int((once.issues["code"] == "cashed_out").sum())
        + ["duplicate_hand"] * 7
        + ["unsupported_variant"]
    )
    sheet = read_as_source(TEXT + "\n\n" + TEXT).sheets[0]
    assert sheet.name == HANDS_SHEET and sheet.frame.height == once.rows.height


def test_a_hand_id_with_two_different_texts_is_left_out_whole() -> None:
    other = HAND_1001.replace("Ann collected 290 from pot", "Cy: the [Kid] collected 290 from pot")
    log = drop_repeated_hands(read_pokerstars(HAND_1001 + "\n" + other, "night.txt"), "night.txt")
    assert log.rows.height == 0
    assert log.issues.select("line", "code").rows() == [(1, "duplicate_hand")]
    assert "different texts: left out" in log.issues["message"][0]


# ---------------------------------------------------------------- issue 31 §7: cut logs


@pytest.mark.parametrize(
    "cut",
    [
        HAND_1001.rsplit("Seat 4: Dee", 1)[0],  # the last seat line missing
        HAND_1001.rsplit("Seat 3:", 1)[0],  # two seat lines missing
        HAND_1001.rstrip("\n").rsplit(" with a pair", 1)[0] + " with a pair of Ki",
        HAND_1001.rsplit("Seat 4: Dee", 1)[0] + "Seat 4: Dee folded bef",
    ],
    ids=["no last seat line", "two seat lines missing", "hand name cut", "fold cut"],
)
def test_a_summary_cut_short_is_truncated_never_scored(cut: str) -> None:
    if "Ki" in cut[-3:]:
        # the seat line that is cut is the last line of the file: Dee's line comes before it
        cut = (
            HAND_1001.replace(
                "Seat 1: Ann (button) showed [Ah Kh] and won (290) with a pair of Kings\n", ""
            ).rstrip("\n")
            + "\nSeat 1: Ann (button) showed [Ah Kh] and won (290) with a pair of Ki"
        )
    log = both_paths(cut)
    assert log.rows.height == 0
    assert log.issues.select("hand_id", "code").rows() == [("1001", "truncated_hand")]


def test_a_whole_hand_without_a_final_line_end_is_read() -> None:
    assert both_paths(HAND_1001.rstrip("\n")).rows.height == 4


def test_a_header_cut_mid_line_is_truncated_not_an_unknown_variant() -> None:
    cut = "PokerStars Hand #1003: Tournament #900, $1+$0.10 USD Hold'em No Li"
    text = TEXT.split("\n\n\n\n")[1] + "\n\n\n" + cut
    log = both_paths(text)
    assert log.issues.select("hand_id", "code").rows() == [("1003", "truncated_hand")]
    assert log.rows["hand_id"].unique().to_list() == ["1002"]
