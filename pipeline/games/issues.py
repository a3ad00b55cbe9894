"""Issue records: ``file, sheet, row, column, value, code, message``, one per problem.

Each rule has a stable ``code`` (for filters, dashboards and tests), declared here once with the
wording of the messages it produces; the message says it for people.

>>> import polars as pl
>>> with_codes(pl.DataFrame({"message": ["card 'Ah' appears twice in round '3'"]}))["code"][0]
'duplicate_card'
"""

from __future__ import annotations

import polars as pl

ISSUE_COLUMNS = ("file", "sheet", "row", "column", "value", "code", "message")
ISSUE_NOTES = {
    "row": "the row as Excel shows it (a log's or listing's line number)",
    "column": "the column the issue is in, as the sheet heads it",
    "value": "the cell's text as read",
    "code": "the kind of issue, the same in every run (for filtering)",
}
"""What the Issues sheet's headings hold, as header notes."""

# (code, a regular expression over the message), first match wins: one line per rule.
ISSUE_RULES: tuple[tuple[str, str], ...] = (
    # a round sheet's date, currency and stake cells (pipeline/games/sheet_facts.py)
    ("bad_date", r"^date '.*' is not a date"),
    ("bad_currency", r"^currency '.*' is not a currency"),
    ("bad_stake", r"^stake '.*' is not a stake"),
    # a delimited file's header or bytes (before the card rules: a header may be "board")
    ("duplicate_header", r"are both headed"),
    ("nul_byte", r"a NUL byte"),
    ("undecodable_byte", r"neither UTF-8 nor Windows-1252"),
    ("over_memory_cap", r"over the memory cap"),
    ("not_written_back", r"^not written back|wrote a new workbook"),
    ("refused_part", r"cannot be read: its part .* refused"),
    ("round_split", r"continues here after other rounds"),
    # a hand-history file of a site not read, and a site's own lines kept as issues (before
    # the pot rules: their messages say how the pots are audited)
    ("unread_site", r"looks like a hand history, but no site we read"),
    ("cash_drop", r"a cash drop added to the pot"),
    ("insurance", r"an all-in insurance"),
    ("cashed_out", r"cashed out"),
    # a hand-history hand left out whole (before the card rules: "appears twice", "boards")
    ("duplicate_hand", r"hand \S+ appears (twice|\d+ times)"),
    ("run_it_twice", r"was run (twice|\w+ times)"),
    ("unknown_column", r"not recognised; did you mean"),
    ("text_cut", r"longer than an Excel cell holds"),
    # before the card rules: the message lists the headers expected, "board" among them
    ("unknown_layout", r"matches no layout"),
    ("empty_sheet", r"is empty"),
    # a row's poker game (before the card rules: the known names hold "board"-free words only)
    ("unknown_game", r"is not a game we score"),
    ("mixed_games", r"mixes games"),
    ("card_not_in_deck", r"is not in .*-card deck"),
    ("won_exceeds_pot", r"more than the .* its actions put in"),
    ("pot_disagreement", r"log awards|replay awards"),
    ("hand_name_disagreement", r"the log names .*; the evaluator makes it"),
    ("round_held_back", r"held back"),
    ("round_rejected", r"^round .* rejected"),
    ("lonely_round", r"has only one player"),
    ("duplicate_card", r"appears twice"),
    ("duplicate_player", r"more than once|twice in (round|game)|plays twice"),
    ("board_mismatch", r"board|community cards differ|sees? a different"),
    ("illegal_card", r"not a legal card|is not a card"),
    ("card_count", r"cards?: expected|card(s)? in all|expected 5|hole cards?$|no hole cards"),
    ("missing_round", r"^round id missing"),
    ("missing_player", r"^player name missing"),
    ("bad_flag", r"is not true or false"),
    ("bad_dice", r"dice|die "),
    ("unknown_category", r"not a (known )?category|unknown category"),
    ("category_reused", r"already (used|scored)|used again"),
    ("too_many_rounds", r"rounds?: (a game has|expected)|more than \d+ rounds"),
    ("empty_row", r"nothing to score"),
    ("sheet_too_big", r"over the limit of"),
    ("truncated_hand", r"ends before|truncated"),
    ("unsupported_variant", r"is 'Omaha|not hold'em|unsupported variant|variant"),
    ("malformed_hand", r"unreadable|malformed"),
    ("no_hands", r"no \w+ hand header"),
    ("unreadable", r"cannot (be )?read|could not be loaded|not a real \.xlsx|not a CSV|is missing"),
)


def with_codes(issues: pl.DataFrame) -> pl.DataFrame:
    """Add ``code`` from ``message`` by :data:`ISSUE_RULES` (``other`` when no rule says)."""
    code: pl.Expr = pl.lit("other")
    for name, pattern in reversed(ISSUE_RULES):
        code = pl.when(pl.col("message").str.contains(pattern)).then(pl.lit(name)).otherwise(code)
    return issues.with_columns(code.alias("code"))
