"""The season report: every night's scored Parquet in, standings, odds and luck out."""

from pipeline.season.report import SeasonError, SeasonReport, build_report, season_report

__all__ = ["SeasonError", "SeasonReport", "build_report", "season_report"]
