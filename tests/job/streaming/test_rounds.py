"""Round boundaries in a streamed CSV (pipeline.job.streaming.rounds), on small files of our
own: batches never cut a round, a round seen again after others is found, and its rows come back
rejected with the issue that says why."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pytest

from pipeline.games.layouts import PLAYERS, detect_layout
from pipeline.job.streaming.rounds import (
    SPLIT_ROUND,
    FinishedRounds,
    late_rows,
    round_batches,
    round_hashes,
    round_key,
)
from pipeline.sources import RawSheet

HEADER = "tournament,table,round,player,cards\n"


def _rows(*rounds: tuple[str, int]) -> str:
    """Two players a round: (round id, how many rounds of that id in a row)."""
    lines = []
    for round_id, _ in rounds:
        lines.append(f"Spring,1,{round_id},Ann,Ah Kh Qh Jh Th 2c 3d\n")
        lines.append(f"Spring,1,{round_id},Bob,2s 3s 4s 5s 7d 9c Jd\n")
    return "".join(lines)


def _csv(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "night.csv"
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def _layout() -> object:
    layout = detect_layout(["tournament", "table", "round", "player", "cards"])
    assert layout is not None and layout.kind == PLAYERS
    return layout


def test_a_round_key_joins_tournament_table_and_the_round_as_one_spelling() -> None:
    layout = _layout()
    key = round_key(layout)  # type: ignore[arg-type]
    assert key is not None
    frame = pl.DataFrame(
        {
            "tournament": ["Spring", "Spring ", None],
            "table": ["1", "1", "2"],
            "round": ["07", "7.0", "Final"],
            "player": ["Ann", "Bob", "Cy"],
            "cards": ["", "", ""],
        }
    )
    assert frame.select(key).to_series().to_list() == [
        "Spring\x1f1\x1f7",
        "Spring\x1f1\x1f7",  # trimmed, and 07 and 7.0 are round 7
        "\x1f2\x1fFinal",  # a missing tournament is empty, never a null key
    ]


@pytest.mark.parametrize("batch_bytes", [1, 40, 90, 200, 10_000], ids=lambda b: f"{b}B")
def test_batches_hold_whole_rounds_and_every_line_once(tmp_path: Path, batch_bytes: int) -> None:
    # 5 rounds of 2 rows, each row about 35 bytes: small batches cut inside rounds
    path = _csv(tmp_path, _rows(*[(str(number), 1) for number in range(1, 6)]))
    batches = list(round_batches(path, _layout(), batch_bytes))  # type: ignore[arg-type]
    lines = [line for batch in batches for line in batch.excel_rows]
    assert lines == list(range(2, 12)), f"batch_bytes={batch_bytes}: lines {lines}"
    for batch in batches:
        rounds = batch.frame["round"].to_list()
        assert len(rounds) % 2 == 0, f"batch_bytes={batch_bytes}: a round cut: {rounds}"
        assert batch.name == "night" and batch.header_columns["player"] == 4
    if batch_bytes >= 10_000:  # one batch of text: its last round waits for rows that never come
        assert [batch.excel_rows for batch in batches] == [list(range(2, 10)), [10, 11]]


def test_finished_rounds_are_found_by_their_hashes() -> None:
    finished = FinishedRounds()
    assert finished.contain(np.array([5, 9], dtype=np.uint64)).tolist() == [False, False]
    finished.add(np.array([9, 3, 9], dtype=np.uint64))
    finished.add(np.array([7], dtype=np.uint64))
    assert finished.hashes.tolist() == [3, 7, 9]  # sorted, each once
    probe = np.array([3, 4, 9, 10, 0], dtype=np.uint64)
    assert finished.contain(probe).tolist() == [True, False, True, False, False]


def test_a_round_that_comes_back_after_others_is_taken_out_of_its_batch() -> None:
    layout = _layout()
    earlier = pl.DataFrame(
        {
            "tournament": ["Spring"] * 2,
            "table": ["1"] * 2,
            "round": ["1", "1"],
            "player": ["Ann", "Bob"],
            "cards": ["", ""],
        }
    )
    finished = FinishedRounds()
    finished.add(round_hashes(earlier, layout))  # type: ignore[arg-type]
    later = RawSheet(
        "night",
        pl.DataFrame(
            {
                "tournament": ["Spring"] * 3,
                "table": ["1"] * 3,
                "round": ["2", "01", "2"],
                "player": ["Ann", "Cy", "Bob"],
                "cards": ["", "", ""],
            }
        ),
        [20, 21, 22],
    )
    kept, late = late_rows(later, layout, finished)  # type: ignore[arg-type]
    assert kept.excel_rows == [20, 22] and kept.frame["round"].to_list() == ["2", "2"]
    assert late["player"].to_list() == ["Cy"] and late["__line"].to_list() == [21]
    assert SPLIT_ROUND.format(round="'01'").startswith("round '01' continues here")
