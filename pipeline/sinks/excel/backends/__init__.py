"""The two writers that carry out a workbook's contract and looks (``..contract``, ``..styles``):
xlsxwriter for a new book (``xlsxwriter_book.py``), openpyxl for columns appended to a
producer's own (``openpyxl_book.py``, with ``openpyxl_sheets.py`` for the sheets it adds and
``openpyxl_appended.py`` for the cells spliced into its XML).  :mod:`pipeline.sinks.excel.workbook`
chooses between them."""
