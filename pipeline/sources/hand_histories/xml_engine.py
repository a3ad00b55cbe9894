"""The streaming XML engine: one reader for every hand-history site that writes XML.

A site (iPoker, Merge, Microgaming, Everest, Boss: ``sites/<site>.py``) is a declaration, an
:class:`XmlSite`: how its files are recognised, which element holds one hand, which elements
outside the hands carry the session's facts, and a short ``walk`` that names, in the site's own
element and attribute names, what each element of a hand means: a seat, a post, an action, a
deal, a show, a win.  The walk tells a :class:`HandBuilder`; the builder keeps the chips (street
bets, uncalled bets returned, all-ins), the ``actions`` notation (``docs/hand-histories.md``),
and makes the rows of :data:`pipeline.records.ROW_SCHEMA`.  A fix here fixes every site.

Safety: the document is parsed by :mod:`defusedxml` (no DTD, so no entity expansion and no
external entity), element by element (``iterparse``), each hand cleared once read, and a
document over :data:`MAX_XML_BYTES` is refused with an ``xml_too_large`` issue before parsing.
What a site's files hold around the XML is taken as it is: junk before it (Microgaming's
``----PRIMA.DAT----``) or after it, several root elements (Merge's ``<description/><game>``...,
several ``<session>``), several XML declarations, a UTF-8 BOM, UTF-16 with or without a BOM, a
Windows-1252 byte in a file declared UTF-8 (:func:`pipeline.sources.base.decode_text`).

A hand the engine cannot score is left out whole with an issue whose code is one of
:data:`pipeline.records.hand_log.LEFT_OUT_CODES` (``malformed_hand``, ``truncated_hand``,
``unsupported_variant``: Stud and Draw, counted and listed once per game and file); a whole
document refused has ``unsafe_xml``, ``xml_too_large`` or ``malformed_xml``; a document of a
site with no hands, ``no_hands``.

>>> site = XmlSite("Demo", re.compile("<demo"), "hand", _demo_walk)
>>> doc = b'''junk<demo><hand id="7"><seat n="1" name="Ann" stack="100"/>
... <seat n="2" name="Bob" stack="100"/><act who="Ann" do="sb" amount="1"/>
... <act who="Bob" do="bb" amount="2"/><act who="Ann" do="f"/><win who="Bob" amount="2"/>
... </hand></demo>'''
>>> log = site.read_log(doc, "demo.xml")
>>> log.rows.select("round", "player", "put_in", "won", "actions").rows()
[('7', 'Ann', 1.0, 0.0, '1.sb1 3.f'), ('7', 'Bob', 1.0, 2.0, '2.bb2')]
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.etree.ElementTree import Element

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from pipeline.records.deals import Deal, deal_of
from pipeline.records.hand_log import (
    HandLog,
    Issues,
    amount_text,
    head_matches,
    new_row_columns,
    seen_board,
    with_played_at,
)
from pipeline.sources.base import decode_text

__all__ = [
    "MAX_XML_BYTES",
    "BadHandError",
    "HandBuilder",
    "UnsupportedGameError",
    "XmlSite",
    "card_of",
    "limit_bets",
    "money",
    "read_xml_log",
    "text_of",
]

MAX_XML_BYTES = 256 * 1024 * 1024
"""The largest XML document read (bytes); a larger one is refused with ``xml_too_large``.  The
engine streams, but a hand-history export this large is far more likely a hostile or broken
file than a player's year."""
_WRAPPER = "showdown-xml-sites"
"""The element the engine wraps a file's XML in, so several roots and text around them parse."""
_DECLARATION = re.compile(r"<\?xml[^>]*\?>")
_FIRST_MARKUP = re.compile(r"<[A-Za-z?!]")
_DOCTYPE = re.compile(r"<!DOCTYPE", re.IGNORECASE)
_RANKS = {"10": "T", "1": "A", "14": "A", "13": "K", "12": "Q", "11": "J"}
_SUITS = "cdhs"
_EPSILON = 0.005
_TWO_AMOUNTS = re.compile(r"(\D?\d[\d.,]*)\s*/\s*(\D?\d[\d.,]*)")


class BadHandError(ValueError):
    """A hand the engine cannot read; the message says why."""


class TruncatedHandError(Exception):
    """A hand whose end is missing (no pot awarded): the message says what is missing."""


class UnsupportedGameError(Exception):
    """A hand of a game not scored here (Stud, Draw...): its words are the message."""


@dataclass(frozen=True)
class XmlSite:
    """A site that writes XML, declared.

    ``name`` is the ``site`` column; ``mark`` is found in the file's head (:func:`looks_like`);
    ``hand_tag`` is the element of one hand; ``context_tags`` are the elements outside the
    hands whose attributes (``tag@attr``) and children's texts (``tag/child``) every later hand
    is given (iPoker's session ``general``, Merge's ``description``); ``walk(hand, context,
    builder)`` reads one hand element into the builder, raising :class:`BadHandError` or
    :class:`UnsupportedGameError` for a hand it cannot read.
    """

    name: str
    mark: re.Pattern[str]
    hand_tag: str
    walk: Callable[[Element, dict[str, str], HandBuilder], None]
    context_tags: tuple[str, ...] = ()
    hand_id_attribute: str = "id"
    """The hand element's attribute naming the hand, for the issues of a hand not read."""

    def looks_like(self, head: str) -> bool:
        """True when the site's mark is in the file's head."""
        return head_matches(self.mark, head)

    def read_log(self, data: bytes, file: str) -> HandLog:
        """Every hand of a file's bytes (see :func:`read_xml_log`)."""
        return read_xml_log(self, data, file)


def money(text: str | None) -> float:
    """An amount as a site writes it: currency marks, thousands separators and a ``,`` decimal
    taken away (``€1.234,50``, ``$1,234.50``, ``1 500``, ``RSD2``).  A lone separator followed
    by exactly three digits (``1,500``, ``1.500``) groups thousands; otherwise it is the
    decimal point.

    >>> [money(t) for t in ("$1,234.50", "€1.234,50", "1,500", "1.500", "0,40", "£0.05", "25")]
    [1234.5, 1234.5, 1500.0, 1500.0, 0.4, 0.05, 25.0]
    >>> money("N/A")
    Traceback (most recent call last):
    ...
    pipeline.sources.hand_histories.xml_engine.BadHandError: not an amount: 'N/A'
    """
    digits = re.sub(r"[^\d.,-]", "", text or "")
    if not re.search(r"\d", digits):
        msg = f"not an amount: {text!r}"
        raise BadHandError(msg)
    if "," in digits and "." in digits:
        decimal = "," if digits.rfind(",") > digits.rfind(".") else "."
        digits = digits.replace("." if decimal == "," else ",", "").replace(",", ".")
    elif "," in digits or "." in digits:
        mark = "," if "," in digits else "."
        whole, _, last = digits.rpartition(mark)
        if (len(last) == 3 and whole.strip("-") not in ("", "0")) or digits.count(mark) > 1:
            digits = digits.replace(mark, "")
        else:
            digits = digits.replace(",", ".")
    try:
        return float(digits)
    except ValueError:
        msg = f"not an amount: {text!r}"
        raise BadHandError(msg) from None


def limit_bets(stakes: str) -> tuple[float | None, float | None]:
    """A limit game's two bet sizes from its stakes as a site writes them (``Limit $0.50/$1``,
    ``L €0.05/€0.10``, ``2.00/4.00``); (None, None) where the stakes give no two amounts.

    >>> limit_bets("Limit $0.50/$1"), limit_bets("L €0.05/€0.10"), limit_bets("Limit")
    ((0.5, 1.0), (0.05, 0.1), (None, None))
    """
    found = _TWO_AMOUNTS.search(stakes)
    if found is None:
        return None, None
    return money(found.group(1)), money(found.group(2))


def card_of(rank: str, suit: str) -> str:
    """Our notation of a card from a rank and a suit as sites write them (``10``, ``T``, ``A``,
    ``14``; ``c``, ``C``, ``clubs``): ``Tc``.

    >>> card_of("10", "C"), card_of("A", "s"), card_of("q", "hearts")
    ('Tc', 'As', 'Qh')
    >>> card_of("X", "c")
    Traceback (most recent call last):
    ...
    pipeline.sources.hand_histories.xml_engine.BadHandError: not a card: 'X' 'c'
    """
    rank = _RANKS.get(rank, rank.upper())
    suit = suit[:1].lower()
    if len(rank) != 1 or rank not in "23456789TJQKA" or suit not in _SUITS or not suit:
        msg = f"not a card: {rank!r} {suit!r}"
        raise BadHandError(msg)
    return rank + suit


@dataclass
class _Player:
    name: str
    seat: int
    stack: float
    button: bool
    put_in: float = 0.0
    street_bet: float = 0.0
    returned: float = 0.0
    won: float = 0.0
    hole: str | None = None
    shown: bool = False
    folded: str | None = None
    actions: list[list[str]] = field(default_factory=lambda: [[]])
    places: list[str | None] = field(default_factory=list)
    """Stud: the player's cards in the order dealt, None where the log hides one."""
    draws: list[int] = field(default_factory=list)
    """Draw games: the cards changed at each draw."""
    stated: str | None = None
    """The log's own name of the player's hand."""


class HandBuilder:
    """One hand as a site's walk tells it, in the order the log gives it.

    Players are named by ``key`` (the name, or the seat number where a site's actions give
    seats).  Amounts of :meth:`act` are what the action adds to the player's chips in (the
    XML sites write them so); a raise's token is written as the street total it raises to.
    At each new street and at the end, an unmatched top bet goes back to its bettor (the sites'
    own uncalled-bet lines are not needed).  Facts of the hand (``tournament``, ``currency``,
    ``date``...) are set as attributes; blinds and the ante default to the posts.
    """

    def __init__(self, site: str, hand_id: str, line: int) -> None:
        self.site = site
        self.hand_id = hand_id
        self.line = line
        self.game: str | None = None
        self.tournament: str | None = None
        self.table: str | None = None
        self.date: str | None = None
        self.time_zone: str | None = None
        self.currency: str | None = None
        self.small_blind: float | None = None
        self.big_blind: float | None = None
        self.ante: float | None = None
        self.format: str | None = None
        self.buy_in: float | None = None
        self.buy_in_currency: str | None = None
        self.table_size: int | None = None
        self.small_bet: float | None = None
        self.big_bet: float | None = None
        """A limit game's two bet sizes, from the stakes (stud and draw rows)."""
        self.hero: str | None = None
        """The player whose own cards the log deals face up (not shown to the table)."""
        self.players: dict[str, _Player] = {}
        self.board: list[str] = []
        self.street = 0
        self.sequence = 0
        self.posted: dict[str, float] = {}
        self.sitting_out: set[str] = set()
        self.won_known = True
        self.end_stacks: dict[str, float] = {}
        self.bet_totals: dict[str, float] = {}
        self.pot_total: tuple[float, float] | None = None
        self.cut_short = False
        """The file ends inside the hand (set by the engine before :meth:`finish`)."""
        self.notes: list[tuple[str, str]] = []
        """Issues about a hand that is kept: (code, message)."""

    # -- the table -------------------------------------------------------------------------
    def seat(self, key: str, name: str, seat: int, stack: float, *, button: bool = False) -> None:
        """A player dealt in: ``key`` is how the hand's actions name them."""
        if key in self.players:
            msg = f"seat {key!r} given twice"
            raise BadHandError(msg)
        self.players[key] = _Player(name, seat, stack, button)

    def has(self, key: str) -> bool:
        """True when ``key`` names a player dealt in."""
        return key in self.players

    @property
    def deal_rules(self) -> Deal:
        """How the hand's game deals (a board, stud's up and down cards, draws) and names its
        streets: :func:`pipeline.records.deals.deal_of` of ``game`` (a board game's unless
        ``game`` is a stud or draw game's name in the one table)."""
        return deal_of(self.game or "")

    def _player(self, key: str) -> _Player:
        try:
            return self.players[key]
        except KeyError:
            msg = f"an action of {key!r}, who is not seated"
            raise BadHandError(msg) from None

    def _token(self, player: _Player, verb: str, amount: float | None = None) -> None:
        self.sequence += 1
        while len(player.actions) <= self.street:
            player.actions.append([])
        text = "" if amount is None else amount_text(round(amount, 2))
        all_in = "!" if amount is not None and player.put_in >= player.stack - _EPSILON else ""
        player.actions[self.street].append(f"{self.sequence}.{verb}{text}{all_in}")

    # -- chips -----------------------------------------------------------------------------
    def post(
        self, key: str, verb: str, amount: float, *, dead: float = 0.0, before_stack: bool = False
    ) -> None:
        """A forced bet: ``verb`` is ``sb``, ``bb``, ``ante``, ``st``, ``bi`` or ``post``;
        ``dead`` is the part that goes to the pot without counting as a bet (a dead small blind
        posted with the big one).  An ante never counts as a bet.  ``before_stack``: the log's
        stack was written after this bet was paid (the player's stack grows by it)."""
        player = self._player(key)
        if before_stack:
            player.stack += amount
        amount = min(amount, player.stack - player.put_in) if player.stack > 0 else amount
        player.put_in += amount
        if verb != "ante":
            player.street_bet += max(amount - dead, 0.0)
        self.posted[verb] = max(self.posted.get(verb, 0.0), amount)
        self._token(player, verb, amount)

    def act(self, key: str, verb: str, amount: float = 0.0, *, to: float | None = None) -> None:
        """A voluntary action: ``f`` (fold), ``x`` (check), ``c`` (call), ``b`` (bet), ``r``
        (raise), or ``allin`` (the sites that do not say which: a bet, call or raise by the
        street's bets).  ``amount`` is what the action adds, or ``to`` the street total it
        makes (the sites that write a raise as "raise to"); a call is capped at the stack."""
        player = self._player(key)
        if to is not None:
            amount = to - player.street_bet
        if verb == "f":
            player.folded = self._street_name(self.street)
            self._token(player, "f")
            return
        if verb == "x":
            self._token(player, "x")
            return
        if verb not in ("c", "b", "r", "allin"):
            msg = f"not an action verb: {verb!r}"
            raise BadHandError(msg)
        top = max(p.street_bet for p in self.players.values())
        if verb == "c" and player.stack > 0:
            amount = min(amount, player.stack - player.put_in)
        new_total = player.street_bet + amount
        if verb == "allin":
            verb = "b" if top <= _EPSILON else "c" if new_total <= top + _EPSILON else "r"
        if verb == "r" and top <= _EPSILON:
            verb = "b"  # a "raise" opening a street is a bet
        if verb == "b" and top > _EPSILON:
            verb = "r"  # a "bet" over a bet (a blind) is a raise
        player.put_in += amount
        player.street_bet = new_total
        self._token(player, verb, new_total if verb == "r" else amount)

    def deal(self, street: int, cards: Iterable[str]) -> None:
        """The board at ``street`` (1 flop, 2 turn, 3 river): the new cards, or the whole board
        so far (cards already out are not dealt twice)."""
        if street < self.street:
            msg = (
                f"the {self._street_name(street)} dealt after the {self._street_name(self.street)}"
            )
            raise BadHandError(msg)
        self._return_uncalled()
        for card in cards:
            if card not in self.board:
                self.board.append(card)
        self.street = street
        for player in self.players.values():
            player.street_bet = 0.0

    def to_street(self, street: int) -> None:
        """A new street begins (its cards come later, or not at all in the log)."""
        if street > self.street:
            self._return_uncalled()
            self.street = street
            for player in self.players.values():
                player.street_bet = 0.0

    def _street_name(self, street: int) -> str:
        streets = self.deal_rules.streets
        if not 0 <= street < len(streets):
            msg = f"a street numbered {street} in a game of {len(streets)} streets"
            raise BadHandError(msg)
        return streets[street]

    def hole(self, key: str, cards: Sequence[str | None], *, shown: bool) -> None:
        """A player's hole cards (None: a card the log hides): ``shown`` at showdown (or to
        the table), else dealt face up to the log's owner.  In stud, the player's cards so far
        in the order dealt (as :meth:`deal_to` with ``so_far``); in a draw game, the hand held
        now (the last one given is the final hand).  Outside stud a hand with a hidden card
        is not known."""
        player = self._player(key)
        known = [card for card in cards if card is not None]
        if self.deal_rules.kind == "stud":
            self.deal_to(key, cards, so_far=True)
        elif known and len(known) == len(cards):
            player.hole = " ".join(known)
        else:
            known = []
        player.shown = player.shown or (shown and bool(known))

    # -- stud and draw ---------------------------------------------------------------------
    def bring_in(self, key: str, amount: float) -> None:
        """Stud's forced opening bet: the ``bi`` token, a bet of the street (a completion
        raises it to the small bet)."""
        self.post(key, "bi", amount)

    def deal_to(
        self, key: str, cards: Sequence[str | None], *, so_far: bool, shown: bool = False
    ) -> None:
        """Stud: cards dealt to a player in the order dealt, None for a card the log hides:
        a street's new cards, or (``so_far``) the player's whole hand so far, whose cards
        fill the places the log hid before (a hand shown at the end).  ``shown``: a down card
        given here was shown to the table (not dealt face up to the log's owner).  A place
        given two different cards, or more cards than the game deals, is a
        :class:`BadHandError`."""
        player = self._player(key)
        start = 0 if so_far else len(player.places)
        face_up = self.deal_rules.face_up
        player.shown = player.shown or (
            shown
            and any(card is not None and at not in face_up for at, card in enumerate(cards, start))
        )
        for at, card in enumerate(cards, start):
            if at == len(player.places):
                player.places.append(card)
            elif card is not None and player.places[at] not in (None, card):
                msg = f"{player.name}'s card {at + 1} is both {player.places[at]} and {card}"
                raise BadHandError(msg)
            elif card is not None:
                player.places[at] = card
        if len(player.places) > self.deal_rules.cards:
            dealt, cards_of_game = len(player.places), self.deal_rules.cards
            msg = f"{player.name} is dealt {dealt} cards in a game of {cards_of_game}"
            raise BadHandError(msg)

    def draw(self, key: str, count: int) -> None:
        """Draw games: the player changes ``count`` cards (0: stands pat) at the draw that
        opens the current street, the ``dr<count>`` token."""
        player = self._player(key)
        if not 0 <= count <= 5:
            msg = f"{player.name} draws {count} cards"
            raise BadHandError(msg)
        player.draws.append(count)
        self._token(player, f"dr{count}")

    def sits_out(self, key: str) -> None:
        """The player sits this hand out: left out of the rows unless they put chips in,
        acted or won after all."""
        self.sitting_out.add(key)

    def show(self, key: str) -> None:
        """The player shows or mucks at showdown: the ``sd`` token."""
        self._token(self._player(key), "sd")

    def winnings_unknown(self) -> None:
        """The log does not say who won what: ``won`` is null for every player."""
        self.won_known = False

    def expect_end_stack(self, key: str, amount: float) -> None:
        """The log's own stack for the player after the hand: checked at the end against
        ``stack - put_in + won``; a difference is a ``stack_disagreement`` issue (the hand is
        kept: the log says two things, and the issue names both)."""
        self.end_stacks[key] = amount

    def expect_bet_total(self, key: str, amount: float) -> None:
        """The log's own total of the player's bets in the hand (a bet returned uncalled
        included): a hand the file cuts short is read only where every player's total is
        given and agrees with its actions' (``put_in`` + returned): its end lost, its chips
        not.  (Whole hands are not checked against it: iPoker's totals count a stud raiser's
        ante twice, and the pots balance without it.)"""
        self.bet_totals[key] = amount

    def expect_pot(self, paid: float, raked: float) -> None:
        """The log's own pot: ``paid`` to the winners and ``raked``.  A hand the file cuts
        short is read where its actions put in ``paid + raked`` and its awards add up to
        ``paid`` (every award written), as with :meth:`expect_bet_total`."""
        self.pot_total = (paid, raked)

    def state_hand(self, key: str, words: str) -> None:
        """The log's own name of the player's hand (``stated_hand``; the first one given: a
        hi/lo winner's high hand)."""
        player = self._player(key)
        if words.strip() and player.stated is None:
            player.stated = words.strip()

    def win(self, key: str, amount: float) -> None:
        """A pot (or part of one) awarded to the player."""
        self._player(key).won += amount

    def _return_uncalled(self) -> None:
        bets = sorted(self.players.values(), key=lambda p: p.street_bet, reverse=True)
        if len(bets) < 2:
            return
        excess = bets[0].street_bet - bets[1].street_bet
        if excess > _EPSILON:
            bets[0].street_bet -= excess
            bets[0].put_in -= excess
            bets[0].returned += excess

    # -- the rows --------------------------------------------------------------------------
    def finish(self) -> None:
        """The hand's end: the last uncalled bet returned; a log whose awards hold the
        uncalled bet too (the pot and the bet returned, in one amount: old Merge files) has it
        taken back off (where the awards exceed the pot by the bet returned, less a rake), and
        an award equal to the bet returned to a player, where another player
        won the pot, is that bet; so ``won`` is what the pot paid."""
        self._return_uncalled()
        for key in self.sitting_out:
            player = self.players.get(key)
            if player is not None and not any(player.actions) and player.won == 0:
                del self.players[key]
        if not self.players:
            msg = "no player seated"
            raise BadHandError(msg)
        put_in = sum(p.put_in for p in self.players.values())
        won = sum(p.won for p in self.players.values())
        returned = sum(p.returned for p in self.players.values())
        excess = won - put_in
        # the awards hold the bet returned when they exceed the pot by that bet, less a rake
        # (at most a tenth of the pot)
        if returned > _EPSILON and excess > _EPSILON and returned - excess <= put_in / 10:
            for player in self.players.values():
                player.won -= min(player.returned, player.won)
        else:
            for player in self.players.values():
                others = won - player.won
                if (
                    player.returned > _EPSILON
                    and abs(player.won - player.returned) < _EPSILON
                    and others > _EPSILON
                ):
                    player.won = 0.0  # the bet returned, written as an award (iPoker)
        won = sum(p.won for p in self.players.values())
        put_in = sum(p.put_in for p in self.players.values())
        if self.won_known and won > put_in + _EPSILON:
            self.notes.append(
                (
                    "won_exceeds_pot",
                    f"the log awards {amount_text(round(won, 2))}, more than the "
                    f"{amount_text(round(put_in, 2))} its actions put in (an ante or a post "
                    "not written?)",
                )
            )
        if self.won_known and won <= _EPSILON < put_in:
            msg = "no pot awarded"
            raise TruncatedHandError(msg)
        self._check_cut_short()
        for key, end in self.end_stacks.items():
            player = self.players.get(key)
            if player is None:
                continue
            ours = player.stack - player.put_in + player.won
            if abs(ours - end) > _EPSILON:
                self.notes.append(
                    (
                        "stack_disagreement",
                        f"{player.name} ends with {_cents(end)} by the log, {_cents(ours)} by "
                        f"its actions (stack {_cents(player.stack)} - put in "
                        f"{_cents(player.put_in)} + won {_cents(player.won)})",
                    )
                )
        if self.hero is not None and self.hero in self.players:
            hero = self.players[self.hero]
            still_in = [p for p in self.players.values() if p.folded is None]
            known = hero.hole is not None or (bool(hero.places) and None not in hero.places)
            hero.shown = hero.shown or (known and hero.folded is None and len(still_in) > 1)
        if self.small_blind is None:
            self.small_blind = self.posted.get("sb")
        if self.big_blind is None:
            self.big_blind = self.posted.get("bb")
        if self.ante is None:
            self.ante = self.posted.get("ante")

    def _check_cut_short(self) -> None:
        if not self.cut_short:
            return
        if self.pot_total is not None and self.won_known:
            paid, raked = self.pot_total
            put_in = sum(p.put_in for p in self.players.values())
            won = sum(p.won for p in self.players.values())
            if abs(put_in - paid - raked) <= _EPSILON and abs(won - paid) <= _EPSILON:
                self.notes.append(
                    (
                        "hand_cut_short",
                        "the file ends inside the hand (after its last whole element): read, "
                        f"since its actions put in the {_cents(paid + raked)} of the log's own "
                        "pot and its awards pay all of it",
                    )
                )
                return
        differ = [
            f"{player.name} bets {_cents(self.bet_totals[key])} by the log, "
            f"{_cents(player.put_in + player.returned)} by its actions"
            for key, player in self.players.items()
            if key in self.bet_totals
            and abs(self.bet_totals[key] - player.put_in - player.returned) > _EPSILON
        ]
        if differ or not self.won_known or set(self.players) - set(self.bet_totals):
            msg = "the file ends inside it, and the log's own totals cannot confirm its chips"
            if differ:
                msg += f" ({'; '.join(differ)})"
            raise TruncatedHandError(msg)
        self.notes.append(
            (
                "hand_cut_short",
                "the file ends inside the hand (after its last whole element): read, since "
                "every player's bets add up to the log's own total and the log says what "
                "each won",
            )
        )

    def append_rows(self, rows: dict[str, list[Any]]) -> None:
        """One row per player, in seat order (:data:`pipeline.records.ROW_SCHEMA`)."""
        table_size = self.table_size if self.table_size is not None else len(self.players)
        deal = self.deal_rules
        bring_in = self.posted.get("bi")
        for player in sorted(self.players.values(), key=lambda p: p.seat):
            last = deal.streets.index(player.folded) if player.folded is not None else self.street
            streets = player.actions + [[] for _ in range(last + 1 - len(player.actions))]
            rows["hand_id"].append(self.hand_id)
            rows["tournament"].append(self.tournament)
            rows["table"].append(self.table)
            rows["round"].append(self.hand_id)
            rows["date"].append(self.date)
            rows["line"].append(self.line)
            rows["seat"].append(player.seat)
            rows["button"].append(player.button)
            rows["player"].append(player.name)
            rows["stack"].append(player.stack)
            rows["hole"].append(_stud_hole(player.places) if deal.kind == "stud" else player.hole)
            rows["mucked"].append(not player.shown)
            rows["stated_hand"].append(player.stated)
            board_game = deal.kind == "board"
            rows["board"].append(seen_board(self.board, player.folded) if board_game else "")
            rows["folded"].append(player.folded is not None)
            rows["folded_street"].append(player.folded)
            rows["put_in"].append(round(player.put_in, 2))
            rows["won"].append(round(player.won, 2) if self.won_known else None)
            rows["variant"].append(self.game)
            rows["site"].append(self.site)
            rows["played_at"].append(None)  # from date and time_zone, by with_played_at
            rows["time_zone"].append(self.time_zone)
            rows["currency"].append(self.currency)
            rows["small_blind"].append(self.small_blind)
            rows["big_blind"].append(self.big_blind)
            rows["ante"].append(self.ante)
            rows["format"].append(self.format)
            rows["buy_in"].append(self.buy_in)
            rows["buy_in_currency"].append(self.buy_in_currency)
            rows["table_size"].append(table_size)
            rows["actions"].append(
                " / ".join(" ".join(tokens) for tokens in streets[: last + 1]).rstrip()
            )
            stud = deal.kind == "stud"
            rows["bring_in"].append(bring_in if stud else None)
            rows["small_bet"].append(None if board_game else self.small_bet)
            rows["big_bet"].append(None if board_game else self.big_bet)
            rows["up_cards"].append(_up_cards(player.places, deal) if stud else None)
            rows["draws"].append(
                " ".join(str(count) for count in player.draws) if deal.kind == "draw" else None
            )
            rows["run_boards"].append(None)  # no XML site writes a board run twice


def _stud_hole(places: list[str | None]) -> str | None:
    """A stud player's cards in the order dealt, when the log shows every one of them."""
    if not places or None in places:
        return None
    return " ".join(card for card in places if card is not None)


def _up_cards(places: list[str | None], deal: Deal) -> str | None:
    """A stud player's face-up cards, in the order dealt."""
    up = [card for at, card in enumerate(places) if at in deal.face_up and card is not None]
    return " ".join(up) if up else None


def _cents(amount: float) -> str:
    return amount_text(round(amount, 2))


def text_of(data: bytes) -> str:
    """The file's text: UTF-16 with or without its BOM, else UTF-8 (a BOM or not) with a
    Windows-1252 line read as such.  The XML declaration's encoding is not trusted: sites
    declare UTF-8 and write ``€`` in Windows-1252."""
    if len(data) > 1 and data[1:2] == b"\x00" and data[:1] != b"\x00":
        return data.decode("utf-16-le", errors="replace")  # UTF-16 LE without a BOM
    if len(data) > 1 and data[:1] == b"\x00" and data[1:2] != b"\x00":
        return data.decode("utf-16-be", errors="replace")
    return decode_text(data)


def _document(text: str) -> tuple[str, bool]:
    """The text as one XML document: declarations dropped, text before the first markup blanked
    (its lines kept, so line numbers stay the file's), the rest wrapped in one root element.
    A DTD is left where it is, outside the wrapper, so that the parser refuses it.  The flag
    says whether the wrapper is there."""
    text = _DECLARATION.sub("", text.removeprefix("\ufeff"))
    first = _FIRST_MARKUP.search(text)
    start = first.start() if first is not None else len(text)
    lead = "\n" * text.count("\n", 0, start)
    body = text[start:]
    if _DOCTYPE.search(body) is not None:
        return lead + body, False
    return f"{lead}<{_WRAPPER}>{body}</{_WRAPPER}>", True


class _HandCollector(ElementTree.TreeBuilder):
    """The parser's target: builds each element, and hands each whole hand element (with the
    line it started on) to ``on_hand`` as soon as it ends, then drops it, so a file is read
    hand by hand in the memory of one hand.  Elements of ``context_tags`` outside the hands go
    to ``on_context``."""

    def __init__(
        self,
        site: XmlSite,
        on_hand: Callable[[Element, int], None],
        on_context: Callable[[Element], None],
    ) -> None:
        super().__init__()
        self.site = site
        self.on_hand = on_hand
        self.on_context = on_context
        self.parser: Any = None
        self.open: list[Element] = []
        self.hand_line = 0
        self.hand_id: str | None = None
        self.in_hand = 0
        self.hands = 0
        self.cut = False
        """The file ended inside a hand, whose open elements :meth:`close_cut_hand` closed."""

    def close_cut_hand(self) -> None:
        """The file ends inside a hand: its open elements closed where the file ends, and the
        hand (what the file holds of it) handed on, marked :attr:`cut`."""
        self.cut = True
        while self.in_hand and self.open:
            self.end(self.open[-1].tag)

    def start(self, tag: str, attrs: dict[str, str]) -> Element:
        element = super().start(tag, attrs)
        self.open.append(element)
        if tag == self.site.hand_tag:
            self.in_hand += 1
            if self.in_hand == 1:
                self.hand_line = int(self.parser.parser.CurrentLineNumber)
                self.hand_id = attrs.get(self.site.hand_id_attribute)
        return element

    def end(self, tag: str) -> Element:
        element = super().end(tag)
        self.open.pop()
        if tag == self.site.hand_tag:
            self.in_hand -= 1
            if self.in_hand == 0:
                self.hands += 1
                self.on_hand(element, self.hand_line)
                self._drop(element)
        elif not self.in_hand and tag in self.site.context_tags:
            self.on_context(element)
            self._drop(element)
        return element

    def _drop(self, element: Element) -> None:
        element.clear()
        if self.open:
            self.open[-1].remove(element)


@dataclass
class _Unsupported:
    issue: int
    hands: int
    line: int
    hand_id: str


_CHUNK = 1 << 20


def read_xml_log(site: XmlSite, data: bytes, file: str, max_bytes: int | None = None) -> HandLog:
    """Every hand of a site's XML file: rows and issues (see the module doc).  ``max_bytes``:
    the size limit, :data:`MAX_XML_BYTES` unless given."""
    rows = new_row_columns()
    issues = Issues()
    limit = MAX_XML_BYTES if max_bytes is None else max_bytes
    if len(data) > limit:
        issues.add(
            None,
            None,
            "xml_too_large",
            f"{file}: an XML document of {len(data):,} bytes, over the limit of {limit:,}: "
            "refused, not read",
        )
        return HandLog.from_columns(rows, issues)
    text, wrapped = _document(text_of(data))
    unsupported: dict[str, _Unsupported] = {}
    context: dict[str, str] = {}

    def on_hand(element: Element, line: int) -> None:
        _read_hand(
            site, element, dict(context), line, file, rows, issues, unsupported, collector.cut
        )

    collector = _HandCollector(site, on_hand, lambda element: _note_context(element, context))
    parser = DefusedXMLParser(target=collector, forbid_dtd=True)
    collector.parser = parser
    last_line = text.count("\n") + 1
    encoded = text.encode("utf-8")
    try:
        for at in range(0, len(encoded), _CHUNK):
            parser.feed(encoded[at : at + _CHUNK])
        parser.close()
    except DefusedXmlException as exc:
        issues.add(
            None,
            None,
            "unsafe_xml",
            f"{file}: refused: the XML declares a DTD or entities ({type(exc).__name__}), "
            "which a hand history never needs: not read",
        )
    except ElementTree.ParseError as exc:
        where, column = exc.position
        if collector.in_hand and wrapped and where >= last_line:
            collector.close_cut_hand()  # read if the log's own totals confirm it
        elif wrapped and where >= last_line:
            issues.add(
                where,
                None,
                "malformed_xml",
                f"{file}:{where}: the XML ends with an element left open (the file is cut "
                f"short?); the {collector.hands} hands before the end are read",
            )
        else:
            issues.add(
                where,
                None,
                "malformed_xml",
                f"{file}:{where}: not well-formed XML at column {column} ({exc}): the rest of "
                f"the file is not read ({collector.hands} hands read before it)",
            )
    for words, seen in unsupported.items():
        word = "hand" if seen.hands == 1 else "hands"
        issues.columns["message"][seen.issue] = (
            f"{file}:{seen.line}: {words!r} is a variant not read here: {seen.hands} {word} "
            f"left out, the first hand {seen.hand_id}"
        )
    if collector.hands == 0 and not issues.columns["code"]:
        issues.add(None, None, "no_hands", f"{file}: no {site.name} hand found in the XML")
    log = HandLog.from_columns(rows, issues)
    return HandLog(with_played_at(log.rows), log.issues)


def _note_context(element: Element, context: dict[str, str]) -> None:
    for name, value in element.attrib.items():
        context[f"{element.tag}@{name}"] = value
    for child in element:
        if len(child) == 0:
            context[f"{element.tag}/{child.tag}"] = (child.text or "").strip()


def _read_hand(
    site: XmlSite,
    element: Element,
    context: dict[str, str],
    line: int,
    file: str,
    rows: dict[str, list[Any]],
    issues: Issues,
    unsupported: dict[str, _Unsupported],
    cut: bool = False,
) -> None:
    hand_id = element.get(site.hand_id_attribute) or f"{file}:{line}"
    hand = HandBuilder(site.name, hand_id, line)
    hand.cut_short = cut
    try:
        site.walk(element, context, hand)
        hand.finish()
    except UnsupportedGameError as exc:
        words = str(exc)
        if words in unsupported:
            unsupported[words].hands += 1
            return
        unsupported[words] = _Unsupported(len(issues.columns["code"]), 1, line, hand.hand_id)
        issues.add(line, hand.hand_id, "unsupported_variant", "", column="variant", value=words)
        return
    except TruncatedHandError as exc:
        issues.add(
            line,
            hand.hand_id,
            "truncated_hand",
            f"{file}:{line}: hand {hand.hand_id} ends before its end ({exc}): left out",
        )
        return
    except (BadHandError, KeyError, TypeError, ValueError, IndexError) as exc:
        reason = str(exc) if isinstance(exc, BadHandError) else f"{type(exc).__name__}: {exc}"
        if cut:
            issues.add(
                line,
                hand.hand_id,
                "truncated_hand",
                f"{file}:{line}: hand {hand.hand_id} is cut short: the file ends inside it "
                f"(cut, or still being written?), and what it holds is not a hand: {reason}: "
                "left out",
            )
            return
        issues.add(
            line,
            hand.hand_id,
            "malformed_hand",
            f"{file}:{line}: malformed hand {hand.hand_id}: {reason}: left out",
        )
        return
    hand.append_rows(rows)
    for code, message in hand.notes:
        issues.add(line, hand.hand_id, code, f"{file}:{line}: hand {hand.hand_id}: {message}")


def _demo_walk(hand: Element, context: dict[str, str], builder: HandBuilder) -> None:
    """The module doc's toy site: seats, acts, wins."""
    for child in hand:
        who = child.get("who", "")
        if child.tag == "seat":
            name = child.get("name", "")
            builder.seat(name, name, int(child.get("n", "0")), money(child.get("stack")))
        elif child.tag == "act" and child.get("do") in ("sb", "bb"):
            builder.post(who, child.get("do", ""), money(child.get("amount")))
        elif child.tag == "act":
            builder.act(who, child.get("do", ""), money(child.get("amount") or "0"))
        elif child.tag == "win":
            builder.win(who, money(child.get("amount")))
