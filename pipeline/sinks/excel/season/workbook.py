"""Write the season workbook (:class:`pipeline.season.report.SeasonReport`) with openpyxl.

Sheets, in order: ``Standings`` (a block per game: the table and its bar chart of wins),
``Player stats`` (the tracker statistics, a block per game and currency, and by position),
``Player pages`` (a printed page per guest and game: their figures beside the field's, and
their latest nights), ``Trend`` (the top players' cumulative wins after each night, a column
each, and their lines; and, per game and currency with money, the top players' net won by date
and its lines),
``Trend by player`` (every player, a row per night: that night's wins and the wins so far),
``Player nights`` (per game, currency and player, a row per night played: hands, net, the net
so far, VPIP and PFR),
``Hand odds`` (a block per game: categories made at showdown against the game's exact odds, and
their chart), ``Luck`` (expected vs actual wins, then the biggest suck-outs), ``Head to head``
(each player's most frequent opponents at showdown, a row each), ``Yatzy`` (standings, then
average score per category vs a random roll) and ``Nights``.

Tables and pages: :mod:`pipeline.sinks.excel.season.layout`; charts:
:mod:`pipeline.sinks.excel.season.charts`.  Every heading the report's notes explain carries
its note.  Printed, every sheet is landscape, one page wide when its columns fit at 60 % or more
(else across then down with its first columns repeated: the nightly workbooks' rule); a long
single table repeats its header on every page; a block of a game starts a page; a chart is whole
on a page, below its table or on the next page.  A column that holds the same value on every row
of the suck-outs (``street``, ``tournament``) is said once in the title instead.  The file is
written through the one atomic writer (:mod:`pipeline.sinks.atomic`), stamped as our output.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import polars as pl
from openpyxl import Workbook
from openpyxl.worksheet.hyperlink import Hyperlink
from openpyxl.worksheet.worksheet import Worksheet

from pipeline.sinks.atomic import atomic_open, stamp_workbook
from pipeline.sinks.excel.contract import MAX_CELL_TEXT
from pipeline.sinks.excel.season.charts import (
    category_columns,
    cumulative_lines,
    max_bars,
    wins_bars,
)
from pipeline.sinks.excel.season.layout import (
    FONT,
    PageFlow,
    TableRange,
    fold_constant,
    planned_widths,
    print_sheet,
    set_widths,
    write_table,
)
from pipeline.sinks.excel.season.player_pages import PLAYER_PAGES, player_pages_sheet
from pipeline.sinks.excel.season.player_stats import PLAYER_STATS, player_stats_sheet
from pipeline.sinks.excel.styles import cut_text

if TYPE_CHECKING:  # a type only: the sink does not depend on the season layer
    from pipeline.season.report import SeasonReport

TREND_ALL = "Trend by player"
PLAYER_NIGHTS = "Player nights"
NET_BY_DATE_NOTE = (
    "the player's net from their first night in this game and currency up to this one; flat "
    "over nights missed, 0 before the first"
)
SAME_PLAYER = "Same player"
"""The sheet of likely pairs (Excel forbids "?" in a sheet name: its table is titled "Same
player?")."""
FOLDED_SUCKOUT_COLUMNS = ("street", "game", "date", "tournament")
"""Suck-out columns said once in the title when every row holds the same value."""


def overlong_texts(report: SeasonReport) -> list[str]:
    """One line for each text of the report longer than an Excel cell holds: the workbook shows
    it cut, ending with the cut marker, and the Parquet files keep it whole.

    >>> from types import SimpleNamespace
    >>> report = SimpleNamespace(standings=pl.DataFrame({"player": ["Ann", "B" * 40_000]}))
    >>> overlong_texts(report)  # doctest: +ELLIPSIS
    ["table 'standings', row 2, column 'player': text of 40,000 characters ('BBBBB...…') cut..."]
    """
    lines: list[str] = []
    for table, frame in vars(report).items():
        if not isinstance(frame, pl.DataFrame):
            continue
        for name, dtype in frame.schema.items():
            if dtype != pl.String:
                continue
            too_long = (frame[name].str.len_chars() > MAX_CELL_TEXT).fill_null(False)
            for index in too_long.arg_true().to_list():
                text = str(frame[name][index])
                lines.append(
                    f"table {table!r}, row {index + 1}, column {name!r}: text of "
                    f"{len(text):,} characters ({text[:40] + '…'!r}) cut to fit an Excel cell "
                    f"({MAX_CELL_TEXT:,})"
                )
    return lines


def _games(frame: pl.DataFrame) -> list[tuple[str, pl.DataFrame]]:
    """The frame's blocks, one per ``game`` in order of appearance, without the column."""
    games = frame.get_column("game").unique(maintain_order=True).to_list()
    return [(game, frame.filter(pl.col("game") == game).drop("game")) for game in games]


def block_title(game: str, currency: str | None, has_money: bool) -> str:
    """A standings block's title: the game and the currency it counts in.

    >>> block_title("Hold'em", "USD", True), block_title("Hold'em", None, False)
    ("Hold'em — USD", "Hold'em")
    >>> block_title("Hold'em", None, True)
    "Hold'em — currency not recorded"
    """
    if currency is not None:
        return f"{game} — {currency}"
    return f"{game} — currency not recorded" if has_money else game


RANKED_BY = {
    "net": "by net, then pots won",
    "bb100": "by bb/100 (net in big blinds per 100 hands), then pots won",
    "pots": "by pots won (a split or a hi/lo half counting its part), then wins",
    "wins": "by rounds won, then pots won",
}
"""The place note of a block, per ranking."""
BAR_OF = {"net": "net", "bb100": "bb/100", "pots": "pots won", "wins": "wins"}


def _standings_blocks(standings: pl.DataFrame) -> list[tuple[str, str, pl.DataFrame]]:
    """The standings' blocks, one per game and currency in order: title, ranking, table.  The
    ``net`` and ``bb/100`` columns are shown when a block of the sheet has them (empty in a
    block without money): every block keeps the same columns, so the sheet's widths fit all."""
    blocks: list[tuple[str, str, pl.DataFrame]] = []
    dropped = ["game", "currency", "ranked by"]
    dropped += [] if standings["net"].is_not_null().any() else ["net"]
    dropped += [] if standings["bb/100"].is_not_null().any() else ["bb/100"]
    keys = standings.select("game", "currency").unique(maintain_order=True).rows()
    for game, currency in keys:
        block = standings.filter((pl.col("game") == game) & pl.col("currency").eq_missing(currency))
        ranking = str(block["ranked by"][0])
        has_net = bool(block["net"].is_not_null().any())
        blocks.append((block_title(game, currency, has_net), ranking, block.drop(dropped)))
    return blocks


def _notes(report: SeasonReport, table: str) -> Mapping[str, str]:
    return report.notes.get(table, {})


def _standings_sheet(ws: Worksheet, report: SeasonReport) -> None:
    """A block per game and currency: the table, then a bar chart of what it is ranked by."""
    blocks = _standings_blocks(report.standings)
    if not blocks:
        empty = report.standings.drop("game", "currency", "ranked by", "bb/100")
        blocks = [("Hold'em", "pots", empty)]
    widths = planned_widths([frame for _, _, frame in blocks])
    set_widths(ws, widths)
    title_rows = "1:2" if len(blocks) == 1 else None  # a block's title and header
    scale = print_sheet(ws, title_rows=title_rows, freeze="A3", fixed_scale=True, widths=widths)
    flow = PageFlow(ws, scale, repeated_rows=2 if title_rows else 0, widths=widths)
    row = 1
    for title, ranking, frame in blocks:
        flow.new_page(row)
        notes = dict(_notes(report, "standings"))
        notes["place"] = f"{RANKED_BY[ranking]}; {notes.get('place', '')}".rstrip("; ")
        table = write_table(ws, frame, row, notes, title=title)
        row = table.last_row + 2
        placed = frame.filter(pl.col("place").is_not_null()).height  # placed players first
        bars = min(placed, max_bars(flow))
        if bars:
            shown = f"top {bars} of {placed}" if bars < placed else f"{placed}"
            measure = BAR_OF[ranking]
            chart_title = f"{title}: {measure} of the {shown} placed players"
            chart = wins_bars(ws, table, bars, chart_title, flow, measure)
            row = flow.place(chart, table.last_row)


def _trend_sheet(ws: Worksheet, report: SeasonReport) -> None:
    """The top players' cumulative wins after each night, a column each, and their lines; a
    link to every player's rows on the long sheet; then, per game and currency with money, the
    top players' net won by date (cumulative), a page each, and its lines."""
    top = report.trend_top
    widths = planned_widths([top] + [frame for _, _, frame in report.net_trends])
    set_widths(ws, widths)
    scale = print_sheet(ws, key_columns=2, freeze="C3", fixed_scale=True, widths=widths)
    flow = PageFlow(ws, scale, widths=widths)
    players = top.width - 2
    title = f"Cumulative wins after each night: the top {players} players by wins"
    table = write_table(ws, top, 1, _notes(report, "trend_top"), title=title)
    link = ws.cell(
        row=table.last_row + 2,
        column=1,
        value=f"Every player, night by night: sheet '{TREND_ALL}'",
    )
    link.font = FONT
    link.hyperlink = Hyperlink(ref=link.coordinate, location=f"'{TREND_ALL}'!A1")
    row = link.row + 2
    if players and top.height:
        row = flow.place(cumulative_lines(ws, table, players, flow), link.row)  # the link stays
    for game, currency, frame in report.net_trends:
        shown = frame.width - 2
        if not shown or not frame.height:
            continue
        flow.new_page(row)
        block = block_title(game, currency, True)
        title = f"Net won by date — {block}: the top {shown} players by hands, cumulative"
        notes = {
            "date": _notes(report, "trend_top").get("date", ""),
            **{name: NET_BY_DATE_NOTE for name in frame.columns[2:]},
        }
        table = write_table(ws, frame, row, notes, title=title)
        measure = "net" if currency is None else f"net ({currency})"
        chart = cumulative_lines(
            ws, table, shown, flow, title=f"Net won by date — {block}", measure=measure
        )
        row = flow.place(chart, table.last_row)


def _odds_sheet(ws: Worksheet, report: SeasonReport) -> None:
    """A block per game: the categories against the game's exact odds, then their chart."""
    blocks = _games(report.categories)
    widths = planned_widths([frame for _, frame in blocks])
    set_widths(ws, widths)
    scale = print_sheet(ws, freeze="A3", fixed_scale=True, widths=widths)
    flow = PageFlow(ws, scale, widths=widths)
    row = 1
    for game, frame in blocks:
        flow.new_page(row)
        hands = int(frame["observed"].sum())
        title = f"{game}: {hands:,} showdown hands by category against the exact odds"
        table = write_table(ws, frame, row, _notes(report, "categories"), title=title)
        ws.cell(
            row=table.last_row + 1,
            column=1,
            value="Showdown hands are not random hands (weak ones fold more often): "
            "expect flags over a long season.",
        ).font = FONT
        chart = category_columns(ws, table, f"{game}: observed and expected hands", flow)
        row = flow.place(chart, table.last_row + 1)
    for game in report.games_without_rules:
        ws.cell(
            row=row, column=1, value=f"{game}: no rules known for this game, hands not compared"
        ).font = FONT
        row += 1


def _luck_sheet(ws: Worksheet, report: SeasonReport) -> None:
    table = write_table(ws, report.luck, 1, _notes(report, "luck"))
    suckouts, said = fold_constant(report.suckouts, FOLDED_SUCKOUT_COLUMNS)
    title = "Biggest suck-outs (lowest chance that still won at showdown)"
    write_table(
        ws,
        suckouts,
        table.last_row + 3,
        _notes(report, "suckouts"),
        title=title + "".join(f"; {text}" for text in said),
    )
    print_sheet(ws, freeze="A2")


def _long_sheet(
    ws: Worksheet, frame: pl.DataFrame, notes: Mapping[str, str], key_columns: int = 1
) -> TableRange:
    """One table, its header on every printed page, its first ``key_columns`` on every page
    across."""
    table = write_table(ws, frame, 1, notes)
    freeze = f"{chr(ord('A') + key_columns)}2"
    print_sheet(ws, key_columns=key_columns, title_rows="1:1", freeze=freeze)
    return table


def _yatzy_sheet(ws: Worksheet, report: SeasonReport) -> None:
    table = write_table(ws, report.yatzy_standings, 1, _notes(report, "yatzy_standings"))
    write_table(
        ws,
        report.yatzy_categories,
        table.last_row + 3,
        _notes(report, "yatzy_categories"),
        title="Average score per category vs one random roll",
    )
    print_sheet(ws, freeze="A2")


def nights_said(report: SeasonReport) -> list[str]:
    """What the season left out or could not date, one line each (the Nights sheet's foot and
    the command's output)."""
    lines: list[str] = []
    undated = report.nights.filter(pl.col("date").is_null())
    if undated.height:
        lines.append(
            f"{undated.height:,} night(s) have no date (no played_at, date column or date in "
            "the file's name): a file each, numbered last; no date is invented"
        )
    if report.repeated_hands:
        lines.append(
            f"{report.repeated_hands:,} hand(s) seen in more than one file counted once, "
            "from the file that played them first"
        )
    if report.stale:
        shown = ", ".join(report.stale[:5]) + (" ..." if len(report.stale) > 5 else "")
        lines.append(
            f"{len(report.stale):,} Parquet file(s) not listed as live in their folder's "
            f"manifest.json left out (a renamed or deleted input's old outputs): {shown}"
        )
    return lines


def _nights_sheet(ws: Worksheet, report: SeasonReport) -> None:
    table = _long_sheet(ws, report.nights, _notes(report, "nights"))
    for offset, line in enumerate(nights_said(report), start=2):
        ws.cell(row=table.last_row + offset, column=1, value=cut_text(line)).font = FONT


def _same_player_sheet(ws: Worksheet, report: SeasonReport) -> None:
    """Names that may be one player, for the desk to confirm: never merged by guess."""
    title = "Same player? Names that may be one: merge them in the players file (alias,player)"
    table = write_table(ws, report.same_player, 1, _notes(report, "same_player"), title=title)
    if not report.same_player.height:
        ws.cell(row=table.last_row + 1, column=1, value="No two names look alike.").font = FONT
    print_sheet(ws, title_rows="1:2", freeze="A3")


def build_season_workbook(report: SeasonReport) -> Workbook:
    """The season workbook in memory (see the module docstring for its sheets)."""
    book = Workbook()
    standings = book.active
    assert standings is not None
    standings.title = "Standings"
    _standings_sheet(standings, report)
    sheet = book.create_sheet(PLAYER_STATS)
    player_stats_sheet(
        sheet,
        report.player_stats,
        _notes(report, "player_stats"),
        report.position_stats,
        _notes(report, "position_stats"),
    )
    player_pages_sheet(book.create_sheet(PLAYER_PAGES), report.player_pages)
    _trend_sheet(book.create_sheet("Trend"), report)
    _long_sheet(book.create_sheet(TREND_ALL), report.trend, _notes(report, "trend"))
    nights = book.create_sheet(PLAYER_NIGHTS)
    _long_sheet(nights, report.night_stats, _notes(report, "night_stats"), key_columns=3)
    _odds_sheet(book.create_sheet("Hand odds"), report)
    _luck_sheet(book.create_sheet("Luck"), report)
    head = book.create_sheet("Head to head")
    _long_sheet(head, report.head_to_head, _notes(report, "head_to_head"))
    _yatzy_sheet(book.create_sheet("Yatzy"), report)
    _nights_sheet(book.create_sheet("Nights"), report)
    _same_player_sheet(book.create_sheet(SAME_PLAYER), report)
    return book


def write_season_workbook(report: SeasonReport, path: Path) -> Path:
    """Write the season workbook to ``path`` atomically, stamped as ours (the one writer,
    :mod:`pipeline.sinks.atomic`); returns ``path``."""
    book = build_season_workbook(report)
    stamp_workbook(book)
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_open(path) as handle:
        book.save(handle)
    return path


__all__ = ["build_season_workbook", "overlong_texts", "write_season_workbook"]
