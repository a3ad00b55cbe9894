"""The alias table: every alias the brief names maps to its canonical game, in any case."""

from __future__ import annotations

import pytest

from pipeline.games.poker.variants import (
    POKER_VARIANTS,
    canonical_game,
    known_game_names,
    rules_of_games,
)

EXPECTED = {
    "Hold'em": ["Hold'em", "Holdem", "Texas Hold'em", "NLHE", "Hold'em No Limit", "NT", "FT"],
    "Omaha": ["Omaha", "PLO", "Pot-Limit Omaha", "Omaha Pot Limit", "PO"],
    "Omaha 5": ["PLO5", "5-Card Omaha"],
    "Omaha 6": ["PLO6", "6-Card Omaha"],
    "Omaha Hi/Lo": ["Omaha Hi/Lo", "PLO8", "Omaha 8", "O8", "Omaha Hi/Lo Limit", "FO/8"],
    "Short Deck": ["Short Deck", "6+", "6+ Hold'em", "Six Plus", "NS"],
}


@pytest.mark.parametrize(("name", "alias"), [(n, a) for n, al in EXPECTED.items() for a in al])
def test_alias_maps_to_its_game_in_any_case(name: str, alias: str) -> None:
    assert canonical_game(alias) == name
    assert canonical_game(f"  {alias.upper()} ") == name
    assert canonical_game(alias.lower()) == name


def test_no_alias_means_two_games() -> None:
    keys = [a.casefold() for v in POKER_VARIANTS.values() for a in (v.name, *v.aliases)]
    assert len(keys) == len(set(keys))


def test_unknown_game_is_none_and_message_lists_names() -> None:
    assert canonical_game("Chess") is None
    assert "Omaha Hi/Lo" in known_game_names()
    assert "Short Deck" in known_game_names()


def test_short_deck_rule_set_is_a_setting_and_a_wrong_one_is_named() -> None:
    default = rules_of_games()["Short Deck"].ranking
    other = rules_of_games({"Short Deck": "straight-over-trips"})["Short Deck"].ranking
    # trips (3) above a straight (4) by default, the other way under the setting
    assert default.rank_place(3) > default.rank_place(4)
    assert other.rank_place(4) > other.rank_place(3)
    with pytest.raises(ValueError, match=r"'straights-first'.*trips-over-straight"):
        rules_of_games({"Short Deck": "straights-first"})
    with pytest.raises(ValueError, match="'Chess'"):
        rules_of_games({"Chess": "x"})
