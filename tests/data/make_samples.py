"""Make the sample exports in input/ (run from the repository root; seeded, so repeatable).

- ``season-2026.csv``: a clean season in the players layout (the quiz's generator).
- ``club-nights.xlsx``: three nights in the rounds layout as a producer keeps them: a title row
  above the header, a bold header, a notes column, widths set, and a few deliberately bad rows
  (an illegal suit, a card dealt twice, a hole-card cell with one card, a two-card board) plus a
  formula-like note that must stay text.
"""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font

from pipeline.generate import deal_holdem, players_frame, rounds_frame

INPUT = Path("input")


def make_season() -> None:
    players_frame(deal_holdem(rounds=40, players=6, seed=2026)).write_csv(INPUT / "season-2026.csv")


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
            sheet.cell(row=8, column=notes, value="=dealer error?")
        if night == 3:
            player = next(c for c in range(3, notes) if sheet.cell(row=5, column=c).value)
            sheet.cell(row=5, column=player, value="Ah")
            sheet.cell(row=9, column=2, value="Kd 7c")
            sheet.cell(row=10, column=notes, value="+1 chip penalty")
    book.save(INPUT / "club-nights.xlsx")


if __name__ == "__main__":
    make_season()
    make_club_nights()
