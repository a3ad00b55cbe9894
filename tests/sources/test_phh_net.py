"""``net`` checked against pokerkit's replay (issue 33): our reader and scorer, through
``pipeline run`` into the Parquet, against :class:`pokerkit.notation.HandHistory` replaying
each hand's actions to its finishing stacks.

Our reader takes ``won`` from the file's ``winnings`` or ``finishing_stacks`` but works out
``put_in`` itself from the actions, so ``net = won - put_in`` equals the file's
``finishing_stacks - starting_stacks`` only if our reading of the actions (blinds, antes,
raises to, uncalled bets returned) is right.  The reference is pokerkit's own replay of the
actions (its last state's ``stacks``), independent of both; the file's ``finishing_stacks`` is
checked against the same replay so that a disagreement in the data is told apart from ours.

The public corpus (``../shared/corpora/phh``, read in place) is sampled: at most
:data:`MAX_FILES` files carrying ``finishing_stacks``, evenly spread over the sorted list;
skipped where the folder is absent.  The repository's own PHH samples are checked always.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from tests.helpers import run_cli
from tests.sources.test_corpora import PHH, corpus

pokerkit = pytest.importorskip("pokerkit")

MAX_FILES = 200
SAMPLES = Path(__file__).resolve().parents[1] / "data" / "hand_histories"
TOLERANCE = 1e-6


@dataclass
class Tally:
    files: int = 0
    hands: int = 0
    players: int = 0
    disagreements: list[tuple[str, str, str, float, float]] = field(default_factory=list)
    """(hand, player, ``ours`` or ``file``, our net, pokerkit's): ``file`` where our net is the
    file's ``finishing_stacks - starting_stacks`` and pokerkit's replay differs from both."""
    not_replayed: list[tuple[str, str]] = field(default_factory=list)


def _tables(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """``(hand_id as our reader names it, table)`` per hand of the file."""
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    if "variant" in document or "actions" in document:
        name = str(document.get("hand", ""))
        return [(f"{path.name}#{name}" if name else path.name, document)]
    return [
        (f"{path.name}#{name}", table)
        for name, table in document.items()
        if isinstance(table, dict)
    ]


def _replays(path: Path) -> list[Any]:
    """pokerkit's hand histories of the file, in the file's order."""
    with path.open("rb") as file:
        if path.suffix == ".phhs":
            return list(pokerkit.HandHistory.load_all(file))
        return [pokerkit.HandHistory.load(file)]


def check_net(files: list[Path], work: Path) -> Tally:
    """Run ``pipeline run`` over links to ``files`` and compare every player's ``net``."""
    inputs = work / "in"
    inputs.mkdir()
    for number, path in enumerate(files):
        (inputs / f"{number:05d}-{path.name}").symlink_to(path.resolve())
    result = run_cli("run", str(inputs), "-o", str(work / "out"))
    assert result.returncode in (0, 1), result.stderr
    tally = Tally()
    for number, path in enumerate(files):
        name = f"{number:05d}-{path.name}"
        parquet = work / "out" / f"{name}.poker.parquet"
        if not parquet.is_file():
            continue
        scored = pl.read_parquet(parquet).filter(pl.col("issue_code").is_null())
        tally.files += 1
        linked = inputs / name
        for (hand_id, table), history in zip(_tables(linked), _replays(linked), strict=True):
            ours = scored.filter(pl.col("round") == hand_id)
            if ours.is_empty() or "finishing_stacks" not in table:
                continue
            try:
                final = list(history)[-1]
            except (ValueError, KeyError) as exc:  # pokerkit cannot replay it
                tally.not_replayed.append((hand_id, f"{type(exc).__name__}: {exc}"))
                continue
            starting = [float(x) for x in table["starting_stacks"]]
            replayed = [float(s) - b for s, b in zip(final.stacks, starting, strict=True)]
            written = [
                float(f) - b for f, b in zip(table["finishing_stacks"], starting, strict=True)
            ]
            tally.hands += 1
            players = table.get("players") or [f"p{i + 1}" for i in range(len(starting))]
            by_player = dict(zip(ours["player"].to_list(), ours["net"].to_list(), strict=True))
            for player, expected, in_file in zip(players, replayed, written, strict=True):
                tally.players += 1
                net = by_player.get(str(player))
                mine = float("nan") if net is None else net
                if not abs(mine - expected) <= TOLERANCE:
                    # ours alone, or the file's figure against pokerkit's (then ours is the file's)
                    what = "file" if abs(mine - in_file) <= TOLERANCE else "ours"
                    tally.disagreements.append((hand_id, str(player), what, mine, expected))
    return tally


def _sample(files: list[Path]) -> list[Path]:
    carrying = [path for path in files if "finishing_stacks" in path.read_text(encoding="utf-8")]
    step = max(1, len(carrying) // MAX_FILES)
    return carrying[::step][:MAX_FILES]


def test_net_of_our_phh_samples_is_pokerkits_replay(tmp_path: Path) -> None:
    files = _sample(sorted([*SAMPLES.glob("*.phh"), *SAMPLES.glob("*.phhs")]))
    tally = check_net(files, tmp_path)
    assert tally.hands >= 8, tally
    assert tally.disagreements == [], tally.disagreements


@pytest.mark.slow  # a minute over the whole PHH corpus: .ci/run's make slow runs it
def test_net_of_the_phh_corpus_is_pokerkits_replay(tmp_path: Path) -> None:
    files = _sample(corpus(PHH, "*.phh", "*.phhs"))
    tally = check_net(files, tmp_path)
    print(  # the counts the issue asks for, with -s
        f"{tally.files} files, {tally.hands} hands, {tally.players} players, "
        f"{len(tally.disagreements)} disagreements, {len(tally.not_replayed)} not replayed"
    )
    assert tally.hands > 0
    # Where the file and pokerkit differ, ours follows the file (see the module doc); measured
    # on the 200 files sampled (1,677 in the corpus): 200 hands, 1,202 players, 4 players in 2
    # hands where pokerkit differs from the file: an odd chip (a 325 pot split 162.5 each in
    # the file, 163 and 162 in pokerkit's whole chips) and a big blind ante of 500,000 that
    # pokerkit's replay of ``ante_trimming_status = true`` leaves out of the pot.
    ours = [row for row in tally.disagreements if row[2] == "ours"]
    assert ours == [], ours[:20]
    assert len(tally.disagreements) <= tally.players // 100, tally.disagreements[:20]
