"""Our own C extensions, built at install (``pip install -e .`` builds them in place); everything
else is in pyproject.toml.

Each is optional: where no C compiler is found the install still succeeds, and the code that
uses an extension falls back to its pure-Python path (numpy for the evaluator, the text engine for
PokerStars hand histories).  No third-party compiled dependency is added; the C sources live next to
the Python they speed up, and the tests compare each with its fallback.
"""

from pathlib import Path

from setuptools import Extension, setup

EXTENSIONS = [
    # The evaluator's, the deal check's and Omaha's loops; pipeline.core.kernel picks the
    # numpy paths without it.
    Extension(
        "pipeline.core.kernel._kernel",
        sources=sorted(str(path) for path in Path("pipeline/core/kernel").glob("_kernel*.c")),
        depends=["pipeline/core/kernel/_kernel.h"],
        extra_compile_args=["-O3"],
        optional=True,
    ),
    # The one-pass PokerStars scanner; pipeline.sources.pokerstars falls back to the line
    # reader (the reference) without it.
    Extension(
        "pipeline.sources.pokerstars.scanner._pokerstars_scan",
        # One extension from the parts of the format (see _pokerstars_scan.h).
        sources=sorted(
            str(path)
            for path in Path("pipeline/sources/pokerstars/scanner").glob("_pokerstars_scan*.c")
        ),
        depends=["pipeline/sources/pokerstars/scanner/_pokerstars_scan.h"],
        optional=True,
    ),
]

setup(ext_modules=EXTENSIONS)
