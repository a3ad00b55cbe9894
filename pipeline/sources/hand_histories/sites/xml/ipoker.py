"""iPoker (and the skins that export its XML): a ``<session>`` per table sitting, its
``<general>`` naming the game, currency, the log's owner and a tournament's buy-in, then a
``<game gamecode="...">`` per hand: ``<players>``, and ``<round no="N">`` holding ``<cards>``
and ``<action no="..." player="name" type="code" sum="added">``.

Cards are written suit first, ``10`` for a ten (``C10 DA``); unknown cards ``X``.  Actions are
listed by player within a round: their ``no`` gives the hand's order.  Every player's ``win``
is what they were paid.  The log writes no zone: its clock is taken as UTC.

>>> from pipeline.sources.hand_histories.xml_engine import HandBuilder
>>> game_words("Holdem NL $0.02/$0.04", 2), game_words("PL €2/€4", 5), game_words("Omaha PL", 4)
("Hold'em No Limit", 'Omaha 5 Pot Limit', 'Omaha Pot Limit')
>>> ipoker_card("C10"), ipoker_card("SA")
('Tc', 'As')
"""

from __future__ import annotations

import re
from datetime import datetime
from xml.etree.ElementTree import Element

from pipeline.records import HandLog
from pipeline.records.game_names import IPOKER as SITE_NAME
from pipeline.records.game_names import OMAHA, OMAHA_5, OMAHA_6, SHORT_DECK, site_words
from pipeline.sources.hand_histories.xml_engine import (
    BadHandError,
    HandBuilder,
    UnsupportedGameError,
    XmlSite,
    card_of,
    limit_bets,
    money,
)

__all__ = ["IPOKER", "looks_like", "read_log"]

ACTIONS = {"0": "f", "3": "c", "4": "x", "5": "b", "6": "r", "7": "allin"}
"""``type`` codes of the voluntary actions whose ``sum`` is what they add -> our verbs
(``allin``: the engine tells a bet, call or raise by the street's bets)."""
RAISES_TO = {"23": "r"}
"""``type`` codes of raises whose ``sum`` is the street total raised to (``6``, an older
client's raise, writes what it adds)."""
POSTS = {"1": "sb", "2": "bb", "15": "ante"}
"""``type`` codes of forced bets -> our verbs."""
BIG_BLIND = "bb"
DISCONNECTED = "7"
DISCONNECTED_SUM = "DP"
"""An all-in (``type`` 7) whose ``sum`` is ``DP``: the player is all in by disconnection
(kept in the hand for the chips already in, adding none)."""
BRING_IN = "16"
"""The ``type`` code of the stud bring-in (``sum`` the bet it makes)."""
SITTING_OUT = frozenset({"8", "9"})
"""``type`` codes of a seat that sits the hand out (no cards dealt)."""
STREET_OF_ROUND = {
    "board": {"0": 0, "1": 0, "2": 1, "3": 2, "4": 3},
    "stud": {"0": 0, "1": 0, "2": 0, "3": 1, "4": 2, "5": 3, "6": 4},
}
"""``round no`` -> street, by how the game deals (round 0 holds the blinds and antes; stud's
round 1 is empty and round 2 is third street)."""
BOARD = {"Flop": 1, "Turn": 2, "River": 3}
STUD_CARDS = frozenset({"Third Street", "Fourth Street", "Fifth Street", "Sixth Street", "River"})
"""``cards type`` of the cards a street deals a stud player (``X`` a card face down to the
log's owner: ``X X DA`` on third street)."""
HIDDEN = "X"
STUD_AND_DRAW = sorted(
    ((words.casefold(), game.name) for words, game in site_words(SITE_NAME).items()),
    key=lambda pair: -len(pair[0]),
)
"""The start of ``gametype`` -> a stud or draw game (``7 Card Stud Hi-Lo L €0.05/€0.10``),
the longest words first; the words are the one table's."""
GAMES = (
    ("six plus holdem", SHORT_DECK.name),
    ("holdem", "Hold'em"),
    ("omaha hi-lo", "Omaha Hi/Lo"),
    ("omaha", "Omaha"),
    ("lh ", "Hold'em"),
)
"""Words of ``gametype`` -> our game, first match (``LH 20/40`` is limit Hold'em)."""
LIMITS = (
    ("pot limit", "Pot Limit"),
    ("nl", "No Limit"),
    ("бл", "No Limit"),
    ("sl", "No Limit"),
    ("pl", "Pot Limit"),
    ("limit", "Limit"),
    ("fl", "Limit"),
    ("l", "Limit"),
)
"""Limit words of ``gametype`` (``SL`` Spanish *sin límite*, ``БЛ`` Russian) -> ours."""
UNSUPPORTED = ("stud", "razz", "draw", "badugi")
"""Words of a ``gametype`` not read (5 Card Stud): named as an unsupported variant."""
DATE_FORMATS = ("%Y-%m-%d %H:%M:%S", "%Y/%m/%d %H:%M:%S", "%d-%b-%Y %H:%M:%S", "%d.%m.%Y %H:%M:%S",
                "%d/%m/%Y %H:%M")  # fmt: skip
"""``startdate`` as iPoker clients write it; the clock is the client's, no zone said."""
_MARK = re.compile(r"<session\b[^>]*\bsessioncode=|<game\s+gamecode=")


def ipoker_card(text: str) -> str:
    """``C10`` -> ``Tc`` (suit first)."""
    return card_of(text[1:], text[:1])


def game_words(gametype: str, hole_cards: int) -> str:
    """Our words for the game of a ``gametype`` (the hole cards tell Omaha's size, and tell
    Omaha where ``gametype`` names only the limit); :class:`UnsupportedGameError` for Stud
    and the like."""
    lower = gametype.casefold()
    stud_or_draw = next((game for words, game in STUD_AND_DRAW if lower.startswith(words)), None)
    if stud_or_draw is not None:
        return stud_or_draw
    if any(word in lower for word in UNSUPPORTED):
        raise UnsupportedGameError(gametype.strip())
    tokens = re.split(r"\s+", lower.strip())
    game = next((ours for words, ours in GAMES if (lower + " ").startswith(words)), None)
    if game is None:
        game = "Omaha" if hole_cards >= 4 else "Hold'em"
    if game == OMAHA.name and hole_cards in (5, 6):
        game = (OMAHA_5 if hole_cards == 5 else OMAHA_6).name
    limit = next((ours for words, ours in LIMITS if words in lower and " " in words), None)
    if limit is None:
        limit = next((ours for words, ours in LIMITS if words in tokens), "No Limit")
    return f"{game} {limit}"


def _local_date(text: str) -> str | None:
    for pattern in DATE_FORMATS:
        try:
            return datetime.strptime(text.strip(), pattern).isoformat()
        except ValueError:
            continue
    return None


def _buy_in(context: dict[str, str]) -> float | None:
    for key in ("general/totalbuyin", "general/buyin"):
        text = context.get(key, "")
        parts = [part for part in text.split("+") if re.search(r"\d", part)]
        if not parts or "[" in text:
            continue
        try:
            return round(sum(money(part) for part in parts), 2)
        except BadHandError:
            continue
    return None


def walk(game: Element, context: dict[str, str], hand: HandBuilder) -> None:
    """One ``<game>`` into the builder."""
    general = game.find("general")
    players = general.findall("players/player") if general is not None else []
    if not players:
        raise BadHandError("no <players> in the hand")
    dealings = list(game.iter("cards"))
    pockets = [cards for cards in dealings if cards.get("type") == "Pocket"]
    hole_cards = max((len((c.text or "").split()) for c in pockets), default=2)
    gametype = context.get("general/gametype", "")
    hand.game = game_words(gametype, hole_cards)
    deal = hand.deal_rules.kind
    if deal != "board":
        hand.small_bet, hand.big_bet = limit_bets(gametype)
    start = general.findtext("startdate") if general is not None else None
    hand.date = _local_date(start or context.get("general/startdate", ""))
    hand.hero = context.get("general/nickname")
    hand.table = context.get("general/tablename")
    currency = context.get("general/tablecurrency") or context.get("general/currency")
    if "general/tournamentname" in context or "general/tournamentcode" in context:
        hand.format = "tournament"
        hand.tournament = context.get("general/tournamentcode") or context.get(
            "general/tournamentname"
        )
        hand.currency = "chips"
        hand.buy_in = _buy_in(context)
        hand.buy_in_currency = context.get("general/tournamentcurrency") or currency
    else:
        hand.format = "cash"
        hand.currency = "play" if context.get("general/mode") == "play" else currency
    players = [player for player in players if player.get("name")]  # no name: an empty seat
    for player in players:
        name = player.get("name", "")
        hand.seat(
            name,
            name,
            int(player.get("seat", "0")),
            money(player.get("chips")),
            button=player.get("dealer") == "1",
        )
    dealt_cards = {cards.get("player") for cards in dealings if cards.get("player")}
    for player in players:
        if dealt_cards and player.get("name") not in dealt_cards:
            hand.sits_out(player.get("name", ""))  # listed, but dealt no cards
    for round_ in game.findall("round"):
        street = STREET_OF_ROUND[deal].get(round_.get("no", ""))
        if street is None:
            raise BadHandError(f"a round numbered {round_.get('no')!r}")
        hand.to_street(street)
        for cards in round_.findall("cards"):
            kind = cards.get("type", "")
            written = (cards.text or "").split()
            if deal == "stud" and kind in STUD_CARDS:
                key = cards.get("player", "")
                dealt = [None if card == HIDDEN else ipoker_card(card) for card in written]
                hand.deal_to(key, dealt, so_far=False, shown=key != hand.hero)
            elif kind in BOARD:
                hand.deal(BOARD[kind], [ipoker_card(card) for card in written])
            elif kind == "Pocket" and written and not {"X", "x"} & set(written):
                key = cards.get("player", "")
                hand.hole(key, [ipoker_card(card) for card in written], shown=key != hand.hero)
        for action in sorted(round_.findall("action"), key=lambda a: int(a.get("no", "0"))):
            key, code = action.get("player", ""), action.get("type", "")
            if code in POSTS:
                amount = money(action.get("sum"))
                big_blind = hand.posted.get(BIG_BLIND)
                if POSTS[code] == BIG_BLIND and big_blind is not None and amount > big_blind:
                    # a big blind and a dead small one posted together ("post both")
                    hand.post(key, "post", amount, dead=amount - big_blind)
                else:
                    hand.post(key, POSTS[code], amount)
            elif code == DISCONNECTED and action.get("sum") == DISCONNECTED_SUM:
                pass  # all in by disconnection: in the hand for what they put in, no chips
            elif code == BRING_IN:
                hand.bring_in(key, money(action.get("sum")))
            elif code in ACTIONS:
                hand.act(key, ACTIONS[code], money(action.get("sum") or "0"))
            elif code in RAISES_TO:
                hand.act(key, RAISES_TO[code], to=money(action.get("sum")))
            elif code in SITTING_OUT:
                hand.sits_out(key)
            else:
                raise BadHandError(f"action type {code!r} not known (action {action.get('no')})")
    if not any("win" in player.attrib for player in players):
        hand.winnings_unknown()  # a partial export: no player's win written
        return
    for player in players:
        hand.win(player.get("name", ""), money(player.get("win") or "0"))
        if player.get("bet"):
            hand.expect_bet_total(player.get("name", ""), money(player.get("bet")))


IPOKER = XmlSite(
    "iPoker",
    _MARK,
    "game",
    walk,
    context_tags=("general",),
    hand_id_attribute="gamecode",
)
"""The iPoker declaration."""


def looks_like(head: str) -> bool:
    """True when the head holds an iPoker ``<session sessioncode=...>`` or ``<game gamecode=``.

    >>> looks_like('<?xml version="1.0"?>\\n<session sessioncode="1">'), looks_like("<game id=")
    (True, False)
    """
    return IPOKER.looks_like(head)


def read_log(data: bytes, file: str) -> HandLog:
    """Every hand of an iPoker file."""
    return IPOKER.read_log(data, file)
