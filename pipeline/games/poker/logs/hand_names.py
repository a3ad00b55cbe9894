"""A hand history's own names of the hands shown, checked against ours.

PokerStars writes a name beside every hand shown (``a full house, Sevens full of Jacks``; in a
hi/lo game ``HI: a flush, Ace high; LO: 8,5,4,2,A``).  The category it names, and the low, must
be what our evaluator makes of the same cards under the hand's game; where not, the issue
(``hand_name_disagreement``) names the hand.  The names we write are always ours.

Another site words hands its own way (GGPoker ``Sevens Full over Jacks``, Winamax ``Full of
Sevens and Jacks``): its file declares a :class:`~pipeline.records.HandWording`, found here by
each row's ``site`` in :data:`pipeline.records.WORDINGS`; no site is named in this module.
"""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

from pipeline.core.rules import HandRules
from pipeline.games.poker.scoring.shown_hands import shown_scores
from pipeline.games.poker.variants import DEFAULT_RULES
from pipeline.records import WORDINGS, Issues

__all__ = ["hand_name_issues", "stated_category"]

# The log's wording (lower case, PokerStars' "HI: " of hi-lo games dropped) -> our category;
# a straight flush and a royal flush are one family, as PokerStars words a royal either way.
_STATED_PREFIXES = (
    ("high card", "High Card"),
    ("a pair", "Pair"),
    ("two pair", "Two Pair"),
    ("three of a kind", "Three of a Kind"),
    ("a straight flush", "Straight Flush"),
    ("a royal flush", "Straight Flush"),
    ("a straight", "Straight"),
    ("a flush", "Flush"),
    ("a full house", "Full House"),
    ("four of a kind", "Four of a Kind"),
)


def stated_category(stated: pl.Expr, site: pl.Expr | None = None) -> pl.Expr:
    """The category a log's hand name gives (null when the wording is not one we know): in
    the wording the row's ``site`` declared (:data:`pipeline.records.WORDINGS`), else in
    PokerStars'.

    >>> names = pl.Series(["a full house, Sevens full of Jacks", "HI: two pair, Aces and Fives",
    ...                    "a Royal Flush", "a straight, Five to Nine", "lucky"])
    >>> pl.select(stated_category(pl.lit(names))).to_series().to_list()
    ['Full House', 'Two Pair', 'Straight Flush', 'Straight', None]
    """
    lowered = stated.str.strip_chars().str.to_lowercase().str.strip_prefix("hi: ")
    result: pl.Expr = pl.lit(None, dtype=pl.String)
    for prefix, name in reversed(_STATED_PREFIXES):
        result = pl.when(lowered.str.starts_with(prefix)).then(pl.lit(name)).otherwise(result)
    if site is None:
        return result
    for site_name, wording in WORDINGS.items():
        # each site's name without a hi/lo game's high-half mark ("HI : ", "HI: ") and its
        # low half ("; LO: ...", " - LO : ...")
        own = (
            stated.str.strip_chars()
            .str.replace(r"(?i)^HI\s*:\s*", "")
            .str.replace(r"(?i)\s*[;,-]\s*LO\s*:.*$", "")
        )
        worded: pl.Expr = pl.lit(None, dtype=pl.String)
        for pattern, category in reversed(wording.patterns):
            worded = (
                pl.when(own.str.contains(f"(?i){pattern}")).then(pl.lit(category)).otherwise(worded)
            )
        result = pl.when(site == site_name).then(worded).otherwise(result)
    return result


def hand_name_issues(
    rows: pl.DataFrame, rules_of_game: Mapping[str, HandRules] = DEFAULT_RULES
) -> tuple[pl.DataFrame, int, int]:
    """An issue for each shown hand whose category, as the log names it, is not ours (nor its
    low, in a hi/lo game); and how many names were checked and how many disagree."""
    if "stated_hand" not in rows.columns:
        return Issues().frame(), 0, 0
    named = rows.filter(pl.col("stated_hand").is_not_null() & pl.col("hole").is_not_null())
    named = shown_scores(named, pl.lit(True), rules_of_game)
    stated_low = (
        pl.col("stated_hand")
        .str.extract(r"(?i)\bLO:\s*([0-9A,\s]+)")
        .str.replace_all(r"[,\s]+", "-")
    )
    named = named.with_columns(
        stated_category(
            pl.col("stated_hand"), pl.col("site") if "site" in named.columns else None
        ).alias("stated_category"),
        stated_low.str.strip_chars("-").alias("stated_low"),
        pl.col("category").alias("ours"),
    ).filter(pl.col("stated_category").is_not_null() & pl.col("strength").is_not_null())
    if named.height == 0:
        return Issues().frame(), 0, 0
    # a five-card low named as high poker names its cards ("High card : King", our "K low")
    # is the same hand in other words: its high category is compared
    family = pl.coalesce("poker_category", "ours").replace("Royal Flush", "Straight Flush")
    # a low the log names must be ours; a log naming none where we make one is not checked
    # (PokerStars names the low only of a hand that won part of the low half)
    low_differs = pl.col("stated_low").is_not_null() & (
        pl.col("stated_low") != pl.col("low_text").fill_null("no low")
    )
    named = named.with_columns(
        pl.when(low_differs)
        .then(pl.format("{}, low {}", "ours", pl.col("low_text").fill_null("none")))
        .otherwise(pl.col("ours"))
        .alias("ours"),
        pl.when(low_differs)
        .then(pl.format("{}, low {}", "stated_category", "stated_low"))
        .otherwise(pl.col("stated_category"))
        .alias("stated_category"),
    )
    wrong = named.filter((family != pl.col("stated_category")) | low_differs)
    if wrong.height == 0:
        return Issues().frame(), named.height, 0
    issues = wrong.select(
        "line",
        "hand_id",
        pl.lit("hand").alias("column"),
        pl.col("stated_hand").alias("value"),
        pl.lit("hand_name_disagreement").alias("code"),
        pl.format(
            "hand {}: the log names {}'s {} '{}' ({}); the evaluator makes it {}",
            "hand_id",
            "player",
            # a game without a board (stud, draw) has none: its hole cards are the hand
            pl.concat_str("hole", "board", separator=" ", ignore_nulls=True).str.strip_chars(),
            "stated_hand",
            "stated_category",
            "ours",
        ).alias("message"),
    )

    return issues, named.height, wrong.height
