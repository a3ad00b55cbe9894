"""Everest Poker: a file is a ``<SESSION time tableName type="ring|tournament" money="$"
game="hold-em" gametype="no-limit"/>`` and ``<HAND time id>`` elements with no root.  A hand
is a flat run of ``<SEAT position name balance>``, ``<DEALER>``, ``<ANTE>``, ``<BLIND>``,
``<HOLE position>`` (one card each, ``--`` unknown), ``<BET position amount>`` (what the bet,
call or raise adds; ``0`` is a check), ``<FOLD>``, ``<SWEEP>`` (the street's bets swept into
the pot), ``<COMMUNITY>6s, 8c, Jh</COMMUNITY>`` (the new board cards),
``<SHOW position>`` / ``<XSHOW>`` (shows, or does not), ``<PUSH>`` (an uncalled bet returned,
which the engine returns itself) and ``<WIN position amount>``.

Amounts are in hundredths (cents, or a hundredth of a tournament chip); ``time`` is Unix
seconds, so the hand's start is UTC.

>>> game_words("omaha-hi", "pot-limit"), game_words("hold-em", "fixed-limit")
('Omaha Pot Limit', "Hold'em Limit")
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
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

__all__ = ["EVEREST", "looks_like", "read_log"]

GAMES = {"hold-em": "Hold'em", "omaha-hi": "Omaha", "omaha-hi-lo": "Omaha Hi/Lo"}
"""``SESSION game`` -> our game."""
LIMITS = {"no-limit": "No Limit", "pot-limit": "Pot Limit", "fixed-limit": "Limit"}
CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
UNIT = 100.0
"""Amounts are written in hundredths."""
BOARD_STREET = {3: 1, 4: 2, 5: 3}
IGNORED = frozenset({"DEALER", "XBLIND", "PUSH", "SWEEP", "CHAT", "PRIZE", "SEAT"})
"""Elements that move no chips the engine does not count itself (the street ends when the
next board card comes)."""
_MARK = re.compile(r"<SESSION\s[^>]*\bscreenName=|<HAND\s+time=\"\d+\"")


def game_words(game: str, limit: str) -> str:
    """Our words for a ``SESSION``'s ``game`` and ``gametype``."""
    ours = GAMES.get(game.casefold())
    if ours is None:
        raise UnsupportedGameError(game)
    return f"{ours} {LIMITS.get(limit.casefold(), 'No Limit')}"


def _amount(element: Element) -> float:
    return money(element.get("amount")) / UNIT


def _cards(text: str | None) -> list[str]:
    cards = [card.strip() for card in (text or "").split(",") if card.strip()]
    return [card_of(card[:-1], card[-1]) for card in cards]


def walk(hand_element: Element, context: dict[str, str], hand: HandBuilder) -> None:
    """One ``<HAND>`` into the builder."""
    hand.game = game_words(context.get("SESSION@game", ""), context.get("SESSION@gametype", ""))
    hand.table = context.get("SESSION@tableName")
    if context.get("SESSION@type") == "tournament":
        hand.format, hand.currency = "tournament", "chips"
        hand.tournament = context.get("SESSION@id")
    else:
        hand.format = "cash"
        hand.currency = CURRENCIES.get(context.get("SESSION@money", "").strip(), "play")
    if hand_element.get("time"):
        moment = datetime.fromtimestamp(int(hand_element.get("time", "0")), UTC)
        hand.date, hand.time_zone = moment.strftime("%Y-%m-%dT%H:%M:%S"), "UTC"
    hero = context.get("SESSION@screenName")
    dealer = hand_element.find("DEALER")
    button = dealer.get("position") if dealer is not None else None
    names: dict[str, str] = {}
    for seat in hand_element.findall("SEAT"):
        key = seat.get("position", "")
        names[key] = seat.get("name", "")
        hand.seat(key, names[key], int(key), money(seat.get("balance")) / UNIT,
                  button=key == button)  # fmt: skip
        if names[key] == hero:
            hand.hero = key
    blinds = 0
    dealt: dict[str, list[str]] = {}
    for element in hand_element:
        tag, key = element.tag, element.get("position", "")
        if tag == "ANTE":
            hand.post(key, "ante", _amount(element))
        elif tag == "BLIND":
            blinds += 1
            hand.post(key, "sb" if blinds == 1 else "bb" if blinds == 2 else "post",
                      _amount(element))  # fmt: skip
        elif tag == "HOLE" and (element.text or "").strip() not in ("", "--"):
            dealt.setdefault(key, []).extend(_cards(element.text))
            hand.hole(key, dealt[key], shown=False)
        elif tag == "BET":
            amount = _amount(element)
            hand.act(key, "allin" if amount > 0 else "x", amount)
        elif tag == "FOLD":
            hand.act(key, "f")
        elif tag == "COMMUNITY":
            cards = _cards(element.text)
            total = len(hand.board) + len(cards)
            if total not in BOARD_STREET:
                raise BadHandError(f"a board of {total} cards")
            hand.deal(BOARD_STREET[total], cards)
        elif tag in ("SHOW", "XSHOW"):
            if tag == "SHOW" and element.text:
                hand.hole(key, _cards(element.text), shown=True)
            if not any(token.endswith(".sd") for token in _last_street(hand, key)):
                hand.show(key)
        elif tag == "WIN":
            hand.win(key, _amount(element))
        elif tag not in IGNORED and tag not in ("HOLE",):
            raise BadHandError(f"an element <{tag}>")


def _last_street(hand: HandBuilder, key: str) -> list[str]:
    """The player's tokens on the hand's street so far (a shown hand is written twice)."""
    actions = hand.players[key].actions
    return actions[hand.street] if len(actions) > hand.street else []


EVEREST = XmlSite("Everest", _MARK, "HAND", walk, context_tags=("SESSION",))
"""The Everest declaration."""


def looks_like(head: str) -> bool:
    """True when the head holds an Everest ``<SESSION ... screenName=`` or ``<HAND time=``.

    >>> looks_like('<SESSION time="1" tableName="T" screenName="Hero"/>')
    True
    """
    return EVEREST.looks_like(head)


def read_log(data: bytes, file: str) -> HandLog:
    """Every hand of an Everest file."""
    return EVEREST.read_log(data, file)
