"""Imports run one way: console -> cli -> job -> sources / games / sinks -> records -> core (README,
Layout), and no two parts of the package import each other."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pipeline

PACKAGE = Path(pipeline.__file__).parent
# What each layer may import from the project, besides itself.
ALLOWED = {
    "core": set(),
    "records": {"core"},  # the hand log and the read problem: what sources fill and games read
    "sources": {"core", "records"},
    "sinks": {"core", "records"},
    "games": {"core", "schemas", "records"},
    "season": {"core", "sinks", "schemas", "records"},
    "job": {"core", "records", "sources", "games", "sinks", "schemas"},
    "cli": {
        "core",
        "records",
        "sources",
        "games",
        "sinks",
        "season",
        "job",
        "schemas",
        "fast_commands",
    },
}
# A format's folder in sources/ (pokerstars/, xlsx/, ...): other layers use it through its
# __init__.py only, so the files inside can be rearranged without touching them.
SOURCE_FOLDERS = {path.parent.name for path in (PACKAGE / "sources").glob("*/__init__.py")}
# The modules at the top of the package: the console script and what it shares with cli/.
ALLOWED_MODULES = {
    "fast_commands": {"core"},  # equity and --version without Typer or polars
    "console": {"fast_commands", "cli"},  # cli/ only for the command lines it hands on
    "__main__": {"console"},
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


def test_other_layers_use_a_source_folder_through_its_entry_point() -> None:
    assert {"delimited", "hand_histories", "pokerstars", "xlsx"} <= SOURCE_FOLDERS
    wrong = [
        f"{path.relative_to(PACKAGE.parent)} imports {module}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] != "sources"
        for module in _project_imports(path)
        if module.split(".")[1:3] in (["sources", folder] for folder in SOURCE_FOLDERS)
        and len(module.split(".")) > 3
    ]
    assert wrong == []


def test_other_layers_use_the_job_through_its_entry_point() -> None:
    """The CLI imports ``pipeline.job`` (its __init__), never a module inside plan/, task/,
    runner/ or streaming/, so the job's folders can be rearranged without touching it."""
    wrong = [
        f"{path.relative_to(PACKAGE.parent)} imports {module}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] != "job"
        for module in _project_imports(path)
        if module.startswith("pipeline.job.")
    ]
    assert wrong == []


@pytest.mark.parametrize("module", sorted(ALLOWED_MODULES))
def test_a_top_level_module_imports_only_what_it_may(module: str) -> None:
    path = PACKAGE / f"{module}.py"
    wrong = [
        f"{path.relative_to(PACKAGE.parent)} imports {imported}"
        for imported in _project_imports(path)
        if _layer(imported) not in {module} | ALLOWED_MODULES[module]
    ]
    assert wrong == []


def _part_graph() -> dict[str, set[str]]:
    """Which parts of the package (a sub-package, or a module at the top) import which, from
    every import in every file, those inside functions included."""
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        part = (
            relative.parts[0].removesuffix(".py")
            if len(relative.parts) > 1 or path.stem != "__init__"
            else ""
        )
        for module in _project_imports(path):
            other = _layer(module)
            if other != part and other != "schemas":
                graph.setdefault(part, set()).add(other)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle of imports, each once, as the parts in order (a depth-first search)."""
    found: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        for after in sorted(graph.get(node, ())):
            if after == path[0]:
                found.append([*path, after])
            elif after not in path and after > path[0]:  # each circle from its least part
                visit(after, [*path, after])

    for start in sorted(graph):
        visit(start, [start])
    return found


def test_the_cycle_finder_sees_a_circle() -> None:
    # cli -> console -> cli was one (issue 22): the finder must name such a circle.
    graph = {"cli": {"console", "job"}, "console": {"cli"}, "job": {"core"}}
    assert _cycles(graph) == [["cli", "console", "cli"]]


def test_no_two_parts_of_the_package_import_each_other() -> None:
    assert [" -> ".join(cycle) for cycle in _cycles(_part_graph())] == []


def _all_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    names |= {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    return {name for name in names if name}


def test_the_bench_stands_on_the_package_alone() -> None:
    """bench/ measures the package against the reference libraries: it imports the package,
    those libraries and itself, never the tests (the tests may use bench's builders and
    references, one way)."""
    bench = PACKAGE.parent / "bench"
    wrong = {
        f"{path.name}: {name}"
        for path in sorted(bench.glob("*.py"))
        for name in _all_imports(path)
        if name == "tests" or name.startswith("tests.")
    }
    assert not wrong, sorted(wrong)
