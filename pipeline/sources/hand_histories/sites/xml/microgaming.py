"""Microgaming (MPN): a file is ``----PRIMA.DAT----`` junk, then ``<Game id="..." date="..."
stakes="1.00|2.00" betlimit="NL" gametype="Hold'em" currencysymbol="(base64 UTF-16)"
istournament="0">`` elements, each followed by a line of text (``ExtendedTableName: ...``).
A game holds ``<Seats>`` (``<Seat num alias balance endbalance dealer>``) and ``<Gameplay>``:
``<Action seq type seat value>`` in the hand's order, cards as ``<Card value="10" suit="d"/>``
children of the deal, show and muck actions, and a ``Win`` action whose ``<Seat num amount>``
children are the awards.  ``value`` is what a bet or an all-in adds; a call or a raise writes
the street total it makes in the first format (no ``hhversion``), what it adds from version 2
on.  The log writes no zone: its clock is taken as UTC.  Each seat's ``endbalance`` is
checked against ``balance - put_in + won``.

>>> currency_of("rCA="), currency_of("IAAkAA=="), currency_of("")
('EUR', 'USD', None)
"""

from __future__ import annotations

import base64
import binascii
import re
from datetime import datetime
from xml.etree.ElementTree import Element

from pipeline.records import HandLog
from pipeline.sources.hand_histories.xml_engine import (
    BadHandError,
    HandBuilder,
    UnsupportedGameError,
    XmlSite,
    card_of,
    money,
)

__all__ = ["MICROGAMING", "looks_like", "read_log"]

ACTIONS = {"Fold": "f", "Check": "x", "Call": "c", "Bet": "b", "Raise": "r", "AllIn": "allin"}
"""``Action type`` -> our verbs, where ``value`` is what the action adds."""
TO_TOTAL = {"Call": "c", "Raise": "r"}
"""``Action type`` -> our verbs, where ``value`` is the player's street total after it (a
call by the big blind writes the raise it calls, not what it adds): in the first format, a
``<Game>`` without ``hhversion``; from ``hhversion="2"`` on every ``value`` is added."""
POSTS = {"SmallBlind": "sb", "BigBlind": "bb", "Ante": "ante", "PostedToPlay": "post"}
BOARD = {"DealFlop": 1, "DealTurn": 2, "DealRiver": 3}
IGNORED = frozenset({"MoneyReturned", "SitOut", "Chat"})
"""Actions that move no chips the engine does not count itself (``MoneyReturned``: the
uncalled bet, which the engine returns)."""
GAMES = {"hold'em": "Hold'em", "multi table hold'em": "Hold'em", "omaha": "Omaha",
         "omaha h/l": "Omaha Hi/Lo"}  # fmt: skip
"""``gametype`` -> our game."""
LIMITS = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit", "L": "Limit"}
CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_MARK = re.compile(r"<Game\s[^>]*\bgametypeid=|----PRIMA\.DAT----")


def currency_of(symbol: str) -> str | None:
    """The ISO code of ``currencysymbol`` (base64 of UTF-16 LE text, ``rCA=`` is ``€``)."""
    try:
        text = base64.b64decode(symbol).decode("utf-16-le").strip()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return CURRENCIES.get(text)


def _cards(action: Element) -> list[str]:
    return [card_of(c.get("value", ""), c.get("suit", "")) for c in action.findall("Card")]


def walk(game: Element, context: dict[str, str], hand: HandBuilder) -> None:
    """One ``<Game>`` into the builder."""
    kind = game.get("gametype", "")
    ours = GAMES.get(kind.casefold())
    if ours is None:
        raise UnsupportedGameError(kind)
    hand.game = f"{ours} {LIMITS.get(game.get('betlimit', ''), 'No Limit')}"
    hand.table = game.get("tablename")
    date = game.get("date")
    hand.date = datetime.strptime(date, "%Y-%m-%d %H:%M:%S").isoformat() if date else None
    if game.get("istournament") == "1":
        hand.format, hand.currency = "tournament", "chips"
    else:
        hand.format = "cash"
        real = game.get("realmoney") != "false"
        hand.currency = currency_of(game.get("currencysymbol", "")) if real else "play"
    if game.get("tablesize"):
        hand.table_size = int(game.get("tablesize", "0"))
    ends: dict[str, float] = {}
    for seat in game.findall("Seats/Seat"):
        key = seat.get("num", "")
        hand.seat(key, seat.get("alias", ""), int(key), money(seat.get("balance")),
                  button=seat.get("dealer") == "true")  # fmt: skip
        if seat.get("endbalance"):
            ends[key] = money(seat.get("endbalance"))
    for action in game.findall("Gameplay/Action"):
        kind_of, key = action.get("type", ""), action.get("seat", "")
        if kind_of in POSTS:
            hand.post(key, POSTS[kind_of], money(action.get("value")))
        elif kind_of in TO_TOTAL and not game.get("hhversion"):
            hand.act(key, TO_TOTAL[kind_of], to=money(action.get("value")))
        elif kind_of in ACTIONS:
            hand.act(key, ACTIONS[kind_of], money(action.get("value") or "0"))
        elif kind_of in BOARD:
            hand.deal(BOARD[kind_of], _cards(action))
        elif kind_of == "DealCards":
            hand.hole(key, _cards(action), shown=False)
        elif kind_of in ("ShowCards", "MuckCards"):
            hand.hole(key, _cards(action), shown=kind_of == "ShowCards")
            hand.show(key)
        elif kind_of == "Win":
            for seat in action.findall("Seat"):
                hand.win(seat.get("num", ""), money(seat.get("amount")))
        elif kind_of not in IGNORED:
            raise BadHandError(f"an action {kind_of!r}")
    for key, end in ends.items():
        hand.expect_end_stack(key, end)


MICROGAMING = XmlSite("Microgaming", _MARK, "Game", walk)
"""The Microgaming declaration."""


def looks_like(head: str) -> bool:
    """True when the head holds ``----PRIMA.DAT----`` or a ``<Game ... gametypeid=``.

    >>> looks_like("----PRIMA.DAT----\\n\\n<Game id=\\"1\\""), looks_like("<game gamecode=")
    (True, False)
    """
    return MICROGAMING.looks_like(head)


def read_log(data: bytes, file: str) -> HandLog:
    """Every hand of a Microgaming file."""
    return MICROGAMING.read_log(data, file)
