"""The season workbook's ``Player pages``: a printed page per guest and game block, the player's
figures beside the field's, then their latest nights (issue 33).

Each page is planned to print as one landscape page: the sheet prints at the one scale at which
its columns fill a page's width (never above 100 %), a manual page break after every page, and
a page lists only as many nights as its rows leave room for (the latest; the page says how many
of how many).  The pages' data: :mod:`pipeline.season.player_pages`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from pipeline.sinks.excel.contract import PERCENT_FORMAT
from pipeline.sinks.excel.printing import column_points
from pipeline.sinks.excel.season.layout import (
    BOLD,
    DECIMAL,
    FONT,
    INTEGER,
    LEFT,
    RIGHT,
    ROW_POINTS,
    TITLE_POINTS,
    set_widths,
    write_title,
)

if TYPE_CHECKING:  # a type only: the sink does not depend on the season layer
    from pipeline.season.player_pages import PlayerPage

PLAYER_PAGES = "Player pages"
EMPTY = (
    "No player pages: the statistics come from hand-history nights (the players' actions), "
    "and the season has none, or no player asked for (--player) played one."
)
MARGIN_INCHES = 0.5
PAGE_WIDTH_POINTS = (11.0 - 2 * MARGIN_INCHES) * 72
"""A landscape page's printable width: the narrower of Letter (11 in) and A4 (11.69 in)."""
PAGE_HEIGHT_POINTS = (8.27 - 2 * MARGIN_INCHES) * 72
"""A landscape page's printable height: the shorter of A4 (8.27 in) and Letter (8.5 in)."""
FORMATS = {"count": INTEGER, "percent": PERCENT_FORMAT, "ratio": "0.00", "money": DECIMAL}
SMALL = Font(name="Calibri", size=10, italic=True)
HEADINGS = ("statistic", "field average", "out of", "what it means")


def _widths(pages: Sequence[PlayerPage]) -> list[float]:
    longest_name = max(len(page.player) for page in pages)
    return [22.0, float(min(30, max(14, longest_name + 2))), 14.0, 10.0, 44.0]


def _scale(widths: Sequence[float]) -> int:
    total = sum(column_points(width) for width in widths)
    return min(100, int(100 * PAGE_WIDTH_POINTS / total))


def player_pages_sheet(ws: Worksheet, pages: Sequence[PlayerPage]) -> None:
    """Write a page per :class:`~pipeline.season.player_pages.PlayerPage` on ``ws``, each
    printed as one landscape page."""
    ws.sheet_format.defaultRowHeight = ROW_POINTS
    ws.sheet_format.customHeight = True
    margins = ws.page_margins
    margins.left = margins.right = margins.top = margins.bottom = MARGIN_INCHES
    margins.header = margins.footer = 0.3
    setup = ws.page_setup
    setup.orientation = "landscape"
    if not pages:
        write_title(ws, 1, EMPTY)
        return
    widths = _widths(pages)
    set_widths(ws, widths)
    scale = _scale(widths)
    setup.scale = scale
    page_rows = int(PAGE_HEIGHT_POINTS * 100 / scale / ROW_POINTS) - 1  # a title row is taller
    row = 1
    for number, page in enumerate(pages):
        if number:
            ws.row_breaks.append(Break(id=row - 1))
        row = _write_page(ws, page, row, page_rows) + 1
    ws.print_area = f"A1:{get_column_letter(len(widths))}{row - 1}"


def _write_page(ws: Worksheet, page: PlayerPage, top: int, page_rows: int) -> int:
    """One page from row ``top``; returns its last row."""
    block = page.game if page.currency is None else f"{page.game} — {page.currency}"
    write_title(ws, top, f"{page.player} — {block}")
    field = "player" if page.players == 1 else "players"
    said = (
        f"The season beside the field: {page.players} {field} of this game and currency. The "
        "field's percentages are over all their hands together;"
    )
    ws.cell(row=top + 1, column=1, value=said).font = SMALL
    ws.cell(
        row=top + 2,
        column=1,
        value="its hands, nights and money are the average per player. "
        "Out of: the player's hands behind the percentage.",
    ).font = SMALL
    header = top + 3
    for column, heading in enumerate((HEADINGS[0], page.player, *HEADINGS[1:]), start=1):
        cell = ws.cell(row=header, column=column, value=heading)
        cell.data_type = "s"
        cell.font = BOLD
        cell.alignment = LEFT if column in (1, 5) else RIGHT
    row = header
    for statistic, kind, own, field_value, out_of, meaning in page.figures.iter_rows():
        row += 1
        number_format = FORMATS[kind]
        values = (statistic, own, field_value, out_of, meaning)
        for column, value in enumerate(values, start=1):
            cell = ws.cell(row=row, column=column, value=value)
            cell.font = FONT
            cell.alignment = LEFT if column in (1, 5) else RIGHT
            if column in (2, 3):
                cell.number_format = number_format
            elif column == 4:
                cell.number_format = INTEGER
    used = row - top + 1 + 3  # a blank row, the nights' title and header
    room = max(0, page_rows - used)
    return _write_nights(ws, page, row + 2, room)


def _write_nights(ws: Worksheet, page: PlayerPage, top: int, room: int) -> int:
    """The player's latest nights in the block, as many as ``room`` rows allow."""
    nights = page.nights.tail(room) if room else page.nights.clear()
    money = page.nights["net"].is_not_null().any()
    shown = f"the latest {nights.height} of {page.nights_played}"
    if nights.height == page.nights_played:
        shown = "every night" if page.nights_played > 1 else "the one night"
    ws.cell(row=top, column=1, value=f"Night by night ({shown})").font = BOLD
    ws.row_dimensions[top].height = TITLE_POINTS
    headings = ("date", "hands", *(("net", "net so far") if money else ()))
    for column, heading in enumerate(headings, start=1):
        cell = ws.cell(row=top + 1, column=column, value=heading)
        cell.font = BOLD
        cell.alignment = LEFT if column == 1 else RIGHT
    row = top + 1
    for night, date, hands, net, so_far in nights.select(
        "night", "date", "hands", "net", "cumulative net"
    ).iter_rows():
        row += 1
        when = ws.cell(row=row, column=1, value=date if date is not None else f"night {night}")
        when.font, when.alignment = FONT, LEFT
        if date is not None:
            when.number_format = "yyyy-mm-dd"
        values: tuple[object, ...] = (hands, *((net, so_far) if money else ()))
        for column, value in enumerate(values, start=2):
            cell = ws.cell(row=row, column=column, value=value)
            cell.font, cell.alignment = FONT, RIGHT
            cell.number_format = INTEGER if column == 2 else DECIMAL
    return row


__all__ = ["PLAYER_PAGES", "player_pages_sheet"]
