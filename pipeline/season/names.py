"""Who is who: a player's name matched across nights, the desk's aliases, and likely pairs.

Names are matched on a **key**: Unicode NFC, case folded, runs of white space made one space,
ends stripped (``"Zoë"`` written NFC or NFD, ``"ann"`` and ``" Ann "`` are one player).  A
player is shown in the spelling used on most rows (ties: the first in code-point order).

The desk's **players file** (``--players FILE``) is a CSV with ``alias`` and ``player``
columns: every name whose key is an alias's key is counted as ``player``; an empty ``player``
leaves that name out of the season (placeholders such as ``player 1`` or the kata's ``Black``
and ``White``).  Nothing is merged by guess: :func:`same_player_pairs` lists names that look
alike (one a word-prefix of the other, the same but for accents, one edit apart in a long name)
for the desk to confirm in the players file.
"""

from __future__ import annotations

import csv
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

LONG_NAME = 8
"""A name this long or longer (in characters of its key) is compared one edit apart: shorter
names one letter apart (``Ann``/``Anna``, ``Bo``/``Bob``) are too often two people."""

SAME_PLAYER_SCHEMA: dict[str, pl.DataType] = {
    "name": pl.String(),
    "rows": pl.Int64(),
    "looks like": pl.String(),
    "its rows": pl.Int64(),
    "why": pl.String(),
}

_SPACE = re.compile(r"\s+")
_DIGITS = re.compile(r"\d+")  # seats numbered "player 1", "player 2" are not a typo apart


def name_key(name: str) -> str:
    """The key a name is matched on: NFC, case folded, white space collapsed.

    >>> name_key("  ZOE\\u0308   Smith ") == name_key("zoë smith")
    True
    """
    return _SPACE.sub(" ", unicodedata.normalize("NFC", name).casefold()).strip()


def _unaccented(key: str) -> str:
    decomposed = unicodedata.normalize("NFD", key)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


class PlayersFileError(ValueError):
    """The players file cannot be read: not there, not a CSV with ``alias`` and ``player``."""


@dataclass(frozen=True)
class PlayerMap:
    """The desk's aliases by key: the player each counts as, ``None`` for a name left out."""

    aliases: Mapping[str, str | None] = field(default_factory=dict)

    @property
    def known(self) -> frozenset[str]:
        """Keys of every name the desk wrote, as an alias or as a player."""
        players = {name_key(player) for player in self.aliases.values() if player is not None}
        return frozenset(self.aliases) | players

    @property
    def excluded(self) -> frozenset[str]:
        """Keys of the names left out of the season."""
        return frozenset(key for key, player in self.aliases.items() if player is None)


def read_players(path: Path) -> PlayerMap:
    """Read a players file (CSV ``alias,player``; an empty ``player`` leaves the alias out).

    Raises :class:`PlayersFileError` naming the file and the line that is wrong.
    """
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        msg = f"cannot read players file {str(path)!r}: {error}"
        raise PlayersFileError(msg) from None
    reader = csv.DictReader(text.splitlines())
    headings = {name_key(heading) for heading in reader.fieldnames or ()}
    if not {"alias", "player"} <= headings:
        msg = f"players file {str(path)!r} needs the columns alias and player, got {headings!r}"
        raise PlayersFileError(msg)
    aliases: dict[str, str | None] = {}
    for line, record in enumerate(reader, start=2):
        cells = {name_key(key): (value or "") for key, value in record.items() if key is not None}
        alias, player = cells["alias"].strip(), _SPACE.sub(" ", cells["player"]).strip()
        if not alias:
            continue
        key = name_key(alias)
        wanted = unicodedata.normalize("NFC", player) or None
        if key in aliases and aliases[key] != wanted:
            msg = (
                f"players file {str(path)!r}, line {line}: alias {alias!r} is already "
                f"{aliases[key]!r}, not {wanted!r}"
            )
            raise PlayersFileError(msg)
        aliases[key] = wanted
    return PlayerMap(aliases)


def keyed_names(names: pl.Series, counts: pl.Series, players: PlayerMap) -> pl.DataFrame:
    """For each distinct written name in ``names`` (with its row ``counts``): the ``key`` of its
    player and the ``shown`` name (``None`` when the desk left the name out).

    >>> names = pl.Series(["ann", "Ann", "Ann ", "player 1"])
    >>> desk = PlayerMap({"player 1": None})
    >>> keyed_names(names, pl.Series([1, 5, 1, 9]), desk)["shown"].to_list()
    ['Ann', 'Ann', 'Ann', None]
    """
    written: list[str | None] = names.to_list()
    rows: list[int] = counts.to_list()
    keys: list[str | None] = []
    desk: dict[str, str] = {}
    for name in written:
        key = None if name is None else name_key(name)
        if key is not None and players.aliases.get(key) is not None:
            player = players.aliases[key]
            assert player is not None
            key = name_key(player)
            desk[key] = player  # the desk's spelling stands for its aliases
        keys.append(key)
    tally: dict[str, dict[str, int]] = {}  # key -> rows per spelling (NFC: prints the same)
    for name, key, count in zip(written, keys, rows, strict=True):
        if name is not None and key is not None:
            spelling = _SPACE.sub(" ", unicodedata.normalize("NFC", name)).strip()
            spellings = tally.setdefault(key, {})
            spellings[spelling] = spellings.get(spelling, 0) + count
    most = {  # the most rows, then the first in code-point order
        key: (0, min(spellings, key=lambda spelling: (-spellings[spelling], spelling)))
        for key, spellings in tally.items()
    }
    excluded = players.excluded
    shown = [
        None
        if name is None or name_key(name) in excluded
        else desk.get(key, most[key][1])
        if key is not None
        else None
        for name, key in zip(written, keys, strict=True)
    ]
    return pl.DataFrame(
        {"player": written, "key": keys, "shown": shown},
        schema={"player": pl.String(), "key": pl.String(), "shown": pl.String()},
    )


def rename_players(frame: pl.DataFrame, players: PlayerMap) -> pl.DataFrame:
    """``frame`` with ``player`` the shown name of its player and ``left_out`` TRUE on the rows
    of names the desk left out (kept until the rounds' own counts are made: a placeholder's
    pot still had a winner)."""
    counts = frame.group_by("player").len()
    names = keyed_names(counts["player"], counts["len"].cast(pl.Int64), players)
    if names.filter(pl.col("shown").ne_missing(pl.col("player"))).is_empty():
        return frame.with_columns(pl.lit(False).alias("left_out"))  # every name as written
    joined = frame.join(names, on="player", how="left", nulls_equal=True)
    return joined.with_columns(
        (pl.col("shown").is_null() & pl.col("player").is_not_null()).alias("left_out"),
        pl.coalesce("shown", "player").alias("player"),
    ).drop("shown", "key")


def _edit_neighbours(key: str) -> set[str]:
    """The key with one character deleted, each way (two keys one edit apart share one)."""
    return {key[:index] + key[index + 1 :] for index in range(len(key))} | {key}


def same_player_pairs(
    rows_per_player: Mapping[str, int], known: frozenset[str] = frozenset()
) -> pl.DataFrame:
    """Pairs of shown names that may be one player, for the desk to confirm (never merged).
    A pair whose two names the desk's file both names (``known`` keys: a name written as its
    own player, ``Bob Smith,Bob Smith``, says it is someone) is settled, not listed.

    >>> pairs = same_player_pairs({"Bob": 3, "Bob Smith": 2, "Zoe": 1, "Zoë": 1})
    >>> pairs.select("name", "looks like", "why").rows()  # doctest: +NORMALIZE_WHITESPACE
    [('Bob', 'Bob Smith', 'one name starts the other'),
     ('Zoe', 'Zoë', 'the same but for accents')]
    """
    keys = {name: name_key(name) for name in rows_per_player}
    found: dict[tuple[str, str], str] = {}

    def add(first: str, second: str, why: str) -> None:
        pair = (
            (first, second) if (keys[first], first) <= (keys[second], second) else (second, first)
        )
        if keys[first] in known and keys[second] in known:
            return  # the desk has said who each is
        if pair[0] != pair[1]:
            found.setdefault(pair, why)

    by_first_word: dict[str, list[str]] = {}
    by_unaccented: dict[str, list[str]] = {}
    by_neighbour: dict[str, set[str]] = {}
    for name, key in keys.items():
        words = key.split(" ")
        by_first_word.setdefault(words[0], []).append(name)
        by_unaccented.setdefault(_unaccented(key), []).append(name)
        if len(key) >= LONG_NAME - 1:
            for neighbour in _edit_neighbours(key):
                by_neighbour.setdefault(neighbour, set()).add(name)
    for group in by_first_word.values():
        for name in group:
            for other in group:
                short, long = keys[name].split(" "), keys[other].split(" ")
                if len(short) < len(long) and long[: len(short)] == short:
                    add(name, other, "one name starts the other")
    for group in by_unaccented.values():
        for name in group:
            for other in group:
                if keys[name] != keys[other]:
                    add(name, other, "the same but for accents")
    for alike in by_neighbour.values():
        for name in alike:
            for other in alike:
                if (
                    name != other
                    and max(len(keys[name]), len(keys[other])) >= LONG_NAME
                    and _one_edit(keys[name], keys[other])
                    and _DIGITS.sub("", keys[name]) != _DIGITS.sub("", keys[other])
                ):
                    add(name, other, "one letter apart")
    records = [
        (first, rows_per_player[first], second, rows_per_player[second], why)
        for (first, second), why in sorted(
            found.items(), key=lambda item: (keys[item[0][0]], item[0])
        )
    ]
    return pl.DataFrame(records, schema=SAME_PLAYER_SCHEMA, orient="row")


def _one_edit(first: str, second: str) -> bool:
    """Whether one insertion, deletion or substitution turns ``first`` into ``second``."""
    if first == second or abs(len(first) - len(second)) > 1:
        return False
    if len(first) == len(second):
        return sum(a != b for a, b in zip(first, second, strict=True)) == 1
    short, long = sorted((first, second), key=len)
    pairs = enumerate(zip(short, long, strict=False))
    index = next((i for i, (a, b) in pairs if a != b), len(short))
    return short[index:] == long[index + 1 :]


__all__ = [
    "LONG_NAME",
    "SAME_PLAYER_SCHEMA",
    "PlayerMap",
    "PlayersFileError",
    "keyed_names",
    "name_key",
    "read_players",
    "rename_players",
    "same_player_pairs",
]
