"""Issue 15: one large input's street equities are spread by round over a real 2-worker Dask
LocalCluster (the one ``--workers 2`` starts); its outputs are byte for byte a serial run's."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from pipeline.games.base import EquityOptions, ScoringOptions
from pipeline.games.generate import write_generated
from pipeline.games.poker.equity.street_equity import EQUITY_COLUMNS
from pipeline.job.runner.driver import run
from pipeline.job.runner.executors import DaskExecutor, map_on_workers

distributed = pytest.importorskip("distributed")


@pytest.mark.xdist_group("dask")
def test_a_large_files_equities_spread_over_workers_match_a_serial_run(
    tmp_path: Path, dask_executor: DaskExecutor
) -> None:
    night = tmp_path / "in" / "night.csv"
    night.parent.mkdir()
    write_generated(night, layout="players", rounds=8, players=4, seed=21)
    # Chunks of about 0.05 s of forecast work: a few rounds each, so this small night splits.
    options = ScoringOptions(EquityOptions(map_rounds=map_on_workers, spread_seconds=0.05))
    serial = run([night], tmp_path / "serial", scoring=options)  # not on a worker: here
    with distributed.get_task_stream(client=dask_executor.client) as stream:
        spread = run([night], tmp_path / "dask", scoring=options, executor=dask_executor)
    assert [file.status for file in serial.files + spread.files] == ["clean", "clean"]
    chunks = [task for task in stream.data if str(task["key"]).startswith("equity_of_jobs")]
    assert len(chunks) > 1, [task["key"] for task in stream.data]
    one = (tmp_path / "serial" / "night.csv.poker.parquet").read_bytes()
    other = (tmp_path / "dask" / "night.csv.poker.parquet").read_bytes()
    assert one == other
    figures = pl.read_parquet(tmp_path / "dask" / "night.csv.poker.parquet")
    assert all(figures.select(pl.col(EQUITY_COLUMNS).is_not_null().sum()).row(0))
