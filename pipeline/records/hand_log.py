"""The shared result of reading a hand-history file: one row per player per hand, and issues.

Both :mod:`pipeline.sources.pokerstars` and :mod:`pipeline.sources.hand_histories.phh` return a
:class:`HandLog` whose ``rows`` follow :data:`ROW_SCHEMA` and whose ``issues`` follow
:data:`ISSUE_SCHEMA`.

>>> log = HandLog.empty()
>>> log.rows.columns[:4], log.issues.columns[-1]
(['hand_id', 'tournament', 'table', 'round'], 'message')
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import polars as pl

ROW_SCHEMA: dict[str, pl.DataType] = {
    "hand_id": pl.String(),
    "tournament": pl.String(),
    "table": pl.String(),
    "round": pl.String(),
    "date": pl.String(),
    "line": pl.Int64(),
    "seat": pl.Int64(),
    "button": pl.Boolean(),
    "player": pl.String(),
    "stack": pl.Float64(),
    "hole": pl.String(),
    "mucked": pl.Boolean(),
    "stated_hand": pl.String(),
    "board": pl.String(),
    "folded": pl.Boolean(),
    "folded_street": pl.String(),
    "put_in": pl.Float64(),
    "won": pl.Float64(),
    "variant": pl.String(),
    "site": pl.String(),
    "played_at": pl.Datetime("us", "UTC"),
    "time_zone": pl.String(),
    "currency": pl.String(),
    "small_blind": pl.Float64(),
    "big_blind": pl.Float64(),
    "ante": pl.Float64(),
    "format": pl.String(),
    "buy_in": pl.Float64(),
    "buy_in_currency": pl.String(),
    "table_size": pl.Int64(),
    "actions": pl.String(),
    "bring_in": pl.Float64(),
    "small_bet": pl.Float64(),
    "big_bet": pl.Float64(),
    "up_cards": pl.String(),
    "draws": pl.String(),
    "run_boards": pl.String(),
}
"""Columns of :attr:`HandLog.rows`, in order.  ``stated_hand`` is the log's own name of a shown
hand (PokerStars' ``a full house, Sevens full of Jacks``), null where the log gives none.
``board`` is the board the player saw: up to the street they folded on (empty for a fold before
the flop), the whole board otherwise.  ``date`` is the hand's start as the log writes it (its own
zone, ISO text), ``played_at`` the same instant in UTC and ``time_zone`` the zone as written;
``actions`` is the player's own actions in the notation of ``docs/hand-histories.md``
(``1.sb50 5.r300 / 8.b400 10.c1200! /``).  The columns from ``site`` on are null where the log
does not say.  The last five belong to the stud and draw games: ``bring_in`` (stud's forced
opening bet), ``small_bet`` and ``big_bet`` (a limit game's two bet sizes, from the header's
stakes), ``up_cards`` (stud: the player's face-up cards in the order dealt, as far as they were
dealt, known even when ``hole`` is not) and ``draws`` (draw games: how many cards the player
changed at each draw, in order, space-separated: ``2 1 0``, ``0`` standing pat).
``run_boards`` is every runout's whole board of a hand run twice (or more), in order, separated
by `` | `` (``2c 7d 9h Ks 3d | 2c 7d 9h 8s Ah``), null for a hand run once; ``board`` is then
the first run's, and ``won`` what the player was awarded over all runs."""

STUD_DRAW_COLUMNS = ("bring_in", "small_bet", "big_bet", "up_cards", "draws")
"""The row columns only the stud and draw games fill (null in a board game's rows)."""

RUN_SEPARATOR = " | "
"""Between two runouts' boards in ``run_boards``."""

INSTANT_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
"""How ``played_at`` (UTC) is written as text, in a log's ``hands`` sheet:
``2021-07-30T04:40:29Z``."""

ISSUE_SCHEMA: dict[str, pl.DataType] = {
    "line": pl.Int64(),
    "hand_id": pl.String(),
    "column": pl.String(),
    "value": pl.String(),
    "code": pl.String(),
    "message": pl.String(),
}
"""Columns of :attr:`HandLog.issues` (and of
:func:`pipeline.games.poker.pots.pot_audit.audit_pots`)."""

STREETS = ("preflop", "flop", "turn", "river")
BOARD_AT_STREET = (0, 3, 4, 5)
"""Community cards out at each street: what a player who folds there has seen."""
ZONES: dict[str, str] = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "PT": "America/Los_Angeles",
    "AT": "America/Halifax",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "GMT": "UTC",
    "UTC": "UTC",
    "BST": "Europe/London",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai",
    "JST": "Asia/Tokyo",
    "AWST": "Australia/Perth",
    "ACST": "Australia/Adelaide",
    "AEST": "Australia/Sydney",
    "AET": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
    "ICT": "Asia/Bangkok",
    "MSKS": "Europe/Moscow",
    "MESZ": "Europe/Berlin",
    "YEKST": "Asia/Yekaterinburg",
    # Windows' names, as BetOnline writes them
    "Eastern Standard Time": "America/New_York",
    "Eastern Daylight Time": "America/New_York",
    "GMT Standard Time": "Europe/London",
    "GMT Daylight Time": "Europe/London",
}
"""Zone names as hand histories write them, to the IANA zone whose clock they give (daylight
saving included: PokerStars writes ``ET`` all year, and ``CET`` for Paris' clock).  ``GMT+N``,
``UTC-N`` and IANA names (``Europe/Berlin``, PHH's ``time_zone``) are read as they are."""
_OFFSET_ZONE = re.compile(r"^(?:GMT|UTC)([+-])(\d{1,2})(?::?(\d{2}))?$")
LEFT_OUT_CODES = frozenset(
    {"truncated_hand", "malformed_hand", "run_it_twice", "duplicate_hand", "unsupported_variant"}
)
"""Issue codes of hands a reader leaves out whole (none of their rows is returned)."""
_NO_ISSUES = pl.DataFrame(schema=ISSUE_SCHEMA)
SNIFF_CHARS = 8192
"""How far into a file's head a hand-history format's mark is looked for."""


def head_matches(mark: re.Pattern[str], head: str) -> bool:
    """True when a format's ``mark`` occurs in the first :data:`SNIFF_CHARS` characters of
    ``head``: how each hand-history reader recognises its files.

    >>> mark = re.compile("variant =")
    >>> head_matches(mark, "# a PHH file, variant = 'NT'")
    True
    >>> head_matches(mark, "x" * SNIFF_CHARS + "variant = 'NT'")  # too far in to be a mark
    False
    """
    return mark.search(head[:SNIFF_CHARS]) is not None


def zone_name(written: str) -> str | None:
    """The IANA zone (or fixed offset) of a zone as a log writes it; None for a name not known.

    >>> zone_name("ET"), zone_name("GMT+1"), zone_name("UTC-03:30"), zone_name("Europe/Oslo")
    ('America/New_York', '+01:00', '-03:30', 'Europe/Oslo')
    >>> zone_name("XYZ") is None
    True
    """
    if written in ZONES:
        return ZONES[written]
    offset = _OFFSET_ZONE.match(written)
    if offset is not None:
        sign, hours, minutes = offset.groups()
        return f"{sign}{int(hours):02d}:{minutes or '00'}"
    if "/" in written:
        try:
            ZoneInfo(written)
        except (ZoneInfoNotFoundError, ValueError):
            return None
        return written
    return None


def with_played_at(rows: pl.DataFrame) -> pl.DataFrame:
    """``played_at`` (UTC) from ``date`` (the log's local time as ISO text, or a date alone:
    midnight) and ``time_zone`` (as written; null: the time is UTC already).  A zone not known
    (:func:`zone_name`) or a local time that never was (a daylight-saving gap) gives null; a
    time that happened twice (the hour the clocks go back) is taken as the earlier one.

    >>> rows = pl.DataFrame({"date": ["2012-01-01T12:00:00", "2021-07-30T00:40:29", None],
    ...                      "time_zone": ["CET", "ET", "ET"]})
    >>> with_played_at(rows)["played_at"].dt.to_string("%Y-%m-%d %H:%M").to_list()
    ['2012-01-01 11:00', '2021-07-30 04:40', None]
    """
    dates, zones = rows["date"], rows["time_zone"]
    written = tuple(zones.drop_nulls().unique().sort())
    played_at = played_at_expr(
        written,
        zones_null=zones.null_count() > 0,
        days_alone=bool((dates.str.len_bytes() == len("2021-07-30")).any()),
    )
    return rows.with_columns(played_at.alias("played_at"))


@functools.lru_cache(maxsize=256)
def played_at_expr(written: tuple[str, ...], *, zones_null: bool, days_alone: bool) -> pl.Expr:
    """The expression of :func:`with_played_at` over ``date`` and ``time_zone``, given the
    zones written (``written``), whether some zone is null and whether some ``date`` is a day
    alone: one expression, for a reader to put in a larger query."""
    local = pl.col("date").str.strptime(pl.Datetime("us"), "%Y-%m-%dT%H:%M:%S", strict=False)
    if days_alone:
        day = pl.col("date").str.strptime(pl.Date, "%Y-%m-%d", strict=False)
        local = pl.coalesce(local, day.cast(pl.Datetime("us")))

    def in_utc(zone: str) -> pl.Expr:
        return local.dt.replace_time_zone(
            zone, ambiguous="earliest", non_existent="null"
        ).dt.convert_time_zone("UTC")

    played_at: Any
    if not written:
        played_at = local.dt.replace_time_zone("UTC")
    elif len(written) == 1 and not zones_null:  # one zone, the usual log
        name = zone_name(written[0])
        played_at = in_utc(name) if name is not None else pl.lit(None)
    else:
        zone = pl.col("time_zone")
        played_at = pl.when(zone.is_null()).then(local.dt.replace_time_zone("UTC"))
        for text in written:
            name = zone_name(text)
            if name is not None:
                played_at = played_at.when(zone == text).then(in_utc(name))
        played_at = played_at.otherwise(None)
    expr: pl.Expr = played_at.cast(ROW_SCHEMA["played_at"]).alias("played_at")
    return expr


def amount_text(amount: float) -> str:
    """An amount in the shortest decimal form, as the ``actions`` notation writes it.

    >>> amount_text(1200.0), amount_text(0.5), amount_text(1.25), amount_text(-3.0)
    ('1200', '0.5', '1.25', '-3')
    """
    if amount.is_integer() and abs(amount) < 1e15:
        return str(int(amount))
    return repr(amount)


def seen_board(board: list[str], folded_street: str | None) -> str:
    """The board a player saw: all of it, or what was out when they folded.

    >>> board = ["2c", "7d", "Kd", "9s", "3h"]
    >>> seen_board(board, None), seen_board(board, "preflop"), seen_board(board, "turn")
    ('2c 7d Kd 9s 3h', '', '2c 7d Kd 9s')
    """
    if folded_street is None:
        return " ".join(board)
    return " ".join(board[: BOARD_AT_STREET[STREETS.index(folded_street)]])


@dataclass
class Issues:
    """Issue rows collected while reading, turned into a frame by :meth:`frame`."""

    columns: dict[str, list[Any]] = field(
        default_factory=lambda: {name: [] for name in ISSUE_SCHEMA}
    )

    def add(
        self,
        line: int | None,
        hand_id: str | None,
        code: str,
        message: str,
        column: str | None = None,
        value: str | None = None,
    ) -> None:
        """Record one issue."""
        c = self.columns
        c["line"].append(line)
        c["hand_id"].append(hand_id)
        c["column"].append(column)
        c["value"].append(value)
        c["code"].append(code)
        c["message"].append(message)

    def frame(self) -> pl.DataFrame:
        """The issues as a frame with :data:`ISSUE_SCHEMA`."""
        if not self.columns["code"]:
            return _NO_ISSUES
        return pl.DataFrame(self.columns, schema=ISSUE_SCHEMA)


def new_row_columns() -> dict[str, list[Any]]:
    """Empty column lists, one per :data:`ROW_SCHEMA` column, for a reader to append to."""
    return {name: [] for name in ROW_SCHEMA}


def append_board_game_nulls(rows: dict[str, list[Any]], run_boards: str | None = None) -> None:
    """Append nulls to the :data:`STUD_DRAW_COLUMNS` of a board game's row (Hold'em, Omaha),
    for a reader that reads no stud or draw hand, then its ``run_boards`` (null: run once).

    >>> rows = new_row_columns()
    >>> append_board_game_nulls(rows, "2c 7d 9h Ks 3d | 2c 7d 9h 8s Ah")
    >>> rows["draws"], rows["run_boards"]
    ([None], ['2c 7d 9h Ks 3d | 2c 7d 9h 8s Ah'])
    """
    for name in STUD_DRAW_COLUMNS:
        rows[name].append(None)
    rows["run_boards"].append(run_boards)


@dataclass
class HandLog:
    """Rows (one per player per hand) and the issues found reading them."""

    rows: pl.DataFrame
    issues: pl.DataFrame

    @classmethod
    def empty(cls) -> HandLog:
        """A log with no rows and no issues, with the right columns."""
        return cls(pl.DataFrame(schema=ROW_SCHEMA), pl.DataFrame(schema=ISSUE_SCHEMA))

    @classmethod
    def from_columns(cls, rows: dict[str, list[Any]], issues: Issues) -> HandLog:
        """Build the frames from column lists."""
        # Row-wise construction is about twice as fast as column lists for small hands.
        frame = pl.DataFrame(
            list(zip(*rows.values(), strict=True)), schema=ROW_SCHEMA, orient="row"
        )
        return cls(frame, issues.frame())


def drop_repeated_hands(log: HandLog, file: str) -> HandLog:
    """A hand id read more than once in one file (a log concatenated with itself, an export
    appended twice) counted once: one ``duplicate_hand`` issue per repeated id, the hand kept
    once (its first rows) where every copy gives the same rows, and left out whole where they
    differ (or a copy was not read).  Every reader's log goes through here
    (:func:`pipeline.sources.hand_histories.reader.add_log`).

    >>> rows = pl.DataFrame({"hand_id": ["1", "1", "1", "1"], "line": [1, 1, 9, 9],
    ...                      "player": ["Ann", "Bob", "Ann", "Bob"]})
    >>> log = drop_repeated_hands(HandLog(rows, Issues().frame()), "x.txt")
    >>> log.rows["line"].to_list(), log.issues["message"].to_list()
    ([1, 1], ['x.txt:9: hand 1 appears twice (lines 1 and 9), the same each time: kept once'])
    """
    rows, issues = log.rows, log.issues
    if rows.height == 0 and issues.height == 0:
        return log
    starts = rows.filter(pl.col("line") != pl.col("line").shift(1).fill_null(-1))
    copies = pl.concat(
        [
            starts.select("hand_id", "line", pl.lit(True).alias("read")),
            issues.filter(
                pl.col("hand_id").is_not_null() & (pl.col("code") != "unsupported_variant")
            ).select("hand_id", "line", pl.lit(False).alias("read")),
        ]
    ).unique(["hand_id", "line"], keep="first", maintain_order=True)
    repeated = copies.filter(pl.col("hand_id").is_duplicated()).sort("line")
    if repeated.height == 0:
        return log
    drop_rows: list[tuple[str, int]] = []
    drop_ids: set[str] = set()
    found = Issues()
    for (hand_id,), group in repeated.group_by("hand_id", maintain_order=True):
        lines = group["line"].to_list()
        times = "twice" if len(lines) == 2 else f"{len(lines)} times"
        where = ", ".join(str(line) for line in lines[:-1]) + f" and {lines[-1]}"
        same = bool(group["read"].all())
        if same:
            first = rows.filter((pl.col("hand_id") == hand_id) & (pl.col("line") == lines[0]))
            same = all(
                rows.filter((pl.col("hand_id") == hand_id) & (pl.col("line") == line))
                .drop("line")
                .equals(first.drop("line"))
                for line in lines[1:]
            )
        if same:
            drop_rows += [(str(hand_id), line) for line in lines[1:]]
            found.add(
                lines[1],
                str(hand_id),
                "duplicate_hand",
                f"{file}:{lines[1]}: hand {hand_id} appears {times} (lines {where}), the same "
                "each time: kept once",
                column="hand_id",
                value=str(hand_id),
            )
        else:
            drop_ids.add(str(hand_id))
            found.add(
                lines[0],
                str(hand_id),
                "duplicate_hand",
                f"{file}:{lines[0]}: hand {hand_id} appears {times} (lines {where}) with "
                "different texts: left out",
                column="hand_id",
                value=str(hand_id),
            )
    dropped = pl.DataFrame(drop_rows, schema={"hand_id": pl.String, "line": pl.Int64}, orient="row")
    kept = rows.filter(~pl.col("hand_id").is_in(list(drop_ids))).join(
        dropped, on=["hand_id", "line"], how="anti", maintain_order="left"
    )
    issues_kept = issues.filter(
        (pl.col("code") == "unsupported_variant")
        | pl.col("hand_id").is_null()
        | ~(
            pl.col("hand_id").is_in(list(drop_ids))
            | pl.struct("hand_id", "line").is_in(
                dropped.select(pl.struct("hand_id", "line")).to_series().implode()
            )
        )
    )
    every_issue = pl.concat([issues_kept, found.frame()]).sort(
        "line", nulls_last=False, maintain_order=True
    )
    return HandLog(kept, every_issue)
