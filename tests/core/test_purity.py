"""The core is numpy and the standard library only: every module in ``pipeline/core`` is checked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import pipeline

CORE = Path(pipeline.__file__).parent / "core"
CORE_MODULES = sorted(
    "pipeline."
    + ".".join(path.relative_to(CORE.parent).with_suffix("").parts).removesuffix(".__init__")
    for path in CORE.rglob("*.py")
)
HEAVY = ("polars", "pandera", "openpyxl", "pyarrow", "fastexcel", "typer", "rich")


def test_every_core_module_is_listed() -> None:
    assert {
        "pipeline.core.cards",
        "pipeline.core.evaluation.evaluator",
        "pipeline.core.probability.equity",
    } <= set(CORE_MODULES)


def test_core_imports_nothing_but_numpy_and_the_standard_library() -> None:
    # One fresh interpreter for all modules: the check is what importing them pulls in.
    code = (
        "import importlib, sys\n"
        f"for name in {CORE_MODULES!r}: importlib.import_module(name)\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]", result.stdout


@pytest.mark.parametrize("name", pipeline.__all__)
def test_public_api_is_importable_from_the_top(name: str) -> None:
    assert getattr(pipeline, name) is getattr(
        __import__(pipeline._EXPORTS[name], fromlist=[name]), name
    )


def test_unknown_public_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = pipeline.nope
