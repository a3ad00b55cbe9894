"""The games of a mixed night (HORSE, 8-Game): Stud, Stud Hi/Lo, Razz, 5 Card Draw, 2-7 Single
and Triple Draw, A-5 Triple Draw and Badugi, from round sheets.

Random sheets are scored as a dealer would by the readable oracles (tests/reference.py for high
hands, tests/core/low_reference.py for lowball and Badugi); a night of every HORSE game is run
end to end from a CSV and a workbook, its winners written by hand.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import polars as pl
import pytest

from pipeline.core.cards import format_cards, parse_cards
from pipeline.games import GAME_OF_LAYOUT
from pipeline.games.base import ScoringOptions
from pipeline.games.layouts import detect_layout
from pipeline.games.poker.variants import POKER_VARIANTS, canonical_game
from tests import reference
from tests.core import low_reference
from tests.helpers import run_cli

MIXED = Path(__file__).parents[1] / "data" / "mixed"


def _high(cards: Sequence[int]) -> reference.Key:
    return reference.best_key(cards, reference.STANDARD)


def _stud_low(cards: Sequence[int]) -> tuple[int, ...] | None:
    lows = [reference.low_key(five) for five in itertools.combinations(cards, 5)]
    return min((low for low in lows if low is not None), default=None)


@dataclass(frozen=True)
class Dealt:
    """A game as the oracle deals and judges it: an alias a sheet writes, the cards a hand
    holds, the hand's key and whether a greater key is better, and a low half's key."""

    alias: str
    cards: int
    key: Callable[[Sequence[int]], object]
    higher_wins: bool
    low: Callable[[Sequence[int]], tuple[int, ...] | None] | None = None


GAMES = {
    "7 Card Stud": Dealt("Stud", 7, _high, higher_wins=True),
    "7 Card Stud Hi/Lo": Dealt("stud8", 7, _high, higher_wins=True, low=_stud_low),
    "Razz": Dealt("RAZZ", 7, low_reference.razz_key, higher_wins=False),
    "5 Card Draw": Dealt("5 Card Draw", 5, _high, higher_wins=True),
    "Triple Draw 2-7 Lowball": Dealt(
        "2-7 TD", 5, low_reference.deuce_to_seven_key, higher_wins=False
    ),
    "Single Draw 2-7 Lowball": Dealt(
        "2-7 Single Draw", 5, low_reference.deuce_to_seven_key, higher_wins=False
    ),
    "Triple Draw A-5 Lowball": Dealt("A-5 TD", 5, low_reference.ace_to_five_key, higher_wins=False),
    "Badugi": Dealt("badugi", 4, low_reference.badugi_key, higher_wins=False),
}

POKERSTARS_NAMES = {
    "7 Card Stud": ["7 Card Stud", "Stud", "Seven Card Stud", "7 Card Stud Limit"],
    "7 Card Stud Hi/Lo": ["7 Card Stud Hi/Lo", "Stud8", "Stud Hi/Lo", "7 Card Stud Hi/Lo Limit"],
    "Razz": ["Razz", "Razz Limit"],
    "5 Card Draw": ["5 Card Draw", "Five Card Draw", "5 Card Draw Limit"],
    "Triple Draw 2-7 Lowball": ["Triple Draw 2-7 Lowball", "2-7 TD", "2-7 Triple Draw", "27TD"],
    "Single Draw 2-7 Lowball": ["Single Draw 2-7 Lowball", "2-7 Single Draw", "2-7 SD"],
    "Triple Draw A-5 Lowball": ["Triple Draw A-5 Lowball", "A-5 Triple Draw", "A-5 TD"],
    "Badugi": ["Badugi", "Badugi Limit"],
}


@pytest.mark.parametrize(
    ("name", "written"),
    [(name, alias) for name, aliases in POKERSTARS_NAMES.items() for alias in aliases],
    ids=lambda value: str(value),
)
def test_pokerstars_names_and_the_usual_aliases_name_each_game(name: str, written: str) -> None:
    assert name in POKER_VARIANTS
    assert canonical_game(written) == name
    assert canonical_game(f" {written.upper()} ") == name


def _deal(game: str, rounds: int, seed: int) -> pl.DataFrame:
    """A players sheet (one ``cards`` cell a hand, a ``folded`` flag) of random showdowns of
    ``game``; in stud a fold holds the three to six cards it had when it folded."""
    dealt = GAMES[game]
    generator = random.Random(seed)
    rows = []
    for number in range(1, rounds + 1):
        players = generator.randint(2, 52 // dealt.cards if dealt.cards < 7 else 7)
        cards = generator.sample(range(52), players * dealt.cards)
        for seat in range(players):
            hand = cards[seat * dealt.cards : (seat + 1) * dealt.cards]
            folded = seat == 2
            if folded and dealt.cards == 7:
                hand = hand[: generator.randint(3, 6)]
            text = " ".join(format_cards(hand))
            rows.append((str(number), dealt.alias, f"P{seat}", text, "yes" if folded else "no"))
    return pl.DataFrame(rows, schema=["round", "game", "player", "cards", "folded"], orient="row")


def _score(sheet: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    layout = detect_layout(sheet.columns)
    assert layout is not None
    return GAME_OF_LAYOUT[layout.kind].score(sheet, layout, ScoringOptions())


def _better(dealt: Dealt, one: object, other: object) -> bool:
    return bool(one > other) if dealt.higher_wins else bool(one < other)  # type: ignore[operator]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_is_scored_as_the_dealer_judges(game: str) -> None:
    dealt = GAMES[game]
    sheet = _deal(game, rounds=30, seed=len(game))
    scored, issues = _score(sheet)
    assert issues.height == 0, issues.rows()[:3]
    assert scored.height == sheet.height
    for (number,), rows in scored.sort("row_id").group_by(["round"], maintain_order=True):
        playing = rows.filter(~pl.col("folded"))
        hands = [parse_cards(text.split()).tolist() for text in playing["hole"]]
        keys = [dealt.key(hand) for hand in hands]
        ranks = [1 + sum(_better(dealt, other, key) for other in keys) for key in keys]
        where = f"{game} round {number}: {playing['hole'].to_list()}"
        assert playing["game"].unique().to_list() == [game], where
        assert playing["rank"].to_list() == ranks, where
        assert playing["winner"].to_list() == [rank == 1 for rank in ranks], where
        high_winners = [rank == 1 for rank in ranks]
        shares = [Fraction(int(won), sum(high_winners)) for won in high_winners]
        if dealt.low is not None:
            lows = [dealt.low(hand) for hand in hands]
            expected_text = [reference.low_text(low) for low in lows]
            assert playing["low_hand"].to_list() == expected_text, where
            best = min((low for low in lows if low is not None), default=None)
            low_winners = [low is not None and low == best for low in lows]
            assert playing["low_winner"].to_list() == low_winners, where
            if best is not None:
                shares = [
                    share / 2 + Fraction(int(won), 2 * sum(low_winners))
                    for share, won in zip(shares, low_winners, strict=True)
                ]
        else:
            assert playing["low_winner"].is_null().all(), where
        assert playing["share"].to_list() == pytest.approx([float(s) for s in shares]), where
        assert rows.filter(pl.col("folded"))["share"].to_list() == [0.0] * (
            rows.height - playing.height
        )
        # the cards shown as the hand are the player's and make the hand's key
        for hand, key, shown in zip(hands, keys, playing["best_five"], strict=True):
            shown_ids = parse_cards(shown.split()).tolist()
            assert set(shown_ids) <= set(hand), where
            if len(shown_ids) == 5 and dealt.cards != 4:
                assert dealt.key(shown_ids) == key, where
            else:  # Badugi: the cards that play are a hand of that many cards
                assert low_reference.badugi_key(shown_ids) == key, where
        # no win chance per street in a game without a board
        assert "win_preflop" not in rows.columns or rows["win_preflop"].is_null().all()


NAMED_HANDS = [
    ("Razz", "Kd 7c 5s 4h 3d 2c Kh", "7 low", "7-5 low", "7c 5s 4h 3d 2c"),
    ("Razz", "Ah 2h 3h 4h 5h Kc Kd", "5 low", "wheel", "5h 4h 3h 2h Ah"),
    ("Razz", "Ks Kd Qc Qd Jc Js Kh", "Two Pair", "two pair, Queens and Jacks", None),
    ("2-7 TD", "7d 5c 4s 3h 2d", "7 low", "Number one", "7d 5c 4s 3h 2d"),
    ("2-7 Single Draw", "Ah 5c 4s 3h 2d", "A low", "A-5 low", None),
    ("2-7 TD", "6c 5d 4h 3c 2c", "Straight", "a straight, Six high", None),
    ("A-5 TD", "6c 5c 4c 3c 2c", "6 low", "6-5 low", None),
    ("Badugi", "6c 4d 2h Kh", "Three-card hand", "a three-card 6-4-2 badugi", "6c 4d 2h"),
    ("Badugi", "Ac 2d 3h 4s", "Badugi", "a 4-3-2-A badugi", "4s 3h 2d Ac"),
    ("Stud", "Ah Ad Kc Ks 2c 3d 9s", "Two Pair", "Two Pair (Aces and Kings)", "Ah Ad Ks Kc 9s"),
    ("5 Card Draw", "Ah Kh Qh Jh Th", "Royal Flush", "Royal Flush", None),
]


@pytest.mark.parametrize(
    ("written", "cards", "hand", "detail", "five"),
    NAMED_HANDS,
    ids=[f"{written}: {detail}" for written, _, _, detail, _ in NAMED_HANDS],
)
def test_hands_are_named_as_players_say_them(
    written: str, cards: str, hand: str, detail: str, five: str | None
) -> None:
    count = len(cards.split())
    other = {4: "Qs Qd Qh Qc", 5: "9s 9d 9c 9h 8s", 7: "Ts Td Tc Th 8s 8d 8h"}[count]
    sheet = pl.DataFrame(
        {
            "round": ["1", "1"],
            "game": [written, written],
            "player": ["Ann", "Bob"],
            "cards": [cards, other],
        }
    )
    scored, issues = _score(sheet)
    assert issues.height == 0, issues.rows()
    row = scored.filter(pl.col("player") == "Ann").row(0, named=True)
    assert (row["hand"], row["hand_detail"]) == (hand, detail)
    if five is not None:
        assert row["best_five"] == five


@pytest.mark.parametrize(
    ("written", "cards", "message"),
    [
        ("Razz", "As 2s 3s 4s 5s 6s", "6 cards: expected 7 for Razz"),
        ("Stud8", "As 2s 3s 4s 5s", "5 cards: expected 7 for 7 Card Stud Hi/Lo"),
        ("2-7 TD", "As 2s 3s 4s", "4 cards: expected 5 for Triple Draw 2-7 Lowball"),
        ("Badugi", "As 2d 3h 4c 5s", "5 cards: expected 4 for Badugi"),
    ],
    ids=["razz", "stud8", "2-7", "badugi"],
)
def test_a_wrong_card_count_is_a_row_issue_naming_the_cell(
    written: str, cards: str, message: str
) -> None:
    holds = GAMES[str(canonical_game(written))].cards
    others = [" ".join(f"{rank}{suit}" for rank in "KQJT987"[:holds]) for suit in "cd"]
    sheet = pl.DataFrame(
        {"round": ["1"] * 3, "game": [written] * 3, "player": ["Ann", "Bob", "Cy"],
         "cards": [cards, *others]}
    )  # fmt: skip
    _, issues = _score(sheet)
    first = issues.sort("row_id").row(0, named=True)
    assert (first["row_id"], first["column"], first["value"], first["message"]) == (
        0,
        "cards",
        cards,
        message,
    )
    # the round is held back whole: ranking it without that hand would crown the wrong winner
    assert set(issues["row_id"]) == {0, 1, 2}


# The HORSE night of tests/data/mixed/horse_night.csv, judged by hand: (round, player) -> (hand
# detail, winner, share, low hand).  Round 13's Razz row holds six cards: the round is held back.
HORSE_NIGHT = {
    ("1", "Ann"): ("High Card (Ace)", False, 0.0, None),
    ("1", "Bob"): ("Pair (Nines)", False, 0.0, None),
    ("1", "Cy"): ("Pair (Kings)", True, 1.0, None),
    ("2", "Ann"): ("Straight (Queen high)", True, 0.5, None),
    ("2", "Bob"): ("Straight (Jack high)", False, 0.0, None),
    ("2", "Cy"): ("Straight (Queen high)", True, 0.5, None),
    ("3", "Ann"): ("Three of a Kind (Kings)", True, 0.5, "8-7-5-2-A"),
    ("3", "Bob"): ("Pair (Nines)", False, 0.5, "8-5-3-2-A"),
    ("3", "Cy"): ("Three of a Kind (Queens)", False, 0.0, None),
    ("4", "Ann"): ("Pair (Threes)", False, 0.0, None),
    ("4", "Bob"): ("Straight (King high)", False, 0.0, None),
    ("4", "Cy"): ("Full House (Nines over Threes)", True, 1.0, None),
    ("5", "Ann"): ("7-5 low", False, 0.0, None),
    ("5", "Bob"): ("6-4 low", True, 1.0, None),
    ("5", "Cy"): ("Q-8 low", False, 0.0, None),
    ("6", "Ann"): ("wheel", True, 0.5, None),
    ("6", "Bob"): ("wheel", True, 0.5, None),
    ("6", "Cy"): (None, False, 0.0, None),
    ("7", "Ann"): ("Two Pair (Aces and Kings)", False, 0.0, None),
    ("7", "Bob"): ("Three of a Kind (Sevens)", False, 0.0, None),
    ("7", "Cy"): ("Flush (Queen high)", True, 1.0, None),
    ("8", "Ann"): (None, False, 0.0, None),
    ("8", "Bob"): ("Two Pair (Kings and Fours)", False, 0.0, None),
    ("8", "Cy"): ("Full House (Queens over Threes)", True, 1.0, None),
    ("9", "Ann"): ("Pair (Kings)", False, 0.0, None),
    ("9", "Bob"): ("Full House (Queens over Eights)", True, 0.5, None),
    ("9", "Cy"): ("Pair (Jacks)", False, 0.5, "8-7-6-5-A"),
    ("10", "Ann"): ("Pair (Kings)", False, 0.25, "6-4-3-2-A"),
    ("10", "Bob"): ("Pair (Tens)", False, 0.25, "6-4-3-2-A"),
    ("10", "Cy"): ("Full House (Nines over Jacks)", True, 0.5, None),
    ("11", "Ann"): ("Number one", True, 1.0, None),
    ("11", "Bob"): ("8-6 low", False, 0.0, None),
    ("11", "Cy"): ("a straight, Six high", False, 0.0, None),
    ("12", "Ann"): ("a three-card 6-4-2 badugi", False, 0.0, None),
    ("12", "Bob"): ("a K-Q-J-T badugi", True, 1.0, None),
    ("12", "Cy"): ("a one-card A badugi", False, 0.0, None),
}

HORSE_GAMES = {
    "1": "Hold'em", "2": "Hold'em", "3": "Omaha Hi/Lo", "4": "Omaha Hi/Lo", "5": "Razz",
    "6": "Razz", "7": "7 Card Stud", "8": "7 Card Stud", "9": "7 Card Stud Hi/Lo",
    "10": "7 Card Stud Hi/Lo", "11": "Triple Draw 2-7 Lowball", "12": "Badugi",
}  # fmt: skip


def _horse_workbook(path: Path) -> None:
    """The night's CSV as a producer's workbook: one sheet, a header row and the values."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Night"
    for row in pl.read_csv(MIXED / "horse_night.csv", infer_schema=False).iter_rows():
        sheet.append(list(row))
    sheet.insert_rows(1)
    for column, name in enumerate(["round", "game", "player", "cards", "folded"], start=1):
        sheet.cell(1, column, name)
    book.save(path)


def test_a_stud_hand_won_before_seventh_street_is_the_last_players_unranked() -> None:
    # Bob and Cy folded on fifth street; Ann, left alone, holds her five cards: no showdown,
    # so no hand to rank or name (an evaluator fed five of seven cards would name a phantom
    # hand), but the pot is hers and her row is no card-count issue.
    sheet = pl.DataFrame(
        {"round": ["1"] * 3, "game": ["Razz"] * 3, "player": ["Ann", "Bob", "Cy"],
         "cards": ["Kd Kh 4d 9c 2s", "Ac 2c 3c 4c 5c", "Qs Js Ts"],
         "folded": ["no", "yes", "yes"]}
    )  # fmt: skip
    scored, issues = _score(sheet)
    assert issues.height == 0, issues.rows()
    ann = scored.filter(pl.col("player") == "Ann").row(0, named=True)
    assert (ann["winner"], ann["share"], ann["rank"], ann["hand"], ann["strength"]) == (
        True,
        1.0,
        None,
        None,
        None,
    )
    assert scored.filter(pl.col("player") != "Ann")["winner"].to_list() == [False, False]


def test_two_players_left_with_short_stud_hands_are_a_card_count_issue() -> None:
    # two still in: the hand went to a showdown, which needs every card
    sheet = pl.DataFrame(
        {"round": ["1"] * 3, "game": ["Stud"] * 3, "player": ["Ann", "Bob", "Cy"],
         "cards": ["Kd Kh 4d 9c 2s", "Ac 2c 3c 4c 5c 6c 7c", "Qs Js Ts"],
         "folded": ["no", "no", "yes"]}
    )  # fmt: skip
    _, issues = _score(sheet)
    first = issues.sort("row_id").row(0, named=True)
    assert (first["row_id"], first["message"]) == (0, "5 cards: expected 7 for 7 Card Stud")


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_horse_night_runs_end_to_end(tmp_path: Path, kind: str) -> None:
    night = tmp_path / "in"
    night.mkdir()
    source = night / f"horse_night.{kind}"
    if kind == "csv":
        source.write_bytes((MIXED / "horse_night.csv").read_bytes())
    else:
        _horse_workbook(source)
    out = tmp_path / "out"
    result = run_cli("run", str(night), "-o", str(out))
    assert result.returncode == 1, result.stdout + result.stderr  # the one bad row
    # a CSV gets a workbook of its own; a workbook is written again with our columns
    stem = source.name if kind == "csv" else source.stem
    parquet = pl.read_parquet(out / f"{stem}.poker.parquet")
    scored = parquet.filter(pl.col("issue_code").is_null())
    found = {
        (row["round"], row["player"]): (
            row["hand_detail"],
            row["winner"],
            row["share"],
            row["low_hand"],
        )
        for row in scored.iter_rows(named=True)
    }
    assert found == HORSE_NIGHT
    games = dict(scored.select("round", "game").unique().iter_rows())
    assert games == HORSE_GAMES
    assert scored["win_preflop"].is_null().sum() == sum(
        1 for number in scored["round"] if HORSE_GAMES[number] not in ("Hold'em", "Omaha Hi/Lo")
    )
    issues = pl.read_excel(out / f"{stem}.xlsx", sheet_name="Issues")
    sheet = "horse_night" if kind == "csv" else "Night"
    assert issues.select("file", "sheet", "row", "column", "value", "message").rows() == [
        (source.name, sheet, 38, "cards", "As 2s 3s 4s 5s 6s", "6 cards: expected 7 for Razz"),
        (
            source.name,
            sheet,
            39,
            "cards",
            "Kc Qc Jc Tc 9c 8c 7c",
            "round '13' held back: the row of 'Dan' was rejected",
        ),
    ]


KIT_HANDS = {
    "7 Card Stud": "StandardHighHand",
    "7 Card Stud Hi/Lo": "StandardHighHand",
    "Razz": "RegularLowHand",
    "5 Card Draw": "StandardHighHand",
    "Triple Draw 2-7 Lowball": "StandardLowHand",
    "Single Draw 2-7 Lowball": "StandardLowHand",
    "Triple Draw A-5 Lowball": "RegularLowHand",
    "Badugi": "BadugiHand",
}


def _same_order(ours: list[int], theirs: list[object], texts: list[str], where: str) -> None:
    """Every pair of deals ordered alike (both greater-is-stronger), naming the first pair
    that is not."""
    for (a, ours_a, kit_a), (b, ours_b, kit_b) in itertools.pairwise(
        sorted(zip(texts, ours, theirs, strict=True), key=lambda deal: deal[1])
    ):
        same = (ours_a == ours_b) == (kit_a == kit_b) and (ours_a == ours_b or kit_a < kit_b)  # type: ignore[operator]
        assert same, f"{where}: [{a}] ours {ours_a}, [{b}] ours {ours_b}: pokerkit disagrees"


@pytest.mark.parametrize("game", list(KIT_HANDS))
def test_every_declared_game_orders_hands_as_pokerkit(game: str) -> None:
    """The pipeline's call for each declared game (its rules through ``hands``) against
    pokerkit's evaluator of that game, on seeded random deals (Stud Hi/Lo's low half against
    ``EightOrBetterLowHand``, no low exactly where pokerkit finds none)."""
    import numpy as np
    import pokerkit

    from pipeline.core.evaluation import hands
    from pipeline.core.evaluation.low import NO_LOW

    rules = POKER_VARIANTS[game].rules
    generator = random.Random(34 + len(game))
    deals = [generator.sample(range(52), rules.hole_cards) for _ in range(600)]
    cards = np.array(deals, dtype=np.uint8)
    no_board = np.empty((len(deals), 0), dtype=np.uint8)
    texts = ["".join(format_cards(deal)) for deal in deals]
    kit_class = getattr(pokerkit, KIT_HANDS[game])
    ours = hands.high_strengths(rules, cards, no_board).tolist()
    _same_order(ours, [kit_class.from_game(text) for text in texts], texts, game)
    if rules.low is not None:
        lows = hands.low_values(rules, cards, no_board).astype(np.int64)
        kit_lows = [pokerkit.EightOrBetterLowHand.from_game_or_none(text) for text in texts]
        assert [kit is None for kit in kit_lows] == (lows == NO_LOW).tolist()
        having = [i for i, kit in enumerate(kit_lows) if kit is not None]
        _same_order(
            [-int(lows[i]) for i in having],
            [kit_lows[i] for i in having],
            [texts[i] for i in having],
            f"{game} low",
        )
