"""``manifest.json``: one entry per input (hash, counts, outputs, status, settings, timings)."""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.sinks.atomic import atomic_write

MANIFEST = "manifest.json"


def load_manifest(output: Path) -> dict[str, dict[str, object]]:
    """The previous run's manifest entries by input path; empty when there is none or it broke."""
    try:
        data = json.loads((output / MANIFEST).read_text(encoding="utf-8"))
        files = data.get("files", {})
        return files if isinstance(files, dict) else {}
    except (OSError, ValueError):
        return {}


def write_manifest(output: Path, entries: dict[str, dict[str, object]]) -> None:
    """Write ``manifest.json`` atomically."""
    text = json.dumps({"files": entries}, indent=2, sort_keys=True) + "\n"
    atomic_write(output / MANIFEST, lambda path: path.write_text(text, encoding="utf-8"))
