"""A package's public names, imported when first used (PEP 562), so that importing the package
costs nothing until a name is asked for.

Used by :mod:`pipeline` (the public API) and :mod:`pipeline.job` (the CLI's entry point into the
job), whose modules pull in polars: ``pipeline equity`` and the job's capped subprocess start
without them.

>>> namespace = {"__name__": "shelf"}
>>> getattr_, dir_ = lazy_exports(namespace, {"sqrt": "math"})
>>> getattr_("sqrt")(9.0), "sqrt" in namespace, dir_()
(3.0, True, ['__name__', 'sqrt'])
>>> getattr_("cube")
Traceback (most recent call last):
...
AttributeError: module 'shelf' has no attribute 'cube'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_exports(
    namespace: dict[str, Any], exports: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A module's ``__getattr__`` and ``__dir__`` for ``exports`` (name -> the module defining
    it): a name is imported on first use and then kept in ``namespace`` (the module's
    ``globals()``), so the second use is an ordinary attribute."""
    package = namespace["__name__"]

    def getattr_(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            msg = f"module {package!r} has no attribute {name!r}"
            raise AttributeError(msg)
        value = getattr(import_module(module), name)
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted({*namespace, *exports})

    return getattr_, dir_
