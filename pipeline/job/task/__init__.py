"""The task: one input read, scored and written (read -> recognise -> validate -> score ->
write), a pure picklable function that returns the input's manifest entry.

* :mod:`~pipeline.job.task.input_task`: the task itself (:func:`run_task`): read once, skipped
  when unchanged, scored and written.
* :mod:`~pipeline.job.task.scoring`: every sheet of what was read, scored into frames.
* :mod:`~pipeline.job.task.results`: what scoring made of a file, and the accounting that proves
  no row was lost.
* :mod:`~pipeline.job.task.long_text`: text too long for an Excel cell, each an issue.
* :mod:`~pipeline.job.task.outputs`: the results handed to the sinks (Parquet, workbook).
* :mod:`~pipeline.job.task.check`: ``pipeline check``, the same reading and scoring, nothing
  written.
"""
