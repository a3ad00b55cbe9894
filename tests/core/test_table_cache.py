"""The on-disk table cache: stale or damaged files are rebuilt, concurrent builders both win."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pipeline.core.evaluation import hand_tables, table_cache


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(where))
    return where


def _counting_build(calls: list[int]) -> table_cache.Arrays:
    calls.append(1)
    return {"table": np.arange(1000, dtype=np.uint32), "other": np.array(["a", "bc"])}


def test_built_once_then_read(folder: Path) -> None:
    calls: list[int] = []
    first = table_cache.load_or_build("t", "k1", lambda: _counting_build(calls))
    second = table_cache.load_or_build("t", "k1", lambda: _counting_build(calls))
    assert len(calls) == 1
    assert (first["table"] == second["table"]).all()
    assert second["other"].tolist() == ["a", "bc"]
    assert not second["table"].flags.writeable
    assert [path.name for path in folder.iterdir()] == ["t-k1.npz"]


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data: data[: len(data) // 2], id="truncated"),
        pytest.param(lambda data: b"", id="empty"),
        pytest.param(lambda data: b"not a zip at all" * 10, id="garbage"),
        pytest.param(
            lambda data: data[:200] + bytes(b ^ 0xFF for b in data[200:400]) + data[400:],
            id="flipped-bytes",
        ),
    ],
)
def test_damaged_file_is_rebuilt(folder: Path, damage: object) -> None:
    calls: list[int] = []
    table_cache.load_or_build("t", "k1", lambda: _counting_build(calls))
    path = folder / "t-k1.npz"
    path.write_bytes(damage(path.read_bytes()))  # type: ignore[operator]
    again = table_cache.load_or_build("t", "k1", lambda: _counting_build(calls))
    assert len(calls) == 2
    assert again["table"].tolist() == list(range(1000))
    # ... and the rewritten file is sound again.
    table_cache.load_or_build("t", "k1", lambda: _counting_build(calls))
    assert len(calls) == 2


def test_stale_key_is_not_read(folder: Path) -> None:
    table_cache.load_or_build("t", "old", lambda: {"table": np.zeros(3, dtype=np.uint8)})
    fresh = table_cache.load_or_build("t", "new", lambda: {"table": np.ones(3, dtype=np.uint8)})
    assert fresh["table"].tolist() == [1, 1, 1]


def test_source_key_follows_the_source(tmp_path: Path) -> None:
    source = tmp_path / "builder.py"
    source.write_text("A = 1\n")
    before = table_cache.source_key([source])
    source.write_text("A = 2\n")
    assert table_cache.source_key([source]) != before


def test_unreadable_source_builds_without_the_cache(folder: Path, tmp_path: Path) -> None:
    key = table_cache.source_key([tmp_path / "missing.py"])
    assert key is None
    calls: list[int] = []
    for _ in range(2):
        table_cache.load_or_build("t", key, lambda: _counting_build(calls))
    assert len(calls) == 2
    assert not folder.exists()


def test_unwritable_folder_builds_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(blocker / "cache"))  # cannot be created
    calls: list[int] = []
    arrays = table_cache.load_or_build("t", "k1", lambda: _counting_build(calls))
    assert arrays["table"].tolist() == list(range(1000))
    assert len(calls) == 1


def test_xdg_cache_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SHOWDOWN_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert table_cache.cache_folder() == tmp_path / "showdown"


# --- real processes against the real tables ---------------------------------------------------

DIGEST = """
import hashlib
import numpy as np
from pipeline.core.probability import equity
from pipeline.core.evaluation import hand_tables
digest = hashlib.sha256()
digest.update(hand_tables.rank_strengths(7).tobytes())
tables = hand_tables.ranking_tables()
for array in (tables.card_key, tables.flush_strength, tables.category, tables.ranks):
    digest.update(np.ascontiguousarray(array).tobytes())
digest.update("|".join(tables.descriptions).encode())
for code in equity._completion_codes(45, 2):
    digest.update(code.tobytes())
print(digest.hexdigest())
"""


def _expected_digest() -> str:
    digest = hashlib.sha256()
    digest.update(hand_tables._build_rank_table(7).tobytes())
    built = hand_tables._build_tables()
    for name in ("card_key", "flush_strength", "category", "ranks"):
        digest.update(np.ascontiguousarray(built[name]).tobytes())
    digest.update("|".join(built["descriptions"].tolist()).encode())
    from pipeline.core.probability import equity

    for code in equity._build_completion_codes(45, 2).values():
        digest.update(code.tobytes())
    return digest.hexdigest()


def _environment(folder: Path) -> dict[str, str]:
    root = str(Path(__file__).resolve().parent.parent)
    path = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
    return {**os.environ, "SHOWDOWN_CACHE_DIR": str(folder), "PYTHONPATH": path}


def _run_together(folder: Path, count: int) -> list[str]:
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", DIGEST],
            env=_environment(folder),
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(count)
    ]
    outputs = [process.communicate(timeout=300)[0].strip() for process in processes]
    assert [process.returncode for process in processes] == [0] * count
    return outputs


def test_processes_building_at_once_get_correct_tables(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    expected = _expected_digest()
    assert _run_together(folder, 3) == [expected] * 3
    names = sorted(path.name for path in folder.iterdir())
    assert not [name for name in names if name.endswith(".tmp")]  # no temporary left behind
    assert any(name.startswith("rank-table-7-") for name in names)
    # A later process reads what they wrote, and a damaged table is rebuilt, not trusted.
    assert _run_together(folder, 1) == [expected]
    for path in folder.iterdir():
        path.write_bytes(path.read_bytes()[:-100])
    assert _run_together(folder, 2) == [expected] * 2
