"""The columnar path of :func:`pipeline.sources.pokerstars.read_pokerstars`.

Every line of the file becomes a row of one polars frame; the lines are classified and taken
apart with vectorised string expressions, and each hand's rows come out of a few group-bys.
Only the common shape of a hand is read here: any hand with something unusual (not hold'em, no
summary, a seat or action line that does not parse, a name that is not seated, a player sitting
out, a cash-out, run it twice) is handed back by its line number for the line-by-line reader,
which is the reference and reports issues.  Both give the same rows for the hands both read.
"""

from __future__ import annotations

import polars as pl

_HEADER = r"^\x{FEFF}?PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #"
_ACTION = (
    r"^(.*): (posts [a-z&]+(?: [a-z&]+)*|calls|bets|raises \S+ to|folds|checks|shows|mucks)"
    r"(?: (\S+))?"
)
_SUMMARY_SEAT = (
    r"^Seat \d+: (.*?) (?:\((?:button|small blind|big blind)\) )*(showed|mucked) \[([^\]]*)\]"
)
_SUMMARY_SAID = r"\] and (?:won \([^)]*\)|lost|collected \([^)]*\)) with (.+)$"
_ODD = (
    r"sitting out|cashed out|\*\*\* (?:FIRST|SECOND|THIRD) |bringsin|brings in|discards|stands pat"
)


_DATE = r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})"


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


def fast_rows(text: str) -> tuple[pl.DataFrame, list[int]]:
    """Rows (schema of :data:`ROW_SCHEMA`) for the ordinary hands of a normalised text, and the
    1-based start lines of the hands left for the line-by-line reader."""
    from pipeline.sources.hand_log import ROW_SCHEMA

    lines = pl.DataFrame({"l": text.split("\n")}).with_row_index("i", offset=1)
    lines = lines.with_columns(pl.col("i").cast(pl.Int64), pl.col("l").str.strip_chars_end())
    header = pl.col("l").str.contains(_HEADER)
    lines = lines.with_columns(hand=header.cum_sum())
    lines = lines.filter((pl.col("hand") > 0) & (pl.col("l") != ""))
    # Lines are in hand order, so per-hand counters are running totals minus their value at the
    # hand's header line (a forward fill), with no group-by.
    marker = pl.col("l").str.starts_with("*** ")
    summary = pl.col("l").str.starts_with("*** SUMMARY")
    street_marker = marker & pl.col("l").str.contains(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\*")
    lines = lines.with_columns(
        marker=marker,
        row=pl.int_range(pl.len(), dtype=pl.Int64),
        c_summary=summary.cum_sum(),
        c_marker=marker.cum_sum(),
        c_street=street_marker.cum_sum(),
        first=pl.col("hand") != pl.col("hand").shift(1, fill_value=0),
    )

    def since_start(name: str) -> pl.Expr:
        base = pl.when(pl.col("first")).then(pl.col(name)).forward_fill()
        return pl.col(name) - base

    lines = lines.with_columns(
        pos=since_start("row"),
        in_summary=since_start("c_summary") > 0,
        section=since_start("c_marker"),
        street=since_start("c_street").clip(0, 3),
    )
    head = lines.filter(pl.col("pos") == 0).select(
        "hand",
        start=pl.col("i"),
        hand_id=pl.col("l").str.extract(r"(?:Hand|Game) #(\d+)", 1),
        tournament=pl.col("l").str.extract(r"Tournament #(\d+)", 1),
        date=pl.col("l").str.extract_groups(
            r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})"
        ),
        holdem=pl.col("l").str.contains("Hold'em"),
        variant=pl.when(pl.col("l").str.contains("No Limit"))
        .then(pl.lit("Hold'em No Limit"))
        .when(pl.col("l").str.contains("Pot Limit"))
        .then(pl.lit("Hold'em Pot Limit"))
        .otherwise(pl.lit("Hold'em Limit")),
        dead_small=_money(
            pl.col("l").str.extract(r"\(([^()/]*)/[^()/]*?(?: [A-Z]{3})?\)", 1)
        ).fill_null(0.0),
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
    table = lines.filter(pl.col("pos") == 1).select(
        "hand",
        parts=pl.col("l").str.extract_groups(
            r"^Table '(.*)' (?:\d+-max )?.*?Seat #(\d+) is the button"
        ),
    )
    table = table.select(
        "hand",
        table=pl.col("parts").struct.field("1"),
        button=pl.col("parts").struct.field("2").cast(pl.Int64),
    )
    summary_seen = lines.group_by("hand").agg(
        summary=pl.col("in_summary").any(),
        odd=pl.col("l").str.contains(_ODD).any(),
    )
    seat_lines = lines.filter(
        (pl.col("pos") >= 2) & (pl.col("section") == 0) & pl.col("l").str.starts_with("Seat ")
    )
    seats = seat_lines.select(
        "hand",
        parts=pl.col("l").str.extract_groups(r"^Seat (\d+): (.*) \(([^()]*?) in chips"),
    ).select(
        "hand",
        seat=pl.col("parts").struct.field("1").cast(pl.Int64),
        player=pl.col("parts").struct.field("2"),
        stack=_money(pl.col("parts").struct.field("3")),
    )
    body = lines.filter(
        (pl.col("pos") >= 2)
        & ~pl.col("in_summary")
        & ~pl.col("marker")
        & ~((pl.col("section") == 0) & pl.col("l").str.starts_with("Seat "))
    )
    acts = (
        body.select(
            "hand", "i", "street", parts=pl.col("l").str.extract_groups(_ACTION), l=pl.col("l")
        )
        .select(
            "hand",
            "i",
            "street",
            "l",
            player=pl.col("parts").struct.field("1"),
            verb=pl.col("parts").struct.field("2"),
            amount=_money(pl.col("parts").struct.field("3")),
        )
        .filter(pl.col("verb").is_not_null())
    )
    acts = acts.join(head.select("hand", "dead_small"), on="hand", how="left")
    verb = pl.col("verb")
    is_post = verb.str.starts_with("posts ")
    is_ante = is_post & verb.str.contains("ante")
    is_dead = is_post & verb.str.contains("small & big")
    is_raise = verb.str.starts_with("raises ")
    is_money = is_post | verb.is_in(["calls", "bets"]) | is_raise
    acts = acts.with_columns(
        bad=is_money & pl.col("amount").is_null(),
        street_add=pl.when(is_ante)
        .then(0.0)
        .when(is_dead)
        .then((pl.col("amount") - pl.col("dead_small")).clip(lower_bound=0.0))
        .when(is_money)
        .then(pl.col("amount"))
        .otherwise(0.0),
        dead=pl.when(is_ante)
        .then(pl.col("amount"))
        .when(is_dead)
        .then(pl.col("amount") - (pl.col("amount") - pl.col("dead_small")).clip(lower_bound=0.0))
        .otherwise(0.0),
        raise_=is_raise,
    )
    acts = acts.with_columns(
        later_raises=pl.col("raise_")
        .cast(pl.Int32)
        .cum_sum(reverse=True)
        # One 64-bit key per (hand, player, street) groups faster than three columns.
        .over(pl.struct("hand", "player", "street").hash(seed=13))
    )
    acts = acts.with_columns(
        counted=pl.when(pl.col("raise_") & (pl.col("later_raises") == 1))
        .then(pl.col("amount"))
        .when(~pl.col("raise_") & (pl.col("later_raises") == 0))
        .then(pl.col("street_add"))
        .otherwise(0.0)
    )
    per_player = acts.group_by(pl.struct("hand", "player").hash(seed=7).alias("key")).agg(
        pl.col("hand").first(),
        pl.col("player").first(),
        put=pl.col("counted").sum() + pl.col("dead").sum(),
        bad=pl.col("bad").any(),
        fold_street=pl.col("street").filter(pl.col("verb") == "folds").first(),
    )
    uncalled = (
        body.select(
            "hand",
            parts=pl.col("l").str.extract_groups(r"^Uncalled bet \((\S+)\) returned to (.*)$"),
        )
        .select(
            "hand",
            player=pl.col("parts").struct.field("2"),
            back=_money(pl.col("parts").struct.field("1")),
        )
        .filter(pl.col("player").is_not_null())
        .group_by("hand", "player")
        .agg(pl.col("back").sum())
    )
    collected = (
        body.filter(pl.col("l").str.contains(" collected "))
        .select("hand", parts=pl.col("l").str.extract_groups(r"^(.*) collected (\S+) from "))
        .select(
            "hand",
            player=pl.col("parts").struct.field("1"),
            got=_money(pl.col("parts").struct.field("2")),
        )
        .filter(pl.col("player").is_not_null())
        .group_by("hand", "player")
        .agg(pl.col("got").sum())
    )
    # Cards seen, in line order; the last one seen for a player wins, as in the line reader.
    dealt = (
        body.filter(pl.col("l").str.starts_with("Dealt to "))
        .select(
            "hand",
            "i",
            parts=pl.col("l").str.extract_groups(r"^Dealt to (.*?) \[([^\]]*)\]"),
        )
        .select(
            "hand",
            "i",
            player=pl.col("parts").struct.field("1"),
            cards=pl.col("parts").struct.field("2"),
            shown=pl.lit(False),
            said=pl.lit(None, dtype=pl.String),
            summary_said=pl.lit(None, dtype=pl.String),
        )
    )
    showing = acts.filter(pl.col("verb").is_in(["shows", "folds"])).select(
        "hand",
        "i",
        "player",
        cards=pl.col("l").str.extract(r": (?:shows|folds) \[([^\]]*)\]", 1),
        shown=pl.col("verb") == "shows",
        said=pl.when(pl.col("verb") == "shows").then(pl.col("l").str.extract(r"\] \((.+)\)$", 1)),
        summary_said=pl.lit(None, dtype=pl.String),
    )
    summary_cards = (
        lines.filter(pl.col("in_summary") & pl.col("l").str.starts_with("Seat "))
        .select("hand", "i", "l", parts=pl.col("l").str.extract_groups(_SUMMARY_SEAT))
        .select(
            "hand",
            "i",
            player=pl.col("parts").struct.field("1"),
            cards=pl.col("parts").struct.field("3"),
            shown=pl.col("parts").struct.field("2") == "showed",
            said=pl.lit(None, dtype=pl.String),
            summary_said=pl.when(pl.col("parts").struct.field("2") == "showed").then(
                pl.col("l").str.extract(_SUMMARY_SAID, 1)
            ),
        )
    )
    cards = (
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
    board = (
        lines.filter(
            pl.col("marker")
            & ~pl.col("in_summary")
            & pl.col("l").str.contains(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\*")
        )
        .select("hand", "i", cards=pl.col("l").str.extract(r"\[([^\]]*)\]$", 1))
        .sort("i")
        .group_by("hand")
        .agg(board=_cards(pl.col("cards").str.join(" ")))
    )
    # Which hands the columnar path cannot vouch for.
    seat_names = seats.select("hand", "player", known=pl.lit(True))
    unknown_actor = (
        pl.concat([acts.select("hand", "player"), uncalled.select("hand", "player")])
        .join(seat_names, on=["hand", "player"], how="left")
        .filter(pl.col("known").is_null())
        .select("hand")
    )
    bad_seat = seats.filter(
        pl.col("player").is_null() | pl.col("stack").is_null() | pl.col("seat").is_null()
    ).select("hand")
    bad_amount = per_player.filter(pl.col("bad")).select("hand")
    hands = head.join(table, on="hand", how="left").join(summary_seen, on="hand", how="left")
    bad_head = hands.filter(
        pl.col("hand_id").is_null()
        | ~pl.col("holdem")
        | pl.col("button").is_null()
        | ~pl.col("summary")
        | pl.col("odd")
    ).select("hand")
    no_seats = hands.join(seats.select("hand").unique(), on="hand", how="anti").select("hand")
    fallback = pl.concat([unknown_actor, bad_seat, bad_amount, bad_head, no_seats]).unique()
    good = hands.join(fallback, on="hand", how="anti")
    streets = pl.Series(["preflop", "flop", "turn", "river"])
    rows = (
        seats.join(good, on="hand", how="inner")
        .join(per_player, on=["hand", "player"], how="left")
        .join(uncalled, on=["hand", "player"], how="left")
        .join(collected, on=["hand", "player"], how="left")
        .join(cards, on=["hand", "player"], how="left")
        .join(board, on="hand", how="left")
        .sort("hand", "seat")
        .select(
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
            ~pl.col("shown").fill_null(False).alias("mucked"),
            pl.col("stated_hand"),
            pl.col("board").fill_null(""),
            pl.col("fold_street").is_not_null().alias("folded"),
            pl.col("fold_street")
            .replace_strict([0, 1, 2, 3], streets, default=None, return_dtype=pl.String)
            .alias("folded_street"),
            (pl.col("put").fill_null(0.0) - pl.col("back").fill_null(0.0)).round(2).alias("put_in"),
            pl.col("got").fill_null(0.0).round(2).alias("won"),
            pl.col("variant"),
        )
    )
    rows = rows.with_columns(pl.col("mucked").alias("mucked"))
    fallback_lines = hands.join(fallback, on="hand", how="inner")["start"].sort().to_list()
    return rows.cast(ROW_SCHEMA), fallback_lines  # type: ignore[arg-type]
