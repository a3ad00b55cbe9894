"""How big a workbook's text comes out on paper: each sheet printed through LibreOffice, the
median word height of every page measured in the PDF.

Run: ``.venv/bin/python -m bench.print_legibility BOOK.xlsx [BOOK.xlsx ...] [--png DIR]``.
Works on any ``.xlsx`` (the nightly workbooks, the season report, a producer's own). Needs
LibreOffice (``soffice``) and poppler (``pdftotext``; ``pdftoppm`` for ``--png``).

Each sheet is printed on its own: a copy of the workbook whose other sheets are marked hidden
(only ``xl/workbook.xml`` is edited, so the sheet prints exactly as the file says) goes through
``soffice --convert-to pdf``, and ``pdftotext -bbox`` gives every word's box on every page. A
page's size is the median height of its words, in points, turned into the font size it reads as:
the median height divided by :data:`HEIGHT_PER_POINT` (11-pt text printed at 100 % measures
14.3 points high, ascent plus descent). Issue 24's floor is 6 pt on every page.

``--png DIR`` also writes each page as a PNG (70 dpi) to look at. ``--min PT`` sets the floor
(default 6): the script exits 1 when a page is under it, so it can gate a run.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

HEIGHT_PER_POINT = 1.3
"""A word's box height per point of font size: Calibri 11 pt (Carlito in LibreOffice) printed at
100 % measures 14.3 points in ``pdftotext -bbox`` (ascent plus descent)."""
FLOOR_POINTS = 6.0
"""Issue 24: every printed page's text at 6 pt or more."""

_SHEET = re.compile(rb"<(?:\w+:)?sheet\b[^>]*/>")
_PAGE = re.compile(r"<page\b[^>]*>(.*?)</page>", re.S)
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">')


@dataclass(frozen=True)
class PagePrint:
    """One printed page: its number within the sheet, its words and their median size."""

    page: int
    words: int
    points: float


@dataclass(frozen=True)
class SheetPrint:
    """One sheet's printed pages (none when the sheet prints nothing)."""

    book: str
    sheet: str
    pages: list[PagePrint]

    @property
    def smallest(self) -> float | None:
        """The smallest page's text size in points (``None`` for a sheet with no text)."""
        sizes = [page.points for page in self.pages if page.words]
        return min(sizes) if sizes else None


def sheet_titles(book: Path) -> list[str]:
    """The workbook's sheet titles, in order, from ``xl/workbook.xml``."""
    with zipfile.ZipFile(book) as archive:
        xml = archive.read("xl/workbook.xml")
    titles = []
    for tag in _SHEET.findall(xml):
        found = re.search(rb'\bname="([^"]*)"', tag)
        if found:
            titles.append(html.unescape(found.group(1).decode("utf-8")))
    return titles


def only_sheet(book: Path, index: int, target: Path) -> None:
    """A copy of ``book`` in which every sheet but the ``index``-th is hidden (and it active)."""
    with zipfile.ZipFile(book) as source, zipfile.ZipFile(target, "w") as copy:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/workbook.xml":
                data = _shown_alone(data, index)
            copy.writestr(item, data)


def _shown_alone(xml: bytes, index: int) -> bytes:
    position = iter(range(1 << 30))

    def one(match: re.Match[bytes]) -> bytes:
        tag = re.sub(rb'\sstate="[^"]*"', b"", match.group(0))
        if next(position) == index:
            return tag
        return tag[:-2].rstrip() + b' state="hidden"/>'

    xml = _SHEET.sub(one, xml)

    # LibreOffice prints a hidden sheet that has a print area: keep only this sheet's
    def print_area(found: re.Match[bytes]) -> bytes:
        tag = found.group(0)
        sheet = re.search(rb'localSheetId="(\d+)"', tag)
        if b'"_xlnm.Print_Area"' in tag and sheet is not None and int(sheet.group(1)) != index:
            return b""
        return tag

    xml = re.sub(rb"<definedName\b[^>]*>[^<]*</definedName>", print_area, xml)
    xml = re.sub(rb'\sactiveTab="\d+"', b"", xml)
    xml = re.sub(rb'\sfirstSheet="\d+"', b"", xml)
    return re.sub(rb"<((?:\w+:)?workbookView)\b", rb'<\1 activeTab="%d"' % index, xml, count=1)


def measure(books: list[Path], scratch: Path, png: Path | None = None) -> list[SheetPrint]:
    """Every sheet of every book printed alone and measured (one LibreOffice run for all)."""
    copies: list[tuple[Path, str, Path]] = []
    for number, book in enumerate(books):
        for index, title in enumerate(sheet_titles(book)):
            copy = scratch / f"b{number}s{index}.xlsx"
            only_sheet(book, index, copy)
            copies.append((book, title, copy))
    if not copies:
        return []
    profile = (scratch / "profile").as_uri()
    subprocess.run(
        [
            "soffice",
            f"-env:UserInstallation={profile}",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(scratch),
            *(str(copy) for _, _, copy in copies),
        ],
        check=True,
        capture_output=True,
        timeout=600,
    )
    results = []
    for book, title, copy in copies:
        pdf = copy.with_suffix(".pdf")
        pages = _pages(pdf) if pdf.exists() else []
        results.append(SheetPrint(book.name, title, pages))
        if png is not None and pdf.exists():
            stem = re.sub(r"[^\w.-]+", "_", f"{book.name}-{title}")
            subprocess.run(
                ["pdftoppm", "-png", "-r", "70", str(pdf), str(png / stem)],
                check=True,
                capture_output=True,
            )
    return results


def _pages(pdf: Path) -> list[PagePrint]:
    boxes = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    pages = []
    for number, page in enumerate(_PAGE.findall(boxes), 1):
        heights = [float(y2) - float(y1) for _, y1, _, y2 in _WORD.findall(page)]
        points = statistics.median(heights) / HEIGHT_PER_POINT if heights else 0.0
        pages.append(PagePrint(number, len(heights), round(points, 1)))
    return pages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("books", nargs="+", type=Path)
    parser.add_argument("--png", type=Path, help="also write every page as a PNG here")
    parser.add_argument("--min", type=float, default=FLOOR_POINTS, help="the floor, in points")
    arguments = parser.parse_args(argv)
    if shutil.which("soffice") is None or shutil.which("pdftotext") is None:
        print("needs LibreOffice (soffice) and poppler (pdftotext)", file=sys.stderr)
        return 2
    if arguments.png is not None:
        arguments.png.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        results = measure(arguments.books, Path(scratch), arguments.png)
    under = 0
    print(f"{'workbook':<34}{'sheet':<22}{'pages':>6}{'smallest pt':>12}  per page")
    for sheet in results:
        smallest = sheet.smallest
        low = smallest is not None and smallest < arguments.min
        under += low
        shown = "-" if smallest is None else f"{smallest:.1f}"
        per_page = " ".join(f"{page.points:.1f}" for page in sheet.pages)
        flag = "  UNDER" if low else ""
        print(
            f"{sheet.book:<34}{sheet.sheet:<22}{len(sheet.pages):>6}{shown:>12}  {per_page}{flag}"
        )
    print(f"{under} sheet(s) with a page under {arguments.min:g} pt")
    return 1 if under else 0


if __name__ == "__main__":
    os.environ.setdefault("SAL_USE_VCLPLUGIN", "svp")
    sys.exit(main())
