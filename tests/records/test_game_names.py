"""The one table of games (``pipeline/records/game_names.py``): each spelling names one game,
the games' variant table scores exactly the games it names, with the same hole cards and rule
sets, and it loads without polars (``pipeline equity --game`` and the compiled scanner's
start-up import it)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pipeline.games.poker.variants import POKER_VARIANTS
from pipeline.records import game_names
from pipeline.records.game_names import (
    GAMES,
    PHH,
    POKERSTARS,
    GameNames,
    canonical_game,
    rule_sets_of,
    site_words,
)

# The words as the logs write them (read off the corpus files and pokerkit's game codes),
# stated here rather than taken from the table.
LOG_WORDS = {
    (POKERSTARS, "Hold'em No Limit"): "Hold'em",
    (POKERSTARS, "Hold'em Limit"): "Hold'em",
    (POKERSTARS, "Omaha Pot Limit"): "Omaha",
    (POKERSTARS, "Omaha Hi/Lo Pot Limit"): "Omaha Hi/Lo",
    (POKERSTARS, "6+ Hold'em No Limit"): "Short Deck",
    (PHH, "NT"): "Hold'em",
    (PHH, "PO"): "Omaha",
    (PHH, "FO/8"): "Omaha Hi/Lo",
    (PHH, "NS"): "Short Deck",
}


@pytest.mark.parametrize(("site", "words"), LOG_WORDS, ids=[w for _, w in LOG_WORDS])
def test_a_logs_words_name_its_game(site: str, words: str) -> None:
    assert site_words(site)[words].name == LOG_WORDS[site, words]
    assert canonical_game(words.upper()) == LOG_WORDS[site, words]


def test_words_of_games_not_read_are_not_in_the_table() -> None:
    for words in ("5 Card Stud Limit", "Big O Pot Limit", "5 Card Omaha Pot Limit", "Courchevel"):
        assert words not in site_words(POKERSTARS)
    assert "F7S" not in site_words(PHH) and canonical_game("Chess") is None


def test_a_spelling_for_two_games_is_refused_at_declaration() -> None:
    twice = GameNames("Other", aliases=("plo",))
    with pytest.raises(ValueError, match="'plo' names both 'Omaha' and 'Other'"):
        game_names._by_key((*GAMES, twice))


def test_the_variant_table_scores_the_games_the_table_names() -> None:
    assert [game.name for game in GAMES] == list(POKER_VARIANTS)
    for game in GAMES:
        variant = POKER_VARIANTS[game.name]
        assert variant.rules.hole_cards == game.hole_cards, game.name
        assert set(variant.rule_sets) == set(game.rule_sets), game.name
        assert variant.aliases == game.aliases, game.name


def test_rule_choices_are_checked_and_the_default_is_left_out() -> None:
    assert rule_sets_of(["Short Deck=straight-over-trips"]) == {"Short Deck": "straight-over-trips"}
    assert rule_sets_of(["6+=straight-over-trips", " SHORT DECK = trips-over-straight "]) == {}
    with pytest.raises(ValueError, match=r"no rule set 'straights-first'; known: trips-over"):
        rule_sets_of(["6+=straights-first"])
    with pytest.raises(ValueError, match=r"no game named 'Chess'; known: Hold'em, Five Card"):
        rule_sets_of(["Chess=x"])


def test_the_table_loads_without_polars_or_numpy() -> None:
    code = (
        "import sys, pipeline.records.game_names as t; t.site_words('PokerStars'); "
        "print(sorted(m for m in ('polars', 'numpy') if m in sys.modules))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert loaded.stdout.strip() == "[]", loaded.stderr
