"""Hand histories: reading speed against pokerkit, and an acceptance run over public corpora.

Run from the repository root: ``.venv/bin/python -m bench.hand_histories``.

(a) Speed. The PokerStars corpus is read whole by both paths of ``read_pokerstars``: the compiled
scanner and the text engine alone (the reference, what runs without a C compiler), which must give
the same rows and issues; their hands/s are medians of 5 runs taken turn about, with the load
average printed before and after. Then the corpus is concatenated (repeated if need be) to about
30,000 hands in one file; we time the job's own path from that file to Parquet without equity (read
by content, score, audit, check, write: :func:`to_parquet`), stage by stage, in wall and CPU
seconds, and pokerkit's own ``HandHistory.from_pokerstars`` (parsing only) on a leading subsample
of the same hands, in the same run. For PHH we time :func:`read_phh` over every corpus file against
pokerkit's ``HandHistory.loads`` and against bare :func:`tomllib.loads`. Figures are medians of 3.

(b) Acceptance.  Every file under ``../shared/corpora/pokerstars`` and ``../shared/corpora/phh``
is sniffed from its content, read, and its pots audited; the script prints files, hands read,
showdowns, pots audited, disagreements and a sample of disagreements with their hand ids, the
files where the compiled path and the engine differ, and hands and showdowns per variant
(Hold'em, Omaha, Omaha Hi/Lo...).

The corpora are third-party data: they are read in place, never copied into the project, and
the script says so and skips a part when its folder is absent.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import statistics
import sys
import tempfile
import time
import tomllib
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np
import polars as pl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import median_seconds
from pipeline.core.evaluation import evaluator
from pipeline.games.base import NO_OPTIONS
from pipeline.games.poker.pots.pot_audit import PotAuditCounts, audit_pots_with_counts
from pipeline.games.poker.variants import variant_game
from pipeline.job.task.outputs import scored_frames
from pipeline.job.task.scoring import score_source
from pipeline.records import HandLog
from pipeline.sinks.parquet import write_parquet
from pipeline.sources import read_source
from pipeline.sources.hand_histories import read_phh, sniff_phh
from pipeline.sources.pokerstars import (
    read_pokerstars,
    read_pokerstars_reference,
    sniff_pokerstars,
    split_hands,
)
from pipeline.sources.pokerstars.scanner import SCAN

ROOT = Path(__file__).resolve().parent.parent
# ../shared/corpora beside the checkout (or beside the folder of its worktrees).
CORPORA = next(
    (
        folder / "shared" / "corpora"
        for folder in (ROOT.parent, ROOT.parent.parent)
        if (folder / "shared" / "corpora").is_dir()
    ),
    ROOT.parent / "shared" / "corpora",
)
TARGET_HANDS = 30_000
POKERKIT_HANDS = 1_000
REPEATS = 3
READER_REPEATS = 5


def median_cpu_seconds(function: Callable[[], object]) -> float:
    """Median CPU seconds (all threads of the process) of :data:`REPEATS` calls."""
    times = []
    for _ in range(REPEATS):
        start = time.process_time()
        function()
        times.append(time.process_time() - start)
    return statistics.median(times)


def read_text(path: Path) -> str:
    text = path.read_bytes().decode("utf-8", errors="replace")
    return text.lstrip("\ufeff").replace("\r\n", "\n")


def to_parquet(path: Path, out: Path) -> tuple[int, list[float], list[float]]:
    """The job's own path, file to Parquet without equity: read the source (sniffed by content),
    score and audit every hand, check the rows against the Parquet model, write the file.
    Returns the hands and, per stage, wall and CPU seconds."""
    clocks = [(time.perf_counter(), time.process_time())]
    source = read_source(path)
    clocks.append((time.perf_counter(), time.process_time()))
    result = score_source(source, NO_OPTIONS, path.name)
    clocks.append((time.perf_counter(), time.process_time()))
    frames = scored_frames(result)
    clocks.append((time.perf_counter(), time.process_time()))
    write_parquet(frames, out / path.name)
    clocks.append((time.perf_counter(), time.process_time()))
    hands = source.sheets[0].frame["line"].n_unique()
    wall = [b[0] - a[0] for a, b in itertools.pairwise(clocks)]
    cpu = [b[1] - a[1] for a, b in itertools.pairwise(clocks)]
    return hands, wall, cpu


def load() -> str:
    """The machine's load averages, as ``uptime`` prints them."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} ({os.cpu_count()} CPUs)"


def reader_rates(data: bytes, hands: int) -> dict[str, tuple[float, float]]:
    """Hands/s (wall, CPU) of the two paths of read_pokerstars from the corpus's bytes, medians
    of :data:`READER_REPEATS` runs taken turn about (a burst of load hits both alike)."""
    paths = {"compiled scanner": True, "text engine (no C compiler)": False}
    if SCAN is None:
        del paths["compiled scanner"]
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in paths}
    for _ in range(READER_REPEATS):
        for name, compiled in paths.items():
            wall, cpu = time.perf_counter(), time.process_time()
            read_pokerstars(data, "corpus", compiled=compiled)
            times[name].append((time.perf_counter() - wall, time.process_time() - cpu))
    return {
        name: (
            hands / statistics.median(w for w, _ in runs),
            hands / statistics.median(c for _, c in runs),
        )
        for name, runs in times.items()
    }


def pokerstars_speed(folder: Path) -> None:
    texts = [read_text(path) for path in sorted(folder.rglob("*.txt")) if path.name != "SOURCE.txt"]
    texts = [text for text in texts if sniff_pokerstars(text[:4096])]
    corpus = "\n\n".join(texts)
    data = corpus.encode()
    # The fast path must give the engine's rows and issues on every hand of the corpus.
    reference = read_pokerstars_reference(corpus, "corpus")
    hands_once = reference.rows["line"].n_unique()
    if SCAN is None:
        print("PokerStars: the compiled scanner is not built (no C compiler at install?)")
    else:
        log = read_pokerstars(data, "corpus")
        same = log.rows.equals(reference.rows) and log.issues.equals(reference.issues)
        print(
            f"PokerStars: compiled scanner and text engine give the same rows and issues on all "
            f"{hands_once:,} hands of the corpus: {'yes' if same else 'NO'}"
        )
    print(f"  {load()} before timing")
    rates = reader_rates(data, hands_once)
    print(
        f"  read_pokerstars from bytes, hands/s (median of {READER_REPEATS}, wall / CPU): "
        + "; ".join(f"{name} {w:,.0f} / {c:,.0f}" for name, (w, c) in rates.items())
    )
    if len(rates) == 2:
        (fast, _), (slow, _) = rates.values()
        print(f"  the engine takes {fast / slow:.1f}x the compiled path's time; {load()}")
    copies = max(1, round(TARGET_HANDS / max(hands_once, 1)))
    big = "\n\n".join([corpus] * copies)
    evaluator.evaluate(np.arange(7, dtype=np.uint8).reshape(1, 7))  # tables built off the clock
    with tempfile.TemporaryDirectory() as folder_name:
        work = Path(folder_name)
        path = work / "tournament.txt"
        path.write_text(big, encoding="utf-8")
        runs = [to_parquet(path, work) for _ in range(REPEATS + 1)][1:]  # the first warms up
    hands = runs[0][0]
    stages = ("read", "score + audit", "Parquet rows", "write")
    wall = [statistics.median(run[1][k] for run in runs) for k in range(4)]
    cpu = [statistics.median(run[2][k] for run in runs) for k in range(4)]
    total_wall = statistics.median(sum(run[1]) for run in runs)
    total_cpu = statistics.median(sum(run[2]) for run in runs)
    print(f"PokerStars: {hands:,} hands ({big.count(chr(10)) + 1:,} lines), file to Parquet:")
    for name, w, c in zip(stages, wall, cpu, strict=True):
        print(f"  {name:14s} {w:7.3f} s wall {c:7.3f} s CPU")
    print(
        f"  total          {total_wall:7.3f} s wall {total_cpu:7.3f} s CPU: "
        f"{hands / total_wall:,.0f} hands/s wall, {hands / total_cpu:,.0f} hands/s CPU"
    )
    ours = total_wall
    try:
        from pokerkit.notation import HandHistory
    except ImportError:
        print("  pokerkit not installed: no comparison")
        return
    sample = [text for _, text in split_hands(big)[:POKERKIT_HANDS]]

    def pokerkit_read() -> tuple[int, int]:
        parsed = failed = 0
        # pokerkit prints a traceback for each hand it cannot repair: keep it off the report.
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            for text in sample:
                try:
                    parsed += sum(1 for _ in HandHistory.from_pokerstars(text, error_status=True))
                except (ValueError, KeyError, IndexError, TypeError, AssertionError):
                    failed += 1
        return parsed, failed

    with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("always")
        for text in sample[:200]:
            with contextlib.suppress(ValueError, KeyError, IndexError, TypeError, AssertionError):
                sum(1 for _ in HandHistory.from_pokerstars(text, error_status=True))
    parsed, failed = pokerkit_read()
    timings = []
    for _ in range(REPEATS):
        wall_start, cpu_start = time.perf_counter(), time.process_time()
        pokerkit_read()
        timings.append((time.perf_counter() - wall_start, time.process_time() - cpu_start))
    theirs = statistics.median(w for w, _ in timings)
    theirs_cpu = statistics.median(c for _, c in timings)
    rate, rate_cpu = len(sample) / theirs, len(sample) / theirs_cpu
    print(
        f"  pokerkit from_pokerstars {theirs:6.3f} s wall {theirs_cpu:6.3f} s CPU: {rate:,.0f} "
        f"hands/s wall, {rate_cpu:,.0f} CPU, on the first {len(sample):,} hands, one call per "
        f"hand, parsing only ({parsed:,} parsed, {failed:,} raised, {len(caught):,} warnings on "
        f"the first 200)"
    )
    print(
        f"  ours (file to Parquet) / pokerkit (parse only) = {hands / ours / rate:.0f}x wall, "
        f"{hands / total_cpu / rate_cpu:.0f}x CPU"
    )


def phh_speed(folder: Path) -> None:
    paths = sorted(p for p in folder.rglob("*") if p.suffix in (".phh", ".phhs"))
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in paths]
    ours = median_seconds(lambda: [read_phh(text, name) for name, text in texts], REPEATS)
    toml_only = median_seconds(lambda: [tomllib.loads(text) for _, text in texts], REPEATS)
    print(f"PHH: {len(texts):,} files")
    print(f"  ours (tomllib + actions + frame) {ours:6.3f} s  {len(texts) / ours:8,.0f} hands/s")
    print(f"  tomllib.loads alone              {toml_only:6.3f} s  {len(texts) / toml_only:8,.0f}")
    try:
        from pokerkit.notation import HandHistory
    except ImportError:
        return
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _, text in texts:
            HandHistory.loads(text)

    def pokerkit_read() -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for _, text in texts:
                HandHistory.loads(text)

    theirs = median_seconds(pokerkit_read, REPEATS)
    print(
        f"  pokerkit HandHistory.loads       {theirs:6.3f} s  {len(texts) / theirs:8,.0f} hands/s"
        f" ({len(caught):,} warnings; it gives actions, not put_in / won: replaying them"
        " through its state machine would cost more)"
    )


def acceptance(folder: Path, kind: str) -> None:
    paths = sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "SOURCE.txt")
    logs: list[HandLog] = []
    read = differ = 0
    for path in paths:
        text = read_text(path)
        head = text[:4096]
        name = str(path.relative_to(folder))
        if kind == "pokerstars" and sniff_pokerstars(head):
            logs.append(read_pokerstars(text, name))
            # Both readers on every file: the fast path and the reference agree, file by file.
            lines = read_pokerstars_reference(text, name)
            differ += not (
                logs[-1].rows.equals(lines.rows) and logs[-1].issues.equals(lines.issues)
            )
        elif kind == "phh" and sniff_phh(head):
            logs.append(read_phh(text, name))
        else:
            continue
        read += 1
    if not logs:
        print(f"{kind}: no readable files")
        return
    log = HandLog(pl.concat([x.rows for x in logs]), pl.concat([x.issues for x in logs]))
    issues, counts = audit_pots_with_counts(log)
    print_counts(kind, len(paths), read, log, counts)
    if kind == "pokerstars":
        print(f"  files where the compiled path and the engine differ: {differ:,}")
    print_variants(logs)
    for message in issues["message"].head(10):
        print(f"    {message}")
    print_games(log)


def print_games(log: HandLog) -> None:
    """The audit again per game other than Hold'em (Omaha, Omaha Hi/Lo, short deck): hands,
    showdowns, pots audited and disagreements of each, each under its own rules."""
    games = log.rows.select(variant_game(pl.col("variant")))["game"]
    for game in sorted(set(games.to_list()) - {"Hold'em"}):
        rows = log.rows.filter(games == game)
        issues, c = audit_pots_with_counts(HandLog(rows, log.issues.head(0)))
        print(
            f"  {game}: hands {c.hands:,}, showdowns {c.showdowns:,}, pots audited "
            f"{c.pots_audited:,} of {c.pots:,} (in {c.hands_audited:,} hands), disagreements "
            f"{c.disagreements:,}; names checked {c.names_checked:,}, of another category "
            f"{c.name_disagreements:,}"
        )
        for message in issues["message"].head(5):
            print(f"    {message}")


def print_variants(logs: list[HandLog]) -> None:
    """Hands and showdowns (two or more players not folded at the end) per variant, over all
    files (a hand is its file's run of rows with one hand id and start line)."""
    hands = pl.concat(
        log.rows.group_by("hand_id", "line", "variant")
        .agg(((~pl.col("folded")).sum() >= 2).alias("showdown"))
        .select("variant", "showdown")
        for log in logs
    )
    per_variant = (
        hands.group_by("variant")
        .agg(pl.len().alias("hands"), pl.col("showdown").sum().alias("showdowns"))
        .sort("hands", descending=True)
    )
    print(
        "  per variant (hands, showdowns): "
        + "; ".join(f"{v} {h:,}, {s:,}" for v, h, s in per_variant.rows())
    )


def print_counts(kind: str, files: int, read: int, log: HandLog, c: PotAuditCounts) -> None:
    codes = log.issues.group_by("code").len().sort("code").rows()
    print(
        f"{kind}: files {files:,} (read {read:,}), hands read {c.hands:,}, showdowns "
        f"{c.showdowns:,}, contested pots {c.pots:,}, pots audited {c.pots_audited:,} "
        f"(in {c.hands_audited:,} hands), disagreements {c.disagreements:,}; hand names "
        f"checked {c.names_checked:,}, names of another category {c.name_disagreements:,}"
    )
    print(f"  reader issues: {', '.join(f'{code} {n:,}' for code, n in codes) or 'none'}")


def main() -> None:
    stars, phh = CORPORA / "pokerstars", CORPORA / "phh"
    if "--acceptance" in sys.argv[1:]:  # the corpus checks alone, without the timings
        for folder, kind in ((stars, "pokerstars"), (phh, "phh")):
            if folder.is_dir():
                acceptance(folder, kind)
        return
    if stars.is_dir():
        pokerstars_speed(stars)
    else:
        print(f"skipped: {stars} is absent (third-party corpus, not part of the project)")
    if phh.is_dir():
        phh_speed(phh)
    else:
        print(f"skipped: {phh} is absent (third-party corpus, not part of the project)")
    for folder, kind in ((stars, "pokerstars"), (phh, "phh")):
        if folder.is_dir():
            acceptance(folder, kind)


if __name__ == "__main__":
    main()
