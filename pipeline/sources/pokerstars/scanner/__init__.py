"""The compiled PokerStars scanner: our C extension (``_pokerstars_scan*.c``, one file per part
of the format, ``_pokerstars_scan.h`` lists them) and :mod:`.compiled`, which gives it the table
of games' words at import and turns what it scans into rows.  The text engine over PokerStars'
declaration (:mod:`pipeline.sources.hand_histories.sites.text.pokerstars`) is the reference it
must agree with;
:mod:`pipeline.sources.pokerstars.reader` chooses between them.
"""

from pipeline.sources.pokerstars.scanner.compiled import RAW_SCHEMA as RAW_SCHEMA
from pipeline.sources.pokerstars.scanner.compiled import SCAN as SCAN
from pipeline.sources.pokerstars.scanner.compiled import scanned_rows as scanned_rows
