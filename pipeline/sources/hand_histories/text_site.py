"""A hand-history site's text grammar, declared as data: :class:`TextSite`.

A site is one file in :mod:`pipeline.sources.hand_histories.sites` holding a ``TextSite``: the
patterns of its header, table, seat, action, street, showdown and summary lines, how it writes
amounts and dates, and its words for the games.  One engine
(:func:`pipeline.sources.hand_histories.text_engine.read_text_site`) walks every site's text with
them; nothing about a site is written anywhere else, so a fix to the engine fixes every site.

The patterns' named groups are what the engine reads (an absent group is null):

- ``headers`` (matched from the hand's first line; a pattern may span several lines, joined
  by newlines, where a site writes a preamble, its start time or its stakes on lines of their
  own: the header is as many lines as the match takes): ``hand_id``, ``game`` (the site's words
  for the game, found in the one table of games, :data:`pipeline.records.game_names.GAMES`,
  under the site's name, whatever their case and spacing; other words: an unsupported variant,
  named once per file), ``sb``, ``bb``, ``ante`` (stakes as written, currency marks included),
  ``iso`` (a currency code written beside them), ``bring_in`` (stud), ``tournament``,
  ``buy_in``, ``date``, ``zone``,
  and ``time`` where the clock is written apart from the day (``08:55:55 ET - 2013/05/08``: the
  engine reads ``date + " " + time``, then ``+ " " + year`` where the year is written apart);
  where the site writes no table line (``table`` None) the header also gives ``table``,
  ``size``, ``button``;
- ``table`` (matched on the lines after the header's last, up to the first seat line, joined
  by newlines): ``table``, ``size``, ``button``, ``tournament``;
- ``button_line`` (a line before the seats or among the actions): ``button``, or ``name``;
- ``seat``: ``seat``, ``name``, ``stack`` (absent where an observer's log writes none: null),
  ``button`` (a mark on the button's own seat line: ``DEALER``, ``[Dealer]``);
- each of ``actions`` (the text after a seated player's name and ``actor_separator``):
  ``amount`` (what the action adds; a raise without ``to`` is read as what it adds, and an
  amount written ``$0.05 + $0.10`` is the sum of its parts), ``to`` (a raise's street total;
  a post written as one; a call written as the street total it makes, PKR's),
  ``dead`` (a post's dead part written beside its live one: in the pot only; or inside the
  ``total`` the line writes first: ``Posts dead $40 dead $15`` is 25 live, 15 dead),
  ``cards``, ``stated``; a ``fold``'s ``cards`` are those shown with it (``folds [9c]``): in
  its token (``6.f[9c]``), and the player's ``hole`` only when they are the whole hand;
- ``street``: ``street`` (a word of ``streets``), the board cards in brackets anywhere (in a
  board game; a stud or draw street deals no board);
- ``dealt``: ``name``, ``cards`` (one bracket or several: ``[Td Jd] [As]``; in stud the last
  bracket is the street's new cards, the ones before the cards dealt earlier, and in a draw
  game all of them are the player's hand after the draw); the stakes, where the header gives
  none: the first small and big blind posted; ``uncalled``: ``amount``, ``name``;
  ``collected``: ``name``, ``amount``; ``summary_shown``: ``name``, ``cards``, ``stated``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from pipeline.records.stated_hands import HandWording

__all__ = [
    "ACTION_KINDS", "CURRENCY_MARKS", "NEXT_STREET", "RUNS_NUMBERED", "TextSite", "read_amount",
]  # fmt: skip

ACTION_KINDS = frozenset(
    {
        "fold",
        "check",
        "call",
        "bet",
        "raise",
        "small_blind",
        "big_blind",
        "straddle",
        "ante",
        "dead_post",
        "live_post",
        "show",
        "muck",
        "nothing",
        "returned",
        "collected",
        "all_in",
        "bring_in",
        "draw",
        "both_blinds",
    }
)
"""What an action line may mean.  ``small_blind``, ``big_blind``, ``straddle`` and
``live_post`` (a button blind) count toward the street's bet; ``ante`` and ``dead_post`` (a
missed blind, a small blind posted out of position) go into the pot only; ``nothing`` is a line
that names a player but carries no chips (sits out, is connected, says something);
``returned`` is an uncalled bet given back written as the player's own line (``NAME - returned
($1) : not called``), its ``amount`` off what the player put in; ``collected`` a pot awarded
written so (``NAME: collected (€10,57) from pot``); ``all_in`` an all-in written with what it
adds (``goes all-in €5,75``): a call, a bet or a raise as the amount makes it;
``both_blinds`` the small and the big blind posted at once (``posts small & big blinds
$0.75``, a player back at the table): the header's small blind of it is dead, the rest live,
one ``post`` token.  In stud, ``bring_in`` is the forced opening bet (``amount``; completing
it is a ``raise``); in a draw game, ``draw`` is a player changing cards: ``count`` of them (no
``count``: stood pat).  A ``raise``
gives ``to`` (the street total it makes) or, for a site writing what it adds, ``amount``.  A
blind posted without its ``amount`` is the header's blind."""

NEXT_STREET = -1
"""A street marker's number (in ``streets``) for a line that deals the next street without
naming it (Bovada's old ``Card dealt to table [7s 6d Ah]``)."""

CURRENCY_MARKS: Mapping[str, str] = MappingProxyType({"$": "USD", "€": "EUR", "£": "GBP"})
"""Currency symbols as most sites write them beside an amount, to their ISO codes."""

RUNS_NUMBERED: Mapping[str, int] = MappingProxyType({"1": 1, "2": 2, "3": 3})
"""The :attr:`TextSite.run_words` of a site numbering its runs (Full Tilt's ``*** TURN 2 ***``,
KingsClub's ``*** BOARD 2 - RIVER ***``)."""

_NUMBER = re.compile(r"\d[\d,.\s\u00a0\u202f']*")
_SCALES = {"K": 1e3, "M": 1e6}  # a tournament's big blinds written 50K/100K
_SEPARATORS = re.compile(r"[\s\u00a0\u202f']")
_MARKS = "$€£¥₹() "


def read_amount(text: str, *, decimal_comma: bool = False) -> float:
    """An amount as a site writes it, marks and separators dropped: ``$1,234.50``, ``0.02€``,
    ``1 234``, ``€0,25``, ``50K`` (thousands: ``K``, millions: ``M``).  Where both ``,`` and
    ``.`` appear, the last one is the decimal point;
    a lone ``,`` or ``.`` followed by three digits groups thousands (``3,350``), by one or two
    it is the decimal point (``0,92``) -- unless the site writes ``decimal_comma`` amounts, where
    ``1,234`` is a bit over one and ``1.234`` a thousand.

    >>> read_amount("$1,234.50"), read_amount("0.02€"), read_amount("1 234"), read_amount("(3,350)")
    (1234.5, 0.02, 1234.0, 3350.0)
    >>> read_amount("€0,25"), read_amount("1.234,5€"), read_amount("1,234", decimal_comma=True)
    (0.25, 1234.5, 1.234)
    >>> read_amount("50K"), read_amount("1.5M"), read_amount("$0.10 Kicker")
    (50000.0, 1500000.0, 0.1)
    >>> read_amount("all")
    Traceback (most recent call last):
    ValueError: not an amount: 'all'
    """
    plain = text.strip(_MARKS)
    digits_only = plain.replace(".", "", 1)
    if digits_only.isascii() and digits_only.isdigit() and not (decimal_comma and "." in plain):
        return float(plain)  # the usual amount: digits and a point, a mark before or after
    match = _NUMBER.search(text)
    if match is None:
        msg = f"not an amount: {text!r}"
        raise ValueError(msg)
    end = match.start() + len(match.group().rstrip(",. \t\u00a0\u202f'"))
    scale = _SCALES.get(text[end : end + 1], 1.0) if not text[end + 1 : end + 2].isalpha() else 1.0
    digits = _SEPARATORS.sub("", match.group()).rstrip(",.")
    comma, point = digits.rfind(","), digits.rfind(".")
    if comma >= 0 and point >= 0:
        decimal = "," if comma > point else "."
    elif comma >= 0 or point >= 0:
        mark = "," if comma >= 0 else "."
        grouped = len(digits) - digits.rfind(mark) - 1 == 3 or digits.count(mark) > 1
        decimal = "" if digits.count(mark) > 1 else mark
        if grouped and (mark == ",") != decimal_comma:
            decimal = ""
    else:
        decimal = ""
    thousands = "." if decimal == "," else ","
    if not decimal:
        digits = digits.replace(",", "").replace(".", "")
    else:
        digits = digits.replace(thousands, "").replace(decimal, ".")
    try:
        return float(digits) * scale
    except ValueError:
        msg = f"not an amount: {text!r}"
        raise ValueError(msg) from None


@dataclass(frozen=True)
class TextSite:
    """One site's hand-history text grammar; see the module doc for the groups each pattern
    names.  Lines a site writes that carry no chips must be listed (``ignored``) or named
    (``noted``): a line the grammar does not know leaves its hand out as ``malformed_hand``,
    naming the line, rather than be dropped in silence."""

    name: str
    """The ``site`` column: ``GGPoker``, ``Winamax``."""
    hand_start: re.Pattern[str]
    """A hand's first line (``re.MULTILINE``, anchored with ``^``): where the text is cut into
    hands, and the mark a file is recognised by."""
    headers: tuple[re.Pattern[str], ...]
    """The hand's first line, read by the first of these that matches (a site writes a cash
    game's and a tournament's differently); matched on the lines before the first seat line,
    joined by newlines, a pattern may span several of them (Ongame: the hand id, the start
    time, the table).  A ``date`` read with ``%z`` keeps its local time; the zone is the
    ``zone`` group's."""
    table: re.Pattern[str] | None
    """The line(s) after the header naming the table (matched on the lines up to the first seat
    line); None where the header names it (lines before the seats may then give the button:
    ``button_line``)."""
    seat: re.Pattern[str]
    actor_separator: str
    """What comes between a player's name and the action: ``": "``, or ``" "``."""
    actions: tuple[tuple[re.Pattern[str], str], ...]
    """(pattern matched at the start of the action text, one of :data:`ACTION_KINDS`), the
    first that matches wins."""
    street: re.Pattern[str]
    streets: Mapping[str, int]
    """A street marker's word (as the ``street`` group gives it) -> its place among the game's
    streets (:mod:`pipeline.records.deals`): 0 preflop ... 3 river; stud 0 third street ... 4
    seventh; a draw game 0 before the draw, 1 to 3 after each draw."""
    dealt: re.Pattern[str]
    collected: re.Pattern[str]
    """A line among the actions awarding a pot: ``name``, ``amount``."""
    summary: re.Pattern[str]
    """The line that opens the summary: the hand is whole once it is read."""
    summary_shown: re.Pattern[str]
    date_formats: tuple[str, ...]
    """``strptime`` formats of the header's ``date`` group, tried in order."""
    summary_board: re.Pattern[str] | None = None
    """A summary line giving the whole board (``cards``), read where the streets did not deal
    all of it (Bovada's old logs write no street after an all-in)."""
    summary_required: bool = True
    """False for a site whose logs may end a hand without a summary line (PartyPoker): such a
    hand is whole once a pot is collected, and cut short (``truncated_hand``) if none is."""
    collected_in_summary: bool = False
    """The site writes the pots collected after the summary's first line (888poker,
    PartyPoker): ``collected`` lines are read there too."""
    zone: str | None = None
    """The zone of a header that writes none (null: the time is taken as written, in UTC)."""
    currency_marks: Mapping[str, str] = field(default_factory=lambda: CURRENCY_MARKS)
    decimal_comma: bool = False
    """Amounts like ``0,25`` are a quarter (``1,234`` is then a bit over one)."""
    decimal_comma_when: re.Pattern[str] | None = None
    """Searched in each hand's text, for a site that writes amounts in its player's locale
    (888poker): where found, that hand's amounts are read as :attr:`decimal_comma` ones."""
    all_in: re.Pattern[str] = re.compile(r"\band is all-in\b")
    uncalled: re.Pattern[str] | None = None
    """The line returning an uncalled bet; None where the site writes none, and the engine
    returns the part of the last bet no one matched itself."""
    unmatched_in_collected: bool | None = True
    """Where the site writes no uncalled bet returned (``uncalled`` None, or left out): whether
    the bettor's awards hold the part of the last bet no one matched (True: Winamax), or not
    (False: Ongame); None where the site's logs do both (888poker over the years): it is held
    when the pots collected exceed the chips put in, which only that part can make them do."""
    currency: str | None = None
    """The ISO code of a cash game whose header writes no currency mark (Bovada: ``USD``);
    null: play money (or, with ``currency_line``, the currency found there)."""
    name_marks: re.Pattern[str] | None = None
    """Marks a site writes beside a name on some lines only (Bovada's ``  [ME]`` for the player
    who saved the log, Winning's ``Player `` before each action): removed from every line
    before the hand is read."""
    button_line: re.Pattern[str] | None = None
    """A line among the actions, or before the seats, that gives the button's seat
    (``button``: ``The button is in seat #3``, ``Button: seat 8``) or, among the actions, the
    name of the player on it (``name``), for a site whose header and table line do not."""
    blinds_posted: re.Pattern[str] | None = None
    """Searched in a hand's text, for a site whose logs sometimes post the blinds silently
    (PartyPoker's tournaments): where it is not found, the header's blinds are posted by the
    two seats after the button (heads-up, the button and the other)."""
    shown_line: re.Pattern[str] | None = None
    """A line before the summary, not written as an action, that shows a seated player's cards
    (``name``, ``cards``): BetOnline's ``Ann shows Qd Ac``."""
    dealt_one_by_one: bool = False
    """The site deals hole cards one line each (Winning's ``received card: [6s]``): a player's
    ``dealt`` lines add up."""
    cancelled: re.Pattern[str] | None = None
    """A line saying the hand was called off and its bets given back (PokerStars' ``Hand
    cancelled``): the hand is left out (``malformed_hand``, the message saying so), never read as
    played (its blinds would show as lost)."""
    run_twice: re.Pattern[str] | None = None
    """A line that says the board was run more than once, for a site whose runs are not read
    (no :attr:`run_street`): the hand is left out (``run_it_twice``)."""
    run_street: re.Pattern[str] | None = None
    """A line dealing a street of one runout of a board run twice or more (PokerStars'
    ``*** SECOND RIVER *** [3d 7s 3h 8h] [5c]``), or opening one runout's showdown (``*** FIRST
    SHOW DOWN ***``): ``run`` (a word of :attr:`run_words`), ``street`` (a word of ``streets``;
    any other word opens that run's showdown), the cards in brackets after it.  Where set, such
    a hand is read: ``board`` is the first run's, ``run_boards`` every run's whole board, and
    the hand's name the show lines give is the first showdown's."""
    run_board: re.Pattern[str] | None = None
    """A summary line giving one runout's board (``FIRST Board [3d 7s 3h 8h 6s]``): ``run``
    and ``cards``, the whole board or (GGPoker) that run's own cards only: the cards dealt
    before the runs split are put in front."""
    run_words: Mapping[str, int] = field(
        default_factory=lambda: MappingProxyType({"first": 1, "second": 2, "third": 3})
    )
    """A :attr:`run_street` or :attr:`run_board` ``run`` word (lower case) -> the run's number."""
    free_buy_in: re.Pattern[str] | None = None
    """Searched in a tournament's ``buy_in`` group when it holds no amount: a freeroll (buy-in
    0); else the buy-in is null (a ticket)."""
    play_money: re.Pattern[str] | None = None
    """Searched in the header and table lines: a cash game in play money."""
    sitting_out: re.Pattern[str] | None = None
    """Searched in a seat line past the stack: a player seated but not dealt in."""
    ignored: tuple[re.Pattern[str], ...] = ()
    """Lines that carry nothing to score: table messages, chat, totals."""
    noted: tuple[tuple[re.Pattern[str], str, str], ...] = ()
    """(pattern, issue code, what it means): lines kept as an issue on the hand (a cash drop
    added to the pot, an all-in insurance), the hand still read."""
    summary_collected: re.Pattern[str] | None = None
    """A summary line awarding a pot, read where no line among the actions awarded one (a site
    that writes the awards in the summary alone, always or at times): ``name`` and ``amount``,
    or a ``winners`` group listing ``name (amount)``, one or more separated by ``, ``
    (``Main pot: 0.90 won by Ann (0.86)``, ``... won by Ann (165 High), Bob (165 Low)``)."""
    uncalled_unwritten: bool = False
    """The site leaves its uncalled-bet line out at times (Full Tilt's walks): a hand without
    one gets the unmatched part of the last bet back as on a site that writes none."""
    currency_line: re.Pattern[str] | None = None
    """Searched in the hand's text for a cash game whose stakes carry no currency mark: its
    ``mark`` group (``$`` in ``Rake taken: $0.04``) gives the currency; not found, null."""
    wording: HandWording | None = None
    """How the site names the hands shown, where not as PokerStars does."""
    variant_as_written: bool = False
    """The ``variant`` column keeps the header's words for the game (PokerStars' ``Omaha Hi/Lo
    Pot Limit``), the limit with them, rather than the game's name in the table of games."""
    stated_from_show_line: bool = False
    """The hand's name a show line gives (``shows [Ah Kh] (a pair of Kings)``) is preferred
    to the summary's, where the site may cut it short; by default the summary's is."""
    cashed_out: re.Pattern[str] | None = None
    """A summary line of a player who cashed out of a pot (PokerStars' ``... won ($5) (pot
    not awarded as player cashed out)``): ``name`` and the ``amount`` the pot awarded, added to
    what they won, with a ``cashed_out`` issue saying it is not the cash-out's payment."""
    summary_seat: re.Pattern[str] | None = None
    """A summary line naming a seat, for a site whose summary names every seat dealt in: fewer
    of them than the seats dealt in is a hand cut short (``truncated_hand``), as is a text
    ending without a line end on such a line that :attr:`whole_summary_seat` does not end."""
    seat_start: re.Pattern[str] | None = None
    """How every seat line begins (PokerStars' ``Seat 3: ``): such a line among the seats that
    :attr:`seat` cannot read leaves the hand out as ``malformed_hand``, naming it, rather than
    be read as the table's line or the hand's first action."""
    unknown_lines_ignored: bool = False
    """A line among the actions that the grammar does not know carries nothing (PokerStars:
    chat, a bounty, a tournament's finish... its compiled scanner reads every other line so,
    and the reference must read each hand as it does); by default such a line leaves the hand
    out as ``malformed_hand``."""
    amount_run: re.Pattern[str] | None = None
    """Where set, an amount is the first run of its text this pattern finds, commas dropped,
    read as a number, or the hand is ``malformed_hand`` (PokerStars' ``[-\\d.,]+``: one form,
    read as its compiled scanner reads it); by default :func:`read_amount`, which knows every
    site's forms (``0,25``, ``1 234``, ``50K``)."""
    header_says: Callable[[str], Mapping[str, object]] | None = None
    """What the hand's first line says of its zone and money (``time_zone``, ``currency``,
    ``small_blind``, ``big_blind``, ``format``, ``buy_in``, ``buy_in_currency``), read by the
    code the site's compiled path reads it with (PokerStars'
    :func:`pipeline.sources.pokerstars.header.header_says`), so the two paths cannot disagree on
    these columns; by default the header pattern's groups give them, and where it gives no
    stakes, the blinds posted."""
    calls_as_written: bool = False
    """A call is what the line says it adds, never read as a bet or a raise from the street's
    bets (by default a call facing no bet is a bet, one adding more than the most bet a raise:
    a site's one word for all-in)."""
    dealt_in_unless_sitting_out: bool = False
    """Every seat is dealt in but one whose seat line says it sits out (:attr:`sitting_out`)
    that has no action line and puts nothing in; by default a seat that neither posts, acts nor
    wins is taken as not dealt in."""
    late_small_blind_dead: bool = False
    """A small blind posted after the hand's first (PokerStars: a player back at the table
    posting the one they missed, out of position) is dead: in the pot, not in the street's
    bet, so a call or a raise after it says what it adds to the big blind alone."""
    pot_sums_checked: bool = True
    """The engine names a hand whose awards exceed what was put in, or award nothing of it
    (``won_exceeds_pot``, ``pot_disagreement``); False for a site whose reader has a compiled
    path that checks no sums (PokerStars): the pot audit checks its rows, and both paths give
    the same issues."""
    whole_summary_seat: re.Pattern[str] | None = None
    """Searched in the text's last summary seat line where no line end follows it: how a whole
    one ends (a fold, an amount, cards, the last word of a hand's name)."""
    rewrites: tuple[tuple[re.Pattern[str], str], ...] = ()
    """(pattern, replacement as :meth:`re.Pattern.sub` takes it), applied in order to each
    hand's text before it is read, for a site whose lines need a small respelling to fit the
    grammar: cards written suit first (``[HA C10]``), ``4 h`` or ``2 of d``, a board written
    without brackets, a colon after the name on some lines only, Bovada's anonymous stud
    seats (``Seat+5 [ME]: $200 in chips``).  What the rows hold is still what the log says."""
    deal_streets: Mapping[str, Mapping[str, int]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    """Per deal kind (``stud``, ``draw``: :mod:`pipeline.records.deals`), street markers read
    otherwise in that game's hands than ``streets`` says: PartyPoker's ``Dealing River`` is
    a stud hand's seventh street."""
    fixed_limit: re.Pattern[str] = re.compile(
        r"(?<![Nn]o )(?<![Pp]ot )\b(?:[Ll]imit|LIMIT|FL|[Ff]ixed)\b"
    )
    """Searched in the header's ``game`` words: a limit game, whose header's stakes are its
    two bet sizes (``small_bet``, ``big_bet``); in a draw game the blinds are then those
    posted.  (A stud game's stakes are always its bets: it has no blinds.)"""
