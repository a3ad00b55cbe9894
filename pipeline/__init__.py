"""Showdown: score poker and dice tournament exports.

The public API, stable from here on, as polars exposes its own: numpy arrays in, numpy arrays
out, importable from the top.

>>> from pipeline import parse_cards, evaluate, describe
>>> describe(evaluate(parse_cards([["Kc", "9s", "Ks", "Kd", "9d", "3c", "6d"]])))
['Full House (Kings over Nines)']
>>> from pipeline import score_card
>>> int(score_card([[1, 1, 2, 4, 4]])[0].max())
12

Every poker game is scored by the same calls, given the game's rules as data (a
:class:`HandRules`: ``OMAHA`` plays exactly two hole cards and three board cards). An Omaha
round, its best hands and who takes the pot (:func:`pot_shares` is players x rounds):

>>> from pipeline import OMAHA, best_high_hand, describe_high, high_strengths, pot_shares
>>> holes = parse_cards([["Ah", "Kc", "Qc", "Qd"], ["9h", "8h", "7d", "2c"]])
>>> board = parse_cards([["Jh", "Th", "2h", "5h", "Qs"]] * 2)
>>> strengths = high_strengths(OMAHA, holes, board)
>>> describe_high(OMAHA, strengths)  # one heart in the hand makes no flush in Omaha
['Straight (Ace high)', 'Flush (Jack high)']
>>> [format_cards(five) for five in best_high_hand(OMAHA, holes, board).five]
[['Ah', 'Kc', 'Qs', 'Jh', 'Th'], ['Jh', 'Th', '9h', '8h', '5h']]
>>> pot_shares(strengths[:, None]).tolist()
[[0.0], [1.0]]

Omaha Hi/Lo adds a low half (smaller is better), and the pot is split between the halves:

>>> from pipeline import OMAHA_HI_LO, format_low, low_values
>>> holes = parse_cards([["Ah", "2d", "9c", "Js"], ["3c", "4c", "Qh", "Qd"]])
>>> board = parse_cards([["5h", "7s", "8d", "Kd", "Qs"]] * 2)
>>> high = high_strengths(OMAHA_HI_LO, holes, board)
>>> low = low_values(OMAHA_HI_LO, holes, board)
>>> describe_high(OMAHA_HI_LO, high), format_low(low)
(['High Card (Ace)', 'Three of a Kind (Queens)'], ['8-7-5-2-A', '8-7-5-4-3'])
>>> pot_shares(high[:, None], low[:, None]).tolist()  # high to the Queens, low to the wheel card
[[0.5], [0.5]]

The other games of a mixed-games night.  Stud is Hold'em's evaluator given seven cards and no
board (and Stud Hi/Lo Omaha Hi/Lo's low half over any five of them):

>>> import numpy as np
>>> from pipeline import STUD, STUD_HI_LO
>>> stud = parse_cards([["Ah", "2d", "3c", "Kh", "Kd", "8s", "7c"]])
>>> no_board = np.empty((1, 0), dtype=np.uint8)
>>> describe_high(STUD, high_strengths(STUD, stud, no_board))
['Pair (Kings)']
>>> format_low(low_values(STUD_HI_LO, stud, no_board))
['8-7-3-2-A']

Razz and the draw games are lowball: their strengths are higher-is-better too, so
:func:`pot_shares` decides them unchanged.  Razz and A-5 Triple Draw are ``ACE_TO_FIVE`` (aces
low, straights and flushes don't count, a paired hand still plays), 2-7 Single and Triple Draw
``DEUCE_TO_SEVEN`` (aces high, straights and flushes count against you):

>>> from pipeline import ACE_TO_FIVE, DEUCE_TO_SEVEN, describe_lowball, lowball_strengths
>>> razz = lowball_strengths(ACE_TO_FIVE, parse_cards([["Kd", "7c", "5s", "4h", "3d", "2c", "Kh"],
...                                                    ["Qs", "Qd", "Qh", "Jc", "Jd", "2s", "2h"]]))
>>> describe_lowball(ACE_TO_FIVE, razz), pot_shares(razz[:, None]).tolist()
(['7-5 low', 'two pair, Jacks and Twos'], [[1.0], [0.0]])
>>> draw = lowball_strengths(DEUCE_TO_SEVEN, parse_cards([["7c", "5d", "4h", "3s", "2c"],
...                                                      ["Ac", "5d", "4h", "3s", "2d"]]))
>>> describe_lowball(DEUCE_TO_SEVEN, draw)
['Number one', 'A-5 low']

Badugi: four cards, the most of distinct ranks and suits, then the lowest:

>>> from pipeline import badugi_strengths, describe_badugi
>>> describe_badugi(badugi_strengths(parse_cards([["6c", "4d", "2h", "Kh"]])))
['a three-card 6-4-2 badugi']

Names are looked up on first use, so ``import pipeline`` (and every command of the CLI) loads
only the layers it needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pipeline.core.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from pipeline.core.cards import CardError, format_card, format_cards, parse_card, parse_cards
    from pipeline.core.evaluation.badugi import (
        N_BADUGI_STRENGTHS,
        badugi_cards_used,
        badugi_strengths,
        describe_badugi,
    )
    from pipeline.core.evaluation.evaluator import (
        best_five,
        category,
        category_names,
        describe,
        evaluate,
        evaluate_shared,
    )
    from pipeline.core.evaluation.hands import (
        best_high_hand,
        best_low_hand,
        describe_high,
        format_low,
        high_strengths,
        low_values,
    )
    from pipeline.core.evaluation.lowball import (
        ACE_TO_FIVE,
        DEUCE_TO_SEVEN,
        LowballRanking,
        best_lowball_five,
        describe_lowball,
        format_lowball,
        lowball_strengths,
        n_lowball_strengths,
    )
    from pipeline.core.pots import pot_shares
    from pipeline.core.probability.equity import EquityResult, equity
    from pipeline.core.rules import (
        FIVE_CARD_DRAW,
        HOLDEM,
        OMAHA,
        OMAHA_5,
        OMAHA_5_HI_LO,
        OMAHA_6,
        OMAHA_HI_LO,
        SHORT_DECK_HOLDEM,
        SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS,
        STUD,
        STUD_HI_LO,
        HandRules,
    )
    from pipeline.core.yatzy import parse_category, score, score_card

# Public name -> the module that defines it.
_EXPORTS = {
    "N_BADUGI_STRENGTHS": "pipeline.core.evaluation.badugi",
    "badugi_cards_used": "pipeline.core.evaluation.badugi",
    "badugi_strengths": "pipeline.core.evaluation.badugi",
    "describe_badugi": "pipeline.core.evaluation.badugi",
    "CardError": "pipeline.core.cards",
    "format_card": "pipeline.core.cards",
    "format_cards": "pipeline.core.cards",
    "parse_card": "pipeline.core.cards",
    "parse_cards": "pipeline.core.cards",
    "EquityResult": "pipeline.core.probability.equity",
    "equity": "pipeline.core.probability.equity",
    "best_five": "pipeline.core.evaluation.evaluator",
    "category": "pipeline.core.evaluation.evaluator",
    "category_names": "pipeline.core.evaluation.evaluator",
    "describe": "pipeline.core.evaluation.evaluator",
    "evaluate": "pipeline.core.evaluation.evaluator",
    "evaluate_shared": "pipeline.core.evaluation.evaluator",
    "best_high_hand": "pipeline.core.evaluation.hands",
    "best_low_hand": "pipeline.core.evaluation.hands",
    "describe_high": "pipeline.core.evaluation.hands",
    "format_low": "pipeline.core.evaluation.hands",
    "high_strengths": "pipeline.core.evaluation.hands",
    "low_values": "pipeline.core.evaluation.hands",
    "ACE_TO_FIVE": "pipeline.core.evaluation.lowball",
    "DEUCE_TO_SEVEN": "pipeline.core.evaluation.lowball",
    "LowballRanking": "pipeline.core.evaluation.lowball",
    "best_lowball_five": "pipeline.core.evaluation.lowball",
    "describe_lowball": "pipeline.core.evaluation.lowball",
    "format_lowball": "pipeline.core.evaluation.lowball",
    "lowball_strengths": "pipeline.core.evaluation.lowball",
    "n_lowball_strengths": "pipeline.core.evaluation.lowball",
    "pot_shares": "pipeline.core.pots",
    "FIVE_CARD_DRAW": "pipeline.core.rules",
    "HOLDEM": "pipeline.core.rules",
    "HandRules": "pipeline.core.rules",
    "OMAHA": "pipeline.core.rules",
    "OMAHA_5": "pipeline.core.rules",
    "OMAHA_6": "pipeline.core.rules",
    "OMAHA_HI_LO": "pipeline.core.rules",
    "OMAHA_5_HI_LO": "pipeline.core.rules",
    "SHORT_DECK_HOLDEM": "pipeline.core.rules",
    "SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS": "pipeline.core.rules",
    "STUD": "pipeline.core.rules",
    "STUD_HI_LO": "pipeline.core.rules",
    "parse_category": "pipeline.core.yatzy",
    "score": "pipeline.core.yatzy",
    "score_card": "pipeline.core.yatzy",
}

__all__ = [
    "ACE_TO_FIVE",
    "DEUCE_TO_SEVEN",
    "FIVE_CARD_DRAW",
    "HOLDEM",
    "N_BADUGI_STRENGTHS",
    "OMAHA",
    "OMAHA_5",
    "OMAHA_5_HI_LO",
    "OMAHA_6",
    "OMAHA_HI_LO",
    "SHORT_DECK_HOLDEM",
    "SHORT_DECK_HOLDEM_STRAIGHT_OVER_TRIPS",
    "STUD",
    "STUD_HI_LO",
    "CardError",
    "EquityResult",
    "HandRules",
    "LowballRanking",
    "badugi_cards_used",
    "badugi_strengths",
    "best_five",
    "best_high_hand",
    "best_low_hand",
    "best_lowball_five",
    "category",
    "category_names",
    "describe",
    "describe_badugi",
    "describe_high",
    "describe_lowball",
    "equity",
    "evaluate",
    "evaluate_shared",
    "format_card",
    "format_cards",
    "format_low",
    "format_lowball",
    "high_strengths",
    "low_values",
    "lowball_strengths",
    "n_lowball_strengths",
    "parse_card",
    "parse_cards",
    "parse_category",
    "pot_shares",
    "score",
    "score_card",
]


__getattr__, __dir__ = lazy_exports(globals(), _EXPORTS)
