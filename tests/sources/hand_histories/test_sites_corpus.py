"""Acceptance over the public corpus of every site (``../shared/corpora/sites``, fpdb's
regression files; skipped where absent): every hand of a site we read is read or left out with
a named issue, its pots and hand names audited, and what the site says it cut from each pot
(rake, jackpot) is what our rows leave between put in and won.  pokerkit has no GGPoker or
Winamax parser, so these checks stand on the log's own figures.  The table is
``bench/sites.py``'s."""

from __future__ import annotations

import re
from pathlib import Path

import polars as pl
import pytest

from bench.sites import SKIPPED_FILES, SiteFigures, corpus_folder, corpus_table, render
from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import HandLog
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories import read_amount
from pipeline.sources.hand_histories.head_marks import HEAD_MARKS, site_of_head
from pipeline.sources.hand_histories.sites import SITES, TEXT_SITES

CORPUS = corpus_folder()
pytestmark = pytest.mark.skipif(CORPUS is None, reason="no ../shared/corpora/sites")
READ = {site.name: site for site in SITES}
DECLARED = {site.name: site for site in TEXT_SITES}
_CUT = re.compile(
    r"^Total pot .*?\| (?:Rake (\S+)|No rake)(?: \| Jackpot (\S+))?(?: \| Bingo (\S+))?", re.M
)


@pytest.fixture(scope="module")
def table() -> dict[str, SiteFigures]:
    assert CORPUS is not None
    figures = corpus_table(CORPUS)
    print("\n" + render(figures))  # the acceptance table, with -s
    return {row.site: row for row in figures}


def _logs(folder: str) -> list[tuple[Path, str, HandLog]]:
    assert CORPUS is not None
    logs = []
    for path in sorted(p for p in (CORPUS / folder).rglob("*") if p.is_file()):
        if path.name in SKIPPED_FILES:
            continue
        data = path.read_bytes()
        site = READ[folder]
        if site.looks_like(decode_text(data[:8192])):
            logs.append((path, decode_text(data), site.read(data, path.name)))
    return logs


def test_every_corpus_file_is_named_by_its_first_lines(table: dict[str, SiteFigures]) -> None:
    assert CORPUS is not None
    assert len(table) == len(HEAD_MARKS) == 28
    unnamed = [
        f"{row.site}/{name}"
        for row in table.values()
        for name in row.other_files
        if site_of_head(decode_text((CORPUS / row.site / name).read_bytes()[:32768])) is None
    ]
    # a Full Tilt tournament summary: no hand in it
    assert unnamed == ["FullTilt/Flop/tour/NLHE-9max-STT-USD-8.30-201211.step.txt"]


@pytest.mark.parametrize(
    ("site", "files", "hands", "read", "left_out"),
    [
        ("GGPoker", 21, 200, 195, {"run_it_twice": 5}),
        ("Winamax", 40, 146, 137, {"unsupported_variant": 9}),
    ],
    ids=["GGPoker", "Winamax"],
)
def test_every_hand_is_read_or_left_out_with_an_issue(
    table: dict[str, SiteFigures],
    site: str,
    files: int,
    hands: int,
    read: int,
    left_out: dict[str, int],
) -> None:
    row = table[site]
    assert row.read_by == site
    assert (row.files, row.hands, row.hands_read, dict(row.left_out)) == (
        files,
        hands,
        read,
        left_out,
    )
    assert row.hands_read + sum(row.left_out.values()) == row.hands


@pytest.mark.parametrize(
    ("site", "expected"),
    [
        (
            "GGPoker",
            [
                # a cash drop added to the pot (the log says so: a cash_drop issue)
                ("pot_disagreement", "RC58843003"),
                # Omaha (NL postflop): GGPoker names a wheel Hero's Omaha hand cannot make
                ("hand_name_disagreement", "TM2697462"),
            ],
        ),
        (
            "Winamax",
            [
                # Winamax rounds a side pot of 369.5 chips to 370 and an uncalled 0.5 away
                ("pot_disagreement", "6307872438747255-64-1288123510"),
                ("pot_disagreement", "6307872438747255-71-1288124090"),
                # a three-way split's odd chip: Winamax gives it to another seat than ours
                ("pot_disagreement", "119419173368496129-1-1343577528"),
            ],
        ),
    ],
    ids=["GGPoker", "Winamax"],
)
def test_every_disagreement_is_named(site: str, expected: list[tuple[str, str]]) -> None:
    found = []
    for _, _, log in _logs(site):
        issues, _ = audit_pots_with_counts(log)
        found += issues.select("code", "hand_id").rows()
    assert sorted(found) == sorted(expected)


@pytest.mark.parametrize(
    ("site", "exceptions"),
    [
        ("GGPoker", {"RC58843003": "a cash drop of $0.20 added to the pot"}),
        (
            "Winamax",
            {
                "6468352-1737-1408024646": "the file's 'bad pot': 10€ collected from 9€ put in",
                "6307872438747255-64-1288123510": "half a chip rounded",
                "6307872438747255-71-1288124090": "half a chip rounded",
            },
        ),
    ],
    ids=["GGPoker", "Winamax"],
)
def test_what_the_site_cut_from_each_pot_is_put_in_less_won(
    site: str, exceptions: dict[str, str]
) -> None:
    declaration = DECLARED[site]
    checked, differ = 0, {}
    for path, text, log in _logs(site):
        if log.rows.height == 0:
            continue
        kept = log.rows.group_by("hand_id").agg(
            (pl.col("put_in").sum() - pl.col("won").sum()).round(2).alias("kept")
        )
        by_hand = dict(kept.iter_rows())
        for hand in declaration.hand_start.finditer(text):
            hand_id = hand.group("hand_id")
            cut = _CUT.search(text, hand.end())
            if hand_id not in by_hand or cut is None:
                continue
            checked += 1
            written = sum(read_amount(amount) for amount in cut.groups() if amount)
            if abs(written - by_hand[hand_id]) > 0.005:
                differ[hand_id] = f"{path.name}: {cut.group(0)!r}, ours {by_hand[hand_id]}"
    assert checked > 10
    assert sorted(differ) == sorted(exceptions), differ
