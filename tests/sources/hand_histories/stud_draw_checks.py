"""Checks shared by the stud and draw samples' tests: each showdown's winners against
pokerkit's evaluators (its parsers read no stud or draw log of any site), so a sample's rows
are checked by an evaluator that is not ours."""

from __future__ import annotations

from pathlib import Path

import pokerkit
import polars as pl

from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.records import HandLog
from pipeline.sources.hand_histories import read_text_site
from pipeline.sources.hand_histories.text_site import TextSite

SAMPLES = Path(__file__).parents[2] / "data" / "hand_histories" / "sites"
"""Our own samples of each site's grammar."""

POKERKIT_HANDS: dict[str, tuple[type[pokerkit.Hand], ...]] = {
    "7 Card Stud": (pokerkit.StandardHighHand,),
    "7 Card Stud Hi/Lo": (pokerkit.StandardHighHand, pokerkit.EightOrBetterLowHand),
    "Razz": (pokerkit.RegularLowHand,),
    "5 Card Draw": (pokerkit.StandardHighHand,),
    "Triple Draw 2-7 Lowball": (pokerkit.StandardLowHand,),
    "Single Draw 2-7 Lowball": (pokerkit.StandardLowHand,),
    "Triple Draw A-5 Lowball": (pokerkit.RegularLowHand,),
    "Badugi": (pokerkit.BadugiHand,),
}
"""Our games' names -> pokerkit's hand types (the high, then the low half's)."""


def showdowns_paid_as_pokerkit_ranks(rows: pl.DataFrame, game: str) -> int:
    """Assert that in each hand of ``game`` shown down by two players or more, every best hand
    pokerkit finds (each half's, in a hi/lo game) was paid; the showdowns checked."""
    checked = 0
    shown = rows.filter(pl.col("variant") == game, pl.col("hole").is_not_null(), ~pl.col("mucked"))
    for _, hand in shown.group_by("round", maintain_order=True):
        if hand.height < 2:
            continue
        for kind in POKERKIT_HANDS[game]:
            ranked = {}
            for row in hand.iter_rows(named=True):
                try:
                    ranked[row["player"]] = kind.from_game(row["hole"].replace(" ", ""))
                except ValueError:  # no low that qualifies
                    continue
            if not ranked:
                continue
            best = max(ranked.values())
            winners = {player for player, value in ranked.items() if value == best}
            paid = set(hand.filter(pl.col("won") > 0)["player"])
            assert winners <= paid, f"{game} {hand['round'][0]}: {winners} not in {paid}"
        checked += 1
    return checked


def sample_log(site: TextSite, name: str) -> HandLog:
    """Our sample ``name`` (in :data:`SAMPLES`) read by the text engine as ``site``."""
    path = SAMPLES / name
    return read_text_site(site, path.read_bytes(), path.name)


def audited(log: HandLog) -> tuple[int, int, int]:
    """Assert that the pot audit and the hand-name check raise no issue on ``log``; its pots
    audited, disagreements and names checked."""
    issues, counts = audit_pots_with_counts(log)
    assert issues.height == 0, issues.rows()
    return counts.pots_audited, counts.disagreements, counts.names_checked
