"""What a PokerStars hand's header line says about the whole hand: its site, time zone, money,
stakes, format and buy-in, for the compiled scanner's rows.

The scanner hands over each hand's header line without its hand number, its date a NUL (a
``_header`` column, the same text for the hands of a table and level); :func:`header_columns`
reads each distinct one here with a few patterns, once.  The reference (the text engine over
PokerStars' declaration, ``sources/hand_histories/sites/text/pokerstars.py``) reads the same
words from its header pattern's groups; the two must agree on every hand
(``tests/sources/test_pokerstars_engine.py``).

>>> headers = pl.Series([
...     "PokerStars Hand #: Tournament #9, $10+$1 USD Hold'em No Limit - Level I (10/20)"
...     " - \\x00 CET [2012/01/01 6:00:00 ET]",
...     "PokerStars Hand #:  Hold'em No Limit (€0.25/€0.50 EUR) - \\x00 ET",
...     "PokerStars Hand #:  Hold'em No Limit (10/20) - \\x00 GMT+1",
...     "PokerStars Hand #: 6+ Hold'em No Limit (Button Blind $5 - Ante $5 USD) - "
...     "\\x00 CET [2019/01/17 4:11:07 ET]",
...     "PokerStars Game #:  Hold'em No Limit ($1/$2 - $40 Cap -  USD) - \\x00 ET"])
>>> header_columns(headers).drop("site").rows()
[('CET', 'chips', 10.0, 20.0, 'tournament', 11.0, 'USD'), \
('ET', 'EUR', 0.25, 0.5, 'cash', None, None), \
('GMT+1', 'play', 10.0, 20.0, 'cash', None, None), \
('CET', 'USD', None, None, 'cash', None, None), \
('ET', 'USD', 1.0, 2.0, 'cash', None, None)]
"""

from __future__ import annotations

import functools
import re

import polars as pl

from pipeline.records.hand_log import ROW_SCHEMA

SITE = "PokerStars"
HEADER_COLUMN = "_header"
DERIVED_COLUMNS = (
    "site",
    "played_at",
    "time_zone",
    "currency",
    "small_blind",
    "big_blind",
    "format",
    "buy_in",
    "buy_in_currency",
)
"""The row columns read from the header line here; the readers give the others."""
CURRENCY_MARKS = {"$": "USD", "€": "EUR", "£": "GBP"}
"""Currency symbols as PokerStars writes them before an amount, to their ISO codes."""

_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_HAND_ID = re.compile(r"(?:Hand|Game) #(\d+)")
_DATE = re.compile(r"\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2}")
# The zone written after the first date of the line (which the scanner made a NUL).
_ZONE = re.compile(r"\x00(?: ([A-Za-z][\w+\-:/]*))?", re.ASCII)
# "($0.25/$0.50 USD)", a tournament level's "(10/20)", a mixed game's "(Razz Limit, $0.10/$0.20
# USD)", a capped table's "($1/$2 - $40 Cap -  USD)": the mark, the small blind, the big blind
# and the ISO code.
_STAKES = re.compile(
    rf"\((?:[^()]*?, )?([$€£]?)({_NUMBER})/[$€£]?({_NUMBER})(?: - [^()]*?)?"
    r"(?:[\s\xa0]+([A-Z]{3}))?\)",
    re.ASCII,
)
# 6+ Hold'em's "(Button Blind $5 - Ante $5 USD)": one blind, posted by the button, and an ante;
# no small and big blind, so only the money is read here (the ante is the readers').
_BUTTON_BLIND = re.compile(
    rf"\(Button Blind[\s\xa0]([$€£]?){_NUMBER} - Ante[\s\xa0][$€£]?{_NUMBER}"
    r"(?:[\s\xa0]+([A-Z]{3}))?\)",
    re.ASCII,
)
# "Tournament #9, $10+$1 USD", "Tournament #9, €4.55+€4.55+€0.90 EUR", "Tournament #9, Freeroll"
_BUY_IN = re.compile(r"Tournament #\d+, +(\S*\d\S*|Freeroll)(?: ([A-Z]{3}))?", re.ASCII)
_AMOUNTS = re.compile(_NUMBER, re.ASCII)
_SCHEMA: dict[str, pl.DataType] = {
    name: ROW_SCHEMA[name] for name in DERIVED_COLUMNS if name != "played_at"
}

HeaderSays = tuple[
    str, str | None, str | None, float | None, float | None, str, float | None, str | None
]


def _number(text: str) -> float:
    return float(text.replace(",", ""))


@functools.lru_cache(maxsize=4096)
def read_header(key: str) -> HeaderSays:
    """What a header line (as the scanner gives it: no hand number, the date a NUL) says, in
    the order of :data:`DERIVED_COLUMNS` without ``played_at``.  The hands of a table
    and level share the text, so each is read once.

    >>> read_header("PokerStars Hand #: Tournament #9, $10+$1 USD Hold'em No Limit - "
    ...             "Level I (10/20) - \\x00 CET [2012/01/01 6:00:00 ET]")
    ('PokerStars', 'CET', 'chips', 10.0, 20.0, 'tournament', 11.0, 'USD')
    """
    zone = _ZONE.search(key)
    stakes = _STAKES.search(key)
    buy_in = _BUY_IN.search(key)
    small = big = None
    currency: str | None = None
    if stakes is not None:
        small, big = _number(stakes.group(2)), _number(stakes.group(3))
        currency = stakes.group(4) or CURRENCY_MARKS.get(stakes.group(1)) or "play"
    elif (button := _BUTTON_BLIND.search(key)) is not None:
        currency = button.group(2) or CURRENCY_MARKS.get(button.group(1)) or "play"
    if buy_in is None:
        return (SITE, zone and zone.group(1), currency, small, big, "cash", None, None)
    token = buy_in.group(1)
    if token == "Freeroll":
        total: float | None = 0.0
        buy_in_currency = None
    else:
        total = sum(_number(amount) for amount in _AMOUNTS.findall(token))
        buy_in_currency = buy_in.group(2) or CURRENCY_MARKS.get(token[:1])
    return (SITE, zone and zone.group(1), "chips", small, big, "tournament", total, buy_in_currency)


def header_columns(headers: pl.Series) -> pl.DataFrame:
    """The :data:`DERIVED_COLUMNS` but ``played_at`` (the local time is the readers' ``date``)
    of each header line, as the scanner gives it (no hand number, the date a NUL)."""
    return pl.DataFrame(
        [read_header(key) for key in headers.to_list()], schema=_SCHEMA, orient="row"
    )


def header_key(header: str) -> str:
    """The header line without its hand number, its date a NUL, as the compiled scanner gives
    it: the same text for every hand of a table and level, so what it says is read once.

    >>> header_key("PokerStars Hand #12: Hold'em No Limit ($1/$2) - 2021/07/30 0:40:29 ET")
    "PokerStars Hand #: Hold'em No Limit ($1/$2) - \\x00 ET"
    """
    id_match = _HAND_ID.search(header)
    if id_match is None:
        return header
    start, end = id_match.span(1)
    date = _DATE.search(header)
    if date is None:
        return header[:start] + header[end:]
    if end > date.start():
        return header  # a date before the hand number
    return header[:start] + header[end : date.start()] + "\x00" + header[date.end() :]


def header_says(header: str) -> dict[str, object]:
    """What a hand's header line says of its zone and money, by column, as the compiled
    scanner's rows have it (:func:`read_header`): the reference's declaration reads them here
    too (:attr:`~pipeline.sources.hand_histories.text_site.TextSite.header_says`).

    >>> header_says("PokerStars Hand #1:  Hold'em No Limit ($1/$2 USD) - 2021/07/30 0:40:29 ET")
    {'time_zone': 'ET', 'currency': 'USD', 'small_blind': 1.0, 'big_blind': 2.0, \
'format': 'cash', 'buy_in': None, 'buy_in_currency': None}
    """
    said = read_header(header_key(header))
    return dict(zip(_SAYS, said[1:], strict=True))


_SAYS = tuple(name for name in DERIVED_COLUMNS if name not in ("site", "played_at"))
