"""Entraction's hand histories (``Game # 2314086000 - Omaha High Pot Limit EUR 0.50/1 - Table
"Eaton Max 100BB"``), declared for the text engine.

A log laid out in columns: a name, spaces to line the words up, then what it does (``Hero Raise
(5.00)``); the seats give the name first and the seat last (``Hero (EUR 417.43 in seat 1)``);
the button and the blinds are lines of their own (``Dealer: Player3``, ``Small Blind: Player4
(0.50)``, ``Small + Big Blind: Player2 (1.50)``, read as a dead post as the line does not part
the live blind from the dead; ``Blind out of turn: Player4 (1.00)``). Cards and boards are
written ``Kh - 8s - Ks`` without brackets. A call, a raise and an all-in give what they add; an
uncalled bet is the player's own ``Payback``. The pots won end the hand (``Hero wins: EUR
11.40``), then the rake and the time the hand ended (``Game ended 2011-07-20 23:45:00 CEST``):
the only time the log writes, so a hand's ``played_at`` is when it ended. A tournament's stakes
carry no currency (``200/400 and 20 ante``) and its table names it (``Double Chance €3,000 #1
12717727 2``). The columns are closed up and the cards bracketed (:attr:`~TextSite.rewrites`)
before the hand is read.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.sources.hand_histories.sites.text.patterns import (
    CATEGORY_WORDING,
    NAME,
    NEVER,
)
from pipeline.sources.hand_histories.text_site import TextSite

_CARD = r"(?:10|[2-9TJQKA])[cdhs]"
_PUT = r" \((?P<amount>[\d.,]+)\)"
_ENDED = r"\nended (?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) (?P<zone>[A-Z]+)"

ENTRACTION = TextSite(
    name="Entraction",
    hand_start=re.compile(r"^\ufeff?Game # (?P<hand_id>\d+) - ", re.MULTILINE),
    headers=(
        re.compile(
            r"^\ufeff?Game # (?P<hand_id>\d+) - (?P<game>.+?) (?P<iso>[A-Z]{3}) "
            rf"(?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) - Table \"(?P<table>[^\"]*)\"{_ENDED}\n"
            r"Players\(max (?P<size>\d+)\):"
        ),
        re.compile(
            r"^\ufeff?Game # (?P<hand_id>\d+) - (?P<game>.+?) (?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)"
            r"(?: and [\d.,]+ ante)? - Table \"(?P<table>[^\"]*? (?P<tournament>\d+) \d+)\""
            rf"{_ENDED}\nPlayers\(max (?P<size>\d+)\):"
        ),
    ),
    table=None,
    seat=re.compile(rf"^{NAME} \((?:[A-Z]{{3}} )?(?P<stack>[\d.,]+) in seat (?P<seat>\d+)\)$"),
    actor_separator=" ",
    actions=(
        (re.compile(r"Fold"), "fold"),
        (re.compile(r"Check"), "check"),
        (re.compile("Call" + _PUT), "call"),
        (re.compile("Bet" + _PUT), "bet"),
        (re.compile("Raise" + _PUT), "raise"),  # what it adds
        (re.compile("All-In" + _PUT), "all_in"),
        (re.compile("Ante" + _PUT), "ante"),
        (re.compile("posts small blind" + _PUT), "small_blind"),
        (re.compile("posts big blind" + _PUT), "big_blind"),
        # both blinds at once (the big live, the small dead): in the pot, as a dead post
        (re.compile(r"posts both blinds \((?P<amount>[\d.,]+)\)"), "dead_post"),
        (re.compile("posts out of turn" + _PUT), "live_post"),
        (re.compile("Payback" + _PUT), "returned"),
        (re.compile(r"shows: (?P<cards>[^(]+?)(?: \((?P<stated>[^)]*)\))?$"), "show"),
        (re.compile(r"didn't show hand \((?P<cards>[^)]*)\)"), "muck"),
        (re.compile(r"didn't show hand$"), "nothing"),
    ),
    all_in=re.compile(r"^All-In"),
    button_line=re.compile(rf"^Dealer: {NAME}$"),
    street=re.compile(r"^(?P<street>Flop|Turn|River) \["),
    streets=MappingProxyType({"flop": 1, "turn": 2, "river": 3}),
    dealt=re.compile(rf"^{NAME} was dealt: (?P<cards>.+)$"),
    collected=re.compile(rf"^{NAME} wins: (?:[A-Z]{{3}} )?(?P<amount>[\d.,]+)"),
    summary=re.compile(r"^Game ended "),
    summary_shown=NEVER,
    date_formats=("%Y-%m-%d %H:%M:%S",),
    ignored=(re.compile(r"^Rake: "),),
    rewrites=(
        (re.compile(r"(?<=\S) {2,}(?=\S)"), " "),  # the columns closed up
        (re.compile(rf"(?<=[2-9TJQKA0][cdhs]) - (?={_CARD})"), " "),  # "Kh - 8s": "Kh 8s"
        (re.compile(r"(?m)^(Flop|Turn|River) (.+)$"), r"\1 [\2]"),
        (re.compile(r"(?m)^Small Blind: (.+) \("), r"\1 posts small blind ("),
        (re.compile(r"(?m)^Big Blind: (.+) \("), r"\1 posts big blind ("),
        (re.compile(r"(?m)^Small \+ Big Blind: (.+) \("), r"\1 posts both blinds ("),
        (re.compile(r"(?m)^Blind out of turn: (.+) \("), r"\1 posts out of turn ("),
        # the time the hand ended, read with the header ("Game ended ..." stays: the summary)
        (re.compile(r"\A([^\n]*)(.*\nGame ended (.*))", re.DOTALL), r"\1\nended \3\2"),
    ),
    wording=CATEGORY_WORDING,
)
"""Entraction: cash and tournaments, Hold'em and Omaha (4 and 5 cards)."""
