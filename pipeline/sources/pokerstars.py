"""Read PokerStars hand histories into one row per player per hand.

The file is cut into hands at each ``PokerStars ... Hand #`` header line; each hand is read
line by line with cheap string tests first and a few pre-compiled patterns only where a line
has to be taken apart.  A hand that cannot be read becomes an issue naming its id and line;
the other hands go on.  A hand without its ``*** SUMMARY ***`` (a file cut short) is reported
as ``truncated_hand``.  Hands that are not Hold'em are reported as ``unsupported_variant``.

>>> text = '''PokerStars Hand #1: Tournament #9, $1+$0.1 USD Hold'em No Limit - Level I (10/20) -\
...  2020/01/01 12:00:00 ET
... Table '9 1' 9-max Seat #1 is the button
... Seat 1: Ann (1500 in chips)
... Seat 2: Bob (1500 in chips)
... Ann: posts small blind 10
... Bob: posts big blind 20
... *** HOLE CARDS ***
... Ann: folds
... Uncalled bet (10) returned to Bob
... Bob collected 20 from pot
... *** SUMMARY ***
... Total pot 20 | Rake 0
... Seat 1: Ann (button) (small blind) folded before Flop
... Seat 2: Bob (big blind) collected (20)
... '''
>>> log = read_pokerstars(text, "x.txt")
>>> log.rows.select("player", "put_in", "won", "folded_street").rows()
[('Ann', 10.0, 0.0, 'preflop'), ('Bob', 10.0, 20.0, None)]
"""

from __future__ import annotations

import re
from typing import Any

import polars as pl

from pipeline.sources.hand_log import STREETS, HandLog, Issues, new_row_columns
from pipeline.sources.pokerstars_fast import fast_rows

__all__ = [
    "HandLog",
    "read_pokerstars",
    "read_pokerstars_lines",
    "sniff_pokerstars",
    "split_hands",
]

_HEADER = re.compile(r"^\ufeff?PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #", re.MULTILINE)
_HAND_ID = re.compile(r"(?:Hand|Game) #(\d+)")
_TOURNAMENT = re.compile(r"Tournament #(\d+)")
_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})")
_STAKES = re.compile(r"\(([^()/]*)/([^()/]*?)(?: [A-Z]{3})?\)")
_TABLE = re.compile(r"^Table '(.*)' (?:\d+-max )?.*?Seat #(\d+) is the button")
_SEAT = re.compile(r"^Seat (\d+): (.*) \(([^()]*?) in chips")
_AMOUNT = re.compile(r"[-\d.,]+")
_CARDS = re.compile(r"\[([^\]]*)\]")
_COLLECTED = re.compile(r"^(.*) collected (\S+) from ")
_UNCALLED = re.compile(r"^Uncalled bet \((\S+)\) returned to (.*)$")
_DEALT = re.compile(r"^Dealt to (.*?) \[([^\]]*)\]")
_SUMMARY_WON = re.compile(r" won \(([^)]*)\)")
_RAISE = re.compile(r"raises (\S+) to (\S+)")
_SUMMARY_SEAT = re.compile(
    r"^Seat (\d+): (.*?) (?:\((?:button|small blind|big blind)\) )*"
    r"(showed|mucked) \[([^\]]*)\]"
)


class _BadHandError(ValueError):
    """A hand that cannot be read; the message says why."""


def sniff_pokerstars(head: str) -> bool:
    """True when the text starts like a PokerStars hand history (a header line in the head).

    >>> sniff_pokerstars("\\ufeffPokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - x")
    True
    >>> sniff_pokerstars("Ah Kh Qh Jh Th\\n2c 3c 4c 5c 6c")
    False
    """
    return _HEADER.search(head[:8192]) is not None


def _money(text: str) -> float:
    """``$1,234.50`` -> 1234.5; raises :class:`_BadHandError` on anything else."""
    match = _AMOUNT.search(text)
    if match is None:
        raise _BadHandError(f"not an amount: {text!r}")
    try:
        return float(match.group().replace(",", ""))
    except ValueError:
        raise _BadHandError(f"not an amount: {text!r}") from None


def split_hands(text: str) -> list[tuple[int, str]]:
    """Cut a file into ``(line, hand text)`` pairs, ``line`` 1-based where the hand starts.

    >>> text = "junk\\nPokerStars Hand #1: a\\n\\nPokerStars Hand #2: b\\n"
    >>> [line for line, _ in split_hands(text)]
    [2, 4]
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    starts = [m.start() for m in _HEADER.finditer(text)]
    hands: list[tuple[int, str]] = []
    line = 1
    previous = 0
    for index, start in enumerate(starts):
        line += text.count("\n", previous, start)
        previous = start
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        hands.append((line, text[start:end]))
    return hands


def _cards(text: str) -> str:
    """Bracket contents -> canonical space-separated cards (``10h`` -> ``Th``)."""
    return " ".join(
        token.replace("10", "T", 1) if token.startswith("10") else token for token in text.split()
    )


class _Hand:
    """The state of one hand while its lines are read."""

    __slots__ = (
        "board",
        "button",
        "cashed_out",
        "dead_small",
        "folded",
        "hand_id",
        "hole",
        "line",
        "names",
        "put_in",
        "seats",
        "shown",
        "stacks",
        "street",
        "street_bet",
        "won",
    )

    def __init__(self, hand_id: str, line: int) -> None:
        self.hand_id = hand_id
        self.line = line
        self.seats: dict[str, int] = {}
        self.stacks: dict[str, float] = {}
        self.names: list[str] = []
        self.put_in: dict[str, float] = {}
        self.street_bet: dict[str, float] = {}
        self.won: dict[str, float] = {}
        self.folded: dict[str, str] = {}
        self.hole: dict[str, str] = {}
        self.shown: set[str] = set()
        self.board: list[str] = []
        self.street = 0
        self.button = 0
        self.dead_small = 0.0
        self.cashed_out: list[tuple[str, float]] = []

    def actor(self, line: str) -> tuple[str, str] | None:
        """Split ``name: action`` where ``name`` is a seated player (names may hold ``: ``)."""
        name, sep, action = line.rpartition(": ")
        if sep and name in self.seats:
            return name, action
        for candidate in self.names:
            if line.startswith(candidate + ": "):
                return candidate, line[len(candidate) + 2 :]
        return None

    def commit(self, name: str, amount: float, street_amount: float) -> None:
        self.put_in[name] += amount
        self.street_bet[name] += street_amount


def _read_hand(text: str, line: int, variant_out: list[str]) -> tuple[_Hand, dict[str, Any]]:
    lines = [raw for raw in text.split("\n") if raw and not raw.isspace()]
    header = lines[0]
    id_match = _HAND_ID.search(header)
    if id_match is None:
        raise _BadHandError("no hand number in the header")
    hand = _Hand(id_match.group(1), line)
    if "Hold'em" not in header:
        variant_out.append(header.split(":", 1)[-1].strip())
        raise _UnsupportedError(hand.hand_id)
    game = (
        "Hold'em No Limit"
        if "No Limit" in header
        else ("Hold'em Pot Limit" if "Pot Limit" in header else "Hold'em Limit")
    )
    tournament_match = _TOURNAMENT.search(header)
    date_match = _DATE.search(header)
    date = None
    if date_match is not None:
        y, mo, d, h, mi, s = (int(x) for x in date_match.groups())
        date = f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}"
    stakes = _STAKES.search(header)
    if stakes is not None:
        try:
            hand.dead_small = _money(stakes.group(1))
        except _BadHandError:
            hand.dead_small = 0.0
    if len(lines) < 2:
        raise _BadHandError("no table line")
    table_match = _TABLE.match(lines[1])
    if table_match is None:
        raise _BadHandError(f"no table line: {lines[1][:80]!r}")
    hand.button = int(table_match.group(2))
    index = 2
    sitting_out: set[str] = set()
    while index < len(lines) and lines[index].startswith("Seat "):
        seat_line = lines[index]
        seat_match = _SEAT.match(seat_line)
        if seat_match is None:
            raise _BadHandError(f"unreadable seat line {seat_line[:80]!r}")
        name = seat_match.group(2)
        hand.seats[name] = int(seat_match.group(1))
        hand.stacks[name] = _money(seat_match.group(3))
        hand.put_in[name] = 0.0
        hand.street_bet[name] = 0.0
        hand.won[name] = 0.0
        if "sitting out" in seat_line[seat_match.end() :]:
            sitting_out.add(name)
        index += 1
    if not hand.seats:
        raise _BadHandError("no seat lines")
    hand.names = sorted(hand.seats, key=len, reverse=True)
    acted: set[str] = set()
    summary = False
    for raw in lines[index:]:
        text_line = raw.rstrip()
        if not text_line:
            continue
        if text_line.startswith("*** "):
            if text_line.startswith("*** SUMMARY"):
                summary = True
                continue
            if summary:
                continue
            if "FLOP ***" in text_line or "TURN ***" in text_line or "RIVER ***" in text_line:
                street = 1 if "FLOP" in text_line else 2 if "TURN" in text_line else 3
                hand.street = max(hand.street, street)
                groups = _CARDS.findall(text_line)
                for group in groups:
                    for card in _cards(group).split():
                        if card not in hand.board:
                            hand.board.append(card)
                for name in hand.street_bet:
                    hand.street_bet[name] = 0.0
            continue
        if summary:
            if text_line.startswith("Seat "):
                seat_summary = _SUMMARY_SEAT.match(text_line)
                if seat_summary is not None and seat_summary.group(2) in hand.seats:
                    name = seat_summary.group(2)
                    hand.hole[name] = _cards(seat_summary.group(4))
                    if seat_summary.group(3) == "showed":
                        hand.shown.add(name)
                    if text_line.endswith("(pot not awarded as player cashed out)"):
                        # The pot went to the cash-out offer; what it awarded is on this line.
                        award = _SUMMARY_WON.search(text_line)
                        if award is not None:
                            amount = _money(award.group(1))
                            hand.won[name] += amount
                            hand.cashed_out.append((name, amount))
            continue
        parts = hand.actor(text_line)
        if parts is not None:
            name, action = parts
            acted.add(name)
            if action.startswith("folds"):
                hand.folded[name] = STREETS[hand.street]
                cards = _CARDS.search(action)
                if cards is not None:
                    hand.hole[name] = _cards(cards.group(1))
            elif action.startswith(
                (
                    "checks",
                    "sits out",
                    "is sitting out",
                    "doesn't show",
                    "is disconnected",
                    "is connected",
                    "has timed out",
                    "mucks",
                    "leaves",
                    "joins",
                    "said",
                )
            ):
                pass
            elif action.startswith(("calls ", "bets ")):
                amount = _money(action.split(" ", 2)[1])
                hand.commit(name, amount, amount)
            elif action.startswith("raises "):
                raise_match = _RAISE.match(action)
                if raise_match is None:
                    raise _BadHandError(f"unreadable raise {text_line[:80]!r}")
                to = _money(raise_match.group(2))
                hand.commit(name, to - hand.street_bet[name], to - hand.street_bet[name])
            elif action.startswith("posts "):
                amount = _money(
                    action.rsplit(" ", 1)[-1]
                    if "and is all-in" not in action
                    else action.split(" and is all-in")[0].rsplit(" ", 1)[-1]
                )
                if "ante" in action:
                    hand.commit(name, amount, 0.0)
                elif "small & big" in action:
                    hand.commit(name, amount, max(amount - hand.dead_small, 0.0))
                else:
                    hand.commit(name, amount, amount)
            elif action.startswith("shows "):
                cards = _CARDS.search(action)
                if cards is not None:
                    hand.hole[name] = _cards(cards.group(1))
                    hand.shown.add(name)
            elif action.startswith(("bringsin", "brings in", "discards", "stands pat")):
                raise _BadHandError(f"not a hold'em action {text_line[:80]!r}")
            continue
        if text_line.startswith("Uncalled bet"):
            uncalled = _UNCALLED.match(text_line)
            if uncalled is None or uncalled.group(2) not in hand.seats:
                raise _BadHandError(f"unreadable line {text_line[:80]!r}")
            hand.put_in[uncalled.group(2)] -= _money(uncalled.group(1))
            continue
        if text_line.startswith("Dealt to "):
            dealt = _DEALT.match(text_line)
            if dealt is not None and dealt.group(1) in hand.seats:
                hand.hole[dealt.group(1)] = _cards(dealt.group(2))
            continue
        if " collected " in text_line:
            collected = _COLLECTED.match(text_line)
            if collected is not None and collected.group(1) in hand.seats:
                hand.won[collected.group(1)] += _money(collected.group(2))
                continue
        # Other lines (chat, "is sitting out", "has returned", "Hand cancelled") carry nothing.
    if not summary:
        raise _TruncatedError(hand.hand_id)
    for name in sitting_out:
        if name not in acted and hand.put_in[name] == 0.0:
            del hand.seats[name]
    board = " ".join(hand.board)
    meta = {
        "tournament": tournament_match.group(1) if tournament_match else None,
        "table": table_match.group(1),
        "date": date,
        "board": board,
        "variant": game,
    }
    return hand, meta


class _TruncatedError(Exception):
    """A hand without its summary."""


class _UnsupportedError(Exception):
    """A hand of a game other than hold'em."""


def read_pokerstars(text: str, file: str) -> HandLog:
    """Read every hand of a PokerStars hand-history text; see the module doc for an example.

    ``file`` names the source in issue messages.  Ordinary hands are read by the columnar path
    (:mod:`pipeline.sources.pokerstars_fast`); the others, and every issue, by the line reader.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    fast, slow_lines = fast_rows(text)
    if not slow_lines:
        if fast.height == 0:
            return read_pokerstars_lines(text, file)
        return HandLog(fast, Issues().frame())
    wanted = set(slow_lines)
    slow = read_pokerstars_lines(text, file, only=wanted)
    rows = pl.concat([fast, slow.rows]).sort("line", "seat", maintain_order=True)
    return HandLog(rows, slow.issues)


def read_pokerstars_lines(text: str, file: str, only: set[int] | None = None) -> HandLog:
    """The line-by-line reader (the reference): every hand, or those starting on ``only`` lines."""
    rows = new_row_columns()
    issues = Issues()
    hands = split_hands(text)
    if not hands:
        issues.add(None, None, "no_hands", f"{file}: no PokerStars hand header found")
    for line, hand_text in hands:
        if only is not None and line not in only:
            continue
        variant: list[str] = []
        try:
            hand, meta = _read_hand(hand_text, line, variant)
        except _TruncatedError as exc:
            issues.add(
                line,
                str(exc),
                "truncated_hand",
                f"{file}:{line}: hand {exc} ends before its summary (file cut short?)",
            )
            continue
        except _UnsupportedError as exc:
            issues.add(
                line,
                str(exc),
                "unsupported_variant",
                f"{file}:{line}: hand {exc} is {variant[0][:60]!r}, not hold'em",
                column="variant",
                value=variant[0][:60],
            )
            continue
        except _BadHandError as exc:
            match = _HAND_ID.search(hand_text[:200])
            hand_id = match.group(1) if match else None
            issues.add(line, hand_id, "malformed_hand", f"{file}:{line}: hand {hand_id}: {exc}")
            continue
        _append_rows(rows, hand, meta)
        for name, amount in hand.cashed_out:
            issues.add(
                line,
                hand.hand_id,
                "cashed_out",
                f"{file}:{line}: hand {hand.hand_id}: {name} cashed out; won holds the "
                f"pot award {amount:g} the summary names, not the cash-out payment",
                column="won",
                value=name,
            )
    return HandLog.from_columns(rows, issues)


def _append_rows(rows: dict[str, list[Any]], hand: _Hand, meta: dict[str, Any]) -> None:
    for name, seat in sorted(hand.seats.items(), key=lambda item: item[1]):
        rows["hand_id"].append(hand.hand_id)
        rows["tournament"].append(meta["tournament"])
        rows["table"].append(meta["table"])
        rows["round"].append(hand.hand_id)
        rows["date"].append(meta["date"])
        rows["line"].append(hand.line)
        rows["seat"].append(seat)
        rows["button"].append(seat == hand.button)
        rows["player"].append(name)
        rows["stack"].append(hand.stacks[name])
        rows["hole"].append(hand.hole.get(name))
        rows["mucked"].append(name not in hand.shown)
        rows["board"].append(meta["board"])
        rows["folded"].append(name in hand.folded)
        rows["folded_street"].append(hand.folded.get(name))
        rows["put_in"].append(round(hand.put_in[name], 2))
        rows["won"].append(round(hand.won[name], 2))
        rows["variant"].append(meta["variant"])
