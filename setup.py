"""Our own compiled code, built at install (``pip install -e .``); everything else is in pyproject.

Each extension is optional: without a C compiler the install still succeeds and the package
uses its numpy path instead (``pipeline.core.kernel`` says which one runs).  No third-party
compiled dependency is added; the C sources live next to the Python they speed up.
"""

from setuptools import Extension, setup

EXTENSIONS = [
    Extension(
        "pipeline.core._kernel",
        sources=["pipeline/core/_kernel.c"],
        extra_compile_args=["-O3"],
        optional=True,
    ),
]

setup(ext_modules=EXTENSIONS)
