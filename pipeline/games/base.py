"""What a game declares, once: its scorer, how its results look in a workbook, its Parquet rows
and its Summary blocks.  The job looks a game up in :data:`pipeline.games.GAMES` by the layout a
sheet matched and never asks which game it is holding."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

import polars as pl

from pipeline.core.rules import HandRules
from pipeline.games.layouts import Layout
from pipeline.records.game_names import GameNames

_Chunk = TypeVar("_Chunk")
_Result = TypeVar("_Result")


class ChunkMap(Protocol):
    """How chunks of work are computed: ``map(function, chunks)``, the results in order (on a
    cluster's workers, say; :func:`pipeline.job.runner.executors.map_on_workers`)."""

    def __call__(
        self, function: Callable[[_Chunk], _Result], chunks: Sequence[_Chunk], /
    ) -> list[_Result]: ...


SPREAD_SECONDS = 0.25
"""Forecast seconds of equity work per chunk of rounds when a sheet's work is spread (1 s chunks
left 1.45 of 2 workers busy on an 80-round night, 0.25 s chunks 1.79: ``bench/spread.py``)."""


@dataclass(frozen=True)
class EquityOptions:
    """Win probabilities per street in the nightly job: on unless ``enabled`` is false.

    Exact when :func:`pipeline.games.poker.equity.street_equity.estimate_seconds` says a sheet
    fits in ``budget_seconds``; otherwise the preflop street is sampled (``samples`` boards a
    round, seeded, 95 % margin at most ``196 * sqrt(0.25 / samples)`` points) and the Summary
    says so.
    """

    enabled: bool = True
    budget_seconds: float = 120.0
    samples: int = 20_000
    seed: int = 0
    map_rounds: ChunkMap | None = None
    """Computes a large sheet's equities in chunks of whole rounds (about ``spread_seconds`` of
    forecast work each) through this map; ``None`` computes them here.  Same figures either way,
    so it is no setting of the outputs."""
    spread_seconds: float = SPREAD_SECONDS


NO_EQUITY = EquityOptions(enabled=False)


@dataclass(frozen=True)
class ScoringOptions:
    """What a run's settings say about scoring, besides the input: the equity work, the poker
    game of rows whose sheet names none (``game``, a canonical name; ``None``: the layout's own,
    Hold'em or five-card), and the rule set a variant is played by (variant name -> rule set,
    ``{"Short Deck": "straight-over-trips"}``; see :mod:`pipeline.games.poker.variants`)."""

    equity: EquityOptions = NO_EQUITY
    game: str | None = None
    rule_sets: Mapping[str, str] = field(default_factory=dict)


NO_OPTIONS = ScoringOptions()
"""Scoring without equities, each game under its default rules."""


@dataclass(frozen=True)
class Presentation:
    """Our columns for a sheet (one row per sheet row, ``row_id`` first) and the rows to mark.

    ``percent_columns`` hold fractions shown as percentages; ``player_columns`` (a sheet of one
    row per round) are the sheet's columns headed by a player's name, whose cells are marked
    where ``winners_column`` names that player.  For the printed page and the reader:
    ``notes`` says in one line what each column whose heading does not say it all holds (the
    header cell's comment); ``key_columns`` name a row (repeated on every page across);
    ``first_columns`` are what a reader needs first; ``side_columns`` are technical (grouped,
    collapsed, not printed).  See :class:`pipeline.sinks.excel.contract.SheetOutput`.
    """

    added: pl.DataFrame
    highlight: pl.Series | None = None
    muted: pl.Series | None = None
    percent_columns: Sequence[str] = ()
    player_columns: Sequence[str] = ()
    winners_column: str | None = None
    notes: Mapping[str, str] = field(default_factory=dict)
    key_columns: Sequence[str] = ()
    first_columns: Sequence[str] = ()
    side_columns: Sequence[str] = ()


@dataclass(frozen=True)
class ScoredSheet:
    """One sheet's scored rows (``row_id`` into the sheet) and its issues, with the sheet's name."""

    sheet: str
    layout: Layout
    scored: pl.DataFrame


@dataclass(frozen=True)
class Game:
    """A game, declared once.

    ``score(frame, layout, options)`` turns a sheet's text cells into scored rows and issue
    records (``row_id, column, value, message``); ``present(frame, scored, layout)`` gives the
    columns the workbook appends; ``parquet(located)`` selects the fixed Parquet schema from
    scored rows that carry ``source_file``, ``sheet`` and ``row``; ``summary(sheets)`` gives the
    Summary sheet's titled blocks for this game; ``summary_notes`` a one-line note per heading
    of those blocks that does not say it all.
    """

    name: str
    layouts: tuple[str, ...]
    parquet_name: str
    score: Callable[[pl.DataFrame, Layout, ScoringOptions], tuple[pl.DataFrame, pl.DataFrame]]
    present: Callable[[pl.DataFrame, pl.DataFrame, Layout], Presentation]
    parquet: Callable[[pl.DataFrame], pl.DataFrame]
    summary: Callable[[Sequence[ScoredSheet]], list[tuple[str, pl.DataFrame]]] = field(
        default=lambda sheets: []
    )
    summary_notes: Mapping[str, str] = field(default_factory=dict)


def key_columns(layout: Layout, roles: Sequence[str] = ("round", "player")) -> list[str]:
    """The sheet's own headers of the columns that name a row (its round and its player).

    >>> key_columns(Layout("players", {"round": "Hand #", "player": "Name", "cards": "c"}))
    ['Hand #', 'Name']
    """
    return [layout.columns[role] for role in roles if role in layout.columns]


def row_ids(frame: pl.DataFrame) -> pl.DataFrame:
    """``row_id`` 0..n-1 for every row of a sheet: the frame our columns are joined onto."""
    return frame.with_row_index("row_id").select(pl.col("row_id").cast(pl.Int64))


@dataclass(frozen=True)
class PokerVariant:
    """A poker game, declared once: its canonical name (what every ``game`` column holds), the
    rules its hands are made by, every spelling a sheet or a log may use for it, and the other
    rule sets a room may play it by (a setting's value -> rules; ``rules`` is the default).

    >>> from pipeline.core.rules import OMAHA
    >>> PokerVariant("Omaha", OMAHA, aliases=("PLO",)).rules_for(None).hole_cards
    4
    """

    name: str
    rules: HandRules
    aliases: tuple[str, ...] = ()
    rule_sets: Mapping[str, HandRules] = field(default_factory=dict)
    default_rule_set: str | None = None

    @classmethod
    def declared(
        cls, names: GameNames, rules: HandRules, rule_sets: Mapping[str, HandRules] | None = None
    ) -> PokerVariant:
        """The variant of a game of the one table of names
        (:data:`pipeline.records.game_names.GAMES`): its name, aliases and rule sets from
        there, its rules (under each rule set) from here.  The table and the rules must agree
        on the hole cards and on the rule sets' names; where they do not, a ``ValueError``.

        >>> from pipeline.core.rules import OMAHA
        >>> from pipeline.records.game_names import OMAHA as OMAHA_NAMES
        >>> PokerVariant.declared(OMAHA_NAMES, OMAHA).aliases[0]
        'PLO'
        """
        given = dict(rule_sets or {})
        if rules.hole_cards != names.hole_cards or set(given) != set(names.rule_sets):
            msg = (
                f"{names.name}: the table of names says {names.hole_cards} hole cards and rule "
                f"sets {list(names.rule_sets)}, its rules {rules.hole_cards} and {list(given)}"
            )
            raise ValueError(msg)
        return cls(names.name, rules, names.aliases, given, names.default_rule_set)

    def rules_for(self, rule_set: str | None) -> HandRules:
        """The rules under the named rule set (``None``: the default)."""
        if rule_set is None or rule_set == self.default_rule_set:
            return self.rules
        if rule_set not in self.rule_sets:
            known = ", ".join(self.rule_sets)
            msg = f"{self.name} has no rule set {rule_set!r}; known: {known}"
            raise ValueError(msg)
        return self.rule_sets[rule_set]
