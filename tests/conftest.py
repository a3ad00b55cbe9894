"""Settings shared by every test.

Hypothesis' per-example deadline is a timing assertion, and speed is measured in ``bench/``,
never in unit tests: the first example of a property pays for building or loading the
evaluator's tables (355 ms seen on a loaded 2-core machine), which failed CI at random.
"""

from __future__ import annotations

import pytest
from hypothesis import settings

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
