"""A page per guest: the player's season numbers beside the field's, for a producer to print
(issue 33).

For each chosen player and each game and currency block they played with actions (the
``Player stats`` block), a :class:`PlayerPage` holds the player's figures and the field's, a row
per statistic, and the player's nights in that block.  **The field** is every player of the
block: its percentages, AF and AFq, bb/100 are over all the block's hands together (the
figures a table of those players made); its hands, nights, net and all-in adjusted net are the
average per player.  Every figure is :func:`pipeline.season.player_stats.player_stats`' over
other rows: nothing is computed that the Parquet's columns cannot follow.

The players are the ones asked for by name (``--player``, matched as the season matches names:
NFC, case folded, white space collapsed), else the ``top`` players with the most hands with
actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import polars as pl

from pipeline.records.betting_rounds import BETTING
from pipeline.season.names import name_key
from pipeline.season.player_stats import player_stats

FIELD = "field"
"""The ``player`` of the field's pooled row."""
MAX_NIGHTS = 30
"""Nights listed on a page at most (the latest), so that a page stays one printed page."""

PAGE_ROWS: tuple[tuple[str, str, str, str], ...] = (
    # heading in player_stats, its sample column ('' for none), kind, what it means
    ("hands", "", "count", "hands dealt with actions recorded"),
    ("nights", "", "count", "nights played"),
    ("VPIP %", "VPIP n", "percent", "put money in before the flop by choice"),
    ("PFR %", "PFR n", "percent", "raised before the flop"),
    ("3-bet %", "3-bet n", "percent", "re-raised a raise before the flop"),
    ("fold to 3-bet %", "fold to 3-bet n", "percent", "opened, then folded to a re-raise"),
    ("steal %", "steal n", "percent", "raised first in from the last seats"),
    ("c-bet %", "c-bet n", "percent", "bet the flop after raising before it"),
    ("fold to c-bet %", "fold to c-bet n", "percent", "folded to a bet after the flop raiser's"),
    ("AF", "", "ratio", "bets and raises per call after the flop"),
    ("AFq %", "", "percent", "share of actions after the flop that attack"),
    ("WTSD %", "WTSD n", "percent", "went to showdown, of flops seen"),
    ("W$SD %", "W$SD n", "percent", "won at showdown, of showdowns"),
    ("WWSF %", "WWSF n", "percent", "won the pot, of flops seen"),
    ("net", "", "money", "won less put in"),
    ("bb/100", "", "ratio", "net in big blinds per 100 hands"),
    ("all-in adjusted net", "", "money", "net with all-ins counted at their odds"),
)
"""The rows of a page, in order (a board game's words: :data:`STREET_MEANINGS` has the others)."""


def _meanings(first: str, second: str, later: str, seen: str) -> dict[str, str]:
    """The street-worded meanings of a game without a flop: ``first`` the first betting round,
    ``second`` the next, ``later`` the rounds after the first, ``seen`` the hands reaching the
    second."""
    return {
        "VPIP %": f"put money in {first} by choice",
        "PFR %": f"raised {first}",
        "3-bet %": f"re-raised a raise {first}",
        "c-bet %": f"bet {second} after raising {first}",
        "fold to c-bet %": f"folded to a bet {second} by the last raiser {first}",
        "AF": f"bets and raises per call {later}",
        "AFq %": f"share of actions {later} that attack",
        "WTSD %": f"went to showdown, of {seen}",
        "WWSF %": f"won the pot, of {seen}",
    }


STREET_MEANINGS: dict[str, dict[str, str]] = {
    "stud": _meanings(
        "on third street", "on fourth street", "after third street", "fourth streets seen"
    ),
    "draw": _meanings(
        "before the first draw",
        "after the first draw",
        "after the first draw",
        "first draws reached",
    ),
}
"""A stud or draw page's meanings, by the game's family (:data:`BETTING`): a stud player never
sees a flop, so "before the flop" would describe another game."""
FIGURES_SCHEMA: dict[str, pl.DataType] = {
    "statistic": pl.String(),
    "kind": pl.String(),
    "player": pl.Float64(),
    "field": pl.Float64(),
    "out of": pl.Int64(),
    "what it means": pl.String(),
}
"""A page's figures: ``kind`` is ``count``, ``percent`` (a fraction), ``ratio`` or ``money``;
``out of`` the player's sample behind a percentage."""


@dataclass(frozen=True)
class PlayerPage:
    """One player's page for one game and currency block."""

    player: str
    game: str
    currency: str | None
    players: int
    """Players in the block (the field)."""
    figures: pl.DataFrame
    """A row per statistic: :data:`FIGURES_SCHEMA`."""
    nights: pl.DataFrame
    """The player's nights in the block (the latest :data:`MAX_NIGHTS`): date, hands, net,
    cumulative net."""
    nights_played: int


def chosen_players(table: pl.DataFrame, wanted: Sequence[str], top: int) -> list[str]:
    """The players whose pages are printed: ``wanted`` as the season spells them (matched on
    :func:`~pipeline.season.names.name_key`; a name not found is left out), else the ``top``
    with the most hands over every block, then by name.

    >>> table = pl.DataFrame({"player": ["Ann", "Bob", "Ann"], "hands": [5, 7, 3]})
    >>> chosen_players(table, [], 1), chosen_players(table, ["  bob "], 1)
    (['Ann'], ['Bob'])
    """
    if table.is_empty():
        return []
    totals = (
        table.group_by("player")
        .agg(pl.col("hands").sum())
        .sort("hands", "player", descending=[True, False])
    )
    if not wanted:
        return totals.head(top).get_column("player").to_list()
    spelled = {name_key(player): player for player in totals.get_column("player").to_list()}
    return [spelled[key] for key in dict.fromkeys(map(name_key, wanted)) if key in spelled]


def missing_players(table: pl.DataFrame, wanted: Sequence[str]) -> list[str]:
    """The names of ``wanted`` that match no player with actions in the season."""
    known = {name_key(player) for player in table.get_column("player").to_list()}
    return [name for name in wanted if name_key(name) not in known] if table.width else []


def player_pages(
    rows: pl.DataFrame,
    table: pl.DataFrame,
    night_table: pl.DataFrame,
    *,
    wanted: Sequence[str] = (),
    top: int = 10,
) -> tuple[PlayerPage, ...]:
    """A :class:`PlayerPage` per chosen player (see :func:`chosen_players`) and block they
    played, the players in the order chosen, their blocks in the ``Player stats`` order.
    ``table`` is :func:`pipeline.season.player_stats.player_stats` of ``rows``, ``night_table``
    :func:`pipeline.season.player_stats.night_stats`'."""
    if table.is_empty():
        return ()
    field = player_stats(rows.with_columns(pl.lit(FIELD).alias("player")))
    nights_played = night_table.group_by("game", "currency", "player").agg(
        pl.len().cast(pl.Int64).alias("nights")
    )
    table = table.join(
        nights_played,
        on=["game", "currency", "player"],
        how="left",
        nulls_equal=True,
        maintain_order="left",
    )
    averages = table.group_by("game", "currency").agg(
        pl.len().alias("players"),
        pl.col("hands", "nights").mean(),
        pl.col("net", "all-in adjusted net").mean(),
    )
    field = field.drop("hands", "net", "all-in adjusted net").join(
        averages, on=["game", "currency"], how="left", nulls_equal=True, maintain_order="left"
    )
    pages: list[PlayerPage] = []
    blocks = table.select("game", "currency").unique(maintain_order=True).rows()
    for player in chosen_players(table, wanted, top):
        for game, currency in blocks:
            block = (pl.col("game") == game) & pl.col("currency").eq_missing(currency)
            mine = table.filter(block & (pl.col("player") == player))
            if mine.is_empty():
                continue
            theirs = field.filter(block).row(0, named=True)
            own = mine.row(0, named=True)
            nights = night_table.filter(block & (pl.col("player") == player)).sort("night")
            pages.append(
                PlayerPage(
                    player=player,
                    game=game,
                    currency=currency,
                    players=int(theirs["players"]),
                    figures=_figures(own, theirs, game),
                    nights=nights.tail(MAX_NIGHTS).select(
                        "night", "date", "hands", "net", "cumulative net"
                    ),
                    nights_played=nights.height,
                )
            )
    return tuple(pages)


def _figures(own: dict[str, object], field: dict[str, object], game: str) -> pl.DataFrame:
    betting = BETTING.get(game)
    worded = STREET_MEANINGS.get(betting.family, {}) if betting is not None else {}
    records = [
        {
            "statistic": heading,
            "kind": kind,
            "player": own.get(heading),
            "field": field.get(heading),
            "out of": own.get(sample) if sample else None,
            "what it means": worded.get(heading, meaning),
        }
        for heading, sample, kind, meaning in PAGE_ROWS
    ]
    figures = pl.DataFrame(records, schema=FIGURES_SCHEMA)
    if own.get("net") is None:  # no money in the block: no net, bb/100 or adjusted net
        figures = figures.filter(pl.col("kind") != "money", pl.col("statistic") != "bb/100")
    return figures


__all__ = ["FIELD", "PlayerPage", "chosen_players", "missing_players", "player_pages"]
