"""Where a run's tasks execute: here, one after another (the default), or on Dask distributed
(``--workers N`` starts a :class:`distributed.LocalCluster`; ``--scheduler tcp://HOST:PORT``
uses a running cluster).  The runner takes any :class:`concurrent.futures.Executor`; this module
only makes Dask's.  Dask is an optional extra: ``pip install 'showdown[dask]'``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import TypeVar

_Chunk = TypeVar("_Chunk")
_Result = TypeVar("_Result")


WORKER_MMAP_THRESHOLD = 32 << 20


class ExecutorError(RuntimeError):
    """The executor asked for cannot be had (Dask missing, a scheduler out of reach)."""


@contextlib.contextmanager
def executor_for(workers: int | None, scheduler: str | None) -> Iterator[Executor | None]:
    """``None`` (run here) unless workers or a scheduler are asked for; then Dask's executor,
    closed with its cluster when the run ends."""
    if workers is None and scheduler is None:
        yield None
        return
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        msg = "--workers and --scheduler need Dask: pip install 'showdown[dask]'"
        raise ExecutorError(msg) from None
    # A workbook is read in a memory-capped child process; Dask's workers are daemonic by
    # default, and a daemonic process may not have children.  One task per worker thread at a
    # time: a task is a whole input, nothing is gained by queueing another behind it, and a
    # worker that dies would count against every task queued on it (each has few retries).
    # Dask also starts its workers with MALLOC_TRIM_THRESHOLD_ set, which turns off glibc's
    # growing mmap threshold: every large numpy temporary of the equity work is then a fresh
    # mmap, paid in page faults (50 % more CPU per preflop call, measured).  A fixed 32 MiB mmap
    # threshold keeps them in the heap.
    config = {
        "distributed.worker.daemon": False,
        "distributed.scheduler.worker-saturation": 1.0,
        "distributed.nanny.pre-spawn-environ.MALLOC_MMAP_THRESHOLD_": WORKER_MMAP_THRESHOLD,
    }
    with dask.config.set(config):
        try:
            if scheduler is not None:
                client = Client(scheduler, timeout="10s")
                cluster = None
            else:
                # no dashboard, and its HTTP server on any free port: never a clash on 8787
                # with another cluster on the machine
                cluster = LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    dashboard_address=":0",
                    scheduler_kwargs={"dashboard": False},
                )
                client = Client(cluster)
        except OSError as error:
            msg = f"cannot reach the Dask scheduler {scheduler!r}: {error}"
            raise ExecutorError(msg) from None
        try:
            yield client.get_executor()
        finally:
            client.close()
            if cluster is not None:
                cluster.close()


def map_on_workers(
    function: Callable[[_Chunk], _Result], chunks: Sequence[_Chunk]
) -> list[_Result]:
    """``function`` over ``chunks``, each chunk a task on the Dask cluster this task runs on, the
    results in order; here, one after another, when not called on a Dask worker.

    The calling task steps out of its worker's thread while it waits (Dask's ``worker_client``),
    so a worker of one thread runs chunks too; chunks go before tasks still queued, so a file
    that was started finishes first.  This is :attr:`EquityOptions.map_rounds
    <pipeline.games.base.EquityOptions.map_rounds>` for runs on Dask.

    >>> map_on_workers(len, ["ab", "c"])  # not on a worker: computed here
    [2, 1]
    """
    try:
        from distributed import get_worker, worker_client

        get_worker()
    except (ImportError, ValueError):  # no Dask, or not inside a task on a worker
        return [function(chunk) for chunk in chunks]
    with worker_client() as client:
        futures = client.map(function, list(chunks), pure=False, priority=10)
        return list(client.gather(futures))
