"""Which input scored each hand first, across files and nights: ``hand_index.parquet`` beside
the manifest, kept by the driver (tasks only read a snapshot of it).

A hand's identity is ``(site, tournament, round)`` where ``round`` is the site's hand id as
written (PokerStars' hand number); a round sheet (a CSV or a workbook of rounds, which carries no
site hand id) is identified by its content hash.  The first input to score a hand owns it; the
same hand seen in another input (a client re-exporting a day, two overlapping exports) is a
``duplicate_hand`` issue there and its rows are left out of that input's Parquet, so a season
reading the Parquet counts it once.  An input is never a duplicate of itself: a rerun, with or
without ``--force``, owns what it owned.  The same content under a new name (a rename, a path
through a link: ``renamed_from`` in the manifest) owns what the old name owned.

>>> index = HandIndex({identity("PokerStars", "900", "1001"): "a.txt"}, {"a.txt": ("f00", "")})
>>> index.owner(identity("PokerStars", "900", "1001"), "b.txt", frozenset())
'a.txt'
>>> index.owner(identity("PokerStars", "900", "1001"), "a.txt", frozenset()) is None
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from pipeline.job.task.results import FileResult
from pipeline.sinks.atomic import atomic_open, output_stamp
from pipeline.sinks.manifest import HAND_INDEX, SOURCE_PATH, readable
from pipeline.sources import ReadProblem

DUPLICATE_HAND = "duplicate_hand"
_SEPARATOR = "\x1f"  # never in a site's name, a tournament id or a hand id
_CONTENT = "content"
ROUND_SHEET_KINDS = frozenset({"csv", "xlsx", "xls", "ods", "listing"})
"""Sources of round sheets, identified by their content; every other kind is a site's hand
history, whose rows carry the site's hand id (a site added later is one of those)."""


def identity(site: str, tournament: str, round_id: str) -> str:
    """A hand's identity as the index keeps it (one string)."""
    return _SEPARATOR.join((site, tournament, round_id))


def content_identity(digest: str) -> str:
    """A round sheet's identity: its content hash."""
    return identity("", _CONTENT, digest)


def shown_identity(key: str) -> str:
    """An identity as an issue names it: ``hand 1001 of tournament 900 (PokerStars)``."""
    site, tournament, round_id = key.split(_SEPARATOR)
    if tournament == _CONTENT and not site:
        return "the same rounds (the same file content)"
    where = f" of tournament {tournament}" if tournament else ""
    return f"hand {round_id}{where}" + (f" ({site})" if site else "")


@dataclass
class HandIndex:
    """Hands by identity, each with the input that scored it first; each owner's content hash
    and path (from the manifest) to tell a renamed input from a copy."""

    hands: dict[str, str] = field(default_factory=dict)
    owners: dict[str, tuple[str, str]] = field(default_factory=dict)

    def owner(self, key: str, name: str, same_input: frozenset[str]) -> str | None:
        """Who scored ``key`` first when it is not ``name`` (nor a name of the same input,
        ``same_input``); ``None`` when it is this input's own or new."""
        owner = self.hands.get(key)
        return None if owner is None or owner == name or owner in same_input else owner

    def same_input(self, digest: str, path: Path) -> frozenset[str]:
        """Owners with this content whose file is gone or is this very file by another path:
        the same input under an old name."""
        return frozenset(
            owner
            for owner, (owned_digest, source) in self.owners.items()
            if owned_digest == digest
            and (not source or not os.path.lexists(source) or _same_file(source, path))
        )

    def claim(self, name: str, keys: Iterable[str], replaced: Iterable[str] = ()) -> bool:
        """``name`` now owns ``keys`` (its hands of this run) and nothing else; the hands of
        the names it replaced are dropped.  Whether the index changed."""
        gone = {name, *replaced}
        before = {key for key, owner in self.hands.items() if owner in gone}
        wanted = {key for key in keys if self.hands.get(key, name) in gone}
        if before == wanted and not set(replaced) & set(self.hands.values()):
            return False
        self.hands = {key: owner for key, owner in self.hands.items() if owner not in gone}
        for key in keys:
            self.hands.setdefault(key, name)
        return True

    def conflicts(self, name: str, digest: str, path: Path, keys: Iterable[str]) -> bool:
        """Whether another input (one that finished earlier in this run) owns one of
        ``keys``: the task saw an older snapshot and must be scored again."""
        same_input = self.same_input(digest, path)
        return any(self.owner(key, name, same_input) is not None for key in keys)


def _same_file(first: str, second: Path) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False


def load_index(output: Path, entries: dict[str, dict[str, object]]) -> HandIndex:
    """The index on disk (empty when there is none or it broke), with each owner's content hash
    and path from the manifest's ``entries``."""
    owners = {
        name: (str(entry.get("sha256") or ""), str(entry.get(SOURCE_PATH) or ""))
        for name, entry in entries.items()
    }
    try:
        frame = pl.read_parquet(output / HAND_INDEX, columns=["owner", "hand"])
    except (OSError, pl.exceptions.PolarsError):
        return HandIndex({}, owners)
    by_text = {readable(name): name for name in entries}  # names as the manifest holds them
    hands = {
        hand: by_text.get(owner, owner)
        for owner, hand in zip(frame["owner"], frame["hand"], strict=True)
        if isinstance(owner, str) and isinstance(hand, str)
    }
    return HandIndex(hands, owners)


def write_index(output: Path, index: HandIndex) -> None:
    """The index, atomically, stamped as our output."""
    frame = pl.DataFrame(
        {
            "owner": [readable(owner) for owner in index.hands.values()],
            "hand": list(index.hands),
        },
        schema={"owner": pl.String, "hand": pl.String},
    )
    with atomic_open(output / HAND_INDEX) as handle:
        frame.write_parquet(handle, metadata=output_stamp())


def hand_keys(scored: pl.DataFrame) -> pl.Expr:
    """Each scored row's hand identity (see :func:`identity`), from its ``site`` (where the
    rows carry one), ``tournament`` and ``round`` columns."""
    parts = [
        pl.col(column).cast(pl.String).fill_null("") if column in scored.columns else pl.lit("")
        for column in ("site", "tournament", "round")
    ]
    return pl.concat_str(parts, separator=_SEPARATOR)


@dataclass
class Claims:
    """What one input's hands are: those it owns, and those another input scored first (left
    out of its Parquet, each one ``duplicate_hand`` issue)."""

    owned: list[str] = field(default_factory=list)
    left_out: set[str] = field(default_factory=set)
    whole_file: bool = False  # a round sheet whose content another input scored first
    issues: list[ReadProblem] = field(default_factory=list)


def claims_of(
    result: FileResult, digest: str, name: str, path: Path, index: HandIndex | None
) -> Claims:
    """The hands of a scored file, checked against the index (``None``: not checked)."""
    claims = Claims()
    if not digest:
        return claims
    index = index or HandIndex()
    same_input = index.same_input(digest, path)
    if result.source.kind in ROUND_SHEET_KINDS:
        if not any(sheet.scored.height for sheet in result.sheets if sheet.game is not None):
            return claims
        key = content_identity(digest)
        owner = index.owner(key, name, same_input)
        if owner is None:
            claims.owned.append(key)
            return claims
        claims.whole_file = True
        claims.issues.append(
            ReadProblem(
                "",
                f"{readable(owner)!r} has the same content and was scored first: this file's "
                "rows are left out of its Parquet, so they are counted once",
                code=DUPLICATE_HAND,
            )
        )
        return claims
    for sheet_result in result.sheets:
        scored = sheet_result.scored
        if sheet_result.game is None or scored.height == 0 or "round" not in scored.columns:
            continue
        rows = pl.Series([*sheet_result.sheet.excel_rows, None], dtype=pl.Int64)
        firsts = (
            scored.select(
                hand_keys(scored).alias("hand"),
                pl.lit(rows).gather(pl.col("row_id").fill_null(rows.len() - 1)).alias("row"),
            )
            .group_by("hand", maintain_order=True)
            .agg(pl.col("row").min())
        )
        for key, row in firsts.iter_rows():
            owner = index.owner(key, name, same_input)
            if owner is None:
                claims.owned.append(key)
                continue
            claims.left_out.add(key)
            claims.issues.append(
                ReadProblem(
                    sheet_result.sheet.name,
                    f"{shown_identity(key)} was scored first in {readable(owner)!r}: its rows "
                    "here are left out of the Parquet, so it is counted once",
                    row=row,
                    code=DUPLICATE_HAND,
                )
            )
    return claims
