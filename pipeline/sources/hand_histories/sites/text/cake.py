"""Cake's hand histories (``Hand#2217011712000147 - Pebble Beach (6-Max) 11712 -- $0.25/$0.50
NL Hold'em -- 2010/04/30 - 18:26:41``), declared for the text engine.

A tournament's header names it and its buy-in (``$2,500 Guaranteed - R&A T10965119 -- CASH --
$15 + $1.5 -- 10 Max -- Table 5 -- 0/75/150 NL Hold'em``: ante, small and big blind, the ante
written ``-1`` where the log's rake sign slipped in); the day is written ``2012/04/12``,
``2012.07.15`` or ``2012-07-01``.  The button is ``Dealer: Seat 8`` or a ``DEALER`` mark on its
seat line.  Names are anonymised by the site (``dirt***4``).  Cards are comma-separated in the
dealt and board lines (``[Qh,5s]``).  A call and an all-in give what they add (``is all in
2,375``), a raise its total.  An uncalled bet is the player's own line (``returns uncalled bet
$6``).  There is no summary: the hand ends with ``***SHOW DOWN***`` and its pots won (``Ann
wins $76 with Flush, Ace high``).  Amounts may use decimal commas (``$0,05``), and a euro
table converted to dollars writes both (``$0,05 (EUR €0,04)``): the euros, the table's own
currency, are read.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from pipeline.sources.hand_histories.sites.text.patterns import (
    CATEGORY_WORDING,
    DEALT,
    FOLD_CHECK,
    NAME,
    NEVER,
)
from pipeline.sources.hand_histories.text_site import TextSite

_AMOUNT = r"[$€£]?\d+(?:[ \u00a0.,]\d+)*"  # "$0,05", "2,375", "5 660" (a space for thousands)
_PUT = rf"(?P<amount>{_AMOUNT})"
_WHEN = r" -- (?P<date>\d{4}[/.-]\d\d[/.-]\d\d) - (?P<time>\d\d:\d\d:\d\d)"

CAKE = TextSite(
    name="Cake",
    hand_start=re.compile(
        r"^(?:\ufeff|\u00ef\u00bb\u00bf)*Hand#(?P<hand_id>[0-9A-F]{10,}) - ", re.MULTILINE
    ),
    headers=(
        re.compile(
            r"^(?:\ufeff|\u00ef\u00bb\u00bf)*Hand#(?P<hand_id>[0-9A-F]+) - [^\n]*?"
            r"T(?P<tournament>\d+) -- (?:\w+ -- (?P<buy_in>[^\n]+?) -- (?P<size>\d+) Max -- )?"
            r"Table (?P<table>\d+) -- -?[\d.,]+/(?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) "
            rf"(?P<game>[^\n]+?){_WHEN}"
        ),
        re.compile(
            r"^(?:\ufeff|\u00ef\u00bb\u00bf)*Hand#(?P<hand_id>[0-9A-F]+) - "
            r"(?P<table>[^\n]*?(?:\((?:[\w ]+, )?(?P<size>\d+)-[Mm]ax[^)]*\))?[^\n]*?) -- "
            rf"(?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT}) (?P<game>[^\n]+?){_WHEN}"
        ),
    ),
    table=None,
    seat=re.compile(
        rf"^Seat (?P<seat>\d+): {NAME} \((?P<stack>[^()]*) in chips\)(?P<button> DEALER)?$"
    ),
    actor_separator=": ",
    actions=(
        *FOLD_CHECK,
        (re.compile(r"calls " + _PUT), "call"),
        (re.compile(r"bets " + _PUT), "bet"),
        (re.compile(rf"raises to (?P<to>{_AMOUNT})"), "raise"),
        (re.compile(r"is all in " + _PUT), "all_in"),
        (re.compile(r"posts small blind " + _PUT), "small_blind"),
        (re.compile(r"posts big blind " + _PUT), "big_blind"),
        # "posts dead blind $-0,10 and big blind $0,10": the dead part written negative
        (
            re.compile(r"posts dead blind [$€£]?-?(?P<dead>[\d.,]+) and big blind (?P<amount>\S+)"),
            "big_blind",
        ),
        (re.compile(r"posts dead blind (?P<amount>\S+)"), "dead_post"),
        (re.compile(r"posts ante of " + _PUT), "ante"),
        (re.compile(r"returns uncalled bet " + _PUT), "returned"),
        (re.compile(r"shows \[(?P<cards>[^\]]*)\](?: \((?P<stated>[^)]*?) *\))?"), "show"),
        (re.compile(r"mucks(?: \[(?P<cards>[^\]]*)\])?(?: \((?P<stated>[^)]*)\))?"), "muck"),
        (re.compile(r"sits out|is sitting out|has (?:joined|left)|is disconnected"), "nothing"),
    ),
    all_in=re.compile(r"^is all in"),
    button_line=re.compile(r"^Dealer: Seat (?P<button>\d+)$"),
    street=re.compile(r"^\*\*\* ?(?P<street>FLOP|TURN|RIVER|SHOW DOWN) ?\*\*\*"),
    streets=MappingProxyType({"flop": 1, "turn": 2, "river": 3, "show down": 0}),
    dealt=DEALT,
    collected=re.compile(rf"^{NAME}:? wins (?:(?:high|low) pot )?{_PUT}(?: with|$)"),
    summary=NEVER,
    summary_required=False,
    summary_shown=NEVER,
    date_formats=("%Y/%m/%d %H:%M:%S", "%Y.%m.%d %H:%M:%S", "%Y-%m-%d %H:%M:%S"),
    ignored=(
        re.compile(r"^.+ (?:rebuys \S+ chips|finished \d+ out of \d+ players)"),
        re.compile(r"^Player left the table|^.+ has (?:joined|left) the table"),
        re.compile(r"^Tournament: .+ wins \d+ bount"),
        re.compile(r"^There is no low hand"),
    ),
    rewrites=(
        (re.compile(r"(?m)^([^:\n]+):(?=posts )"), r"\1: "),  # "Ann:posts dead blind"
        # a euro table's amounts converted to dollars: "$0,05 (EUR €0,04)" read as the euros
        (re.compile(r"\(\$[\d.,]+ in chips\) +\(EUR (€[\d.,]+)\)"), r"(\1 in chips)"),
        (re.compile(r"wins \$[\d.,]+ (.*?) *\(EUR (€[\d.,]+)\)"), r"wins \2 \1"),
        (re.compile(r"\$[\d.,]+ \(EUR (€[\d.,]+)\)"), r"\1"),
    ),
    wording=CATEGORY_WORDING,
)
"""Cake: cash and tournaments, Hold'em and Omaha (Hi/Lo)."""
