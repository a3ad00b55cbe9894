"""Merge Network (Carbon Poker and its skins): a file is a run of ``<description type="Holdem"
stakes="No Limit ($0.02/$0.04)"/>`` and ``<game id="34717229-304" ...>`` elements with no
root.  A game holds ``<players dealer="seat">`` (``<player seat nickname balance dealtin>``)
and ``<round id="PREFLOP">`` elements of ``<event type="CALL" player="seat" amount="...">``
(what a call, bet or all-in adds; the total a raise makes),
``<cards type="HOLE|SHOWN|MUCKED|COMMUNITY" cards="Qc,3d">`` (the board written whole each
street) and ``<winner amount player uncalled>`` (an ``uncalled="true"`` winner is a bet
returned, which the engine returns itself).

Times: each event's ``timestamp`` is Unix milliseconds, so the hand's start in UTC is its first
event's; ``starttime`` (the server's clock, no zone said) is used only where no event has one.

>>> game_words("Holdem", "No Limit ($0.02/$0.04)", None)
"Hold'em No Limit"
>>> game_words("Omaha H/L8", "Limit $1/$2", None)
'Omaha Hi/Lo Limit'
>>> game_words("HORSE", "Limit $0.25/$0.50", "37")
'Omaha Hi/Lo Limit'
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from xml.etree.ElementTree import Element

from pipeline.records import HandLog, HandWording, declare_wording
from pipeline.records.game_names import HOLDEM, OMAHA_HI_LO, RAZZ, STUD, STUD_HI_LO, site_words
from pipeline.records.game_names import MERGE as SITE_NAME
from pipeline.sources.hand_histories.xml_engine import (
    BadHandError,
    HandBuilder,
    UnsupportedGameError,
    XmlSite,
    card_of,
    limit_bets,
    money,
)

__all__ = ["MERGE", "looks_like", "read_log"]

ACTIONS = {"FOLD": "f", "CHECK": "x", "CALL": "c", "BET": "b", "ALL_IN": "allin"}
"""``event type`` -> our verbs, where ``amount`` is what the action adds."""
RAISES_TO = {"RAISE": "r", "COMPLETE": "r"}
"""``event type`` whose ``amount`` is the street total raised to, in hands from
:data:`RAISE_TO_SINCE` on; before, a raise's ``amount`` is what it adds (the format fpdb calls
"addCallandRaise").  ``COMPLETE`` raises a stud bring-in to the small bet."""
RAISE_TO_SINCE = "20110101"
"""The first ``starttime`` (``YYYYMMDD``) whose raises are written as totals: the corpus' 2008
and 2010 hands balance only with raises as added amounts, its 2011 to 2015 hands only with
totals."""
START_FORMATS = ("%Y%m%d%H%M%S", "%Y/%m/%d %H:%M:%S %z")
"""``starttime`` as written: ``20110531030610`` (no zone) or ``2012/08/14 21:50:08 +0400``."""
POSTS = {"SMALL_BLIND": "sb", "BIG_BLIND": "bb", "ANTE": "ante", "INITIAL_BLIND": "post",
         "RETURN_BLIND": "post"}  # fmt: skip
"""Forced bets -> our verbs (``RETURN_BLIND``: a returning player's small and big blind, the
small one dead)."""
BRING_IN = "BRING_IN"
"""The stud bring-in (``amount`` the bet it makes)."""
DRAW = "DRAW"
"""A draw game's draw: ``text`` is how many cards the player changed (``0`` stands pat)."""
SHOWDOWN_EVENTS = frozenset({"SHOW", "MUCK"})
IGNORED = frozenset({"CHAT", "DISCONNECTED", "RECONNECTED", "LEAVE", "PLAYER_OUT", "JOIN"})
STREET_OF_ROUND = {
    "BLINDS": 0, "PREFLOP": 0, "POSTFLOP": 1, "POSTTURN": 2, "POSTRIVER": 3,
    "BRING_IN": 0, "THIRD_STREET": 0, "FOURTH_STREET": 1, "FIFTH_STREET": 2, "SIXTH_STREET": 3,
    "SEVENTH_STREET": 4,
    "PRE_FIRST_DRAW": 0, "FIRST_DRAW": 1, "POST_FIRST_DRAW": 1, "SECOND_DRAW": 2,
    "POST_SECOND_DRAW": 2, "THIRD_DRAW": 3, "POST_THIRD_DRAW": 3,
}  # fmt: skip
"""``round id`` -> street (a board game's, stud's or a draw game's, numbered from 0: the
streets of :mod:`pipeline.records.deals`); the showdown and end rounds keep the last street."""
HELD_CARDS = frozenset({"HOLE", "DRAW_DRAWN_CARDS", "SHOWN", "MUCKED"})
"""``cards type`` of a player's cards: the log owner's (``HOLE``; a draw game's hand after
each draw, ``DRAW_DRAWN_CARDS``), or shown at the end.  In stud ``DRAW_DRAWN_CARDS`` is each
player's hand so far, its hidden cards ``null`` or empty (``null,null,7s,Qh``)."""
END_ROUNDS = frozenset({"SHOWDOWN", "END_OF_GAME", "END_OF_FOLDED_GAME"})
GAMES = {"holdem": "Hold'em", "omaha": "Omaha", "omaha h/l8": "Omaha Hi/Lo"}
"""``description type`` (without ``Tournament``) -> our game."""
MIXED_GAMES = {
    "23": f"{HOLDEM.name} Limit", "37": f"{OMAHA_HI_LO.name} Limit",
    "39": STUD.name, "41": STUD.name, "43": STUD_HI_LO.name, "45": STUD_HI_LO.name,
    "47": RAZZ.name, "49": RAZZ.name,
}  # fmt: skip
"""A mixed game's (HORSE) ``multigametype`` -> our game (and a board game's limit): each game's
cash code, and its tournament code two above it."""
STUD_AND_DRAW = {words.casefold(): game.name for words, game in site_words(SITE_NAME).items()}
"""``description type`` -> a stud or draw game (the words of the one table of games)."""
LIMITS = (("half pot limit", "Pot Limit"), ("pot limit", "Pot Limit"),
          ("no limit", "No Limit"), ("limit", "Limit"))  # fmt: skip
"""``stakes`` words -> our limit (Half Pot Limit is scored as pot limit: the same hands)."""
FIXED_LIMIT = "Limit"
"""The limit whose stakes are a stud or draw game's two bet sizes (``Limit $0.50/$1``)."""
CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
LOW_POT = "l"
"""A ``winner``'s ``pottype`` for a hi/lo pot's low half (``h`` the high, ``n`` a whole pot):
its ``hand`` is the low (``7-5-3-2-A``), not a category's name."""
WORDING = HandWording(
    (
        (r"^royal flush|straight flush", "Straight Flush"),
        (r"^four of a kind", "Four of a Kind"),
        (r"^full house", "Full House"),
        (r"^flush", "Flush"),
        (r"high straight$", "Straight"),
        (r"^three of a kind", "Three of a Kind"),
        (r"^two pair", "Two Pair"),
        (r"^pair of", "Pair"),
        (r"^\w+ high$", "High Card"),
    )
)
"""How a ``winner``'s ``hand`` names the hand: ``Two Pair Kings and Fours``, ``Queen High
Straight``, ``Full House - Threes over Kings``, ``Flush King High``, ``Ace High`` (a low, as
Razz's and the lowball games' ``9-8-6-3-2``, names none and is not checked)."""
BOARD_STREET = {3: 1, 4: 2, 5: 3}
_MARK = re.compile(r"<description\s+type=\"[^\"]*\"\s+stakes=|<game\s+id=\"\d+-\d+\"")


def game_words(kind: str, stakes: str, mixed: str | None) -> str:
    """Our words for a ``description``'s ``type`` and ``stakes`` (and a mixed game's
    ``multigametype``): a board game with its limit, a stud or draw game by its name;
    :class:`UnsupportedGameError` for a game not in the one table (5 Card Stud)."""
    if mixed is not None and kind.casefold().startswith("horse"):
        if mixed not in MIXED_GAMES:
            raise UnsupportedGameError(f"{kind} (game {mixed})")
        return MIXED_GAMES[mixed]
    base = kind.casefold().removesuffix(" tournament").strip()
    if base in STUD_AND_DRAW:
        return STUD_AND_DRAW[base]
    game = GAMES.get(base)
    if game is None:
        raise UnsupportedGameError(kind)
    return f"{game} {_limit(stakes)}"


def _limit(stakes: str) -> str:
    lower = stakes.casefold()
    return next((ours for words, ours in LIMITS if words in lower), "No Limit")


def merge_cards(text: str) -> list[str | None]:
    """``Qc,3d`` -> ``['Qc', '3d']``, in the order dealt; a card written ``null`` or left
    empty (hidden) is None.

    >>> merge_cards("Qc,10d"), merge_cards("null,null,Ac"), merge_cards(",,5h,")
    (['Qc', 'Td'], [None, None, 'Ac'], [None, None, '5h', None])
    """
    if not text.strip():
        return []
    cards = [card.strip() for card in text.split(",")]
    return [None if card in ("", "null") else card_of(card[:-1], card[-1]) for card in cards]


def walk(game: Element, context: dict[str, str], hand: HandBuilder) -> None:
    """One ``<game>`` into the builder."""
    kind = context.get("description@type", "")
    stakes = game.get("stakes") or context.get("description@stakes", "")
    hand.game = game_words(kind, stakes, game.get("multigametype"))
    if hand.deal_rules.kind != "board" and _limit(stakes) == FIXED_LIMIT:
        hand.small_bet, hand.big_bet = limit_bets(stakes)
    data = game.get("data", "").split("|")
    tournament = "tournament" in kind.casefold()
    hand.table = data[1] if len(data) > 1 else None
    hand.format = "tournament" if tournament else "cash"
    if tournament:
        hand.tournament = data[2] if len(data) > 2 else None
        hand.currency = "chips"
        if game.get("buyIn"):
            hand.buy_in = money(game.get("buyIn"))
    if game.get("seats"):
        hand.table_size = int(game.get("seats", "0"))
    players = game.find("players")
    if players is None:
        raise BadHandError("no <players> in the hand")
    dealer = players.get("dealer")
    symbol = ""
    if game.find("round/event[@type='GAME_CANCELLED']") is not None:
        raise BadHandError("the hand was cancelled (GAME_CANCELLED) before it was played")
    seated = players.findall("player")
    if any(player.get("dealtin") != "false" for player in seated):
        seated = [player for player in seated if player.get("dealtin") != "false"]
    # else every seat says dealtin="false" (some 2011 files): the attribute says nothing
    posted: dict[str, float] = {}
    if tournament and not context.get("description@version"):
        # the first format writes a tournament player's balance after their forced bets
        for event in game.findall("round[@id='BLINDS']/event[@amount]"):
            key = event.get("player", "")
            posted[key] = posted.get(key, 0.0) + money(event.get("amount"))
    for player in seated:
        seat, balance = player.get("seat", ""), player.get("balance", "")
        symbol = symbol or balance[:1]
        hand.seat(seat, player.get("nickname", ""), int(seat),
                  money(balance) + posted.get(seat, 0.0), button=seat == dealer)  # fmt: skip
    if not tournament:
        real = game.get("realmoney") != "false"
        hand.currency = CURRENCIES.get(symbol) if real and symbol in CURRENCIES else "play"
    start = _start(game.get("starttime", ""))
    raises_to = start is None or start.strftime("%Y%m%d") >= RAISE_TO_SINCE
    first_time: int | None = None
    big_blind = 0.0
    for round_ in game.findall("round"):
        name = round_.get("id", "")
        if name in STREET_OF_ROUND:
            hand.to_street(STREET_OF_ROUND[name])
        elif name not in END_ROUNDS:
            raise BadHandError(f"a round {name!r}")
        for child in round_:
            if child.tag == "event":
                kind_of = child.get("type", "")
                key = child.get("player", "")
                if first_time is None and child.get("timestamp"):
                    first_time = int(child.get("timestamp", "0"))
                if kind_of == BRING_IN:
                    hand.bring_in(key, money(child.get("amount")))
                elif kind_of == DRAW:
                    hand.draw(key, int(child.get("text") or "0"))
                elif kind_of in POSTS:
                    amount = money(child.get("amount"))
                    if kind_of == "BIG_BLIND":
                        big_blind = max(big_blind, amount)
                    dead = max(amount - big_blind, 0.0) if kind_of == "RETURN_BLIND" else 0.0
                    hand.post(key, POSTS[kind_of], amount, dead=dead)
                elif kind_of in ACTIONS:
                    hand.act(key, ACTIONS[kind_of], money(child.get("amount") or "0"))
                elif kind_of in RAISES_TO and raises_to:
                    hand.act(key, RAISES_TO[kind_of], to=money(child.get("amount")))
                elif kind_of in RAISES_TO:
                    hand.act(key, RAISES_TO[kind_of], money(child.get("amount")))
                elif kind_of in SHOWDOWN_EVENTS:
                    hand.show(key)
                elif kind_of not in IGNORED:
                    raise BadHandError(f"an event {kind_of!r}")
            elif child.tag == "cards":
                cards = merge_cards(child.get("cards", ""))
                kind_of = child.get("type", "")
                if kind_of == "COMMUNITY":
                    board = [card for card in cards if card is not None]
                    if len(board) in BOARD_STREET:
                        hand.deal(BOARD_STREET[len(board)], board)
                elif kind_of in HELD_CARDS:
                    hand.hole(child.get("player", ""), cards, shown=kind_of == "SHOWN")
            elif child.tag == "winner" and child.get("uncalled") != "true":
                hand.win(child.get("player", ""), money(child.get("amount")))
                if child.get("pottype") != LOW_POT:
                    hand.state_hand(child.get("player", ""), child.get("hand") or "")
    if first_time is not None:
        hand.date = datetime.fromtimestamp(first_time / 1000, UTC).strftime("%Y-%m-%dT%H:%M:%S")
        hand.time_zone = "UTC"
    elif start is not None and start.tzinfo is not None:
        hand.date = start.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S")
        hand.time_zone = "UTC"
    elif start is not None:
        hand.date = start.isoformat()


def _start(text: str) -> datetime | None:
    for pattern in START_FORMATS:
        try:
            return datetime.strptime(text, pattern)
        except ValueError:
            continue
    return None


MERGE = XmlSite("Merge", _MARK, "game", walk, context_tags=("description",))
"""The Merge declaration."""
declare_wording(MERGE.name, WORDING)


def looks_like(head: str) -> bool:
    """True when the head holds Merge's ``<description type=... stakes=...>`` or a ``<game
    id="table-hand">``.

    >>> looks_like('<description type="Holdem" stakes="No Limit ($1/$2)"/>')
    True
    """
    return MERGE.looks_like(head)


def read_log(data: bytes, file: str) -> HandLog:
    """Every hand of a Merge file."""
    return MERGE.read_log(data, file)
