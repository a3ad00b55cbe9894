"""How every hand-history site's files begin, read or not: one table, so a file of a site we do
not read yet is named for what it is (one issue) rather than read as a CSV.

The marks are searched in a file's head (its first :data:`~pipeline.records.hand_log.SNIFF_CHARS`
characters, decoded as any text is); the first site whose mark is found names the file.  Sites
read by a reader (:data:`pipeline.sources.hand_histories.sites.SITES`) are tried before this
table, so it only names the others.

>>> site_of_head("Full Tilt Poker Game #32709541402: Table Niebuhr (6 max) - NL Hold'em")
'Full Tilt'
>>> site_of_head("round,player,cards") is None
True
"""

from __future__ import annotations

import re

from pipeline.records.hand_log import SNIFF_CHARS

__all__ = ["HEAD_MARKS", "first_line", "site_of_head"]

_M = re.MULTILINE
HEAD_MARKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("PokerStars", re.compile(r"^\ufeff?PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #", _M)),
    ("GGPoker", re.compile(r"^\ufeff?Poker Hand #[A-Z]{0,4}\d+:", _M)),
    ("Winamax", re.compile(r"^\ufeff?Winamax Poker - ", _M)),
    ("888poker", re.compile(
        r"\*{5} (?:Cassava|888poker\S*|888\.\w+|Pacific Poker)(?: \w+)? Hand History for Game")),
    ("Betfair", re.compile(r"\*{5} Betfair Poker Hand History for Game")),
    ("PartyPoker", re.compile(r"\*{5} Hand History [Ff]or Game \d+")),
    ("Everleaf", re.compile(
        r"^\ufeff?Everleaf Gaming Game #|\*{5} Hand history for game #|"
        r"\*{3} Historique des Mains pour la partie", _M)),
    ("Ongame", re.compile(r"\*{5} History for hand ")),
    ("Full Tilt", re.compile(r"^\ufeff?Full ?Tilt ?Poker (?:Game|Hand) #", _M)),
    ("UltimateBet", re.compile(r"^\ufeff?Stage #[A-Z]\d+: ", _M)),
    ("Absolute", re.compile(r"^\ufeff?Stage #\d+:? ", _M)),
    ("BetOnline", re.compile(
        r"^\ufeff?(?:BetOnline Poker|PayNoRake|ActionPoker\.com|Sportsbetting\.ag Poker|"
        r"Tiger Gaming|Gear Poker) Game #\d+", _M)),
    ("Bovada", re.compile(r"^\ufeff?(?:Bovada|Ignition|Bodog(?:\.\w+| UK)?) Hand #\d+", _M)),
    ("Cake", re.compile(r"^(?:\ufeff|\u00ef\u00bb\u00bf)?Hand#[0-9A-F]{10,} - ", _M)),
    ("Unibet", re.compile(r"^\ufeff?Game #\d+: Table .* - \d{1,2}:\d\d:\d\d \d{4}/\d\d/\d\d", _M)),
    ("Enet", re.compile(r"^\ufeff?Game #\d+: .* - \d{1,2}:\d\d:\d\d \d{1,2}\.\d{1,2}\.\d{4}", _M)),
    ("Entraction", re.compile(r"^\ufeff?Game # \d+ - ", _M)),
    ("KingsClub", re.compile(r"^\ufeff?#\d+: (?:Pot Limit|No Limit|Limit|Fixed Limit) ", _M)),
    ("PKR", re.compile(r"^\ufeff?Starting Hand #\d+", _M)),
    ("SealsWithClubs", re.compile(r"^\ufeff?Hand #\d+-\d+ - \d{4}-\d\d-\d\d", _M)),
    ("Winning", re.compile(
        r"^\ufeff?(?:Game started at: \d{4}/\d{1,2}/\d{1,2}|(?:Game )?Hand #\d+ - (?:.* - )?"
        r"[^-\n]*\((?:No Limit|Pot Limit|Fixed Limit|Limit)\) - )", _M)),
    ("PokerTracker", re.compile(
        r"^\ufeff?(?:(?:MERGE_)?GAME #[\d-]+[: ]|Merge Game #[\d-]+ \||EverestPoker Game #|"
        r"\*\* Hand # \d+ starting|\*\* Game ID \d+ )", _M)),
    ("ACPC", re.compile(r"^(?:STATE:\d+:|\s*# name/game/hands/seed )", _M)),
    ("iPoker", re.compile(r"<session sessioncode=")),
    ("Merge", re.compile(r"<game id=\"[\d-]+\" starttime=|<description type=")),
    ("Microgaming", re.compile(r"<Game (?:hhversion=\"\d+\" )?id=\"\d+\" date=")),
    ("Everest", re.compile(r"<SESSION time=\"\d+\" tableName=")),
    ("Boss", re.compile(r"<HISTORY ID=\"\d+\" SESSION=")),
)  # fmt: skip
"""(site, the mark its files begin with) for the 28 sites and networks of the corpus
(``../shared/corpora/sites/INDEX.txt``), most specific first."""


def site_of_head(head: str) -> str | None:
    """The site whose mark ``head`` holds (the first in :data:`HEAD_MARKS`), or None."""
    head = head[:SNIFF_CHARS]
    return next((site for site, mark in HEAD_MARKS if mark.search(head)), None)


def first_line(head: str) -> str:
    """The head's first line that is not blank, cut to 100 characters, for a message.

    >>> first_line("\\ufeff\\n\\n  #Game No : 1\\n***** Hand History for Game 1 *****")
    '#Game No : 1'
    """
    for line in head.removeprefix("\ufeff").splitlines():
        if line.strip():
            return line.strip()[:100]
    return ""
