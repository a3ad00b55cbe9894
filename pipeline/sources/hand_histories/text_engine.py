"""The text engine: any site's hand-history text, as its :class:`TextSite` declares it, into
one row per player per hand (:data:`pipeline.records.ROW_SCHEMA`) and issues.

The text is cut into hands at the site's ``hand_start`` lines.  Each hand is read line by line:
the header (hand id, game, stakes, date), the table line (name, seats, button), the seat lines,
then every line up to the summary is one of: a street marker (the board grows), a seated
player's action (in the ``actions`` notation of ``docs/hand-histories.md``), a card dealt, an
uncalled bet returned, a pot collected, a line the site lists as carrying nothing, or a noted
line (a cash drop: an issue on the hand).  After the summary's first line, the seat lines that
show cards give the hole cards and the hand's name as the site words it.

A hand the engine cannot score is left out whole with an issue (``malformed_hand`` naming the
line it could not read, ``truncated_hand``, ``run_it_twice``, ``unsupported_variant`` once per
file and game); the other hands go on.

>>> from pipeline.sources.hand_histories.sites.text.ggpoker import GGPOKER
>>> text = '''Poker Hand #RC1: Hold'em No Limit ($0.02/$0.05) - 2025/08/10 12:00:00
... Table 'RushAndCash1' 6-max Seat #1 is the button
... Seat 1: Ann ($5 in chips)
... Seat 2: f4ed9d ($5 in chips)
... Ann: posts small blind $0.02
... f4ed9d: posts big blind $0.05
... *** HOLE CARDS ***
... Ann: raises $0.10 to $0.15
... f4ed9d: folds
... Uncalled bet ($0.10) returned to Ann
... *** SHOWDOWN ***
... Ann collected $0.10 from pot
... *** SUMMARY ***
... Total pot $0.10 | Rake $0 | Jackpot $0 | Bingo $0
... Seat 1: Ann (small blind) won ($0.10)
... Seat 2: f4ed9d (big blind) folded before Flop
... '''
>>> log = read_text_site(GGPOKER, text.encode(), "gg.txt")
>>> log.rows.select("round", "player", "put_in", "won", "actions").rows()
[('RC1', 'Ann', 0.05, 0.1, '1.sb0.02 3.r0.15'), ('RC1', 'f4ed9d', 0.05, 0.0, '2.bb0.05 4.f')]
"""

from __future__ import annotations

import functools
import re
from datetime import datetime
from typing import Any

import polars as pl

from pipeline.records.deals import BOARD_DEAL, Deal, deal_of
from pipeline.records.game_names import site_words
from pipeline.records.hand_log import (
    ROW_SCHEMA,
    RUN_SEPARATOR,
    HandLog,
    Issues,
    amount_text,
    head_matches,
    new_row_columns,
    seen_board,
    with_played_at,
)
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories.text_site import NEXT_STREET, TextSite, read_amount

__all__ = ["looks_like", "read_text_hands", "read_text_site", "split_hands"]

_CARDS = re.compile(r"\[([^\]]*)\]")
_RUN_OF_CARDS = re.compile(r"(?:10|[2-9TJQKA])[cdhs]")  # cards written without spaces
_WINNERS = re.compile(r"(.+?) \(([^()]*)\)(?:, |$)")  # "A (165 High), B (165 Low)"
_LIVE_POSTS = {"small_blind": "sb", "big_blind": "bb", "straddle": "st", "live_post": "post"}
_DEAD_POSTS = {"ante": "ante", "dead_post": "post"}


_LARGEST_SEAT = 2**63 - 1  # the seat column is 64-bit


class BadHandError(ValueError):
    """A hand that cannot be read; the message says why."""


class TruncatedHandError(Exception):
    """A hand cut short: no summary."""


class RunItTwiceError(Exception):
    """A hand whose board was run more than once: not scored."""


class UnsupportedVariantError(Exception):
    """A hand of a game the site's ``games`` does not list; the argument is its words."""


def looks_like(site: TextSite, head: str) -> bool:
    """True when ``head`` (a file's first characters) holds one of the site's hand starts."""
    return head_matches(site.hand_start, head.replace("\x00", ""))


def split_hands(site: TextSite, text: str) -> list[tuple[int, str]]:
    """``(line, hand text)`` for each hand, ``line`` 1-based where its first line is.

    >>> from pipeline.sources.hand_histories.sites.text.winamax import WINAMAX
    >>> text = "x\\nWinamax Poker - CashGame - HandId: #1-2-3 - a\\n\\n"
    >>> text += "Winamax Poker - Go Fast 'Buzau' - HandId: #1-2-4 - b\\n"
    >>> [line for line, _ in split_hands(WINAMAX, text)]
    [2, 4]
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    starts = [match.start() for match in site.hand_start.finditer(text)]
    hands: list[tuple[int, str]] = []
    line, previous = 1, 0
    for index, start in enumerate(starts):
        line += text.count("\n", previous, start)
        previous = start
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        hands.append((line, text[start:end]))
    return hands


@functools.cache
def _hole_cards_of(site: str) -> dict[str, int]:
    """The site's words for each game read (lower case) -> the hole cards each player is
    dealt."""
    return {words.casefold(): game.hole_cards for words, game in site_words(site).items()}


@functools.cache
def _games_of(site: str) -> dict[str, str]:
    """The site's words for each game read (lower case) -> the game's name, from the one
    table of games."""
    return {words.casefold(): game.name for words, game in site_words(site).items()}


def _cards(text: str) -> str:
    """Bracket contents as our cards: space-separated (``6s, 7h`` and ``9dJd`` -> ``6s 7h``,
    ``9d Jd``: commas between cards dropped, a run of cards split), ``10h`` -> ``Th``, a suit
    written in capitals (``[4C QC]``) in lower case; a token that is no card nor run of cards
    is kept as written (the hand's own cards are not dug out of it).

    >>> _cards("9dJd 10h, 4C"), _cards("5c\ufffd Ks AÞ")
    ('9d Jd Th 4c', '5c\ufffd Ks AÞ')
    """
    cards = []
    for token in text.replace(",", " ").replace("[", " ").replace("]", " ").split():
        run = _RUN_OF_CARDS.findall(token) if len(token) > 3 else []
        for card in run if "".join(run) == token else [token]:
            if card.startswith("10"):
                card = card.replace("10", "T", 1)
            written = card[0].upper() + card[1].lower() if len(card) == 2 else card
            cards.append(written if _RUN_OF_CARDS.fullmatch(written) else card)
    return " ".join(cards)


def _amount_in_run(run: re.Pattern[str], text: str, hand_id: str) -> float:
    """The first run of ``text`` that ``run`` finds, its commas dropped, as a number
    (:attr:`TextSite.amount_run`); raises :class:`BadHandError` where there is none that reads.

    >>> _amount_in_run(re.compile(r"[-\\d.,]+"), "$1,234.50", "1")
    1234.5
    >>> _amount_in_run(re.compile(r"[-\\d.,]+"), "$2.0.0", "1")
    Traceback (most recent call last):
    pipeline.sources.hand_histories.text_engine.BadHandError: ("not an amount: '$2.0.0'", '1')
    """
    found = run.search(text)
    try:
        return float(found.group().replace(",", "")) if found is not None else float("")
    except ValueError:
        msg = f"not an amount: {text!r}"
        raise BadHandError(msg, hand_id) from None


class _Hand:
    """One hand while its lines are read."""

    def __init__(self, site: TextSite, hand_id: str, line: int, *, decimal_comma: bool) -> None:
        self.site = site
        self.decimal_comma = decimal_comma
        self.hand_id = hand_id
        self.line = line
        self.seats: dict[str, int] = {}
        self.stacks: dict[str, float | None] = {}
        self.names: list[str] = []  # longest first, to split "name action" lines
        self.sitting_out: set[str] = set()
        self.put_in: dict[str, float] = {}
        self.street_bet: dict[str, float] = {}
        self.last_bets: dict[str, float] = {}  # the street bets of the last street bet on
        self.won: dict[str, float] = {}
        self.folded: dict[str, str] = {}
        self.hole: dict[str, str] = {}
        self.shown: set[str] = set()
        self.showed_down: set[str] = set()
        self.stated: dict[str, str] = {}
        self.summary_stated: dict[str, str] = {}
        self.board: list[str] = []
        self.street = 0
        self.acted: set[str] = set()
        self.actions: dict[str, list[list[str]]] = {}
        self.sequence = 0
        self.ante: float | None = None
        # the header's blinds (for a blind posted without its amount), else the first posted
        self.blinds: dict[str, float] = {}
        self.button: int | None = (
            None  # where a line before the seats or among the actions names it
        )
        self.returned = False
        self.notes: list[tuple[str, str]] = []
        self.summary_awards: list[tuple[str, float]] = []
        # stud and draw games (see "Stud and draw" below)
        self.deal: Deal = BOARD_DEAL
        self.stud_cards: dict[str, list[str | None]] = {}  # the places dealt, in order
        self.draws: dict[str, list[int]] = {}
        self.bring_in: float | None = None
        self.posted: dict[str, float] = {}  # the blinds posted (a limit draw game's own)
        self.dealt_count: dict[str, int] = {}  # stud cards dealt one a line, shown or not
        self.hole_cards = 0  # the game's: cards shown with a fold are the hole when as many
        self.header_small_blind = 0.0  # the dead part of both blinds posted at once
        self.cashed_out: list[tuple[str, float]] = []  # (name, the pot's award) in the summary
        self.small_blind_posted = False
        self.named: set[str] = set()  # players with an action line, one carrying nothing too
        self.runs: dict[int, list[str]] = {}  # a board run more than once: run -> its board
        self.split_at: int | None = None  # board cards dealt before the runs split
        self.run_shown = 0  # the run whose showdown is being read (0: none)

    def amount(self, text: str | None) -> float:
        if text is None:
            msg = "an action without its amount"
            raise BadHandError(msg, self.hand_id)
        if self.site.amount_run is not None:
            return _amount_in_run(self.site.amount_run, text, self.hand_id)
        try:
            # a post written as its parts (``[$0.05 + $0.10]``: a dead and a live blind)
            parts = text.split(" + ")
            return round(sum(read_amount(p, decimal_comma=self.decimal_comma) for p in parts), 9)
        except ValueError as error:
            raise BadHandError(str(error), self.hand_id) from None

    def act(self, name: str, token: str) -> None:
        self.sequence += 1
        streets = self.actions.setdefault(name, [[]])
        while len(streets) <= self.street:
            streets.append([])
        streets[self.street].append(f"{self.sequence}.{token}")

    def cards_of(self, name: str) -> list[str | None]:
        """A stud player's places, dealt or not yet (None)."""
        return self.stud_cards.setdefault(name, [None] * self.deal.cards)

    def actions_of(self, name: str) -> str:
        streets = self.actions.get(name, [[]])
        streets_named = self.deal.streets
        last = streets_named.index(self.folded[name]) if name in self.folded else self.street
        streets = streets + [[] for _ in range(last + 1 - len(streets))]
        return " / ".join(" ".join(tokens) for tokens in streets[: last + 1]).rstrip()

    def actor(self, line: str) -> tuple[str, str] | None:
        """``(name, action)`` where the line starts with a seated player's name."""
        separator = self.site.actor_separator
        if separator.strip():
            name, found, action = line.partition(separator)
            if found and name in self.seats:
                return name, action
        for name in self.names:
            if line.startswith(name) and line.startswith(separator, len(name)):
                return name, line[len(name) + len(separator) :]
        return None

    def run_boards(self) -> str | None:
        """Every runout's whole board, first to last (the first is ``board``), `` | ``
        between them; None for a hand run once."""
        if len(self.runs) < 2:
            return None
        boards = [self.board, *(self.runs[run] for run in sorted(self.runs) if run > 1)]
        return RUN_SEPARATOR.join(" ".join(board) for board in boards)

    def add_run_cards(self, run: int, cards: list[str]) -> None:
        """Cards of run ``run``'s board: those dealt before the runs split first, then the
        run's own (a site may write either the whole board or the run's own cards)."""
        if self.split_at is None:
            self.split_at = len(self.board)
        board = self.runs.setdefault(run, list(self.board[: self.split_at]))
        for card in cards:
            if card not in board:
                board.append(card)
        if run == 1:
            for card in board:
                if card not in self.board:
                    self.board.append(card)

    def commit(self, name: str, amount: float, *, live: bool) -> None:
        self.put_in[name] += amount
        if live:
            self.street_bet[name] += amount

    def next_street(self, street: int) -> None:
        if any(self.street_bet.values()):
            self.last_bets = dict(self.street_bet)
        for name in self.street_bet:
            self.street_bet[name] = 0.0
        self.street = min(max(self.street, street), len(self.deal.streets) - 1)

    def return_unmatched(self) -> None:
        """The part of the last bet no one matched, back to its bettor, for a site that writes
        no uncalled bet returned; where its ``collected`` holds that part
        (:attr:`TextSite.unmatched_in_collected`), it comes off what the bettor won too (``put_in``
        and ``won`` count the pots alone, as on every site)."""
        bets = self.street_bet if any(self.street_bet.values()) else self.last_bets
        if len(bets) < 2:
            return
        ranked = sorted(bets.items(), key=lambda item: item[1], reverse=True)
        (top, most), (_, next_most) = ranked[0], ranked[1]
        if most > next_most:
            self.put_in[top] -= most - next_most
            included = self.site.unmatched_in_collected
            if included is None:  # the site writes it both ways: by the hand's sums
                included = sum(self.won.values()) > sum(self.put_in.values()) + 1e-9
            if included:
                self.won[top] -= min(most - next_most, self.won[top])


def _header(
    site: TextSite, lines: list[str], line: int, first_seat: int, *, decimal_comma: bool
) -> tuple[_Hand, dict[str, Any]]:
    """The hand's head read: the lines before its first seat line (``first_seat``), the header
    pattern matched from the first of them (it may span several: a preamble, the stakes), the
    table pattern on the lines after the header's last; its seats are read by the caller."""
    head = "\n".join(lines[:first_seat])
    # a pattern spanning lines matches the head; one ending with ``$`` its first line alone
    header = next(
        (
            found
            for pattern in site.headers
            for text in (head, lines[0])
            if (found := pattern.match(text)) is not None
        ),
        None,
    )
    if header is None:
        start = site.hand_start.match(lines[0])
        hand_id = start.groupdict().get("hand_id") if start is not None else None
        msg = f"unreadable header {lines[0][:100]!r}"
        raise BadHandError(msg, hand_id)
    says = header.groupdict()
    hand = _Hand(site, says["hand_id"], line, decimal_comma=decimal_comma)
    game_words = " ".join((says.get("game") or "").split())  # "HOLDEM  Fixed Limit" too
    game = _games_of(site.name).get(game_words.casefold())
    if game is None:
        raise UnsupportedVariantError(game_words or lines[0][:60])
    hand.hole_cards = _hole_cards_of(site.name)[game_words.casefold()]
    if len(lines) < 2:
        raise TruncatedHandError(hand.hand_id)
    header_lines = head.count("\n", 0, max(header.end() - 1, 0)) + 1
    where: dict[str, Any] = {}
    if site.table is not None:  # else the header names the table
        table_text = "\n".join(lines[header_lines:first_seat])
        table = site.table.match(table_text)
        if table is None:
            msg = f"unreadable table line {table_text[:100]!r}"
            raise BadHandError(msg, hand.hand_id)
        where = table.groupdict()
    date = None
    if says.get("date"):
        # a clock or a year written apart from the day ("16:08:09 EDT 2010") put after it
        written = " ".join(says[key].strip() for key in ("date", "time", "year") if says.get(key))
        for layout in site.date_formats:
            try:
                date = datetime.strptime(written, layout).replace(tzinfo=None).isoformat()
                break
            except ValueError:
                continue
    # a tournament's id where the table line gives it, else its header's id or name
    # the table line's table, size, button and tournament, else the header's
    # a table line naming its table "" says so (PokerStars' ``Table ''``, as its scanner reads)
    where = {
        key: where[key] if where.get(key) is not None else says.get(key)
        for key in ("table", "size", "button")
    } | {"tournament": where.get("tournament") or says.get("tournament")}
    tournament = where["tournament"]
    meta = {
        "tournament": tournament or None,  # "": a tournament whose header leaves its id out
        "table": where["table"],
        "date": date,
        "variant": game_words if site.variant_as_written else game,
        "time_zone": says.get("zone") or site.zone,
        "size": int(where["size"]) if where["size"] else None,
        "button": int(where["button"]) if where["button"] else None,
        "fixed_limit": site.fixed_limit.search(game_words) is not None,
        "bring_in": says.get("bring_in"),
    }
    meta.update(_money(site, {**says, "tournament": tournament}, head, decimal_comma))
    if site.header_says is not None:  # the code the site's compiled path reads them with
        meta.update(site.header_says(lines[0]))
    return hand, meta


def _money(
    site: TextSite, says: dict[str, str | None], head: str, decimal_comma: bool
) -> dict[str, Any]:
    """Currency, stakes, format and buy-in as the header says them."""

    def amount(text: str | None) -> float | None:
        if not text:
            return None
        try:
            return read_amount(text, decimal_comma=decimal_comma)
        except ValueError:
            return None

    def mark_of(*texts: str | None) -> str | None:
        for text in texts:
            for mark, code in site.currency_marks.items():
                if text and mark in text:
                    return code
        return None

    tournament = says.get("tournament") is not None
    stakes_mark = says.get("iso") or mark_of(says.get("sb"), says.get("bb"), says.get("ante"))
    if tournament:
        currency: str | None = "chips"
    elif site.play_money is not None and site.play_money.search(head):
        currency = "play"
    else:
        # the stakes' mark, else one anywhere in the head (Unibet's "Table €1 NL"), else the
        # site's; where the site writes it elsewhere in the hand (currency_line), found there
        currency = (
            stakes_mark
            or mark_of(head)
            or site.currency
            or (None if site.currency_line is not None else "play")
        )
    buy_in_text = says.get("buy_in")
    buy_in = buy_in_currency = None
    if tournament and buy_in_text:
        numbers = re.findall(r"\d[\d.,]*", buy_in_text)
        if numbers:
            buy_in = sum(read_amount(number, decimal_comma=decimal_comma) for number in numbers)
            buy_in_currency = mark_of(buy_in_text)
        elif site.free_buy_in is not None and site.free_buy_in.search(buy_in_text):
            buy_in = 0.0
    return {
        "currency": currency,
        "small_blind": amount(says.get("sb")),
        "big_blind": amount(says.get("bb")),
        "format": "tournament" if tournament else "cash",
        "buy_in": buy_in,
        "buy_in_currency": buy_in_currency,
    }


def _read_hand(site: TextSite, text: str, line: int) -> tuple[_Hand, dict[str, Any]]:
    if site.name_marks is not None:
        text = site.name_marks.sub("", text)
    text = _respelled(site, text)
    lines = [raw.rstrip() for raw in text.split("\n") if raw.strip()]
    first_seat = None  # the seats come before the play: a summary's "Seat 3: ..." is not one
    for at, text_line in enumerate(lines[1:], start=1):
        if site.seat.match(text_line):
            first_seat = at
            break
        _check_seat_line(site, text_line, lines[0])
        if site.street.match(text_line) or site.summary.match(text_line):
            break
    index = first_seat if first_seat is not None else min(len(lines), 2)
    # a site writing each player's locale: the hand's own amounts say how it is written
    decimal_comma = site.decimal_comma or (
        site.decimal_comma_when is not None and site.decimal_comma_when.search(text) is not None
    )
    if len(lines) < 2 and not text.endswith("\n"):  # the file ends inside the first line
        start = site.hand_start.match(lines[0]) if lines else None
        raise TruncatedHandError(start.groupdict().get("hand_id") if start else None)
    hand, meta = _header(site, lines, line, index, decimal_comma=decimal_comma)
    hand.deal = deal_of(meta["variant"])
    if meta["bring_in"]:
        hand.bring_in = hand.amount(meta["bring_in"])
    for kind, column in (("small_blind", "small_blind"), ("big_blind", "big_blind")):
        if meta.get(column):
            hand.blinds[kind] = meta[column]
    hand.header_small_blind = meta.get("small_blind") or 0.0
    for text_line in lines[1:index]:  # lines before the seats: the button's seat may be there
        button = site.button_line.match(text_line) if site.button_line else None
        if button is not None and button.groupdict().get("button"):
            hand.button = int(button.group("button"))
    while index < len(lines):
        seat = site.seat.match(lines[index])
        if seat is None:
            button = site.button_line.match(lines[index]) if site.button_line else None
            if button is not None:
                hand.button = _button_seat(hand, button)
            if not hand.seats and (
                button is not None or any(pattern.match(lines[index]) for pattern in site.ignored)
            ):
                index += 1  # a line the site writes before its seats (``Seats: 9``)
                continue
            _check_seat_line(site, lines[index], lines[0])
            break
        name = seat.group("name")
        if name in hand.seats:  # a log that blanks names: whose action is whose is lost
            msg = f"seats {hand.seats[name]} and {seat.group('seat')} share the name {name!r}"
            raise BadHandError(msg, hand.hand_id)
        hand.seats[name] = int(seat.group("seat"))
        if hand.seats[name] > _LARGEST_SEAT:
            msg = f"seat number too large in {lines[index][:80]!r}"
            raise BadHandError(msg, hand.hand_id)
        stack = seat.groupdict().get("stack")
        hand.stacks[name] = hand.amount(stack) if stack else None
        hand.put_in[name] = hand.street_bet[name] = hand.won[name] = 0.0
        if seat.groupdict().get("button"):  # the seat line marks the button (``DEALER``)
            hand.button = hand.seats[name]
        if site.sitting_out is not None and site.sitting_out.search(lines[index], seat.end()):
            hand.sitting_out.add(name)
        index += 1
    if not hand.seats:
        msg = f"no seat lines after {lines[index - 1][:100]!r}"
        raise BadHandError(msg, hand.hand_id)
    hand.names = sorted(hand.seats, key=len, reverse=True)
    if (
        site.blinds_posted is not None
        and hand.deal.kind != "stud"  # stud has no blinds
        and site.blinds_posted.search(text) is None
    ):
        _post_silent_blinds(hand, meta)
    summary = False
    for text_line in lines[index:]:
        if summary:
            if site.collected_in_summary:  # a line may give the pot and the cards shown
                _collected(site, hand, text_line)
            _summary_line(site, hand, text_line)
        elif site.summary.match(text_line):
            summary = True
        else:
            _play_line(site, hand, text_line)
    if not summary and (site.summary_required or not any(hand.won.values())):
        raise TruncatedHandError(hand.hand_id)
    if not any(hand.won.values()):  # the pots awarded in the summary alone
        for name, amount in hand.summary_awards:
            hand.won[name] += amount
    if meta["currency"] is None and site.currency_line is not None:
        marked = site.currency_line.search(text)
        marks = site.currency_marks
        meta["currency"] = marks.get(marked.group("mark")) if marked is not None else None
    if (site.uncalled is None or site.uncalled_unwritten) and not hand.returned:
        hand.return_unmatched()
    _drop_seats_not_dealt_in(site, hand)
    if _cut_short(site, hand, lines, text):
        raise TruncatedHandError(hand.hand_id)
    return hand, meta


def _drop_seats_not_dealt_in(site: TextSite, hand: _Hand) -> None:
    """A seat that neither posted nor acted nor won was not dealt in (sitting out, or waiting
    for the big blind): every player dealt in acts, or posts, before the hand can end.  Where
    the site declares :attr:`TextSite.dealt_in_unless_sitting_out`, only a seat sitting out
    that never had an action line nor put anything in."""
    for name in list(hand.seats):
        if site.dealt_in_unless_sitting_out:
            if name in hand.sitting_out and name not in hand.named and hand.put_in[name] == 0.0:
                del hand.seats[name]
        elif name not in hand.acted and hand.put_in[name] == 0.0 and hand.won[name] == 0.0:
            del hand.seats[name]


def _check_seat_line(site: TextSite, text_line: str, header: str) -> None:
    """Raise :class:`BadHandError` for a line begun as a seat line (:attr:`TextSite.seat_start`)
    that the seat pattern cannot read: the seat is not taken for another line, or dropped."""
    if site.seat_start is not None and site.seat_start.match(text_line):
        start = site.hand_start.match(header)
        hand_id = start.groupdict().get("hand_id") if start is not None else None
        msg = f"unreadable seat line {text_line[:80]!r}"
        raise BadHandError(msg, hand_id)


def _button_seat(hand: _Hand, button: re.Match[str]) -> int | None:
    """The seat a button line gives: its ``button`` seat, or the seat of the player it names
    (``Ann has the dealer button``), None where that player is not seated."""
    says = button.groupdict()
    if says.get("button"):
        return int(says["button"])
    return hand.seats.get(says.get("name") or "")


def _respelled(site: TextSite, text: str) -> str:
    """The hand's text with the site's :attr:`~TextSite.rewrites` applied, in order."""
    for pattern, replacement in site.rewrites:
        text = pattern.sub(replacement, text)
    return text


def _post_silent_blinds(hand: _Hand, meta: dict[str, Any]) -> None:
    """The header's blinds, posted by the two seats after the button (heads-up, the button and
    the other), for a log that does not write its posts."""
    seats = sorted(hand.seats.items(), key=lambda item: item[1])
    if meta["button"] is None or meta["big_blind"] is None or len(seats) < 2:
        return
    after = [at for at, (_, seat) in enumerate(seats) if seat > meta["button"]]
    start = after[0] if after else 0
    order = seats[start:] + seats[:start]
    if len(seats) == 2:  # heads-up: the button posts the small blind
        order = order[1:] + order[:1]
    for (name, _), kind, amount in zip(
        order, ("small_blind", "big_blind"), (meta["small_blind"], meta["big_blind"]), strict=False
    ):
        if amount:
            hand.commit(name, amount, live=True)
            hand.act(name, f"{_LIVE_POSTS[kind]}{amount_text(amount)}")
            hand.acted.add(name)
            hand.blinds.setdefault(kind, amount)


def _play_line(site: TextSite, hand: _Hand, text_line: str) -> None:
    """One line between the seats and the summary."""
    if site.run_street is not None and (run := site.run_street.match(text_line)):
        _run_line(site, hand, run, text_line)
        return
    if site.run_twice is not None and site.run_twice.match(text_line):
        raise RunItTwiceError(hand.hand_id)
    if site.cancelled is not None and site.cancelled.match(text_line):
        msg = "the hand was cancelled and its bets given back: not played"
        raise BadHandError(msg, hand.hand_id)
    if site.button_line is not None and (button := site.button_line.match(text_line)):
        hand.button = _button_seat(hand, button)
        return
    street = site.street.match(text_line)
    if street is not None:
        word = street.group("street").casefold()
        number = site.deal_streets.get(hand.deal.kind, {}).get(word, site.streets.get(word))
        if number is None:
            msg = f"unknown street {text_line[:100]!r}"
            raise BadHandError(msg, hand.hand_id)
        if number == NEXT_STREET:  # a line that deals the next street without naming it
            number = hand.street + 1
        if number > 0:
            hand.next_street(number)
        if hand.deal.kind != "board":  # a stud or draw street deals no board
            return
        for group in _CARDS.findall(text_line[street.end("street") :]):
            for card in _cards(group).split():
                if card not in hand.board:
                    hand.board.append(card)
        return
    for pattern, code, what in site.noted:
        if pattern.match(text_line):
            hand.notes.append((code, f"{what}: {text_line[:100]!r}"))
            return
    named_first = site.actor_separator.strip() != ""
    # "name: action" is tried first (most lines are actions); a site that writes its dealt,
    # returned and collected lines "name : ..." too (Bovada) has them tried next; where only a
    # space follows the name, the site's own lines go first
    parts = hand.actor(text_line) if named_first else None
    if parts is not None and _action(site, hand, *parts, text_line, strict=False):
        return
    if site.shown_line is not None and (shown := site.shown_line.match(text_line)):
        name = shown.group("name")
        if name in hand.seats:  # a player's cards shown on a line of their own
            hand.act(name, "sd")
            hand.hole[name] = _cards(shown.group("cards"))
            hand.shown.add(name)
            return
    dealt = site.dealt.match(text_line)
    if dealt is not None and dealt.group("name") in hand.seats:
        name, cards = dealt.group("name"), dealt.group("cards")
        if hand.deal.kind == "stud" and site.dealt_one_by_one:
            _deal_stud_card(hand, name, cards)
        elif cards and hand.deal.kind == "stud":
            _deal_stud(hand, name, cards)
        elif cards and hand.deal.kind == "draw":
            _deal_draw(hand, name, cards)
        elif cards and site.dealt_one_by_one and name in hand.hole:  # "received card: [6c]"
            hand.hole[name] += " " + _cards(cards)
        elif cards:
            hand.hole[name] = _cards(cards)
        return
    if site.uncalled is not None:
        uncalled = site.uncalled.match(text_line)
        if uncalled is not None:
            if uncalled.group("name") not in hand.seats:
                msg = f"uncalled bet returned to no seated player: {text_line[:100]!r}"
                raise BadHandError(msg, hand.hand_id)
            hand.put_in[uncalled.group("name")] -= hand.amount(uncalled.group("amount"))
            hand.returned = True
            return
    if _collected(site, hand, text_line):
        return
    if not named_first:
        parts = hand.actor(text_line)
    if parts is not None and not named_first:
        _action(site, hand, *parts, text_line)
        return
    if any(pattern.match(text_line) for pattern in site.ignored) or site.unknown_lines_ignored:
        return
    if parts is not None:
        msg = f"unreadable action {text_line[:100]!r}"
        raise BadHandError(msg, hand.hand_id)
    msg = f"unreadable line {text_line[:100]!r}"
    raise BadHandError(msg, hand.hand_id)


def _run_line(site: TextSite, hand: _Hand, run: re.Match[str], text_line: str) -> None:
    """A street of one runout (its cards into that run's board; the first run's into
    ``board``, its street the hand's), or a runout's showdown opening."""
    number = site.run_words.get(run.group("run").casefold())
    if number is None:
        msg = f"unknown run {text_line[:100]!r}"
        raise BadHandError(msg, hand.hand_id)
    street = site.streets.get(run.group("street").casefold())
    # the cards in its brackets; a dash for a card the runs share (KingsClub's ``[- - - Kh]``)
    written = _cards(" ".join(_CARDS.findall(text_line[run.end() :]))).split()
    cards = [card for card in written if _RUN_OF_CARDS.fullmatch(card)]
    if street is None or not cards:  # the run's showdown: its show lines name the run's hands
        hand.run_shown = number
        return
    if number == 1 and street > 0:
        hand.next_street(street)
    hand.add_run_cards(number, cards)


def _collected(site: TextSite, hand: _Hand, text_line: str) -> bool:
    """True when the line is a seated player's pot collected (and it is counted)."""
    collected = site.collected.match(text_line)
    if collected is None or collected.group("name") not in hand.seats:
        return False
    hand.won[collected.group("name")] += hand.amount(collected.group("amount"))
    return True


def _action(
    site: TextSite, hand: _Hand, name: str, action: str, text_line: str, *, strict: bool = True
) -> bool:
    """Read a seated player's action; False where no action pattern matches and not
    ``strict`` (the line may be another of the site's lines)."""
    found = next(
        ((kind, matched) for pattern, kind in site.actions if (matched := pattern.match(action))),
        None,
    )
    if found is None:
        if not strict:
            return False
        msg = f"unreadable action {text_line[:100]!r}"
        raise BadHandError(msg, hand.hand_id)
    kind, matched = found
    says = matched.groupdict()
    all_in = "!" if site.all_in.search(action) else ""
    hand.named.add(name)
    if kind == "nothing":
        return True
    if kind == "returned":  # an uncalled bet written as the player's own line
        hand.put_in[name] -= hand.amount(says.get("amount"))
        hand.returned = True
        return True
    if kind == "collected":  # a pot awarded, written as the player's own line
        hand.won[name] += hand.amount(says.get("amount"))
        return True
    hand.acted.add(name)
    if kind in ("small_blind", "big_blind") and hand.deal.kind == "stud":
        kind = "bring_in"  # stud has no blinds: Bovada's "Big blind/Bring in 5" is its bring-in
    if kind in ("bring_in", "draw"):
        _stud_draw_action(hand, name, kind, says, all_in)
    elif kind == "fold":
        _fold(hand, name, says.get("cards"))
    elif kind == "check":
        hand.act(name, "x")
    elif kind in ("call", "bet"):
        amount = _added(hand, name, says)
        # a site's one word for all (Bovada's "All-in $12", PartyPoker's "is all-In [$5]"): a
        # call facing no bet is a bet, one putting in more than the most bet a raise
        top = max(hand.street_bet.values())
        if site.calls_as_written:
            pass
        elif kind == "call" and hand.street > 0 and top == 0:
            kind = "bet"
        elif kind == "bet" and top > 0 and hand.street_bet[name] + amount > top + 1e-9:
            # a bet facing one: stud's completion over the bring-in (KingsClub's "bets 40"),
            # a raise to the street total it makes
            hand.commit(name, amount, live=True)
            hand.act(name, f"r{amount_text(hand.street_bet[name])}{all_in}")
            return True
        elif kind == "call" and top > 0 and hand.street_bet[name] + amount > top + 1e-9:
            hand.commit(name, amount, live=True)
            hand.act(name, f"r{amount_text(hand.street_bet[name])}{all_in}")
            return True
        hand.commit(name, amount, live=True)
        hand.act(name, f"{kind[0]}{amount_text(amount)}{all_in}")
    elif kind == "raise":
        # the street total the raise makes, or (a site writing what it adds) that total found
        if says.get("to") or not says.get("amount"):
            to = hand.amount(says.get("to"))
        else:
            to = round(hand.street_bet[name] + hand.amount(says.get("amount")), 9)
        hand.commit(name, to - hand.street_bet[name], live=True)
        hand.act(name, f"r{amount_text(to)}{all_in}")
    elif kind == "all_in":  # what it adds: a call, a bet or a raise as the amount makes it
        amount = hand.amount(says.get("amount"))
        top = max(hand.street_bet.values(), default=0.0)
        hand.commit(name, amount, live=True)
        to = hand.street_bet[name]
        verb = "c" if to <= top else "b" if top == 0 else "r"
        hand.act(name, f"{verb}{amount_text(to if verb == 'r' else amount)}!")
    elif kind in _LIVE_POSTS and says.get("to"):
        # a post written as the player's street total (GGPoker's "straddle $0.08" after
        # "straddle $0.04"): what it adds is the rest
        to = hand.amount(says.get("to"))
        hand.commit(name, to - hand.street_bet[name], live=True)
        hand.act(name, f"{_LIVE_POSTS[kind]}{amount_text(to)}{all_in}")
    elif kind == "both_blinds":
        _both_blinds(hand, name, hand.amount(says.get("amount")), all_in)
    elif kind in _LIVE_POSTS or kind in _DEAD_POSTS:
        # a dead part posted on the same line, beside the live one ("Posts $1 dead $0.50")
        # or inside the whole the line writes first ("Posts dead $40 dead $15": 25 live)
        dead = hand.amount(says["dead"]) if says.get("dead") else 0.0
        if says.get("total"):
            amount = hand.amount(says["total"]) - dead
        elif not says.get("amount") and hand.blinds.get(kind):
            amount = hand.blinds[kind]  # "posts big blind", its amount the header's
        else:
            amount = hand.amount(says.get("amount"))
        hand.commit(
            name, amount, live=kind in _LIVE_POSTS and not _late_small_blind(site, hand, kind)
        )
        if dead:
            hand.commit(name, dead, live=False)
            amount += dead
        hand.act(name, f"{_LIVE_POSTS.get(kind) or _DEAD_POSTS[kind]}{amount_text(amount)}{all_in}")
        if kind == "ante":
            hand.ante = amount if hand.ante is None else max(hand.ante, amount)
        elif kind in ("small_blind", "big_blind"):
            hand.blinds.setdefault(kind, amount)
            hand.posted.setdefault(kind, amount)
    elif kind in ("show", "muck") and name in hand.folded:
        # cards shown after a fold (GGPoker's "shows [7s]"): kept in the fold's token, as
        # PokerStars' "folds [9c]" is ("6.f[7s]"); the fold stands, the hole is not a hand
        shown = _cards(str(says.get("cards") or "")).replace(" ", "")
        streets = hand.actions[name]
        for tokens in reversed(streets):
            if tokens and tokens[-1].endswith(".f") and shown:
                tokens[-1] += f"[{shown}]"
                break
    elif kind in ("show", "muck"):
        if name not in hand.showed_down:  # a site may show the cards, then name the hand
            hand.showed_down.add(name)
            hand.act(name, "sd")
        if says.get("cards"):
            hand.hole[name] = _cards(str(says["cards"]))
        dealt_before = name in hand.hole or any(hand.stud_cards.get(name, ()))
        if kind == "show" and dealt_before:  # shown now, or dealt face up before
            hand.shown.add(name)
        if says.get("stated") and hand.run_shown < 2:  # the first run's hand, not a later's
            hand.stated[name] = str(says["stated"]).strip()
    else:  # a kind the declaration misspelt: the site file is wrong, not the log
        msg = f"{site.name}: action kind {kind!r} is not one the engine knows"
        raise ValueError(msg)
    return True


def _fold(hand: _Hand, name: str, cards: str | None) -> None:
    """A fold; cards shown with it (``folds [9c]``) go into its token (``6.f[9c]``), and are
    the player's hole only when they are the whole hand."""
    shown = _cards(cards) if cards else ""
    hand.act(name, f"f[{shown.replace(' ', '')}]" if shown else "f")
    hand.folded[name] = hand.deal.streets[hand.street]
    if shown and len(shown.split()) == hand.hole_cards:
        hand.hole[name] = shown


def _both_blinds(hand: _Hand, name: str, amount: float, all_in: str) -> None:
    """The small and the big blind posted at once: the header's small blind of it dead (in
    the pot only), the rest a live bet; one ``post`` token of the whole."""
    live = max(amount - hand.header_small_blind, 0.0)
    hand.commit(name, live, live=True)
    hand.commit(name, amount - live, live=False)
    hand.act(name, f"post{amount_text(amount)}{all_in}")


def _late_small_blind(site: TextSite, hand: _Hand, kind: str) -> bool:
    """True for a small blind posted after the hand's first, where the site declares such a
    one dead (:attr:`TextSite.late_small_blind_dead`)."""
    if kind != "small_blind" or not site.late_small_blind_dead:
        return False
    late = hand.small_blind_posted
    hand.small_blind_posted = True
    return late


def _cashed_out(site: TextSite, hand: _Hand, text_line: str) -> None:
    """A summary line of a player who cashed out of a pot: the pot's award added to what they
    won, kept for the issue that says so."""
    cashed = site.cashed_out.match(text_line) if site.cashed_out is not None else None
    if cashed is not None and cashed.group("name") in hand.seats:
        amount = hand.amount(cashed.group("amount"))
        hand.won[cashed.group("name")] += amount
        hand.cashed_out.append((cashed.group("name"), amount))


def _cut_short(site: TextSite, hand: _Hand, lines: list[str], text: str) -> bool:
    """True where the site's summary names every seat dealt in and this one does not: fewer
    summary seat lines than seats, or the text's last one cut (no line end after it and not
    ended as a whole one is)."""
    if site.summary_seat is None:
        return False
    start = next((at for at, line in enumerate(lines) if site.summary.match(line)), len(lines))
    named = sum(1 for line in lines[start + 1 :] if site.summary_seat.match(line))
    if named < len(hand.seats):
        return True
    last = lines[-1]
    return (
        not text.endswith("\n")
        and site.summary_seat.match(last) is not None
        and site.whole_summary_seat is not None
        and site.whole_summary_seat.search(last) is None
    )


def _stated_hand(site: TextSite, hand: _Hand, name: str) -> str | None:
    """The log's own name of the player's hand: the summary's, else the show line's (the
    other way round where the site declares :attr:`TextSite.stated_from_show_line`)."""
    if site.stated_from_show_line:
        return hand.stated.get(name) or hand.summary_stated.get(name)
    return hand.summary_stated.get(name) or hand.stated.get(name)


def _added(hand: _Hand, name: str, says: dict[str, str | Any]) -> float:
    """What a call or a bet adds: its ``amount``, or, for a site writing a call as the
    street total it makes (PKR's ``calls $0.12`` from the big blind), ``to`` less what the
    player had in."""
    if says.get("to"):
        return round(hand.amount(says["to"]) - hand.street_bet[name], 9)
    return hand.amount(says.get("amount"))


def _summary_line(site: TextSite, hand: _Hand, text_line: str) -> None:
    awarded = site.summary_collected.match(text_line) if site.summary_collected else None
    if awarded is not None:
        says = awarded.groupdict()
        winners = (
            [(found.group(1), found.group(2)) for found in _WINNERS.finditer(says["winners"])]
            if says.get("winners")
            else [(says["name"], says["amount"])]
        )
        for name, amount in winners:
            if name not in hand.seats:
                msg = f"a pot awarded to no seated player: {text_line[:100]!r}"
                raise BadHandError(msg, hand.hand_id)
            hand.summary_awards.append((name, hand.amount(amount)))
    if site.run_board is not None and (run := site.run_board.match(text_line)):
        number = site.run_words.get(run.group("run").casefold())
        if number is not None:
            hand.add_run_cards(number, _cards(run.group("cards")).split())
        return
    if site.summary_board is not None and (board := site.summary_board.match(text_line)):
        for card in _cards(board.group("cards")).split():
            if card not in hand.board:  # dealt after an all-in, with no street line
                hand.board.append(card)
        return
    shown = site.summary_shown.match(text_line)
    if shown is None or shown.group("name") not in hand.seats:
        return
    name = shown.group("name")
    says = shown.groupdict()
    if says.get("cards"):
        hand.hole[name] = _cards(str(says["cards"]))
        if not says.get("mucked"):
            hand.shown.add(name)
    if says.get("stated"):  # a summary per run (Full Tilt's): the first run's name
        hand.summary_stated.setdefault(name, str(says["stated"]).strip())
    _cashed_out(site, hand, text_line)


def read_text_site(site: TextSite, data: bytes | str, file: str) -> HandLog:
    """Every hand of a site's hand-history file (its bytes, decoded as the site wrote them:
    :func:`pipeline.sources.base.decode_text`), as :data:`~pipeline.records.ROW_SCHEMA` rows
    and issues; ``file`` names the file in messages."""
    text = decode_text(data) if isinstance(data, bytes) else data
    if "\x00" in text:  # stray NUL bytes (a UTF-16 file half converted) carry nothing
        text = text.replace("\x00", "")
    return read_text_hands(site, split_hands(site, text.removeprefix("\ufeff")), file)


def read_text_hands(site: TextSite, hands: list[tuple[int, str]], file: str) -> HandLog:
    """The hands of a site's text (``(line, hand text)``, as :func:`split_hands` cuts them;
    a compiled path's hands it hands back) as :data:`~pipeline.records.ROW_SCHEMA` rows and
    issues; ``file`` names the file in messages."""
    rows = new_row_columns()
    issues = Issues()
    if not hands:
        issues.add(None, None, "no_hands", f"{file}: no {site.name} hand header found")
    unsupported: dict[str, list[Any]] = {}  # words -> [issue index, hands, line, first id]
    for line, hand_text in hands:
        try:
            hand, meta = _read_hand(site, hand_text, line)
        except TruncatedHandError as exc:
            issues.add(
                line,
                str(exc),
                "truncated_hand",
                f"{file}:{line}: hand {exc} ends before its summary (file cut short, or still "
                "being written?): left out",
            )
            continue
        except RunItTwiceError as exc:
            issues.add(
                line,
                str(exc),
                "run_it_twice",
                f"{file}:{line}: hand {exc} was run twice (two boards or more): left out, "
                "not scored",
            )
            continue
        except UnsupportedVariantError as exc:
            words = str(exc)[:60]
            start = site.hand_start.match(hand_text)
            first_id = (start.groupdict().get("hand_id") if start else None) or "?"
            if words in unsupported:
                unsupported[words][1] += 1
                continue
            unsupported[words] = [len(issues.columns["code"]), 1, line, first_id]
            issues.add(line, first_id, "unsupported_variant", "", column="variant", value=words)
            continue
        except BadHandError as exc:
            reason, hand_id = exc.args[0], exc.args[1] if len(exc.args) > 1 else None
            issues.add(line, hand_id, "malformed_hand", f"{file}:{line}: hand {hand_id}: {reason}")
            continue
        _append_rows(rows, hand, meta, site)
        _add_cash_out_issues(issues, hand, file)
        for code, what in hand.notes:
            issues.add(
                line,
                hand.hand_id,
                code,
                f"{file}:{line}: hand {hand.hand_id}: {what}; the hand is read, its pots "
                "audited as the log awards them",
            )
        paid, put = round(sum(hand.won.values()), 2), round(sum(hand.put_in.values()), 2)
        if not site.pot_sums_checked:
            continue
        if not hand.notes and paid > put:
            # the pots' sums are checked for every hand, showdown or not (as the XML engine
            # does): a site cannot pay out more than was put in
            issues.add(
                line,
                hand.hand_id,
                "won_exceeds_pot",
                f"{file}:{line}: hand {hand.hand_id}: the log awards {amount_text(paid)}, more "
                f"than the {amount_text(put)} its actions put in (an ante or a post not "
                "written?); the hand is read as the log writes it",
            )
        elif not hand.notes and paid == 0 < put:
            issues.add(
                line,
                hand.hand_id,
                "pot_disagreement",
                f"{file}:{line}: hand {hand.hand_id}: the log awards nothing of the "
                f"{amount_text(put)} put in; the hand is read as the log writes it",
            )
    for words, (at, count, first_line, first_id) in unsupported.items():
        hands_word = "hand" if count == 1 else "hands"
        issues.columns["message"][at] = (
            f"{file}:{first_line}: {words!r} is a variant not read here: {count} {hands_word} "
            f"left out, the first hand {first_id}"
        )
    log = HandLog.from_columns(rows, issues)
    if log.rows.height == 0:
        return log
    finished = with_played_at(log.rows).select(
        pl.col(name).cast(dtype) for name, dtype in ROW_SCHEMA.items()
    )
    return HandLog(finished, log.issues)


def _add_cash_out_issues(issues: Issues, hand: _Hand, file: str) -> None:
    """A ``cashed_out`` issue per player who cashed out of a pot: ``won`` holds the pot's
    award, not what the cash-out paid."""
    for name, amount in hand.cashed_out:
        issues.add(
            hand.line,
            hand.hand_id,
            "cashed_out",
            f"{file}:{hand.line}: hand {hand.hand_id}: {name} cashed out; won holds the pot "
            f"award {amount:g} the summary names, not the cash-out payment",
            column="won",
            value=name,
        )


def _append_rows(
    rows: dict[str, list[Any]], hand: _Hand, meta: dict[str, Any], site: TextSite
) -> None:
    board = hand.board
    button = meta["button"] if hand.button is None else hand.button
    small_blind, big_blind = meta["small_blind"], meta["big_blind"]
    bets: tuple[float | None, float | None] = (None, None)
    if small_blind is None and big_blind is None and site.header_says is None:
        # no stakes in the header: the blinds posted
        small_blind, big_blind = hand.blinds.get("small_blind"), hand.blinds.get("big_blind")
    elif hand.deal.kind != "board" and (hand.deal.kind == "stud" or meta["fixed_limit"]):
        # a limit game's header gives its two bets; the blinds (draw) are those posted
        bets = (small_blind, big_blind)
        small_blind, big_blind = hand.posted.get("small_blind"), hand.posted.get("big_blind")
    for name, seat in sorted(hand.seats.items(), key=lambda item: item[1]):
        folded = hand.folded.get(name)
        rows["hand_id"].append(hand.hand_id)
        rows["tournament"].append(meta["tournament"])
        rows["table"].append(meta["table"])
        rows["round"].append(hand.hand_id)
        rows["date"].append(meta["date"])
        rows["line"].append(hand.line)
        rows["seat"].append(seat)
        rows["button"].append(seat == button)
        rows["player"].append(name)
        rows["stack"].append(hand.stacks[name])
        places = _stud_places(hand, name) if hand.deal.kind == "stud" else []
        rows["hole"].append(
            _stud_hole(places, hand.deal.face_up) if places else hand.hole.get(name)
        )
        rows["mucked"].append(name not in hand.shown)
        rows["stated_hand"].append(_stated_hand(site, hand, name))
        rows["board"].append(seen_board(board, folded) if hand.deal.kind == "board" else "")
        rows["folded"].append(folded is not None)
        rows["folded_street"].append(folded)
        rows["put_in"].append(round(hand.put_in[name], 2))
        rows["won"].append(round(hand.won[name], 2))
        rows["variant"].append(meta["variant"])
        rows["site"].append(site.name)
        rows["played_at"].append(None)
        rows["time_zone"].append(meta["time_zone"])
        rows["currency"].append(meta["currency"])
        rows["small_blind"].append(small_blind)
        rows["big_blind"].append(big_blind)
        rows["ante"].append(hand.ante)
        rows["format"].append(meta["format"])
        rows["buy_in"].append(meta["buy_in"])
        rows["buy_in_currency"].append(meta["buy_in_currency"])
        rows["table_size"].append(meta["size"] or len(hand.seats))
        rows["actions"].append(hand.actions_of(name))
        _append_stud_draw_columns(rows, hand, name, bets, places)
        rows["run_boards"].append(hand.run_boards())


# Stud and draw: the deal of a hand's game (pipeline.records.deals) says its streets; stud
# deals each player's cards to places among seven (two down, four up, one down), the up cards
# seen by all; a draw game's players change cards between its betting streets.


def _deal_stud(hand: _Hand, name: str, written: str) -> None:
    """A stud dealing line's cards put in their places among the player's seven.  A line
    writing as many cards as dealt so far (unknown ones as placeholders: Winamax's ``[X X 8h]
    [Ks]``) gives them in the order dealt.  Else the last bracket holds the street's new cards
    (on third street every bracket does), the ones before it the cards dealt earlier: new cards
    fewer than the street deals are its last places (the up card of third street, for a player
    whose down cards are not shown); cards dealt earlier and not known yet (down cards shown
    after an all-in) fill the earlier places still unknown, in order."""
    places = hand.cards_of(name)
    brackets = _CARDS.findall(written) or [written]
    street = min(hand.street, len(hand.deal.places) - 1)
    if street + 1 < len(hand.deal.places) and all(
        places[place] is not None for place in hand.deal.places[street]
    ):  # cards to a player whose cards of this street are out: the next street's, unnamed
        hand.next_street(street + 1)
        street += 1
    dealt_now = hand.deal.places[street]
    everything = _cards(" ".join(brackets)).split()
    if len(everything) == dealt_now[-1] + 1:  # the whole hand so far, in order
        for place, card in enumerate(everything):
            if _RUN_OF_CARDS.fullmatch(card):
                places[place] = card
        return
    new = _cards(brackets[-1]).split() if street > 0 else everything
    earlier = _cards(" ".join(brackets[:-1])).split() if street > 0 else []
    new = [card for card in new if card not in places and _RUN_OF_CARDS.fullmatch(card)]
    if len(new) > len(dealt_now):  # the street's cards are the last: the rest were dealt before
        earlier, new = earlier + new[: -len(dealt_now)], new[-len(dealt_now) :]
    for place, card in zip(dealt_now[len(dealt_now) - len(new) :], new, strict=True):
        places[place] = card
    earlier = [card for card in earlier if card not in places and _RUN_OF_CARDS.fullmatch(card)]
    _fill_places(places, earlier, before=dealt_now[0])


def _deal_stud_card(hand: _Hand, name: str, written: str | None) -> None:
    """A stud card dealt on a line of its own (Winning's ``received card: [6h]``, or
    ``received a card.`` for one not shown): the player's next place."""
    places = hand.cards_of(name)
    dealt = hand.dealt_count.get(name, 0)
    hand.dealt_count[name] = dealt + 1
    card = _cards(written).split() if written else []
    if dealt < len(places) and card and _RUN_OF_CARDS.fullmatch(card[0]):
        places[dealt] = card[0]


def _deal_draw(hand: _Hand, name: str, written: str) -> None:
    """A draw game's dealing line: the player's hand now (kept and new cards alike), where
    it shows any (Winamax writes an opponent's as ``[X X X X X]``)."""
    seen = [card for card in _cards(written).split() if _RUN_OF_CARDS.fullmatch(card)]
    if seen:  # each card once (a PokerStars log may write the hand kept twice)
        hand.hole[name] = " ".join(dict.fromkeys(seen))


def _fill_places(places: list[str | None], cards: list[str], *, before: int) -> None:
    """``cards`` into the places before ``before`` not known yet, in order."""
    empty = iter(place for place in range(before) if places[place] is None)
    for card, place in zip(cards, empty, strict=False):
        places[place] = card


def _stud_places(hand: _Hand, name: str) -> list[str | None]:
    """A stud player's cards in the places dealt, as far as known: those the dealing lines
    gave, the cards shown filling the places they left unknown, in the order shown."""
    places = list(hand.stud_cards.get(name) or [None] * hand.deal.cards)
    shown = hand.hole.get(name)
    if shown:
        _fill_places(places, [c for c in shown.split() if c not in places], before=len(places))
    return places


def _stud_hole(places: list[str | None], face_up: tuple[int, ...]) -> str | None:
    """A stud player's known cards in the order dealt; null when no down card is known (the
    up cards alone are ``up_cards``)."""
    if all(card is None for place, card in enumerate(places) if place not in face_up):
        return None
    return " ".join(card for card in places if card is not None)


def _stud_draw_action(
    hand: _Hand, name: str, kind: str, says: dict[str, str | Any], all_in: str
) -> None:
    """A stud bring-in (``bi``: a bet on third street) or a draw (``dr<n>``, ``dr0`` standing
    pat), in the hand's actions and its columns."""
    if kind == "bring_in":
        amount = hand.amount(says.get("amount"))
        hand.commit(name, amount, live=True)
        hand.act(name, f"bi{amount_text(amount)}{all_in}")
        if hand.bring_in is None:
            hand.bring_in = amount
        return
    count = says.get("count")
    changed = 0 if not count else int(count)
    # a draw opens the street after it: the first of a site writing no line before it
    # (Ongame's "changed 2 cards" right after the betting) moves the hand on
    opens = len(hand.draws.get(name, [])) + 1
    if hand.street < opens:
        hand.next_street(opens)
    hand.act(name, f"dr{changed}")
    hand.draws.setdefault(name, []).append(changed)


def _append_stud_draw_columns(
    rows: dict[str, list[Any]],
    hand: _Hand,
    name: str,
    bets: tuple[float | None, float | None],
    places: list[str | None],
) -> None:
    """The row's stud and draw columns (:data:`pipeline.records.hand_log.STUD_DRAW_COLUMNS`),
    null in a board game's row; ``places``: a stud player's cards in the places dealt."""
    stud = hand.deal.kind == "stud"
    up = [card for place, card in enumerate(places) if place in hand.deal.face_up and card]
    draws = hand.draws.get(name)
    rows["bring_in"].append(hand.bring_in if stud else None)
    rows["small_bet"].append(bets[0])
    rows["big_bet"].append(bets[1])
    rows["up_cards"].append(" ".join(up) if up else None)
    rows["draws"].append(
        " ".join(str(count) for count in draws) if draws else "" if hand.deal.draws else None
    )
