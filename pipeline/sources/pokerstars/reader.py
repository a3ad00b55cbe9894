"""Read PokerStars hand histories into one row per player per hand.

Two paths, one answer: the compiled scanner (:mod:`pipeline.sources.pokerstars.scanner`), the
fast path, reads the ordinary hands; the text engine
(:func:`pipeline.sources.hand_histories.text_engine.read_text_hands`) over PokerStars'
declaration (:mod:`pipeline.sources.hand_histories.sites.text.pokerstars`), the reference,
reads the hands the scanner hands back (a cash-out, a hand cut short or malformed, another
game...) and reports every issue; without the scanner (no C compiler at install), or with
``compiled=False``, it reads the whole file.  A hand that cannot be read becomes an issue naming
its id and line; the other hands go on.  A hand without its whole ``*** SUMMARY ***`` (a file
cut short) is ``truncated_hand``.  Hold'em, Omaha, Omaha Hi/Lo and 6+ Hold'em hands (no limit,
pot limit, limit) are read, ``variant`` holding the header's words for the game (``Omaha Hi/Lo
Pot Limit``); another game (Razz, 7 Card Stud...) is one ``unsupported_variant`` issue per
file, at its first hand, counting the hands left out.

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

import numpy as np
import polars as pl

from pipeline.records.hand_log import HandLog, Issues
from pipeline.sources.base import UTF16_BOMS, decode_text, utf16_without_bom
from pipeline.sources.hand_histories.text_engine import looks_like, read_text_hands
from pipeline.sources.hand_histories.text_engine import split_hands as split_site_hands
from pipeline.sources.hand_histories.text_site import TextSite
from pipeline.sources.pokerstars.scanner import SCAN, scanned_rows

UTF8_BOM = b"\xef\xbb\xbf"

__all__ = [
    "HandLog",
    "read_pokerstars",
    "read_pokerstars_reference",
    "sniff_pokerstars",
    "split_hands",
]


def sniff_pokerstars(head: str) -> bool:
    """True when the text starts like a PokerStars hand history (a header line in the head).

    >>> header = "\\ufeffPokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - x"
    >>> sniff_pokerstars(header), sniff_pokerstars("Ah Kh Qh Jh Th\\n2c 3c 4c 5c 6c")
    (True, False)
    """
    return looks_like(_declaration(), head)


def split_hands(text: str) -> list[tuple[int, str]]:
    """Cut a file into ``(line, hand text)`` pairs, ``line`` 1-based where the hand starts.

    >>> text = "junk\\nPokerStars Hand #1: a\\n\\nPokerStars Hand #2: b\\n"
    >>> [line for line, _ in split_hands(text)]
    [2, 4]
    """
    return split_site_hands(_declaration(), text)


def _declaration() -> TextSite:
    """PokerStars' declaration for the text engine.  Imported at its first use: the table of
    sites (``sites/__init__.py``) lists this reader, so an import at the top would go round in
    a circle whenever this package is imported before the table."""
    from pipeline.sources.hand_histories.sites.text.pokerstars import POKERSTARS

    return POKERSTARS


def read_pokerstars(text: str | bytes, file: str, *, compiled: bool = True) -> HandLog:
    """Read every hand of a PokerStars hand history; see the module doc for an example.

    ``text`` is the file's text, or its bytes, decoded as any text file is
    (:func:`pipeline.sources.base.decode_text`); UTF-8 bytes go to the compiled scanner as they
    are, never decoded whole.  ``file`` names the source in issue messages.  Ordinary hands are
    read by the compiled scanner (:mod:`pipeline.sources.pokerstars.scanner`) where it is
    built; the others, and every issue, by the text engine, the reference.  Without the
    scanner (no C compiler at install), or with ``compiled=False``, the engine reads the whole
    file: the same rows and issues, many times slower (``bench/README.md``).
    """
    use_scanner = compiled and SCAN is not None
    if isinstance(text, bytes):
        if use_scanner and not text.startswith(UTF16_BOMS) and utf16_without_bom(text) is None:
            # The scanner takes "\r\n" and "\r" as line ends itself: no copy of the text.
            data = text.removeprefix(UTF8_BOM).removeprefix(UTF8_BOM)
            scanned = scanned_rows(data)
            if scanned is not None:  # the bytes are UTF-8
                return _with_hands_handed_back(*scanned, lambda: data.decode(), file)
        text = decode_text(text)
    text = text.removeprefix("\ufeff")
    scanned = scanned_rows(text) if use_scanner else None
    if scanned is None:
        return read_pokerstars_reference(text, file)
    return _with_hands_handed_back(*scanned, lambda: text, file)


def _with_hands_handed_back(
    fast: pl.DataFrame,
    slow_hands: list[tuple[int, str]],
    whole_text: Callable[[], str],
    file: str,
) -> HandLog:
    """The rows read fast, with those of the hands handed back to the engine in line order."""
    if fast.height == 0:
        return read_pokerstars_reference(whole_text(), file)
    if not slow_hands:
        return HandLog(fast, Issues().frame())
    slow = read_text_hands(_declaration(), slow_hands, file)
    return HandLog(_in_line_order(fast, slow.rows), slow.issues)


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


def read_pokerstars_reference(text: str, file: str) -> HandLog:
    """The reference over every hand of a text: the text engine over PokerStars' declaration,
    what runs without a C compiler."""
    return read_text_hands(_declaration(), split_hands(text), file)
