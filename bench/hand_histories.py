"""Hand histories: reading speed against pokerkit, and an acceptance run over public corpora.

Run from the repository root: ``.venv/bin/python bench/hand_histories.py``.

(a) Speed.  The PokerStars corpus in ``../shared/corpora/pokerstars`` is concatenated (repeated
if need be) to about 30,000 hands; we time :func:`read_pokerstars` plus scoring every row whose
hole and board are known with :func:`pipeline.core.evaluator.evaluate`, and pokerkit's own
``HandHistory.from_pokerstars`` on a leading subsample of the same hands.  For PHH we time
:func:`read_phh` over every corpus file against pokerkit's ``HandHistory.loads`` and against
bare :func:`tomllib.loads`.  Figures are medians of 3.

(b) Acceptance.  Every file under ``../shared/corpora/pokerstars`` and ``../shared/corpora/phh``
is sniffed from its content, read, and its pots audited; the script prints files, hands read,
showdowns, pots audited, disagreements and a sample of disagreements with their hand ids.

The corpora are third-party data: they are read in place, never copied into the project, and
the script says so and skips a part when its folder is absent.
"""

from __future__ import annotations

import contextlib
import io
import statistics
import sys
import time
import tomllib
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np
import polars as pl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipeline.core import evaluator
from pipeline.core.cards import INVALID_CARD, try_parse_cards
from pipeline.games.holdem.pot_audit import PotAuditCounts, audit_pots_with_counts
from pipeline.sources.hand_log import HandLog
from pipeline.sources.phh import read_phh, sniff_phh
from pipeline.sources.pokerstars import read_pokerstars, sniff_pokerstars, split_hands

CORPORA = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"
TARGET_HANDS = 30_000
POKERKIT_HANDS = 300
REPEATS = 3


def median_seconds(function: Callable[[], object], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def read_text(path: Path) -> str:
    text = path.read_bytes().decode("utf-8", errors="replace")
    return text.lstrip("\ufeff").replace("\r\n", "\n")


def score_rows(rows: pl.DataFrame) -> int:
    """Score every row whose hole (2 cards) and board (5 cards) are known; return how many."""
    cards = rows.select(cards=pl.concat_str("hole", pl.lit(" "), "board").str.split(" "))
    known = cards.filter(pl.col("cards").list.len() == 7)
    if known.height == 0:
        return 0
    tokens = known.select(pl.col("cards").list.to_array(7)).to_series()
    ids, _ = try_parse_cards(tokens.to_numpy())
    ids = ids.reshape(known.height, 7)
    good = ids[~(ids == INVALID_CARD).any(axis=1)]
    good = good[np.array([len(set(row)) == 7 for row in good.tolist()], dtype=bool)]
    evaluator.evaluate(good, check=False)
    return int(good.shape[0])


def pokerstars_speed(folder: Path) -> None:
    texts = [read_text(path) for path in sorted(folder.rglob("*.txt")) if path.name != "SOURCE.txt"]
    texts = [text for text in texts if sniff_pokerstars(text[:4096])]
    corpus = "\n\n".join(texts)
    hands_once = read_pokerstars(corpus, "corpus").rows["hand_id"].n_unique()
    copies = max(1, round(TARGET_HANDS / max(hands_once, 1)))
    big = "\n\n".join([corpus] * copies)
    log = read_pokerstars(big, "corpus")
    hands = log.rows.select("line").n_unique()
    ours = median_seconds(lambda: score_rows(read_pokerstars(big, "corpus").rows))
    read_only = median_seconds(lambda: read_pokerstars(big, "corpus"))
    print(f"PokerStars: {hands:,} hands ({big.count(chr(10)) + 1:,} lines)")
    print(f"  ours, read + evaluate   {ours:7.3f} s  {hands / ours:10,.0f} hands/s")
    print(f"  ours, read only         {read_only:7.3f} s  {hands / read_only:10,.0f} hands/s")
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
    theirs = median_seconds(pokerkit_read)
    rate = len(sample) / theirs
    print(
        f"  pokerkit from_pokerstars {theirs:6.3f} s  {rate:10,.0f} hands/s on the first "
        f"{len(sample):,} hands, one call per hand ({parsed:,} parsed, {failed:,} raised, "
        f"{len(caught):,} warnings on the first 200); ours / pokerkit = {hands / ours / rate:.0f}x"
    )


def phh_speed(folder: Path) -> None:
    paths = sorted(p for p in folder.rglob("*") if p.suffix in (".phh", ".phhs"))
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in paths]
    ours = median_seconds(lambda: [read_phh(text, name) for name, text in texts])
    toml_only = median_seconds(lambda: [tomllib.loads(text) for _, text in texts])
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

    theirs = median_seconds(pokerkit_read)
    print(
        f"  pokerkit HandHistory.loads       {theirs:6.3f} s  {len(texts) / theirs:8,.0f} hands/s"
        f" ({len(caught):,} warnings; it gives actions, not put_in / won: replaying them"
        " through its state machine would cost more)"
    )


def acceptance(folder: Path, kind: str) -> None:
    paths = sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "SOURCE.txt")
    logs: list[HandLog] = []
    read = 0
    for path in paths:
        text = read_text(path)
        head = text[:4096]
        if kind == "pokerstars" and sniff_pokerstars(head):
            logs.append(read_pokerstars(text, str(path.relative_to(folder))))
        elif kind == "phh" and sniff_phh(head):
            logs.append(read_phh(text, str(path.relative_to(folder))))
        else:
            continue
        read += 1
    if not logs:
        print(f"{kind}: no readable files")
        return
    log = HandLog(pl.concat([x.rows for x in logs]), pl.concat([x.issues for x in logs]))
    issues, counts = audit_pots_with_counts(log)
    print_counts(kind, len(paths), read, log, counts)
    for message in issues["message"].head(10):
        print(f"    {message}")


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
