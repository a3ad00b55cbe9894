"""Issue 12: the console script runs ``equity`` and ``--version`` without Typer, and prints what
the Typer app prints, byte for byte, exit code included."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pipeline.console import main, read_equity_arguments
from tests.helpers import Completed, run_cli


def run_console(args: list[str], capsys: pytest.CaptureFixture[str]) -> Completed:
    """``pipeline ARGS`` through the console script's own entry point, in this process."""
    with pytest.raises(SystemExit) as exited:
        main(args)
    code = exited.value.code
    captured = capsys.readouterr()
    return Completed(code if isinstance(code, int) else 0, captured.out, captured.err)


FAST_PATH_CASES = {
    "flop": ["equity", "AhKh", "QsQc", "--board", "2c7d9h"],
    "turn, options first and with =": ["equity", "--board=2c7d9hTs", "AhKh", "QsQc", "JdJs"],
    "dead cards": ["equity", "AhKh", "QsQc", "--board", "2c 7d 9h", "--dead", "Ts"],
    "monte carlo": ["equity", "AhKh", "QsQc", "--samples", "300", "--seed", "7"],
    "dealt twice": ["equity", "AhKh", "AhQc"],
    "one hand": ["equity", "AhKh"],
    "three cards": ["equity", "AhKhQh", "QsQc"],
    "not a card": ["equity", "AhKx", "QsQc"],
    "five board cards": ["equity", "AhKh", "QsQc", "--board", "2c7d9hTsJs"],
    "version": ["--version"],
}


GAME_CASES = {
    "omaha flop": ["equity", "AsKsQd2c", "JhTh9c8c", "--board", "AhKh2s", "--game", "PLO"],
    "hi/lo turn": ["equity", "As2sQd3c", "JhTh9c8c", "--board=4h5h9s7d", "--game", "plo8"],
    "short deck, other rule set": ["equity", "QsQd", "Ts9c", "--board", "QhJd8c6s", "--game",
                                   "6+", "--short-deck-rule", "straight-over-trips"],
    "unknown game": ["equity", "AhKh", "QsQc", "--game", "Chess"],
    "two cards in omaha": ["equity", "AhKh", "QsQc", "--game", "Omaha"],
    "a five in a short deck": ["equity", "AhKh", "5s5c", "--game", "Short Deck"],
    "five-card hands have no board": ["equity", "AhKhQhJhTh", "2c3c4c5c7d", "--game", "5-card"],
    "unknown short-deck rule": ["equity", "AhKh", "QsQc", "--game", "6+",
                                "--short-deck-rule", "straights-first"],
    "short deck, other rule set by --rule": ["equity", "QsQd", "Ts9c", "--board", "QhJd8c6s",
                                             "--game", "6+", "--rule", "6+=straight-over-trips"],
    "a rule for a game without rule sets": ["equity", "AhKh", "QsQc", "--rule", "PLO=x"],
    "a rule without its game": ["equity", "AhKh", "QsQc", "--rule", "straight-over-trips"],
}  # fmt: skip


HEADER = "hand       win %   tie %  equity %\n"
HI_LO_NOTE = (
    "equity: the expected share of the pot, half to the best high, half to the\n"
    "best low (eight or better; none qualifying: the high takes it all)\n"
)
GAME_OUTPUTS = {
    # Omaha: AsKsQd2c wins 521 of the 820 turn-and-river pairs, no tie (counted with
    # tests/reference.py's omaha_key).
    "omaha flop": (0, HEADER + "AsKsQd2c   63.54    0.00     63.54\n"
                   "JhTh9c8c   36.46    0.00     36.46\nboards: 820 (exact)\n", ""),
    "hi/lo turn": (0, HEADER + "As2sQd3c   20.00   80.00     60.00\n"
                   "JhTh9c8c    0.00   80.00     40.00\nboards: 40 (exact)\n" + HI_LO_NOTE, ""),
    # 36 cards less 8 seen leave 28 rivers; Ts9c holds the 8-to-queen straight, which beats
    # QsQd's trips under this rule set; a river pairing the board (three jacks, three eights,
    # three sixes) or the last queen fills QsQd up: 10 of 28 = 35.71 %.
    "short deck, other rule set": (0, HEADER + "QsQd       35.71    0.00     35.71\n"
                                   "Ts9c       64.29    0.00     64.29\nboards: 28 (exact)\n", ""),
    "unknown game": (2, "", "Error: unknown game 'Chess'; known: Hold'em, Five Card, Omaha, "
                     "Omaha 5, Omaha 6, Omaha Hi/Lo, Omaha 5 Hi/Lo, Short Deck, 7 Card Stud, "
                     "7 Card Stud Hi/Lo, Razz, 5 Card Draw, Triple Draw 2-7 Lowball, "
                     "Single Draw 2-7 Lowball, Triple Draw A-5 Lowball, Badugi\n"),
    "two cards in omaha": (2, "", "Error: 'AhKh' is 2 cards: expected 4 hole cards in Omaha\n"),
    "a five in a short deck": (
        2, "", "Error: card '5c' is not in the 36-card deck (6 through A)\n"
    ),
    "five-card hands have no board": (
        2, "", "Error: Five Card has no board: no cards to come, no equity to count\n"
    ),
    "unknown short-deck rule": (2, "", "Error: Short Deck has no rule set 'straights-first'; "
                                "known: trips-over-straight, straight-over-trips\n"),
    "short deck, other rule set by --rule": (
        0, HEADER + "QsQd       35.71    0.00     35.71\n"
        "Ts9c       64.29    0.00     64.29\nboards: 28 (exact)\n", ""),
    "a rule for a game without rule sets": (
        2, "", "Error: Omaha has no rule sets; the games with rule sets: Short Deck\n"),
    "a rule without its game": (
        2, "", "Error: a rule is GAME=RULESET, e.g. 'Short Deck=straight-over-trips'; got "
        "'straight-over-trips'\n"),
}  # fmt: skip


@pytest.mark.parametrize("case", GAME_CASES.keys())
def test_a_named_game_goes_to_the_cli_and_prints_its_figures(
    case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The console hands a named game to the Typer app (the games registry is the CLI's), and
    what it prints is stated here, byte for byte: comparing it with ``run_cli`` would compare
    the Typer app with itself. The core's figures are checked against the readable reference
    in ``tests/core/test_game_equity.py``; here, the routing, the rounding and the wording."""
    args = GAME_CASES[case]
    assert read_equity_arguments(args[1:]) is None
    assert run_console(args, capsys) == Completed(*GAME_OUTPUTS[case]), case


def test_the_game_decides_the_figures_and_its_mistakes_are_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    trips = run_console(["equity", "QsQd", "Ts9c", "--board", "QhJd8c6s", "--game", "6+"], capsys)
    other = run_console(GAME_CASES["short deck, other rule set"], capsys)
    assert float(trips.stdout.splitlines()[1].split()[-1]) > 50  # trips over a straight
    assert float(other.stdout.splitlines()[1].split()[-1]) < 50  # and the other way round
    hi_lo = run_console(GAME_CASES["hi/lo turn"], capsys)
    assert "expected share of the pot" in hi_lo.stdout
    errors = {
        "unknown game": "Error: unknown game 'Chess'; known: Hold'em, Five Card, Omaha",
        "two cards in omaha": "Error: 'AhKh' is 2 cards: expected 4 hole cards in Omaha",
        "a five in a short deck": "Error: card '5c' is not in the 36-card deck (6 through A)",
        "five-card hands have no board": "Error: Five Card has no board",
        "unknown short-deck rule": "Error: Short Deck has no rule set 'straights-first'",
    }
    for case, message in errors.items():
        result = run_console(GAME_CASES[case], capsys)
        assert result.returncode == 2 and result.stderr.startswith(message), (case, result)


@pytest.mark.parametrize("args", FAST_PATH_CASES.values(), ids=FAST_PATH_CASES.keys())
def test_the_fast_path_prints_what_the_typer_app_prints(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    if args[0] == "equity":
        assert read_equity_arguments(args[1:]) is not None  # this case takes the fast path
    assert run_console(args, capsys) == run_cli(*args)


TYPER_CASES = {
    "zero samples": ["equity", "AhKh", "QsQc", "--samples", "0"],
    "samples not a number": ["equity", "AhKh", "QsQc", "--samples", "many"],
    "no hands": ["equity"],
    "option without value": ["equity", "AhKh", "QsQc", "--board"],
    "unknown option": ["equity", "AhKh", "QsQc", "--boards", "2c7d9h"],
    "help": ["equity", "--help"],
    "double dash": ["equity", "--", "AhKh", "QsQc"],
}


@pytest.mark.parametrize("args", TYPER_CASES.values(), ids=TYPER_CASES.keys())
def test_what_the_fast_path_does_not_understand_goes_to_typer(args: list[str]) -> None:
    assert read_equity_arguments(args[1:]) is None


def test_other_commands_and_usage_errors_reach_the_typer_app(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run_console(["equity", "AhKh", "QsQc", "--samples", "0"], capsys)
    assert result.returncode == 2
    assert "--samples" in result.stderr and "Traceback" not in result.stderr
    compared = run_console(["compare", "Black: 2H 3D 5S 9C KD  White: 2C 3H 4S 8C AH"], capsys)
    assert compared == run_cli("compare", "Black: 2H 3D 5S 9C KD  White: 2C 3H 4S 8C AH")


def test_equity_in_a_new_process_imports_neither_typer_nor_polars() -> None:
    code = (
        "import sys\n"
        "from pipeline.console import main\n"
        "try:\n"
        "    main(['equity', 'AhKh', 'QsQc', '--board', '2c7d9h'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = ('typer', 'click', 'rich', 'polars', 'pandera', 'pydantic', 'openpyxl')\n"
        "print(sorted(name for name in sys.modules if name.split('.')[0] in heavy))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.splitlines()[-1] == "[]", result.stdout
    assert result.stdout.splitlines()[-2] == "boards: 990 (exact)"
