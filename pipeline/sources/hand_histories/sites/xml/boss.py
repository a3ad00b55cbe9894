"""Boss Media (Boss, Opoker, espacejeux.com): a file is ``<HISTORY ID GAME="GAME_THM"
GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="USD" LIMIT="NL" STAKES="0.05/0.10" DATE="unix
seconds">`` elements (inside a ``<ROOT>`` or not), each holding ``<PLAYER NAME SEAT AMOUNT
STATE DEALER>``, ``<ACTION TYPE PLAYER VALUE>`` in the hand's order (``HAND_BLINDS`` with
``KIND``, ``HAND_DEAL`` and ``HAND_BOARD`` with ``<CARD LINK>`` children, ``ACTION_CALL``...: a
``VALUE`` is the street total the action makes),
and a ``<SHOWDOWN>`` whose ``<RESULT PLAYER WIN>`` are the awards, with the shown cards as
``<CARD>`` children.

Cards are numbers (``LINK``), ``b`` face down: the rank is ``LINK % 13`` in the order
A 2 3 ... K (the logs' own hand names confirm it: ``22`` and ``9`` make a pair of tens), the
suit ``LINK // 13``.  Which suit letter each quarter is, the logs never say; :data:`SUITS` is
our reading, and no hand's value depends on it (only which cards share a suit does).

>>> boss_card("22"), boss_card("51"), boss_card("0")
('Tc', 'Ks', 'Ad')
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from xml.etree.ElementTree import Element

from pipeline.records import HandLog
from pipeline.records.game_names import BOSS as SITE_NAME
from pipeline.records.game_names import site_words
from pipeline.sources.hand_histories.xml_engine import (
    BadHandError,
    HandBuilder,
    UnsupportedGameError,
    XmlSite,
    card_of,
    limit_bets,
    money,
)

__all__ = ["BOSS", "looks_like", "read_log"]

ACTIONS = {"ACTION_FOLD": "f", "ACTION_CHECK": "x", "ACTION_CALL": "c", "ACTION_BET": "b",
           "ACTION_RAISE": "r", "ACTION_ALLIN": "allin"}  # fmt: skip
"""``ACTION TYPE`` -> our verbs; ``VALUE`` is the player's street total after the action (a
call to 1.15 by a player with 0.35 in writes 1.15), but see :data:`CALL_ADDS_FROM`."""
CALL_ADDS_FROM = "POT"
"""The ``HISTORY`` attribute of the later format (2013 on: ``BET="0.00" POT="74.11"``), whose
``ACTION_CALL VALUE`` is the chips the call adds (a call of a raise to 27 by a player with 8
in writes 19; its pot lines balance only so)."""
WRITTEN_ANTE = "HAND_ANTE"
BLINDS = {"HAND_SB": "sb", "HAND_BB": "bb", "HAND_DSB": "post", "HAND_AB": "post"}
"""``HAND_BLINDS KIND`` -> our verbs (``HAND_DSB`` a dead small blind, ``HAND_AB`` another
blind posted to play)."""
DEAD = frozenset({"HAND_DSB"})
GAMES = {"GAME_THM": "Hold'em", "GAME_OMA": "Omaha", "GAME_OMATU": "Omaha",
         "GAME_OMAHL": "Omaha Hi/Lo"}  # fmt: skip
"""``GAME`` -> our board game."""
STUD_AND_DRAW = {words: game.name for words, game in site_words(SITE_NAME).items()}
"""``GAME`` -> a stud or draw game (``GAME_FCD``, five card draw; the one table's words).  A
draw is a ``HAND_BOARD`` that deals no board, then each player's ``CHANGECARD COUNT`` (the
cards changed) with the hand after it as ``<CARD>`` children."""
FIXED_LIMIT = "FL"
"""The ``LIMIT`` whose ``STAKES`` are a draw game's two bet sizes."""
LIMITS = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit"}
BOARD = {"BOARD_FLOP": 1, "BOARD_TURN": 2, "BOARD_RIVER": 3}
RANKS = "A23456789TJQK"
SUITS = "dchs"
"""The suit of each quarter of the ``LINK`` numbers (0-12, 13-25, 26-38, 39-51)."""
DEALT_IN = frozenset({"STATE_PLAYING", "STATE_SITOUT"})
IGNORED = frozenset({"HAND_ANTE_RETURN"})
_MARK = re.compile(r"<HISTORY\s+ID=\"\d+\"[^>]*\bGAME=")


def boss_card(link: str) -> str:
    """A ``LINK`` number as our card."""
    number = int(link)
    if not 0 <= number < 52:
        msg = f"not a card number: {link!r}"
        raise BadHandError(msg)
    return card_of(RANKS[number % 13], SUITS[number // 13])


def _cards(element: Element) -> list[str]:
    links = [card.get("LINK", "") for card in element.findall("CARD")]
    if not links or any(not link.isdigit() for link in links):
        return []
    return [boss_card(link) for link in links]


def _amount(amount: float) -> str:
    return f"{amount:g}"


def _unwritten_ante(history: Element, dealt: dict[str, float]) -> float | None:
    """The ante each player dealt in (name -> stack as written) paid where the log writes none
    (2011 tournaments, whose stacks are written after the antes): the pot its first
    ``HAND_BOARD`` line gives, less the blinds and bets before it (each at most the player's
    stack), shared evenly by the players dealt in; None where the log writes antes, deals no
    flop, or the pot holds nothing more (or what it holds does not share evenly)."""
    if not dealt or history.find(f"ACTION[@TYPE='{WRITTEN_ANTE}']") is not None:
        return None
    street: dict[str, float] = {}
    for action in history.findall("ACTION"):
        kind, key, value = action.get("TYPE", ""), action.get("PLAYER", ""), action.get("VALUE")
        if kind == "HAND_BOARD":
            if not action.get("POT"):
                return None
            # a bet no one matched went back before the pot was counted
            bets = [*sorted(street.values(), reverse=True), 0.0, 0.0]
            extra = money(action.get("POT")) - sum(bets) + bets[0] - bets[1]
            share = round(extra / len(dealt), 2)
            if share <= 0 or abs(share * len(dealt) - extra) > 0.005:
                return None
            return share
        if kind == "HAND_BLINDS" and value:
            street[key] = street.get(key, 0.0) + money(value)
        elif kind in ACTIONS and value:
            street[key] = money(value)  # the street total after the action
        if key in street and key in dealt:
            street[key] = min(street[key], dealt[key])
    return None


def walk(history: Element, context: dict[str, str], hand: HandBuilder) -> None:
    """One ``<HISTORY>`` into the builder."""
    game, limit = history.get("GAME", ""), history.get("LIMIT", "")
    if game in STUD_AND_DRAW:
        hand.game = STUD_AND_DRAW[game]
        if limit == FIXED_LIMIT:
            hand.small_bet, hand.big_bet = limit_bets(history.get("STAKES", ""))
    elif game in GAMES:
        hand.game = f"{GAMES[game]} {LIMITS.get(limit, 'No Limit')}"
    else:
        raise UnsupportedGameError(game)
    hand.table = history.get("TABLE")
    if history.get("GAMEKIND") == "GAMEKIND_TOURNAMENT":
        hand.format, hand.currency = "tournament", "chips"
        hand.tournament = history.get("TABLETOURNEYID") or None
    else:
        hand.format = "cash"
        real = history.get("GAMETYPE") == "GAMETYPE_REAL"
        hand.currency = history.get("TABLECURRENCY") if real else "play"
    if history.get("DATE", "").isdigit():
        moment = datetime.fromtimestamp(int(history.get("DATE", "0")), UTC)
        hand.date, hand.time_zone = moment.strftime("%Y-%m-%dT%H:%M:%S"), "UTC"
    for player in history.findall("PLAYER"):
        state = player.get("STATE")
        if (state is not None and state not in DEALT_IN) or not player.get("NAME"):
            continue  # an empty or reserved seat (older files write no STATE)
        name = player.get("NAME", "")
        hand.seat(name, name, int(player.get("SEAT", "0")), money(player.get("AMOUNT")),
                  button=player.get("DEALER") == "Y")  # fmt: skip
        if player.get("STATE") == "STATE_SITOUT":
            hand.sits_out(name)
    dealt = {action.get("PLAYER") for action in history.findall("ACTION[@TYPE='HAND_DEAL']")}
    for key in list(hand.players):
        if dealt and key not in dealt:
            hand.sits_out(key)  # seated, but dealt no cards (older files' "Unknown" seats)
    call_adds = history.get(CALL_ADDS_FROM) is not None
    in_hand = {key: hand.players[key].stack for key in hand.players if key not in hand.sitting_out}
    ante = _unwritten_ante(history, in_hand) if hand.format == "tournament" else None
    if ante is not None:
        for key in in_hand:
            hand.post(key, "ante", ante, before_stack=True)
        hand.notes.append(
            (
                "ante_from_pot",
                f"the log writes no ante, but its pot at the flop holds {_amount(ante)} from "
                f"each of the {len(in_hand)} players beyond their bets: posted as antes, paid "
                "before the stacks it writes",
            )
        )
    for action in history.findall("ACTION"):
        kind, key = action.get("TYPE", ""), action.get("PLAYER", "")
        if kind == "HAND_BLINDS":
            blind = action.get("KIND", "")
            if blind not in BLINDS:
                raise BadHandError(f"a blind {blind!r}")
            amount = money(action.get("VALUE"))
            verb = BLINDS[blind]
            dead = blind in DEAD or (verb == "sb" and "sb" in hand.posted)
            # a second small blind (a player coming in between the blinds) is dead money
            if dead:
                hand.post(key, "post", amount, dead=amount)
            else:  # a blind over the big one ("post both": HAND_AB) carries a dead small one
                big_blind = hand.posted.get("bb", amount)
                hand.post(key, verb, amount, dead=max(amount - big_blind, 0.0))
        elif kind == "HAND_ANTE":
            hand.post(key, "ante", money(action.get("VALUE")))
        elif kind in ACTIONS and kind in ("ACTION_FOLD", "ACTION_CHECK"):
            hand.act(key, ACTIONS[kind])
        elif kind == "ACTION_CALL" and call_adds:
            hand.act(key, ACTIONS[kind], money(action.get("VALUE")))
        elif kind in ACTIONS:
            hand.act(key, ACTIONS[kind], to=money(action.get("VALUE")))
        elif kind == "HAND_DEAL":
            hand.hole(key, _cards(action), shown=False)
        elif kind == "HAND_BOARD":
            street = BOARD.get(action.get("VALUE", ""))
            if street is not None:
                hand.deal(street, _cards(action))
            elif hand.deal_rules.kind == "draw":
                hand.to_street(hand.street + 1)  # the draw
        elif kind == "CHANGECARD":
            hand.draw(key, int(action.get("COUNT") or "0"))
            hand.hole(key, _cards(action), shown=False)
        elif kind not in IGNORED:
            raise BadHandError(f"an action {kind!r}")
    showdown = history.find("SHOWDOWN")
    if showdown is not None and showdown.get("POT"):
        hand.expect_pot(money(showdown.get("POT")), money(showdown.get("RAKE") or "0"))
    for result in history.findall("SHOWDOWN/RESULT"):
        key = result.get("PLAYER", "")
        if key and not hand.has(key):
            continue  # a seat that was not dealt in, named with nothing won
        shown = _cards(result)
        if shown:
            hand.hole(key, shown, shown=True)
            hand.show(key)
        if key:
            hand.win(key, money(result.get("WIN") or "0"))


BOSS = XmlSite("Boss", _MARK, "HISTORY", walk, hand_id_attribute="ID")
"""The Boss declaration."""


def looks_like(head: str) -> bool:
    """True when the head holds a Boss ``<HISTORY ID="..." ... GAME=``.

    >>> looks_like('<ROOT>\\n<HISTORY ID="2274477045" SESSION="s.xml" TABLE="T" GAME="GAME_THM"')
    True
    """
    return BOSS.looks_like(head)


def read_log(data: bytes, file: str) -> HandLog:
    """Every hand of a Boss file."""
    return BOSS.read_log(data, file)
