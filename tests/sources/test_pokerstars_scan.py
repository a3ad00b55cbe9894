"""The compiled PokerStars scanner: built wherever a C compiler is, and reading every hand as
the text engine (the reference) reads it, or handing it back to it."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import polars as pl
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pipeline.sources.base import decode_text
from pipeline.sources.pokerstars import read_pokerstars, read_pokerstars_reference
from pipeline.sources.pokerstars.scanner import SCAN, scanned_rows

DATA = Path(__file__).parent.parent / "data" / "hand_histories"
FILE = DATA / "pokerstars_mixed.txt"
needs_scanner = pytest.mark.skipif(SCAN is None, reason="the C extension is not built")


def test_the_scanner_is_built_where_a_c_compiler_is() -> None:
    # The extension is optional at install, so a failed build would pass unnoticed: where a
    # compiler is there, it must have been built.
    if shutil.which("cc") is None:
        pytest.skip("no C compiler: the engine reads instead")
    rebuild = (
        "run `pip install -e .` (or `python setup.py build_ext --inplace`) and read its warnings"
    )
    assert SCAN is not None, (
        "a C compiler is there but pipeline.sources.pokerstars.scanner._pokerstars_scan is not "
        "built: "
        f"{rebuild}"
    )
    # A rebuild that failed after the source changed leaves the old binary in place.
    from pipeline.sources.pokerstars.scanner import _pokerstars_scan

    built = Path(_pokerstars_scan.__file__)
    for source in built.parent.glob("_pokerstars_scan*.[ch]"):  # its parts and their header
        assert built.stat().st_mtime >= source.stat().st_mtime, (
            f"{built.name} is older than {source.name}: {rebuild}"
        )


def scanned(text: str | bytes) -> tuple[pl.DataFrame, list[tuple[int, str]]]:
    result = scanned_rows(text)
    assert result is not None
    return result


def same_as_the_engine(text: str) -> None:
    compiled = read_pokerstars(text, "hands.txt")
    reference = read_pokerstars_reference(text, "hands.txt")
    assert compiled.rows.equals(reference.rows), (text, compiled.rows, reference.rows)
    assert compiled.issues.equals(reference.issues), (text, compiled.issues, reference.issues)


@needs_scanner
def test_the_scanner_hands_back_only_the_hands_with_issues() -> None:
    # Names holding ": " and brackets (Cy: the [Kid]) are read here, as the engine reads
    # them; the malformed, unsupported and truncated hands come back for it to report.
    text = FILE.read_text(encoding="utf-8")
    rows, handed_back = scanned(text)
    assert [line for line, _ in handed_back] == [189, 206, 223]
    assert handed_back[0][1].startswith("PokerStars Hand #2003:")
    reference = read_pokerstars_reference(text, FILE.name)
    assert rows.equals(reference.rows.filter(pl.col("line") < 189))
    same_as_the_engine(text)


HAND = """PokerStars Hand #5001: Tournament #77, $1+$0.10 USD Hold'em No Limit - Level II (10/20) \
- 2021/3/4 5:06:07 ET
Table '77 3' 9-max Seat #3 is the button
Seat 1: Ann (1,500 in chips)
Seat 2: Bob Smith (1500 in chips)
Seat 3: Cy (1500 in chips)
Seat 4: Dee (900 in chips) is sitting out
Ann: posts the ante 5
Bob Smith: posts the ante 5
Cy: posts the ante 5
Ann: posts small blind 10
Bob Smith: posts big blind 20
*** HOLE CARDS ***
Dealt to Ann [10h 10c]
Cy: raises 40 to 60
Ann: calls 50
Bob Smith: folds
*** FLOP *** [2c 7d Kd]
Ann: bets 100
Cy: calls 100
*** TURN *** [2c 7d Kd] [9s]
Ann: checks
Cy: bets 200
Ann: calls 200
*** RIVER *** [2c 7d Kd 9s] [3h]
Ann: bets 300
Cy: folds
Uncalled bet (300) returned to Ann
Ann collected 755 from pot
*** SUMMARY ***
Total pot 755 | Rake 0
Board [2c 7d Kd 9s 3h]
Seat 1: Ann (small blind) collected (755)
Seat 2: Bob Smith (big blind) folded before Flop
Seat 3: Cy (button) folded on the River
"""

EDGES = {
    "as written": (HAND, False),
    "an amount with three decimals": (HAND.replace("calls 50", "calls 50.125"), True),
    "a Unicode digit in a summary seat": (
        HAND.replace("Seat 3: Cy (button) folded", "Seat \u0663: Cy (button) mucked [Ah Ad]"),
        True,
    ),
    "trailing no-break and ideographic spaces": (
        HAND.replace("Cy: calls 100", "Cy: calls 100\u00a0").replace(
            "*** TURN", "\u3000\n*** TURN"
        ),
        False,
    ),
    "a name holding ' (' read as the pattern reads it": (
        HAND.replace("Bob Smith", "Bob (UK) (b)"),
        False,
    ),
    "a name seated twice": (HAND.replace("Seat 3: Cy", "Seat 3: Ann"), True),
    "run it twice": (
        HAND.replace("*** RIVER *** [2c 7d Kd 9s] [3h]", "*** FIRST RIVER *** [2c 7d Kd 9s] [3h]")
        .replace("Ann: bets 300\nCy: folds\n", "*** SECOND RIVER *** [2c 7d Kd 9s] [4h]\n")
        .replace("Uncalled bet (300) returned to Ann\n", ""),
        True,  # the engine names it: run_it_twice
    ),
    "a cash-out": (
        HAND.replace(
            "Ann (small blind) collected (755)",
            "Ann (small blind) showed [Th Tc] and won (755) with a pair of Tens (pot not "
            "awarded as player cashed out)",
        ),
        True,
    ),
    "a raise that does not read": (HAND.replace("raises 40 to 60", "raises 40 to"), True),
    "a dead small blind in a cash game": (
        HAND.replace("Level II (10/20)", "($0.10/$0.20 USD)").replace(
            "Bob Smith: posts big blind 20", "Bob Smith: posts small & big blinds 30"
        ),
        False,
    ),
    "a Zoom header with Game #": (
        HAND.replace("PokerStars Hand #5001", "PokerStars Zoom Game #5001"),
        False,
    ),
    "no summary: cut short": (HAND.split("*** SUMMARY")[0], True),
}


@needs_scanner
@pytest.mark.parametrize(("text", "handed_back"), list(EDGES.values()), ids=list(EDGES))
def test_edge_cases_read_as_the_engine_reads_them(text: str, handed_back: bool) -> None:
    rows, back = scanned(text)
    assert (len(back) == 1) == handed_back, back
    assert rows.height == (0 if handed_back else 3)  # Dee sat out: not dealt in
    same_as_the_engine(text)


_AMOUNTS = ["10", "20", "$0.25", "1,000", "$1.50", "7", ".5", "5."]
# Amounts the scanner hands back (three decimals, a Unicode digit, a minus sign) or that do
# not read at all; a hand draws from them only now and then, so most hands are read.
_ODD_AMOUNTS = ["0.125", "€5", "\u0663", "1.2.3", ".", "-5", "$", ""]
_NAMES = st.text(alphabet="Ab :()[]#'1é\u00a0\u0663", max_size=6).map(str.strip)
_SPACES = st.sampled_from(["", "", "", " ", "\t", "\u00a0", "\u3000", "\r", "\r\r"])
_CARDS = st.sampled_from(["Ah Kh", "10h 10c", "Qs  Qd", "2c", "", "Ah\u00a0Kd", "Ah Kh Qd 2c"])
_GAMES = st.sampled_from(["Hold'em No Limit", "Omaha Pot Limit", "Omaha Hi/Lo Limit", "Razz Limit"])


@st.composite
def hand_texts(draw: st.DrawFn) -> str:
    """A hand of random names, amounts, cards and trailing spaces, a few of its lines left out."""
    a, b, c = draw(st.lists(_NAMES, min_size=3, max_size=3, unique=True))
    pool = draw(st.sampled_from([_AMOUNTS, _AMOUNTS, _AMOUNTS + _ODD_AMOUNTS]))
    amounts = iter(draw(st.lists(st.sampled_from(pool), min_size=24, max_size=24)))
    cards = iter(draw(st.lists(_CARDS, min_size=8, max_size=8)))
    seat = draw(st.sampled_from(["1", "1", "1", "01", "\u0661", "1x", "99"]))
    lines = [
        f"PokerStars Hand #{draw(st.integers(1, 9))}: Tournament #9, $1 USD {draw(_GAMES)} "
        f"- Level I ({next(amounts)}/{next(amounts)}) - 2020/1/2 3:04:05 ET",
        f"Table '{draw(_NAMES)}' 9-max Seat #{draw(st.integers(1, 3))} is the button",
        f"Seat {seat}: {a} ({next(amounts)} in chips)",
        f"Seat 2: {b} ({next(amounts)} in chips){draw(st.sampled_from(['', ' is sitting out']))}",
        f"Seat 3: {c} ({next(amounts)} in chips)",
        f"{a}: posts small blind {next(amounts)}",
        f"{b}: posts big blind {next(amounts)}",
        f"{c}: posts the ante {next(amounts)} and is all-in",
        f"{a}: posts small & big blinds {next(amounts)}",
        "*** HOLE CARDS ***",
        f"Dealt to {a} [{next(cards)}]",
        f"{c}: raises {next(amounts)} to {next(amounts)}",
        f"{a}: calls {next(amounts)} and is all-in",
        f"{b}: folds [{next(cards)}]",
        f"*** FLOP *** [{next(cards)} 3d]",
        f"{a}: bets {next(amounts)}",
        f"{c}: calls {next(amounts)}",
        f"{b}: is sitting out",
        f"*** TURN *** [{next(cards)}] [5s]",
        "*** SHOW DOWN ***",
        f"{a}: shows [{next(cards)}] (a pair of Kings)",
        f"{c}: mucks hand",
        f"Uncalled bet ({next(amounts)}) returned to {draw(st.sampled_from([a, c, c, 'Zed']))}",
        f"{a} collected {next(amounts)} from pot",
        f'{c} said, "nice: hand"',
        "*** SUMMARY ***",
        f"Seat 1: {a} (small blind) showed [{next(cards)}] and won ({next(amounts)}) with a pair",
        f"Seat 3: {c} (button) mucked [{next(cards)}]",
    ]
    left_out = draw(st.sets(st.integers(1, len(lines) - 1), max_size=draw(st.integers(0, 2))))
    return "\n".join(line + draw(_SPACES) for at, line in enumerate(lines) if at not in left_out)


@needs_scanner
@settings(max_examples=300, deadline=None)
@given(st.lists(hand_texts(), min_size=1, max_size=2))
def test_random_hands_read_as_the_engine_reads_them(hands: list[str]) -> None:
    same_as_the_engine("\n\n".join(hands))


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "engine"])
@pytest.mark.parametrize(
    "encode",
    [
        lambda text: text.encode(),
        lambda text: ("\ufeff" + text.replace("\n", "\r\n")).encode(),
        lambda text: text.encode("utf-16"),
        lambda text: text.replace("Bob Smith", "Zoë").encode("cp1252"),
    ],
    ids=["utf-8", "bom-crlf", "utf-16", "cp1252"],
)
def test_bytes_read_as_their_decoded_text(encode: Callable[[str], bytes], compiled: bool) -> None:
    # UTF-8 bytes go to the scanner undecoded; others are decoded as any text file is.
    data = encode(FILE.read_text(encoding="utf-8"))
    from_bytes = read_pokerstars(data, FILE.name, compiled=compiled)
    from_text = read_pokerstars(decode_text(data), FILE.name, compiled=compiled)
    assert from_bytes.rows.equals(from_text.rows)
    assert from_bytes.issues.equals(from_text.issues)
    assert from_bytes.rows.height == 19


@needs_scanner
def test_bytes_that_are_not_utf8_are_not_scanned() -> None:
    assert scanned_rows(HAND.replace("Cy", "Zoë").encode("cp1252")) is None
    rows, _ = scanned(HAND.replace("Cy", "Zoë").encode())
    assert "Zoë" in rows["player"].to_list()


@needs_scanner
@settings(max_examples=300, deadline=None)
@given(st.one_of(st.binary(max_size=24), st.text(max_size=12).map(str.encode)))
@example(b"\xed\xa0\x80")  # a surrogate
@example(b"\xc0\xaf")  # overlong forms
@example(b"\xe0\x80\xaf")
@example(b"\xf0\x80\x80\xaf")
@example(b"\xf4\x90\x80\x80")  # past U+10FFFF
@example(b"abcdefgh\xc3")  # cut short after a whole word of ASCII
@example("\U0010ffff\ud7ff\ue000".encode("utf-8", "surrogatepass"))
def test_the_scanner_takes_exactly_the_bytes_python_decodes_as_utf8(data: bytes) -> None:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        assert scanned_rows(data) is None, data
    else:
        assert scanned_rows(data) is not None, data


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "engine"])
@pytest.mark.parametrize(
    "newline", ["\r\n", "\r", "\r\r\n", "\n\r"], ids=["crlf", "cr", "cr-crlf", "lf-cr"]
)
def test_every_line_end_reads_as_the_engine_reads_it(newline: str, compiled: bool) -> None:
    # The scanner takes "\r\n" and a lone "\r" as line ends itself (no copy of the text); the
    # hands it hands back, the bad ones here, reach the engine with "\n" line ends.
    text = FILE.read_text(encoding="utf-8").replace("\n", newline)
    reference = read_pokerstars_reference(text, FILE.name)
    for given_as in (text, text.encode()):
        log = read_pokerstars(given_as, FILE.name, compiled=compiled)
        assert log.rows.equals(reference.rows)
        assert log.issues.equals(reference.issues)
        assert log.issues["code"].to_list() == [
            "malformed_hand", "unsupported_variant", "truncated_hand"
        ]  # fmt: skip


@needs_scanner
def test_the_scanner_reads_the_games_the_table_gives_it_and_no_other() -> None:
    """The scanner holds no game names: with none given, every hand goes back to the line
    reader; with the table's words (given at import), the 6+ hand is read here, as the line
    reader reads it."""
    from pipeline.sources.pokerstars.scanner import _pokerstars_scan
    from pipeline.sources.pokerstars.scanner.compiled import READ_VARIANTS

    text = (DATA / "pokerstars_six_plus.txt").read_text(encoding="utf-8")
    table = [(words, game.hole_cards) for words, game in READ_VARIANTS.items()]
    try:
        _pokerstars_scan.set_variants([])
        read = scanned_rows(text)
        assert read is not None
        assert (read[0].height, len(read[1])) == (0, 1)
        with pytest.raises(TypeError, match=r"\(words, hole cards\) tuple"):
            _pokerstars_scan.set_variants(["6+ Hold'em No Limit"])  # type: ignore[list-item]
        with pytest.raises(ValueError, match="variant 0: empty words or 0 hole cards"):
            _pokerstars_scan.set_variants([("6+ Hold'em No Limit", 0)])
    finally:
        _pokerstars_scan.set_variants(table)
    read = scanned_rows(text)
    assert read is not None
    rows, handed_back = read
    assert handed_back == []
    assert rows.equals(read_pokerstars_reference(text, "six_plus.txt").rows)


def test_each_pokerstars_word_ends_in_its_limit_as_the_scanner_assumes() -> None:
    # The scanner takes the first word at the header's game: the engine's header pattern takes
    # the shortest words ending in a limit.  They agree when "Limit" ends a word and only ends it.
    from pipeline.sources.pokerstars.scanner.compiled import READ_VARIANTS

    for words in READ_VARIANTS:
        assert words.endswith(("No Limit", "Pot Limit", " Limit")), words
        assert words.count("Limit") == 1, words
