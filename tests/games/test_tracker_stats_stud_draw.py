"""The tracker statistics in Stud, Stud Hi/Lo, Razz and the draw games (issue 34): each
definition on a hand written in the ``actions`` notation, the vectorised columns beside the
readable reference on every one, and the two agreeing on random stud and draw hands."""

from __future__ import annotations

import random
from typing import Any

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.games.poker.stats.tracker_stats import with_tracker_stats
from pipeline.records.betting_rounds import BETTING, betting_of
from tests.games.test_tracker_stats import EVERY_STAT, HAND, both
from tests.games.tracker_stats_reference import reference_stats

STUD_GAMES = sorted(game for game, betting in BETTING.items() if betting.family == "stud")
DRAW_GAMES = sorted(game for game, betting in BETTING.items() if betting.family == "draw")
STUD = "7 Card Stud"
RAZZ = "Razz"
TRIPLE_DRAW = "Triple Draw 2-7 Lowball"
SINGLE_DRAW = "Single Draw 2-7 Lowball"


def game_hand(game: str, *players: tuple[str, str, float], draws: dict[str, str] | None = None,
              positions: dict[str, str] | None = None) -> pl.DataFrame:  # fmt: skip
    """One hand of ``game``: (player, actions, won) per player; ``draws`` and ``positions``
    by player where the game has them."""
    names = [name for name, _, _ in players]
    return pl.DataFrame(
        {
            "round": ["1"] * len(players),
            "game": [game] * len(players),
            "player": names,
            "position": [(positions or {}).get(name) for name in names],
            "actions": [actions for _, actions, _ in players],
            "won": [won for _, _, won in players],
            "draws": [(draws or {}).get(name) for name in names],
        },
        schema_overrides={"position": pl.String, "draws": pl.String},
    )


# 7 Card Stud, ante 1, bring-in 2, bets 5/10.  P3 brings in, P4 folds, P1 completes (the first
# full bet), P2 calls, P3 raises (the second), P1 re-raises (the third: a 3-bet), P2 calls,
# P3 folds.  Fourth street: P2 checks, P1 (third street's last raiser) bets: a c-bet; P2 calls.
# Fifth: P2 bets, P1 raises, P2 calls; sixth checked; seventh: P2 bets, P1 calls, P1 wins.
STUD_THREE_BET = game_hand(
    STUD,
    ("P1", "1.ante1 7.r5 10.r15 / 14.b5 / 17.r20 / 20.x / 22.c10 24.sd", 86.0),
    ("P2", "2.ante1 8.c5 11.c15 / 13.x 15.c5 / 16.b10 18.c20 / 19.x / 21.b10 23.sd", 0.0),
    ("P3", "3.ante1 5.bi2 9.r10 12.f", 0.0),
    ("P4", "4.ante1 6.f", 0.0),
)


def test_stud_third_street_is_the_first_street() -> None:
    stats = both(STUD_THREE_BET)
    # the bring-in is no voluntary money; raising after it is
    assert [stats[p]["vpip"] for p in ("P1", "P2", "P3", "P4")] == [True, True, True, False]
    # completing the bring-in is the first street's raise
    assert [stats[p]["pfr"] for p in ("P1", "P2", "P3", "P4")] == [True, False, True, False]
    # completion, raise, re-raise: P1's is the third full bet, a 3-bet
    assert (stats["P1"]["three_bet_chance"], stats["P1"]["three_bet"]) == (True, True)
    # P2 called the completion (one bet in: no 3-bet chance), then faced three bets
    assert stats["P2"]["three_bet_chance"] is False
    assert (stats["P2"]["four_bet_chance"], stats["P2"]["four_bet"]) == (True, False)
    # P3 made the second bet (the opener's part) and folded to the 3-bet
    assert (stats["P3"]["fold_to_three_bet_chance"], stats["P3"]["fold_to_three_bet"]) == (
        True,
        True,
    )
    assert stats["P1"]["fold_to_three_bet_chance"] is False
    # P4 folded first in, P1 completed first in: both from the last three seats to act
    assert (stats["P1"]["steal_chance"], stats["P1"]["steal"]) == (True, True)
    assert (stats["P4"]["steal_chance"], stats["P4"]["steal"]) == (True, False)
    assert stats["P3"]["steal_chance"] is False  # the bring-in's seat


def test_stud_continuation_bet_is_on_fourth_street_and_the_later_streets_count() -> None:
    stats = both(STUD_THREE_BET)
    assert (stats["P1"]["cbet_chance"], stats["P1"]["cbet"]) == (True, True)
    assert (stats["P2"]["fold_to_cbet_chance"], stats["P2"]["fold_to_cbet"]) == (True, False)
    # "saw the flop" is saw fourth street
    assert [stats[p]["saw_flop"] for p in ("P1", "P2", "P3", "P4")] == [True, True, False, False]
    assert (stats["P1"]["saw_showdown"], stats["P1"]["won_at_showdown"]) == (True, True)
    assert (stats["P2"]["saw_showdown"], stats["P2"]["won_at_showdown"]) == (True, False)
    # fourth to seventh street: P1 bet 14, raised 17, called 22; P2 bet 16 and 21, called 15, 18
    p1, p2 = stats["P1"], stats["P2"]
    assert (p1["bets"], p1["raises"], p1["calls"]) == (1, 1, 1)
    assert (p2["bets"], p2["raises"], p2["calls"]) == (2, 0, 2)
    assert (p1["bets_fourth"], p1["raises_fifth"], p1["calls_sixth"], p1["calls_seventh"]) == (
        1,
        1,
        0,
        1,
    )
    assert (p2["calls_fourth"], p2["bets_fifth"], p2["calls_fifth"], p2["bets_seventh"]) == (
        1,
        1,
        1,
        1,
    )
    # the board's and the draws' street columns are another game's: null
    assert (p1["bets_flop"], p1["calls_river"], p1["bets_draw1"]) == (None, None, None)
    assert [stats[p]["fold_street"] for p in ("P1", "P2", "P3", "P4")] == [
        None,
        None,
        "third",
        "third",
    ]
    assert p1["stand_pat"] is None  # no draw in stud


# The steal in stud: a completion first in from the last three to act on third street before
# the bring-in acts again (fpdb's stud steal seats); the bring-in's own seat is never one.
# Six players, P1 brings in; folded round to P5, who completes: a steal.  P2 (five seats
# from the last) was first in too, but from an early seat: no chance.
STUD_STEAL = game_hand(
    RAZZ,
    ("P1", "1.ante1 7.bi1 13.f", 0.0),
    ("P2", "2.ante1 8.f", 0.0),
    ("P3", "3.ante1 9.f", 0.0),
    ("P4", "4.ante1 10.f", 0.0),
    ("P5", "5.ante1 11.r4", 7.0),
    ("P6", "6.ante1 12.f", 0.0),
)
# P2, first after the bring-in, completes: first in, but from an early seat.
STUD_EARLY_COMPLETION = game_hand(
    RAZZ,
    ("P1", "1.ante1 7.bi1 13.f", 0.0),
    ("P2", "2.ante1 8.r4", 7.0),
    ("P3", "3.ante1 9.f", 0.0),
    ("P4", "4.ante1 10.f", 0.0),
    ("P5", "5.ante1 11.f", 0.0),
    ("P6", "6.ante1 12.f", 0.0),
)
# The bring-in's seat completes instead of bringing in: voluntary, a raise, no steal seat.
BRING_IN_COMPLETES = game_hand(STUD, ("P1", "1.ante1 3.r4", 6.0), ("P2", "2.ante1 4.f", 0.0))
# Everyone folds to the bring-in: it never decided anything (a walk's analog).
BRING_IN_WALK = game_hand(STUD, ("P1", "1.ante1 3.bi2", 4.0), ("P2", "2.ante1 4.f", 0.0))


def test_a_stud_steal_is_a_completion_first_in_from_the_last_three_seats() -> None:
    steal = both(STUD_STEAL)
    assert (steal["P5"]["steal_chance"], steal["P5"]["steal"]) == (True, True)
    # P4 is third from the last to act: folded first in, a chance not taken
    assert (steal["P4"]["steal_chance"], steal["P4"]["steal"]) == (True, False)
    assert [steal[p]["steal_chance"] for p in ("P1", "P2", "P3", "P6")] == [False] * 4
    early = both(STUD_EARLY_COMPLETION)
    assert (early["P2"]["steal_chance"], early["P2"]["steal"], early["P2"]["pfr"]) == (
        False,
        None,
        True,
    )
    # after the completion nobody is first in
    assert not any(early[p]["steal_chance"] for p in ("P3", "P4", "P5", "P6"))


def test_the_bring_in_seat_and_a_bring_in_nobody_raises() -> None:
    completes = both(BRING_IN_COMPLETES)
    assert (completes["P1"]["vpip"], completes["P1"]["pfr"]) == (True, True)
    assert completes["P1"]["steal_chance"] is False  # the bring-in's seat
    walk = both(BRING_IN_WALK)
    assert (walk["P1"]["vpip"], walk["P1"]["pfr"]) == (None, None)
    # heads-up, the other seat is the last to act: folding first in is a steal not taken
    assert (walk["P2"]["vpip"], walk["P2"]["steal_chance"], walk["P2"]["steal"]) == (
        False,
        True,
        False,
    )


# All in on fourth street with three cards to come; the other calls; seventh street ends it.
STUD_ALL_IN = game_hand(
    STUD,
    ("P1", "1.ante1 4.r5 / 6.b10! / / /", 32.0),
    ("P2", "2.ante1 3.bi2 5.c5 / 7.c10 / / / 8.sd", 0.0),
)
STUD_ALL_IN_ON_SEVENTH = game_hand(
    STUD,
    ("P1", "1.ante1 4.r5 / 6.x / 8.x / 10.x / 12.b10! 14.sd", 32.0),
    ("P2", "2.ante1 3.bi2 5.c5 / 7.x / 9.x / 11.x / 13.c10 15.sd", 0.0),
)


def test_a_stud_all_in_has_cards_to_come_before_seventh_street() -> None:
    stats = both(STUD_ALL_IN)
    assert (stats["P1"]["all_in"], stats["P2"]["all_in"]) == ("fourth", None)
    assert stats["P2"]["saw_showdown"] is True
    seventh = both(STUD_ALL_IN_ON_SEVENTH)
    assert seventh["P1"]["all_in"] is None


# 2-7 Triple Draw, blinds 1/2.  BTN raises first in (a steal), SB folds, BB calls.  First
# draw: BB draws 2, BTN 1; BB checks, BTN bets (a c-bet), BB calls.  Second: BB draws 1, BTN
# stands pat; BB bets, BTN raises, BB calls.  Third: both pat; BB bets, BTN calls.
TRIPLE = game_hand(
    TRIPLE_DRAW,
    ("BTN", "3.r4 / 7.dr1 9.b2 / 12.dr0 14.r8 / 17.dr0 19.c4 21.sd", 30.0),
    ("SB", "1.sb1 4.f", 0.0),
    ("BB", "2.bb2 5.c4 / 6.dr2 8.x 10.c2 / 11.dr1 13.b4 15.c8 / 16.dr0 18.b4 20.sd", 0.0),
    draws={"BTN": "1 0 0", "BB": "2 1 0"},
    positions={"BTN": "BTN", "SB": "SB", "BB": "BB"},
)
# 2-7 Single Draw heads-up: the button limps, the big blind checks; the button stands pat.
SINGLE = game_hand(
    SINGLE_DRAW,
    ("BTN", "1.sb1 3.c2 / 6.dr0 8.b2 10.sd", 8.0),
    ("BB", "2.bb2 4.x / 5.dr3 7.x 9.c2 11.sd", 0.0),
    draws={"BTN": "0", "BB": "3"},
    positions={"BTN": "BTN", "BB": "BB"},
)


def test_the_predraw_round_is_the_first_street() -> None:
    stats = both(TRIPLE)
    assert (stats["BTN"]["vpip"], stats["BTN"]["pfr"]) == (True, True)
    assert (stats["BTN"]["steal_chance"], stats["BTN"]["steal"]) == (True, True)
    assert (stats["BB"]["three_bet_chance"], stats["BB"]["three_bet"]) == (True, False)
    assert (stats["SB"]["vpip"], stats["SB"]["fold_street"]) == (False, "predraw")
    # the first draw's betting is the second street: the c-bet and the fold to it
    assert (stats["BTN"]["cbet_chance"], stats["BTN"]["cbet"]) == (True, True)
    assert (stats["BB"]["fold_to_cbet_chance"], stats["BB"]["fold_to_cbet"]) == (True, False)
    assert [stats[p]["saw_flop"] for p in ("BTN", "SB", "BB")] == [True, False, True]
    # a draw is no action: the counts are the bets, raises and calls after each draw
    btn, bb = stats["BTN"], stats["BB"]
    assert (btn["bets_draw1"], btn["raises_draw2"], btn["calls_draw3"]) == (1, 1, 1)
    assert (bb["calls_draw1"], bb["bets_draw2"], bb["calls_draw2"], bb["bets_draw3"]) == (
        1,
        1,
        1,
        1,
    )
    assert (btn["bets"], btn["raises"], btn["calls"]) == (1, 1, 1)
    assert (btn["bets_fourth"], btn["bets_flop"]) == (None, None)
    # standing pat is read at the first draw: neither did
    assert (btn["stand_pat"], bb["stand_pat"], stats["SB"]["stand_pat"]) == (False, False, None)


def test_single_draw_stand_pat_and_a_limped_pot() -> None:
    stats = both(SINGLE)
    assert (stats["BTN"]["stand_pat"], stats["BB"]["stand_pat"]) == (True, False)
    # a limp first in from the button: a steal chance not taken; nobody raised, no c-bet
    assert (stats["BTN"]["steal_chance"], stats["BTN"]["steal"]) == (True, False)
    assert not any(stats[p]["cbet_chance"] for p in stats)
    assert (stats["BB"]["vpip"], stats["BB"]["pfr"]) == (False, False)
    # one draw only: the second and third draws' columns are null
    assert (stats["BTN"]["bets_draw1"], stats["BTN"]["bets_draw2"]) == (1, None)
    assert stats["BB"]["calls_draw1"] == 1


def test_stand_pat_is_read_from_the_draw_tokens_where_draws_is_missing() -> None:
    # the job's scored rows carry actions, not always the reader's draws column
    for hand in (TRIPLE, SINGLE):
        with_draws = both(hand)
        without = both(hand.drop("draws"))
        assert {p: without[p]["stand_pat"] for p in without} == {
            p: with_draws[p]["stand_pat"] for p in with_draws
        }
    assert both(SINGLE.drop("draws"))["BTN"]["stand_pat"] is True


def test_a_board_game_hand_is_unchanged_by_a_game_column() -> None:
    from tests.games.test_tracker_stats import SHOWDOWN_ON_RIVER

    plain = with_tracker_stats(SHOWDOWN_ON_RIVER, hand=HAND)
    named = with_tracker_stats(SHOWDOWN_ON_RIVER.with_columns(game=pl.lit("Omaha")), hand=HAND)
    assert plain.select(EVERY_STAT).equals(named.select(EVERY_STAT))
    assert plain["stand_pat"].null_count() == plain.height
    assert plain["bets_fourth"].null_count() == plain.height


def random_hand(game: str, seed: int) -> pl.DataFrame:
    """A random hand of ``game`` in the notation, dealt as a dealer would: antes and a
    bring-in (stud) or blinds (draw), then each street's betting round in turn, each player
    checking or betting when nothing is owed and folding, calling or raising (some all in)
    when facing a bet, the round going round again after every bet or raise; every player
    still in draws at the start of a draw's street."""
    rng = random.Random(seed)
    betting = betting_of(game)
    count = rng.randint(2, 7)
    streets: list[list[list[str]]] = [[[]] for _ in range(count)]
    seq = 0

    def act(player: int, token: str) -> None:
        nonlocal seq
        seq += 1
        streets[player][-1].append(f"{seq}.{token}")

    in_hand, all_in = list(range(count)), set[int]()
    put = dict.fromkeys(range(count), 0)
    if betting.family == "stud":
        for player in range(count):
            act(player, "ante1")
        first = rng.randrange(count)  # the lowest (or highest) upcard
        if rng.random() < 0.8:
            act(first, "bi1")
            put[first] = 1
    else:
        act(0, "sb1")
        act(1, "bb2")
        put[0], put[1] = 1, 2
        first = 2 % count
    last_street = rng.randint(0, len(betting.streets) - 1)
    for street in range(last_street + 1):
        if street:
            put = dict.fromkeys(range(count), 0)
            for player in in_hand:
                streets[player].append([])
            if betting.family == "draw":
                for player in in_hand:
                    act(player, f"dr{rng.randint(0, 3)}")
            first = rng.randrange(count) if betting.family == "stud" else 0
        seats = [(first + offset) % count for offset in range(count)]
        waiting = [seat for seat in seats if seat in in_hand and seat not in all_in]
        high = max(put.values())
        while waiting and len(in_hand) > 1:
            player = waiting.pop(0)
            shove = "!" if rng.random() < 0.08 else ""
            if put[player] < high:
                verb = rng.choice(["f", "c", "c", "r"])
            else:
                verb = rng.choice(["x", "x", "b" if high == 0 else "r"])
            if verb in ("f", "x"):
                act(player, verb)
                if verb == "f":
                    in_hand.remove(player)
                continue
                act(player, "x")
                continue
            if verb == "c":
                act(player, f"c{high - put[player]}{shove}")
                put[player] = high
            else:
                high += rng.choice([1, 2, 4, 5])
                act(player, f"{verb}{high}{shove}")
                put[player] = high
                later = seats[seats.index(player) + 1 :] + seats[: seats.index(player)]
                waiting = [seat for seat in later if seat in in_hand and seat not in all_in]
            if shove:
                all_in.add(player)
    for player in in_hand:
        if len(in_hand) > 1:
            act(player, "sd")
    winner = rng.choice(in_hand)
    draws = [
        " ".join(token.split(".dr", 1)[1] for street in streets[player] for token in street
                 if ".dr" in token) or None
        for player in range(count)
    ]  # fmt: skip
    return pl.DataFrame(
        {
            "round": [str(seed)] * count,
            "game": [game] * count,
            "player": [f"p{player}" for player in range(count)],
            "position": [rng.choice(["BTN", "SB", "BB", "CO", "UTG", None]) for _ in range(count)],
            "actions": [" / ".join(" ".join(s) for s in streets[p]) for p in range(count)],
            "won": [10.0 if player == winner else 0.0 for player in range(count)],
            "draws": draws,
        },
        schema_overrides={"position": pl.String, "draws": pl.String},
    )


@settings(max_examples=150, deadline=None)
@given(
    game=st.sampled_from([*STUD_GAMES, *DRAW_GAMES]),
    seeds=st.lists(st.integers(0, 10**9), min_size=1, max_size=4, unique=True),
    with_draws=st.booleans(),
)
def test_the_vectorised_statistics_agree_with_the_reference_on_random_hands(
    game: str, seeds: list[int], with_draws: bool
) -> None:
    rows = pl.concat([random_hand(game, seed) for seed in seeds])
    rows = rows if with_draws else rows.drop("draws")
    fast = with_tracker_stats(rows, hand=HAND)
    slow = reference_stats(rows, HAND)
    for fast_row, slow_row in zip(fast.to_dicts(), slow.to_dicts(), strict=True):
        got: dict[str, Any] = {name: fast_row[name] for name in EVERY_STAT}
        want: dict[str, Any] = {name: slow_row[name] for name in EVERY_STAT}
        assert got == want, f"{game} hand {fast_row['round']} {fast_row['actions']!r}"
