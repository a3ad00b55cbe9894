"""Read PokerStars hand histories into one row per player per hand.

The file is cut into hands at each ``PokerStars ... Hand #`` header line; each hand is read
line by line with cheap string tests first and a few pre-compiled patterns only where a line
has to be taken apart.  A hand that cannot be read becomes an issue naming its id and line;
the other hands go on.  A hand without its ``*** SUMMARY ***`` (a file cut short) is reported
as ``truncated_hand``.  Hold'em, Omaha and Omaha Hi/Lo hands (no limit, pot limit, limit) are
read, ``variant`` holding the header's words for the game (``Omaha Hi/Lo Pot Limit``); another
game (Razz, 7 Card Stud, 6+ Hold'em...) is one ``unsupported_variant`` issue per file, at its
first hand, counting the hands left out.

>>> text = '''PokerStars Hand #1: Tournament #9, $1+$0.1 USD Hold'em No Limit - Level I (10/20) -\
...  2020/01/01 12:00:00 ET
... Table '9 1' 9-max Seat #1 is the button
... Seat 1: Ann (1500 in chips)
... Seat 2: Bob (1500 in chips)
... Ann: posts small blind 10
... Bob: posts big blind 20
... *** HOLE CARDS ***
... Ann: folds
... Uncalled bet (10) returned to Bob
... Bob collected 20 from pot
... *** SUMMARY ***
... Total pot 20 | Rake 0
... Seat 1: Ann (button) (small blind) folded before Flop
... Seat 2: Bob (big blind) collected (20)
... '''
>>> log = read_pokerstars(text, "x.txt")
>>> log.rows.select("player", "put_in", "won", "folded_street").rows()
[('Ann', 10.0, 0.0, 'preflop'), ('Bob', 10.0, 20.0, None)]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import polars as pl

from pipeline.records.hand_log import (
    HandLog,
    Issues,
    append_board_game_nulls,
    head_matches,
    seen_board,
)
from pipeline.sources.base import UTF16_BOMS, decode_text, utf16_without_bom
from pipeline.sources.pokerstars.header import HEADER_COLUMN, finish_rows
from pipeline.sources.pokerstars.lines import (
    HAND_ID,
    HEADER,
    BadHandError,
    HandState,
    RunItTwiceError,
    TruncatedHandError,
    UnsupportedVariantError,
    read_hand,
    split_hands,
)
from pipeline.sources.pokerstars.scanner import RAW_SCHEMA, SCAN, scanned_rows

UTF8_BOM = b"\xef\xbb\xbf"

__all__ = [
    "HandLog",
    "read_pokerstars",
    "read_pokerstars_lines",
    "sniff_pokerstars",
    "split_hands",
]


def sniff_pokerstars(head: str) -> bool:
    """True when the text starts like a PokerStars hand history (a header line in the head).

    >>> header = "\\ufeffPokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - x"
    >>> sniff_pokerstars(header), sniff_pokerstars("Ah Kh Qh Jh Th\\n2c 3c 4c 5c 6c")
    (True, False)
    """
    return head_matches(HEADER, head)


def read_pokerstars(text: str | bytes, file: str, *, compiled: bool = True) -> HandLog:
    """Read every hand of a PokerStars hand history; see the module doc for an example.

    ``text`` is the file's text, or its bytes, decoded as any text file is
    (:func:`pipeline.sources.base.decode_text`); UTF-8 bytes go to the compiled scanner as they
    are, never decoded whole.  ``file`` names the source in issue messages.  Ordinary hands are
    read by the compiled scanner (:mod:`pipeline.sources.pokerstars.scanner`) where it is
    built; the others, and every issue, by the line reader, the reference.  Without the
    scanner (no C compiler at install), or with ``compiled=False``, the line reader reads the
    whole file: the same rows and issues, several times slower (``bench/README.md``).
    """
    use_scanner = compiled and SCAN is not None
    if isinstance(text, bytes):
        if use_scanner and not text.startswith(UTF16_BOMS) and utf16_without_bom(text) is None:
            # The scanner takes "\r\n" and "\r" as line ends itself: no copy of the text.
            data = text.removeprefix(UTF8_BOM).removeprefix(UTF8_BOM)
            scanned = scanned_rows(data)
            if scanned is not None:  # the bytes are UTF-8
                return _with_hands_read_line_by_line(*scanned, lambda: data.decode(), file)
        text = decode_text(text)
    text = text.removeprefix("\ufeff")
    scanned = scanned_rows(text) if use_scanner else None
    if scanned is None:
        return read_pokerstars_lines(text, file)
    return _with_hands_read_line_by_line(*scanned, lambda: text, file)


def _with_hands_read_line_by_line(
    fast: pl.DataFrame,
    slow_hands: list[tuple[int, str]],
    whole_text: Callable[[], str],
    file: str,
) -> HandLog:
    """The rows read fast, with those of the hands left to the line reader in line order."""
    if fast.height == 0:
        return read_pokerstars_lines(whole_text(), file)
    if not slow_hands:
        return HandLog(fast, Issues().frame())
    slow = _read_hands(slow_hands, file)
    return HandLog(_in_line_order(fast, finish_rows(slow.rows)), slow.issues)


def _in_line_order(fast: pl.DataFrame, slow: pl.DataFrame) -> pl.DataFrame:
    """Two sets of rows, each in line order, as one: the slow hands' rows go in between the
    fast ones by line, in slices (no sort of the whole).  A hand's rows share its first line,
    and no line starts two hands, so this is the order of a stable sort on (line, seat).

    >>> fast = pl.DataFrame({"line": [1, 1, 9], "seat": [1, 2, 1]})
    >>> slow = pl.DataFrame({"line": [5, 5, 12], "seat": [3, 1, 1]})
    >>> _in_line_order(fast, slow)["line"].to_list()
    [1, 1, 5, 5, 9, 12]
    """
    if slow.height == 0:
        return fast
    fast_lines = fast["line"].to_numpy()
    slow_lines = slow["line"].to_numpy()
    # Runs of slow rows that go before the same fast row come in one slice.
    at = np.searchsorted(fast_lines, slow_lines)
    starts = np.flatnonzero(np.diff(at, prepend=-1))
    pieces = []
    taken = 0
    for begin, end in zip(starts, [*starts[1:], len(slow_lines)], strict=True):
        cut = int(at[begin])
        pieces += [fast.slice(taken, cut - taken), slow.slice(int(begin), int(end - begin))]
        taken = cut
    pieces.append(fast.slice(taken))
    # One copy into whole columns (measured cheaper than concat's own rechunk); the steps
    # after run faster on one chunk than on hundreds.
    return pl.concat(pieces, rechunk=False).rechunk()


def read_pokerstars_lines(text: str, file: str) -> HandLog:
    """The line-by-line reader (the reference) over every hand of a text."""
    log = _read_hands(split_hands(text), file)
    return HandLog(finish_rows(log.rows), log.issues)


def _read_hands(hands: list[tuple[int, str]], file: str) -> HandLog:
    """Rows (:data:`RAW_SCHEMA`) and issues of ``(start line, hand text)`` pairs, read line by
    line."""
    rows: dict[str, list[Any]] = {name: [] for name in RAW_SCHEMA}
    issues = Issues()
    # A game not read is named once per file: at its first hand, with how many were left out.
    unsupported: dict[str, tuple[int, int, int, str]] = {}  # words -> (issue, hands, line, id)
    if not hands:
        issues.add(None, None, "no_hands", f"{file}: no PokerStars hand header found")
    for line, hand_text in hands:
        variant: list[str] = []
        try:
            hand, meta = read_hand(hand_text, line, variant)
        except TruncatedHandError as exc:
            issues.add(
                line,
                str(exc),
                "truncated_hand",
                f"{file}:{line}: hand {exc} ends before its summary is whole (file cut short, "
                "or still being written?): left out",
            )
            continue
        except RunItTwiceError as exc:
            issues.add(
                line,
                str(exc),
                "run_it_twice",
                f"{file}:{line}: hand {exc} was run twice (two boards): left out, not scored",
            )
            continue
        except UnsupportedVariantError as exc:
            words = variant[0][:60]
            if words in unsupported:
                at, count, first_line, first_id = unsupported[words]
                unsupported[words] = (at, count + 1, first_line, first_id)
                continue
            unsupported[words] = (len(issues.columns["code"]), 1, line, str(exc))
            issues.add(line, str(exc), "unsupported_variant", "", column="variant", value=words)
            continue
        except BadHandError as exc:
            match = HAND_ID.search(hand_text[:200])
            hand_id = match.group(1) if match else None
            issues.add(line, hand_id, "malformed_hand", f"{file}:{line}: hand {hand_id}: {exc}")
            continue
        _append_rows(rows, hand, meta)
        for name, amount in hand.cashed_out:
            issues.add(
                line,
                hand.hand_id,
                "cashed_out",
                f"{file}:{line}: hand {hand.hand_id}: {name} cashed out; won holds the "
                f"pot award {amount:g} the summary names, not the cash-out payment",
                column="won",
                value=name,
            )
    for words, (at, count, first_line, first_id) in unsupported.items():
        hands_word = "hand" if count == 1 else "hands"
        issues.columns["message"][at] = (
            f"{file}:{first_line}: {words!r} is a variant not read here: {count} {hands_word} "
            f"left out, the first hand {first_id}"
        )
    frame = pl.DataFrame(list(zip(*rows.values(), strict=True)), schema=RAW_SCHEMA, orient="row")
    return HandLog(frame, issues.frame())


def _append_rows(rows: dict[str, list[Any]], hand: HandState, meta: dict[str, Any]) -> None:
    for name, seat in sorted(hand.seats.items(), key=lambda item: item[1]):
        rows["hand_id"].append(hand.hand_id)
        rows["tournament"].append(meta["tournament"])
        rows["table"].append(meta["table"])
        rows["round"].append(hand.hand_id)
        rows["date"].append(meta["date"])
        rows["line"].append(hand.line)
        rows["seat"].append(seat)
        rows["button"].append(seat == hand.button)
        rows["player"].append(name)
        rows["stack"].append(hand.stacks[name])
        rows["hole"].append(hand.hole.get(name))
        rows["mucked"].append(name not in hand.shown)
        rows["stated_hand"].append(hand.stated.get(name))
        rows["board"].append(seen_board(hand.board, hand.folded.get(name)))
        rows["folded"].append(name in hand.folded)
        rows["folded_street"].append(hand.folded.get(name))
        rows["put_in"].append(round(hand.put_in[name], 2))
        rows["won"].append(round(hand.won[name], 2))
        rows["variant"].append(meta["variant"])
        rows["ante"].append(hand.ante)
        rows["table_size"].append(meta["table_size"])
        rows["actions"].append(hand.actions_of(name))
        append_board_game_nulls(rows)
        rows[HEADER_COLUMN].append(meta["header"])
