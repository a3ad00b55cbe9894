"""Reading one PokerStars hand line by line: the header and line patterns, the hand state.

:func:`split_hands` cuts a file into hands at each header line; :func:`read_hand` reads one hand's
lines (header, table, seats, actions, summary) into a :class:`HandState` and its metadata, raising
:class:`BadHandError`, :class:`TruncatedHandError` or :class:`UnsupportedVariantError` for a hand
it cannot read.  :mod:`pipeline.sources.pokerstars.reader` turns those into rows and issues.
"""

from __future__ import annotations

import re
from typing import Any

from pipeline.records.game_names import POKERSTARS, GameNames, site_words
from pipeline.records.hand_log import STREETS, amount_text

HEADER = re.compile(r"^\ufeff?PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #", re.MULTILINE)
HAND_ID = re.compile(r"(?:Hand|Game) #(\d+)")
_TOURNAMENT = re.compile(r"Tournament #(\d+)")
# The game and its limit as the header names them: after "Hand #N: " (and a home game's
# "{Club #5} "), past a tournament's number and buy-in ("Tournament #9, $1+$0.10 USD "), or
# inside a mixed game's parentheses ("HORSE (Razz Limit, $0.10/$0.20 USD)").  The words are
# the variant column as they are.
_GAME = re.compile(
    r"(?:Hand|Game) #\d+: +(?:\{[^{}\n]*\} +)?"
    r"(?:Tournament #\d+, +(?:Freeroll|\S*\d\S*(?: [A-Z]{3})?) +)?"
    r"(?:[^()\n]*?\()?"
    r"(?P<game>[^()\n,]*?(?:No Limit|Pot Limit|Limit))(?=[ ,)]|$)"
)
READ_VARIANTS: dict[str, GameNames] = site_words(POKERSTARS)
"""The games read, in the header's words, each with its game: the table of games' PokerStars
words (:mod:`pipeline.records.game_names`; the compiled scanner is given them, in this order,
at import)."""
_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})")
_STAKES = re.compile(r"\(([^()/]*)/([^()/]*?)(?: [A-Z]{3})?\)")
_TABLE = re.compile(r"^Table '(.*)' (?:(\d+)-max )?.*?Seat #(\d+) is the button")
_LARGEST_SEAT = 2**63 - 1  # the seat column is 64-bit
_SEAT = re.compile(r"^Seat (\d+): (.*) \(([^()]*?) in chips")
_AMOUNT = re.compile(r"[-\d.,]+")
_CARDS = re.compile(r"\[([^\]]*)\]")
_COLLECTED = re.compile(r"^(.*) collected (\S+) from ")
_UNCALLED = re.compile(r"^Uncalled bet \((\S+)\) returned to (.*)$")
_DEALT = re.compile(r"^Dealt to (.*?) \[([^\]]*)\]")
_SUMMARY_WON = re.compile(r" won \(([^)]*)\)")
_SHOWN_AS = re.compile(r"\] \((.+)\)$")
_SUMMARY_SHOWN_AS = re.compile(r"\] and (?:won \([^)]*\)|lost|collected \([^)]*\)) with (.+)$")
_RAISE = re.compile(r"raises (\S+) to (\S+)")
_SUMMARY_SEAT = re.compile(
    r"^Seat (\d+): (.*?) (?:\((?:button|small blind|big blind)\) )*"
    r"(showed|mucked) \[([^\]]*)\]"
)


# How a summary's seat line ends when it is whole: a fold ("folded on the Turn", "(didn't
# bet)"), an amount or cards ("collected ($1.90)", "mucked [Qs]"), "mucked", "lost", or the
# last word of a hand's name ("... full of Nines", "a flush, Ace high", a low's "7,6,5,4,3").
# The last line of a file that ends without a line end and does not end so was cut.
_WHOLE_SEAT_LINE = re.compile(
    r"(?:Flop|Turn|River|[)\]]|mucked|hand|lost|high|Flush|\d|"
    r"Aces?|Kings?|Queens?|Jacks?|Tens?|Nines?|Eights?|Sevens?|Six(?:es)?|Fives?|Fours?|"
    r"Threes?|Deuces?|Twos?)$"
)


class BadHandError(ValueError):
    """A hand that cannot be read; the message says why."""


def _money(text: str) -> float:
    """``$1,234.50`` -> 1234.5; raises :class:`BadHandError` on anything else."""
    match = _AMOUNT.search(text)
    if match is None:
        raise BadHandError(f"not an amount: {text!r}")
    try:
        return float(match.group().replace(",", ""))
    except ValueError:
        raise BadHandError(f"not an amount: {text!r}") from None


def split_hands(text: str) -> list[tuple[int, str]]:
    """Cut a file into ``(line, hand text)`` pairs, ``line`` 1-based where the hand starts.

    >>> text = "junk\\nPokerStars Hand #1: a\\n\\nPokerStars Hand #2: b\\n"
    >>> [line for line, _ in split_hands(text)]
    [2, 4]
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    starts = [m.start() for m in HEADER.finditer(text)]
    hands: list[tuple[int, str]] = []
    line = 1
    previous = 0
    for index, start in enumerate(starts):
        line += text.count("\n", previous, start)
        previous = start
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        hands.append((line, text[start:end]))
    return hands


def header_key(header: str) -> str:
    """The header line without its hand number, its date a NUL: the same text for every hand
    of a table and level, so what it says is read once
    (:func:`pipeline.sources.pokerstars.header.finish_rows`).

    >>> header_key("PokerStars Hand #12: Hold'em No Limit ($1/$2) - 2021/07/30 0:40:29 ET")
    "PokerStars Hand #: Hold'em No Limit ($1/$2) - \\x00 ET"
    """
    id_match = HAND_ID.search(header)
    if id_match is None:
        return header
    start, end = id_match.span(1)
    date = _DATE.search(header)
    if date is None:
        return header[:start] + header[end:]
    if end > date.start():
        return header  # a date before the hand number
    return header[:start] + header[end : date.start()] + "\x00" + header[date.end() :]


def _cards(text: str) -> str:
    """Bracket contents -> canonical space-separated cards (``10h`` -> ``Th``)."""
    return " ".join(
        token.replace("10", "T", 1) if token.startswith("10") else token for token in text.split()
    )


def _post_verb(action: str) -> str:
    """The ``actions`` verb of a ``posts ...`` action.

    >>> [_post_verb(a) for a in ("posts the ante 5", "posts small blind $1", "posts big blind 2",
    ...  "posts small & big blinds $3", "posts straddle $4")]
    ['ante', 'sb', 'bb', 'post', 'st']
    """
    if "ante" in action:
        return "ante"
    if "small & big" in action:
        return "post"
    if action.startswith("posts small blind"):
        return "sb"
    if action.startswith("posts big blind"):
        return "bb"
    if "straddle" in action:
        return "st"
    return "post"


class HandState:
    """The state of one hand while its lines are read."""

    __slots__ = (
        "actions",
        "ante",
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
        "sequence",
        "shown",
        "stacks",
        "stated",
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
        self.stated: dict[str, str] = {}  # the log's own name of a shown hand
        self.board: list[str] = []
        self.street = 0
        self.button = 0
        self.dead_small = 0.0
        self.cashed_out: list[tuple[str, float]] = []
        self.actions: dict[str, list[list[str]]] = {}  # per player, per street
        self.sequence = 0  # actions so far in the hand
        self.ante: float | None = None  # the largest ante posted

    def act(self, name: str, token: str) -> None:
        """One action of the hand, in the ``actions`` notation (``5.r300``)."""
        self.sequence += 1
        streets = self.actions.setdefault(name, [[]])
        while len(streets) <= self.street:
            streets.append([])
        streets[self.street].append(f"{self.sequence}.{token}")

    def actions_of(self, name: str) -> str:
        """A player's actions: streets joined by ``" / "`` up to their fold, or to the hand's
        last street."""
        streets = self.actions.get(name, [[]])
        last = STREETS.index(self.folded[name]) if name in self.folded else self.street
        streets = streets + [[] for _ in range(last + 1 - len(streets))]
        return " / ".join(" ".join(tokens) for tokens in streets[: last + 1]).rstrip()

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


def read_hand(text: str, line: int, variant_out: list[str]) -> tuple[HandState, dict[str, Any]]:
    lines = [raw for raw in text.split("\n") if raw and not raw.isspace()]
    header = lines[0]
    id_match = HAND_ID.search(header)
    if id_match is None:
        raise BadHandError("no hand number in the header")
    hand = HandState(id_match.group(1), line)
    if len(lines) < 2 and not text.endswith("\n"):
        raise TruncatedHandError(hand.hand_id)  # the file ends inside the header line
    game_match = _GAME.search(header)
    game = game_match.group("game") if game_match is not None else None
    if game not in READ_VARIANTS:
        # Another game (Razz, 7 Card Stud, 5 Card Omaha...) in its words, else the header's.
        variant_out.append(game if game is not None else header.split(":", 1)[-1].strip()[:60])
        raise UnsupportedVariantError(hand.hand_id)
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
        except BadHandError:
            hand.dead_small = 0.0
    if len(lines) < 2:
        raise BadHandError("no table line")
    table_match = _TABLE.match(lines[1])
    if table_match is None:
        raise BadHandError(f"no table line: {lines[1][:80]!r}")
    hand.button = int(table_match.group(3))
    hole_cards = READ_VARIANTS[game].hole_cards
    index = 2
    sitting_out: set[str] = set()
    while index < len(lines) and lines[index].startswith("Seat "):
        seat_line = lines[index]
        seat_match = _SEAT.match(seat_line)
        if seat_match is None:
            raise BadHandError(f"unreadable seat line {seat_line[:80]!r}")
        name = seat_match.group(2)
        seat = int(seat_match.group(1))
        if seat > _LARGEST_SEAT:
            raise BadHandError(f"seat number too large in {seat_line[:80]!r}")
        hand.seats[name] = seat
        hand.stacks[name] = _money(seat_match.group(3))
        hand.put_in[name] = 0.0
        hand.street_bet[name] = 0.0
        hand.won[name] = 0.0
        if "sitting out" in seat_line[seat_match.end() :]:
            sitting_out.add(name)
        index += 1
    if not hand.seats:
        raise BadHandError("no seat lines")
    hand.names = sorted(hand.seats, key=len, reverse=True)
    acted: set[str] = set()
    summary = False
    summary_seats = 0
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
            if text_line.startswith(("*** FIRST ", "*** SECOND ", "*** THIRD ")):
                raise RunItTwiceError(hand.hand_id)
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
                summary_seats += 1
                seat_summary = _SUMMARY_SEAT.match(text_line)
                if seat_summary is not None and seat_summary.group(2) in hand.seats:
                    name = seat_summary.group(2)
                    hand.hole[name] = _cards(seat_summary.group(4))
                    if seat_summary.group(3) == "showed":
                        hand.shown.add(name)
                        shown_as = _SUMMARY_SHOWN_AS.search(text_line)
                        if shown_as is not None:
                            hand.stated.setdefault(name, shown_as.group(1))
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
                cards = _CARDS.search(action)
                shown = _cards(cards.group(1)) if cards is not None else ""
                # A card or two shown with the fold: in the actions ("7.f[9c]"); the hole
                # only when it is the whole hand (the fold stands either way).
                hand.act(name, f"f[{shown.replace(' ', '')}]" if shown else "f")
                hand.folded[name] = STREETS[hand.street]
                if cards is not None and len(shown.split()) == hole_cards:
                    hand.hole[name] = shown
            elif action.startswith("checks"):
                hand.act(name, "x")
            elif action.startswith("mucks"):
                hand.act(name, "sd")
            elif action.startswith(
                (
                    "sits out",
                    "is sitting out",
                    "doesn't show",
                    "is disconnected",
                    "is connected",
                    "has timed out",
                    "leaves",
                    "joins",
                    "said",
                )
            ):
                pass
            elif action.startswith(("calls ", "bets ")):
                amount = _money(action.split(" ", 2)[1])
                hand.commit(name, amount, amount)
                hand.act(name, f"{action[0]}{amount_text(amount)}{_all_in(action)}")
            elif action.startswith("raises "):
                raise_match = _RAISE.match(action)
                if raise_match is None:
                    raise BadHandError(f"unreadable raise {text_line[:80]!r}")
                to = _money(raise_match.group(2))
                hand.commit(name, to - hand.street_bet[name], to - hand.street_bet[name])
                hand.act(name, f"r{amount_text(to)}{_all_in(action)}")
            elif action.startswith("posts "):
                amount = _money(
                    action.rsplit(" ", 1)[-1]
                    if "and is all-in" not in action
                    else action.split(" and is all-in")[0].rsplit(" ", 1)[-1]
                )
                hand.act(name, f"{_post_verb(action)}{amount_text(amount)}{_all_in(action)}")
                if "ante" in action:
                    hand.ante = amount if hand.ante is None else max(hand.ante, amount)
                    hand.commit(name, amount, 0.0)
                elif "small & big" in action:
                    hand.commit(name, amount, max(amount - hand.dead_small, 0.0))
                else:
                    hand.commit(name, amount, amount)
            elif action.startswith("shows "):
                hand.act(name, "sd")
                cards = _CARDS.search(action)
                if cards is not None:
                    hand.hole[name] = _cards(cards.group(1))
                    hand.shown.add(name)
                    shown_as = _SHOWN_AS.search(action)
                    if shown_as is not None:
                        hand.stated[name] = shown_as.group(1)
            elif action.startswith(("bringsin", "brings in", "discards", "stands pat")):
                raise BadHandError(f"not a hold'em or omaha action {text_line[:80]!r}")
            continue
        if text_line.startswith("Uncalled bet"):
            uncalled = _UNCALLED.match(text_line)
            if uncalled is None or uncalled.group(2) not in hand.seats:
                raise BadHandError(f"unreadable line {text_line[:80]!r}")
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
        raise TruncatedHandError(hand.hand_id)
    for name in sitting_out:
        if name not in acted and hand.put_in[name] == 0.0:
            del hand.seats[name]
    # A summary names every seat dealt in, the last line whole: a client still writing the
    # file leaves it short, or its last line cut (no line end after a seat line).
    if summary_seats < len(hand.seats) or (
        not text.endswith("\n")
        and lines[-1].startswith("Seat ")
        and _WHOLE_SEAT_LINE.search(lines[-1].rstrip()) is None
    ):
        raise TruncatedHandError(hand.hand_id)
    board = " ".join(hand.board)
    meta = {
        "tournament": tournament_match.group(1) if tournament_match else None,
        "table": table_match.group(1),
        "date": date,
        "board": board,
        "variant": game,
        "header": header_key(header),
        "table_size": int(table_match.group(2)) if table_match.group(2) else len(hand.seats),
    }
    return hand, meta


def _all_in(action: str) -> str:
    return "!" if "and is all-in" in action else ""


class TruncatedHandError(Exception):
    """A hand cut short: no summary, a summary without every seat, or a header alone."""


class RunItTwiceError(Exception):
    """A hand whose board was run twice (two boards, two showdowns): not scored here."""


class UnsupportedVariantError(Exception):
    """A hand of a game not read here (its words not in :data:`READ_VARIANTS`)."""


__all__ = [
    "HAND_ID",
    "HEADER",
    "READ_VARIANTS",
    "BadHandError",
    "HandState",
    "RunItTwiceError",
    "TruncatedHandError",
    "UnsupportedVariantError",
    "read_hand",
    "split_hands",
]
