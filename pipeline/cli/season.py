"""``pipeline season FOLDER``: the stats desk's season workbook from every night's Parquet."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli import EXIT_FAILED, EXIT_ISSUES, app, rule_choices


def _date(text: str | None, option: str) -> dt.date | None:
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        typer.echo(f"Error: {option} {text!r} is not a date (YYYY-MM-DD)", err=True)
        raise typer.Exit(EXIT_FAILED) from None


@app.command("season")
def season_command(
    folder: Annotated[Path, typer.Argument(help="Folder of scored nights (*.parquet, any depth).")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Workbook to write.")] = Path(
        "season.xlsx"
    ),
    date_from: Annotated[
        str | None, typer.Option("--from", help="First night to count (YYYY-MM-DD).")
    ] = None,
    date_to: Annotated[
        str | None, typer.Option("--to", help="Last night to count (YYYY-MM-DD).")
    ] = None,
    tournament: Annotated[
        str | None, typer.Option("--tournament", help="Count only this tournament (Yatzy: game).")
    ] = None,
    min_rounds: Annotated[
        int, typer.Option("--min-rounds", help="Rounds a player needs to be placed.", min=0)
    ] = 0,
    top: Annotated[
        int,
        typer.Option(
            "--top", help="Players in the trend chart; opponents per player in head to head.", min=1
        ),
    ] = 10,
    players_file: Annotated[
        Path | None,
        typer.Option(
            "--players",
            help="CSV of alias,player: each alias counts as that player; an empty player "
            "leaves the name out (placeholders such as 'player 1').",
        ),
    ] = None,
    rank_by: Annotated[
        str | None,
        typer.Option(
            "--rank-by",
            help="Order each standings block by net, bb100, pots or wins (default: net where "
            "there is money, pots won where there is none).",
        ),
    ] = None,
    page_players: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            help="A guest to print a page for on 'Player pages' (repeat for more; default: "
            "the --top players with the most hands with actions).",
        ),
    ] = None,
    rule: Annotated[
        list[str] | None,
        typer.Option(
            "--rule",
            metavar="GAME=RULESET",
            help="The rule set a game's nights were run with, e.g. 'Short Deck=straight-over-"
            "trips' (the hand odds depend on it); repeat for several games.",
        ),
    ] = None,
    short_deck_rule: Annotated[
        str | None,
        typer.Option(
            help="Same as --rule 'Short Deck=RULESET' (kept for existing scripts): "
            "trips-over-straight or straight-over-trips."
        ),
    ] = None,
) -> None:
    """The season report: standings, hands vs odds, luck, head to head and Yatzy, one workbook.

    Exit code 0 when written; 1 when a text was cut to fit a cell (one line "Issue: ..." each)
    or when --from/--to match no night (nothing written); 2 (one line "Error: ...") when the
    folder or the players file cannot be read.
    """
    from pipeline.games.poker.variants import rules_of_games
    from pipeline.season.names import PlayerMap, PlayersFileError, read_players
    from pipeline.season.poker_tables import RANK_BY
    from pipeline.season.report import EmptyRangeError, SeasonError, season_report
    from pipeline.sinks.excel.season import nights_said, overlong_texts, write_season_workbook

    start, end = _date(date_from, "--from"), _date(date_to, "--to")
    if rank_by is not None and rank_by not in RANK_BY:
        typer.echo(f"Error: --rank-by {rank_by!r} is not one of {', '.join(RANK_BY)}", err=True)
        raise typer.Exit(EXIT_FAILED)
    try:
        players = PlayerMap() if players_file is None else read_players(players_file)
    except PlayersFileError as error:
        typer.echo(f"Error: {error}", err=True)
        raise typer.Exit(EXIT_FAILED) from None
    rule_sets = rule_choices(rule, short_deck_rule)
    try:
        report = season_report(
            folder,
            date_from=start,
            date_to=end,
            tournament=tournament,
            min_rounds=min_rounds,
            top=top,
            rules_of_game=rules_of_games(rule_sets),
            players=players,
            rank_by=rank_by,
            page_players=page_players or (),
        )
        write_season_workbook(report, output)
    except EmptyRangeError as error:
        typer.echo(f"Issue: {error}; nothing written", err=True)
        raise typer.Exit(EXIT_ISSUES) from None
    except (SeasonError, OSError) as error:
        typer.echo(f"Error: {error}", err=True)
        raise typer.Exit(EXIT_FAILED) from None
    typer.echo(
        f"wrote {output}: {report.standings.height:,} poker players, "
        f"{report.yatzy_standings.height:,} Yatzy players, {report.nights.height:,} nights"
    )
    for line in nights_said(report):
        typer.echo(f"Note: {line}")
    for name in report.players_not_found:
        typer.echo(f"Note: --player {name!r}: no player of that name has hands with actions")
    cut = overlong_texts(report)
    for line in cut:
        typer.echo(f"Issue: {output}: {line}", err=True)
    if cut:
        raise typer.Exit(EXIT_ISSUES)
