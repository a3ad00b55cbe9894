"""Round sheets of every poker game, scored as a dealer would by the readable reference
(tests/reference.py): ranks, winners, hand names, best five, low halves and pot shares."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import polars as pl
import pytest

from pipeline.core.cards import format_cards, parse_cards
from pipeline.core.rules import CATEGORY_NAMES
from pipeline.games import GAME_OF_LAYOUT
from pipeline.games.base import ScoringOptions
from pipeline.games.generate import write_generated
from pipeline.games.issues import with_codes
from pipeline.games.layouts import detect_layout
from pipeline.games.poker.variants import canonical_game
from tests import reference
from tests.helpers import run_cli

# canonical name, an alias a sheet may write, the reference's ranking, hole cards, used, low
GAMES = {
    "Hold'em": ("texas holdem", reference.STANDARD, 2, None, False),
    "Omaha": ("PLO", reference.STANDARD, 4, 2, False),
    "Omaha 5": ("plo5", reference.STANDARD, 5, 2, False),
    "Omaha 6": ("PLO6", reference.STANDARD, 6, 2, False),
    "Omaha Hi/Lo": ("plo8", reference.STANDARD, 4, 2, True),
    "Short Deck": ("6+", reference.SHORT_DECK, 2, None, False),
}


def _deal(game: str, rounds: int, seed: int) -> pl.DataFrame:
    """A players sheet (hole and board columns) of random showdowns of ``game``, with a fold."""
    alias, ranking, hole_cards, _, _ = GAMES[game]
    deck = [card for card in range(52) if card // 4 >= ranking.lowest]
    generator = random.Random(seed)
    rows = []
    for number in range(1, rounds + 1):
        players = generator.randint(2, 9 if hole_cards == 2 else 5)
        cards = generator.sample(deck, players * hole_cards + 5)
        board = " ".join(format_cards(cards[-5:]))
        for seat in range(players):
            hole = " ".join(format_cards(cards[seat * hole_cards : (seat + 1) * hole_cards]))
            folded = "yes" if seat == 2 else "no"
            rows.append((str(number), alias, f"P{seat}", hole, board, folded))
    return pl.DataFrame(
        rows, schema=["round", "game", "player", "hole", "board", "folded"], orient="row"
    )


def _score(
    sheet: pl.DataFrame, options: ScoringOptions | None = None
) -> tuple[pl.DataFrame, pl.DataFrame]:
    layout = detect_layout(sheet.columns)
    assert layout is not None
    return GAME_OF_LAYOUT[layout.kind].score(sheet, layout, options or ScoringOptions())


def _reference_round(
    game: str, holes: Sequence[list[int]], board: list[int]
) -> tuple[list[reference.Key], list[tuple[int, ...] | None], list[Fraction]]:
    """Each hand's high key and low key, and each player's share of the pot, by the rules."""
    _, ranking, _, used, has_low = GAMES[game]
    if used is None:
        highs = [reference.best_key([*hole, *board], ranking) for hole in holes]
    else:
        highs = [reference.omaha_key(hole, board, ranking, used) for hole in holes]
    lows = [reference.omaha_low_key(hole, board) if has_low else None for hole in holes]
    best_high = max(highs)
    high_winners = [key == best_high for key in highs]
    qualifying = [low for low in lows if low is not None]
    shares = [Fraction(int(won), sum(high_winners)) for won in high_winners]
    if qualifying:
        low_winners = [low == min(qualifying) for low in lows]
        shares = [
            share / 2 + Fraction(int(won), 2 * sum(low_winners))
            for share, won in zip(shares, low_winners, strict=True)
        ]
    return highs, lows, shares


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_is_scored_as_the_reference_deals(game: str) -> None:
    sheet = _deal(game, rounds=40, seed=len(game))
    scored, issues = _score(sheet)
    assert issues.height == 0, issues.rows()[:3]
    assert scored.height == sheet.height  # nothing lost
    _, ranking, _, used, has_low = GAMES[game]
    for (_,), rows in scored.sort("row_id").group_by(["round"], maintain_order=True):
        playing = rows.filter(~pl.col("folded"))
        holes = [parse_cards(text.split()).tolist() for text in playing["hole"]]
        board = parse_cards(playing["board"][0].split()).tolist()
        highs, lows, shares = _reference_round(game, holes, board)
        assert playing["game"].unique().to_list() == [game]
        expected_rank = [1 + sum(other > key for other in highs) for key in highs]
        assert playing["rank"].to_list() == expected_rank
        assert playing["winner"].to_list() == [rank == 1 for rank in expected_rank]
        assert playing["share"].to_list() == pytest.approx([float(s) for s in shares])
        assert rows.filter(pl.col("folded"))["share"].to_list() == [0.0] * (
            rows.height - playing.height
        )
        assert rows["share"].sum() == pytest.approx(1.0)
        for key, name, five, hole, used_text in zip(
            highs, playing["hand"], playing["best_five"], holes, playing["hole_used"], strict=True
        ):
            category = ranking.order[key[0]]
            assert name.replace("Royal Flush", "Straight Flush") == CATEGORY_NAMES[category]
            five_ids = parse_cards(five.split()).tolist()
            in_hand = parse_cards(used_text.split()).tolist() if used_text else []
            assert sorted(in_hand) == sorted(card for card in five_ids if card in hole)
            assert reference.ranked_key(five_ids, ranking) == key
            if used is not None:  # exactly two hole cards and three of the board
                assert sum(card in hole for card in five_ids) == used
        if has_low:
            assert playing["low_hand"].to_list() == [reference.low_text(low) for low in lows]
            best = min((low for low in lows if low is not None), default=None)
            assert playing["low_winner"].to_list() == [
                low is not None and low == best for low in lows
            ]
        else:
            assert playing["low_winner"].is_null().all()


def test_short_deck_rule_set_decides_trips_against_a_straight() -> None:
    sheet = pl.DataFrame(
        {
            "round": ["1", "1"],
            "game": ["Short Deck", "short deck"],
            "player": ["Trips", "Straight"],
            "hole": ["Qs Qd", "Ts 9c"],
            "board": ["Qh Jd 8c 6s 7h", "Qh Jd 8c 6s 7h"],
        }
    )
    default, _ = _score(sheet)
    assert default.select("player", "hand", "winner").rows() == [
        ("Trips", "Three of a Kind", True),
        ("Straight", "Straight", False),
    ]
    other, _ = _score(sheet, ScoringOptions(rule_sets={"Short Deck": "straight-over-trips"}))
    assert other["winner"].to_list() == [False, True]
    # as Hold'em, with a 52-card deck, the straight wins too: the game column decides
    holdem, _ = _score(sheet.with_columns(pl.lit("Hold'em").alias("game")))
    assert holdem["winner"].to_list() == [False, True]


def test_a_quartered_hi_lo_pot_and_a_split_holdem_pot() -> None:
    sheet = pl.DataFrame(
        {
            "round": ["1", "1", "1", "2", "2"],
            "game": ["Omaha Hi/Lo"] * 3 + ["Hold'em"] * 2,
            "player": ["Ann", "Bob", "Cy", "Ann", "Bob"],
            # Ann and Bob hold the same low, Cy the nut flush: Cy half, Ann and Bob a
            # quarter each; round 2 the board plays for both
            "cards": [
                "Ac 2d Ks Kd 3h 5h 8h Jh Qc",
                "Ad 2c Qs Qd 3h 5h 8h Jh Qc",
                "Ah 9h Tc Tc 3h 5h 8h Jh Qc".replace("Tc Tc", "Tc Td"),
                "2c 3d As Ks Qs Js Ts",
                "4c 5d As Ks Qs Js Ts",
            ],
        }
    )
    scored, issues = _score(sheet)
    assert issues.height == 0
    assert scored.select("player", "share", "low_hand", "low_winner").rows() == [
        ("Ann", 0.25, "8-5-3-2-A", True),
        ("Bob", 0.25, "8-5-3-2-A", True),
        ("Cy", 0.5, None, False),
        ("Ann", 0.5, None, None),
        ("Bob", 0.5, None, None),
    ]
    assert scored["hand"][2] == "Flush"


def test_one_column_lines_and_the_game_option_give_omaha_its_four_hole_cards() -> None:
    line = pl.DataFrame(
        {"round": ["1", "1"], "player": ["Ann", "Bob"],
         "cards": ["Ah Kh 2c 3d 7h 8h 9h Qs Jd", "As Ks 4c 4d 7h 8h 9h Qs Jd"]}
    )  # fmt: skip
    as_holdem, issues = _score(line)  # nine cards are no Hold'em line: an issue, not a guess
    assert as_holdem.height == 0
    assert "9 cards: expected 2 hole cards" in issues["message"][0]
    assert "for Hold'em" in issues["message"][0]
    scored, issues = _score(line, ScoringOptions(game="Omaha"))
    assert issues.height == 0
    assert scored["hole_used"].to_list() == ["Ah Kh", "4c 4d"]
    shown = GAME_OF_LAYOUT["players"].present(line, scored, detect_layout(line.columns))  # type: ignore[arg-type]
    assert shown.added.columns[:5] == ["row_id", "game", "hand", "hand_detail", "best_five"]
    assert shown.added.columns[5] == "hole_used"  # which two of the four play
    assert scored.select("hole", "board", "hand", "winner").rows() == [
        ("Ah Kh 2c 3d", "7h 8h 9h Qs Jd", "Flush", True),
        ("As Ks 4c 4d", "7h 8h 9h Qs Jd", "Pair", False),  # the fours and three of the board
    ]


def test_games_a_sheet_cannot_hold_are_issues_naming_the_cell() -> None:
    sheet = pl.DataFrame(
        {
            "round": ["1", "1", "2", "2", "3", "3", "4", "4"],
            "game": ["Chess", "Hold'em", "Hold'em", "Hold'em", "Short Deck", "6+", "Omaha", "PLO"],
            "player": ["Ann", "Bob"] * 4,
            "hole": ["Ah Kh", "Qs Qd", "Ah Kh 2c 3d 4s", "Qs Qd", "5h 6h", "As Ad",
                     "Ah Kh 2c 3d", "Qs Qd 9c 9d"],
            "board": ["2s 3s 4s 5d 7c", "2s 3s 4s 5d 7c", "Ts Js 8d 7c 6d", "Ts Js 8d 7c 6d",
                      "Ts Js 8d 7c 6d", "Ts Js 8d 7c 6d", "Ts Js 8d 7c 6d", "Ts Js 8d 7c 6d"],
        }
    )  # fmt: skip
    mixed = sheet.with_columns(
        pl.when(pl.int_range(pl.len()) == 6).then(pl.lit("Hold'em")).otherwise("game").alias("game")
    )
    scored, issues = _score(mixed)
    by_row = {row: message for row, message in issues.select("row_id", "message").iter_rows()}
    assert by_row[0].startswith("game 'Chess' is not a game we score; known: Hold'em")
    assert "Short Deck" in by_row[0]
    assert by_row[2] == "5 hole cards: expected 2 for Hold'em"
    assert by_row[4] == "card '5h' is not in Short Deck's 36-card deck (6 through A)"
    assert by_row[6].startswith("round '4' mixes games (Hold'em, Omaha)")
    assert by_row[7].startswith("round '4' mixes games")
    for partner in (1, 3, 5):  # the rest of each round is held back, not crowned alone
        assert "held back" in by_row[partner]
    assert scored.height == 0
    codes = dict(with_codes(issues).select("row_id", "code").iter_rows())
    assert [codes[row] for row in (0, 2, 4, 6)] == [
        "unknown_game",
        "card_count",
        "card_not_in_deck",
        "mixed_games",
    ]


def test_the_run_takes_a_game_option_and_writes_the_game_to_parquet(tmp_path: Path) -> None:
    sheet = _deal("Omaha", rounds=3, seed=5).drop("game")
    sheet.write_csv(tmp_path / "plo.csv")
    result = run_cli("run", str(tmp_path / "plo.csv"), "-o", str(tmp_path / "out"),
                     "--no-equity", "--game", "pot-limit omaha")  # fmt: skip
    assert result.returncode == 0, result.stderr
    parquet = pl.read_parquet(tmp_path / "out" / "plo.csv.poker.parquet")
    assert parquet["game"].unique().to_list() == ["Omaha"]
    assert (
        parquet.group_by("round").agg(pl.col("share").sum())["share"].to_list()
        == [pytest.approx(1.0)] * 3
    )
    unknown = run_cli(
        "run", str(tmp_path / "plo.csv"), "-o", str(tmp_path / "x"), "--game", "Chess"
    )
    assert unknown.returncode == 2
    assert "Error: unknown game 'Chess'; known: Hold'em, Five Card, Omaha" in unknown.stderr


def test_five_card_hands_keep_every_card_of_the_line() -> None:
    kata = pl.DataFrame({"round": ["1", "1"], "player": ["Black", "White"],
                         "hand": ["2H 3D 5S 9C KD", "2C 3H 4S 8C AH KS"]})  # fmt: skip
    scored, issues = _score(kata)
    assert (1, "6 cards: expected 5") in issues.select("row_id", "message").rows()
    line = pl.DataFrame({"round": ["1", "1"], "game": ["five card"] * 2, "player": ["B", "W"],
                         "cards": ["2H 3D 5S 9C KD", "2C 3H 4S 8C AH"]})  # fmt: skip
    scored, issues = _score(line)
    assert issues.height == 0
    assert scored.select("hole", "board", "hand", "winner").rows() == [
        ("2H 3D 5S 9C KD", None, "High Card", False),
        ("2C 3H 4S 8C AH", None, "High Card", True),
    ]


def test_a_rounds_sheet_of_hi_lo_names_both_halves_winners() -> None:
    sheet = pl.DataFrame(
        {
            "round": ["1", "2"],
            "game": ["PLO8", "PLO8"],
            "board": ["3h 5h 8h Jh Qc", "Kc Kd 9s 9h Tc"],
            "Ann": ["Ac 2d Ks Kd", "Ac 2d 3s 4d"],
            "Bob": ["Ah 9h Tc Td", "9c Td Qs Js fold"],
            "Cy": ["4c 6d Qs Qd", "As Ks 7c 8d"],
        }
    )
    layout = detect_layout(sheet.columns)
    assert layout is not None and layout.kind == "rounds"
    game = GAME_OF_LAYOUT[layout.kind]
    scored, issues = game.score(sheet, layout, ScoringOptions())
    assert issues.height == 0
    shown = game.present(sheet, scored, layout).added
    # round 1: Bob's nut flush takes the high half, Ann's 8-5-3-2-A the low; round 2: no low
    assert shown.select("winner", "low_winner", "winning_low").rows() == [
        ("Bob", "Ann", "8-5-3-2-A"),
        ("Cy", None, None),
    ]


@pytest.mark.parametrize("game", ["PLO", "Omaha 6", "PLO8", "6+"])
@pytest.mark.parametrize("layout", ["players", "rounds"])
def test_generated_nights_of_every_game_score_clean(tmp_path: Path, game: str, layout: str) -> None:
    path = tmp_path / "night.csv"
    rows = write_generated(path, layout=layout, rounds=12, players=4, seed=9, game=game)
    sheet = pl.read_csv(path, infer_schema=False)
    scored, issues = _score(sheet)
    assert issues.height == 0, issues.rows()[:3]
    assert scored["game"].unique().to_list() == [canonical_game(game)]
    assert rows == sheet.height
    again = tmp_path / "again.csv"
    write_generated(again, layout=layout, rounds=12, players=4, seed=9, game=game)
    assert again.read_bytes() == path.read_bytes()  # the same seed deals the same night


def test_a_game_the_generator_cannot_deal_is_named() -> None:
    with pytest.raises(ValueError, match="unknown game 'Chess'; known: Hold'em"):
        write_generated(Path("x.csv"), layout="players", rounds=1, game="Chess")
    with pytest.raises(ValueError, match="deals 6 hole cards to 7 at most"):
        write_generated(Path("x.csv"), layout="players", rounds=1, players=9, game="PLO6")
    with pytest.raises(ValueError, match="listing is Hold'em's"):
        write_generated(Path("x.txt"), layout="players", rounds=1, game="PLO")
