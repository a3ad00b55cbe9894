"""Replay the pots of poker hands from what each player put in, and check the log's awards.

For each hand with two or more players still in at the end, the chips put in are cut into a
main pot and side pots at the contribution levels of the players who did not fold (folded
players' chips, antes and blinds included, fill the pots up to their own contribution).  Each
pot goes to the best hand among the players eligible for it (evaluated under the hand's game,
its ``variant``: :mod:`pipeline.games.poker.scoring.shown_hands`),
split evenly; odd chips go one at a
time to the winners in seat order starting left of the button (the PokerStars rule).  In a
hi/lo game (Omaha Hi/Lo) each pot with a qualifying low among its contenders is halved, the odd
chip to the high half; each half is split among its winners by the same rule (a player with
the best high and the best low scoops; a tie for the low quarters the pot).  The result is
compared with the log's ``won``.  These rules are :mod:`pipeline.games.poker.pots.pot_split`'s;
single-pot showdowns, most of a log, are settled at once by
:mod:`pipeline.games.poker.pots.single_pots`, the rest replayed here hand by hand.

Rake (cash games) is what the log's winners did not receive: ``sum(put_in) - sum(won)``.  With
rake the check is that the same players won and no one got more than the replay gives nor less
than the replay minus the rake; without rake the amounts must match exactly.

The log's own names of shown hands (PokerStars' ``a full house, Sevens full of Jacks``, in
``stated_hand``) are checked too: where the category the log names differs from the evaluator's
for the same cards, that is an issue (``hand_name_disagreement``) naming the hand; so is a hi/lo
hand whose low, as the log writes it (``LO: 8,5,4,2,A``), is not ours.  The names we write are
always ours.

A hand whose board was run twice or more (``run_boards``) is replayed run by run: each pot is
cut into as many equal parts as runs (an odd chip to the earlier runs first, as PokerStars pays
it), and each part goes to the best hand of its contenders on that run's board; the log's
``won`` (all runs) is checked against the sum.

A pot cannot be audited when one of its contenders did not show cards (or the board is not five
cards); such hands count as not audited rather than as disagreements.

>>> from pipeline.sources.pokerstars import read_pokerstars
>>> issues, counts = audit_pots_with_counts(read_pokerstars("", "empty.txt"))
>>> counts.hands, issues.height
(0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import polars as pl

from pipeline.core.cards import try_parse_cards
from pipeline.core.rules import HandRules
from pipeline.games.poker.logs.hand_names import hand_name_issues, stated_category
from pipeline.games.poker.pots.pot_split import (
    Pot,
    card_turns,
    pots_by_contribution,
    seat_turns,
    split_pot,
)
from pipeline.games.poker.pots.single_pots import audit_single_pots
from pipeline.games.poker.scoring.shown_hands import (
    LOW_CARD,
    SEAT_ORDER,
    shown_scores,
    strengths_of,
)
from pipeline.games.poker.variants import DEFAULT_RULES
from pipeline.records import HandLog, Issues
from pipeline.records.hand_log import RUN_SEPARATOR

__all__ = [
    "PotAuditCounts",
    "audit_pots",
    "audit_pots_with_counts",
    "stated_category",
    "strengths_of",
]


@dataclass
class PotAuditCounts:
    """How much of a log the audit could check."""

    hands: int = 0
    showdowns: int = 0
    """Hands with two or more players not folded at the end."""
    pots: int = 0
    """Contested pots (two or more eligible players) in showdown hands."""
    pots_audited: int = 0
    hands_audited: int = 0
    disagreements: int = 0
    names_checked: int = 0
    """Shown hands whose log names a category we could check against the evaluator's."""
    name_disagreements: int = 0


def audit_pots(
    log: HandLog, rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES
) -> pl.DataFrame:
    """Issues (code ``pot_disagreement``) for hands whose awards differ from the replay."""
    return audit_pots_with_counts(log, rules_of_game)[0]


def audit_pots_with_counts(
    log: HandLog, rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES
) -> tuple[pl.DataFrame, PotAuditCounts]:
    """Replay every showdown's pots; return the issues and the counts.

    Amounts are handled in hundredths so cents and chips are both exact.
    """
    rows = log.rows
    counts = PotAuditCounts(hands=rows["hand_id"].n_unique() if rows.height else 0)
    issues = Issues()
    if rows.height == 0:
        return issues.frame(), counts
    names, checked, wrong = hand_name_issues(rows, rules_of_game)
    counts.names_checked += checked
    counts.name_disagreements += wrong
    issues_frame, counts = _audit(rows, counts, issues, rules_of_game)
    return pl.concat([issues_frame, names]).sort("line", maintain_order=True), counts


def _audit(
    rows: pl.DataFrame,
    counts: PotAuditCounts,
    issues: Issues,
    rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES,
) -> tuple[pl.DataFrame, PotAuditCounts]:
    # A hand is a run of rows with one hand id and start line (a hand id may come again in
    # another file of a corpus, as another player's record of the same hand).
    new_hand = (pl.col("hand_id") != pl.col("hand_id").shift(1)) | (
        pl.col("line") != pl.col("line").shift(1)
    )
    rows = rows.with_columns(new_hand.fill_null(True).cum_sum().alias("_hand"))
    live = (~pl.col("folded")).sum().over("_hand")
    hands = rows.filter(live >= 2)
    counts.showdowns = hands["_hand"].n_unique()
    if hands.height == 0:
        return issues.frame(), counts
    shown = ~pl.col("mucked") & ~pl.col("folded")
    hands = shown_scores(hands, shown, rules_of_game)
    run_twice = (
        pl.col("run_boards").is_not_null() if "run_boards" in hands.columns else pl.lit(False)
    )
    run_hands = hands.filter(run_twice)
    complex_hands = pl.concat(
        [_audit_single_pots(hands.filter(~run_twice), counts), run_hands], how="diagonal_relaxed"
    )
    if complex_hands.height == 0:
        return issues.frame(), counts
    # each run's strengths and lows, row by row: one run, or a board run twice or more
    runs_of_row = _scores_by_run(complex_hands, shown, rules_of_game)
    low_game = complex_hands["low_game"].to_list()
    columns = {
        name: complex_hands[name].to_list()
        for name in (
            "hand_id", "line", "seat", "button", "player", "folded", "put_in", "won", "hole",
            "odd_chip_by",
        )
    }  # fmt: skip
    runs = complex_hands["_hand"].to_list()
    start = 0
    n = complex_hands.height
    while start < n:
        end = start + 1
        while end < n and runs[end] == runs[start]:
            end += 1
        (strengths, lows), *later_runs = runs_of_row[start]
        _audit_hand(
            columns, strengths, start, end, counts, issues, lows if low_game[start] else None,
            later_runs=later_runs if low_game[start] else [(s, None) for s, _ in later_runs],
        )  # fmt: skip
        start = end
    return issues.frame(), counts


Scores = tuple[list[int | None], list[int | None] | None]
"""Per run of a hand: each row's strength and low (null: not shown, or no low)."""


def _scores_by_run(
    hands: pl.DataFrame, shown: pl.Expr, rules_of_game: Mapping[str, HandRules]
) -> list[list[Scores]]:
    """Per row, the scores of every run of its hand (rows of one hand share them): the
    ``strength`` and ``low`` already found for a hand run once, each run's board's for a hand
    whose ``run_boards`` holds several."""
    once: Scores = (hands["strength"].to_list(), hands["low"].to_list())
    if "run_boards" not in hands.columns or hands["run_boards"].is_null().all():
        return [[once]] * hands.height
    boards = hands["run_boards"].str.split(RUN_SEPARATOR)
    most = int(boards.list.len().max() or 1)  # type: ignore[arg-type]
    by_run: list[Scores] = []
    for run in range(most):
        board = boards.list.get(run, null_on_oob=True)
        scored = shown_scores(hands.with_columns(board.alias("board")), shown, rules_of_game)
        by_run.append((scored["strength"].to_list(), scored["low"].to_list()))
    counts = boards.list.len().to_list()
    return [by_run[: counts[row]] if counts[row] else [once] for row in range(hands.height)]


def run_shares(amount: int, runs: int, unit: int) -> list[int]:
    """A pot cut into ``runs`` equal parts for a board run that many times, in ``unit``s, the
    odd units to the earlier runs first (PokerStars pays run one $53.93 and run two $53.92).

    >>> run_shares(10785, 2, 1), run_shares(4000, 3, 1), run_shares(500, 2, 100)
    ([5393, 5392], [1334, 1333, 1333], [300, 200])
    """
    units, odd = divmod(amount // unit, runs)
    shares = [(units + (run < odd)) * unit for run in range(runs)]
    shares[0] += amount - sum(shares)  # less than a unit: not split
    return shares


def _audit_single_pots(hands: pl.DataFrame, counts: PotAuditCounts) -> pl.DataFrame:
    """The fast pass (:func:`~pipeline.games.poker.pots.single_pots.audit_single_pots`), counted;
    the hands it leaves, for :func:`_audit_hand`."""
    left, settled = audit_single_pots(hands)
    counts.pots += settled.pots
    counts.pots_audited += settled.pots_audited
    counts.hands_audited += settled.hands_audited
    return left


def _odd_chip_turns(
    columns: dict[str, list[object]], index: range, seats: list[int], button: int
) -> tuple[dict[int, int], dict[int, int] | None]:
    """Who gets odd chips first, in a high pot or half and in a low half: seat order from the
    button's left, or in stud the cards shown (:func:`card_turns`)."""
    by = columns["odd_chip_by"][index.start] if "odd_chip_by" in columns else SEAT_ORDER
    if by == SEAT_ORDER:
        return seat_turns(seats, button), None
    cards = [_card_ids(columns["hole"][i]) for i in index]
    return card_turns(cards, lowest=by == LOW_CARD), card_turns(cards, lowest=True)


def _card_ids(text: object) -> list[int]:
    """The ids of a hole text's readable cards (none for a hand never shown)."""
    if not isinstance(text, str) or not text.strip():
        return []
    ids, problems = try_parse_cards(text.split())
    return [int(card) for card, problem in zip(ids, problems, strict=True) if problem is None]


def _audit_hand(
    columns: dict[str, list[object]],
    strengths: list[int | None],
    start: int,
    end: int,
    counts: PotAuditCounts,
    issues: Issues,
    lows: list[int | None] | None = None,
    *,
    later_runs: Sequence[Scores] = (),
) -> None:
    """Replay one hand's pots (``lows``: each row's low value in a hi/lo game, else None);
    of a board run more than once, run by run (``later_runs``: the second run's strengths and
    lows, ...)."""
    runs: list[Scores] = [(strengths, lows), *later_runs]
    index = range(start, end)
    hand_id = str(columns["hand_id"][start])
    line = columns["line"][start]
    won_raw = [columns["won"][i] for i in index]
    put = [round(float(columns["put_in"][i]) * 100) for i in index]  # type: ignore[arg-type]
    folded = [bool(columns["folded"][i]) for i in index]
    seats = [int(columns["seat"][i]) for i in index]  # type: ignore[call-overload]
    players = [str(columns["player"][i]) for i in index]
    button = next((seats[k] for k, i in enumerate(index) if columns["button"][i]), 0)
    pots = pots_by_contribution(put, folded)
    contested = [pot for pot in pots if len(pot.eligible) >= 2]
    counts.pots += len(contested)
    if any(w is None for w in won_raw):
        return
    strength_by_run = [[run[i] for i in index] for run, _ in runs]
    if any(s[k] is None for s in strength_by_run for pot in contested for k in pot.eligible):
        return
    won = [round(float(w) * 100) for w in won_raw]  # type: ignore[arg-type]
    unit = 100 if all(v % 100 == 0 for v in put + won) else 1
    turns, low_turns = _odd_chip_turns(columns, index, seats, button)
    expected = [0] * len(put)
    for pot in pots:
        for (run_strengths, run_lows), share in zip(
            runs, run_shares(pot.amount, len(runs), unit), strict=True
        ):
            low = [None if run_lows is None else run_lows[i] for i in index]
            strength = [run_strengths[i] for i in index]
            split_pot(Pot(share, pot.eligible), strength, low, unit, turns, expected, low_turns)
    counts.pots_audited += len(contested)
    counts.hands_audited += 1
    rake = sum(put) - sum(won)
    if rake == 0:
        agree = expected == won
    else:
        agree = rake > 0 and all(
            (e > 0) == (w > 0) and e - rake - unit <= w <= e + unit
            for e, w in zip(expected, won, strict=True)
        )
    if agree:
        return
    counts.disagreements += 1

    def money(cents: int) -> str:
        return f"{cents / 100:g}"

    said = ", ".join(f"{players[k]} {money(won[k])}" for k in range(len(won)) if won[k])
    replay = ", ".join(f"{players[k]} {money(expected[k])}" for k in range(len(won)) if expected[k])
    issues.add(
        int(line),  # type: ignore[call-overload]
        hand_id,
        "pot_disagreement",
        f"hand {hand_id}: log awards {said or 'nothing'}; replay awards {replay}"
        + (f" (rake {money(rake)})" if rake else ""),
        column="won",
        value=said,
    )
