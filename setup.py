"""Our own C extensions, built at install (``pip install -e .`` builds them in place).

Each is optional: where no C compiler is found the install still succeeds, and the code that
uses an extension falls back to its pure-Python path.
"""

from setuptools import Extension, setup

EXTENSIONS = [
    # The one-pass PokerStars scanner; pipeline.sources.pokerstars falls back to the polars
    # columnar reader without it.
    Extension(
        "pipeline.sources._pokerstars_scan",
        ["pipeline/sources/_pokerstars_scan.c"],
        optional=True,
    ),
]

setup(ext_modules=EXTENSIONS)
