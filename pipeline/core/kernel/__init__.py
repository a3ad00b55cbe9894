"""Which loops run: our compiled ones (``_kernel.c``) when built, else numpy.

``_kernel.c`` holds the evaluator's loop (:mod:`pipeline.core.evaluation.evaluator`), the check of
hole and board cards dealt together (:func:`pipeline.core.evaluation.hand_checks.check_deals`) and
the Omaha-style loop of :func:`pipeline.core.evaluation.combination.evaluate_combination`; each has
a numpy path that is its reference.  The C is our own source, compiled by ``pip install -e .``
(``setup.py``); it adds no third-party dependency.  Without a C compiler the install still succeeds
and every caller gets the numpy path, which gives the same strengths and the same errors (the tests
compare the two on every 5-card hand and on millions of 6- and 7-card hands).
``SHOWDOWN_KERNEL=numpy`` in the environment picks the numpy path even when the loop is built.

>>> KERNEL_NAME in ("C", "numpy")
True
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Final

__all__ = ["KERNEL", "KERNEL_NAME", "compiled_kernel"]

ENVIRONMENT_VARIABLE: Final = "SHOWDOWN_KERNEL"


def compiled_kernel() -> ModuleType | None:
    """The compiled module ``pipeline.core.kernel._kernel``, or ``None`` when it was not built.

    >>> module = compiled_kernel()
    >>> module is None or callable(module.evaluate)
    True
    """
    try:
        return importlib.import_module("pipeline.core.kernel._kernel")
    except ImportError:
        return None


def _chosen() -> ModuleType | None:
    # Only "numpy" means anything: a debugging switch, never worth failing an import over.
    choice = os.environ.get(ENVIRONMENT_VARIABLE, "").strip().lower()
    return None if choice == "numpy" else compiled_kernel()


KERNEL: Final = _chosen()
"""The compiled module the evaluator calls, or ``None`` for the numpy path."""

KERNEL_NAME: Final = "numpy" if KERNEL is None else "C"
"""``"C"`` or ``"numpy"``: printed by ``pipeline --version`` and the benchmarks."""
