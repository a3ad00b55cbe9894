"""Where a run's tasks execute: here, one after another (the default), or on Dask distributed
(``--workers N`` starts a :class:`distributed.LocalCluster`; ``--scheduler tcp://HOST:PORT``
uses a running cluster).  The runner takes any :class:`concurrent.futures.Executor`; this module
only makes Dask's.  Dask is an optional extra: ``pip install 'showdown[dask]'``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any, TypeVar

from pipeline.job.runner.interrupt import signals_deferred

_Chunk = TypeVar("_Chunk")
_Result = TypeVar("_Result")


WORKER_MMAP_THRESHOLD = 32 << 20

SCHEDULER_TIMEOUT_ENV = "SHOWDOWN_SCHEDULER_TIMEOUT"
DEFAULT_SCHEDULER_TIMEOUT = 10.0
"""Seconds to wait for ``--scheduler`` to answer: long enough for a cluster across a network."""


class ExecutorError(RuntimeError):
    """The executor asked for cannot be had (Dask missing, a scheduler out of reach)."""


def scheduler_timeout() -> float:
    """How long to wait for a running scheduler: ``SHOWDOWN_SCHEDULER_TIMEOUT`` seconds, else 10.

    >>> scheduler_timeout()
    10.0
    """
    text = os.environ.get(SCHEDULER_TIMEOUT_ENV, "").strip()
    if not text:
        return DEFAULT_SCHEDULER_TIMEOUT
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < float("inf"):
        msg = f"{SCHEDULER_TIMEOUT_ENV} must be a number of seconds above 0, got {text!r}"
        raise ExecutorError(msg)
    return seconds


@contextlib.contextmanager
def executor_for(
    workers: int | None, scheduler: str | None, timeout: float | None = None
) -> Iterator[Executor | None]:
    """``None`` (run here) unless workers or a scheduler are asked for; then Dask's executor,
    closed with its cluster when the run ends.  ``timeout``: seconds to wait for ``scheduler``
    (default :func:`scheduler_timeout`)."""
    if workers is None and scheduler is None:
        yield None
        return
    if scheduler is not None and timeout is None:
        timeout = scheduler_timeout()
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
    # The workers of a cluster started here keep their files (Dask's own, and the temporary
    # files of our tasks: see _in_worker_folder) in one folder removed when the cluster is
    # closed, so a worker killed mid-write leaves nothing behind.
    scratch = Path(tempfile.mkdtemp(prefix="showdown-dask-"))
    config = {
        "distributed.worker.daemon": False,
        "distributed.scheduler.worker-saturation": 1.0,
        "distributed.nanny.pre-spawn-environ.MALLOC_MMAP_THRESHOLD_": WORKER_MMAP_THRESHOLD,
        "temporary-directory": str(scratch),
    }
    with dask.config.set(config):
        client: Any = None
        cluster: Any = None
        try:
            # A stop signal while the cluster starts is raised once it can be closed.
            with signals_deferred():
                try:
                    if scheduler is not None:
                        client = Client(scheduler, timeout=f"{timeout}s")
                    else:
                        # no dashboard, and its HTTP server on any free port: never a clash on
                        # 8787 with another cluster on the machine
                        cluster = LocalCluster(
                            n_workers=workers,
                            threads_per_worker=1,
                            dashboard_address=":0",
                            scheduler_kwargs={"dashboard": False},
                            local_directory=str(scratch),
                        )
                        client = Client(cluster)
                except OSError as error:
                    msg = f"cannot reach the Dask scheduler {scheduler!r}: {error}"
                    raise ExecutorError(msg) from None
            yield DaskExecutor(client, owns_workers=cluster is not None)
        finally:
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()
            shutil.rmtree(scratch, ignore_errors=True)


class DaskExecutor(Executor):
    """Dask's executor for one run, which can stop the run's work in flight.

    ``shutdown(cancel_futures=True)`` cancels every task not finished and, on a cluster the
    run started (``--workers``), kills its worker processes at once: a task running on one
    ends with it, and so does any child it started (the capped subprocess dies with its
    parent).  The nannies start fresh workers, closed with the cluster.  A cluster of your own
    (``--scheduler``) is not the run's to kill: its running tasks finish on their workers.
    """

    def __init__(self, client: Any, *, owns_workers: bool) -> None:
        self.client = client
        self.owns_workers = owns_workers
        self._executor = client.get_executor()

    def submit(self, fn: Callable[..., _Result], /, *args: Any, **kwargs: Any) -> Future[_Result]:
        future: Future[_Result] = self._executor.submit(_in_worker_folder, fn, *args, **kwargs)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if not cancel_futures:
            self._executor.shutdown(wait=wait)
            return
        self._executor.shutdown(wait=False)  # cancels what has not finished
        if self.owns_workers:
            with contextlib.suppress(Exception):  # a worker that is gone already
                workers = self.client.run(os.getpid, on_error="return")
                for pid in workers.values():
                    if isinstance(pid, int):
                        with contextlib.suppress(ProcessLookupError):
                            os.kill(pid, signal.SIGKILL)


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


def _in_worker_folder(fn: Callable[..., _Result], /, *args: Any, **kwargs: Any) -> _Result:
    """``fn(*args, **kwargs)`` with the task's temporary files (openpyxl's) in its worker's own
    folder, never ``$TMPDIR``: the folder goes with the worker, so a worker killed mid-write
    leaves none behind.  (Dask's ``pre-spawn-environ`` cannot move ``TMPDIR``: a value already
    in the environment wins.)"""
    from distributed import get_worker

    with contextlib.suppress(ValueError):  # not on a worker: as it was
        tempfile.tempdir = get_worker().local_directory
    return fn(*args, **kwargs)
