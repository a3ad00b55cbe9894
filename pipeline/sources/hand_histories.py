"""Hand histories (PokerStars text, PHH) recognised by content, so a PokerStars ``.txt`` is never
read as a quiz listing or a CSV.

The readers (:func:`pipeline.sources.pokerstars.read_pokerstars`,
:func:`pipeline.sources.phh.read_phh`) and the pot audit
(:func:`pipeline.games.holdem.pot_audit.audit_pots`) work as a library; the nightly job does not
score hand histories yet, and says so for each such file instead of misreading it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.sources.base import HeaderTest, ReadProblem, SourceFile, decode_text
from pipeline.sources.phh import sniff_phh
from pipeline.sources.pokerstars import sniff_pokerstars

_NOT_YET = (
    "{name!r} is a {kind} hand history: the nightly job does not score hand histories yet "
    "(read it in Python with {reader})"
)


@dataclass(frozen=True)
class PokerStarsSource:
    """PokerStars hand-history text (``PokerStars Hand #...``)."""

    name: str = "pokerstars"

    def sniff(self, head: bytes) -> bool:
        return sniff_pokerstars(decode_text(head))

    def read(self, path: Path, source: SourceFile, is_header: HeaderTest | None) -> None:
        reader = "pipeline.sources.pokerstars.read_pokerstars"
        message = _NOT_YET.format(name=path.name, kind="PokerStars", reader=reader)
        source.problems.append(ReadProblem("", message))


@dataclass(frozen=True)
class PhhSource:
    """Poker Hand History (PHH, TOML) files and ``.phhs`` collections."""

    name: str = "phh"

    def sniff(self, head: bytes) -> bool:
        return sniff_phh(decode_text(head))

    def read(self, path: Path, source: SourceFile, is_header: HeaderTest | None) -> None:
        reader = "pipeline.sources.phh.read_phh"
        message = _NOT_YET.format(name=path.name, kind="PHH", reader=reader)
        source.problems.append(ReadProblem("", message))
