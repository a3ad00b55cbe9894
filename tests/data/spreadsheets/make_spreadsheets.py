"""Make ``night.xls`` and ``night.ods`` here: one workbook, saved by LibreOffice in both formats.

Run once from the repository root (needs ``soffice``; the tests do not):

    python tests/data/spreadsheets/make_spreadsheets.py

The workbook: sheet ``Night 1`` in the players layout with a title row and an empty row above
the header, the table starting in column B, one illegal card (``Qx``, worksheet row 7, column D,
headed ``hole``: issues must name that row); sheet ``Notes`` with text that matches no layout;
and an empty sheet ``Blank``, which must be passed over.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from openpyxl import Workbook

HERE = Path(__file__).resolve().parent

NIGHT_1 = [
    [None, "Spring night, table 1"],
    [],
    [None, "round", "player", "hole", "board", "folded"],
    [None, 1, "Ann", "Kc 9s", "Ks Kd 9d 3c 6d", "false"],
    [None, 1, "Bob", "9h 5s", None, "true"],
    [None, 1, "Cléo", "Ah Qh", "Ks Kd 9d 3c 6d", "false"],
    [None, 2, "Ann", "Qx 2c", "2d 7d 9h Jd 4s", "false"],
    [None, 2, "Bob", "As Ad", "2d 7d 9h Jd 4s", "false"],
]


def main() -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Night 1"
    for row in NIGHT_1:
        sheet.append(row)
    book.create_sheet("Notes").append(["bring chips", "and cards"])
    book.create_sheet("Blank")
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "night.xlsx"
        book.save(source)
        for target in ("xls", "ods"):
            subprocess.run(
                ["soffice", "--headless", "--convert-to", target, "--outdir", str(HERE), source],
                check=True,
                capture_output=True,
            )


if __name__ == "__main__":
    main()
