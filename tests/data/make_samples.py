"""Make the sample exports in input/ (run from the repository root; seeded, so repeatable).

- ``season-2026.csv``: a clean season in the players layout (the quiz's generator), four club
  nights of ten rounds told apart by a ``date`` column.
- ``club-nights.xlsx``: three nights in the rounds layout as a producer keeps them: a title row
  above the header, a bold header, a notes column, widths set, and a few deliberately bad rows
  (an illegal suit, a card dealt twice, a hole-card cell with one card, a two-card board) plus a
  formula-like note that must stay text.
- ``five-card-club.csv``: the poker hands kata's games as a round sheet, one hand too short.
- ``yatzy-night.csv``: two games of Yatzy, categories mostly left for the job to choose, with a
  bad die, a category used twice and a misspelt category.
- ``mixed-games.csv``: a night at three tables, each a ``game`` (PLO, PLO8, 6+), in the players
  layout; one short-deck row holds a Five (not in a 36-card deck) and one Omaha row three hole
  cards, so those rounds are held back.
- ``tournament-900.txt`` and ``final-table.phh``: hand histories, copied from our own test
  fixtures (``tests/data/hand_histories``): a PokerStars log with mucked hands, a side pot, a
  split, antes, then a malformed hand, a Razz hand (a game not read) and a last hand cut short;
  and a PHH hand with a side pot and every card shown, played in euros on 24 April 2026 (CET).
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import polars as pl
from openpyxl import Workbook
from openpyxl.styles import Font

from pipeline.games.generate import (
    deal_holdem,
    five_card_frame,
    players_frame,
    rounds_frame,
    yatzy_frame,
)

INPUT = Path("input")
HAND_HISTORIES = Path("tests/data/hand_histories")


SEASON_NIGHTS = ("2026-01-09", "2026-02-13", "2026-03-13", "2026-04-10")
"""The season's four club nights, ten rounds each: its ``date`` column makes them four nights."""


def make_season() -> None:
    season = players_frame(deal_holdem(rounds=40, players=6, seed=2026))
    night = ((pl.col("round") - 1) // 10).replace_strict(dict(enumerate(SEASON_NIGHTS)))
    season.with_columns(date=night).write_csv(INPUT / "season-2026.csv")


def make_club_nights() -> None:
    book = Workbook()
    book.remove(book.active)
    for night in (1, 2, 3):
        frame = rounds_frame(deal_holdem(rounds=12, players=5, seed=night))
        sheet = book.create_sheet(f"Night {night}")
        sheet["A1"] = f"Club night {night}"
        sheet["A1"].font = Font(name="Calibri", size=14, bold=True)
        header = [*frame.columns, "notes"]
        for column, name in enumerate(header, start=1):
            cell = sheet.cell(row=3, column=column, value=name)
            cell.font = Font(name="Calibri", bold=True)
        for offset, row in enumerate(frame.iter_rows(), start=4):
            for column, value in enumerate(row, start=1):
                sheet.cell(row=offset, column=column, value=value)
        sheet.column_dimensions["B"].width = 18
        notes = len(header)
        sheet.cell(row=4, column=notes, value="first hand of the night")
        if night == 2:
            # An illegal suit, and a card dealt twice (the board's first card in a hand).
            player = next(c for c in range(3, notes) if sheet.cell(row=6, column=c).value)
            sheet.cell(row=6, column=player, value="Qh Qx")
            board_card = str(sheet.cell(row=8, column=2).value).split()[0]
            player = next(c for c in range(3, notes) if sheet.cell(row=8, column=c).value)
            sheet.cell(row=8, column=player, value=f"{board_card} 2c")
            # Typed as text (Excel's leading apostrophe): openpyxl would store a formula.
            sheet.cell(row=8, column=notes, value="=dealer error?").data_type = "s"
        if night == 3:
            player = next(c for c in range(3, notes) if sheet.cell(row=5, column=c).value)
            sheet.cell(row=5, column=player, value="Ah")
            sheet.cell(row=9, column=2, value="Kd 7c")
            sheet.cell(row=10, column=notes, value="+1 chip penalty")
    book.save(INPUT / "club-nights.xlsx")


KATA_GAMES = (
    ("Black", "2H 3D 5S 9C KD", "White", "2C 3H 4S 8C AH"),
    ("Black", "2H 4S 4C 2D 4H", "White", "2S 8S AS QS 3S"),
    ("Black", "2H 3D 5S 9C KD", "White", "2C 3H 4S 8C KH"),
    ("Black", "2H 3D 5S 9C KD", "White", "2D 3H 5C 9S KH"),
)


def make_five_card() -> None:
    rows = [
        (round_number, name, hand)
        for round_number, game in enumerate(KATA_GAMES, start=1)
        for name, hand in zip(game[::2], game[1::2], strict=True)
    ]
    frame = pl.DataFrame(rows, schema=["round", "player", "hand"], orient="row")
    frame = pl.concat([frame, five_card_frame(6, 3, seed=5).with_columns(pl.col("round") + 4)])
    frame = frame.with_columns(
        pl.when(pl.int_range(pl.len()) == 10)
        .then(pl.lit("7C 8D 9H TS"))
        .otherwise("hand")
        .alias("hand")
    )
    frame.write_csv(INPUT / "five-card-club.csv")


def make_yatzy_night() -> None:
    frame = yatzy_frame(2, 3, seed=7).with_columns(pl.col("round").cast(pl.String))
    frame = frame.with_columns(
        pl.when(pl.int_range(pl.len()) == 0)
        .then(pl.lit("fours"))
        .when(pl.int_range(pl.len()) == 3)
        .then(pl.lit("Fours"))
        .when(pl.int_range(pl.len()) == 7)
        .then(pl.lit("smal straight"))
        .otherwise("category")
        .alias("category"),
        pl.when(pl.int_range(pl.len()) == 12)
        .then(pl.lit("1 2 3 4 7"))
        .otherwise("dice")
        .alias("dice"),
    )
    frame.write_csv(INPUT / "yatzy-night.csv")


def make_mixed_games() -> None:
    generator = random.Random(8)
    ranks, suits = "23456789TJQKA", "cdhs"
    rows = []
    for table, game, hole_cards, lowest in (("1", "PLO", 4, 0), ("2", "PLO8", 4, 0),
                                            ("3", "6+", 2, 4)):  # fmt: skip
        deck = [rank + suit for rank in ranks[lowest:] for suit in suits]
        for number in range(1, 7):
            players = ["Ann", "Bob", "Cy", "Dee"][: 2 + number % 3]
            cards = generator.sample(deck, hole_cards * len(players) + 5)
            board = " ".join(cards[-5:])
            for seat, player in enumerate(players):
                hole = cards[seat * hole_cards : (seat + 1) * hole_cards]
                folded = "yes" if seat == 2 and number % 2 else "no"
                rows.append([table, str(number), game, player, " ".join(hole), board, folded])
    rows[-1][4] = "5h " + rows[-1][4].split()[1]  # a Five: not in a short deck
    rows[3][4] = " ".join(rows[3][4].split()[:3])  # three hole cards at the Omaha table
    header = ["table", "round", "game", "player", "hole", "board", "folded"]
    pl.DataFrame(rows, schema=header, orient="row").write_csv(INPUT / "mixed-games.csv")


def make_hand_histories() -> None:
    shutil.copy(HAND_HISTORIES / "pokerstars_mixed.txt", INPUT / "tournament-900.txt")
    # The final table was played on a date, in euros: PHH's own fields say so.
    final = (HAND_HISTORIES / "nt_showdown.phh").read_text(encoding="utf-8")
    played = 'year = 2026\nmonth = 4\nday = 24\ntime = "21:40:00"\ntime_zone = "CET"\n'
    (INPUT / "final-table.phh").write_text(final + played + 'currency = "EUR"\n', "utf-8")


if __name__ == "__main__":
    make_season()
    make_club_nights()
    make_five_card()
    make_yatzy_night()
    make_mixed_games()
    make_hand_histories()
