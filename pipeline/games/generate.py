"""Seeded games for samples and benchmarks: the quiz's generator, vectorised, in every layout,
and the games without a board (stud, Razz, the draw games) in the players layout.

Ruby Quiz #24's script deals five community cards and two hole cards to each of eight players,
and each player sees 0, 3, 4 or 5 community cards, drawn uniformly, again until at least one
player stays to the river.  :func:`deal_holdem` does the same for many rounds at once with numpy.

>>> deal = deal_holdem(rounds=2, players=3, seed=1)
>>> deal.holes.shape, deal.boards.shape, deal.seen.shape
((2, 3, 2), (2, 5), (2, 3))
>>> bool((deal.seen == 5).any(axis=1).all())
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl
from numpy.typing import NDArray

from pipeline.core.cards import DECK_SIZE, format_cards
from pipeline.core.rules import HOLDEM, HandRules

STAGES = np.array([0, 3, 4, 5], dtype=np.int8)
ROSTER = (
    "Ann", "Bob", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lena",
    "Mo", "Nia", "Otto", "Pia",
)  # fmt: skip
_CARD_NAMES = np.array(format_cards(range(DECK_SIZE)), dtype=object)


@dataclass(frozen=True)
class HoldemDeal:
    """Many rounds: hole cards ``(rounds, players, hole cards)``, boards ``(rounds, 5)``,
    community cards each player saw ``(rounds, players)`` and who sat in ``(rounds, players)``."""

    holes: NDArray[np.uint8]
    boards: NDArray[np.uint8]
    seen: NDArray[np.int8]
    names: NDArray[np.str_]


def deal_holdem(
    rounds: int, players: int = 8, seed: int = 0, rules: HandRules = HOLDEM
) -> HoldemDeal:
    """Deal ``rounds`` rounds of ``players`` players, as the quiz's script does, from the rules'
    deck with their hole cards (four in Omaha; 6 through A in a short deck).

    >>> from pipeline.core.rules import OMAHA
    >>> deal_holdem(rounds=1, players=3, seed=1, rules=OMAHA).holes.shape
    (1, 3, 4)
    """
    if not 2 <= players <= 10:
        msg = f"players must be 2 to 10, got {players}"
        raise ValueError(msg)
    deck = np.array(rules.ranking.deck, dtype=np.uint8)
    if players * rules.hole_cards + 5 > len(deck):
        most = (len(deck) - 5) // rules.hole_cards
        msg = f"a {len(deck)}-card deck deals {rules.hole_cards} hole cards to {most} at most"
        raise ValueError(msg)
    rng = np.random.default_rng(seed)
    decks = deck[np.argsort(rng.random((rounds, len(deck))), axis=1)]
    boards = decks[:, :5]
    dealt = rules.hole_cards * players
    holes = decks[:, 5 : 5 + dealt].reshape(rounds, players, rules.hole_cards)
    seen = STAGES[rng.integers(0, 4, size=(rounds, players))]
    redo = ~(seen == 5).any(axis=1)
    while redo.any():
        seen[redo] = STAGES[rng.integers(0, 4, size=(int(redo.sum()), players))]
        redo = ~(seen == 5).any(axis=1)
    seats = np.argsort(rng.random((rounds, len(ROSTER))), axis=1)[:, :players]
    names = np.array(ROSTER)[seats]
    return HoldemDeal(holes, boards, seen, names)


def _cards_text(cards: NDArray[np.uint8]) -> pl.Series:
    """Rows of card ids as space-joined text, without a Python loop per row."""
    width = cards.shape[-1]
    flat = cards.reshape(-1, width)
    columns = [pl.Series(_CARD_NAMES[flat[:, column]].astype(str)) for column in range(width)]
    return pl.select(pl.concat_str(columns, separator=" ")).to_series()


def players_frame(deal: HoldemDeal, *, tournament: str = "Season 1") -> pl.DataFrame:
    """The players layout: one row per player per round, ``cards`` as the quiz's line."""
    rounds, players, _ = deal.holes.shape
    hole = _cards_text(deal.holes)
    seen = deal.seen.reshape(-1)
    board_by_seen = {int(k): _cards_text(deal.boards[:, :k]) if k else None for k in (3, 4, 5)}
    round_of_row = np.repeat(np.arange(rounds), players)
    cards = hole
    for k, boards in board_by_seen.items():
        if boards is None:
            continue
        mask = pl.Series(seen == k)
        cards = pl.select(
            pl.when(mask)
            .then(pl.concat_str([hole, boards.gather(round_of_row)], separator=" "))
            .otherwise(cards)
        ).to_series()
    return pl.DataFrame(
        {
            "tournament": [tournament] * (rounds * players),
            "round": round_of_row + 1,
            "seat": np.tile(np.arange(1, players + 1), rounds),
            "player": deal.names.reshape(-1),
            "cards": cards,
        }
    )


def street_rows(deal: HoldemDeal, *, tournament: str = "Season 1") -> pl.DataFrame:
    """One row per player per round, with card ids, as the per-street equity reads them
    (:func:`pipeline.games.poker.equity.street_equity.street_equities`); a player who did not
    see the     river folded, with the board cut where they left.

    >>> street_rows(deal_holdem(rounds=2, players=3, seed=1)).shape
    (6, 6)
    """
    rounds, players, _ = deal.holes.shape
    seen = deal.seen.reshape(-1)
    boards = np.repeat(deal.boards, players, axis=0)
    return pl.DataFrame(
        {
            "tournament": [tournament] * (rounds * players),
            "round": np.repeat(np.arange(1, rounds + 1), players).astype(str),
            "player": deal.names.reshape(-1),
            "hole_ids": deal.holes.reshape(-1, deal.holes.shape[-1]).tolist(),
            "board_ids": [
                board[:count].tolist() for board, count in zip(boards, seen, strict=True)
            ],
            "folded": seen < 5,
        },
        schema_overrides={"hole_ids": pl.List(pl.UInt8), "board_ids": pl.List(pl.UInt8)},
    )


def boardless_frame(
    rounds: int, players: int, seed: int, rules: HandRules, *, tournament: str = "Season 1"
) -> pl.DataFrame:
    """A players sheet of a game without a board (stud, Razz, the draw games): one row per
    player per round, ``cards`` the player's cards and ``folded`` yes or no.

    Stud deals seven cards in the order dealt (two down, four up, the last down); as the
    quiz's players leave the board at a random street, each stud player folds after 3 to 6
    cards (holding those) or stays to the seventh, again until at least one stays.  A draw game
    deals each player the final hand (five cards, four in Badugi) and about a third fold
    (keeping their hand), again until at least one stays.

    >>> from pipeline.core.rules import RAZZ
    >>> frame = boardless_frame(rounds=2, players=3, seed=1, rules=RAZZ)
    >>> frame.columns, frame.height
    (['tournament', 'round', 'seat', 'player', 'cards', 'folded'], 6)
    """
    most = min(10, DECK_SIZE // rules.hole_cards)
    if not 2 <= players <= most:
        msg = (
            f"{rules.hole_cards} cards each from one deck are dealt to {most} players at most: "
            f"--players 2 to {most}, got {players}"
        )
        raise ValueError(msg)
    rng = np.random.default_rng(seed)
    hole = rules.hole_cards
    decks = np.argsort(rng.random((rounds, DECK_SIZE)), axis=1)[:, : hole * players]
    cards = decks.astype(np.uint8).reshape(rounds * players, hole)
    # stud: the cards held when the player left (3 .. 7); a draw game: the whole hand, a fold
    stages = np.arange(3, hole + 1) if rules.face_up else np.array([hole])

    def draw_stays() -> tuple[NDArray[np.int64], NDArray[np.bool_]]:
        held = rng.choice(stages, size=(rounds, players))
        folded = held < hole if rules.face_up else rng.random((rounds, players)) < 1 / 3
        return held, folded

    held, folded = draw_stays()
    redo = folded.all(axis=1)
    while redo.any():
        again_held, again_folded = draw_stays()
        held[redo], folded[redo] = again_held[redo], again_folded[redo]
        redo = folded.all(axis=1)
    names = [pl.Series(_CARD_NAMES[cards[:, column]].astype(str)) for column in range(hole)]
    text = pl.select(
        pl.concat_list(names).list.head(pl.lit(pl.Series(held.reshape(-1)))).list.join(" ")
    ).to_series()
    seats = np.argsort(rng.random((rounds, len(ROSTER))), axis=1)[:, :players]
    return pl.DataFrame(
        {
            "tournament": [tournament] * (rounds * players),
            "round": np.repeat(np.arange(1, rounds + 1), players),
            "seat": np.tile(np.arange(1, players + 1), rounds),
            "player": np.array(ROSTER)[seats].reshape(-1),
            "cards": text,
            "folded": np.where(folded.reshape(-1), "yes", "no"),
        }
    )


def rounds_frame(deal: HoldemDeal) -> pl.DataFrame:
    """The rounds layout: one row per round, the board, one column per player on the roster
    (empty when not dealt in), ``fold`` after the hole cards of a player who folded."""
    rounds, players, _ = deal.holes.shape
    hole = _cards_text(deal.holes).to_numpy().reshape(rounds, players)
    folded = deal.seen < 5
    cells = np.where(folded, hole + " fold", hole)
    columns: dict[str, object] = {
        "round": np.arange(1, rounds + 1),
        "board": _cards_text(deal.boards),
    }
    for name in ROSTER:
        at = deal.names == name
        column = np.full(rounds, None, dtype=object)
        rows, seats = np.nonzero(at)
        column[rows] = cells[rows, seats]
        if rows.size:
            columns[name] = pl.Series(name, column.tolist(), dtype=pl.String)
    return pl.DataFrame(columns)


def listing_text(deal: HoldemDeal) -> str:
    """The quiz's plain-text listing: one line per player, a blank line between rounds."""
    frame = players_frame(deal)
    players = deal.holes.shape[1]
    lines = frame["cards"].to_list()
    rounds = [lines[start : start + players] for start in range(0, len(lines), players)]
    return "\n\n".join("\n".join(round_lines) for round_lines in rounds) + "\n"


def five_card_frame(rounds: int, players: int = 4, seed: int = 0) -> pl.DataFrame:
    """The five-card layout (the poker hands kata): ``round``, ``player``, ``hand`` (5 cards)."""
    if not 2 <= players <= 10:
        msg = f"players must be 2 to 10, got {players}"
        raise ValueError(msg)
    rng = np.random.default_rng(seed)
    decks = np.argsort(rng.random((rounds, DECK_SIZE)), axis=1)[:, : 5 * players]
    hands = decks.astype(np.uint8).reshape(rounds, players, 5)
    seats = np.argsort(rng.random((rounds, len(ROSTER))), axis=1)[:, :players]
    return pl.DataFrame(
        {
            "round": np.repeat(np.arange(1, rounds + 1), players),
            "player": np.array(ROSTER)[seats].reshape(-1),
            "hand": _cards_text(hands),
        }
    )


def yatzy_frame(games: int, players: int = 3, seed: int = 0) -> pl.DataFrame:
    """A Yatzy night: ``games`` games of 15 rounds, random rolls, categories left blank so the
    nightly job chooses the best free one for each roll."""
    rng = np.random.default_rng(seed)
    rows = games * 15 * players
    dice = rng.integers(1, 7, size=(rows, 5))
    dice_text = pl.select(
        pl.concat_str([pl.Series(dice[:, i].astype(str)) for i in range(5)], separator=" ")
    ).to_series()
    names = np.array(ROSTER[:players])
    return pl.DataFrame(
        {
            "game": np.repeat([f"Game {g}" for g in range(1, games + 1)], 15 * players),
            "round": np.tile(np.repeat(np.arange(1, 16), players), games),
            "player": np.tile(names, games * 15),
            "dice": dice_text,
            "category": pl.Series([None] * rows, dtype=pl.String),
        }
    )


LAYOUTS = ("players", "rounds", "five-card", "yatzy")


def write_generated(
    path: Path,
    *,
    layout: str,
    rounds: int,
    players: int = 8,
    seed: int = 0,
    game: str | None = None,
) -> int:
    """Write a generated file by suffix (.csv, .xlsx, .txt); returns the number of data rows.

    ``layout`` is one of :data:`LAYOUTS`; for ``yatzy``, ``rounds`` counts rounds of 15 per game.
    ``game`` (any alias of a poker game) deals that game in the players or rounds layout (a
    game without a board, stud or draw, in the players layout: :func:`boardless_frame`), with
    a ``game`` column holding its name.
    """
    if layout not in LAYOUTS:
        msg = f"unknown layout {layout!r}: expected one of {', '.join(LAYOUTS)}"
        raise ValueError(msg)
    name, rules = _game(game, layout, path)
    suffix = path.suffix.lower()
    if layout == "five-card":
        frame = five_card_frame(rounds, players, seed)
    elif layout == "yatzy":
        frame = yatzy_frame(max(1, rounds // 15), min(players, len(ROSTER)), seed)
    elif rules.board_cards == 0:
        frame = boardless_frame(rounds, players, seed, rules)
        frame = frame.insert_column(1, pl.Series("game", [name] * frame.height))
    else:
        deal = deal_holdem(rounds, players, seed, rules)
        if suffix == ".txt":
            path.write_text(listing_text(deal), encoding="utf-8")
            return rounds * players
        frame = rounds_frame(deal) if layout == "rounds" else players_frame(deal)
        if name is not None:
            frame = frame.insert_column(1, pl.Series("game", [name] * frame.height))
    if suffix == ".csv":
        frame.write_csv(path)
    elif suffix == ".xlsx":
        _write_plain_workbook(path, {"Night 1": frame})
    else:
        msg = f"cannot generate {suffix!r}: expected .csv, .xlsx or .txt"
        raise ValueError(msg)
    return frame.height


def _game(game: str | None, layout: str, path: Path) -> tuple[str | None, HandRules]:
    """The canonical name and rules of the game asked for (Hold'em's when none is)."""
    if game is None:
        return None, HOLDEM
    from pipeline.games.poker.variants import DEFAULT_RULES, canonical_game, known_game_names

    name = canonical_game(game)
    if name is None:
        msg = f"unknown game {game!r}; known: {known_game_names()}"
        raise ValueError(msg)
    rules = DEFAULT_RULES[name]
    if rules.board_cards == 0 and layout != "players":
        msg = f"{name} has no board: it is dealt in the players layout (a row per player)"
        raise ValueError(msg)
    if layout not in ("players", "rounds"):
        msg = (
            f"{name} is dealt in the players or rounds layout (five-card hands: --layout five-card)"
        )
        raise ValueError(msg)
    if path.suffix.lower() == ".txt":
        msg = "the quiz's listing is Hold'em's: write a .csv or .xlsx for another game"
        raise ValueError(msg)
    return name, rules


def _write_plain_workbook(path: Path, sheets: dict[str, pl.DataFrame]) -> None:
    """A plain workbook as a producer's export would be: a header row and values."""
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    for title, frame in sheets.items():
        sheet = book.create_sheet(title)
        sheet.append(frame.columns)
        for row in frame.iter_rows():
            sheet.append(list(row))
    book.save(path)
