"""Read PHH (Poker Hand History, phh-std) files into one row per player per hand.

A ``.phh`` file is one TOML document per hand; a ``.phhs`` file holds many hands, each in a
TOML table such as ``[1]``.  The TOML is read with :mod:`tomllib`; the action strings are read
here (``d dh p1 AcKd`` deal hole, ``d db Jc3d5c`` deal board, ``p2 cbr 300`` bet or raise to,
``p1 cc`` check or call, ``p3 f`` fold, ``p1 sm AhKh`` show or muck).  The variants of
:data:`READ_VARIANTS` are read (the table of games' PHH codes, :mod:`pipeline.records.game_names`:
Hold'em, short-deck Hold'em, pot-limit Omaha, fixed-limit Omaha Hi/Lo), ``variant`` holding the
code as written (``NT``, ``PO``, ``FO/8``...); another variant (stud, razz, draw) is one
``unsupported_variant`` issue per file, at its first hand.

``won`` is ``winnings`` when the hand records it, else ``finishing_stacks - starting_stacks +
put_in``, else null.

>>> text = '''variant = 'NT'
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cbr 6', 'p1 f']
... players = ['Ann', 'Bob']
... finishing_stacks = [98, 102]
... '''
>>> read_phh(text, "x.phh").rows.select("player", "put_in", "won", "folded").rows()
[('Ann', 2.0, 0.0, True), ('Bob', 2.0, 4.0, False)]
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from pipeline.records.game_names import PHH, GameNames, site_words
from pipeline.records.hand_log import (
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

__all__ = ["READ_VARIANTS", "read_phh", "sniff_phh"]

READ_VARIANTS: dict[str, GameNames] = site_words(PHH)
"""The PHH variant codes read (pokerkit's ``HandHistory.game_types`` for these games, and
``PT``), each with its game; the ``variant`` column holds the code."""
_SNIFF = re.compile(r"^\s*(?:variant|actions|starting_stacks)\s*=", re.MULTILINE)
_SECTION = re.compile(r"^\[([^\]\n]+)\]\s*$", re.MULTILINE)
_CARD_PAIRS = re.compile(r"[2-9TJQKA?][cdhs?]")


class _BadHandError(ValueError):
    """A hand that cannot be read; the message says why."""


def sniff_phh(head: str) -> bool:
    """True when the text looks like PHH: TOML keys ``variant`` / ``actions`` / stacks.

    >>> sniff_phh("variant = 'NT'\\nantes = [0, 0]"), sniff_phh("Ah Kh Qh Jh Th")
    (True, False)
    """
    return head_matches(_SNIFF, head)


def _cards(text: str) -> str | None:
    """``AcKd`` -> ``Ac Kd``; ``None`` when any card is unknown (``??``)."""
    cards = _CARD_PAIRS.findall(text)
    if not cards or len("".join(cards)) != len(text) or any("?" in card for card in cards):
        return None
    return " ".join(cards)


def _hands(text: str) -> list[tuple[int, str, dict[str, Any]]]:
    """``(line, name, table)`` for each hand: the whole document or each ``[section]``."""
    document = tomllib.loads(text)
    if "variant" in document or "actions" in document:
        return [(1, str(document.get("hand", "")), document)]
    lines = {}
    for match in _SECTION.finditer(text):
        lines[match.group(1).strip().strip("'\"")] = text.count("\n", 0, match.start()) + 1
    return [
        (lines.get(name, 1), name, table)
        for name, table in document.items()
        if isinstance(table, dict)
    ]


def read_phh(text: str, file: str) -> HandLog:
    """Read a ``.phh`` (one hand) or ``.phhs`` (many hands) text; see the module doc."""
    rows = new_row_columns()
    issues = Issues()
    try:
        hands = _hands(text)
    except tomllib.TOMLDecodeError as exc:
        issues.add(None, None, "malformed_hand", f"{file}: malformed: not TOML: {exc}")
        return HandLog.from_columns(rows, issues)
    unsupported: dict[str, list[Any]] = {}  # variant -> [issue index, hands, line, hand id]
    for line, name, table in hands:
        hand_id = f"{file}#{name}" if name else file
        variant = str(table.get("variant", ""))
        if variant not in READ_VARIANTS:
            if variant in unsupported:
                unsupported[variant][1] += 1
                continue
            unsupported[variant] = [len(issues.columns["code"]), 1, line, hand_id]
            issues.add(line, hand_id, "unsupported_variant", "", column="variant", value=variant)
            continue
        try:
            _read_hand(rows, table, hand_id, line, variant)
        except (_BadHandError, KeyError, TypeError, ValueError, IndexError) as exc:
            # Our own reasons read as they are; a Python error keeps its kind ("KeyError: 'x'").
            reason = str(exc) if isinstance(exc, _BadHandError) else f"{type(exc).__name__}: {exc}"
            issues.add(
                line,
                hand_id,
                "malformed_hand",
                f"{file}:{line}: malformed hand {hand_id}: {reason}",
            )
    for variant, (at, count, first_line, first_id) in unsupported.items():
        issues.columns["message"][at] = (
            f"{file}:{first_line}: variant {variant!r} is not read here: {count} "
            f"{'hand' if count == 1 else 'hands'} left out, the first {first_id}"
        )
    log = HandLog.from_columns(rows, issues)
    return HandLog(with_played_at(log.rows), log.issues)


def _blind_verbs(blinds: list[float]) -> list[str]:
    """The ``actions`` verb of each player's blind or straddle: the first posted is the small
    blind, the next the big blind, the others straddles; a lone blind is the big blind.

    >>> _blind_verbs([50, 100, 0]), _blind_verbs([50, 100, 200]), _blind_verbs([0, 2])
    (['sb', 'bb', ''], ['sb', 'bb', 'st'], ['', 'bb'])
    """
    posted = [i for i, blind in enumerate(blinds) if blind > 0]
    verbs = [""] * len(blinds)
    names = ["bb"] if len(posted) == 1 else ["sb", "bb"]
    for rank, i in enumerate(posted):
        verbs[i] = names[rank] if rank < len(names) else "st"
    return verbs


def _local_time(table: dict[str, Any]) -> str | None:
    """The hand's date (and time, where given) as ISO text, from ``year``, ``month``, ``day``
    and ``time`` (a TOML time or ``"HH:MM:SS"`` text)."""
    if not all(key in table for key in ("year", "month", "day")):
        return None
    date = f"{int(table['year']):04d}-{int(table['month']):02d}-{int(table['day']):02d}"
    time = table.get("time")
    if time is None:
        return date
    clock = str(time)[:8]
    return f"{date}T{clock}" if len(clock) == 8 else date


def _read_hand(
    rows: dict[str, list[Any]], table: dict[str, Any], hand_id: str, line: int, variant: str
) -> None:
    stacks = [float(x) for x in table["starting_stacks"]]
    n = len(stacks)
    antes = [float(x) for x in table.get("antes", [0] * n)]
    blinds = [float(x) for x in table.get("blinds_or_straddles", [0] * n)]
    if len(antes) != n or len(blinds) != n:
        raise _BadHandError(f"{n} stacks but {len(antes)} antes and {len(blinds)} blinds")
    verbs = _blind_verbs(blinds)
    order = list(range(n))
    if n == 2:
        # heads-up the blinds are reversed (as pokerkit, PHH's reference, plays them): p2 is
        # the button and posts the small blind, p1 the big blind
        antes, blinds, verbs, order = antes[::-1], blinds[::-1], verbs[::-1], order[::-1]
    players = [str(x) for x in table.get("players", [f"p{i + 1}" for i in range(n)])]
    seats = [int(x) for x in table.get("seats", range(1, n + 1))]
    put_in = [min(a, s) for a, s in zip(antes, stacks, strict=True)]
    street_bet = [min(b, s - p) for b, s, p in zip(blinds, stacks, put_in, strict=True)]
    put_in = [p + b for p, b in zip(put_in, street_bet, strict=True)]
    hole: list[str | None] = [None] * n
    shown = [False] * n
    folded: list[str | None] = [None] * n
    board: list[str] = []
    street = 0
    # The actions column: the posts first (antes, then blinds and straddles, seat order),
    # then each action, numbered in the hand's order, per player per street.
    actions: list[list[list[str]]] = [[[]] for _ in range(n)]
    sequence = 0

    def act(who: int, verb: str, amount: float | None = None) -> None:
        nonlocal sequence
        sequence += 1
        streets = actions[who]
        while len(streets) <= street:
            streets.append([])
        all_in = "!" if amount is not None and put_in[who] >= stacks[who] > 0 else ""
        text = "" if amount is None else amount_text(amount)
        streets[street].append(f"{sequence}.{verb}{text}{all_in}")

    for i in range(n):
        if antes[i] > 0:
            act(i, "ante", min(antes[i], stacks[i]))
    for i in order:
        if verbs[i]:
            act(i, verbs[i], street_bet[i])
    for raw in table.get("actions", []):
        parts = str(raw).split("#", 1)[0].split()
        if not parts:
            continue
        if parts[0] == "d":
            if len(parts) < 3:
                raise _BadHandError(f"unreadable action {raw!r}")
            if parts[1] == "dh":
                hole[_player(parts[2], n)] = _cards(parts[3]) if len(parts) > 3 else None
            elif parts[1] == "db":
                _return_uncalled(street_bet, put_in)
                cards = _cards(parts[2])
                if cards is None:
                    raise _BadHandError(f"unreadable board {raw!r}")
                board.extend(cards.split())
                street = min(len(board) - 2, 3) if len(board) >= 3 else 0
                street_bet = [0.0] * n
            continue
        who = _player(parts[0], n)
        verb = parts[1] if len(parts) > 1 else ""
        if verb == "f":
            act(who, "f")
            folded[who] = STREETS[street]
        elif verb == "cc":
            amount = min(max(street_bet) - street_bet[who], stacks[who] - put_in[who])
            street_bet[who] += amount
            put_in[who] += amount
            if amount > 0:
                act(who, "c", amount)
            else:
                act(who, "x")
        elif verb == "cbr":
            to = float(parts[2])
            raised = max(street_bet) > 0
            amount = min(to - street_bet[who], stacks[who] - put_in[who])
            street_bet[who] += amount
            put_in[who] += amount
            act(who, "r" if raised else "b", street_bet[who])
        elif verb == "sm":
            act(who, "sd")
            cards = _cards(parts[2]) if len(parts) > 2 and parts[2] != "-" else None
            if cards is not None:
                hole[who] = cards
                shown[who] = True
        elif verb in ("sd", "pb"):
            raise _BadHandError(f"not a hold'em or omaha action {raw!r}")
        else:
            raise _BadHandError(f"unreadable action {raw!r}")
    _return_uncalled(street_bet, put_in)
    won: list[float | None]
    if "winnings" in table:
        won = [float(x) for x in table["winnings"]]
    elif "finishing_stacks" in table:
        won = [
            float(f) - s + p
            for f, s, p in zip(table["finishing_stacks"], stacks, put_in, strict=True)
        ]
    else:
        won = [None] * n
    date = _local_time(table)
    tournament = table.get("event")
    time_zone = table.get("time_zone")
    currency = table.get("currency")
    posted = [blind for blind in blinds if blind > 0][:2]
    small_blind = min(posted) if len(posted) == 2 else None
    big_blind = max(posted) if posted else None
    ante = max(antes) if any(a > 0 for a in antes) else None
    table_size = int(table.get("seat_count", n))
    for i in range(n):
        rows["hand_id"].append(hand_id)
        rows["tournament"].append(None if tournament is None else str(tournament))
        rows["table"].append(None if table.get("table") is None else str(table["table"]))
        rows["round"].append(hand_id)
        rows["date"].append(date)
        rows["line"].append(line)
        rows["seat"].append(seats[i])
        rows["button"].append(i == n - 1)
        rows["player"].append(players[i])
        rows["stack"].append(stacks[i])
        rows["hole"].append(hole[i])
        rows["mucked"].append(not shown[i])
        rows["stated_hand"].append(None)
        rows["board"].append(seen_board(board, folded[i]))
        rows["folded"].append(folded[i] is not None)
        rows["folded_street"].append(folded[i])
        rows["put_in"].append(put_in[i])
        rows["won"].append(won[i])
        rows["variant"].append(variant)
        rows["site"].append("PHH")
        rows["played_at"].append(None)  # from date and time_zone, by read_phh
        rows["time_zone"].append(None if time_zone is None else str(time_zone))
        rows["currency"].append(None if currency is None else str(currency))
        rows["small_blind"].append(small_blind)
        rows["big_blind"].append(big_blind)
        rows["ante"].append(ante)
        rows["format"].append(None)
        rows["buy_in"].append(None)
        rows["buy_in_currency"].append(None)
        rows["table_size"].append(table_size)
        last = STREETS.index(folded[i]) if folded[i] is not None else street
        streets = actions[i] + [[] for _ in range(last + 1 - len(actions[i]))]
        rows["actions"].append(
            " / ".join(" ".join(tokens) for tokens in streets[: last + 1]).rstrip()
        )
        append_board_game_nulls(rows)


def _return_uncalled(street_bet: list[float], put_in: list[float]) -> None:
    """At the end of a street the top bet beyond the next highest goes back to its bettor."""
    if len(street_bet) < 2:
        return
    order = sorted(range(len(street_bet)), key=street_bet.__getitem__, reverse=True)
    excess = street_bet[order[0]] - street_bet[order[1]]
    if excess > 0:
        street_bet[order[0]] -= excess
        put_in[order[0]] -= excess


def _player(token: str, n: int) -> int:
    if not token.startswith("p") or not token[1:].isdigit() or not 1 <= int(token[1:]) <= n:
        raise _BadHandError(f"not a player {token!r}")
    return int(token[1:]) - 1
