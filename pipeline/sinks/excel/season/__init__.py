"""The season workbook, written with openpyxl: ``workbook.py`` writes it (the entry point),
``layout.py`` places its tables and pages, ``charts.py`` draws its charts."""

from pipeline.sinks.excel.season.workbook import (
    build_season_workbook,
    nights_said,
    overlong_texts,
    write_season_workbook,
)

__all__ = ["build_season_workbook", "nights_said", "overlong_texts", "write_season_workbook"]
