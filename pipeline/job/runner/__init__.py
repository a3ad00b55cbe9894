"""The runner: where a run's tasks execute and how they are kept whole and bounded.

* :mod:`~pipeline.job.runner.driver`: the run (:func:`run`): plan, one task per input on any
  executor, the manifest written as tasks finish.
* :mod:`~pipeline.job.runner.executors`: here, one after another, or on Dask distributed.
* :mod:`~pipeline.job.runner.limits`: how big things may grow before the job writes or reads
  them differently.
* :mod:`~pipeline.job.runner.interrupt`: SIGTERM, SIGINT and SIGHUP stop a run cleanly.
* :mod:`~pipeline.job.runner.isolation`: an input's bytes read once, and a big workbook worked on
  in a capped subprocess (``python -m pipeline.job.runner.isolation``).
"""
