"""Acceptance over the public corpus' Stud, Draw and mixed-game files of every site
(``../shared/corpora/sites/*/{Stud,Draw,Mixed}``, skipped where absent; issue 34): each file
through the job's scoring and the tracker statistics, as ``pipeline run`` scores it.

- every row read is scored, but the rows named here (each with why);
- the vectorised statistics agree with the readable reference on every row;
- the verdicts cannot be wrong where the log says the answer: a row paid by the log is a
  winner (high) or a low winner, a loser left alone by a rejected row takes no share, nobody
  raised first in without putting money in voluntarily, no stud win chance for a street the
  player did not reach, no win chance in a draw game;
- the counts (hands, showdowns, pots audited per game) printed with ``-s``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import polars as pl
import pytest

from bench.sites import STUD_DRAW_FOLDERS, corpus_folder
from pipeline.games.base import NO_OPTIONS
from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
from pipeline.games.poker.variants import variant_game
from pipeline.job.task.outputs import scored_frames
from pipeline.job.task.scoring import score_source
from pipeline.records import HandLog
from pipeline.records.betting_rounds import BETTING
from pipeline.records.hand_log import SNIFF_CHARS
from pipeline.sources import read_source
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories.sites import SITES
from tests.games.test_tracker_stats import EVERY_STAT
from tests.games.tracker_stats_reference import reference_stats

CORPUS = corpus_folder()
pytestmark = [
    pytest.mark.skipif(CORPUS is None, reason="no ../shared/corpora/sites"),
    pytest.mark.slow,
]
STUD = sorted(game for game, betting in BETTING.items() if betting.family == "stud")
DRAW = sorted(game for game, betting in BETTING.items() if betting.family == "draw")

REJECTED = {
    # an eight-handed stud hand dealt a common river card ("*** RIVER *** [6h]", the deck ran
    # short): the reader gives the four shown hands six cards, the common card on the board
    "PokerStars/Stud/cash/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt": 4,
    # a river card written "[of]": Hero's hand has six readable cards
    "PokerStars/Stud/tour/Triple-Stud-USD-2.00-0.20-MTT-201301.txt": 1,
    # fpdb's "multi pot failure": the two players who show down on fourth street never have
    # their seventh card shown ("Dealt to Player3: [X]"), so each hand has six known cards
    "KingsClub/Stud/cash/Razz-USD-500-100-202101.multi.pot.failure.txt": 2,
}
"""Every row the scorer rejects, by file: the log's own defects, each an issue naming it."""


def _files() -> list[Path]:
    assert CORPUS is not None
    return sorted(
        path
        for site in CORPUS.iterdir()
        if site.is_dir()
        for name in STUD_DRAW_FOLDERS
        if (site / name).is_dir()
        for path in (site / name).rglob("*")
        if path.is_file()
    )


@pytest.fixture(scope="module")
def scored() -> tuple[pl.DataFrame, dict[str, int]]:
    """Every file's scored poker rows (``source_file`` relative to the corpus) and the rows
    rejected by file."""
    assert CORPUS is not None
    frames, rejected = [], {}
    for path in _files():
        name = path.relative_to(CORPUS).as_posix()
        result = score_source(read_source(path), NO_OPTIONS, name)
        if result.rows_rejected:
            rejected[name] = result.rows_rejected
        poker = scored_frames(result).get("poker")
        if poker is not None and poker.height:
            frames.append(poker.with_columns(pl.lit(name).alias("source_file")))
    return pl.concat(frames, how="diagonal_relaxed"), rejected


def test_every_row_read_is_scored_but_those_named(
    scored: tuple[pl.DataFrame, dict[str, int]],
) -> None:
    rows, rejected = scored
    assert rejected == REJECTED
    assert rows.filter(pl.col("game").is_in([*STUD, *DRAW])).height > 3_000


HAND = ("source_file", "tournament", "table", "round")


def test_the_statistics_agree_with_the_reference_on_every_row(
    scored: tuple[pl.DataFrame, dict[str, int]],
) -> None:
    rows = scored[0].sort(*HAND, "player", nulls_last=True)
    expected = reference_stats(rows.drop(*EVERY_STAT), HAND)
    differ = rows.with_row_index("index").filter(
        pl.any_horizontal(pl.col(name).ne_missing(expected[name]) for name in EVERY_STAT)
    )
    assert differ.height == 0, differ.select(*HAND, "player", "actions").head(10)


def test_no_verdict_says_what_the_log_does_not(
    scored: tuple[pl.DataFrame, dict[str, int]],
) -> None:
    rows = scored[0].filter(pl.col("game").is_in([*STUD, *DRAW]))
    low = pl.col("low_winner").fill_null(False)
    # paid by the log: a winner, high or low; a winner is paid
    unmarked = rows.filter((pl.col("won") > 0) & ~pl.col("winner") & ~low)
    assert unmarked.height == 0, unmarked.select(*HAND, "player", "won")
    unpaid = rows.filter(pl.col("winner") & (pl.col("won") <= 0))
    assert unpaid.height == 0, unpaid.select(*HAND, "player", "won")
    # a share is the log's part of the payout (or, nothing paid, the evaluator's whole pot)
    shares = rows.group_by(HAND).agg(pl.col("share").sum(), pl.col("won").sum())
    wrong = shares.filter((pl.col("won") > 0) & ((pl.col("share") - 1).abs() > 1e-9))
    allowed = wrong.filter(~pl.col("source_file").is_in(list(REJECTED)))
    assert allowed.height == 0, allowed
    # a loser keeps no share, even left alone in a hand whose winner's row was rejected
    unpaid_share = rows.filter((pl.col("won") == 0) & (pl.col("share") > 0))
    assert unpaid_share.height == 0, unpaid_share.select(*HAND, "player", "share")
    assert rows.filter(pl.col("pfr") & ~pl.col("vpip")).height == 0
    # a stud win chance for each street reached (third is the first), none in a draw game
    streets = pl.col("actions").str.count_matches(" / ") + 1
    later = ("win_fourth", "win_fifth", "win_sixth")
    reached = [pl.col(name).is_not_null() & (streets < 2 + at) for at, name in enumerate(later)]
    beyond = rows.filter(pl.any_horizontal(reached))
    assert beyond.height == 0, beyond.select(*HAND, "player", "actions", *later)
    chances = ("win_preflop", "win_flop", "win_turn", "win_third", *later)
    draw_odds = rows.filter(
        pl.col("game").is_in(DRAW) & pl.any_horizontal(pl.col(c).is_not_null() for c in chances)
    )
    assert draw_odds.height == 0


def test_the_counts_per_game() -> None:
    """Hands, showdowns and pots audited per game, as the readers give them."""
    assert CORPUS is not None
    counts: dict[str, Counter[str]] = {}
    for path in _files():
        data = path.read_bytes()
        head = decode_text(data[: SNIFF_CHARS * 4])
        site = next((site for site in SITES if site.looks_like(head)), None)
        if site is None:
            continue
        log = site.read(data, path.name)
        games = log.rows.with_columns(variant_game(pl.col("variant")).alias("_game"))
        for (game,), rows in games.group_by("_game"):
            _, audit = audit_pots_with_counts(HandLog(rows.drop("_game"), log.issues.clear()))
            tally = counts.setdefault(str(game), Counter())
            tally.update(
                hands=audit.hands, showdowns=audit.showdowns, pots_audited=audit.pots_audited,
                disagreements=audit.disagreements,
            )  # fmt: skip
    print("\ngame | hands | showdowns | pots audited | disagreements")
    for game in sorted(counts):
        tally = counts[game]
        print(f"{game} | {tally['hands']} | {tally['showdowns']} | {tally['pots_audited']} | "
              f"{tally['disagreements']}")  # fmt: skip
    assert set(counts) >= {*STUD, *DRAW}
    assert sum(counts[game]["hands"] for game in (*STUD, *DRAW)) > 700
