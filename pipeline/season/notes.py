"""What the season report's headings count, one line each: shown as the header cell's note
(Excel's comment) by the workbook sink, as the nightly workbooks' notes are.

Keyed by the report's table (a :class:`~pipeline.season.report.SeasonReport` field), then by
heading; a heading that says it all (``player``, ``night``) has none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from pipeline.season.player_stats import NIGHT_NOTES, POSITION_NOTES
from pipeline.season.player_stats import NOTES as PLAYER_STATS_NOTES

_DATE = "the night's date: a log's first hand in its own time zone, else a sheet's date"

SEASON_NOTES: Final[Mapping[str, Mapping[str, str]]] = {
    "player_stats": PLAYER_STATS_NOTES,
    "position_stats": POSITION_NOTES,
    "night_stats": NIGHT_NOTES,
    "standings": {
        "place": "within the game and currency; ties share a place; "
        "empty: fewer rounds than --min-rounds",
        "rounds": "rounds dealt to the player in this game, folds included",
        "showdowns": "rounds the player did not fold and had a scored hand",
        "wins": "rounds won, alone or shared",
        "split wins": "rounds won together with another player",
        "pots won": "pots won, a split or a hi/lo half counting its part (0.5, 0.25); in "
        "Omaha Hi/Lo the low half's wins count here, not in wins",
        "win rate %": "wins per round dealt",
        "net": "won less put in, in the block's currency, over the hands that record it",
        "bb/100": "net in big blinds per 100 hands (money only: not tournament or play chips)",
        "best hand": "the strongest hand the player made in this game",
        "nights": "nights the player was dealt in, in this game and currency",
    },
    "trend": {
        "date": _DATE,
        "wins": "rounds won that night",
        "cumulative wins": "rounds won from the first night up to this one",
    },
    "trend_top": {
        "date": _DATE,
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
        "actual wins": "pot shares won in the same rounds, as Standings' pots won counts them "
        "(a two-way split or a hi/lo half counts 1/2)",
        "luck": "actual wins minus expected wins: above zero, luckier than the odds",
    },
    "suckouts": {
        "win %": "the winner's chance at the latest street with a figure",
        "street": "the street of that chance",
        "hand": "the winning hand",
        "date": _DATE,
        "file": "the Parquet file, relative to the season folder",
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
        "night": "a date and tournament; numbered by date, undated files last",
        "date": "the date of the night's first hand: a log's in its own time zone, a round "
        "sheet's date column, else an ISO date in its file name; empty: none",
        "files": "the Parquet files that hold the night's hands",
        "hands": "poker hands, each counted once",
        "Yatzy games": "Yatzy score sheets",
        "date from": "where the date came from",
        "file names": "the first files, relative to the season folder",
    },
    "same_player": {
        "name": "a player as the season shows them",
        "rows": "rows (a player's hand or score) under the name",
        "looks like": "another name that may be the same person: never merged by guess",
        "why": "what makes them look alike",
    },
}
"""One-line notes per table, per heading."""

__all__ = ["SEASON_NOTES"]
