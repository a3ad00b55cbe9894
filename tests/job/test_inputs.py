"""Issue 11.16: every input path is read or reported, never skipped in silence; ``.xls`` and
``.ods`` are read and scored into a new ``.xlsx``."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import polars as pl
import pytest
from openpyxl import load_workbook

from pipeline.cli.report import print_run_summary
from pipeline.games.generate import deal_holdem, players_frame
from pipeline.job.runner.driver import run
from pipeline.job.task.input_task import FileReport
from pipeline.sinks.atomic import file_digest
from tests.helpers import run_cli

SPREADSHEETS = Path(__file__).resolve().parents[1] / "data" / "spreadsheets"
ROOT = Path(__file__).resolve().parents[2]


def _night(path: Path, seed: int = 1) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    players_frame(deal_holdem(3, 3, seed=seed)).write_csv(path)


def _lines(text: str, prefix: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(prefix)]


def test_an_output_folder_inside_the_input_folder_is_never_read_back(tmp_path: Path) -> None:
    _night(tmp_path / "in" / "night.csv")
    args = ("run", str(tmp_path / "in"), "-o", str(tmp_path / "in" / "out"), "--no-equity")
    first = run_cli(*args)
    assert first.returncode == 0, first.stdout + first.stderr
    second = run_cli(*args)
    assert second.returncode == 0, second.stdout + second.stderr
    files = json.loads((tmp_path / "in" / "out" / "manifest.json").read_text())["files"]
    assert list(files) == ["night.csv"]  # not out/night.csv.xlsx, scored as a night
    assert _lines(second.stdout, "Note:") == [
        f"Note: output folder {str(tmp_path / 'in' / 'out')!r} is inside the input folder "
        f"{str(tmp_path / 'in')!r}: its files are not read as inputs"
    ]


def test_an_earlier_runs_output_folder_is_not_read_as_input_by_run_or_check(
    tmp_path: Path,
) -> None:
    _night(tmp_path / "in" / "night.csv")
    first = run_cli("run", str(tmp_path / "in"), "-o", str(tmp_path / "in" / "old"))
    assert first.returncode == 0, first.stdout + first.stderr
    note = (
        f"Note: folder {str(tmp_path / 'in' / 'old')!r} holds a Showdown run's outputs "
        "(.showdown.lock): its files are not read as inputs"
    )
    moved = run_cli("run", str(tmp_path / "in"), "-o", str(tmp_path / "new"), "--no-equity")
    assert moved.returncode == 0, moved.stdout + moved.stderr
    assert _lines(moved.stdout, "Note:") == [note]
    files = json.loads((tmp_path / "new" / "manifest.json").read_text())["files"]
    assert list(files) == ["night.csv"]
    checked = run_cli("check", str(tmp_path / "in"))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert _lines(checked.stderr, "Note:") == [note]


def test_the_output_folder_cannot_be_the_input_folder(tmp_path: Path) -> None:
    _night(tmp_path / "in" / "night.csv")
    result = run_cli("run", str(tmp_path / "in"), "-o", str(tmp_path / "in"), "--no-equity")
    assert result.returncode == 2
    assert "its outputs would be read back as inputs on the next run" in result.stdout
    assert sorted(path.name for path in (tmp_path / "in").iterdir()) == ["night.csv"]


def test_an_empty_input_folder_is_not_a_clean_success(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "readme.md").write_text("nights go here\n")
    result = run_cli("run", str(tmp_path / "in"), "-o", str(tmp_path / "out"))
    assert result.returncode == 1
    assert _lines(result.stdout, "Issue:") == [
        f"Issue: no inputs found in {str(tmp_path / 'in')!r} (looked for .csv, .tsv, .txt, "
        ".xlsx, .xls, .ods, .phh, .phhs, .xml): nothing was scored from it"
    ]
    assert _lines(result.stdout, "Note:") == [
        f"Note: skipped {str(tmp_path / 'in' / 'readme.md')!r}: not a kind of input the job "
        "reads (.csv, .tsv, .txt, .xlsx, .xls, .ods, .phh, .phhs, .xml)"
    ]
    checked = run_cli("check", str(tmp_path / "in"))
    assert checked.returncode == 1
    assert checked.stdout.startswith("no inputs found in")


def test_links_loops_and_broken_links_are_each_reported(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    _night(folder / "a" / "night.csv")
    (folder / "a" / "loop").symlink_to("..")  # a/loop/a/loop/... for ever
    (folder / "alias.csv").symlink_to("a/night.csv")  # the same night by another name
    (folder / "gone.csv").symlink_to("deleted.csv")
    elsewhere = tmp_path / "elsewhere"
    _night(elsewhere / "other.csv", seed=2)
    (folder / "linked").symlink_to(elsewhere)
    result = run_cli("run", str(folder), "-o", str(tmp_path / "out"), "--no-equity")
    assert result.returncode == 1, result.stdout + result.stderr
    assert _lines(result.stdout, "Issue:") == [
        f"Issue: broken link {str(folder / 'gone.csv')!r}: it points to 'deleted.csv', which "
        "does not exist (or loops back on itself); nothing was read from it"
    ]
    assert _lines(result.stdout, "Note:") == [
        f"Note: not following {str(folder / 'a' / 'loop')!r}: it leads to {str(folder)!r}, "
        "already searched (a symlink loop)",
        f"Note: {str(folder / 'alias.csv')!r} is the same file as "
        f"{str(folder / 'a' / 'night.csv')!r}: read once",
    ]
    files = json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]
    assert sorted(files) == ["a/night.csv", "linked/other.csv"]
    # A file reached through a link writes under the output folder, never beside its target.
    assert (tmp_path / "out" / "linked" / "other.csv.xlsx").is_file()
    assert sorted(path.name for path in elsewhere.iterdir()) == ["other.csv"]


def test_an_unreadable_subfolder_is_an_issue_and_the_rest_is_scored(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    _night(folder / "a" / "night.csv")
    _night(folder / "locked" / "night.csv", seed=2)
    (folder / "locked").chmod(0o000)
    out = tmp_path / "out"
    command = [sys.executable, "-m", "pipeline", "run", str(folder), "-o", str(out), "--no-equity"]
    if os.geteuid() == 0:  # root reads through permissions: drop that power, for real
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv to drop CAP_DAC_READ_SEARCH")
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *command]
    try:
        result = subprocess.run(
            command,
            capture_output=True,
            text=True,
            env=os.environ | {"PYTHONPATH": str(ROOT)},
            check=False,
        )
    finally:
        (folder / "locked").chmod(0o755)
    assert result.returncode == 1, result.stdout + result.stderr
    assert _lines(result.stdout, "Issue:") == [
        f"Issue: cannot read folder {str(folder / 'locked')!r}: Permission denied; the files "
        "in it were not scored"
    ]
    assert list(json.loads((out / "manifest.json").read_text())["files"]) == ["a/night.csv"]


@pytest.mark.parametrize("kind", ["xls", "ods"])
def test_xls_and_ods_are_read_and_scored_into_a_new_workbook(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SPREADSHEETS / f"night.{kind}", folder)
    result = run_cli("run", str(folder), "-o", str(tmp_path / "out"), "--no-equity")
    assert result.returncode == 1, result.stdout + result.stderr  # one illegal card
    out = tmp_path / "out"
    entry = json.loads((out / "manifest.json").read_text())["files"][f"night.{kind}"]
    assert (entry["rows_read"], entry["rows_scored"], entry["rows_rejected"]) == (5, 3, 2)
    assert entry["outputs"]["workbook"] == str(out / f"night.{kind}.xlsx")
    scored = pl.read_parquet(out / f"night.{kind}.poker.parquet")
    assert scored.select("source_file", "sheet", "row", "player", "winner").rows() == [
        (f"night.{kind}", "Night 1", 4, "Ann", True),
        (f"night.{kind}", "Night 1", 5, "Bob", False),
        (f"night.{kind}", "Night 1", 6, "Cléo", False),
    ]
    book = load_workbook(out / f"night.{kind}.xlsx", read_only=True)
    assert book.sheetnames == ["Night 1", "Notes", "Summary", "Issues"]
    issues = pl.read_excel(out / f"night.{kind}.xlsx", sheet_name="Issues")
    assert issues.select("sheet", "row", "column", "value", "code").rows() == [
        ("Night 1", 7, "hole", "Qx 2c", "illegal_card"),
        ("Night 1", 8, "hole", "As Ad", "round_held_back"),
        ("Notes", None, None, None, "unknown_layout"),
    ]


def test_a_renamed_xls_is_read_as_what_it_is(tmp_path: Path) -> None:
    shutil.copy(SPREADSHEETS / "night.xls", tmp_path / "night.xlsx")
    result = run_cli("check", str(tmp_path / "night.xlsx"))
    assert result.returncode == 1
    assert "night.xlsx, sheet 'Night 1', row 7, column 'hole'" in result.stdout


def test_a_cut_short_xls_is_reported_and_the_others_scored(tmp_path: Path) -> None:
    (tmp_path / "cut.xls").write_bytes((SPREADSHEETS / "night.xls").read_bytes()[:3000])
    _night(tmp_path / "night.csv")
    result = run_cli("run", str(tmp_path), "-o", str(tmp_path / "out"), "--no-equity")
    assert result.returncode == 1, result.stdout + result.stderr
    files = json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]
    assert (files["cut.xls"]["status"], files["night.csv"]["status"]) == ("issues", "clean")
    issues = pl.read_excel(tmp_path / "out" / "cut.xls.xlsx", sheet_name="Issues")
    assert issues.select("code", "message").rows() == [
        (
            "unreadable",
            "cannot read 'cut.xls': calamine error: Xls error: Cfb error: Sector 11 "
            "points past end of file",
        )
    ]


def test_an_ods_asking_for_billions_of_cells_is_reported_not_loaded(tmp_path: Path) -> None:
    """A stray cell a million rows down and 16,000 columns right: 16.8 billion cells."""
    stray = (
        '<table:table-row table:number-rows-repeated="1000000"><table:table-cell '
        'table:number-columns-repeated="16000"/></table:table-row><table:table-row>'
        '<table:table-cell table:number-columns-repeated="16000"/><table:table-cell '
        'office:value-type="string"><text:p>stray</text:p></table:table-cell></table:table-row>'
    )
    with (
        zipfile.ZipFile(SPREADSHEETS / "night.ods") as good,
        zipfile.ZipFile(tmp_path / "hostile.ods", "w") as hostile,
    ):
        for item in good.infolist():
            data = good.read(item)
            if item.filename == "content.xml":
                data = data.replace(b"</table:table>", stray.encode() + b"</table:table>", 1)
            hostile.writestr(item, data)
    _night(tmp_path / "night.csv")
    result = run_cli("run", str(tmp_path), "-o", str(tmp_path / "out"), "--no-equity")
    assert result.returncode == 1, result.stdout + result.stderr
    files = json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]
    assert (files["hostile.ods"]["status"], files["night.csv"]["status"]) == ("issues", "clean")
    issues = pl.read_excel(tmp_path / "out" / "hostile.ods.xlsx", sheet_name="Issues")
    [message] = issues["message"].to_list()
    assert message.startswith(
        "cannot read 'hostile.ods': calamine error: Ods error: Cell limit exceeded"
    ), message


def test_a_tab_separated_export_in_a_folder_is_read(tmp_path: Path) -> None:
    players_frame(deal_holdem(3, 3, seed=1)).write_csv(tmp_path / "night.tsv", separator="\t")
    result = run_cli("run", str(tmp_path), "-o", str(tmp_path / "out"), "--no-equity")
    assert result.returncode == 0, result.stdout + result.stderr
    files = json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]
    assert (files["night.tsv"]["rows_read"], files["night.tsv"]["rows_scored"]) == (9, 9)


def test_an_xlsx_saved_as_xls_says_how_to_have_it_read(tmp_path: Path) -> None:
    shutil.copy(ROOT / "input" / "club-nights.xlsx", tmp_path / "club.xls")
    result = run_cli("check", str(tmp_path / "club.xls"))
    assert result.returncode == 1
    assert result.stdout == (
        "club.xls: 'club.xls' holds an .xlsx workbook under another name: rename it "
        "'club.xlsx' to have it read\n"
    )


def test_a_file_removed_or_replaced_after_the_run_found_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An exporter moves files while the night runs.  A file removed after the run listed it
    is an ``Issue:`` (exit 1) and gets no manifest entry (before: a failed input, exit 2); a
    file replaced is scored as what it is when read, and its hash is of those bytes."""
    folder = tmp_path / "in"
    for name in ("a.csv", "b.csv", "c.csv"):
        _night(folder / name)
    replacement = players_frame(deal_holdem(5, 4, seed=9))

    def exporter_at_work(report: FileReport) -> None:
        if report.source == "a.csv":
            (folder / "b.csv").unlink()
            replacement.write_csv(folder / "c.csv")

    out = tmp_path / "out"
    report = run([folder], out, progress=exporter_at_work)
    assert [(file.source, file.status) for file in report.files] == [
        ("a.csv", "clean"),
        ("b.csv", "gone"),
        ("c.csv", "clean"),
    ]
    assert report.exit_code == 1
    files = json.loads((out / "manifest.json").read_text())["files"]
    assert sorted(files) == ["a.csv", "c.csv"]
    replaced = (folder / "c.csv").read_bytes()
    assert files["c.csv"]["sha256"] == hashlib.sha256(replaced).hexdigest()
    assert pl.read_parquet(out / "c.csv.poker.parquet").height == replacement.height
    print_run_summary(report, out)
    assert _lines(capsys.readouterr().out, "Issue:") == [
        f"Issue: {str(folder / 'b.csv')!r} was removed or renamed after the run found it: "
        "not scored"
    ]


def test_the_same_file_named_twice_is_read_once_and_said(tmp_path: Path) -> None:
    """Before: ``run a.csv a.csv`` (or a folder and a file in it) read it once, in silence."""
    _night(tmp_path / "in" / "a.csv")
    given = str(tmp_path / "in" / "a.csv")
    result = run_cli("run", given, str(tmp_path / "in"), given, "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert list(json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]) == ["a.csv"]
    assert _lines(result.stdout, "Note:") == [
        f"Note: {given!r} is among the inputs more than once (named twice, or in a folder also "
        "given): read once"
    ]


def test_paths_with_spaces_and_quotes_in_and_out(tmp_path: Path) -> None:
    """Names a shell would need quoting for, on inputs and the output folder, through the
    capped child and calamine's child too (their arguments are never a shell line)."""
    folder = tmp_path / 'it\'s "in"'
    _night(folder / "night 'one' \"1\".csv")
    generated = run_cli("generate", str(folder / 'club "night".xlsx'), "--rounds", "3")
    assert generated.returncode == 0, generated.stderr
    shutil.copy(SPREADSHEETS / "night.ods", folder / 'o\'clock "x".ods')
    out = tmp_path / 'out put\'s "here"'
    environment = os.environ | {"SHOWDOWN_IN_PROCESS_MB": "0", "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "pipeline", "run", str(folder), "-o", str(out), "--no-equity"],
        capture_output=True, text=True, env=environment, timeout=300, check=False,
    )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr  # the .ods has a bad card
    files = json.loads((out / "manifest.json").read_text())["files"]
    assert {name: entry["status"] for name, entry in files.items()} == {
        "night 'one' \"1\".csv": "clean",
        'club "night".xlsx': "clean",
        'o\'clock "x".ods': "issues",
    }
    for entry in files.values():
        for key, path in entry["outputs"].items():
            assert Path(path).parent == out
            assert file_digest(Path(path)) == entry["output_sha256"][key]


def test_an_output_folder_on_another_filesystem(tmp_path: Path) -> None:
    """Every temporary file is made beside its output, so each rename stays on one filesystem
    wherever the output folder is (here on tmpfs, the inputs elsewhere)."""
    other = Path("/dev/shm")
    if not other.is_dir() or other.stat().st_dev == tmp_path.stat().st_dev:
        pytest.skip("no second filesystem to write to")
    _night(tmp_path / "in" / "night.csv")
    assert run_cli("generate", str(tmp_path / "in" / "club.xlsx"), "--rounds", "3").returncode == 0
    out = Path(tempfile.mkdtemp(prefix="showdown-test-", dir=other)) / "out"
    try:
        environment = os.environ | {"SHOWDOWN_IN_PROCESS_MB": "0", "PYTHONPATH": str(ROOT)}
        command = [sys.executable, "-m", "pipeline", "run", str(tmp_path / "in"), "-o", str(out)]
        result = subprocess.run(
            [*command, "--no-equity"], capture_output=True, text=True, env=environment,
            timeout=300, check=False,
        )  # fmt: skip
        assert result.returncode == 0, result.stdout + result.stderr
        assert sorted(path.name for path in out.iterdir()) == [
            ".showdown.lock",
            "club.poker.parquet",
            "club.xlsx",
            "hand_index.parquet",  # who scored each hand first (issue 31)
            "manifest.json",
            "night.csv.poker.parquet",
            "night.csv.xlsx",
        ]
    finally:
        shutil.rmtree(out.parent, ignore_errors=True)
