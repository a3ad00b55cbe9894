"""PHH (phh-std TOML) hands: one hand per .phh, sections in .phhs, actions read here."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from pipeline.records import ISSUE_SCHEMA, ROW_SCHEMA
from pipeline.sources.hand_histories import read_phh, sniff_phh
from pipeline.sources.pokerstars import sniff_pokerstars

DATA = Path(__file__).parent.parent / "data" / "hand_histories"


def test_single_hand_side_pot() -> None:
    path = DATA / "nt_showdown.phh"
    text = path.read_text(encoding="utf-8")
    assert sniff_phh(text) and not sniff_pokerstars(text)
    log = read_phh(text, path.name)
    assert log.rows.schema == pl.Schema(ROW_SCHEMA)
    assert log.issues.height == 0
    rows = log.rows.select("player", "hole", "mucked", "put_in", "won", "button", "board")
    assert rows.rows() == [
        ("Ann", "Ac Ad", False, 1000.0, 2400.0, False, "2s 7h 9c 3d Jh"),
        ("Bob", "Kc Kd", False, 400.0, 0.0, False, "2s 7h 9c 3d Jh"),
        ("Cy", "Qc Qd", False, 1000.0, 0.0, True, "2s 7h 9c 3d Jh"),
    ]
    assert log.rows["variant"].unique().to_list() == ["NT"]  # the code as written


def test_sections_unsupported_variant_and_malformed() -> None:
    path = DATA / "mixed.phhs"
    log = read_phh(path.read_text(encoding="utf-8"), path.name)
    assert log.issues.schema == pl.Schema(ISSUE_SCHEMA)
    assert log.issues.select("line", "hand_id", "code").rows() == [
        (11, "mixed.phhs#2", "unsupported_variant"),
        (19, "mixed.phhs#3", "malformed_hand"),
    ]
    rows = log.rows.select("hand_id", "player", "hole", "folded_street", "put_in", "won")
    # Unknown cards (????) are a state: hole is null.  Heads-up Ann (p1) posts the big blind
    # and Bob the small (the blinds reversed, as pokerkit plays them); Bob's raise beyond 2 came
    # back.
    assert rows.rows() == [
        ("mixed.phhs#1", "Ann", "7c 2d", "preflop", 2.0, 0.0),
        ("mixed.phhs#1", "Bob", None, None, 2.0, 4.0),
    ]


def test_big_blind_ante_and_uncalled_bet_per_street() -> None:
    text = """variant = 'NT'
antes = [0, 30, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [1000, 500, 1000]
actions = ['d dh p1 2c3d', 'd dh p2 AsAh', 'd dh p3 KsKh', 'p3 cbr 60', 'p1 f', 'p2 cbr 470',
 'p3 cc', 'd db 2s7h9c', 'd db 3h', 'd db Jd', 'p3 cbr 100', 'p2 sm AsAh', 'p3 sm KsKh']
finishing_stacks = [990, 980, 530]
"""
    log = read_phh(text, "bba.phh")
    assert log.issues.height == 0
    assert log.rows.select("put_in", "won").rows() == [(10.0, 0.0), (500.0, 980.0), (470.0, 0.0)]


def test_not_toml_is_an_issue() -> None:
    log = read_phh("variant = 'NT\n", "bad.phh")
    assert log.rows.height == 0
    assert log.issues["code"].to_list() == ["malformed_hand"]


def test_omaha_hi_lo_and_short_deck_as_pokerkit_writes_them() -> None:
    # games.phhs is written by pokerkit itself (tests/data/make_phh_games.py).
    path = DATA / "games.phhs"
    log = read_phh(path.read_text(encoding="utf-8"), path.name)
    assert log.issues.height == 0
    variants = log.rows.group_by("hand_id", maintain_order=True).agg(pl.col("variant").first())
    assert variants["variant"].to_list() == ["PO", "FO/8", "FO/8", "FO/8", "NS"]
    omaha = log.rows.filter(pl.col("variant") != "NS")
    assert all(len(hole.split()) == 4 for hole in omaha["hole"].drop_nulls())
    # Pot-limit Omaha: Bob folds his four cards unseen, Cy's trips take Ann's 7 and Bob's 2.
    rows = log.rows.filter(pl.col("hand_id") == "games.phhs#1")
    assert rows.select("player", "hole", "folded", "put_in", "won").rows() == [
        ("Ann", "Ah Kh Qd Jc", False, 7.0, 0.0),
        ("Bob", "2d 3c 4s 6c", True, 2.0, 0.0),
        ("Cy", "Kc Ks 8h 8d", False, 7.0, 16.0),
    ]
    # Hi/lo: a split (2 and 2), a quartered pot (Ann's high half and a quarter), a scoop.
    won = {hand: pl.Series(log.rows.filter(pl.col("hand_id") == f"games.phhs#{hand}")["won"])
           for hand in (2, 3, 4)}  # fmt: skip
    assert won[2].to_list() == [2.0, 2.0]
    assert won[3].to_list() == [9.0, 0.0, 3.0]
    assert won[4].to_list() == [0.0, 4.0]
    # No rake: every chip put in is won back by someone, in every hand.
    totals = log.rows.group_by("hand_id").agg(pl.col("put_in").sum(), pl.col("won").sum())
    assert (totals["put_in"] == totals["won"]).all()


def test_a_variant_not_read_is_named_once_per_file() -> None:
    hands = [
        "variant = 'F7S'\nantes = [1, 1]\nstarting_stacks = [50, 50]\nactions = []",
        "variant = 'NT'\nstarting_stacks = [50, 50]\nactions = ['p1 f']",
        "variant = 'F7S'\nantes = [1, 1]\nstarting_stacks = [50, 50]\nactions = []",
        "variant = 'FR'\nantes = [1, 1]\nstarting_stacks = [50, 50]\nactions = []",
    ]
    text = "\n\n".join(f"[{n}]\n{hand}" for n, hand in enumerate(hands, 1))
    log = read_phh(text, "night.phhs")
    assert log.issues.select("line", "hand_id", "code", "value").rows() == [
        (1, "night.phhs#1", "unsupported_variant", "F7S"),
        (18, "night.phhs#4", "unsupported_variant", "FR"),
    ]
    assert "2 hands left out" in log.issues["message"][0]
    assert log.rows["hand_id"].unique().to_list() == ["night.phhs#2"]
