"""Acceptance of the XML sites over the public corpus (``../shared/corpora/sites``, fpdb's
regression files, read in place and never copied here): skipped where it is absent.

Per site: files, hands (the site's hand elements in the bytes), hands read, showdowns, pots
audited, disagreements and hands/s are printed (``pytest -s``) and checked against floors, so a
regression in the engine or a site's declaration shows as a count that dropped:

- every hand element is read into rows or named by an issue (never dropped in silence);
- every row's ``net = won - put_in`` holds and no hand pays out more than was put in, unless
  the hand carries an issue saying so (``won_exceeds_pot``);
- pokerkit's own iPoker parser, where it reads a file, names the same players and winnings.
"""

from __future__ import annotations

import contextlib
import io
import re
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import polars as pl
import pytest

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import HandLog
from pipeline.records.hand_log import LEFT_OUT_CODES
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories.xml_engine import XmlSite
from pipeline.sources.hand_histories.xml_sites import XML_SITES, read_xml

ROOT = Path(__file__).resolve().parents[3]
SITES = next(
    (
        folder / "shared" / "corpora" / "sites"
        for folder in (ROOT.parent, ROOT.parent.parent, Path("/work"))
        if (folder / "shared" / "corpora" / "sites").is_dir()
    ),
    ROOT.parent / "shared" / "corpora" / "sites",
)
FILE_ISSUES = frozenset({"malformed_xml", "unsafe_xml", "xml_too_large", "no_hands"})
KEPT_HAND_ISSUES = frozenset({"won_exceeds_pot", "stack_disagreement"})


@dataclass(frozen=True)
class Floor:
    """What the corpus gave when the site was declared (Nov 2026): a count may rise, not fall."""

    files: int
    hands_read: int
    showdowns: int
    pots_audited: int
    disagreements: int


FLOORS = {
    "iPoker": Floor(41, 491, 225, 155, 0),
    "Merge": Floor(45, 98, 39, 24, 1),
    "Microgaming": Floor(16, 16, 13, 7, 1),
    "Everest": Floor(7, 7, 4, 3, 0),
    "Boss": Floor(20, 108, 70, 44, 26),
}
"""Disagreements are a ceiling: Merge's is a tournament hand whose all-in player posts an ante
from a written stack of 0; Microgaming's a "posted to play" whose log stack says 0.15 went in
for a 0.10 post; Boss's are 2011 tournament hands that write no antes (the pot lines show
them)."""


def site_files(site: str) -> list[Path]:
    folder = SITES / site
    if not folder.is_dir():
        pytest.skip(f"{folder} is absent (the public corpora are not copied into the project)")
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "SOURCES.txt")


def hand_elements(site: XmlSite, data: bytes) -> int:
    return len(re.findall(rb"<" + site.hand_tag.encode() + rb"[\s>]", data))


@pytest.mark.parametrize("site", XML_SITES, ids=[site.name for site in XML_SITES])
def test_every_hand_of_the_corpus_is_read_or_named(site: XmlSite) -> None:
    files = site_files(site.name)
    floor = FLOORS[site.name]
    hands = read = showdowns = pots = audited = disagreements = 0
    seconds = 0.0
    unaccounted: list[str] = []
    unbalanced: list[str] = []
    for path in files:
        data = path.read_bytes()
        started = time.perf_counter()
        log = read_xml(data, path.name)
        seconds += time.perf_counter() - started
        elements = hand_elements(site, data)
        hands += elements
        rows_hands = log.rows.select("hand_id", "line").unique().height
        read += rows_hands
        named = _hands_named(log)
        cut = bool(set(log.issues["code"]) & FILE_ISSUES)
        if rows_hands + named != elements and not (cut and rows_hands + named < elements):
            unaccounted.append(f"{path.name}: {elements} hands, {rows_hands} read, {named} named")
        unbalanced += _unbalanced(log, path.name)
        _, counts = audit_pots_with_counts(log)
        showdowns += counts.showdowns
        pots += counts.pots
        audited += counts.pots_audited
        disagreements += counts.disagreements
    print(
        f"\n{site.name}: files {len(files)}, hands {hands}, read {read}, showdowns {showdowns}, "
        f"pots {pots}, audited {audited}, disagreements {disagreements}, "
        f"{read / max(seconds, 1e-9):,.0f} hands/s"
    )
    assert unaccounted == [], unaccounted[:5]
    assert unbalanced == [], unbalanced[:5]
    assert len(files) >= floor.files, site.name
    assert read >= floor.hands_read, f"{site.name}: read {read} < {floor.hands_read}"
    assert showdowns >= floor.showdowns, site.name
    assert audited >= floor.pots_audited, site.name
    assert disagreements <= floor.disagreements, site.name


def _hands_named(log: HandLog) -> int:
    """Hands left out whole by an issue (an unsupported variant's issue counts its hands)."""
    issues = log.issues.filter(pl.col("code").is_in(list(LEFT_OUT_CODES)))
    named = 0
    for code, message in issues.select("code", "message").rows():
        counted = re.search(r": (\d+) hands? left out", message or "")
        named += int(counted.group(1)) if code == "unsupported_variant" and counted else 1
    return named


def _unbalanced(log: HandLog, file: str) -> list[str]:
    rows = log.rows.filter(pl.col("won").is_not_null())
    flagged = set(
        log.issues.filter(pl.col("code").is_in(list(KEPT_HAND_ISSUES)))["hand_id"].to_list()
    )
    hands = rows.group_by("hand_id").agg(pl.col("put_in").sum(), pl.col("won").sum())
    return [
        f"{file}: hand {hand} put in {put_in:g}, won {won:g}"
        for hand, put_in, won in hands.rows()
        if won > put_in + 0.005 and hand not in flagged
    ]


def test_pokerkits_ipoker_parser_agrees_where_it_reads_a_file() -> None:
    """pokerkit 0.7's ``HandHistory.from_ipoker_network`` is the reference.  On this corpus it
    reads no hand: its card pattern wants lower-case suits (iPoker writes ``C10 DA``), it cannot
    deal the hidden ``X X`` pockets every file holds, and it expects one element per line.  The
    check stands for the hands it does read, and says how many those are."""
    from pokerkit import HandHistory

    files = site_files("iPoker")
    compared = agreed = 0
    disagreements: list[str] = []
    for path in files:
        # pokerkit prints each hand it cannot parse to stderr, and warns
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            try:
                theirs = list(HandHistory.from_ipoker_network(decode_text(path.read_bytes())))
            except (ValueError, KeyError, IndexError):
                continue
        ours = read_xml(path.read_bytes(), path.name).rows
        for history in theirs:
            hand = ours.filter(pl.col("hand_id") == str(history.hand))
            if hand.height == 0:
                continue
            compared += 1
            players = sorted(str(p) for p in history.players or [])
            winnings = sorted(float(w) for w in getattr(history, "winnings", None) or [])
            if players == sorted(hand["player"].to_list()) and (
                not winnings or winnings == sorted(hand["won"].fill_null(0).to_list())
            ):
                agreed += 1
            else:
                disagreements.append(f"{path.name}: hand {history.hand}")
    print(f"\npokerkit read {compared} iPoker hands of the corpus; {agreed} agree")
    assert disagreements == [], disagreements[:5]
