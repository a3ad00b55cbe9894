"""Issue 31: nothing counted twice, nothing lost at the edges.  Each case is one a real archive
did to the nightly job (colliding output names, odd file names, a reader that goes away, huge
rows, deep folders, our own outputs among the inputs); each test failed before its fix."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.games.generate import deal_holdem, players_frame
from pipeline.job.plan import distinct_bases, fitting, output_base
from pipeline.sources import SUPPORTED_SUFFIXES
from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]


def _nights(folder: Path, count: int, rounds: int = 40) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    names = [f"night{seed}.csv" for seed in range(count)]
    for seed, name in enumerate(names):
        players_frame(deal_holdem(rounds, 6, seed=seed)).write_csv(folder / name)
    return names


def _manifest(out: Path) -> dict[str, dict[str, object]]:
    files: dict[str, dict[str, object]] = json.loads((out / "manifest.json").read_text())["files"]
    return files


def test_a_log_reader_that_goes_away_never_stops_the_work(tmp_path: Path) -> None:
    """``pipeline run ... 2>&1 | head -1``: the reader takes one line and goes.  Every input is
    still scored and the exit code is the outcome's (0: clean).  Before, the first write after
    the reader left raised ``BrokenPipeError``: the other inputs were not scored, exit 1."""
    inputs = _nights(tmp_path / "in", 4)
    out = tmp_path / "out"
    job = subprocess.Popen(
        [sys.executable, "-m", "pipeline", "run", str(tmp_path / "in"), "-o", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
    )
    assert job.stdout is not None
    first = job.stdout.readline()
    job.stdout.close()  # the reader goes away after one line, as ``head -1`` does
    code = job.wait(timeout=300)
    assert first.startswith(b"clean  night0.csv"), first
    assert sorted(_manifest(out)) == inputs
    assert code == 0


# --- 1. output names never collide --------------------------------------------------------------

_SUFFIXES = [".csv", ".tsv", ".txt", ".xls", ".ods", ".phh", ".phhs"]  # all but .xlsx
_MERGING_PAIRS = [
    *[(f"a{suffix}", f"a{suffix}.xlsx") for suffix in _SUFFIXES],  # the .xlsx dropped
    *[(f"a{suffix}", f"a{suffix}.XLSX") for suffix in _SUFFIXES],
    ("n.xlsx", "n.XLSX"),  # both drop their suffix
    ("n.xlsx", "N.xlsx"),  # the same name on a file system that ignores case
    ("night.csv", "NIGHT.csv"),
    ("sub/a.csv", "sub/a.csv.xlsx"),  # in a folder
    ("a.csv.xlsx", "a.csv.xlsx.xlsx"),  # a chain: the first pass' whole name is the next's base
]


def _all_outputs(bases: dict[str, Path]) -> list[str]:
    return [
        str(base.with_name(base.name + suffix)).casefold()
        for base in bases.values()
        for suffix in (".xlsx", ".poker.parquet", ".yatzy.parquet")
    ]


@pytest.mark.parametrize("pair", _MERGING_PAIRS, ids=["|".join(pair) for pair in _MERGING_PAIRS])
def test_every_pair_the_naming_rules_could_merge_gets_distinct_outputs(
    pair: tuple[str, str],
) -> None:
    """Every pair of inputs whose outputs the naming rules (``.xlsx`` dropped, case ignored by
    some file systems) would merge is told apart at planning; both are renamed, with a note.
    Before, ``a.csv`` and ``a.csv.xlsx`` both wrote ``a.csv.xlsx``: the first was lost."""
    chain = [*pair, "a.csv"] if pair[1] == "a.csv.xlsx.xlsx" else list(pair)
    bases = {name: fitting(output_base(Path(name), Path())) for name in chain}
    chosen, notes = distinct_bases(bases)
    outputs = _all_outputs(chosen)
    assert len(set(outputs)) == len(outputs), f"{pair}: {chosen}"
    assert notes, f"{pair}: no note for the clash"
    again, _ = distinct_bases(bases)
    assert again == chosen, f"{pair}: the names are not the same on a rerun"


_NAME_PARTS = ["a", "A", ".csv", ".xlsx", ".XLSX", ".xls", "~1"]


@given(
    st.lists(
        st.builds(
            "".join,
            st.lists(st.sampled_from(_NAME_PARTS), max_size=4),
        ).filter(lambda name: name not in ("", ".", "..")),
        unique=True,
        max_size=8,
    )
)
def test_no_set_of_input_names_shares_an_output(names: list[str]) -> None:
    """Whatever names a folder holds, no two inputs write the same output."""
    bases = {name: fitting(output_base(Path(name), Path())) for name in names}
    outputs = _all_outputs(distinct_bases(bases)[0])
    assert len(set(outputs)) == len(outputs), names


def test_a_csv_and_a_workbook_named_after_it_both_keep_their_rows(tmp_path: Path) -> None:
    """The run itself: both inputs' outputs are on disk, and a rerun skips both."""
    (tmp_path / "in").mkdir()
    players_frame(deal_holdem(40, 6, seed=1)).write_csv(tmp_path / "in" / "a.csv")
    players_frame(deal_holdem(20, 6, seed=2)).write_excel(tmp_path / "in" / "a.csv.xlsx")
    out = tmp_path / "out"
    first = run_cli("run", str(tmp_path / "in"), "-o", str(out), "--no-equity")
    assert first.returncode == 0, first.stdout + first.stderr
    assert "would write the same outputs" in first.stdout
    assert pl.read_parquet(out / "a.csv.poker.parquet").height == 240
    assert pl.read_parquet(out / "a.csv.xlsx.poker.parquet").height == 120
    again = run_cli("run", str(tmp_path / "in"), "-o", str(out), "--no-equity")
    assert again.stderr.count("unchanged, skipped") == 2, again.stderr


def test_the_pairs_cover_every_kind_of_input() -> None:
    assert {*_SUFFIXES, ".xlsx"} == set(SUPPORTED_SUFFIXES)


# --- 7. our own outputs are never inputs ----------------------------------------------------------


def test_an_output_folder_copied_among_the_inputs_is_not_read_back(tmp_path: Path) -> None:
    """Every output carries ``showdown_output`` and the version (Parquet key-value metadata, a
    workbook's custom property); an output folder copied into the inputs without its lock file
    is recognised by that, said in a Note, and not scored.  Before: 42 bogus issues and every
    row twice."""
    _nights(tmp_path / "in", 1)
    out = tmp_path / "out"
    assert run_cli("run", str(tmp_path / "in"), "-o", str(out), "--no-equity").returncode == 0
    metadata = pq.read_metadata(out / "night0.csv.poker.parquet").metadata
    assert metadata[b"showdown_output"] == b"1" and metadata[b"showdown_version"]
    with zipfile.ZipFile(out / "night0.csv.xlsx") as book:
        assert b'name="showdown_output"' in book.read("docProps/custom.xml")
    shutil.copytree(out, tmp_path / "in" / "archived", ignore=shutil.ignore_patterns(".*"))
    again = run_cli("run", str(tmp_path / "in"), "-o", str(tmp_path / "out2"), "--no-equity")
    assert again.returncode == 0, again.stdout + again.stderr
    assert "a Showdown output (it carries our showdown_output property)" in again.stdout
    assert sorted(_manifest(tmp_path / "out2")) == ["night0.csv"]


def test_one_atomic_writer_does_every_replace() -> None:
    """``os.replace`` is called in one place (the core's primitive, which sinks/atomic.py
    wraps): a second copy of the temp-file dance is where names too long or undecodable broke."""
    package = ROOT / "pipeline"
    callers = sorted(
        str(path.relative_to(ROOT))
        for path in package.rglob("*.py")
        if "os.replace(" in path.read_text(encoding="utf-8").replace(":func:`os.replace`", "")
    )
    assert callers == ["pipeline/core/atomic_file.py"]
