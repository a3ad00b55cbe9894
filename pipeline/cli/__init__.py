"""The ``pipeline`` command: parse arguments, call the library, map problems to exit codes.

Exit codes: 0 clean, 1 when input problems were reported (good rounds still print), 2 when the
command itself could not run (a missing file, say).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.records import game_names  # the standard library only: costs the CLI nothing

if TYPE_CHECKING:
    from pipeline.games.base import EquityOptions, ScoringOptions

# Library modules are imported inside the commands that use them, so a command pays only for
# its own imports (``pipeline equity`` in a new process is dominated by start-up time).

EXIT_CLEAN, EXIT_ISSUES, EXIT_FAILED = 0, 1, 2

app = typer.Typer(
    name="pipeline",
    help="Showdown: score poker and dice tournament exports.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from pipeline.fast_commands import version_line

        typer.echo(version_line())
        raise typer.Exit(EXIT_CLEAN)


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", is_eager=True, callback=_version
        ),
    ] = False,
) -> None:
    """Showdown: score poker and dice tournament exports."""


InputsArgument = Annotated[
    list[Path] | None,
    typer.Argument(
        help="Exports (.csv, .xlsx, .xls, .ods, .txt, ...) or folders of them; default input/."
    ),
]
GameOption = Annotated[
    str | None,
    typer.Option(
        help="The poker game of sheets without a game column: "
        f"{game_names.games_and_an_alias()}; any alias, any case."
    ),
]
RuleOption = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        metavar="GAME=RULESET",
        help="Play a game by another rule set, e.g. 'Short Deck=straight-over-trips' (short "
        "deck: trips-over-straight, PokerStars 6+ and Triton's and the default, or "
        "straight-over-trips); repeat for several games.",
    ),
]
ShortDeckRuleOption = Annotated[
    str | None,
    typer.Option(
        help="Same as --rule 'Short Deck=RULESET' (kept for existing scripts): "
        "trips-over-straight or straight-over-trips."
    ),
]


def rule_choices(rules: list[str] | None, short_deck_rule: str | None) -> dict[str, str]:
    """The rule sets a command line names (``--rule GAME=RULESET``, and ``--short-deck-rule``
    as the short deck's), checked against the table of games; a game or rule set we do not
    know fails the command with the names we do."""
    from pipeline.records.game_names import SHORT_DECK, rule_sets_of

    choices = list(rules or [])
    if short_deck_rule is not None:
        choices.insert(0, f"{SHORT_DECK.name}={short_deck_rule}")
    try:
        return rule_sets_of(choices)
    except ValueError as error:
        raise _fail(str(error)) from None


def _scoring_options(
    game: str | None,
    rules: list[str] | None,
    short_deck_rule: str | None,
    equity: EquityOptions | None = None,
) -> ScoringOptions:
    """The run's scoring settings from the command line; a game or rule set we do not know
    fails the command with the names we do."""
    from pipeline.games.base import NO_EQUITY, ScoringOptions
    from pipeline.records.game_names import canonical_game, known_game_names

    name = None if game is None else canonical_game(game)
    if game is not None and name is None:
        raise _fail(f"unknown game {game!r}; known: {known_game_names()}")
    rule_sets = rule_choices(rules, short_deck_rule)
    return ScoringOptions(equity or NO_EQUITY, game=name, rule_sets=rule_sets)


def _fail(message: str) -> typer.Exit:
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(EXIT_FAILED)


def _read_text(path: Path | None) -> list[str]:
    if path is None or str(path) == "-":
        return sys.stdin.read().removeprefix("\ufeff").splitlines()  # Windows editors add a BOM
    try:
        return path.read_text(encoding="utf-8-sig").splitlines()
    except FileNotFoundError:
        raise _fail(f"no such file: {str(path)!r}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise _fail(f"cannot read {str(path)!r}: {error}") from None


@app.command("run")
def run_command(
    inputs: InputsArgument = None,
    output: Annotated[
        Path, typer.Option("--output", "-o", help="Folder for workbooks, Parquet, manifest.")
    ] = Path("output"),
    force: Annotated[
        bool, typer.Option("--force", help="Redo inputs whose content has not changed.")
    ] = False,
    equity: Annotated[
        bool,
        typer.Option(
            "--equity/--no-equity", help="Win probabilities per street (win_preflop, ...)."
        ),
    ] = True,
    equity_budget: Annotated[
        float,
        typer.Option(
            help="Seconds of exact equity work a sheet may take before preflop is sampled.",
            min=0,
        ),
    ] = 120.0,
    workers: Annotated[
        int | None,
        typer.Option(help="Run on a local Dask cluster of this many worker processes.", min=1),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(help="Run on a running Dask cluster, e.g. tcp://10.0.0.5:8786."),
    ] = None,
    game: GameOption = None,
    rule: RuleOption = None,
    short_deck_rule: ShortDeckRuleOption = None,
) -> None:
    """The nightly job: validate and score every export into NAME.xlsx and NAME.parquet.

    Unchanged inputs (same content hash as in output/manifest.json) are skipped.  Exit code 0
    when clean, 1 when issues were found (outputs still written), 2 when the run failed.
    """
    from pipeline.cli.report import pipe_may_break, print_run_summary, run_with_progress
    from pipeline.games.base import EquityOptions
    from pipeline.job import (
        ExecutorError,
        Interrupted,
        RunReport,
        executor_for,
        map_on_workers,
        stop_on_signals,
    )

    scoring = _scoring_options(
        game, rule, short_deck_rule, EquityOptions(enabled=equity, budget_seconds=equity_budget)
    )
    report: RunReport | None = None
    with stop_on_signals():  # SIGTERM, SIGINT, SIGHUP: stop, tidy, keep what finished
        try:
            with executor_for(workers, scheduler) as executor:
                if executor is not None:  # a large file's equity work is spread out too
                    spread = replace(scoring.equity, map_rounds=map_on_workers)
                    scoring = replace(scoring, equity=spread)
                report = run_with_progress(
                    inputs or [Path("input")],
                    output,
                    force=force,
                    scoring=scoring,
                    executor=executor,
                )
        except ExecutorError as error:
            raise _fail(str(error)) from None
        except Interrupted as stop:
            if report is None:  # while the Dask cluster started: no input was begun
                report = RunReport(stopped_by=stop)
            # else the run had ended and only the cluster was closing: nothing was cut short
    with pipe_may_break(sys.stdout, sys.stderr):  # a log reader gone: the exit code still says
        print_run_summary(report, output)
    raise typer.Exit(report.exit_code)


@app.command("check")
def check_command(
    inputs: InputsArgument = None,
    game: GameOption = None,
    rule: RuleOption = None,
    short_deck_rule: ShortDeckRuleOption = None,
) -> None:
    """Validate only: print every issue (file, sheet, row, column, value, message), write nothing.

    Exit code 0 when clean, 1 when issues were found, 2 when an input could not be found.
    """
    from pipeline.cli.report import count
    from pipeline.job import check, issue_lines

    results, found = check(inputs or [Path("input")], _scoring_options(game, rule, short_deck_rule))
    issues = len(found.issues)
    for line in found.issues:
        typer.echo(line)
    for result in results:
        for line in issue_lines(result):
            typer.echo(line)
            issues += 1
        typer.echo(
            f"{result.source.path}: {count(result.rows_read, 'row')} read, "
            f"{result.rows_scored:,} valid, "
            f"{result.rows_rejected:,} rejected",
            err=True,
        )
    for note in found.notes:
        typer.echo(f"Note: {note}", err=True)
    for problem in found.missing:
        typer.echo(f"Error: {problem}", err=True)
    raise typer.Exit(EXIT_FAILED if found.missing else EXIT_ISSUES if issues else EXIT_CLEAN)


@app.command()
def generate(
    path: Annotated[Path, typer.Argument(help="File to write: .csv, .xlsx or .txt (listing).")],
    rounds: Annotated[int, typer.Option(help="How many rounds to deal.", min=1)] = 100,
    players: Annotated[int, typer.Option(help="Players per round, 2 to 10.", min=2, max=10)] = 8,
    layout: Annotated[
        str,
        typer.Option(
            help="Hold'em: players (a row per player) or rounds (a row per round); five-card "
            "(the kata's hands); yatzy (games of 15 rounds, --rounds counts rounds)."
        ),
    ] = "players",
    seed: Annotated[int, typer.Option(help="Random seed: the same seed deals the same games.")] = 0,
    game: GameOption = None,
) -> None:
    """Deal seeded games into an export of any size: Hold'em (the quiz's generator) or another
    poker game (--game: Omaha, PLO8, 6+, Razz, Stud8, 2-7 TD, Badugi ...), five-card hands or
    Yatzy nights.  The same seed deals the same games."""
    from pipeline.games.generate import write_generated

    try:
        rows = write_generated(
            path, layout=layout, rounds=rounds, players=players, seed=seed, game=game
        )
    except (OSError, ValueError) as error:
        raise _fail(str(error)) from None
    typer.echo(f"wrote {rows:,} rows to {path}")


@app.command()
def showdown(
    file: Annotated[
        Path | None, typer.Argument(help="Showdown listing (Ruby Quiz #24); stdin when omitted.")
    ] = None,
    arrange: Annotated[
        bool, typer.Option("--arrange", help="Cards used first, then kickers, then unused.")
    ] = False,
    describe: Annotated[
        bool,
        typer.Option("--describe", help="Name hands in full: 'Full House (Kings over Nines)'."),
    ] = False,
) -> None:
    """Name every player's hand in a showdown listing and mark the round's winner(s).

    One line per player (two hole cards, then the community cards seen); rounds are separated by
    blank lines.  Bad rounds are reported on stderr and left out; the exit code is then 1.
    """
    from pipeline.games.poker.showdown import score_listing

    report = score_listing(_read_text(file), arrange=arrange, describe=describe)
    for line in report.lines:
        typer.echo(line)
    for problem in report.problems:
        typer.echo(problem, err=True)
    raise typer.Exit(EXIT_ISSUES if report.problems else EXIT_CLEAN)


@app.command()
def compare(
    hands: Annotated[
        list[str] | None,
        typer.Argument(help="One kata line, e.g. Black: 2H 3D 5S 9C KD  White: 2C 3H 4S 8C AH."),
    ] = None,
) -> None:
    """Compare named five-card hands (the poker hands kata) and print the verdict.

    The line comes from the arguments, or one line per game from stdin.  A line that cannot be
    compared is reported on stderr with its number, and the exit code is then 1.
    """
    from pipeline.games.poker.kata_compare import CompareError, verdict

    lines = [" ".join(hands)] if hands else sys.stdin.read().splitlines()
    problems = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            typer.echo(verdict(line))
        except CompareError as error:
            typer.echo(f"line {number}: {error}", err=True)
            problems += 1
    raise typer.Exit(EXIT_ISSUES if problems else EXIT_CLEAN)


@app.command()
def equity(
    hands: Annotated[
        list[str],
        typer.Argument(help="Each player's hole cards, e.g. AhKh QsQc (four a hand in Omaha)."),
    ],
    board: Annotated[
        str, typer.Option(help="Community cards so far: 0, 3 or 4 (e.g. 2c7d9h).")
    ] = "",
    dead: Annotated[str, typer.Option(help="Cards known to be out of the deck.")] = "",
    samples: Annotated[
        int | None,
        typer.Option(help="Monte Carlo: sample this many boards instead of all.", min=1),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed for --samples.")] = 0,
    game: GameOption = None,
    rule: RuleOption = None,
    short_deck_rule: ShortDeckRuleOption = None,
) -> None:
    """Each hand's chance to win, tie and its equity, exact over every way the board can fall."""
    # The console script runs this command without importing Typer (pipeline.console); both
    # paths print equity_lines.
    from pipeline.fast_commands import CommandError, equity_lines

    rules, name = None, None
    scoring = _scoring_options(game, rule, short_deck_rule)  # a wrong --rule fails, game or not
    if game is not None:  # the games registry names the game (not on the fast path)
        from pipeline.games.poker.variants import rules_of_games

        name = scoring.game
        rules = rules_of_games(scoring.rule_sets)[str(name)]
        if rules.board_cards == 0:
            raise _fail(f"{name} has no board: no cards to come, no equity to count")
    try:
        lines = equity_lines(hands, board, dead, samples, seed, rules, name)
    except CommandError as error:
        raise _fail(str(error)) from None
    for line in lines:
        typer.echo(line)


@app.command()
def yatzy(
    dice: Annotated[list[str], typer.Argument(help="Five dice, 1 to 6: 1 1 2 4 4 (or 1,1,2,4,4).")],
    category: Annotated[
        str | None,
        typer.Option(help="Print only this category's score: fours, 'two pairs', full_house ..."),
    ] = None,
) -> None:
    """Score one Yatzy roll (Scandinavian rules): one category, or the whole card, best first.

    Without --category, prints every category and its score, highest first (ties in score-sheet
    order).  Bad dice or an unknown category: one line on stderr and exit code 2.
    """
    from pipeline.core.yatzy import CATEGORY_NAMES, N_DICE, parse_category, score_card

    tokens = " ".join(dice).replace(",", " ").split()
    for token in tokens:
        if token not in {"1", "2", "3", "4", "5", "6"}:
            raise _fail(f"not a die: {token!r} (expected 1 to 6)")
    if len(tokens) != N_DICE:
        raise _fail(f"expected {N_DICE} dice, got {len(tokens)}")
    try:
        code = None if category is None else parse_category(category)
    except ValueError as error:
        raise _fail(str(error)) from None
    card = score_card([[int(token) for token in tokens]])[0].tolist()
    if code is not None:
        typer.echo(card[code])
        return
    width = max(len(name) for name in CATEGORY_NAMES)
    for place in sorted(range(len(card)), key=lambda index: -card[index]):
        typer.echo(f"{CATEGORY_NAMES[place]:<{width}}  {card[place]:>2}")


def main() -> None:
    """Run the Typer app on ``sys.argv`` (the console script is :func:`pipeline.console.main`)."""
    app()


from pipeline.cli import season as _season  # noqa: E402, F401  (registers `pipeline season`)
