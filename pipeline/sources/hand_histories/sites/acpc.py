"""ACPC dealer logs (the Annual Computer Poker Competition's matches between bots): one hand a
line, ``STATE:2:rrfc/rc/rrrc/rc:KhQs|4hAs|JhQc/2sQh7s/8c/3c:130|-10|-120:SmooCT|HITSZ|Hyper``.

Why a reader of its own, not a :class:`~pipeline.sources.hand_histories.TextSite`: an ACPC hand
is one line whose actions are letters without players or amounts (``r``, ``c``, ``f``, streets
cut by ``/``).  Who acts and for how much follows from the game's definition (the blinds, the
raise sizes, who acts first on each street) and from the hand's own order, which the text
engine, reading one player's line at a time, has no place for.  So this file declares the
grammar (the line's pattern) and the game definitions (:data:`GAMES`, by the name the log's
first line gives: ``# name/game/hands/seed <match> holdem.limit.3p.game 3000 471279137``) and
replays the letters.

Each hand's payoffs, written at its end (``130|-10|-120``), are each player's net: ``won`` is
the payoff plus what the replay says the player put in, and the replay is checked against them
(a negative ``won``, or payoffs that do not sum to zero, is a ``pot_disagreement`` issue).
The players change seats every hand (the last field lists them in seat order): seat 1 posts
the first blind, and the seat before it is the button.  Every player's cards are written, the
folded ones' too: a player who folds is ``mucked``.  There is no date, currency or stack: the
match is played in chips, each hand from fresh stacks (limit games have no stack to run out
of).  ``round`` is the hand's number as written, ``tournament`` the match's name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import polars as pl

from pipeline.records.hand_log import (
    ROW_SCHEMA,
    STREETS,
    HandLog,
    Issues,
    amount_text,
    append_board_game_nulls,
    head_matches,
    new_row_columns,
    seen_board,
    with_played_at,
)
from pipeline.sources.base import decode_text

__all__ = ["GAMES", "AcpcGame", "looks_like_acpc", "read_acpc"]

MARK = re.compile(r"^(?:STATE:\d+:|\s*# name/game/hands/seed )", re.MULTILINE)
"""A log's first lines: its match line, or a hand."""
_MATCH = re.compile(r"^\s*# name/game/hands/seed (?P<match>\S+) (?P<game>\S+)", re.MULTILINE)
_STATE = re.compile(
    r"^STATE:(?P<hand>\d+):(?P<betting>[^:]*):(?P<cards>[^:]*):(?P<payoffs>[^:]*):(?P<names>.*)$"
)
_CARD = re.compile(r"[2-9TJQKA][cdhs]")


@dataclass(frozen=True)
class AcpcGame:
    """An ACPC game definition (its ``.game`` file), the parts a limit log needs: the blinds
    by seat, the raise size of each street, and the seat (1-based) that acts first on each."""

    blinds: tuple[float, ...]
    raise_sizes: tuple[float, float, float, float]
    first_to_act: tuple[int, int, int, int]


GAMES: dict[str, AcpcGame] = {
    "holdem.limit.3p.game": AcpcGame((5.0, 10.0, 0.0), (10.0, 10.0, 20.0, 20.0), (3, 1, 1, 1)),
    "holdem.limit.2p.reverse_blinds.game": AcpcGame(
        (10.0, 5.0), (10.0, 10.0, 20.0, 20.0), (2, 1, 1, 1)
    ),
}
"""The competition's limit Hold'em definitions, by file name (no-limit logs write amounts as
each player's whole-hand total, ``r300``: not read yet, an unsupported variant)."""


def looks_like_acpc(head: str) -> bool:
    """True when a file's head holds an ACPC match line or hand.

    >>> looks_like_acpc("STATE:0:ff:4d8d|8s4c|6s9d:-5|5|0:A|B|C")
    True
    """
    return head_matches(MARK, head)


class _Replay:
    """One hand's letters replayed over the game's definition."""

    def __init__(self, game: AcpcGame, players: int) -> None:
        self.game = game
        self.put_in = [0.0] * players
        self.street_bet = [0.0] * players
        self.folded: dict[int, str] = {}
        self.tokens: list[list[list[str]]] = [[[]] for _ in range(players)]
        self.sequence = 0
        self.street = 0

    def act(self, seat: int, token: str) -> None:
        self.sequence += 1
        while len(self.tokens[seat]) <= self.street:
            self.tokens[seat].append([])
        self.tokens[seat][self.street].append(f"{self.sequence}.{token}")

    def play(self, betting: str) -> None:
        players = len(self.put_in)
        for seat, blind in enumerate(self.game.blinds[:players]):
            if blind:
                self.put_in[seat] = self.street_bet[seat] = blind
                big = blind == max(self.game.blinds)
                self.act(seat, f"{'bb' if big else 'sb'}{amount_text(blind)}")
        for street, letters in enumerate(betting.split("/")):
            if street > 3:
                msg = f"more than four betting rounds: {betting!r}"
                raise ValueError(msg)
            if street:
                self.street = street
                self.street_bet = [0.0] * players
            seat = self.game.first_to_act[street] - 1
            for letter in letters:
                while seat in self.folded:
                    seat = (seat + 1) % players
                self.letter(seat, letter)
                seat = (seat + 1) % players
        # the part of the last bet no one matched goes back to its bettor (the pots alone
        # are counted, as on every site)
        top, second = sorted(self.street_bet, reverse=True)[:2]
        if top > second:
            self.put_in[self.street_bet.index(top)] -= top - second

    def letter(self, seat: int, letter: str) -> None:
        top = max(self.street_bet)
        if letter == "f":
            self.folded[seat] = STREETS[self.street]
            self.act(seat, "f")
        elif letter == "c":
            owed = top - self.street_bet[seat]
            self.put_in[seat] += owed
            self.street_bet[seat] = top
            self.act(seat, f"c{amount_text(owed)}" if owed else "x")
        elif letter == "r":
            to = top + self.game.raise_sizes[self.street]
            self.put_in[seat] += to - self.street_bet[seat]
            self.street_bet[seat] = to
            self.act(seat, f"b{amount_text(to)}" if top == 0 else f"r{amount_text(to)}")
        else:
            msg = f"not an action letter: {letter!r}"
            raise ValueError(msg)

    def actions_of(self, seat: int, last_street: int) -> str:
        streets = self.tokens[seat] + [[] for _ in range(4)]
        last = STREETS.index(self.folded[seat]) if seat in self.folded else last_street
        return " / ".join(" ".join(tokens) for tokens in streets[: last + 1]).rstrip()


def read_acpc(data: bytes | str, file: str) -> HandLog:
    """Every hand of an ACPC dealer log as :data:`~pipeline.records.ROW_SCHEMA` rows and
    issues; ``file`` names the file in messages."""
    text = decode_text(data) if isinstance(data, bytes) else data
    rows = new_row_columns()
    issues = Issues()
    match = _MATCH.search(text)
    game_name = match.group("game") if match else None
    game = GAMES.get(game_name) if game_name else None
    match_name = match.group("match") if match else None
    hands = [(number, line) for number, line in enumerate(text.splitlines(), 1)]
    states = [(number, found) for number, line in hands if (found := _STATE.match(line.strip()))]
    if not states:
        issues.add(None, None, "no_hands", f"{file}: no ACPC hand (STATE line) found")
    elif game is None:
        issues.add(
            states[0][0],
            states[0][1].group("hand"),
            "unsupported_variant",
            f"{file}:{states[0][0]}: ACPC game {game_name!r} is not one read here (no "
            f"'# name/game/hands/seed' line: the game unknown): {len(states)} hands left out",
            column="variant",
            value=game_name,
        )
        states = []
    for number, state in states:
        assert game is not None
        try:
            _append_hand(rows, game, state, number, match_name)
        except ValueError as error:
            issues.add(
                number,
                state.group("hand"),
                "malformed_hand",
                f"{file}:{number}: hand {state.group('hand')}: {error}",
            )
            continue
        payoffs = [float(value) for value in state.group("payoffs").split("|")]
        won = rows["won"][-len(payoffs) :]
        if abs(sum(payoffs)) > 1e-9 or min(won) < 0:
            issues.add(
                number,
                state.group("hand"),
                "pot_disagreement",
                f"{file}:{number}: hand {state.group('hand')}: the payoffs "
                f"{state.group('payoffs')!r} do not follow from the actions replayed",
            )
    log = HandLog.from_columns(rows, issues)
    if log.rows.height == 0:
        return log
    finished = with_played_at(log.rows).select(
        pl.col(name).cast(dtype) for name, dtype in ROW_SCHEMA.items()
    )
    return HandLog(finished, log.issues)


def _append_hand(
    rows: dict[str, list[Any]],
    game: AcpcGame,
    state: re.Match[str],
    line: int,
    match_name: str | None,
) -> None:
    names = state.group("names").split("|")
    holes, *boards = state.group("cards").split("/")
    hole_cards = holes.split("|")
    payoffs = [float(value) for value in state.group("payoffs").split("|")]
    if not len(names) == len(hole_cards) == len(payoffs) >= 2:
        msg = "its names, hole cards and payoffs do not count the same players"
        raise ValueError(msg)
    replay = _Replay(game, len(names))
    replay.play(state.group("betting"))
    board = [card for cards in boards for card in _CARD.findall(cards)]
    last_street = len(boards)
    showdown = len(names) - len(replay.folded) >= 2
    for seat, name in enumerate(names):
        folded = replay.folded.get(seat)
        rows["hand_id"].append(state.group("hand"))
        rows["tournament"].append(match_name)
        rows["table"].append(match_name)
        rows["round"].append(state.group("hand"))
        rows["date"].append(None)
        rows["line"].append(line)
        rows["seat"].append(seat + 1)
        rows["button"].append(seat == len(names) - 1)
        rows["player"].append(name)
        rows["stack"].append(None)
        rows["hole"].append(" ".join(_CARD.findall(hole_cards[seat])) or None)
        rows["mucked"].append(folded is not None or not showdown)
        rows["stated_hand"].append(None)
        rows["board"].append(seen_board(board, folded))
        rows["folded"].append(folded is not None)
        rows["folded_street"].append(folded)
        rows["put_in"].append(replay.put_in[seat])
        rows["won"].append(payoffs[seat] + replay.put_in[seat])
        rows["variant"].append("Hold'em")
        rows["site"].append("ACPC")
        rows["played_at"].append(None)
        rows["time_zone"].append(None)
        rows["currency"].append("chips")
        rows["small_blind"].append(min(blind for blind in game.blinds if blind))
        rows["big_blind"].append(max(game.blinds))
        rows["ante"].append(None)
        rows["format"].append("cash")
        rows["buy_in"].append(None)
        rows["buy_in_currency"].append(None)
        rows["table_size"].append(len(names))
        rows["actions"].append(replay.actions_of(seat, last_street))
        append_board_game_nulls(rows)
