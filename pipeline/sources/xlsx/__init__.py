"""Excel ``.xlsx`` workbooks: :class:`WorkbookSource` reads every sheet of one.

``reader.py`` is the entry point and its memory cap; ``parts.py`` inspects the zip before
anything is inflated, ``part_stream.py`` checks a part as it streams, and ``sheet_scan.py``
measures a sheet's XML before calamine loads it.
"""

from pipeline.sources.xlsx.parts import declared_inflated_bytes, inspect_workbook
from pipeline.sources.xlsx.reader import (
    INHERITED_LIMIT,
    MAX_CELLS,
    MAX_COLUMNS,
    MEMORY_CAP_ENV,
    WorkbookSource,
    memory_cap,
    memory_cap_bytes,
    read_workbook,
)

__all__ = [
    "INHERITED_LIMIT",
    "MAX_CELLS",
    "MAX_COLUMNS",
    "MEMORY_CAP_ENV",
    "WorkbookSource",
    "declared_inflated_bytes",
    "inspect_workbook",
    "memory_cap",
    "memory_cap_bytes",
    "read_workbook",
]
