"""Load our C extensions from another build folder before anything imports them.

``make fuzz`` builds them with the sanitizers into ``build/sanitized`` and sets
``SHOWDOWN_EXTENSIONS`` to that folder; importing this module then puts those builds in
``sys.modules`` in place of the optimised in-place ones (see :mod:`bench.fuzz_extensions`).
Without the variable it does nothing.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

EXTENSIONS = (
    "pipeline.core.kernel._kernel",
    "pipeline.sources.pokerstars.scanner._pokerstars_scan",
)


def use_extensions_from(folder: Path) -> None:
    """Load our extensions as built in ``folder`` (``setup.py build_ext --build-lib folder``)
    in place of the in-place builds, before anything imports them."""
    for name in EXTENSIONS:
        package, _, module = name.rpartition(".")
        built = sorted(folder.joinpath(*package.split(".")).glob(f"{module}.*.so"))
        if not built:
            sys.exit(f"{name} is not built in {folder}: did the sanitized build fail?")
        spec = importlib.util.spec_from_file_location(name, built[0])
        assert spec is not None and spec.loader is not None
        loaded = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(loaded)
        sys.modules[name] = loaded
        print(f"{name}: {built[0]}")


if os.environ.get("SHOWDOWN_EXTENSIONS"):
    use_extensions_from(Path(os.environ["SHOWDOWN_EXTENSIONS"]))
