"""Settings shared by every test.

Hypothesis' per-example deadline is a timing assertion, and speed is measured in ``bench/``,
never in unit tests: the first example of a property pays for building or loading the
evaluator's tables (355 ms seen on a loaded 2-core machine), which failed CI at random.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from pipeline.job.runner.executors import DaskExecutor

settings.register_profile("showdown", deadline=None)
settings.load_profile("showdown")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` (over a minute) run only when asked for: ``pytest -m slow``."""
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def _suite_cluster() -> Iterator[DaskExecutor]:
    """The suite's one Dask cluster: started the way ``--workers 2`` starts one (the job's own
    settings: workers that may have children, one task a thread, the mmap threshold, one scratch
    folder), once per test process instead of once per test. Tests on it carry the
    ``xdist_group("dask")`` mark, so ``make test`` (``--dist loadgroup``) runs them all in one
    process and starts it once. Allowed failures is 1 (Dask's default is 3): a task whose
    worker dies is tried twice, which the worker-death tests count on."""
    pytest.importorskip("distributed")
    import dask

    from pipeline.job.runner.executors import DaskExecutor, executor_for

    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 1}),
        executor_for(2, None) as executor,
    ):
        assert isinstance(executor, DaskExecutor)
        yield executor


@pytest.fixture
def dask_executor(_suite_cluster: DaskExecutor) -> DaskExecutor:
    """The suite's 2-worker cluster, both workers up (a test before may have killed one: its
    nanny starts a new one)."""
    _suite_cluster.client.wait_for_workers(2, timeout=120)
    return _suite_cluster


@pytest.fixture
def dask_scheduler(dask_executor: DaskExecutor) -> str:
    """The address of the suite's cluster, for ``pipeline run --scheduler``."""
    address: str = dask_executor.client.scheduler.address
    return address
