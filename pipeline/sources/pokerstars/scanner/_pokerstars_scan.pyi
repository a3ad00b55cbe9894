"""Types of the compiled scanner built from ``_pokerstars_scan*.c`` (``_pokerstars_scan.h``
lists its parts)."""

def scan(
    text: str | bytes, /
) -> tuple[list[str | None], dict[str, bytes], list[tuple[int, str]]] | None:
    """Read the hands of a PokerStars hand history in one pass over its bytes; None for bytes
    that are not UTF-8."""

def set_variants(variants: list[tuple[str, int]], /) -> None:
    """Set the games read: ``(words, hole cards)`` for each, as a header writes the game and
    its limit; given once at import from the table of games."""
