"""PokerStars hand histories: :func:`read_pokerstars` reads a log into a
:class:`~pipeline.sources.hand_histories.HandLog`.

``reader.py`` chooses the path: the compiled scanner (``scanner/``: ``compiled.py`` over our C
extension, ``_pokerstars_scan*.c``, built by ``setup.py``) where it is built, else the line reader
(``lines.py``, the reference); ``header.py`` reads the header lines both paths share.
"""

# Re-exported as the reader lists them (its __all__), the form mypy's strict mode reads as public.
from pipeline.sources.pokerstars.reader import HandLog as HandLog
from pipeline.sources.pokerstars.reader import read_pokerstars as read_pokerstars
from pipeline.sources.pokerstars.reader import read_pokerstars_lines as read_pokerstars_lines
from pipeline.sources.pokerstars.reader import sniff_pokerstars as sniff_pokerstars
from pipeline.sources.pokerstars.reader import split_hands as split_hands
