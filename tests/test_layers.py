"""Imports run one way: cli -> job -> sources / games / sinks -> core (README, Layout)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pipeline

PACKAGE = Path(pipeline.__file__).parent
# What each layer may import from the project, besides itself.
ALLOWED = {
    "core": set(),
    "sources": {"core"},
    "sinks": {"core"},
    "games": {"core", "schemas", "sources"},  # the pot audit reads the hand log's row type
    "season": {"core", "sinks", "schemas"},
    "job": {"core", "sources", "games", "sinks", "schemas"},
}


def _project_imports(path: Path) -> set[str]:
    """Modules a file imports at run time (imports for type checking only are no dependency)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            node.body = []
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return {name for name in names if name.split(".")[0] in ("pipeline", "schemas")}


def _layer(module: str) -> str:
    parts = module.split(".")
    return "schemas" if parts[0] == "schemas" else parts[1] if len(parts) > 1 else ""


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_a_layer_imports_only_the_layers_below_it(layer: str) -> None:
    wrong = [
        f"{path.relative_to(PACKAGE.parent)} imports {module}"
        for path in sorted((PACKAGE / layer).rglob("*.py"))
        for module in _project_imports(path)
        if _layer(module) not in {layer} | ALLOWED[layer]
    ]
    assert wrong == []
