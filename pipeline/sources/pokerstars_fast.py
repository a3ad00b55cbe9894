"""The polars columnar path of :func:`pipeline.sources.pokerstars.read_pokerstars`: the one it
takes where the compiled scanner (:mod:`pipeline.sources.pokerstars_compiled`) is not built, or
when asked (``compiled=False``).

Every line of the file becomes a row of one polars frame; the lines are classified with cheap
prefix tests, and only the few kinds that carry something (seats, actions, uncalled bets,
collections, cards, the board) are taken apart, each over its own lines; a costlier test runs
only on the lines a prefix test picked.  Actions become numpy arrays (verb codes, amounts)
keyed by an integer (hand, seat, street), so the sums per player are numpy passes, not
group-bys over names, and every value lands on the seat rows by an integer seat key: names are
matched to seats in two joins only (action lines, and the other named lines together).  Only
the common shape of a hand is read here: any hand with something unusual (not
hold'em, no summary, a seat or action line that does not parse, an actor who is not seated,
a cash-out, run it twice) is handed back by its line number for the line-by-line reader, which
is the reference and reports issues.  Both give the same rows for the hands both read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np
import polars as pl
from numpy.typing import NDArray

_HEADER = r"^\x{FEFF}?PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #"
_VERBS = ("posts ", "calls ", "bets ", "raises ", "folds", "checks", "shows", "mucks")
# The amount of a money action, read from the text after "name: ".
_AMOUNT = r"^(?:calls|bets|raises \S+ to|posts [a-z&]+(?: [a-z&]+)*?) [^\d\s-]*(-?[\d.,]+)"
_SUMMARY_SEAT = (
    r"^Seat \d+: (.*?) (?:\((?:button|small blind|big blind)\) )*(showed|mucked) \[([^\]]*)\]"
)
_SUMMARY_SAID = r"\] and (?:won \([^)]*\)|lost|collected \([^)]*\)) with (.+)$"
_ODD = (
    "cashed out",
    "*** FIRST",
    "*** SECOND",
    "*** THIRD",
    "bringsin",
    "brings in",
    "discards",
    "stands pat",
)
_SMALL_BLIND = r"\(([^()/]*)/[^()/]*?(?: [A-Z]{3})?\)"
_STREET_MARKER = r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\*"
_CARD = r"[2-9TJQKA][cdhs]"
# A street marker as PokerStars writes it: flop, then turn and river with the board so far.
_USUAL_STREET = tuple(
    rf"^\*\*\* {street} \*\*\* \[{_CARD}(?: {_CARD}){{{before}}}\]{new}$"
    for street, before, new in (
        ("FLOP", 2, ""),
        ("TURN", 2, rf" \[{_CARD}\]"),
        ("RIVER", 3, rf" \[{_CARD}\]"),
    )
)
_SEATS_PER_HAND = 64  # a seat number at or above it sends the hand to the line reader
_NAME_SEED = 13  # any fixed seed: names are hashed on both sides of one join
_HAND_SPREAD = 0x9E3779B97F4A7C15  # an odd 64-bit multiplier spreads hand numbers over the key
_STREETS = ["preflop", "flop", "turn", "river"]
_CARD_COLUMNS = ("hole", "shown", "stated_hand")


def _money(expr: pl.Expr) -> pl.Expr:
    return (
        expr.str.extract(r"([-\d.,]+)", 1).str.replace_all(",", "").cast(pl.Float64, strict=False)
    )


def _cards(expr: pl.Expr) -> pl.Expr:
    return (
        expr.str.replace_all(r"(^|\s)10([cdhsCDHS])", "${1}T${2}")
        .str.replace_all(r"\s+", " ")
        .str.strip_chars()
    )


def lines_of(text: str) -> pl.Series:
    r"""The text's lines as one polars column (Python's split measured cheaper than polars').

    >>> lines_of("a\n\nb").to_list()
    ['a', '', 'b']
    """
    return pl.Series("l", text.split("\n"))


def _lines(text: pl.Series) -> pl.DataFrame:
    """Non-empty lines inside hands: ``i`` (1-based line), ``l``, ``hand`` (1..), ``pos`` (line
    within the hand), ``section`` (``*** `` markers so far), ``street`` (0..3), ``summary``,
    and flags: ``marker``, ``odd``, ``seat`` (a ``Seat `` line), ``shown`` (a summary seat that
    showed or mucked cards)."""
    every = text.str.strip_chars_end()
    # The costlier tests run only on the few lines a cheap prefix test picked.
    header = _where(
        every.str.starts_with("PokerStars ") | every.str.starts_with("\ufeffPokerStars "),
        every,
        lambda heads: heads.str.contains(_HEADER),
    )
    hand_of_line = np.cumsum(header, dtype=np.int64)
    keep = (hand_of_line > 0) & (every != "").to_numpy()
    line = every.filter(keep)
    hand = hand_of_line[keep]
    marker = line.str.starts_with("*** ").to_numpy()
    summary = _where(marker, line, lambda markers: markers.str.starts_with("*** SUMMARY"))
    street = _where(marker, line, lambda markers: markers.str.contains(_STREET_MARKER))
    # Lines are in hand order, so a per-hand counter is a running total less its value just
    # before the hand's header line.
    first = np.flatnonzero(np.diff(hand, prepend=0) != 0)
    start_of = np.repeat(first, np.diff(first, append=len(hand)))

    def since_start(flags: NDArray[np.bool_]) -> NDArray[np.int64]:
        running = np.cumsum(flags, dtype=np.int64)
        result: NDArray[np.int64] = running - (running - flags)[start_of]
        return result

    in_summary = since_start(summary) > 0
    # One regex alternation finds these faster than ``contains_any``'s automaton.
    odd = line.str.contains("|".join(re.escape(text) for text in _ODD)).to_numpy()
    # Of the summary only its marker and the seats that showed or mucked cards are read.
    seat = line.str.starts_with("Seat ").to_numpy()
    shown = _where(
        seat & in_summary,
        line,
        lambda seats: seats.str.contains("ed [", literal=True),
    )
    wanted = ~in_summary | marker | shown | odd
    return pl.DataFrame(
        {
            "i": np.flatnonzero(keep)[wanted] + 1,
            "l": line.filter(wanted),
            "hand": hand[wanted],
            "marker": marker[wanted],
            "pos": (np.arange(len(hand), dtype=np.int64) - start_of)[wanted],
            "summary": in_summary[wanted],
            "section": since_start(marker)[wanted],
            "street": np.minimum(since_start(street), 3)[wanted],
            "odd": odd[wanted],
            "seat": seat[wanted],
            "shown": shown[wanted],
        }
    )


def _seats(seat_lines: pl.DataFrame) -> pl.DataFrame:
    r"""``Seat 3: Ann (1500 in chips) is sitting out`` as hand, seat, player, stack, sitting out,
    and ``sure``: whether the line is cut as the line reader's pattern
    ``^Seat (\d+): (.+?) \(([^()]*?) in chips(.*)$`` cuts it.  Three plain splits cost less
    than that pattern; they agree with it when the name is not empty and the text between the
    name's `` (`` and the first `` in chips`` holds no parenthesis (else the hand is left to the
    line reader).

    >>> seat_lines = ["Seat 2: A (b) (5 in chips)", "Seat 3: B (7 in chips) is sitting out"]
    >>> lines = pl.DataFrame({"hand": [1, 1], "l": seat_lines})
    >>> _seats(lines).rows()
    [(1, 2, 'A', None, False, False), (1, 3, 'B', 7.0, True, True)]
    """
    number = pl.col("l").str.strip_prefix("Seat ").str.splitn(": ", 2).struct
    name = pl.col("after").str.splitn(" (", 2).struct
    chips = pl.col("chips").str.splitn(" in chips", 2).struct
    cut = (
        seat_lines.select("hand", number=number.field("field_0"), after=number.field("field_1"))
        .select("hand", "number", player=name.field("field_0"), chips=name.field("field_1"))
        .select(
            "hand", "number", "player", stack=chips.field("field_0"), tail=chips.field("field_1")
        )
    )
    sure = (
        pl.col("number").str.contains(r"^\d+$")
        & (pl.col("player") != "")
        & pl.col("tail").is_not_null()
        & ~pl.col("stack").str.contains_any(["(", ")"])
    ).fill_null(False)
    return cut.select(
        "hand",
        seat=pl.col("number").cast(pl.Int64, strict=False),
        player="player",
        stack=pl.when(sure).then(_money(pl.col("stack"))),
        sitting_out=pl.col("tail").str.contains("sitting out", literal=True).fill_null(False),
        sure=sure,
    )


def _where(
    picked: pl.Series | NDArray[np.bool_],
    lines: pl.Series,
    test: Callable[[pl.Series], pl.Series],
) -> NDArray[np.bool_]:
    """``test`` of the picked lines, false elsewhere (a test run on the few lines it concerns).

    >>> lines = pl.Series(["*** FLOP *** [Ah]", "Ann: folds", "*** SUMMARY ***"])
    >>> _where(lines.str.starts_with("*** "), lines, lambda x: x.str.contains("FLOP")).tolist()
    [True, False, False]
    """
    at = np.flatnonzero(picked.to_numpy() if isinstance(picked, pl.Series) else picked)
    result = np.zeros(len(lines), dtype=np.bool_)
    result[at] = test(lines.gather(at)).fill_null(False).to_numpy()
    return result


def _heads(lines: pl.DataFrame) -> pl.DataFrame:
    """Per hand: id, tournament, date, table, button, variant, the header line, odd or not."""
    head = (
        lines.select("hand", "i", "l", "pos")
        .filter(pl.col("pos") == 0)
        .select(
            "hand",
            start=pl.col("i"),
            hand_id=pl.col("l").str.extract(r"(?:Hand|Game) #(\d+)", 1),
            tournament=pl.col("l").str.extract(r"Tournament #(\d+)", 1),
            date=pl.col("l").str.extract_groups(
                r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})"
            ),
            holdem=pl.col("l").str.contains("Hold'em", literal=True),
            variant=pl.when(pl.col("l").str.contains("No Limit", literal=True))
            .then(pl.lit("Hold'em No Limit"))
            .when(pl.col("l").str.contains("Pot Limit", literal=True))
            .then(pl.lit("Hold'em Pot Limit"))
            .otherwise(pl.lit("Hold'em Limit")),
            head=pl.col("l"),
        )
    )
    date = pl.col("date").struct
    head = head.with_columns(
        date=pl.when(date.field("1").is_not_null()).then(
            pl.concat_str(
                date.field("1"),
                pl.lit("-"),
                date.field("2").str.zfill(2),
                pl.lit("-"),
                date.field("3").str.zfill(2),
                pl.lit("T"),
                date.field("4").str.zfill(2),
                pl.lit(":"),
                date.field("5"),
                pl.lit(":"),
                date.field("6"),
            )
        )
    )
    table = (
        lines.select("hand", "l", "pos")
        .filter(pl.col("pos") == 1)
        .select(
            "hand",
            parts=pl.col("l").str.extract_groups(
                r"^Table '(.*)' (?:\d+-max )?.*?Seat #(\d+) is the button"
            ),
        )
    )
    table = table.select(
        "hand",
        table=pl.col("parts").struct.field("1"),
        # A button past the 64-bit range is null, so its hand goes to the line reader.
        button=pl.col("parts").struct.field("2").cast(pl.Int64, strict=False),
    )
    summary = lines.select("hand", "summary", "marker").filter(pl.col("summary") & pl.col("marker"))
    summary = summary.select("hand").unique()
    odd = lines.select("hand", "odd").filter(pl.col("odd")).select("hand").unique()
    return head.join(table, on="hand", how="left").with_columns(
        summary=pl.col("hand").is_in(summary["hand"].implode()),
        odd=pl.col("hand").is_in(odd["hand"].implode()),
    )


def fast_rows(text: pl.Series) -> tuple[pl.DataFrame, list[tuple[int, int]]]:
    """Rows (schema of :data:`ROW_SCHEMA`) for the ordinary hands of a normalised text given as
    its lines (:func:`lines_of`), and the hands left for the line-by-line reader as (first,
    last) 1-based lines."""
    from pipeline.sources.hand_log import ROW_SCHEMA

    lines = _lines(text)
    hands = _heads(lines)
    is_seat = pl.col("seat")
    in_body = (pl.col("pos") >= 2) & ~pl.col("summary") & ~pl.col("marker")
    seat_lines = lines.select("hand", "l", "pos", "section", "seat").filter(
        (pl.col("pos") >= 2) & (pl.col("section") == 0) & is_seat
    )
    # The line reader reads seats only in one run from the third line: a hand with any other
    # seat line before the first marker is left to it.
    scattered_seats = (
        seat_lines.with_columns(nth=pl.int_range(pl.len()).over("hand"))
        .filter(pl.col("pos") != pl.col("nth") + 2)
        .select("hand")
    )
    seats = _seats(seat_lines)
    body = lines.select("hand", "i", "street", "l", "pos", "summary", "marker", "section", "seat")
    body = body.filter(in_body & ~((pl.col("section") == 0) & is_seat)).select(
        "hand", "i", "street", "l"
    )
    # "name: action": the name is up to the first ": " (a name holding ": " is not seated, so
    # its hand goes to the line reader, which splits at the seated names).
    parts = pl.col("l").str.splitn(": ", 2).struct
    spoken = body.filter(pl.col("l").str.contains(": ", literal=True)).select(
        "hand", "i", "street", player=parts.field("field_0"), rest=parts.field("field_1")
    )
    spoken = _with_seats(spoken, seats)
    acts, unknown_actor, bad_amount = _actions(spoken, hands)
    seat_key = (seats["hand"] * _SEATS_PER_HAND + seats["seat"]).fill_null(-1).to_numpy()
    seats = seats.with_columns(
        _on_seats(seat_key, *_put_in(acts)).alias("put"),
        _on_seats(seat_key, *_last_folds(acts)).alias("fold_street"),
    )
    spoken_seat = spoken["seat"].fill_null(-1).to_numpy()
    in_range = (spoken_seat >= 0) & (spoken_seat < _SEATS_PER_HAND)
    spoken_keys = np.unique((spoken["hand"].to_numpy() * _SEATS_PER_HAND + spoken_seat)[in_range])
    # A player sitting out who never spoke and put nothing in is not in the hand.
    seats = seats.with_columns(spoke=pl.Series(np.isin(seat_key, spoken_keys)))
    uncalled = (
        # Every line the line reader takes as one (and refuses unless it reads whole).
        body.filter(pl.col("l").str.starts_with("Uncalled bet"))
        .select(
            "hand",
            parts=pl.col("l").str.extract_groups(r"^Uncalled bet \((\S+)\) returned to (.*)$"),
        )
        .select(
            "hand",
            player=pl.col("parts").struct.field("2"),
            back=_money(pl.col("parts").struct.field("1")),
        )
    )
    collected = (
        body.filter(pl.col("l").str.contains(" collected ", literal=True))
        .select("hand", parts=pl.col("l").str.extract_groups(r"^(.*) collected (\S+) from "))
        .select(
            "hand",
            player=pl.col("parts").struct.field("1"),
            got=_money(pl.col("parts").struct.field("2")),
        )
        .filter(pl.col("player").is_not_null())
    )
    cards = _cards_seen(lines, body, spoken)
    # The names of these lines are found among the seats in one join, and their values land
    # on the seat rows by seat key, as the chips put in do.
    (uncalled_at, uncalled_key), (collected_at, collected_key), (cards_at, cards_key) = _seat_keys(
        seats, [uncalled, collected, cards]
    )
    unknown_uncalled = pl.concat(
        [
            uncalled.select("hand").gather(uncalled_at[uncalled_key < 0]),
            uncalled.filter(pl.col("player").is_null() | pl.col("back").is_null()).select("hand"),
        ]
    )
    back_keys, back = _sums(uncalled_key, uncalled["back"].gather(uncalled_at))
    got_keys, got = _sums(collected_key, collected["got"].gather(collected_at))
    cards_keys, first = np.unique(cards_key, return_index=True)
    cards_found = cards.gather(cards_at[first])
    seats = seats.with_columns(
        _on_seats(seat_key, back_keys, back).alias("back"),
        _on_seats(seat_key, got_keys, got).alias("got"),
        *(_on_seats(seat_key, cards_keys, cards_found[name]) for name in _CARD_COLUMNS),
    )
    # The board is each street's new card(s), the last [...] of its marker; the line reader
    # adds every card of every [...] it has not seen and takes the highest street named, so a
    # hand is vouched for only where its markers come flop, turn, river in their usual form
    # and the two readings give the same board.
    street_lines = (
        lines.select("hand", "l", "marker", "summary")
        .filter(pl.col("marker") & ~pl.col("summary"))
        .filter(pl.col("l").str.contains(r"(?:FLOP|TURN|RIVER) \*\*\*"))
        .with_columns(nth=pl.int_range(pl.len()).over("hand"))
    )
    board = street_lines.group_by("hand", maintain_order=True).agg(
        board=_cards(pl.col("l").str.extract(r"\[([^\]]*)\]$", 1).str.join(" ")),
        every_card=pl.col("l").str.extract_all(_CARD).explode().unique(maintain_order=True),
        usual=(
            pl.col("l").str.contains(_USUAL_STREET[0]) & (pl.col("nth") == 0)
            | pl.col("l").str.contains(_USUAL_STREET[1]) & (pl.col("nth") == 1)
            | pl.col("l").str.contains(_USUAL_STREET[2]) & (pl.col("nth") == 2)
        ).all(),
    )
    bad_board = board.filter(
        ~pl.col("usual") | (pl.col("board") != pl.col("every_card").list.join(" "))
    ).select("hand")
    board = board.select("hand", "board")
    # Which hands the columnar path cannot vouch for.
    bad_seat = seats.filter(
        ~pl.col("sure")
        | pl.col("player").is_null()
        # An action line is cut at its first ": ", which must be the one after the name.
        | pl.col("player").str.contains(": ", literal=True)
        | pl.col("stack").is_null()
        | pl.col("seat").is_null()
        | (pl.col("seat") >= _SEATS_PER_HAND)
        | (pl.col("seat") < 0)
        | pl.Series(_repeated(seat_key))
    ).select("hand")
    bad_head = hands.filter(
        pl.col("hand_id").is_null()
        | ~pl.col("holdem")
        | pl.col("button").is_null()
        | ~pl.col("summary")
        | pl.col("odd")
    ).select("hand")
    no_seats = hands.join(seats.select("hand").unique(), on="hand", how="anti").select("hand")
    fallback = pl.concat(
        [
            unknown_actor,
            unknown_uncalled,
            bad_seat,
            scattered_seats,
            bad_amount,
            bad_head,
            bad_board,
            no_seats,
        ]
    ).unique()
    # Each seat row takes its hand's columns by position (hands are numbered in order).
    by_hand = hands.join(board, on="hand", how="left").sort("hand")
    numbers = by_hand["hand"].to_numpy()
    good = ~np.isin(numbers, fallback["hand"].to_numpy())
    seat_hands = seats["hand"].to_numpy()
    hand_at = np.minimum(np.searchsorted(numbers, seat_hands), max(len(numbers) - 1, 0))
    kept = good[hand_at] & (numbers[hand_at] == seat_hands) if len(numbers) else seat_hands < 0
    rows = pl.concat(
        [seats.filter(kept), by_hand.drop("hand").gather(hand_at[kept])], how="horizontal"
    ).filter(~(pl.col("sitting_out") & ~pl.col("spoke") & (pl.col("put").fill_null(0.0) == 0.0)))
    # Seat lines come in seat order, so the sort is mostly skipped.
    order = (rows["hand"] * _SEATS_PER_HAND + rows["seat"]).to_numpy()
    if (np.diff(order) < 0).any():
        rows = rows.sort("hand", "seat", maintain_order=True)
    rows = rows.select(
        pl.col("hand_id"),
        pl.col("tournament"),
        pl.col("table"),
        pl.col("hand_id").alias("round"),
        pl.col("date"),
        pl.col("start").alias("line"),
        pl.col("seat"),
        (pl.col("seat") == pl.col("button")).alias("button"),
        pl.col("player"),
        pl.col("stack"),
        pl.col("hole"),
        (~pl.col("shown").fill_null(False)).alias("mucked"),
        pl.col("stated_hand"),
        pl.col("board").fill_null(""),
        pl.col("fold_street").is_not_null().alias("folded"),
        pl.col("fold_street")
        .replace_strict([0, 1, 2, 3], _STREETS, default=None, return_dtype=pl.String)
        .alias("folded_street"),
        (pl.col("put").fill_null(0.0) - pl.col("back").fill_null(0.0)).round(2).alias("put_in"),
        pl.col("got").fill_null(0.0).round(2).alias("won"),
        pl.col("variant"),
    )
    spans = hands.select(
        "hand", "start", end=pl.col("start").shift(-1, fill_value=len(text) + 1) - 1
    ).join(fallback, on="hand", how="semi")
    fallback_spans = list(spans.sort("start").select("start", "end").iter_rows())
    return rows.cast(ROW_SCHEMA), fallback_spans  # type: ignore[arg-type]


def _on_seats(seat_key: NDArray[np.int64], keys: NDArray[np.int64], values: pl.Series) -> pl.Series:
    """``values`` (one per sorted unique ``keys``) on the seat rows whose key is there, else null.

    >>> _on_seats(np.array([5, 7, 9]), np.array([5, 9]), pl.Series([1.5, 2.5])).to_list()
    [1.5, None, 2.5]
    """
    if len(keys) == 0:
        return pl.Series(values.name, [None] * len(seat_key), dtype=values.dtype)
    where = np.minimum(np.searchsorted(keys, seat_key), len(keys) - 1)
    found = pl.Series(keys[where] == seat_key)
    return values.gather(where).zip_with(found, pl.Series([None], dtype=values.dtype))


def _with_seats(named: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """``named`` (``hand``, ``player``, ...) in its order with ``seat``: the seat of the name in
    its hand, null when not seated (a name seated twice gives its row twice, as a join on names
    would).  The join is on one 64-bit hash of hand and name, which costs less than a join on
    the text; a seat is kept only where the names are equal, so a hash collision can cost a
    hand the columnar path (an actor not seated), never give a wrong seat.

    >>> seats = pl.DataFrame({"hand": [1, 1, 2], "player": ["Ann", "Bob", "Ann"]})
    >>> seats = seats.with_columns(seat=pl.Series([2, 5, 7]))
    >>> named = pl.DataFrame({"hand": [2, 1, 1], "player": ["Ann", "Cy", "Bob"]})
    >>> _with_seats(named, seats)["seat"].to_list()
    [7, None, 5]
    """
    key = (
        pl.col("player").hash(_NAME_SEED) ^ (pl.col("hand").cast(pl.UInt64) * _HAND_SPREAD)
    ).alias("key_")
    found = seats.select(key, "seat", seated_=pl.col("player"))
    joined = named.with_columns(key).join(found, on="key_", how="left", maintain_order="left")
    return joined.with_columns(
        seat=pl.when(pl.col("seated_") == pl.col("player")).then(pl.col("seat"))
    ).drop("key_", "seated_")


def _seat_keys(
    seats: pl.DataFrame, frames: list[pl.DataFrame]
) -> list[tuple[NDArray[np.int64], NDArray[np.int64]]]:
    """For each frame of ``hand, player`` rows: its rows (positions) and their seat keys
    (``hand * 64 + seat``, -1 for a name not seated), found in one join for all frames.  A name
    seated twice in a hand gives its row twice, once per seat, as a join on names would.

    >>> seats = pl.DataFrame({"hand": [1, 1], "player": ["Ann", "Bob"], "seat": [2, 5]})
    >>> [(at.tolist(), key.tolist()) for at, key in _seat_keys(seats, [
    ...     pl.DataFrame({"hand": [1], "player": ["Bob"]}),
    ...     pl.DataFrame({"hand": [1, 1], "player": ["Cy", "Ann"]}),
    ... ])]
    [([0], [69]), ([0, 1], [-1, 66])]
    """
    named = pl.concat(
        [
            frame.select("hand", "player").with_columns(
                frame_=pl.lit(number, dtype=pl.Int32), at=pl.int_range(frame.height, dtype=pl.Int64)
            )
            for number, frame in enumerate(frames)
        ]
    )
    named = _with_seats(named, seats)
    number = named["frame_"].to_numpy()
    at = named["at"].to_numpy()
    seat = named["seat"].fill_null(-1).to_numpy()
    key = np.where(
        (seat >= 0) & (seat < _SEATS_PER_HAND),
        named["hand"].to_numpy() * _SEATS_PER_HAND + seat,
        -1,
    )
    return [(at[number == k], key[number == k]) for k in range(len(frames))]


def _sums(keys: NDArray[np.int64], values: pl.Series) -> tuple[NDArray[np.int64], pl.Series]:
    """``values`` summed per key, the keys sorted and unique (-1, no seat, left out).

    >>> keys, sums = _sums(np.array([7, -1, 3, 7]), pl.Series([1.0, 2.0, 4.0, 8.0]))
    >>> keys.tolist(), sums.to_list()
    ([3, 7], [4.0, 9.0])
    """
    seated = keys >= 0
    unique, group = np.unique(keys[seated], return_inverse=True)
    weights = values.to_numpy()[seated]
    return unique, pl.Series(
        values.name, np.bincount(group, weights=weights, minlength=len(unique))
    )


def _repeated(keys: NDArray[np.int64]) -> NDArray[np.bool_]:
    """Which keys occur more than once (a seat number twice in a hand).

    >>> _repeated(np.array([3, 5, 3])).tolist()
    [True, False, True]
    """
    _, group, counts = np.unique(keys, return_inverse=True, return_counts=True)
    repeated: NDArray[np.bool_] = counts[group] > 1
    return repeated


def _actions(
    spoken: pl.DataFrame, hands: pl.DataFrame
) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """The actions among the spoken lines as numbers (hand, seat, street, amount and flags),
    then the hands with an action by someone not seated, and with an amount that does not
    read.  Each verb is one prefix test over the spoken lines; amounts are read only from the
    money lines."""
    rest = spoken["rest"]
    verb = np.zeros(spoken.height, dtype=np.int8)
    for code, prefix in enumerate(_VERBS, start=1):
        verb[(verb == 0) & rest.str.starts_with(prefix).to_numpy()] = code
    money = (verb >= 1) & (verb <= len(_VERBS[:4]))
    amount = np.where(verb > 0, 0.0, np.nan)
    at = np.flatnonzero(money)
    amount[at] = (
        rest.gather(at)
        .str.extract(_AMOUNT, 1)
        .str.replace_all(",", "", literal=True)
        .cast(pl.Float64, strict=False)
        .fill_null(np.nan)
        .to_numpy()
    )
    posts = np.flatnonzero(verb == 1)
    posted = rest.gather(posts)
    ante = np.zeros(spoken.height, dtype=np.bool_)
    ante[posts] = posted.str.contains("ante", literal=True).to_numpy()
    dead = np.zeros(spoken.height, dtype=np.bool_)
    dead[posts] = posted.str.starts_with("posts small & big").to_numpy()
    hand = spoken["hand"].to_numpy()
    seat = spoken["seat"].fill_null(-1).to_numpy()
    seated = spoken["seat"].is_not_null().to_numpy()
    is_act = verb > 0
    unknown_actor = pl.DataFrame({"hand": hand[is_act & ~seated]})
    bad_amount = pl.DataFrame({"hand": hand[is_act & np.isnan(amount)]})
    # Seats past the key's range send their hand to the line reader (bad_seat in fast_rows).
    keep = is_act & seated & ~np.isnan(amount) & (seat >= 0) & (seat < _SEATS_PER_HAND)
    # The small blind of the header is read only for the hands with a dead blind posted.
    with_dead = hands.filter(pl.col("hand").is_in(pl.Series(np.unique(hand[dead])).implode()))
    dead_small = np.zeros(int(hands["hand"].to_numpy().max(initial=0)) + 1)
    dead_small[with_dead["hand"].to_numpy()] = (
        with_dead.select(_money(pl.col("head").str.extract(_SMALL_BLIND, 1)).fill_null(0.0))
        .to_series()
        .to_numpy()
    )
    acts = pl.DataFrame(
        {
            "hand": hand[keep],
            "seat": seat[keep],
            "street": spoken["street"].to_numpy()[keep],
            "amount": amount[keep],
            "raise_": (verb == _VERBS.index("raises ") + 1)[keep],
            "ante": ante[keep],
            "dead": dead[keep],
            "folds": (verb == _VERBS.index("folds") + 1)[keep],
            "dead_small": dead_small[hand[keep]],
        }
    )
    return acts, unknown_actor, bad_amount


def _last_folds(acts: pl.DataFrame) -> tuple[NDArray[np.int64], pl.Series]:
    """The street of each player's last fold (a fold line repeated later counts, as in the
    line reader), by ``hand * 64 + seat`` key (sorted)."""
    folds = acts.filter(pl.col("folds"))
    key = (folds["hand"] * _SEATS_PER_HAND + folds["seat"]).to_numpy()
    keys, last_from_end = np.unique(key[::-1], return_index=True)
    return keys, folds["street"].gather(len(key) - 1 - last_from_end)


def _put_in(acts: pl.DataFrame) -> tuple[NDArray[np.int64], pl.Series]:
    """Chips each player put in (before uncalled bets come back), by ``hand * 64 + seat`` key.

    On a street, ``raises X to Y`` makes the player's street total ``Y`` (blinds included), so
    a player's street is the last raise's ``to`` plus what they added after it; antes, and the
    dead part of a dead small blind, are outside the street totals.
    """
    hand = acts["hand"].to_numpy()
    seat = acts["seat"].to_numpy()
    street = acts["street"].to_numpy()
    amount = acts["amount"].to_numpy()
    raised = acts["raise_"].to_numpy()
    ante = acts["ante"].to_numpy()
    dead = acts["dead"].to_numpy()
    dead_small = acts["dead_small"].to_numpy()
    player_key = hand * _SEATS_PER_HAND + seat
    street_key = player_key * 4 + street
    if len(street_key) == 0:
        return np.zeros(0, dtype=np.int64), pl.Series("put", [], dtype=pl.Float64)
    groups, group_of = np.unique(street_key, return_inverse=True)
    position = np.arange(len(street_key))
    last_raise = np.full(len(groups), -1, dtype=np.int64)
    np.maximum.at(last_raise, group_of[raised], position[raised])
    after = position > last_raise[group_of]
    live_amount = np.where(ante, 0.0, np.where(dead, np.maximum(amount - dead_small, 0.0), amount))
    counted = np.where(
        raised & (position == last_raise[group_of]),
        amount,
        np.where(~raised & after, live_amount, 0.0),
    )
    dead_money = np.where(ante, amount, np.where(dead, amount - live_amount, 0.0))
    players, player_of = np.unique(player_key, return_inverse=True)
    put = np.bincount(player_of, weights=counted + dead_money, minlength=len(players))
    return players, pl.Series("put", put)


def _cards_seen(lines: pl.DataFrame, body: pl.DataFrame, spoken: pl.DataFrame) -> pl.DataFrame:
    """Per ``hand, player``: the hole cards last seen, shown or not, and the log's hand name."""
    no_text = pl.lit(None, dtype=pl.String)
    dealt = (
        body.filter(pl.col("l").str.starts_with("Dealt to "))
        .select("hand", "i", parts=pl.col("l").str.extract_groups(r"^Dealt to (.*?) \[([^\]]*)\]"))
        .select(
            "hand",
            "i",
            player=pl.col("parts").struct.field("1"),
            cards=pl.col("parts").struct.field("2"),
            shown=pl.lit(False),
            said=no_text,
            summary_said=no_text,
        )
    )
    rest = pl.col("rest")
    shows = rest.str.starts_with("shows ")
    showing = spoken.filter(
        pl.col("seat").is_not_null() & (shows | rest.str.starts_with("folds ["))
    ).select(
        "hand",
        "i",
        "player",
        cards=rest.str.extract(r"^(?:shows|folds) \[([^\]]*)\]", 1),
        shown=shows,
        said=pl.when(shows).then(rest.str.extract(r"\] \((.+)\)$", 1)),
        summary_said=no_text,
    )
    showed = pl.col("parts").struct.field("2") == "showed"
    summary_cards = (
        lines.select("hand", "i", "l", "shown")
        .filter(pl.col("shown"))
        .select("hand", "i", "l", parts=pl.col("l").str.extract_groups(_SUMMARY_SEAT))
        .select(
            "hand",
            "i",
            player=pl.col("parts").struct.field("1"),
            cards=pl.col("parts").struct.field("3"),
            shown=showed,
            said=no_text,
            summary_said=pl.when(showed).then(pl.col("l").str.extract(_SUMMARY_SAID, 1)),
        )
    )
    return (
        pl.concat([dealt, showing, summary_cards])
        .filter(pl.col("cards").is_not_null() & pl.col("player").is_not_null())
        .sort("i")
        .group_by("hand", "player")
        .agg(
            hole=_cards(pl.col("cards").last()),
            shown=pl.col("shown").any(),
            # As the line reader: the last ``shows`` line's name, else the summary's.
            stated_hand=pl.coalesce(
                pl.col("said").drop_nulls().last(), pl.col("summary_said").drop_nulls().first()
            ),
        )
    )
