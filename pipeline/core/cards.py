"""Card notation to card ids and back, vectorised and strict.

A card id is one ``uint8``::

    id = rank * 4 + suit

    rank  0..12  for  2 3 4 5 6 7 8 9 T J Q K A
    suit  0..3   for  c d h s   (clubs, diamonds, hearts, spades)

so ``2c`` is 0, ``2d`` is 1, ``As`` is 51; this is the encoding phevaluator uses.  A higher id
is a higher rank, and within a rank the suits run c < d < h < s, so sorting ids descending gives
the order in which the quiz lists equal faces (s, h, d, c).

Real exports write cards in many ways; accepted are ranks ``2-9 T J Q K A`` in either case and
``10`` for ten, suits ``c d h s`` in either case or ``♣ ♦ ♥ ♠``.  The canonical text is rank
upper-case, suit lower-case: ``Kc``, ``Td``.

numpy is imported by the functions that take or give arrays, not by the module: a card at a
time (:func:`parse_card`, :func:`format_card`) costs no numpy, as ``pipeline equity``'s cold
path needs (:mod:`pipeline.core.probability.equity_loop`).

>>> parse_cards(["Kc", "10d", "a♠"]).tolist()
[44, 33, 51]
>>> format_cards([44, 33, 51])
['Kc', 'Td', 'As']
>>> parse_card("1h")
Traceback (most recent call last):
...
pipeline.core.cards.CardError: not a legal card rank '1' in '1h'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

    _Entry = TypeVar("_Entry", bound=np.generic)

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK_SIZE = 52
INVALID_CARD = 255
"""The id :func:`try_parse_cards` gives a token that is not a card."""

RANK_NAMES: tuple[str, ...] = (
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
RANK_PLURALS = tuple(name + ("es" if name == "Six" else "s") for name in RANK_NAMES)

_RANK_OF_TEXT = {text: index for index, text in enumerate(RANKS)}
_RANK_OF_TEXT.update({text.lower(): index for index, text in enumerate(RANKS)})
_RANK_OF_TEXT["10"] = RANKS.index("T")
_SUIT_OF_TEXT = {text: index for index, text in enumerate(SUITS)}
_SUIT_OF_TEXT.update({text.upper(): index for index, text in enumerate(SUITS)})
_SUIT_OF_TEXT.update({symbol: index for index, symbol in enumerate("♣♦♥♠")})
# The emoji forms (with a variation selector) appear in pasted exports.
_SUIT_OF_TEXT.update({symbol + "\ufe0f": index for index, symbol in enumerate("♣♦♥♠")})
_CANONICAL = tuple(rank + suit for rank in RANKS for suit in SUITS)


class CardError(ValueError):
    """A token that is not a card, with a message naming the token and what is wrong."""


def card_problem(token: str) -> str | None:
    """Say what is wrong with ``token`` as a card, or ``None`` when it is a legal card.

    >>> card_problem("Jx")
    "not a legal card suit 'x' in 'Jx'"
    >>> card_problem("J")
    "'J' is not a card: expected a rank then a suit"
    >>> card_problem("10h") is None
    True
    """
    text = token.strip()
    if "\x00" in text:
        return f"{token!r} is not a card: it holds a NUL character"
    if len(text) < 2:
        return f"{token!r} is not a card: expected a rank then a suit"
    rank_text, suit_text = (text[:2], text[2:]) if text.startswith("10") else (text[0], text[1:])
    if not suit_text:
        return f"{token!r} is not a card: expected a rank then a suit"
    if rank_text not in _RANK_OF_TEXT:
        return f"not a legal card rank {rank_text!r} in {token!r}"
    if suit_text not in _SUIT_OF_TEXT:
        if len(suit_text) > 1 and suit_text[0] in _SUIT_OF_TEXT:
            return f"{token!r} is not a card: expected a rank then a suit"
        return f"not a legal card suit {suit_text!r} in {token!r}"
    return None


def parse_card(token: str) -> int:
    """Return the id of one card.

    >>> parse_card("Ts"), parse_card("10♠"), parse_card("2c")
    (35, 35, 0)
    """
    problem = card_problem(token)
    if problem is not None:
        raise CardError(problem)
    text = token.strip()
    rank_text, suit_text = (text[:2], text[2:]) if text.startswith("10") else (text[0], text[1:])
    return _RANK_OF_TEXT[rank_text] * 4 + _SUIT_OF_TEXT[suit_text]


def try_parse_cards(tokens: ArrayLike) -> tuple[NDArray[np.uint8], list[str | None]]:
    """Parse many tokens at once; bad tokens get :data:`INVALID_CARD` and a message.

    Only the distinct tokens are looked at one by one, so a million tokens cost a
    ``numpy.unique`` and a few dozen dictionary look-ups.

    >>> ids, problems = try_parse_cards(["Ah", "Ax", "Ah"])
    >>> ids.tolist(), problems
    ([50, 255, 50], [None, "not a legal card suit 'x' in 'Ax'", None])
    """
    import numpy as np

    array = np.asarray(tokens, dtype=object).ravel()
    if array.size == 0:
        return np.zeros(0, dtype=np.uint8), []
    # numpy's fixed-width strings drop trailing NULs ('As\x00' would read as 'As'): a token
    # holding one is bad as written, whatever numpy makes of it.
    text = np.array([str(token) for token in array.tolist()], dtype=object)
    distinct, inverse = np.unique(text, return_inverse=True)
    distinct_ids = np.empty(len(distinct), dtype=np.uint8)
    distinct_problems: list[str | None] = []
    for index, token in enumerate(distinct.tolist()):
        problem = card_problem(token)
        distinct_problems.append(problem)
        distinct_ids[index] = INVALID_CARD if problem else parse_card(token)
    ids = distinct_ids[inverse]
    problems = [distinct_problems[i] for i in inverse.tolist()]
    return ids, problems


def parse_cards(tokens: ArrayLike) -> NDArray[np.uint8]:
    """Parse an array of tokens, keeping its shape; the first bad token raises :class:`CardError`.

    >>> parse_cards([["As", "Kd"], ["2c", "2d"]]).tolist()
    [[51, 45], [0, 1]]
    """
    import numpy as np

    array = np.asarray(tokens, dtype=object)
    ids, problems = try_parse_cards(array)
    for problem in problems:
        if problem is not None:
            raise CardError(problem)
    return ids.reshape(array.shape)


def parse_hand(text: str) -> NDArray[np.uint8]:
    """Parse whitespace-separated cards, as the quiz writes a line.

    >>> parse_hand("Kc 9s  Ks").tolist()
    [44, 31, 47]
    """
    return parse_cards(text.split())


def format_card(card_id: int) -> str:
    """The canonical text of one card id.

    >>> format_card(51)
    'As'
    """
    if not 0 <= card_id < DECK_SIZE:
        msg = f"card id must be in 0..51, got {card_id!r}"
        raise CardError(msg)
    return _CANONICAL[card_id]


def format_cards(card_ids: Iterable[int] | NDArray[np.integer]) -> list[str]:
    """The canonical text of each card id.

    >>> format_cards([0, 35])
    ['2c', 'Ts']
    """
    import numpy as np

    return [format_card(int(card_id)) for card_id in np.asarray(card_ids).ravel()]


def format_hand(card_ids: Sequence[int] | NDArray[np.integer]) -> str:
    """Card ids as one space-separated line.

    >>> format_hand([44, 31])
    'Kc 9s'
    """
    return " ".join(format_cards(card_ids))


def ranks_of(card_ids: NDArray[np.integer]) -> NDArray[np.uint8]:
    """Rank 0..12 (2..A) of each card id.

    >>> import numpy as np
    >>> ranks_of(np.array([0, 51])).tolist()
    [0, 12]
    """
    import numpy as np

    return (np.asarray(card_ids) >> 2).astype(np.uint8)


def suits_of(card_ids: NDArray[np.integer]) -> NDArray[np.uint8]:
    """Suit 0..3 (c, d, h, s) of each card id.

    >>> import numpy as np
    >>> suits_of(np.array([0, 51])).tolist()
    [0, 3]
    """
    import numpy as np

    return (np.asarray(card_ids) & 3).astype(np.uint8)


def fold_cards(
    combine: np.ufunc, table: NDArray[_Entry], cards: NDArray[np.uint8]
) -> NDArray[_Entry]:
    """Each row of ``cards`` ``(n, k)`` looked up in ``table`` (indexed by card id) and its ``k``
    entries folded with ``combine`` (``np.add``, ``np.bitwise_or``): ``(n,)``, ``table``'s dtype.

    A column at a time: numpy's own ``reduce`` over a short last axis was 13x slower (32,768
    rows of five cards).  A row of no cards folds to 0.

    >>> import numpy as np
    >>> suit_bit = np.left_shift(1, np.arange(256) & 3)
    >>> fold_cards(np.bitwise_or, suit_bit, np.array([[0, 1, 5], [3, 7, 11]], np.uint8)).tolist()
    [3, 8]
    """
    import numpy as np

    if cards.shape[1] == 0:
        return np.zeros(len(cards), dtype=table.dtype)
    folded: NDArray[_Entry] = np.take(table, cards[:, 0])
    for column in range(1, cards.shape[1]):
        combine(folded, np.take(table, cards[:, column]), out=folded)
    return folded
