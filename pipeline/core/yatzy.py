"""Scandinavian Yatzy scores for rolls of five dice, vectorised with numpy.

A **roll** is five dice, each 1..6, in any order; many rolls are an ``(n, 5)`` integer array.
A **category** is one of fifteen boxes on the score sheet, coded by its place in
:data:`CATEGORIES` (``0`` for ones ... ``14`` for chance).  The rules are those of the Yatzy kata
(codingdojo.org, as specified by Steffen Forkmann's NaturalSpec walk-through):

==================  ===========================================================  ===============
category            scores                                                       1,1,2,4,4 gives
==================  ===========================================================  ===============
ones ... sixes      the sum of the dice showing that face                        fours: 8
pair                the highest pair: twice its face                             8
two pairs           two pairs of *different* faces: the sum of those four dice   10
three of a kind     three dice of one face: the sum of those three               0
four of a kind      four dice of one face: the sum of those four                 0
small straight      1-2-3-4-5: 15                                                0
large straight      2-3-4-5-6: 20                                                0
full house          three of one face and two of another: the sum of all dice    0
yatzy               all five dice alike: 50                                      0
chance              the sum of all dice                                          12
==================  ===========================================================  ===============

Consequences of the kata's rules worth knowing: 4,4,4,4,4 is *not* a full house and 2,2,2,2,5
is *not* two pairs (both need two different faces); a full house *is* two pairs (3,3,3,4,4 scores
14 there); a yatzy counts as a pair, three and four of a kind (3,3,3,3,3 scores 6, 9 and 12).

How it is fast: every score is a function of the roll's **face counts** (how many dice show each
face).  The rules are written once over counts, as whole-array operations
(:func:`score_card_from_counts`), and applied at first use to all 6**5 = 7,776 ordered rolls;
:func:`score_card` then reads each roll as a base-6 number and looks its row up.  No Python loop
runs per roll.

>>> card = score_card([[1, 1, 2, 4, 4]])
>>> dict(zip(CATEGORIES, card[0].tolist()))  # doctest: +NORMALIZE_WHITESPACE
{'ones': 2, 'twos': 2, 'threes': 0, 'fours': 8, 'fives': 0, 'sixes': 0, 'pair': 8,
 'two_pairs': 10, 'three_of_a_kind': 0, 'four_of_a_kind': 0, 'small_straight': 0,
 'large_straight': 0, 'full_house': 0, 'yatzy': 0, 'chance': 12}
>>> score([[1, 1, 2, 4, 4]], [parse_category("fours")]).tolist()
[8]
"""

from __future__ import annotations

import functools

import numpy as np
from numpy.typing import ArrayLike, NDArray

CATEGORIES = (
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "pair",
    "two_pairs",
    "three_of_a_kind",
    "four_of_a_kind",
    "small_straight",
    "large_straight",
    "full_house",
    "yatzy",
    "chance",
)
"""Canonical category names in score-sheet order; a category's code is its index here."""

CATEGORY_NAMES = (
    "Ones",
    "Twos",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "Pair",
    "Two Pairs",
    "Three of a Kind",
    "Four of a Kind",
    "Small Straight",
    "Large Straight",
    "Full House",
    "Yatzy",
    "Chance",
)
"""Display names, in the same order as :data:`CATEGORIES`."""

ONES, TWOS, THREES, FOURS, FIVES, SIXES = range(6)
PAIR, TWO_PAIRS, THREE_OF_A_KIND, FOUR_OF_A_KIND = range(6, 10)
SMALL_STRAIGHT, LARGE_STRAIGHT, FULL_HOUSE, YATZY, CHANCE = range(10, 15)
N_CATEGORIES = len(CATEGORIES)
UPPER = tuple(range(ONES, SIXES + 1))
"""The upper section (ones..sixes), whose sum earns :data:`UPPER_BONUS`."""

N_DICE = 5
FACES = np.arange(1, 7, dtype=np.int64)
UPPER_BONUS = 50
UPPER_BONUS_THRESHOLD = 63
"""The upper bonus: 50 points once a sheet's ones..sixes add up to 63 or more."""

SMALL_STRAIGHT_SCORE, LARGE_STRAIGHT_SCORE, YATZY_SCORE = 15, 20, 50

# Spellings from the kata itself ("Yahtzee", "TwoPair"), accepted besides the canonical names.
_ALIASES = {"yahtzee": YATZY, "twopair": TWO_PAIRS}
_KEY_WEIGHTS = 6 ** np.arange(N_DICE - 1, -1, -1, dtype=np.int64)  # matches np.indices


def _squash(text: str) -> str:
    return "".join(text.split()).replace("_", "").replace("-", "").lower()


_LOOKUP = {_squash(name): code for code, name in enumerate(CATEGORIES)} | _ALIASES


def parse_category(text: str) -> int:
    """The code of a category written any common way: case, spaces, ``_`` and ``-`` are ignored.

    The kata's own spellings ``Yahtzee`` and ``TwoPair`` are accepted too.

    >>> [parse_category(text) for text in ("two pairs", "TwoPairs", "two_pairs", "TWO-PAIRS")]
    [7, 7, 7, 7]
    >>> CATEGORY_NAMES[parse_category(" three of a kind ")]
    'Three of a Kind'
    >>> parse_category("straight")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown category 'straight': expected one of ones, twos, ..., yatzy, chance
    """
    code = _LOOKUP.get(_squash(text))
    if code is None:
        msg = f"unknown category {text!r}: expected one of {', '.join(CATEGORIES)}"
        raise ValueError(msg)
    return code


def check_dice(dice: ArrayLike) -> NDArray[np.int64]:
    """``dice`` as an ``(n, 5)`` int64 array, or ``ValueError`` naming the first bad row and die.

    >>> check_dice([[1, 2, 3, 4, 5]]).shape
    (1, 5)
    >>> check_dice([[1, 2, 3, 4, 5], [6, 6, 7, 6, 6]])
    Traceback (most recent call last):
    ...
    ValueError: row 1: die 7 is not a face 1..6
    >>> check_dice([1, 2, 3, 4, 5])
    Traceback (most recent call last):
    ...
    ValueError: expected dice of shape (n, 5), got shape (5,)
    """
    try:
        array = np.asarray(dice)
    except ValueError:
        msg = "expected dice of shape (n, 5), got rows of different lengths"
        raise ValueError(msg) from None
    if array.ndim != 2 or array.shape[1] != N_DICE:
        msg = f"expected dice of shape (n, {N_DICE}), got shape {array.shape}"
        raise ValueError(msg)
    if array.size and (array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer)):
        msg = f"expected integer dice, got dtype {array.dtype}"
        raise ValueError(msg)
    bad = (array < 1) | (array > 6)
    if bad.any():
        row, column = np.argwhere(bad)[0]
        msg = f"row {row}: die {array[row, column].item()!r} is not a face 1..6"
        raise ValueError(msg)
    return array.astype(np.int64, copy=False)


def face_counts(dice: ArrayLike) -> NDArray[np.int64]:
    """How many dice show each face: ``(n, 6)``, column ``f - 1`` for face ``f``.

    >>> face_counts([[1, 1, 2, 4, 4]]).tolist()
    [[2, 1, 0, 2, 0, 0]]
    """
    rolls = check_dice(dice)
    counts: NDArray[np.int64] = (rolls[:, :, None] == FACES).sum(axis=1, dtype=np.int64)
    return counts


def _card_from_counts(counts: NDArray[np.int64]) -> NDArray[np.int64]:
    """Every category's score from face counts ``(n, 6)``; see the module table for the rules."""
    card = np.zeros((len(counts), N_CATEGORIES), dtype=np.int64)
    card[:, ONES : SIXES + 1] = counts * FACES
    card[:, CHANCE] = card[:, ONES : SIXES + 1].sum(axis=1)
    # With five dice at most one face reaches 3, so "highest face with count >= k" is the face.
    for category, size in ((PAIR, 2), (THREE_OF_A_KIND, 3), (FOUR_OF_A_KIND, 4)):
        card[:, category] = np.where(counts >= size, FACES, 0).max(axis=1) * size
    paired = counts >= 2
    two_faces = paired.sum(axis=1) == 2  # five dice allow at most two paired faces
    card[:, TWO_PAIRS] = np.where(two_faces, 2 * (paired * FACES).sum(axis=1), 0)
    single = counts == 1
    card[:, SMALL_STRAIGHT] = np.where(single[:, :5].all(axis=1), SMALL_STRAIGHT_SCORE, 0)
    card[:, LARGE_STRAIGHT] = np.where(single[:, 1:].all(axis=1), LARGE_STRAIGHT_SCORE, 0)
    full_house = (counts == 3).any(axis=1) & (counts == 2).any(axis=1)
    card[:, FULL_HOUSE] = np.where(full_house, card[:, CHANCE], 0)
    card[:, YATZY] = np.where((counts == N_DICE).any(axis=1), YATZY_SCORE, 0)
    return card


@functools.cache
def _roll_table() -> NDArray[np.int64]:
    """Score card of each of the 6**5 ordered rolls, row :func:`_roll_keys` of the roll."""
    every_roll = np.indices((6,) * N_DICE).reshape(N_DICE, -1).T + 1
    table = _card_from_counts(face_counts(every_roll))
    table.flags.writeable = False
    return table


def _roll_keys(rolls: NDArray[np.int64]) -> NDArray[np.int64]:
    """A roll's row in :func:`_roll_table`: its dice read as a base-6 number, first die highest."""
    return (rolls - 1) @ _KEY_WEIGHTS


def score_card(dice: ArrayLike) -> NDArray[np.int64]:
    """Every category's score for every roll at once: ``(n, 15)``, columns in category order.

    The rules are applied to face counts once, for all 7,776 ordered rolls, when first needed;
    scoring is then one look-up per roll (a base-6 key, then a row of that table).

    >>> score_card([[4, 4, 4, 4, 4]])[0, [FULL_HOUSE, YATZY, FOUR_OF_A_KIND]].tolist()
    [0, 50, 16]
    >>> score_card([[2, 3, 4, 5, 6], [1, 2, 5, 4, 3]])[:, SMALL_STRAIGHT : LARGE_STRAIGHT + 1]
    array([[ 0, 20],
           [15,  0]])
    """
    return np.take(_roll_table(), _roll_keys(check_dice(dice)), axis=0)


def score_card_from_counts(dice: ArrayLike) -> NDArray[np.int64]:
    """:func:`score_card` without the look-up table: the rules applied to these rolls' counts.

    Slower (several passes over ``(n, 6)`` counts); kept as the table's definition and for the
    benchmark.

    >>> score_card_from_counts([[1, 1, 2, 3, 3]])[0, TWO_PAIRS].item()
    8
    """
    return _card_from_counts(face_counts(dice))


def check_categories(categories: ArrayLike, n: int) -> NDArray[np.intp]:
    """Category codes as an ``(n,)`` array (a single code is repeated), or ``ValueError``.

    >>> check_categories(FOURS, 2).tolist()
    [3, 3]
    >>> check_categories([0, 15], 2)
    Traceback (most recent call last):
    ...
    ValueError: row 1: category code 15 is not 0..14
    """
    codes = np.asarray(categories)
    if codes.size and (codes.dtype == np.bool_ or not np.issubdtype(codes.dtype, np.integer)):
        msg = f"expected integer category codes, got dtype {codes.dtype}"
        raise ValueError(msg)
    if codes.ndim == 0:
        codes = np.full(n, codes)
    if codes.shape != (n,):
        msg = f"expected {n} category codes, got shape {codes.shape}"
        raise ValueError(msg)
    bad = (codes < 0) | (codes >= N_CATEGORIES)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        msg = f"row {row}: category code {codes[row].item()!r} is not 0..{N_CATEGORIES - 1}"
        raise ValueError(msg)
    return codes.astype(np.intp, copy=False)


def score(dice: ArrayLike, categories: ArrayLike) -> NDArray[np.int64]:
    """Each roll's score in its own category: ``(n,)``; ``categories`` holds codes, or one code.

    >>> rolls = [[1, 1, 2, 4, 4], [3, 3, 3, 4, 4], [1, 1, 2, 3, 3]]
    >>> score(rolls, [FOURS, PAIR, TWO_PAIRS]).tolist()
    [8, 8, 8]
    >>> score([[1, 6, 1, 2, 1]], CHANCE).tolist()
    [11]
    """
    card = score_card(dice)
    codes = check_categories(categories, len(card))
    return card[np.arange(len(card)), codes]


def best_free_category(card_scores: ArrayLike, used_mask: ArrayLike) -> NDArray[np.intp]:
    """The highest-scoring category not yet used, per row: ``(n,)`` codes.

    ``card_scores`` is :func:`score_card`'s ``(n, 15)`` output and ``used_mask`` an ``(n, 15)``
    boolean array, True where that row's sheet already has the category.  Ties go to the category
    that comes first in :data:`CATEGORIES` (so a worthless roll fills ones before chance).  A row
    with every category used raises ``ValueError``.

    >>> card = score_card([[1, 1, 2, 4, 4], [1, 1, 2, 4, 4]])
    >>> used = np.zeros((2, N_CATEGORIES), dtype=bool)
    >>> used[1, CHANCE] = True
    >>> [CATEGORY_NAMES[code] for code in best_free_category(card, used)]
    ['Chance', 'Two Pairs']
    """
    card = np.asarray(card_scores)
    used = np.asarray(used_mask, dtype=bool)
    if card.ndim != 2 or card.shape[1] != N_CATEGORIES or used.shape != card.shape:
        msg = (
            f"expected scores and used mask of shape (n, {N_CATEGORIES}), "
            f"got {card.shape} and {used.shape}"
        )
        raise ValueError(msg)
    full = used.all(axis=1)
    if full.any():
        msg = f"row {int(np.flatnonzero(full)[0])}: every category is already used"
        raise ValueError(msg)
    # Scores are >= 0, so -1 puts every used category below every free one; argmax keeps the first.
    best: NDArray[np.intp] = np.where(used, -1, card).argmax(axis=1)
    return best


def upper_bonus(upper_sum: ArrayLike) -> NDArray[np.int64]:
    """:data:`UPPER_BONUS` where the ones..sixes sum reaches the threshold, else 0.

    >>> upper_bonus([62, 63, 80]).tolist()
    [0, 50, 50]
    """
    return np.where(np.asarray(upper_sum) >= UPPER_BONUS_THRESHOLD, UPPER_BONUS, 0).astype(np.int64)
