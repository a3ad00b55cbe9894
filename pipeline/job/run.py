"""The nightly job, one file end to end: read -> layout -> validate -> explode -> score -> write.

:func:`score_source` is a pure function from what was read to frames (scored rows, issues,
summaries); :func:`run` adds the file system: content hashes, skipping unchanged inputs, atomic
writes of ``NAME.xlsx`` / ``NAME.parquet`` and ``manifest.json``.  Every row read is either
scored or rejected with an issue record: ``rows_read == rows_scored + rows_rejected`` always.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from importlib.metadata import version
from pathlib import Path

import polars as pl

from pipeline.games.holdem.rows import empty_issues, score_holdem, validate_holdem, with_card_ids
from pipeline.games.holdem.street_equity import (
    EQUITY_COLUMNS,
    biggest_swings,
    estimate_seconds,
    street_equities,
)
from pipeline.games.layouts import (
    EXPECTED_HEADERS,
    FIVE_CARD,
    ROUNDS,
    YATZY,
    Layout,
    detect_layout,
    holdem_rows,
    yatzy_rows,
)
from pipeline.games.yatzy.score import final_standings, score_rounds
from pipeline.sinks.excel.workbook import SheetOutput, write_workbook
from pipeline.sources.readers import SUPPORTED_SUFFIXES, RawSheet, SourceFile, read_source
from schemas.holdem import ScoredRows
from schemas.yatzy import YatzyScoredRows

MANIFEST = "manifest.json"
ADDED_COLUMNS = ("hand", "hand_detail", "best_five", "rank", "winner")
YATZY_ADDED_COLUMNS = ("category_used", "category_chosen", "score", "total", "rank", "winner")
ISSUE_COLUMNS = ("file", "sheet", "row", "column", "value", "message")
PARQUET_COLUMNS = (
    "source_file", "sheet", "row", "tournament", "round", "player", "cards", "folded",
    "strength", "hand", "hand_detail", "best_five", "rank", "winner",
)  # fmt: skip
CLEAN, ISSUES, FAILED = "clean", "issues", "failed"


@dataclass
class SheetResult:
    """One sheet after validation and scoring."""

    sheet: RawSheet
    layout: Layout | None
    scored: pl.DataFrame  # canonical rows with results, ``row_id`` into ``sheet.frame``
    issues: pl.DataFrame  # row_id (null: sheet-level), column, value, message
    rejected_rows: int = 0


@dataclass
class FileResult:
    """Everything :func:`score_source` made of one file."""

    source: SourceFile
    sheets: list[SheetResult] = field(default_factory=list)
    file_issues: list[str] = field(default_factory=list)

    @property
    def rows_read(self) -> int:
        return sum(result.sheet.frame.height for result in self.sheets)

    @property
    def rows_rejected(self) -> int:
        return sum(result.rejected_rows for result in self.sheets)

    @property
    def rows_scored(self) -> int:
        return self.rows_read - self.rows_rejected

    @property
    def issue_count(self) -> int:
        return len(self.file_issues) + sum(result.issues.height for result in self.sheets)


@dataclass
class FileReport:
    """One input's line in ``manifest.json`` and in the end-of-run summary."""

    source: str
    sha256: str
    status: str
    rows_read: int = 0
    rows_scored: int = 0
    rows_rejected: int = 0
    issues: int = 0
    outputs: dict[str, str] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    error: str | None = None
    settings: dict[str, object] = field(default_factory=dict)
    skipped: bool = False  # unchanged since the last run: outputs kept, not in the manifest

    def manifest_entry(self) -> dict[str, object]:
        entry = asdict(self)
        del entry["skipped"]
        return entry


@dataclass(frozen=True)
class EquityOptions:
    """Win probabilities per street in the nightly job: on unless ``enabled`` is false.

    Exact when :func:`pipeline.games.holdem.street_equity.estimate_seconds` says a sheet fits in
    ``budget_seconds``; otherwise the preflop street is sampled (``samples`` boards a round,
    seeded, 95 % margin at most ``196 * sqrt(0.25 / samples)`` points) and the Summary says so.
    """

    enabled: bool = True
    budget_seconds: float = 120.0
    samples: int = 20_000
    seed: int = 0


NO_EQUITY = EquityOptions(enabled=False)


def score_sheet(sheet: RawSheet, equity: EquityOptions = NO_EQUITY) -> SheetResult:
    """Recognise, validate and score one sheet; rows of a bad round or a bad row are rejected."""
    layout = detect_layout(sheet.frame.columns)
    if layout is None:
        found = ", ".join(repr(name) for name in sheet.frame.columns)
        message = (
            f"sheet {sheet.name!r} matches no layout: expected {EXPECTED_HEADERS}; "
            f"found headers {found}"
            if found
            else f"sheet {sheet.name!r} is empty: no header row, no rows"
        )
        issues = pl.DataFrame(
            [(None, None, None, message)], schema=empty_issues().schema, orient="row"
        )
        return SheetResult(sheet, None, pl.DataFrame(), issues, sheet.frame.height)
    if layout.kind == YATZY:
        rounds, unreadable = yatzy_rows(sheet.frame, layout)
        scored, issues = score_rounds(rounds)
        issues = pl.concat([unreadable, issues.cast(empty_issues().schema)])
    else:
        rows = with_card_ids(holdem_rows(sheet.frame, layout))
        issues = validate_holdem(rows, five_card=layout.kind == FIVE_CARD)
        good = rows.filter(~pl.col("row_id").is_in(issues["row_id"].implode()))
        scored = score_holdem(good)
        if equity.enabled and layout.kind != FIVE_CARD:
            scored = _with_equities(scored, equity)
    # Issues name the sheet's own headers, not our canonical names.
    headers = {
        name: layout.columns[name]
        for name in ("round", "player", "folded", "category", "game")
        if name in layout.columns
    }
    issues = issues.with_columns(pl.col("column").replace(headers))
    return SheetResult(sheet, layout, scored, issues, issues["row_id"].n_unique())


def _with_equities(scored: pl.DataFrame, options: EquityOptions) -> pl.DataFrame:
    """Add ``win_preflop``, ``win_flop``, ``win_turn``: exact when that fits the budget, preflop
    sampled when that fits, else left out (a season of a million rows is for the stats desk's
    own batch, ``pipeline run --equity-budget``, not the nightly window)."""
    exact = estimate_seconds(scored) <= options.budget_seconds
    if not exact and estimate_seconds(scored, samples=options.samples) > options.budget_seconds:
        return scored
    samples = None if exact else options.samples
    with_figures = street_equities(scored, samples=samples, seed=options.seed)
    return with_figures.with_columns(pl.lit(exact).alias("equity_exact"))


def score_source(source: SourceFile, equity: EquityOptions = NO_EQUITY) -> FileResult:
    """Score every sheet of a file that was read."""
    result = FileResult(source)
    for problem in source.problems:
        where = f"sheet {problem.sheet!r}: " if problem.sheet else ""
        result.file_issues.append(where + problem.message)
    for sheet in source.sheets:
        result.sheets.append(score_sheet(sheet, equity))
    return result


YATZY_COLUMNS = (
    "source_file", "sheet", "row", "game", "round", "player", "dice", "category",
    "category_chosen", "score", "total", "rank", "winner",
)  # fmt: skip


def scored_frame(result: FileResult) -> pl.DataFrame:
    """One row per player per round, checked against its pandera model before it is written:
    :class:`schemas.holdem.ScoredRows` for poker, :class:`schemas.yatzy.YatzyScoredRows` for
    Yatzy (a file holding both games gets the union of the columns)."""
    poker, dice = [], []
    for sheet_result in result.sheets:
        if sheet_result.layout is None or sheet_result.scored.height == 0:
            continue
        rows = pl.Series(sheet_result.sheet.excel_rows, dtype=pl.Int64)
        located = sheet_result.scored.with_columns(
            pl.lit(result.source.path.name).alias("source_file"),
            pl.lit(sheet_result.sheet.name).alias("sheet"),
            _gather(rows, pl.col("row_id")).alias("row"),
        )
        if sheet_result.layout.kind == YATZY:
            dice_text = pl.col("dice").cast(pl.List(pl.String)).list.join(" ")
            dice.append(located.with_columns(dice_text.alias("dice")).select(YATZY_COLUMNS))
        else:
            extra = [name for name in EQUITY_COLUMNS if name in located.columns]
            poker.append(located.select(*PARQUET_COLUMNS, *extra))
    frames: list[pl.DataFrame] = []
    if poker or not dice:
        poker_frame = (
            pl.concat(poker, how="diagonal") if poker else pl.DataFrame(schema=_parquet_schema())
        )
        frames.append(ScoredRows.validate(poker_frame))
    if dice:
        frames.append(YatzyScoredRows.validate(pl.concat(dice)))
    return frames[0] if len(frames) == 1 else pl.concat(frames, how="diagonal_relaxed")


def _gather(values: pl.Series, positions: pl.Expr) -> pl.Expr:
    """``values[position]`` for each position: a sheet's row numbers by ``row_id``."""
    return pl.lit(values).gather(positions)


def _parquet_schema() -> dict[str, pl.DataType]:
    text = pl.String()
    return {
        "source_file": text, "sheet": text, "row": pl.Int64(), "tournament": text,
        "round": text, "player": text, "cards": text, "folded": pl.Boolean(),
        "strength": pl.UInt16(), "hand": text, "hand_detail": text, "best_five": text,
        "rank": pl.UInt32(), "winner": pl.Boolean(),
    }  # fmt: skip


def issues_frame(result: FileResult) -> pl.DataFrame:
    """Every issue of a file, with the row as Excel shows it and the original row's cells."""
    name = result.source.path.name
    frames = [
        pl.DataFrame(
            [(name, None, None, None, None, message) for message in result.file_issues],
            schema=dict.fromkeys(ISSUE_COLUMNS, pl.String) | {"row": pl.Int64},
            orient="row",
        )
    ]
    for sheet_result in result.sheets:
        sheet = sheet_result.sheet
        if sheet_result.issues.height == 0:
            continue
        originals = sheet.frame.with_row_index("row_id").with_columns(
            pl.col("row_id").cast(pl.Int64)
        )
        excel_rows = pl.Series([*sheet.excel_rows, None], dtype=pl.Int64)
        issues = sheet_result.issues.with_columns(
            pl.lit(name).alias("file"),
            pl.lit(sheet.name).alias("sheet"),
            _gather(excel_rows, pl.col("row_id").fill_null(len(sheet.excel_rows))).alias("row"),
        )
        frames.append(
            issues.sort("row_id", nulls_last=False, maintain_order=True)
            .join(originals, on="row_id", how="left", suffix=" (cell)", maintain_order="left")
            .drop("row_id")
            .select(*ISSUE_COLUMNS, pl.exclude(ISSUE_COLUMNS))
        )
    return pl.concat(frames, how="diagonal_relaxed")


def summary_blocks(result: FileResult, scored: pl.DataFrame) -> list[tuple[str, pl.DataFrame]]:
    """The Summary sheet: per player, then per sheet and file (rows read, scored, rejected)."""
    blocks: list[tuple[str, pl.DataFrame]] = []
    if "strength" in scored.columns:
        poker = scored.filter(pl.col("cards").is_not_null())
        blocks.append(("Players", _player_summary(poker)))
        if "win_turn" in poker.columns:
            blocks.append(("Biggest swings", _swing_summary(result)))
    dice = [r.scored for r in result.sheets if r.layout is not None and r.layout.kind == YATZY]
    if any(frame.height for frame in dice):
        blocks.append(("Yatzy standings", final_standings(pl.concat(dice, how="diagonal"))))
    counts = [
        (
            result.source.path.name,
            sheet_result.sheet.name,
            sheet_result.layout.kind if sheet_result.layout else "not recognised",
            sheet_result.sheet.frame.height,
            sheet_result.sheet.frame.height - sheet_result.rejected_rows,
            sheet_result.rejected_rows,
        )
        for sheet_result in result.sheets
    ]
    counts.append(
        (result.source.path.name, "(all)", "", result.rows_read, result.rows_scored,
         result.rows_rejected)
    )  # fmt: skip
    files = pl.DataFrame(
        counts,
        schema=["file", "sheet", "layout", "rows read", "rows scored", "rows rejected"],
        orient="row",
    )
    return [*blocks, ("Rows", files)]


def _swing_summary(result: FileResult) -> pl.DataFrame:
    """The river winners' lowest equity on an earlier street: the bad beats, worst first."""
    frames = [
        biggest_swings(r.scored).with_columns(pl.lit(r.sheet.name).alias("sheet"))
        for r in result.sheets
        if r.layout is not None and "win_turn" in r.scored.columns
    ]
    exact = all(
        bool(r.scored["equity_exact"].all())
        for r in result.sheets
        if "equity_exact" in r.scored.columns and r.scored.height
    )
    swings = pl.concat(frames).sort("lowest_equity").head(10)
    how = "exact" if exact else "preflop sampled"
    return swings.select(
        "sheet",
        "tournament",
        "round",
        pl.col("player").alias("river winner"),
        pl.col("lowest_equity").round(2).alias(f"lowest equity % ({how})"),
        "street",
    )


def _player_summary(poker: pl.DataFrame) -> pl.DataFrame:
    """Per player: rounds dealt, showdowns, wins, split wins, best hand."""
    winners_in_round = pl.col("winner").sum().over("sheet", "tournament", "round")
    return (
        poker.with_columns(winners_in_round.alias("winners"))
        .group_by("player", maintain_order=True)
        .agg(
            pl.len().alias("rounds dealt"),
            pl.col("strength").is_not_null().sum().alias("showdowns"),
            pl.col("winner").sum().alias("wins"),
            (pl.col("winner") & (pl.col("winners") > 1)).sum().alias("split wins"),
            pl.col("hand_detail").sort_by("strength").drop_nulls().last().alias("best hand"),
        )
        .sort("wins", "showdowns", descending=True, maintain_order=True)
    )


def file_digest(path: Path) -> str:
    """SHA-256 of a file's content, read in blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def atomic_write(path: Path, write: Callable[[Path], object]) -> None:
    """Write through a temporary file in the same folder, then rename: all or nothing."""
    temporary = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        write(temporary)
        with temporary.open("rb") as handle:
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()


def find_inputs(paths: Sequence[Path]) -> tuple[list[Path], list[str]]:
    """Input files under the given paths (folders are searched, sorted); missing paths reported."""
    found: list[Path] = []
    missing: list[str] = []
    for path in paths:
        if path.is_dir():
            found.extend(
                candidate
                for candidate in sorted(path.rglob("*"))
                if candidate.is_file()
                and candidate.suffix.lower() in SUPPORTED_SUFFIXES
                and not candidate.name.startswith((".", "~$"))
            )
        elif path.is_file():
            found.append(path)
        else:
            missing.append(f"no such file or folder: {str(path)!r}")
    unique = list(dict.fromkeys(found))
    return unique, missing


def output_names(inputs: Sequence[Path]) -> dict[Path, str]:
    """``NAME`` for each input's outputs; inputs sharing a stem keep their suffix apart."""
    stems: dict[str, int] = {}
    for path in inputs:
        stems[path.stem] = stems.get(path.stem, 0) + 1
    return {
        path: path.stem if stems[path.stem] == 1 else f"{path.stem}.{path.suffix.lstrip('.')}"
        for path in inputs
    }


def load_manifest(output: Path) -> dict[str, dict[str, object]]:
    """The previous run's manifest entries by input path; empty when there is none or it broke."""
    try:
        data = json.loads((output / MANIFEST).read_text(encoding="utf-8"))
        files = data.get("files", {})
        return files if isinstance(files, dict) else {}
    except (OSError, ValueError):
        return {}


def write_manifest(output: Path, entries: dict[str, dict[str, object]]) -> None:
    """Write ``manifest.json`` atomically."""
    text = json.dumps({"files": entries}, indent=2, sort_keys=True) + "\n"
    atomic_write(output / MANIFEST, lambda path: path.write_text(text, encoding="utf-8"))


def write_outputs(result: FileResult, output: Path, name: str) -> dict[str, str]:
    """``NAME.parquet`` and ``NAME.xlsx`` for one scored file, each written atomically."""
    scored = scored_frame(result)
    issues = issues_frame(result)
    parquet = output / f"{name}.parquet"
    workbook = output / f"{name}.xlsx"
    atomic_write(parquet, scored.write_parquet)
    # Write back into the producer's workbook only when it was read as one.
    readable = not any(problem.sheet == "" for problem in result.source.problems)
    is_workbook = result.source.path.suffix.lower() == ".xlsx" and readable
    source = result.source.path if is_workbook else None
    sheets = _sheet_outputs(result, write_back=source is not None)
    write_workbook(workbook, sheets, summary_blocks(result, scored), issues, source=source)
    return {"workbook": str(workbook), "parquet": str(parquet)}


def _sheet_outputs(result: FileResult, *, write_back: bool) -> list[SheetOutput]:
    outputs: list[SheetOutput] = []
    for sheet_result in result.sheets:
        sheet = sheet_result.sheet
        scored = sheet_result.scored
        if sheet_result.layout is None:
            if not write_back:
                outputs.append(SheetOutput(sheet.name, sheet.frame))
            continue
        excel_rows = pl.Series(sheet.excel_rows, dtype=pl.Int64)
        if sheet_result.layout.kind == ROUNDS:
            per_round = (
                scored.filter(pl.col("winner"))
                .group_by("row_id", maintain_order=True)
                .agg(
                    pl.col("player").str.join(", ").alias("winner"),
                    pl.col("hand_detail").drop_nulls().first().alias("winning_hand"),
                )
            )
            added = (
                sheet.frame.with_row_index("row_id")
                .select(pl.col("row_id").cast(pl.Int64))
                .join(per_round, on="row_id", how="left")
            )
            highlight = None
            muted = None
        elif sheet_result.layout.kind == YATZY:
            results = scored.select(
                "row_id",
                pl.col("category").alias("category_used"),
                *YATZY_ADDED_COLUMNS[1:],
            )
            added = (
                sheet.frame.with_row_index("row_id")
                .select(pl.col("row_id").cast(pl.Int64))
                .join(results, on="row_id", how="left")
            )
            highlight = added["winner"].fill_null(False)
            muted = None
        else:
            added = (
                sheet.frame.with_row_index("row_id")
                .select(pl.col("row_id").cast(pl.Int64))
                .join(
                    scored.select(
                        "row_id",
                        "folded",
                        *ADDED_COLUMNS,
                        *(name for name in EQUITY_COLUMNS if name in scored.columns),
                    ),
                    on="row_id",
                    how="left",
                )
            )
            highlight = added["winner"].fill_null(False)
            muted = added["folded"].fill_null(False)
            added = added.drop("folded")
        table = _apart_from(added.drop("row_id"), sheet.frame.columns)
        if write_back:
            outputs.append(
                SheetOutput(
                    sheet.name,
                    table,
                    excel_rows=excel_rows.to_list(),
                    header_row=sheet.header_row,
                    highlight=highlight,
                    muted=muted,
                    percent_columns=[c for c in EQUITY_COLUMNS if c in table.columns],
                )
            )
        else:
            outputs.append(
                SheetOutput(
                    sheet.name,
                    pl.concat([sheet.frame, table], how="horizontal"),
                    highlight=highlight,
                    muted=muted,
                    percent_columns=[c for c in EQUITY_COLUMNS if c in table.columns],
                )
            )
    return outputs


def _apart_from(added: pl.DataFrame, existing: Sequence[str]) -> pl.DataFrame:
    """Our columns renamed ``NAME (scored)`` where the sheet has a column of that name already
    (a five-card sheet's ``hand`` holds the cards; ours names the hand)."""
    taken = {name.strip().lower() for name in existing}
    return added.rename(
        {name: f"{name} (scored)" for name in added.columns if name.lower() in taken}
    )


@dataclass
class RunReport:
    """What a run did, file by file, and the exit code it earns."""

    files: list[FileReport] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        if self.problems or any(report.status == FAILED for report in self.files):
            return 2
        if any(report.issues for report in self.files):
            return 1
        return 0


def run(
    inputs: Sequence[Path],
    output: Path,
    *,
    force: bool = False,
    equity: EquityOptions = NO_EQUITY,
    progress: Callable[[FileReport], None] | None = None,
) -> RunReport:
    """Score every input into ``output``; unchanged inputs (same content hash) are skipped."""
    report = RunReport()
    files, missing = find_inputs(inputs)
    report.problems.extend(missing)
    try:
        output.mkdir(parents=True, exist_ok=True)
        _remove_stale_temporaries(output)
    except OSError as error:
        report.problems.append(f"cannot write to {str(output)!r}: {error}")
        return report
    manifest = load_manifest(output)
    names = output_names(files)
    for path in files:
        file_report = _run_one(path, output, names[path], manifest, force=force, equity=equity)
        report.files.append(file_report)
        manifest[str(path)] = file_report.manifest_entry()
        write_manifest(output, manifest)
        if progress is not None:
            progress(file_report)
    return report


def _remove_stale_temporaries(output: Path) -> None:
    for stale in output.glob(".*.tmp-*"):
        with contextlib.suppress(OSError):
            stale.unlink()


def _run_one(
    path: Path,
    output: Path,
    name: str,
    manifest: dict[str, dict[str, object]],
    *,
    force: bool,
    equity: EquityOptions,
) -> FileReport:
    started = time.perf_counter()
    try:
        digest = file_digest(path)
    except OSError as error:
        return FileReport(str(path), "", FAILED, error=f"cannot read {str(path)!r}: {error}")
    previous = manifest.get(str(path))
    if (
        not force
        and previous is not None
        and previous.get("sha256") == digest
        and previous.get("settings") == _settings(equity)
        and previous.get("status") in (CLEAN, ISSUES)
        and _outputs_exist(previous.get("outputs"))
    ):
        return _skipped(previous)
    timings: dict[str, float] = {}
    try:
        clock = time.perf_counter()
        source = read_source(path)
        timings["read"] = time.perf_counter() - clock
        clock = time.perf_counter()
        result = score_source(source, equity)
        timings["score"] = time.perf_counter() - clock
        clock = time.perf_counter()
        outputs = write_outputs(result, output, name)
        timings["write"] = time.perf_counter() - clock
    except Exception as error:  # one broken file must not stop the others
        detail = "".join(traceback.format_exception_only(error)).strip()
        return FileReport(str(path), digest, FAILED, error=detail)
    timings["total"] = time.perf_counter() - started
    report = FileReport(
        str(path),
        digest,
        ISSUES if result.issue_count else CLEAN,
        result.rows_read,
        result.rows_scored,
        result.rows_rejected,
        result.issue_count,
        outputs,
        {key: round(value, 4) for key, value in timings.items()},
        settings=_settings(equity),
    )
    return report


def _settings(equity: EquityOptions) -> dict[str, object]:
    """What besides the input decides the outputs: a rerun with other settings redoes a file."""
    return {"version": version("showdown"), "equity": equity.enabled}


def _outputs_exist(outputs: object) -> bool:
    return isinstance(outputs, dict) and all(Path(str(p)).exists() for p in outputs.values())


def _skipped(previous: dict[str, object]) -> FileReport:
    known = {key: previous[key] for key in FileReport.__dataclass_fields__ if key in previous}
    report = FileReport(**known)  # type: ignore[arg-type]
    report.skipped = True
    return report


def check(inputs: Sequence[Path]) -> tuple[list[FileResult], list[str]]:
    """Read and validate only: every file's result, and inputs that could not be found."""
    files, missing = find_inputs(inputs)
    results = []
    for path in files:
        try:
            results.append(score_source(read_source(path)))
        except Exception as error:  # a bug on one file: say so, check the others
            detail = "".join(traceback.format_exception_only(error)).strip()
            missing.append(f"{path}: could not be checked: {detail}")
    return results, missing


def issue_lines(result: FileResult) -> Iterable[str]:
    """Each issue of a file as one line: ``file, sheet 'S', row 7, column 'cards': message``."""
    for row in issues_frame(result).iter_rows(named=True):
        where = [str(row["file"])]
        if row["sheet"]:
            where.append(f"sheet {row['sheet']!r}")
        if row["row"] is not None:
            where.append(f"row {row['row']}")
        if row["column"]:
            where.append(f"column {row['column']!r}")
        value = f" (value {row['value']!r})" if row["value"] else ""
        yield f"{', '.join(where)}: {row['message']}{value}"
