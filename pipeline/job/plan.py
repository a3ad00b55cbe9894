"""What a run will do: which files, under which output names, and which are unchanged.

Output names keep each input's folder relative to the run's root (the common folder of the
inputs), so ``a/night.csv`` and ``b/night.csv`` never write the same files, and a file's outputs
keep their name whatever else the run holds.

>>> from pathlib import Path
>>> output_base(Path("nights/a/night.csv"), Path("nights"))
PosixPath('a/night.csv')
>>> output_base(Path("nights/club.xlsx"), Path("nights"))
PosixPath('club')
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from pipeline.games.base import EquityOptions
from pipeline.sinks.atomic import file_digest
from pipeline.sources import SUPPORTED_SUFFIXES

CLEAN, ISSUES, FAILED = "clean", "issues", "failed"


@dataclass(frozen=True)
class PlannedInput:
    """One input: where it is, what it is called in outputs and messages, where its outputs go."""

    path: Path
    name: str  # relative to the run's root, as ``source_file`` and the manifest show it
    base: Path  # output folder / relative path, without the output suffixes


def find_inputs(paths: Sequence[Path]) -> tuple[list[Path], list[str]]:
    """Input files under the given paths (folders are searched, sorted); missing paths reported."""
    found: list[Path] = []
    missing: list[str] = []
    for path in paths:
        if path.is_dir():
            found.extend(
                candidate
                for candidate in sorted(path.rglob("*"))
                if candidate.is_file()
                and candidate.suffix.lower() in SUPPORTED_SUFFIXES
                and not candidate.name.startswith((".", "~$"))
            )
        elif path.is_file():
            found.append(path)
        else:
            missing.append(f"no such file or folder: {str(path)!r}")
    unique = list(dict.fromkeys(found))
    return unique, missing


def run_root(paths: Sequence[Path]) -> Path:
    """The common folder of the inputs given (a file counts as its folder)."""
    folders = [str((path if path.is_dir() else path.parent).resolve()) for path in paths]
    return Path(os.path.commonpath(folders)) if folders else Path.cwd()


def output_base(path: Path, root: Path) -> Path:
    """The input's path under ``root``, without ``.xlsx`` (a workbook's outputs are its own
    name) but with any other suffix (``night.csv`` -> ``night.csv.xlsx``, apart from
    ``night.xlsx``)."""
    relative = Path(os.path.relpath(path.resolve(), root.resolve()))
    return relative.with_suffix("") if relative.suffix.lower() == ".xlsx" else relative


def plan_inputs(paths: Sequence[Path], output: Path) -> tuple[list[PlannedInput], list[str]]:
    """Every input with its output base; paths that do not exist are reported."""
    files, missing = find_inputs(paths)
    root = run_root(paths)
    planned = [
        PlannedInput(path, str(Path(os.path.relpath(path.resolve(), root))), output / base)
        for path in files
        for base in [output_base(path, root)]
    ]
    return planned, missing


def settings_of(equity: EquityOptions) -> dict[str, object]:
    """What besides the input decides the outputs: a rerun with other settings redoes a file."""
    return {
        "version": version("showdown"),
        "equity": equity.enabled,
        "equity_budget": equity.budget_seconds,
        "equity_samples": equity.samples,
        "equity_seed": equity.seed,
    }


def is_unchanged(previous: dict[str, object] | None, digest: str, settings: object) -> bool:
    """Whether the last run scored this content with these settings and its outputs are there."""
    return (
        previous is not None
        and previous.get("sha256") == digest
        and previous.get("settings") == settings
        and previous.get("status") in (CLEAN, ISSUES)
        and _outputs_intact(previous.get("outputs"), previous.get("output_sha256"))
    )


def _outputs_intact(outputs: object, digests: object) -> bool:
    """Every output the last run wrote is there with the content it wrote."""
    if (
        not isinstance(outputs, dict)
        or not isinstance(digests, dict)
        or outputs.keys() != digests.keys()
    ):
        return False
    try:
        return all(file_digest(Path(str(outputs[key]))) == digests[key] for key in outputs)
    except OSError:
        return False
