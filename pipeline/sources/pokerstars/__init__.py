"""PokerStars hand histories: :func:`read_pokerstars` reads a log into a
:class:`~pipeline.sources.hand_histories.HandLog`.

``reader.py`` chooses the path: the compiled scanner (``scanner/``: ``compiled.py`` over our C
extension, ``_pokerstars_scan*.c``, built by ``setup.py``) where it is built, else the text
engine over PokerStars' declaration (``sources/hand_histories/sites/text/pokerstars.py``, the
reference); ``header.py`` reads what the scanner's header lines say.
"""

# Re-exported as the reader lists them (its __all__), the form mypy's strict mode reads as public.
from pipeline.sources.pokerstars.reader import HandLog as HandLog
from pipeline.sources.pokerstars.reader import read_pokerstars as read_pokerstars
from pipeline.sources.pokerstars.reader import (
    read_pokerstars_reference as read_pokerstars_reference,
)
from pipeline.sources.pokerstars.reader import sniff_pokerstars as sniff_pokerstars
from pipeline.sources.pokerstars.reader import split_hands as split_hands
