"""The plan: what a run will read, under which output names, and what it skips.

* :mod:`~pipeline.job.plan.inputs`: the inputs found under the folders given, their output
  names, and which are unchanged since the manifest.
* :mod:`~pipeline.job.plan.hand_index`: which input scored each hand first, so a hand seen again
  in another input is a ``duplicate_hand`` issue there.
"""
