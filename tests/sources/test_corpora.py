"""Acceptance over the public corpora in ``../shared/corpora`` (third-party data, read in place,
never copied here): skipped where the folder is absent.

- PHH: no player who folded carries a win % for a street after the fold (issue 29 §1): the
  board a folded row saw ends at its street, so the street equity shows them nowhere after.
- PokerStars: every hand read is either rows or a named issue (issue 29 §8), and no hand id
  is scored twice in a file (issue 31 §2); the 6+ Hold'em logs are read as short deck, every
  pot and hand name they state agreeing with our short deck scoring (issue 30).
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from pipeline.records.hand_log import (
    BOARD_AT_STREET,
    LEFT_OUT_CODES,
    STREETS,
    drop_repeated_hands,
)
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories import read_phh
from pipeline.sources.pokerstars import read_pokerstars, sniff_pokerstars, split_hands

ROOT = Path(__file__).resolve().parents[2]
CORPORA = next(
    (
        folder / "shared" / "corpora"
        for folder in (ROOT.parent, ROOT.parent.parent)
        if (folder / "shared" / "corpora").is_dir()
    ),
    ROOT.parent / "shared" / "corpora",
)
PHH = CORPORA / "phh"
POKERSTARS = CORPORA / "pokerstars"
POKERSTARS_SITE = CORPORA / "sites" / "PokerStars"


def corpus(folder: Path, *patterns: str) -> list[Path]:
    if not folder.is_dir():
        pytest.skip(f"{folder} is absent (the public corpora are not copied into the project)")
    return sorted(path for pattern in patterns for path in folder.rglob(pattern))


def test_no_folded_phh_player_sees_a_street_after_the_fold() -> None:
    files = corpus(PHH, "*.phh", "*.phhs")
    seen_after_fold = []
    folded_rows = 0
    for path in files:
        rows = read_phh(path.read_text(encoding="utf-8"), path.name).rows.filter("folded")
        folded_rows += rows.height
        cards = rows["board"].str.split(" ").list.len() - (rows["board"] == "").cast(pl.UInt32)
        limit = rows["folded_street"].replace_strict(
            dict(zip(STREETS, BOARD_AT_STREET, strict=True)), return_dtype=pl.UInt32
        )
        for row in rows.filter(cards > limit).select("hand_id", "player", "board").rows():
            seen_after_fold.append((path.relative_to(PHH).as_posix(), *row))
    assert folded_rows > 5_000
    assert seen_after_fold == [], seen_after_fold[:10]


def test_pluribus_30_35_eddie_has_no_win_figure_after_folding() -> None:
    from pipeline.core.cards import parse_cards
    from pipeline.games.poker.equity.street_equity import street_equities

    corpus(PHH, "35.phh")
    path = PHH / "pokerkit-data" / "data" / "pluribus" / "30" / "35.phh"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    rows = read_phh(path.read_text(encoding="utf-8"), path.name).rows
    frame = rows.select(
        "tournament",
        "round",
        "player",
        "folded",
        pl.col("hole")
        .map_elements(lambda h: parse_cards(h.split()).tolist(), return_dtype=pl.List(pl.UInt8))
        .alias("hole_ids"),
        pl.col("board")
        .map_elements(
            lambda b: parse_cards(b.split()).tolist() if b else [], return_dtype=pl.List(pl.UInt8)
        )
        .alias("board_ids"),
    )
    figures = street_equities(frame)
    folded = figures.filter("folded").select("player", "win_preflop", "win_flop", "win_turn")
    assert folded.filter(pl.any_horizontal(pl.exclude("player").is_not_null())).height == 0
    bill = figures.filter(pl.col("player") == "Bill").row(0, named=True)
    assert bill["win_turn"] is not None and bill["win_turn"] > 0


def copies_left_out(message: str) -> int:
    """Hands a ``duplicate_hand`` issue leaves out: every copy but one where kept once."""
    said = message.split(" appears ", 1)[1]
    copies = 2 if said.startswith("twice") else int(said.split(" ", 1)[0])
    return copies - 1 if message.endswith("kept once") else copies


def test_every_pokerstars_hand_is_rows_or_a_named_issue_and_counted_once() -> None:
    files = corpus(POKERSTARS, "*.txt")
    read = scored = run_hands = 0
    left_out: dict[str, int] = {}
    for path in files:
        data = path.read_bytes()
        if not sniff_pokerstars(decode_text(data[:8192]).lstrip("\ufeff")):
            continue
        log = drop_repeated_hands(read_pokerstars(data, path.name), path.name)
        hands = log.rows.select("hand_id", "line").unique()
        assert hands["hand_id"].is_unique().all(), path
        file_left_out = 0
        for code, message in log.issues.select("code", "message").iter_rows():
            if code == "unsupported_variant":  # one issue a file; its message counts the hands
                count = int(message.split(": ", 1)[1].split(" hand")[0].rsplit(" ", 1)[-1])
            elif code == "duplicate_hand":
                count = copies_left_out(message)
            elif code in LEFT_OUT_CODES:
                count = 1
            else:
                continue
            left_out[code] = left_out.get(code, 0) + count
            file_left_out += count
        texts = split_hands(decode_text(data))
        headers = len(texts)
        assert hands.height + file_left_out == headers, path
        read += headers
        scored += hands.height
        # a board run twice or three times is read, each runout's board kept
        run_ids = {t.split(":", 1)[0] for _, t in texts if "\nHand was run " in t}
        with_runs = log.rows.filter(pl.col("run_boards").is_not_null())["hand_id"].unique()
        assert len(run_ids) == with_runs.len(), path
        run_hands += with_runs.len()
    assert read == scored + sum(left_out.values())
    assert scored > 30_000
    assert "run_it_twice" not in left_out and left_out["duplicate_hand"] > 0
    assert run_hands > 0


def test_pokerstars_six_plus_logs_are_read_and_scored_as_short_deck() -> None:
    from pipeline.games.poker.pots.pot_audit import audit_pots_with_counts
    from pipeline.games.poker.variants import variant_game

    files = corpus(POKERSTARS_SITE, "6+*.txt")
    assert len(files) >= 4, files
    hands = audited = names = 0
    for path in files:
        data = path.read_bytes()
        log = read_pokerstars(data, path.name)
        engine = read_pokerstars(data, path.name, compiled=False)
        assert log.rows.equals(engine.rows), path.name
        assert "unsupported_variant" not in log.issues["code"].to_list(), path.name
        games = log.rows.select(variant_game(pl.col("variant")))["game"].unique().to_list()
        assert games == ["Short Deck"], (path.name, games)
        issues, counts = audit_pots_with_counts(log)
        assert issues.height == 0, (path.name, issues["message"].to_list())
        hands += log.rows["hand_id"].n_unique()
        audited += counts.hands_audited
        names += counts.names_checked
    assert hands >= 4 and audited >= 3 and names >= 7, (hands, audited, names)
