"""The text engine over any declared site: how it decodes, cuts and reads a file, and what it
says of a hand it cannot score; the sites table and the head marks of every corpus site."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.job.plan.inputs import find_inputs
from pipeline.sources import read_source
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories import read_amount, read_text_site
from pipeline.sources.hand_histories.head_marks import HEAD_MARKS, site_of_head
from pipeline.sources.hand_histories.sites import SITES, TEXT_SITES
from pipeline.sources.hand_histories.sites.text.ggpoker import GGPOKER
from pipeline.sources.hand_histories.sites.text.winamax import WINAMAX

SITES_DATA = Path(__file__).parents[2] / "data" / "hand_histories" / "sites"


@pytest.mark.parametrize(
    ("written", "decimal_comma", "amount"),
    [
        ("$1,234.50", False, 1234.5),
        ("0.02€", False, 0.02),
        ("€0,25", False, 0.25),
        ("0,92€", True, 0.92),
        ("1 234", False, 1234.0),
        ("1\u00a0234,50 €", True, 1234.5),
        ("(3,350)", False, 3350.0),
        ("1,234", True, 1.234),
        ("1.234", True, 1234.0),
        ("1.234.567,5", False, 1234567.5),
        ("$105.4", False, 105.4),
    ],
    ids=lambda value: repr(value),
)
def test_amounts_as_sites_write_them(written: str, decimal_comma: bool, amount: float) -> None:
    assert read_amount(written, decimal_comma=decimal_comma) == amount, written


@pytest.mark.parametrize(
    "encode",
    [
        lambda text: text.encode("utf-8"),
        lambda text: b"\xef\xbb\xbf" + text.encode("utf-8"),
        lambda text: text.encode("utf-16"),  # with its BOM
        lambda text: text.encode("utf-16-le"),
        lambda text: text.encode("utf-16-be"),
        lambda text: b"\xfe\xff" + text.encode("utf-16-be"),
        lambda text: text.encode("cp1252"),
        lambda text: text.replace("\n", "\r\n").encode("cp1252"),
    ],
    ids=["utf-8", "utf-8 BOM", "utf-16 BOM", "utf-16-le", "utf-16-be", "utf-16-be BOM",
         "cp1252", "cp1252 CRLF"],
)  # fmt: skip
def test_every_encoding_a_site_writes_gives_the_same_rows(encode: object) -> None:
    text = (SITES_DATA / "winamax.txt").read_text(encoding="utf-8")
    expected = read_text_site(WINAMAX, text, "winamax.txt")
    data = encode(text)  # type: ignore[operator]
    assert WINAMAX.hand_start.search(text)
    assert next(site.name for site in SITES if site.looks_like(_head(data))) == "Winamax"
    log = read_text_site(WINAMAX, data, "winamax.txt")
    assert log.rows.equals(expected.rows)
    assert log.rows.height == 8
    assert log.rows["player"][1] == "dies irae 7"


def _head(data: bytes) -> str:
    return decode_text(data[:8192])


def test_a_line_the_grammar_does_not_know_leaves_its_hand_out_naming_the_line() -> None:
    text = (SITES_DATA / "ggpoker.txt").read_text(encoding="utf-8")
    text = text.replace("Hero: bets $30\n", "Hero: bets $30\nHero: juggles the chips\n")
    log = read_text_site(GGPOKER, text, "gg.txt")
    malformed = log.issues.filter(log.issues["code"] == "malformed_hand")
    assert malformed.select("line", "hand_id", "message").rows() == [
        (26, "OM1002", "gg.txt:26: hand OM1002: unreadable action 'Hero: juggles the chips'")
    ]
    assert "OM1002" not in log.rows["round"].to_list()
    assert log.rows["round"].unique(maintain_order=True).to_list() == [
        "RC1001",
        "SD1003",
        "OM1004",
        "TM1005",
    ]


def test_a_file_with_no_hands_says_so() -> None:
    log = read_text_site(GGPOKER, b"nothing here\n", "empty.txt")
    assert log.rows.height == 0
    assert log.issues.select("code", "message").rows() == [
        ("no_hands", "empty.txt: no GGPoker hand header found")
    ]


# The first lines of a log of each corpus site (our own text in each site's shape).
FIRST_LINES = {
    "PokerStars": "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 1:00:00 ET",
    "GGPoker": "Poker Hand #RC3796575777: Hold'em No Limit ($0.02/$0.05) - 2025/08/10 1:00:00",
    "Winamax": "Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€) - 2020/01/01",
    "888poker": "#Game No : 1\n***** Cassava Hand History for Game 1 *****",
    "Betfair": "***** Betfair Poker Hand History for Game 1 *****",
    "PartyPoker": "#Game No : 1\n***** Hand History for Game 1 *****",
    "Everleaf": "Everleaf Gaming Game #1\n***** Hand history for game #1 *****",
    "Ongame": "***** History for hand R5-1-2 *****\nStart hand: Mon Sep 13 22:31:30 GMT+0100 2010",
    "Full Tilt": "Full Tilt Poker Game #1: Table T (6 max) - $0.01/$0.02 - NL Hold'em - 1:00:00 ET",
    "UltimateBet": "Stage #C1: Holdem  No Limit $0.02 - 2010-11-06 15:00:00 (ET)",
    "Absolute": "Stage #1: Holdem  Normal $200/$400 - 2010-03-24 00:50:15 (ET)",
    "BetOnline": "BetOnline Poker Game #1: Hold'em No Limit ($0.25/$0.50) - 2016/03/21 17:09:38",
    "Bovada": "Bovada Hand #1 TBL#2 HOLDEM No Limit - 2015-11-23 17:24:20",
    "Cake": "Hand#2980AA1F9B000367 - $0.05 T1 -- 10 Max -- NL Hold'em -- 2012/06/01 - 21:44:48",
    "Unibet": "Game #1: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04",
    "Enet": "Game #1: Omaha (€0,10/€0,25) - 21:50:56 23.8.2012 - %6",
    "Entraction": 'Game # 1 - Omaha High Pot Limit EUR 0.02/0.04 - Table "Abashiri"',
    "KingsClub": "#1: Pot Limit Omaha - 125/250\n2021-02-05 18:08:26",
    "PKR": "Table #1 - Top Pair\nStarting Hand #2",
    "SealsWithClubs": "Hand #1-2 - 2013-10-31 07:53:57\nGame: NL Hold'em (600 - 3000)",
    "Winning": "Game started at: 2016/10/2 21:0:42\nGame ID: 1 40/80 (PRR) Xana (Omaha HiLow)",
    "PokerTracker": "GAME #1: Texas Hold'em NL $0.50/$1 2011/01/23 20:02:35",
    "ACPC": "# name/game/hands/seed a.b holdem.limit.3p.game 3000 1\nSTATE:0:r:Ah|Kd|:a|b|c",
    "iPoker": '<?xml version="1.0" encoding="utf-8"?>\n<session sessioncode="1">',
    "Merge": '<description type="Holdem" stakes="No Limit ($0.02/$0.04)"/>\n<game id="1-2" '
    'starttime="20110531030610">',
    "Microgaming": '<Game hhversion="2" id="1" date="2012-08-10 23:28:15">',
    "Everest": '<SESSION time="1" tableName="Vannes-23" id="1" type="ring" money="€"/>',
    "Boss": '<ROOT>\n<HISTORY ID="1" SESSION="session1.xml" TABLE="Cleopatra 1">',
}


def test_the_head_marks_name_all_28_corpus_sites() -> None:
    assert sorted(FIRST_LINES) == sorted(site for site, _ in HEAD_MARKS)
    assert len(HEAD_MARKS) == 28


@pytest.mark.parametrize("site", sorted(FIRST_LINES))
def test_each_site_is_named_by_its_first_lines(site: str) -> None:
    assert site_of_head(FIRST_LINES[site] + "\n") == site, FIRST_LINES[site]


def test_every_corpus_site_is_read() -> None:
    assert sorted(FIRST_LINES) == sorted({read.name for read in SITES})


@pytest.mark.parametrize("site", sorted({declared.name for declared in TEXT_SITES}))
def test_each_text_sites_first_lines_are_taken_by_its_own_reader(site: str) -> None:
    """Each text site's first lines are taken by a reader of that site, before the table of
    marks (:mod:`pipeline.sources.hand_histories.head_marks`) is asked."""
    head = FIRST_LINES[site] + "\n"
    assert next(read.name for read in SITES if read.looks_like(head)) == site, head


def test_a_read_sites_mark_in_a_form_its_reader_does_not_know_is_one_issue(
    tmp_path: Path,
) -> None:
    """A log whose first lines carry a site's mark but not a hand its reader knows (Everleaf's
    preamble alone, its hand's own line cut away) is one issue naming the line, not rows."""
    text = "Everleaf Gaming Game #196321235\n" + "Seat 1: Ann ($1 in chips)\n" * 500
    path = tmp_path / "log.txt"
    path.write_text(text, encoding="utf-8")
    source = read_source(path)
    assert source.sheets == []
    assert [problem.message for problem in source.problems] == [
        "looks like a hand history, but no site we read: first line 'Everleaf Gaming Game "
        "#196321235' (Everleaf's reader does not know these first lines)"
    ]
    assert [problem.code for problem in source.problems] == ["unread_site"]


def test_sites_are_chosen_by_content_whatever_the_name(tmp_path: Path) -> None:
    for name, sample in (("no-suffix", "winamax.txt"), ("gg.Sample", "ggpoker.txt")):
        (tmp_path / name).write_bytes((SITES_DATA / sample).read_bytes())
    (tmp_path / "notes.md").write_text("not a hand history\n")
    found = find_inputs([tmp_path])
    assert [path.name for path in found.files] == ["gg.Sample", "no-suffix"]
    assert [read_source(path).kind for path in found.files] == ["ggpoker", "winamax"]


def test_a_card_shown_after_a_fold_stays_in_the_fold_and_is_not_a_hole() -> None:
    text = (SITES_DATA / "ggpoker.txt").read_text(encoding="utf-8")
    text = text.replace("5e6f7a: folds\n", "5e6f7a: folds\n5e6f7a: shows [6s]\n")
    rows = read_text_site(GGPOKER, text, "gg.txt").rows
    folded = rows.filter(rows["player"] == "5e6f7a")
    assert folded.select("hole", "folded_street", "actions").rows() == [
        (None, "flop", "2.ante1 4.st2 6.c4 / 7.x 9.f[6s]")
    ]
