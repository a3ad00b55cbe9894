"""What the season report's headings count, one line each: shown as the header cell's note
(Excel's comment) by the workbook sink, as the nightly workbooks' notes are.

Keyed by the report's table (a :class:`~pipeline.season.report.SeasonReport` field), then by
heading; a heading that says it all (``player``, ``night``) has none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

_NIGHT_NAME = "the night's Parquet file, relative to the season folder"

SEASON_NOTES: Final[Mapping[str, Mapping[str, str]]] = {
    "standings": {
        "place": "by wins, then win rate, within the game; ties share a place; "
        "empty: fewer rounds than --min-rounds",
        "rounds": "rounds dealt to the player in this game, folds included",
        "showdowns": "rounds the player did not fold and had a scored hand",
        "wins": "rounds won, alone or shared",
        "split wins": "rounds won together with another player",
        "pots won": "pots won, a split or a hi/lo half counting its part (0.5, 0.25); in "
        "Omaha Hi/Lo the low half's wins count here, not in wins",
        "win rate %": "wins per round dealt",
        "chips won": "net chips over the nights that record them; empty: none recorded",
        "best hand": "the strongest hand the player made in this game",
        "nights": "nights the player was dealt in, in this game",
    },
    "trend": {
        "night name": _NIGHT_NAME,
        "wins": "rounds won that night",
        "cumulative wins": "rounds won from the first night up to this one",
    },
    "trend_top": {
        "night name": _NIGHT_NAME,
    },
    "categories": {
        "observed": "showdown hands with every card dealt that made this category",
        "expected": "the number the exact odds predict out of the same count of hands",
        "observed %": "share of this game's counted showdown hands",
        "expected %": "exact probability that a dealt hand ends as this category",
        "low 95 %": "lower end of the 95 % Wilson interval of the observed share",
        "high 95 %": "upper end of the 95 % Wilson interval of the observed share",
        "outside 95 %": "TRUE when the exact probability lies outside the interval",
    },
    "luck": {
        "rounds with odds": "rounds with a win figure for the player (turn, flop or preflop)",
        "expected wins": "sum of the latest street's win figures (a 45% chance counts 0.45)",
        "actual wins": "pot shares won in the same rounds (a two-way split counts 1/2)",
        "luck": "actual wins minus expected wins: above zero, luckier than the odds",
    },
    "suckouts": {
        "win %": "the winner's chance at the latest street with a figure",
        "street": "the street of that chance",
        "hand": "the winning hand",
        "night name": _NIGHT_NAME,
    },
    "head_to_head": {
        "opponent": "a player met at showdown; the player's most frequent opponents first",
        "meetings": "rounds where both reached showdown",
        "wins": "meetings the player won and the opponent did not",
        "losses": "meetings the opponent won and the player did not",
        "splits": "meetings both won (a shared pot)",
        "win %": "wins per meeting",
    },
    "yatzy_standings": {
        "games": "score sheets the player filled",
        "wins": "games the player won (ties count for each)",
        "average total": "the final total, averaged over the player's games",
        "upper bonus %": "games with 63 or more in the upper section (ones to sixes)",
    },
    "yatzy_categories": {
        "times": "rounds the category was scored",
        "average score": "the score it got, averaged",
        "random roll": "the exact average score of one random roll of five dice",
        "difference": "average score minus the random roll's",
    },
    "nights": {
        "night": "nights are numbered by date, then by file name",
        "name": _NIGHT_NAME,
        "date": "the earliest date in the file",
    },
}
"""One-line notes per table, per heading."""

__all__ = ["SEASON_NOTES"]
