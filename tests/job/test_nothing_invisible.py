"""Issue 29 §8: nothing invisible.  Per file, hands read = hands scored + hands left out, in the
Summary (by reason) and the manifest; a row rejected in a scored sheet stays in sight, greyed,
with its issue code."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl

from pipeline.job.task.outputs import sheet_outputs, summary_blocks
from pipeline.job.task.scoring import is_known_header, score_source
from pipeline.sources import read_source
from tests.helpers import run_cli

TOURNAMENT = Path(__file__).resolve().parents[2] / "input" / "tournament-900.txt"
MESSY_CSV = """\
round,player,hole,board
1,Ann,Ah Kd,2c 7d 9h Jd 4s
1,Bob,5c 3d,2c 7d 9h Jd 4s
2,Ann,Qh Qx,2c 7d 9h Jd 4s
2,Bob,Kh Kc,2c 7d 9h Jd 4s
3,Ann,Ah Ad,2c 7d 9h Jd 4s
3,Cy,Kh Ks,2c 7d 9h Jd 4s
"""


def test_hands_2003_to_2005_are_counted_left_out_by_reason() -> None:
    result = score_source(read_source(TOURNAMENT, is_known_header), name=TOURNAMENT.name)
    blocks = dict(summary_blocks(result))
    assert blocks["Hands"].rows() == [("tournament-900.txt", 8, 5, 3)]
    reasons = blocks["Hands left out"].select("reason", "hands", "first at line").rows()
    assert reasons == [
        ("malformed_hand", 1, 189),
        ("unsupported_variant", 1, 206),
        ("truncated_hand", 1, 223),
    ]


def test_the_manifest_entry_says_read_scored_and_left_out(tmp_path: Path) -> None:
    shutil.copy(TOURNAMENT, tmp_path / "t.txt")
    run_cli("run", str(tmp_path / "t.txt"), "-o", str(tmp_path / "out"), "--no-equity")
    entry = json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]["t.txt"]
    assert (entry["hands_read"], entry["hands_scored"]) == (8, 5)
    assert entry["hands_left_out"] == {
        "malformed_hand": 1,
        "unsupported_variant": 1,
        "truncated_hand": 1,
    }
    assert entry["hands_read"] == entry["hands_scored"] + sum(entry["hands_left_out"].values())


def test_a_rejected_row_is_greyed_with_its_issue_code(tmp_path: Path) -> None:
    (tmp_path / "messy.csv").write_text(MESSY_CSV)
    result = score_source(read_source(tmp_path / "messy.csv", is_known_header), name="messy.csv")
    (sheet,) = sheet_outputs(result, write_back=False)
    assert sheet.muted is not None
    shown = sheet.table.with_columns(sheet.muted.alias("grey")).select(
        "round", "player", "winner", "issue_code", "grey"
    )
    # round 2 is rejected whole (Ann's Qx is no card): both rows say why, neither won nor lost
    assert shown.rows() == [
        ("1", "Ann", True, None, False),
        ("1", "Bob", False, None, False),
        ("2", "Ann", None, "illegal_card", True),
        ("2", "Bob", None, "round_held_back", True),
        ("3", "Ann", True, None, False),
        ("3", "Cy", False, None, False),
    ], shown
    assert "issue_code" in sheet.notes


def test_a_clean_sheet_gets_no_issue_code_column(tmp_path: Path) -> None:
    (tmp_path / "clean.csv").write_text("\n".join(MESSY_CSV.splitlines()[:3]) + "\n")
    result = score_source(read_source(tmp_path / "clean.csv", is_known_header), name="clean.csv")
    (sheet,) = sheet_outputs(result, write_back=False)
    assert "issue_code" not in sheet.table.columns
    assert pl.Series(sheet.muted).sum() == 0 if sheet.muted is not None else True
