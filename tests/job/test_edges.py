"""Issue 31: nothing counted twice, nothing lost at the edges.  Each case is one a real archive
did to the nightly job (colliding output names, odd file names, a reader that goes away, huge
rows, deep folders, our own outputs among the inputs); each test failed before its fix."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import subprocess
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.core import atomic_file
from pipeline.games.generate import deal_holdem, players_frame
from pipeline.job.plan.inputs import distinct_bases, fitting, output_base
from pipeline.job.runner.driver import run
from pipeline.sinks.atomic import walk_files
from pipeline.sinks.excel import row_xml
from pipeline.sinks.excel.backends import xlsxwriter_book
from pipeline.sinks.excel.workbook import write_workbook
from pipeline.sinks.manifest import load_manifest
from pipeline.sources import SUPPORTED_SUFFIXES
from pipeline.sources.delimited import read_delimited
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

_SUFFIXES = [".csv", ".tsv", ".txt", ".xls", ".ods", ".phh", ".phhs", ".xml"]  # all but .xlsx
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


# --- 7. our own outputs are never inputs ----------------------------------------------------


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


# --- 4. any name the file system allows -----------------------------------------------------


def _holdem_csv(path: Path | bytes, rounds: int = 10, seed: int = 1) -> None:
    with open(path, "wb") as handle:
        players_frame(deal_holdem(rounds, 6, seed=seed)).write_csv(handle)


def test_any_name_the_file_system_allows_is_read_and_written(tmp_path: Path) -> None:
    """A Latin-1 name, a name of 240 bytes and a name with a newline: each scored, its outputs
    named after it (the undecodable byte kept), the manifest plain JSON whose ``name_bytes``
    give the exact bytes back, one log line per file, and a rerun skips all three.  Before: the
    Latin-1 name failed the run (exit 2) and put a lone surrogate in the manifest; the long
    one stopped the whole run (``File name too long``, no manifest); the newline split a line."""
    folder = tmp_path / "in"
    folder.mkdir()
    latin = os.fsencode(folder) + b"/n\xe9ight.csv"
    _holdem_csv(latin, seed=1)
    _holdem_csv(folder / ("L" * 236 + ".csv"), seed=2)
    _holdem_csv(folder / "new\nline.csv", seed=3)
    out = tmp_path / "out"
    first = run_cli("run", str(folder), "-o", str(out), "--no-equity")
    assert first.returncode == 0, first.stdout + first.stderr
    lines = first.stderr.splitlines()
    assert len(lines) == 3 and all(line.startswith("clean  ") for line in lines), lines
    assert r"clean  n\xe9ight.csv:" in first.stderr
    assert "clean  'new\\nline.csv':" in first.stderr
    text = (out / "manifest.json").read_bytes().decode("utf-8")  # strict: no lone surrogate
    assert "\\udc" not in text.lower()
    entries = json.loads(text)["files"]
    latin_entry = entries[r"n\xe9ight.csv"]
    assert bytes.fromhex(latin_entry["name_bytes"][r"n\xe9ight.csv"]) == b"n\xe9ight.csv"
    assert os.path.exists(os.fsencode(out) + b"/n\xe9ight.csv.poker.parquet")
    assert load_manifest(out)[os.fsdecode(b"n\xe9ight.csv")]["sha256"] == latin_entry["sha256"]
    again = run_cli("run", str(folder), "-o", str(out), "--no-equity")
    assert again.stderr.count("unchanged, skipped") == 3, again.stderr


def test_a_name_the_output_folder_refuses_costs_only_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file system that will not take a name (``EILSEQ``: vfat, some shares) fails that
    input; the others are scored.  Before, any error naming a path in the output folder failed
    the whole run."""
    _nights(tmp_path / "in", 2)
    original = atomic_file.temporary_for

    def refusing(path: Path, pid: int | None = None) -> Path:
        if path.name.startswith("night0"):
            raise OSError(errno.EILSEQ, "Invalid or incomplete multibyte character", str(path))
        return original(path, pid)

    monkeypatch.setattr(atomic_file, "temporary_for", refusing)
    report = run([tmp_path / "in"], tmp_path / "out")
    assert [(file.source, file.status) for file in report.files] == [
        ("night0.csv", "failed"),
        ("night1.csv", "clean"),
    ]
    assert report.problems == []


# --- 3. content, not paths, is the identity ------------------------------------------------------


def _outputs_on_disk(out: Path) -> list[str]:
    return sorted(
        path.name
        for path in out.iterdir()
        if path.suffix in (".xlsx", ".parquet") and path.name != "hand_index.parquet"
    )


def test_a_renamed_input_moves_its_outputs_and_entry(tmp_path: Path) -> None:
    """The same content under a new name: the old entry and its outputs go, the new name's
    entry says ``renamed_from``.  Before, both stayed and the season counted the rounds twice
    (22 rounds where the live files held 14)."""
    _nights(tmp_path / "in", 2)
    out = tmp_path / "out"
    assert run([tmp_path / "in"], out).exit_code == 0
    (tmp_path / "in" / "night0.csv").rename(tmp_path / "in" / "monday.csv")
    report = run([tmp_path / "in"], out)
    assert report.exit_code == 0
    entries = _manifest(out)
    assert sorted(entries) == ["monday.csv", "night1.csv"]
    assert entries["monday.csv"]["renamed_from"] == ["night0.csv"]
    assert _outputs_on_disk(out) == [
        "monday.csv.poker.parquet",
        "monday.csv.xlsx",
        "night1.csv.poker.parquet",
        "night1.csv.xlsx",
    ]


def test_a_folder_link_added_later_does_not_score_a_file_twice(tmp_path: Path) -> None:
    """A symlink to a folder added beside it, named to sort first: the
    file keeps its real path's name and is skipped as unchanged.  Before, it was found by the
    longer path through the link, scored again beside its old outputs (Jo: 26 rounds, not 13)."""
    _nights(tmp_path / "in" / "club", 1)
    out = tmp_path / "out"
    assert run([tmp_path / "in"], out).exit_code == 0
    (tmp_path / "in" / "a-mirror").symlink_to(tmp_path / "in" / "club")
    report = run([tmp_path / "in"], out)
    assert [(file.source, file.skipped) for file in report.files] == [("club/night0.csv", True)]
    assert sorted(_manifest(out)) == ["club/night0.csv"]


def test_an_input_reached_through_a_new_link_replaces_its_old_entry(tmp_path: Path) -> None:
    """The real folder is no longer among the inputs, only a link to it: the same file by a new
    path, its outputs moved to the new name."""
    _nights(tmp_path / "club", 1)
    (tmp_path / "in").mkdir()
    out = tmp_path / "out"
    assert run([tmp_path / "club"], out).exit_code == 0
    (tmp_path / "in" / "club").symlink_to(tmp_path / "club")
    assert run([tmp_path / "in"], out).exit_code == 0
    entries = _manifest(out)
    assert sorted(entries) == ["club/night0.csv"], entries
    assert entries["club/night0.csv"]["renamed_from"] == ["night0.csv"]


def test_a_deleted_input_keeps_its_outputs_marked_source_gone(tmp_path: Path) -> None:
    """Its outputs are the archive: kept, its entry marked ``source_gone``, a Note says so; it
    is live again (the mark dropped) when the file comes back."""
    _nights(tmp_path / "in", 2)
    out = tmp_path / "out"
    assert run([tmp_path / "in"], out).exit_code == 0
    (tmp_path / "in" / "night1.csv").rename(tmp_path / "night1.csv")
    report = run([tmp_path / "in"], out)
    assert report.exit_code == 0
    assert any("night1.csv" in note and "source_gone" in note for note in report.notes)
    entries = _manifest(out)
    assert entries["night1.csv"]["source_gone"] is True
    assert "source_gone" not in entries["night0.csv"]
    assert "night1.csv.xlsx" in _outputs_on_disk(out)
    (tmp_path / "night1.csv").rename(tmp_path / "in" / "night1.csv")
    again = run([tmp_path / "in"], out)
    assert [file.skipped for file in again.files] == [True, True]
    assert "source_gone" not in _manifest(out)["night1.csv"]


# --- 6. bounded cost per file ---------------------------------------------------------------


def test_a_row_past_the_column_cap_is_one_issue_and_the_rest_is_read(tmp_path: Path) -> None:
    """A row of 200,000 fields among 240 good rows: one ``too_many_columns`` issue naming its
    line, the other rows scored.  Before, the run ended with exit 2 (a 1,000,000-field row ran
    past 300 s at 1.4 GB; now about 4.5 s at 315 MB, the whole run)."""
    (tmp_path / "in").mkdir()
    path = tmp_path / "in" / "wide.csv"
    _holdem_csv(path, rounds=40)
    lines = path.read_text().splitlines()
    lines[3] += "," + ",".join(["7"] * 200_000)
    path.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out"
    result = run_cli("run", str(tmp_path / "in"), "-o", str(out), "--no-equity")
    assert result.returncode == 1, result.stdout + result.stderr
    entry = _manifest(out)["wide.csv"]
    assert entry["rows_read"] == 240 and entry["issues"] == 1, entry
    issues = pl.read_excel(out / "wide.csv.xlsx", sheet_name="Issues")
    capped = issues.filter(pl.col("code") == "too_many_columns")
    assert capped.height == 1 and capped["row"][0] == 4, capped
    assert "200,005 cells" in capped["message"][0]


def test_a_header_past_the_column_cap_is_one_issue(tmp_path: Path) -> None:
    header = ",".join(f"c{index}" for index in range(1_500))
    row = ",".join("1" for _ in range(1_500))
    path = tmp_path / "header.csv"
    path.write_text(f"{header}\n{row}\n{row}\n")
    sheet, problems = read_delimited(path)
    assert sheet.frame.width == 1_000 and sheet.frame.height == 2
    assert [problem.code for problem in problems] == ["too_many_columns"] * 3


def test_a_wide_short_issues_sheet_costs_its_cells_not_its_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An Issues sheet of one row and 1,000 columns goes cell by cell: the column-by-column
    path costs about 1.4 ms a column before its first cell (1.5 s here, 22 s at 16,000)."""
    built: list[int] = []
    original = row_xml.write_rows

    def counting(worksheet: object, table: pl.DataFrame, *args: object) -> None:
        built.append(table.width)
        original(worksheet, table, *args)  # type: ignore[arg-type]  # passed on as given

    monkeypatch.setattr(xlsxwriter_book, "write_rows", counting)
    wide = pl.DataFrame({f"c{index} (cell)": ["x"] for index in range(1_000)})
    write_workbook(tmp_path / "wide.xlsx", [], [], wide)
    tall = pl.DataFrame({"message": ["x"] * 50})
    write_workbook(tmp_path / "tall.xlsx", [], [], tall)
    assert built == [1]  # the tall one only
    book = pl.read_excel(tmp_path / "wide.xlsx", sheet_name="Issues")
    assert book.width == 1_000 and book.row(0) == ("x",) * 1_000


def test_folders_nested_past_the_recursion_limit_are_walked(tmp_path: Path) -> None:
    """1,100 nested folders, a night at the bottom: scored, its outputs in as many nested
    output folders.  Before: ``RecursionError``, exit 2."""
    folder = tmp_path / "in"
    folder.mkdir()
    for _ in range(1_100):
        folder = folder / "d"
        folder.mkdir()
    _holdem_csv(folder / "night.csv")
    out = tmp_path / "out"
    try:
        report = run([tmp_path / "in"], out)
        assert report.exit_code == 0, (report.problems, [file.error for file in report.files])
        assert [file.status for file in report.files] == ["clean"]
    finally:  # pytest's own clean-up (shutil.rmtree) recurses per level too
        for top in (tmp_path / "in", out):
            _remove_deep(top)


def _remove_deep(top: Path) -> None:
    """A folder tree removed bottom up, without recursion."""
    found = list(walk_files(top)) if top.exists() else []
    for path in sorted(found, key=lambda path: len(path.parts), reverse=True):
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        else:
            path.unlink()
    if top.exists():
        top.rmdir()


# --- 2. a hand is counted once across files and nights ------------------------------------------

_LOG = ROOT / "tests" / "data" / "hand_histories" / "pokerstars_mixed.txt"


def _first_hands(count: int) -> str:
    """The log's first ``count`` hands, as a client re-exporting part of a day writes them."""
    hands = _LOG.read_text().split("\n\n\n")
    return "\n\n\n".join(hands[:count]) + "\n\n\n"


def _duplicates(out: Path, name: str) -> pl.DataFrame:
    issues = pl.read_excel(out / f"{name}.xlsx", sheet_name="Issues", infer_schema_length=0)
    return issues.filter(pl.col("code") == "duplicate_hand")


def _parquet_rows(out: Path, name: str) -> int:
    path = out / f"{name}.poker.parquet"
    return pl.read_parquet(path).height if path.exists() else 0


@pytest.mark.parametrize("parallel", [False, True], ids=["serial", "threads"])
def test_the_same_hand_in_two_files_is_scored_where_first_seen(
    tmp_path: Path, parallel: bool
) -> None:
    """A re-export of two of the day's hands beside the day's log: the re-export names each
    hand ``duplicate_hand`` and its rows are left out of its Parquet; the season's Parquet
    holds each hand once.  Before, both were scored in silence and counted twice.  In parallel
    the later file is scored again once the earlier one's hands are known."""
    (tmp_path / "in").mkdir()
    shutil.copy(_LOG, tmp_path / "in" / "day1.txt")
    (tmp_path / "in" / "day1_reexport.txt").write_text(_first_hands(2))
    out = tmp_path / "out"
    with ThreadPoolExecutor(2) if parallel else contextlib.nullcontext() as executor:
        report = run([tmp_path / "in"], out, executor=executor)
    assert report.exit_code == 1
    duplicates = _duplicates(out, "day1_reexport.txt")
    assert duplicates["message"].str.contains("scored first in 'day1.txt'").all(), duplicates
    assert duplicates.height == 2
    assert _duplicates(out, "day1.txt").height == 0
    assert _parquet_rows(out, "day1_reexport.txt") == 0
    whole = pl.read_parquet(out / "day1.txt.poker.parquet")
    assert whole.select("tournament", "round").unique().height == 5


def test_across_nights_the_later_file_is_the_duplicate_and_reruns_are_not(
    tmp_path: Path,
) -> None:
    """Night 1 scores the log; night 2 brings the re-export: it is the duplicate.  A rerun of
    both with ``--force`` changes nothing: an input is never a duplicate of itself."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "z_first.txt").write_text(_first_hands(2))
    out = tmp_path / "out"
    assert run([tmp_path / "in"], out).exit_code in (0, 1)
    shutil.copy(_LOG, tmp_path / "in" / "a_later.txt")  # sorts first: order is by night
    run([tmp_path / "in"], out)
    assert _duplicates(out, "a_later.txt").height == 2
    assert _duplicates(out, "z_first.txt").height == 0
    before = {name: _parquet_rows(out, name) for name in ("a_later.txt", "z_first.txt")}
    run([tmp_path / "in"], out, force=True)
    assert _duplicates(out, "a_later.txt").height == 2
    assert _duplicates(out, "z_first.txt").height == 0
    assert {name: _parquet_rows(out, name) for name in before} == before


def test_a_round_sheet_copied_is_a_duplicate_by_its_content(tmp_path: Path) -> None:
    """The same round sheet under two names (both live): the second is one ``duplicate_hand``
    issue, its rows out of its Parquet."""
    _nights(tmp_path / "in", 1)
    shutil.copy(tmp_path / "in" / "night0.csv", tmp_path / "in" / "night0_copy.csv")
    out = tmp_path / "out"
    run([tmp_path / "in"], out)
    assert _duplicates(out, "night0.csv").height == 0
    assert _parquet_rows(out, "night0.csv") == 240
    copied = _duplicates(out, "night0_copy.csv")
    assert copied.height == 1 and "'night0.csv' has the same content" in copied["message"][0]
    assert _parquet_rows(out, "night0_copy.csv") == 0
