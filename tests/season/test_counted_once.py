"""Issue 31 §2 and §3, the season's side: each hand counted once by (site, tournament, round),
the first by played_at then path; only the outputs the manifest lists are read."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl

from pipeline.season.report import season_report
from pipeline.sinks.excel.season import nights_said
from tests.helpers import run_cli
from tests.season.contract_nights import Hand, Seat, at, write_night


def _hand(number: str, when: str, winner: str = "Jo") -> Hand:
    seats = [
        Seat("Jo", winner=winner == "Jo", net=1.0),
        Seat("Al", winner=winner == "Al", net=-1.0),
    ]
    return Hand(
        number, seats, site="PokerStars", tournament="T1", played_at=at(when), time_zone="ET"
    )


def test_the_same_hand_in_two_files_counts_once(tmp_path: Path) -> None:
    """Overlapping exports: a client re-exported the day, hands 105-106 are in both files."""
    first = [_hand(f"10{n}", f"2026-01-05 20:0{n}") for n in (4, 5, 6)]
    again = [_hand(f"10{n}", f"2026-01-05 20:0{n}") for n in (5, 6, 7)]
    write_night(tmp_path / "z-first.poker.parquet", first)
    write_night(tmp_path / "a-again.poker.parquet", again)
    report = season_report(tmp_path)
    jo = report.standings.filter(pl.col("player") == "Jo")
    # Before: 6 rounds for Jo, hands 105 and 106 twice.
    assert jo["rounds"].item() == 4
    assert report.repeated_hands == 2
    assert report.nights.select("hands", "files").rows() == [(4, 2)]
    assert nights_said(report) == [
        "2 hand(s) seen in more than one file counted once, from the file that played them first"
    ]


def test_the_same_id_on_two_sites_or_tournaments_is_two_hands(tmp_path: Path) -> None:
    one = _hand("105", "2026-01-05 20:05")
    other_site = Hand("105", one.seats, site="PHH", played_at=one.played_at)
    other_tournament = Hand(
        "105", one.seats, site="PokerStars", tournament="T2", played_at=one.played_at
    )
    write_night(tmp_path / "a.poker.parquet", [one, other_site, other_tournament])
    report = season_report(tmp_path)
    assert report.standings.filter(pl.col("player") == "Jo")["rounds"].item() == 3
    assert report.repeated_hands == 0


def test_round_sheets_without_a_manifest_are_each_their_own(tmp_path: Path) -> None:
    """Round 1 of two sheets is two rounds: a sheet's identity is its content, not its ids."""
    for name in ("a", "b"):
        write_night(
            tmp_path / f"{name}.poker.parquet", [Hand("1", [Seat("Jo", winner=True), Seat("Al")])]
        )
    assert season_report(tmp_path).standings.filter(pl.col("player") == "Jo")["rounds"].item() == 2


def _manifest(folder: Path, entries: dict[str, tuple[str, list[str]]]) -> None:
    files = {
        name: {
            "sha256": digest,
            "status": "clean",
            "outputs": {f"out{n}": str(folder / output) for n, output in enumerate(outputs)},
        }
        for name, (digest, outputs) in entries.items()
    }
    (folder / "manifest.json").write_text(json.dumps({"files": files}), encoding="utf-8")


def test_only_live_outputs_are_read(tmp_path: Path) -> None:
    """A stale output the manifest no longer lists (a renamed or deleted input's) is skipped."""
    out = tmp_path / "output"
    sheet = [Hand(str(n), [Seat("Jo", winner=True), Seat("Al")]) for n in range(7)]
    write_night(out / "night.csv.poker.parquet", sheet)
    write_night(out / "old-name.csv.poker.parquet", sheet)  # left beside, not in the manifest
    _manifest(out, {"night.csv": ("aa", ["night.csv.poker.parquet", "night.csv.xlsx"])})
    report = season_report(out)
    assert report.standings.filter(pl.col("player") == "Jo")["rounds"].item() == 7
    assert report.stale == ("old-name.csv.poker.parquet",)
    assert any("not listed as live" in line for line in nights_said(report))


def test_a_renamed_input_still_listed_twice_counts_once(tmp_path: Path) -> None:
    """Before the manifest moves a renamed input's outputs, both entries list the same content:
    Jo showed 22 rounds where the live files hold 14 (issue 31 §3)."""
    out = tmp_path / "output"
    sheet = [Hand(str(n), [Seat("Jo", winner=True), Seat("Al")]) for n in range(14)]
    write_night(out / "jan.csv.poker.parquet", sheet)
    write_night(out / "sub/jan-renamed.csv.poker.parquet", sheet)
    _manifest(
        out,
        {
            "jan.csv": ("same-hash", ["jan.csv.poker.parquet"]),
            "sub/jan-renamed.csv": ("same-hash", ["sub/jan-renamed.csv.poker.parquet"]),
        },
    )
    report = season_report(out)
    assert report.standings.filter(pl.col("player") == "Jo")["rounds"].item() == 14
    assert report.repeated_hands == 14


def test_the_command_says_what_it_left_out(tmp_path: Path) -> None:
    out = tmp_path / "output"
    write_night(out / "night.csv.poker.parquet", [Hand("1", [Seat("Jo", winner=True)])])
    write_night(out / "stale.csv.poker.parquet", [Hand("1", [Seat("Jo", winner=True)])])
    _manifest(out, {"night.csv": ("aa", ["night.csv.poker.parquet"])})
    result = run_cli("season", str(out), "-o", str(tmp_path / "s.xlsx"))
    assert result.returncode == 0, result.stderr
    assert (
        "Note: 1 Parquet file(s) not listed as live in their folder's manifest.json left out "
        "(a renamed or deleted input's old outputs): stale.csv.poker.parquet"
    ) in result.stdout


def test_the_jobs_hand_index_is_bookkeeping_not_a_stale_night(tmp_path: Path) -> None:
    """A real run keeps ``hand_index.parquet`` beside its manifest: the season neither reads it
    nor names it as a stale output (it did: a Note on every sample season)."""
    night = Path(__file__).parents[1] / "data" / "hand_histories" / "pokerstars_mixed.txt"
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "night.txt").write_bytes(night.read_bytes())
    out = tmp_path / "out"
    run = run_cli("run", str(tmp_path / "in"), "-o", str(out), "--no-equity")
    assert run.returncode in (0, 1), run.stdout + run.stderr
    assert (out / "hand_index.parquet").is_file()
    report = season_report(out)
    assert report.stale == ()
    assert not any("not listed as live" in line for line in nights_said(report))
