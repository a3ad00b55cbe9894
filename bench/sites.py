"""Every site's hand histories in the corpus, read by content and audited: one table.

Run from the repository root: ``.venv/bin/python -m bench.sites``.

For each site folder of ``../shared/corpora/sites`` (fpdb's regression files and an ACPC log,
third-party data read in place, never copied into the project), every file is recognised from
its first characters as the job does (the first of
:data:`~pipeline.sources.hand_histories.sites.SITES` that knows it), read, and its pots and the
site's own hand names audited (:func:`~pipeline.games.poker.pots.pot_audit.audit_pots_with_counts`).
The table gives per site: files, hands (hands read plus hands left out with an issue; for a
site not read, its header marks counted), hands read, showdowns, pots audited, pot
disagreements, hand names checked and disagreeing, hands left out by code, and hands read per
second (reading alone: the site's files read as one text, so a small file's fixed cost is
not counted; for XML sites, whose files cannot be one text, each file read again).  A site
not read yet shows ``not read``.
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records.hand_log import LEFT_OUT_CODES, SNIFF_CHARS
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories.head_marks import HEAD_MARKS, site_of_head
from pipeline.sources.hand_histories.sites import SITES, Site

ROOT = Path(__file__).resolve().parents[1]
_LEFT_OUT_COUNT = re.compile(r"(\d+) hands? left out")
SKIPPED_FILES = {"SOURCES.txt", "README", "INDEX.txt"}


def corpus_folder() -> Path | None:
    """``<repo>/../shared/corpora/sites`` (or ``$SHOWDOWN_CORPORA/sites``); None where absent, as
    in a user's clone, and the acceptance tests over it skip."""
    base = os.environ.get("SHOWDOWN_CORPORA")
    folder = Path(base) / "sites" if base else ROOT.parent / "shared" / "corpora" / "sites"
    return folder if folder.is_dir() else None


@dataclass
class SiteFigures:
    """One site's corpus figures."""

    site: str
    read_by: str | None = None  # the site entry that read its files, None: not read
    files: int = 0
    hands: int = 0
    hands_read: int = 0
    showdowns: int = 0
    pots: int = 0
    pots_audited: int = 0
    disagreements: int = 0
    names_checked: int = 0
    name_disagreements: int = 0
    seconds: float = 0.0  # reading the site's files as one text (per-file costs apart)
    speed_hands: int = 0
    left_out: Counter[str] = field(default_factory=Counter)
    other_files: list[str] = field(default_factory=list)  # files no site entry read

    @property
    def hands_per_second(self) -> float | None:
        return self.speed_hands / self.seconds if self.seconds > 0 and self.speed_hands else None


def site_figures(folder: Path, games: tuple[str, ...] | None = None) -> SiteFigures:
    """The figures of one site folder (its files found recursively); ``games``: those under
    these first folders alone (:data:`STUD_DRAW_FOLDERS`)."""
    figures = SiteFigures(folder.name)
    marks = dict(HEAD_MARKS)
    # by reader (a site may declare two grammars): its texts, and its files as read
    texts: dict[int, tuple[Site, list[str], list[tuple[bytes, str]]]] = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        if path.name in SKIPPED_FILES:
            continue
        if games is not None and path.relative_to(folder).parts[0] not in games:
            continue
        data = path.read_bytes()
        head = decode_text(data[: SNIFF_CHARS * 4])
        site = next((site for site in SITES if site.looks_like(head)), None)
        figures.files += 1
        if site is None:
            named = site_of_head(head)
            mark = marks.get(named) if named is not None else None
            if mark is not None:
                figures.hands += len(mark.findall(decode_text(data)))
            figures.other_files.append(str(path.relative_to(folder)))
            continue
        figures.read_by = site.name
        _, site_texts, site_files = texts.setdefault(id(site), (site, [], []))
        site_texts.append(decode_text(data).removeprefix("\ufeff"))
        site_files.append((data, path.name))
        log = site.read(data, path.name)
        rows = log.rows
        read = rows.select("hand_id", "line").unique().height if rows.height else 0
        figures.hands_read += read
        figures.hands += read
        for code, message in log.issues.select("code", "message").iter_rows():
            if code not in LEFT_OUT_CODES or code == "duplicate_hand":
                continue
            count = _LEFT_OUT_COUNT.search(message or "")
            left = int(count.group(1)) if code == "unsupported_variant" and count else 1
            figures.left_out[code] += left
            figures.hands += left
        _, counts = audit_pots_with_counts(log)
        figures.showdowns += counts.showdowns
        figures.pots += counts.pots
        figures.pots_audited += counts.pots_audited
        figures.disagreements += counts.disagreements
        figures.names_checked += counts.names_checked
        figures.name_disagreements += counts.name_disagreements
    for reader, read_texts, _ in texts.values():
        # the site's hands as one file (per grammar), read twice, the second timed: hands/s
        # without the cost of opening a frame per small file
        whole = "\n\n".join(read_texts).encode()
        reader.read(whole, folder.name)
        started = time.perf_counter()
        log = reader.read(whole, folder.name)
        figures.seconds += time.perf_counter() - started
        figures.speed_hands += (
            log.rows.select("hand_id", "line").unique().height if log.rows.height else 0
        )
    if texts and figures.speed_hands < figures.hands_read:
        # where the files cannot be one text (XML documents, each its own root), each file
        # read again, timed
        started = time.perf_counter()
        for reader, _, files_read in texts.values():
            for data, name in files_read:
                reader.read(data, name)
        figures.seconds = time.perf_counter() - started
        figures.speed_hands = figures.hands_read
    return figures


def corpus_table(root: Path) -> list[SiteFigures]:
    """Every site folder's figures, by folder name."""
    return [site_figures(folder) for folder in sorted(root.iterdir()) if folder.is_dir()]


STUD_DRAW_FOLDERS = ("Stud", "Draw", "Mixed", "Mix")
"""A site folder's folders of Stud, Razz and Draw logs, and of mixed games (HORSE, 8-Game)."""


def stud_draw_table(root: Path) -> list[SiteFigures]:
    """The figures of every site's Stud, Draw and mixed-game files (a mixed file's board games'
    hands counted too), for the sites that have any."""
    return [
        site_figures(folder, STUD_DRAW_FOLDERS)
        for folder in sorted(root.iterdir())
        if folder.is_dir() and any((folder / name).is_dir() for name in STUD_DRAW_FOLDERS)
    ]


def stud_draw_disagreements(root: Path) -> list[tuple[str, str, str, str]]:
    """Every issue the pot audit and the hand-name check raise on the sites' Stud, Draw and
    mixed-game files, and every award over the pot the reader names: ``(site folder, file,
    code, hand id)``."""
    found = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        for path in sorted(folder.rglob("*")):
            if not path.is_file() or path.relative_to(folder).parts[0] not in STUD_DRAW_FOLDERS:
                continue
            data = path.read_bytes()
            site = next(
                (s for s in SITES if s.looks_like(decode_text(data[: SNIFF_CHARS * 4]))), None
            )
            if site is None:
                continue
            log = site.read(data, path.name)
            issues, _ = audit_pots_with_counts(log)
            said = log.issues.filter(pl.col("code").is_in(["won_exceeds_pot", "pot_disagreement"]))
            for code, hand in [
                *issues.select("code", "hand_id").rows(),
                *said.select("code", "hand_id").rows(),
            ]:
                found.append((folder.name, path.name, str(code), str(hand)))
    return found


def render(table: list[SiteFigures]) -> str:
    """The table as Markdown, the docs' figures."""
    lines = [
        "| site | files | hands | read | showdowns | pots audited | disagreements | names "
        "checked | name disagreements | left out | hands/s |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|",
    ]
    for row in table:
        if row.read_by is None:
            lines.append(f"| {row.site} | {row.files} | {row.hands} | not read | | | | | | | |")
            continue
        left = ", ".join(f"{code} {count}" for code, count in sorted(row.left_out.items()))
        speed = f"{row.hands_per_second:,.0f}" if row.hands_per_second else ""
        lines.append(
            f"| {row.site} | {row.files} | {row.hands} | {row.hands_read} | {row.showdowns} | "
            f"{row.pots_audited}/{row.pots} | {row.disagreements} | {row.names_checked} | "
            f"{row.name_disagreements} | {left} | {speed} |"
        )
    return "\n".join(lines)


def main() -> int:
    root = corpus_folder()
    if root is None:
        print("no corpus at ../shared/corpora/sites: nothing to measure")
        return 0
    table = corpus_table(root)
    print(f"Hand histories of every site in {root} (read in place, never copied)\n")
    print(render(table))
    print("\nTheir Stud, Razz, Draw and mixed-game files alone\n")
    print(render(stud_draw_table(root)))
    print("\nThe issues their audit raises, each named\n")
    for site, file, code, hand in stud_draw_disagreements(root):
        print(f"- {site}: {code} {hand} ({file})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
