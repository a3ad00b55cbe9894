"""The two writers that carry out a workbook's contract and looks (``..contract``, ``..styles``,
``..rules``, ``..printing``, ``..summary``), each behind the one interface
:class:`~pipeline.sinks.excel.sheet_writer.SheetWriter`: xlsxwriter for a new book
(``xlsxwriter_book.py``: :class:`XlsxwriterSheet`), openpyxl for columns appended to a
producer's own (``openpyxl_book.py``, with ``openpyxl_sheets.py``: :class:`OpenpyxlSheet`, the
looks in openpyxl's terms, and ``openpyxl_appended.py`` for the cells spliced into its XML).
:mod:`pipeline.sinks.excel.workbook` chooses between them."""
