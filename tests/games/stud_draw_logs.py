"""Hand-built hand logs of the stud and draw games, in the row contract's shape
(``ROW_SCHEMA``, /work/team/CONTRACT.md "Rows of a stud or draw hand"): what a reader taught
these games returns.  The hands are written here, card by card and chip by chip, so the tests
can say what each one must score and pay.

Chips throughout (a tournament): antes 5, a bring-in of 10, limit bets of 40 and 80 in stud;
blinds 20 and 40 and the same limits in the draw games.

- ``S1`` 7 Card Stud: Cy's three kings beat Ann's aces; Bob (the bring-in) and Dee fold on
  third street, their up cards seen.  Pot 670.
- ``S2`` Razz: Ann's 6-4 beats Bob's 9-7; Cy stays to the end and mucks (hole unknown, up
  cards known).  Pot 975.
- ``S3`` 7 Card Stud Hi/Lo: Bob's queens take the high half with the odd chip (348), Ann's
  8-4-3-2-A the low half (347); Cy folds on fourth street.  Pot 695.
- ``S4`` 7 Card Stud: two nine-high straights split 665; the odd chip to the highest card by
  suit, Bob's 9s (Ann sits first from seat 1).
- ``D1`` Triple Draw 2-7 Lowball: Ann's 7-5-4-3-2 (Number one) beats Bob's 8-6; Cy folds
  before the draw.  Pot 480.
- ``D2`` Badugi: a tie of two 4-3-2-A badugis, 120 each.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import polars as pl

from pipeline.records import ROW_SCHEMA, HandLog


@dataclass(frozen=True)
class Seat:
    """One player's row of a hand, as a reader would give it."""

    player: str
    seat: int
    hole: str | None
    put_in: float
    won: float
    actions: str
    up_cards: str | None = None
    draws: str | None = None
    folded_street: str | None = None
    mucked: bool = False
    button: bool = False
    stated_hand: str | None = None


def hand(
    hand_id: str, variant: str, seats: list[Seat], *, line: int, stud: bool
) -> list[dict[str, Any]]:
    """The rows of one hand: stud stakes (ante, bring-in) or draw stakes (blinds)."""
    return [
        {
            "hand_id": hand_id,
            "tournament": "T34",
            "table": "1",
            "round": hand_id,
            "date": "2026-11-20T20:00:00",
            "line": line,
            "seat": seat.seat,
            "button": seat.button,
            "player": seat.player,
            "stack": 3000.0,
            "hole": seat.hole,
            "mucked": seat.mucked,
            "stated_hand": seat.stated_hand,
            "board": "",
            "folded": seat.folded_street is not None,
            "folded_street": seat.folded_street,
            "put_in": seat.put_in,
            "won": seat.won,
            "variant": variant,
            "site": "PokerStars",
            "played_at": None,
            "time_zone": "ET",
            "currency": "chips",
            "small_blind": None if stud else 20.0,
            "big_blind": None if stud else 40.0,
            "ante": 5.0 if stud else None,
            "format": "tournament",
            "buy_in": None,
            "buy_in_currency": None,
            "table_size": 8 if stud else 6,
            "actions": seat.actions,
            "bring_in": 10.0 if stud else None,
            "small_bet": 40.0,
            "big_bet": 80.0,
            "up_cards": seat.up_cards,
            "draws": seat.draws,
        }
        for seat in seats
    ]


# the streets after third: 40 on fourth, 80 on fifth to seventh, both players calling
_TO_SEVENTH = 5 + 40 + 40 + 80 * 3

S1 = hand(
    "S1",
    "7 Card Stud",
    [
        Seat(
            "Ann",
            1,
            "As Ad 7c 9h Qs 3c 5d",
            _TO_SEVENTH,
            0,
            "1.ante5 8.c40 / 10.c40 / 12.c80 / 14.c80 / 16.c80 17.sd",
            up_cards="7c 9h Qs 3c",
        ),
        Seat("Bob", 2, None, 15, 0, "2.ante5 5.bi10 9.f", up_cards="2d", folded_street="third"),
        Seat(
            "Cy",
            3,
            "Kd Ks Kh 2s 8h Jc 4c",
            _TO_SEVENTH,
            670,
            "3.ante5 6.r40 / 9.b40 / 11.b80 / 13.b80 / 15.b80 18.sd",
            up_cards="Kh 2s 8h Jc",
            stated_hand="three of a kind, Kings",
        ),
        Seat("Dee", 4, None, 5, 0, "4.ante5 7.f", up_cards="5h", folded_street="third"),
    ],
    line=1,
    stud=True,
)

S2 = hand(
    "S2",
    "Razz",
    [
        Seat(
            "Ann",
            1,
            "Ah 2c 3d 4s 8h Kc 6s",
            _TO_SEVENTH,
            975,
            "1.ante5 5.r40 / 8.b40 / 11.b80 / 14.b80 / 17.b80 20.sd",
            up_cards="3d 4s 8h Kc",
        ),
        Seat(
            "Bob",
            2,
            "5c 7d 2h 3h 9c Qd Jd",
            _TO_SEVENTH,
            0,
            "2.ante5 6.c40 / 9.c40 / 12.c80 / 15.c80 / 18.c80 21.sd",
            up_cards="2h 3h 9c Qd",
        ),
        Seat(
            "Cy",
            3,
            None,
            _TO_SEVENTH,
            0,
            "3.ante5 4.bi10 7.c40 / 10.c40 / 13.c80 / 16.c80 / 19.c80",
            up_cards="4d 6c Tc Th",
            mucked=True,
        ),
    ],
    line=40,
    stud=True,
)

S3 = hand(
    "S3",
    "7 Card Stud Hi/Lo",
    [
        Seat(
            "Ann",
            1,
            "Ac 2c 3s 4d 8h Kd Kh",
            _TO_SEVENTH,
            347,
            "1.ante5 4.bi10 7.c40 / 8.c40 / 11.c80 / 13.c80 / 15.c80 17.sd",
            up_cards="3s 4d 8h Kd",
            stated_hand="HI: a pair of Kings; LO: 8,4,3,2,A",
        ),
        Seat(
            "Bob",
            2,
            "Qs Qd Qc 7h Js 9d 2d",
            _TO_SEVENTH,
            348,
            "2.ante5 5.r40 / 7.b40 / 10.b80 / 12.b80 / 14.b80 16.sd",
            up_cards="Qc 7h Js 9d",
        ),
        Seat("Cy", 3, None, 45, 0, "3.ante5 6.c40 / 9.f", up_cards="Jh Ts", folded_street="fourth"),
    ],
    line=80,
    stud=True,
)

S4 = hand(
    "S4",
    "7 Card Stud",
    [
        Seat(
            "Ann",
            1,
            "9h 8d 7c 6h 5s 2c 3d",
            _TO_SEVENTH,
            332,
            "1.ante5 6.c40 / 8.c40 / 10.c80 / 12.c80 / 14.c80 16.sd",
            up_cards="7c 6h 5s 2c",
        ),
        Seat(
            "Bob",
            2,
            "9s 8c 7d 6s 5c 2h 3h",
            _TO_SEVENTH,
            333,
            "2.ante5 5.r40 / 7.b40 / 9.b80 / 11.b80 / 13.b80 15.sd",
            up_cards="7d 6s 5c 2h",
        ),
        Seat("Cy", 3, None, 15, 0, "3.ante5 4.bi10 6.f", up_cards="2d", folded_street="third"),
    ],
    line=120,
    stud=True,
)

D1 = hand(
    "D1",
    "Triple Draw 2-7 Lowball",
    [
        Seat(
            "Ann",
            1,
            "7c 5d 4h 3s 2c",
            240,
            480,
            "1.sb20 5.c40 / 6.dr2 8.b40 / 10.dr1 12.b80 / 14.dr0 16.b80 18.sd",
            draws="2 1 0",
            stated_hand="Lo: 7,5,4,3,2",
        ),
        Seat(
            "Bob",
            2,
            "8s 6h 4d 3c 2d",
            240,
            0,
            "2.bb40 6.x / 7.dr1 9.c40 / 11.dr1 13.c80 / 15.dr1 17.c80 19.sd",
            draws="1 1 1",
        ),
        Seat("Cy", 3, None, 0, 0, "4.f", draws="", folded_street="predraw", button=True),
    ],
    line=160,
    stud=False,
)

D2 = hand(
    "D2",
    "Badugi",
    [
        Seat(
            "Ann",
            1,
            "Ac 2d 3h 4s",
            120,
            120,
            "1.sb20 3.c40 / 5.dr1 6.x / 8.dr0 9.b80 / 11.dr0 12.x 14.sd",
            draws="1 0 0",
            button=True,
        ),
        Seat(
            "Bob",
            2,
            "As 2h 3c 4d",
            120,
            120,
            "2.bb40 4.x / 5.dr2 7.x / 8.dr1 10.c80 / 11.dr0 13.x 15.sd",
            draws="2 1 0",
        ),
    ],
    line=200,
    stud=False,
)

HANDS = {"S1": S1, "S2": S2, "S3": S3, "S4": S4, "D1": D1, "D2": D2}


Changes = dict[tuple[str, str], dict[str, Any]]
"""Cells to set, by hand and player: ``{("S3", "Ann"): {"won": 348}}``."""


def stud_draw_log(*hand_ids: str, changes: Changes | None = None) -> HandLog:
    """A :class:`HandLog` of the named hands (all of them by default); ``changes`` sets cells:
    ``{("S3", "Ann"): {"won": 348}}``."""
    rows = [dict(row) for name in (hand_ids or tuple(HANDS)) for row in HANDS[name]]
    for (hand_id, player), cells in (changes or {}).items():
        row = next(row for row in rows if row["hand_id"] == hand_id and row["player"] == player)
        row.update(cells)
    frame = pl.DataFrame(rows, schema=ROW_SCHEMA)
    return HandLog(frame, HandLog.empty().issues)


def log_sheet(log: HandLog) -> pl.DataFrame:
    """The log as the hand-log sheet of text cells a source makes of it (``add_log``)."""
    rows = log.rows
    return rows.select(
        pl.col(name).cast(pl.String).str.to_lowercase()
        if rows.schema[name] == pl.Boolean
        else pl.col(name).cast(pl.String)
        for name in rows.columns
    )
