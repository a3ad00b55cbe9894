"""Cake, KingsClub, Seals With Clubs, Entraction and PokerTracker's exports of Microgaming hands
read by the text engine from their declarations: our own samples of their grammars
(``tests/data/hand_histories/sites/cake.txt``, ``kingsclub.txt``, ``sealswithclubs.txt``,
``entraction.txt``, ``pokertracker_microgaming.txt``), every row stated, the headers' record,
the pots audited.  pokerkit has no parser for these sites."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import HandLog
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.sites.text.cake import CAKE
from pipeline.sources.hand_histories.sites.text.entraction import ENTRACTION
from pipeline.sources.hand_histories.sites.text.kingsclub import KINGSCLUB
from pipeline.sources.hand_histories.sites.text.pokertracker import POKERTRACKER_MICROGAMING
from pipeline.sources.hand_histories.sites.text.sealswithclubs import SEALSWITHCLUBS
from pipeline.sources.hand_histories.text_site import TextSite

DATA = Path(__file__).parents[2] / "data" / "hand_histories" / "sites"
ROWS = ["round", "player", "stack", "hole", "mucked", "stated_hand", "board", "folded_street"]
ROWS += ["put_in", "won", "variant", "actions"]
HEADS = ["round", "table", "tournament", "time_zone", "currency", "small_blind", "big_blind"]
HEADS += ["ante", "format", "buy_in", "table_size", "played_at"]
UTC = dt.UTC


def _log(site: TextSite, name: str) -> HandLog:
    return read_text_site(site, (DATA / name).read_bytes(), name)


def _heads(log: HandLog) -> list[tuple[object, ...]]:
    return log.rows.unique("round", maintain_order=True).select(HEADS).rows()


@pytest.mark.parametrize(
    ("name", "site"),
    [
        ("cake.txt", "Cake"),
        ("kingsclub.txt", "KingsClub"),
        ("sealswithclubs.txt", "SealsWithClubs"),
        ("entraction.txt", "Entraction"),
        ("pokertracker_microgaming.txt", "PokerTracker"),
    ],
    ids=["Cake", "KingsClub", "SealsWithClubs", "Entraction", "PokerTracker Microgaming"],
)
def test_the_site_table_sniffs_it_by_content(name: str, site: str) -> None:
    head = decode_text((DATA / name).read_bytes()[:4096])
    assert next(entry.name for entry in SITES if entry.looks_like(head)) == site


def test_cake_rows() -> None:
    log = _log(CAKE, "cake.txt")
    board = "As 8c 9s 3d 2s"
    assert log.rows.select(ROWS).rows() == [
        # anonymised names; calls add, raises give their total; no summary
        ("2217011712000147", "dirt***4", 44.55, None, True, None, "", "preflop", 0.0, 0.0,
         "Hold'em", "3.f"),
        ("2217011712000147", "Ann", 62.65, "Qh 5s", True, None, "", "preflop", 0.0, 0.0,
         "Hold'em", "4.f"),
        ("2217011712000147", "Noot***7", 120.14, "8s 7s", False, "Flush, Ace high", board,
         None, 39.5, 76.0, "Hold'em", "1.sb0.25 5.r1.5 / 7.b2 9.c4 / 10.x 12.c8 / 13.b24 15.sd"),
        ("2217011712000147", "soft***8", 50.0, None, True, None, board, None, 39.5, 0.0,
         "Hold'em", "2.bb0.5 6.c1 / 8.r6 / 11.b8 / 14.c24 16.sd"),
        # a euro table converted to dollars: the euros read ("$0,05 (EUR €0,04)")
        ("2999013495000096", "Bob", 17.29, "3c 5d Ks 6h", True, None, "3d Qs 8d", "flop",
         0.24, 0.0, "Omaha", "2.bb0.08 5.c0.16 / 6.x 8.f"),
        ("2999013495000096", "Cleo", 17.78, None, True, None, "3d Qs 8d", None, 0.24, 0.44,
         "Omaha", "3.r0.24 / 7.b0.36 9.sd"),
        ("2999013495000096", "Dan", 7.49, None, True, None, "", "preflop", 0.04, 0.0, "Omaha",
         "1.sb0.04 4.f"),
        # a tournament: antes, an all-in adding "2 515" (a space for thousands)
        ("2930A7507F000252", "Eve", 4160.0, "3d Qd", False, None, "Ac 9d Ks 8s 6h", None,
         2675.0, 0.0, "Hold'em", "2.ante10 4.sb75 7.c225 10.c2365 11.sd /  /  /"),
        ("2930A7507F000252", "Finn", 2675.0, "8h Ad", False, None, "Ac 9d Ks 8s 6h", None,
         2675.0, 5660.0, "Hold'em", "3.ante10 5.bb150 8.r2665! 12.sd /  /  /"),
        ("2930A7507F000252", "Gus", 4800.0, None, True, None, "", "preflop", 310.0, 0.0,
         "Hold'em", "1.ante10 6.r300 9.f"),
    ]  # fmt: skip
    assert _heads(log) == [
        ("2217011712000147", "Pebble Beach (6-Max) 11712", None, None, "USD", 0.25, 0.5, None,
         "cash", None, 4, dt.datetime(2010, 4, 30, 18, 26, 41, tzinfo=UTC)),
        ("2999013495000096", "Odesa (6-Max) 13495", None, None, "EUR", 0.04, 0.08, None,
         "cash", None, 3, dt.datetime(2012, 6, 21, 5, 30, 58, tzinfo=UTC)),
        ("2930A7507F000252", "5", "10965119", None, "chips", 75.0, 150.0, 10.0, "tournament",
         16.5, 10, dt.datetime(2012, 4, 12, 22, 32, 6, tzinfo=UTC)),
    ]  # fmt: skip
    # the buttons: "DEALER" on a seat line, "Dealer: Seat 3"
    assert log.rows.filter(log.rows["button"])["player"].to_list() == ["Ann", "Cleo", "Gus"]


def test_kingsclub_rows() -> None:
    log = _log(KINGSCLUB, "kingsclub.txt")
    board = "8d 4d 3c 5c 7s"
    assert log.rows.select(ROWS).rows() == [
        # calls and raises give their street total; hidden cards "[X X]" are no cards
        ("3264632", "Ann", 325.0, "3h 4s", False, None, board, None, 325.0, 0.0, "Hold'em",
         "1.ante50 8.c275! /  /  / 19.sd"),
        ("3264632", "Bob", 10000.0, None, True, None, "", "preflop", 175.0, 0.0, "Hold'em",
         "2.ante50 5.sb125 9.f"),
        ("3264632", "Cleo", 10000.0, "Kd 6d", False, None, board, None, 1875.0, 4250.0,
         "Hold'em", "3.ante50 6.bb250 10.c375 / 11.x 13.c1200 / 14.x / 16.b3333 18.sd"),
        ("3264632", "Dan", 10000.0, "Qc Ks", True, None, board, "river", 1875.0, 0.0,
         "Hold'em", "4.ante50 7.r625 / 12.b1200 / 15.x / 17.f"),
        # a limit game: the header's 40/80 are its bets, the blinds those posted
        ("3969308", "Eve", 3250.0, "7h 9h Qd 7d", True, None, "2s Th 6h", None, 40.0, 80.0,
         "Omaha Hi/Lo", "2.bb40 4.x / 5.b40"),
        ("3969308", "Finn", 1200.0, None, True, None, "2s Th 6h", "flop", 40.0, 0.0,
         "Omaha Hi/Lo", "1.sb20 3.c20 / 6.f"),
    ]  # fmt: skip
    assert _heads(log) == [
        ("3264632", "Bobbys Room Mix", None, None, "USD", 125.0, 250.0, 50.0, "cash", None, 4,
         dt.datetime(2020, 12, 30, 22, 34, 16, tzinfo=UTC)),
        ("3969308", "Omaha 2", None, None, "USD", 20.0, 40.0, None, "cash", None, 2,
         dt.datetime(2021, 4, 1, 8, 16, 8, tzinfo=UTC)),
    ]  # fmt: skip
    assert log.issues.select("line", "hand_id", "code", "value").rows() == [
        (64, "40091899", "unsupported_variant", "Limit 2-7 Razz")
    ]


def test_sealswithclubs_rows() -> None:
    log = _log(SEALSWITHCLUBS, "sealswithclubs.txt")
    board = "5h 5d Kh 6s 8h"
    assert log.rows.select(ROWS).rows() == [
        # Eve sits out; each pot shown down and won on its own; Cleo's turn bet refunded
        ("5338590-82", "Ann", 23.0, None, True, None, "5h 5d Kh 6s", "turn", 3.0, 0.0,
         "Hold'em", "2.bb1 6.c2 / 7.x / 9.x 11.f"),
        ("5338590-82", "Bob", 195.0, None, True, None, "", "preflop", 0.0, 0.0, "Hold'em",
         "3.f"),
        ("5338590-82", "Cleo", 230.0, "Td Tc", False, "Two Pair, Tens and Fives +K", board,
         None, 3.0, 2.0, "Hold'em", "4.r3 / 8.x / 10.b3 / 12.sd"),
        ("5338590-82", "Dan", 2.0, "Kd Qh", False, "Two Pair, Kings and Fives +Q", board, None,
         2.0, 5.85, "Hold'em", "1.sb1 5.c1! /  /  / 13.sd"),
    ]  # fmt: skip
    assert _heads(log) == [
        ("5338590-82", "NLHE 9max 1/1 #2", None, None, "mBTC", 1.0, 1.0, None, "cash", None, 4,
         dt.datetime(2013, 4, 12, 0, 37, 11, tzinfo=UTC)),
    ]  # fmt: skip
    assert log.rows.filter(log.rows["button"])["player"].to_list() == ["Cleo"]


def test_entraction_rows() -> None:
    log = _log(ENTRACTION, "entraction.txt")
    board = "3d Ah 8h Jd 6s"
    assert log.rows.select(ROWS).rows() == [
        # a log in columns; both blinds posted at once (a dead post); the bet paid back
        ("2314086000", "Hero", 417.43, "Ad Td 7s 8h", True, None, "Kh 8s Ks", None, 5.0, 11.4,
         "Omaha", "4.r5 / 9.b7.5"),
        ("2314086000", "Ann", 116.24, None, True, None, "Kh 8s Ks", "flop", 5.5, 0.0, "Omaha",
         "3.post1.5 5.c4 / 10.f"),
        ("2314086000", "Bob", 100.0, None, True, None, "", "preflop", 0.0, 0.0, "Omaha",
         "6.f"),
        ("2314086000", "Cleo", 690.18, None, True, None, "", "preflop", 0.5, 0.0, "Omaha",
         "1.sb0.5 7.f"),
        ("2314086000", "Dan", 241.4, None, True, None, "", "preflop", 1.0, 0.0, "Omaha",
         "2.bb1 8.f"),
        ("2137921772", "Eve", 3.92, "Ac 9d", False, "a pair of Aces", board, None, 3.53, 7.0,
         "Hold'em", "1.sb0.02 3.c0.02 / 6.x / 8.c3.49 / 10.sd"),
        ("2137921772", "Finn", 3.53, "Jc 7d", False, "a pair of Jacks", board, None, 3.53, 0.0,
         "Hold'em", "2.bb0.04 4.x / 5.x / 7.b3.49! / 9.sd"),
    ]  # fmt: skip
    # the time is when the hand ended (the log's only time), in its own zone
    assert _heads(log) == [
        ("2314086000", "Eaton Max 100BB", None, "CEST", "EUR", 0.5, 1.0, None, "cash", None, 6,
         dt.datetime(2011, 7, 20, 21, 45, tzinfo=UTC)),
        ("2137921772", "Abashiri", None, "GMT", "EUR", 0.02, 0.04, None, "cash", None, 6,
         dt.datetime(2011, 3, 21, 17, 10, 4, tzinfo=UTC)),
    ]  # fmt: skip


def test_pokertracker_microgaming_rows() -> None:
    log = _log(POKERTRACKER_MICROGAMING, "pokertracker_microgaming.txt")
    board = "As Ts 2c Kc Qh"
    assert log.rows.select(ROWS).rows() == [
        # Ann sits out; "raised - €1.60" adds; Dan's unmatched 5.01 comes back unwritten
        ("4152594215", "Bob", 6.9, None, True, None, "", "preflop", 0.0, 0.0, "Hold'em", "4.f"),
        ("4152594215", "Cleo", 8.26, None, True, None, "", "preflop", 0.05, 0.0, "Hold'em",
         "1.sb0.05 5.f"),
        ("4152594215", "Hero", 11.56, "2d 2h", False, None, board, None, 11.56, 22.17,
         "Hold'em", "2.bb0.1 6.c0.1 / 7.b0.3 / 9.b0.8 11.r5.6 13.c5.46! / 14.sd"),
        ("4152594215", "Dan", 16.57, "Kd Ac", True, None, board, None, 11.56, 0.0, "Hold'em",
         "3.r0.2 / 8.c0.3 / 10.r1.6 12.r16.07! / 15.sd"),
    ]  # fmt: skip
    assert _heads(log) == [
        ("4152594215", "Deal 252 (Deep) - €5 Min", None, None, "EUR", 0.05, 0.1, None, "cash",
         None, 4, dt.datetime(2011, 11, 2, 23, 8, 51, tzinfo=UTC)),
    ]  # fmt: skip
    assert log.rows.filter(log.rows["button"])["player"].to_list() == ["Bob"]


@pytest.mark.parametrize(
    ("site", "name", "counts"),
    [
        (CAKE, "cake.txt", (2, 0, 1)),
        (SEALSWITHCLUBS, "sealswithclubs.txt", (1, 0, 2)),
        (ENTRACTION, "entraction.txt", (1, 0, 2)),
        (POKERTRACKER_MICROGAMING, "pokertracker_microgaming.txt", (1, 0, 0)),
        (KINGSCLUB, "kingsclub.txt", (1, 0, 0)),
    ],
    ids=["Cake", "SealsWithClubs", "Entraction", "PokerTracker Microgaming", "KingsClub"],
)
def test_the_pots_and_names_agree(site: TextSite, name: str, counts: tuple[int, int, int]) -> None:
    log = _log(site, name)
    issues, audited = audit_pots_with_counts(log)
    assert issues.height == 0, issues.rows()
    assert (audited.showdowns, audited.disagreements, audited.names_checked) == counts
    assert log.issues.filter(log.issues["code"] != "unsupported_variant").height == 0
