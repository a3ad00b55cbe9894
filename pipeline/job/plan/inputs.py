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

import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

from pipeline.core.atomic_file import NAME_MAX, shortened
from pipeline.games.base import ScoringOptions
from pipeline.sinks.atomic import OUTPUT_MARK, file_digest, is_showdown_output
from pipeline.sinks.manifest import LOCK
from pipeline.sources import SUPPORTED_SUFFIXES, is_hand_history_file
from pipeline.sources.xlsx import memory_cap

CLEAN, ISSUES, FAILED = "clean", "issues", "failed"
GONE = "gone"
"""An input removed or renamed after the run found it: not scored, no manifest entry, exit 1."""


@dataclass(frozen=True)
class PlannedInput:
    """One input: where it is, what it is called in outputs and messages, where its outputs go."""

    path: Path
    name: str  # relative to the run's root, as ``source_file`` and the manifest show it
    base: Path  # output folder / relative path, without the output suffixes


@dataclass
class FoundInputs:
    """What a search of the inputs found, and everything it did not read, said out loud.

    ``missing`` stops the run's clean exit (2): a path given that is not there. ``issues`` are
    inputs that may hold a night and were not read (a folder that cannot be opened, a broken
    link, a path that yields nothing): exit 1. ``notes`` are said once and change no exit code
    (files of other kinds, a symlink loop, the output folder inside an input folder).
    """

    files: list[Path] = field(default_factory=list)
    ours: list[Path] = field(default_factory=list)  # our own outputs found among the inputs
    missing: list[str] = field(default_factory=list)
    issues: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


MAX_SKIPPED_NOTES = 20
"""Files of other kinds named one by one; past this many, a count."""


def find_inputs(paths: Sequence[Path], output: Path | None = None) -> FoundInputs:
    """Input files under the given paths (folders searched, sorted; each file once, however many
    links lead to it), the output folder left out, and every path not read reported."""
    found = FoundInputs()
    skipped: list[Path] = []
    output_real = output.resolve() if output is not None else None
    for path in paths:
        try:
            _find_under(path, output_real, found, skipped)
        except OSError as error:  # a path inside a folder we may not enter
            found.missing.append(f"cannot read {str(path)!r}: {error.strerror or error}")
    found.files = _once_each(found.files, found.notes)
    found.ours = [path for path in found.files if is_showdown_output(path)]
    found.files = [path for path in found.files if path not in set(found.ours)]
    for path in found.ours[:MAX_SKIPPED_NOTES]:
        found.notes.append(
            f"skipped {str(path)!r}: a Showdown output (it carries our {OUTPUT_MARK} "
            "property), not an input"
        )
    if len(found.ours) > MAX_SKIPPED_NOTES:
        found.notes.append(f"skipped {len(found.ours) - MAX_SKIPPED_NOTES:,} more Showdown outputs")
    for path in skipped[:MAX_SKIPPED_NOTES]:
        found.notes.append(
            f"skipped {str(path)!r}: not a kind of input the job reads "
            f"({', '.join(SUPPORTED_SUFFIXES)})"
        )
    if len(skipped) > MAX_SKIPPED_NOTES:
        found.notes.append(
            f"skipped {len(skipped) - MAX_SKIPPED_NOTES:,} more files of other kinds"
        )
    found.notes = list(dict.fromkeys(found.notes))
    return found


def _find_under(
    path: Path, output_real: Path | None, found: FoundInputs, skipped: list[Path]
) -> None:
    """One input path given: a folder searched, a file taken, or what is wrong with it."""
    if path.is_dir():
        if output_real is not None and path.resolve() == output_real:
            return  # refused before the run starts: see output_clash
        before = len(found.files)
        if _holds_outputs(path):
            found.notes.append(_earlier_outputs(path))
        else:
            _search_folder(path, output_real, found, skipped)
        if len(found.files) == before:
            found.issues.append(
                f"no inputs found in {str(path)!r} (looked for "
                f"{', '.join(SUPPORTED_SUFFIXES)}): nothing was scored from it"
            )
    elif path.is_file():
        found.files.append(path)
    elif path.is_symlink():
        found.issues.append(_broken_link(path))
    else:
        found.missing.append(f"no such file or folder: {str(path)!r}")


def output_clash(paths: Sequence[Path], output: Path) -> str | None:
    """Why the run must not start when the output folder is one of the input folders: its
    outputs would be read back as inputs on the next run."""
    for path in paths:
        if _is_folder(path) and path.resolve() == output.resolve():
            return (
                f"output folder {str(output)!r} is the input folder {str(path)!r}: its outputs "
                "would be read back as inputs on the next run; write them elsewhere with -o"
            )
    return None


def _search_folder(
    top: Path, output_real: Path | None, found: FoundInputs, skipped: list[Path]
) -> None:
    """Every input under ``top``, following links to folders once each (a loop is a note)."""
    # each folder with its real path, made from its parent's: resolving each folder's whole
    # path again made 1,100 nested folders cost 600,000 lstat calls (a minute)
    searched = {top.resolve()}
    pending = [(top, top.resolve())]
    files: list[Path] = []
    while pending:
        folder, folder_real = pending.pop()
        try:
            with os.scandir(folder) as scan:
                # real folders before links to them: a file keeps the name of its real
                # path, night after night, whatever link is added beside it
                entries = sorted(scan, key=lambda entry: (entry.is_symlink(), entry.name))
        except OSError as error:
            found.issues.append(
                f"cannot read folder {str(folder)!r}: {error.strerror or error}; "
                "the files in it were not scored"
            )
            continue
        for entry in entries:
            if entry.name.startswith((".", "~$")):
                continue  # hidden files and Excel's lock files are not exports
            try:
                place = (top, folder_real)
                _visit(entry, place, output_real, searched, found, pending, files, skipped)
            except OSError as error:  # a link or folder we may not look at
                found.issues.append(
                    f"cannot read {entry.path!r}: {error.strerror or error}; nothing was "
                    "read from it"
                )
    found.files.extend(sorted(files))


def _visit(
    entry: os.DirEntry[str],
    place: tuple[Path, Path],
    output_real: Path | None,
    searched: set[Path],
    found: FoundInputs,
    pending: list[tuple[Path, Path]],
    files: list[Path],
    skipped: list[Path],
) -> None:
    """One entry of a folder (``place``: the top folder searched, and the real path of the
    entry's folder): an input, a folder to search, or something to report."""
    top, folder_real = place
    path = Path(entry.path)
    if entry.is_symlink() and not path.exists():
        found.issues.append(_broken_link(path))
    elif entry.is_dir():
        real = path.resolve() if entry.is_symlink() else folder_real / entry.name
        if output_real is not None and real == output_real:
            found.notes.append(
                f"output folder {str(path)!r} is inside the input folder "
                f"{str(top)!r}: its files are not read as inputs"
            )
        elif _holds_outputs(path):
            found.notes.append(_earlier_outputs(path))
        elif real in searched:
            loop = folder_real.is_relative_to(real)
            found.notes.append(
                f"not following {str(path)!r}: it leads to {str(real)!r}, already "
                + ("searched (a symlink loop)" if loop else "searched by another path")
            )
        else:
            searched.add(real)
            pending.append((path, real))
    elif entry.is_file() and (
        path.suffix.lower() in SUPPORTED_SUFFIXES or is_hand_history_file(path)
    ):
        if _is_players_file(path):
            found.notes.append(
                f"{str(path)!r} is the desk's players file (alias,player): read by "
                "`pipeline season --players`, not scored"
            )
        else:
            files.append(path)
    else:
        skipped.append(path)


def _is_players_file(path: Path) -> bool:
    """A CSV whose header is ``alias,player``: the stats desk's aliases, kept beside the
    nights it names (``input/players.csv``), never a night of rounds."""
    if path.suffix.lower() != ".csv":
        return False
    try:
        with open(path, "rb") as handle:
            first = handle.readline(4096)
    except OSError:
        return False
    header = first.decode("utf-8-sig", errors="replace").strip().replace(" ", "").lower()
    return header == "alias,player"


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # inside a folder we may not enter: reported by find_inputs
        return False


def _holds_outputs(folder: Path) -> bool:
    try:
        return (folder / LOCK).is_file()
    except OSError:  # a folder we may not enter: reported when it is searched
        return False


def _earlier_outputs(folder: Path) -> str:
    """Another run's output folder (its lock file says so): scoring our own workbooks again would
    put every night in a season twice."""
    return (
        f"folder {str(folder)!r} holds a Showdown run's outputs ({LOCK}): its files are not "
        "read as inputs"
    )


def _broken_link(path: Path) -> str:
    try:
        target = os.readlink(path)
    except OSError:
        target = "?"
    return (
        f"broken link {str(path)!r}: it points to {target!r}, which does not exist "
        "(or loops back on itself); nothing was read from it"
    )


def _once_each(files: Sequence[Path], notes: list[str]) -> list[Path]:
    """Each file once, however many paths lead to it: a link beside its target would score one
    night twice (and a season would count it twice)."""
    first: dict[tuple[int, int], Path] = {}
    for path in sorted(files, key=lambda path: path.is_symlink()):  # real files first
        try:
            stat = path.stat()
        except OSError:
            first.setdefault((-1, len(first)), path)  # reported when it is read
            continue
        key = (stat.st_dev, stat.st_ino)
        if key in first:
            if first[key] != path:
                notes.append(f"{str(path)!r} is the same file as {str(first[key])!r}: read once")
            else:
                notes.append(
                    f"{str(path)!r} is among the inputs more than once (named twice, or in a "
                    "folder also given): read once"
                )
            continue
        first[key] = path
    kept = set(first.values())
    return [path for path in dict.fromkeys(files) if path in kept]


def run_root(paths: Sequence[Path]) -> Path:
    """The common folder of the inputs given (a file counts as its folder)."""
    folders = [os.path.abspath(path if _is_folder(path) else path.parent) for path in paths]
    return Path(os.path.commonpath(folders)) if folders else Path.cwd()


def output_base(path: Path, root: Path) -> Path:
    """The input's path under ``root``, without ``.xlsx`` (a workbook's outputs are its own
    name) but with any other suffix (``night.csv`` -> ``night.csv.xlsx``, apart from
    ``night.xlsx``).

    The path is taken as found, not resolved: a file reached through a link keeps the link's
    place under ``root``, so its outputs never land outside the output folder.
    """
    relative = Path(os.path.relpath(os.path.abspath(path), os.path.abspath(root)))
    return relative.with_suffix("") if relative.suffix.lower() == ".xlsx" else relative


OUTPUT_SUFFIX_ROOM = 32
"""Bytes kept free after a base's name for the longest output suffix (``.poker.parquet``)."""


def fitting(base: Path) -> Path:
    """``base`` with its last part shortened (a prefix, ``~`` and a hash) when an output's name
    would not fit ``NAME_MAX``; the temporary file's name is shortened by the writer.

    >>> fitting(Path("a/night.csv"))
    PosixPath('a/night.csv')
    >>> len(os.fsencode(fitting(Path("n" * 250)).name)) <= NAME_MAX - OUTPUT_SUFFIX_ROOM
    True
    """
    return base.with_name(shortened(base.name, NAME_MAX - OUTPUT_SUFFIX_ROOM))


def _merged(base: Path) -> str:
    """What two bases must not share: outputs ``BASE.xlsx``, ``BASE.<game>.parquet`` are the
    same files when the bases are equal, or equal but for case on a file system that ignores
    it (macOS, Windows shares)."""
    return str(base).casefold()


def distinct_bases(bases: dict[str, Path]) -> tuple[dict[str, Path], list[str]]:
    """Output bases by input name, none two writing the same files, and a note per clash.

    Inputs whose bases merge (``a.csv`` and ``a.csv.xlsx`` both ``a.csv``; ``n.xls`` and
    ``n.xls.xlsx``; ``X.xlsx`` and ``x.xlsx``) each keep their whole name, ``.xlsx`` included;
    those that still merge (differing only in case) get ``~`` and a hash of their name too.
    Both inputs of a clash are renamed, never only the second found: a name does not depend on
    which file the run met first.

    >>> bases, notes = distinct_bases({"a.csv": Path("a.csv"), "a.csv.xlsx": Path("a.csv")})
    >>> sorted(map(str, bases.values()))
    ['a.csv', 'a.csv.xlsx']
    """
    chosen = dict(bases)
    notes: list[str] = []
    for attempt in range(3):
        groups: dict[str, list[str]] = {}
        for name, base in chosen.items():
            groups.setdefault(_merged(base), []).append(name)
        clashes = [sorted(names) for names in groups.values() if len(names) > 1]
        if not clashes:
            break
        for names in clashes:
            before = chosen[names[0]]
            for name in names:
                whole = chosen[name].with_name(Path(name).name)
                if attempt:
                    digest = hashlib.sha256(os.fsencode(name)).hexdigest()[:8]
                    whole = chosen[name].with_name(f"{chosen[name].name}~{digest}")
                chosen[name] = fitting(whole)
            listed = ", ".join(repr(name) for name in names)
            renamed = ", ".join(repr(f"{chosen[name].name}.xlsx") for name in names)
            notes.append(
                f"{listed} would write the same outputs ({before.name + '.xlsx'!r} and its "
                f"Parquet files): their outputs are named {renamed} and so on instead"
            )
    return chosen, notes


def plan_inputs(
    paths: Sequence[Path], output: Path | None
) -> tuple[list[PlannedInput], FoundInputs]:
    """Every input with its output base (under ``output``; ``None`` when nothing is written),
    and what the search reported (see :class:`FoundInputs`).  No two inputs' outputs share a
    name (:func:`distinct_bases`), and every output's name fits ``NAME_MAX``."""
    found = find_inputs(paths, output)
    root = run_root(paths)
    names = {path: os.path.relpath(os.path.abspath(path), root) for path in found.files}
    bases, clashes = distinct_bases(
        {names[path]: fitting(output_base(path, root)) for path in found.files}
    )
    found.notes.extend(clashes)
    planned = [
        PlannedInput(path, names[path], (output or Path()) / bases[names[path]])
        for path in found.files
    ]
    return planned, found


def settings_of(scoring: ScoringOptions) -> dict[str, object]:
    """What besides the input decides the outputs: a rerun with other settings redoes a file."""
    cap, origin = memory_cap()
    return {
        "version": version("showdown"),
        "equity": scoring.equity.enabled,
        "equity_budget": scoring.equity.budget_seconds,
        "equity_samples": scoring.equity.samples,
        "equity_seed": scoring.equity.seed,
        # the game of sheets that name none, and the rule sets games are played by
        "game": scoring.game,
        "rule_sets": dict(sorted(scoring.rule_sets.items())),
        # a file over the cap is reported, not scored: raising the cap must redo it
        "memory_cap_mb": cap >> 20,
        "memory_cap_from": origin,  # SHOWDOWN_MEMORY_CAP_MB, the default, or an inherited limit
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
