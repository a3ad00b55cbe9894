"""The nightly job: what other layers (the CLI) use of it, imported from here.

Four folders, one concept each:

* :mod:`pipeline.job.plan`: what a run will read, under which output names, and what it skips
  (unchanged inputs, hands another input scored first).
* :mod:`pipeline.job.task`: one input read, scored and written, a pure picklable function that
  returns its manifest entry; ``pipeline check`` is the same task writing nothing.
* :mod:`pipeline.job.runner`: where the tasks run (here or on Dask), under which limits, how a
  signal stops them, and the capped subprocess a big workbook is read in.
* :mod:`pipeline.job.streaming`: a CSV too large to read whole, scored in batches.

The names are imported when first used (:mod:`pipeline.core.lazy_exports`), so that
``import pipeline.job`` (which every module of the job imports first, a Dask worker and the capped
subprocess included) costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pipeline.core.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from pipeline.job.plan.inputs import GONE, find_inputs
    from pipeline.job.runner.driver import RunReport, run
    from pipeline.job.runner.executors import ExecutorError, executor_for, map_on_workers
    from pipeline.job.runner.interrupt import Interrupted, stop_on_signals
    from pipeline.job.runner.limits import Limits
    from pipeline.job.task.check import check, issue_lines
    from pipeline.job.task.input_task import FileReport

_EXPORTS = {
    "GONE": "pipeline.job.plan.inputs",
    "find_inputs": "pipeline.job.plan.inputs",
    "RunReport": "pipeline.job.runner.driver",
    "run": "pipeline.job.runner.driver",
    "ExecutorError": "pipeline.job.runner.executors",
    "executor_for": "pipeline.job.runner.executors",
    "map_on_workers": "pipeline.job.runner.executors",
    "Interrupted": "pipeline.job.runner.interrupt",
    "stop_on_signals": "pipeline.job.runner.interrupt",
    "Limits": "pipeline.job.runner.limits",
    "check": "pipeline.job.task.check",
    "issue_lines": "pipeline.job.task.check",
    "FileReport": "pipeline.job.task.input_task",
}

__all__ = [
    "GONE",
    "ExecutorError",
    "FileReport",
    "Interrupted",
    "Limits",
    "RunReport",
    "check",
    "executor_for",
    "find_inputs",
    "issue_lines",
    "map_on_workers",
    "run",
    "stop_on_signals",
]


__getattr__, __dir__ = lazy_exports(globals(), _EXPORTS)
