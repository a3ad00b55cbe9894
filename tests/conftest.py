"""Settings shared by every test.

Hypothesis' per-example deadline is a timing assertion, and speed is measured in ``bench/``,
never in unit tests: the first example of a property pays for building or loading the
evaluator's tables (355 ms seen on a loaded 2-core machine), which failed CI at random.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("showdown", deadline=None)
settings.load_profile("showdown")
