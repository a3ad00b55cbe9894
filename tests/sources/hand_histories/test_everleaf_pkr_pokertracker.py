"""Everleaf, PKR and PokerTracker's exports read by the text engine from their declarations:
our own samples of their grammars (``tests/data/hand_histories/sites/everleaf.txt``,
``pkr.txt``, ``pokertracker.txt``, ``pokertracker_everest.txt``), every row stated, the headers'
record, the pots audited.  pokerkit has no parser for these sites: the checks stand on the
logs' own figures."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import HandLog
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.text.everleaf import EVERLEAF
from pipeline.sources.hand_histories.sites.text.pkr import PKR
from pipeline.sources.hand_histories.sites.text.pokertracker import (
    POKERTRACKER_EVEREST,
    POKERTRACKER_VERSIONED,
)
from pipeline.sources.hand_histories.text_site import TextSite

DATA = Path(__file__).parents[2] / "data" / "hand_histories" / "sites"
ROWS = ["round", "player", "stack", "hole", "mucked", "stated_hand", "board", "folded_street"]
ROWS += ["put_in", "won", "variant", "actions"]
HEADS = ["round", "table", "tournament", "time_zone", "currency", "small_blind", "big_blind"]
HEADS += ["format", "table_size", "played_at"]
UTC = dt.UTC


def _log(site: TextSite, name: str) -> HandLog:
    return read_text_site(site, (DATA / name).read_bytes(), name)


@pytest.mark.parametrize(
    ("name", "site"),
    [
        ("everleaf.txt", "Everleaf"),
        ("pkr.txt", "PKR"),
        ("pokertracker.txt", "PokerTracker"),
        ("pokertracker_everest.txt", "PokerTracker"),
    ],
    ids=["Everleaf", "PKR", "PokerTracker iPoker", "PokerTracker Everest"],
)
def test_the_site_table_sniffs_it_by_content(name: str, site: str) -> None:
    head = decode_text((DATA / name).read_bytes()[:4096])
    assert next(entry.name for entry in SITES if entry.looks_like(head)) == site


def test_everleaf_rows() -> None:
    log = _log(EVERLEAF, "everleaf.txt")
    board = "4c 8h Jd 2s 3h"
    assert log.rows.select(ROWS).rows() == [
        # "Ann: bets" and "Ann calls": both separators; calls and raises add; Cleo's raise of
        # 0.30 is to 0.30; Ann's uncalled bet of 1 comes back unwritten; Dan, a "new player",
        # is not dealt in
        ("500000001", "Ann", 10.0, "Ah Kd", True, None, "2c 7h Ks 9d", None, 0.7, 1.42,
         "Hold'em", "1.sb0.05 4.c0.25 / 6.x 8.c0.4 / 9.b1"),
        ("500000001", "Bob", 5.5, None, True, None, "", "preflop", 0.1, 0.0, "Hold'em",
         "2.bb0.1 5.f"),
        ("500000001", "Cleo", 8.0, None, True, None, "2c 7h Ks 9d", "turn", 0.7, 0.0,
         "Hold'em", "3.r0.3 / 7.b0.4 / 10.f"),
        # a tournament: chat and a hand's name wrapped onto the next line are read past
        ("500000002", "Ann", 1500.0, "Qs Qd", False, "a pair of queens", board, None, 60.0,
         120.0, "Hold'em", "1.sb10 3.r60 / 6.x / 8.x / 10.x 11.sd"),
        ("500000002", "Bob", 1400.0, "Jc 9c", False, "a pair of jacks", board, None, 60.0,
         0.0, "Hold'em", "2.bb20 4.c40 / 5.x / 7.x / 9.x 12.sd"),
    ]  # fmt: skip
    assert log.rows.unique("round", maintain_order=True).select(HEADS).rows() == [
        ("500000001", "Testville", None, None, "USD", 0.05, 0.1, "cash", 3,
         dt.datetime(2012, 3, 4, 20, 10, tzinfo=UTC)),
        ("500000002", "1", "77", None, "chips", 10.0, 20.0, "tournament", 6,
         dt.datetime(2012, 3, 4, 20, 15, tzinfo=UTC)),
    ]  # fmt: skip
    # a stud hand cut after its antes (no pot won): left out, named (whole stud hands:
    # test_everleaf_stud.py)
    assert log.issues.select("line", "hand_id", "code", "value").rows() == [
        (64, "500000003", "truncated_hand", None)
    ]


def test_pkr_rows() -> None:
    log = _log(PKR, "pkr.txt")
    board = "3d 4c 9s Jh 5h"
    assert log.rows.select(ROWS).rows() == [
        # the button moved to seat 4 for the hand; "calls $0.12" is the street total (Bob's
        # call adds 0.08 to his big blind); Cleo, away from the table, is not dealt in
        ("900000001", "Ann", 5.0, "As Td", True, None, "4d 3d 6c 7s Ks", None, 0.32, 0.72,
         "Hold'em", "1.sb0.02 4.c0.1 / 6.x 9.c0.2 / 10.x / 12.b0.5"),
        ("900000001", "Bob", 4.1, None, True, None, "4d 3d 6c 7s Ks", "river", 0.32, 0.0,
         "Hold'em", "2.bb0.04 5.c0.08 / 7.b0.2 / 11.x / 13.f"),
        ("900000001", "Dan", 6.5, None, True, None, "4d 3d 6c", "flop", 0.12, 0.0, "Hold'em",
         "3.r0.12 / 8.f"),
        # cards written "[A h]", Omaha Hi/Lo, both halves to Ann
        ("900000002", "Ann", 1500.0, "Ah 2c Kd Qs", False, None, board, None, 100.0, 200.0,
         "Omaha Hi/Lo", "1.sb50 3.c50 / 6.x / 8.x / 10.x 11.sd"),
        ("900000002", "Bob", 1500.0, "Kc Kh 9d 9h", False, None, board, None, 100.0, 0.0,
         "Omaha Hi/Lo", "2.bb100 4.x / 5.x / 7.x / 9.x 12.sd"),
    ]  # fmt: skip
    assert log.rows.filter(log.rows["button"])["player"].to_list() == ["Dan", "Ann"]
    assert log.rows.unique("round", maintain_order=True).select(HEADS).rows() == [
        ("900000001", "Test Table", None, None, "USD", 0.02, 0.04, "cash", 3,
         dt.datetime(2012, 8, 15, 0, 51, 26, tzinfo=UTC)),
        ("900000002", "STT # 555", "555", None, "chips", 50.0, 100.0, "tournament", 2,
         dt.datetime(2012, 8, 16, 10, 0, tzinfo=UTC)),
    ]  # fmt: skip


def test_pokertracker_rows() -> None:
    log = _log(POKERTRACKER_VERSIONED, "pokertracker.txt")
    board = "Th 9c 8s 2c 5h"
    assert log.rows.select(ROWS).rows() == [
        # suit-first cards ("[HA C10]"); "Raise (NF)" gives the street total; Cleo's river bet
        # is left out of her award ("Uncalled:Y")
        ("8000000001", "Ann", 10.0, None, True, None, "Jd Qs 8c 3s 2d", "river", 2.2, 0.0,
         "Hold'em", "3.r0.25 6.c0.75 / 8.x / 10.c1.2 / 12.f"),
        ("8000000001", "Bob", 14.05, None, True, None, "", "preflop", 0.05, 0.0, "Hold'em",
         "1.sb0.05 4.f"),
        ("8000000001", "Cleo", 10.0, "Ah Tc", True, None, "Jd Qs 8c 3s 2d", None, 2.2, 4.1,
         "Hold'em", "2.bb0.1 5.r1 / 7.x / 9.b1.2 / 11.b1.8"),
        # "Allin €7.90" adds: a raise to 7.90; the summary shows the cards and names the hands
        ("8000000002", "Ann", 8.0, "Qd Jd", False, "Straight, Queen High", board, None, 8.0,
         15.6, "Hold'em", "2.bb0.1 5.x / 7.r7.9! /  /"),
        ("8000000002", "Bob", 13.95, None, True, None, "", "preflop", 0.0, 0.0, "Hold'em",
         "3.f"),
        ("8000000002", "Cleo", 12.5, "7s 7d", True, "One Pair, Sevens", board, None, 8.0, 0.0,
         "Hold'em", "1.sb0.05 4.c0.05 / 6.b0.2 8.c7.7 /  /"),
    ]  # fmt: skip
    # the button: the seat line's DEALER mark
    assert log.rows.filter(log.rows["button"])["player"].to_list() == ["Ann", "Bob"]
    assert log.rows.unique("round", maintain_order=True).select(HEADS).rows()[0] == (
        "8000000001", "Testtown", None, "GMT", "EUR", 0.05, 0.1, "cash", 3,
        dt.datetime(2019, 1, 3, 11, 56, 34, tzinfo=UTC),
    )  # fmt: skip


def test_pokertracker_everest_rows() -> None:
    log = _log(POKERTRACKER_EVEREST, "pokertracker_everest.txt")
    assert log.rows.select("player", "put_in", "won", "button", "actions").rows() == [
        ("Ann", 0.5, 0.0, False, "1.sb0.5 4.f"),
        ("Bob", 3.0, 0.0, False, "2.bb1 5.c2 / 6.x 8.f"),
        ("Cleo", 3.0, 6.25, True, "3.r3 / 7.b4"),
    ]


@pytest.mark.parametrize(
    ("site", "name", "counts"),
    [
        (EVERLEAF, "everleaf.txt", (1, 0, 2)),
        (PKR, "pkr.txt", (1, 0, 0)),
        (POKERTRACKER_VERSIONED, "pokertracker.txt", (1, 0, 2)),
    ],
    ids=["Everleaf", "PKR", "PokerTracker"],
)
def test_the_pots_and_names_agree(site: TextSite, name: str, counts: tuple[int, int, int]) -> None:
    issues, audited = audit_pots_with_counts(_log(site, name))
    assert issues.height == 0, issues.rows()
    assert (audited.showdowns, audited.disagreements, audited.names_checked) == counts


TEXT_SAMPLES = sorted(DATA.glob("*.txt"))


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("sample", TEXT_SAMPLES, ids=[path.stem for path in TEXT_SAMPLES])
def test_every_site_sniffs_and_reads_utf16_without_a_bom(sample: Path, encoding: str) -> None:
    """A log saved as UTF-16 without its byte-order mark (as some Windows tools write it) is
    recognised and read as its UTF-8 text is, whatever the site."""
    text = decode_text(sample.read_bytes()).removeprefix("\ufeff")
    site = next(entry for entry in SITES if entry.looks_like(text[:4096]))
    data = text.encode(encoding)
    assert not data.startswith((b"\xff\xfe", b"\xfe\xff"))
    head = decode_text(data[:8192])
    assert next(entry.name for entry in SITES if entry.looks_like(head)) == site.name
    expected, log = site.read(text.encode(), sample.name), site.read(data, sample.name)
    assert log.rows.height > 0, sample.name
    assert log.rows.equals(expected.rows), sample.name
