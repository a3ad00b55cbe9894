"""Exact equities of many turn deals at once (four board cards known), batched.

:func:`turn_equities` gives, for each deal, exactly the figures of
:func:`pipeline.core.probability.equity.equity` on that deal, but scores the seven-card hands of a
whole batch of deals in one evaluator call and counts every deal's pots together, instead of one
``equity`` call (mostly overhead) per deal.  It builds no cached tables of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pipeline.core.cards import DECK_SIZE
from pipeline.core.evaluation import evaluator
from pipeline.core.probability.equity import BOARD_SIZE, MAX_PLAYERS, check_deal_arrays

_TURN_BATCH = 4096  # deals per evaluator call: bounds the temporaries (about 40 MB at 10-way)


def turn_equities(holes: Sequence[ArrayLike], boards: ArrayLike) -> list[NDArray[np.float64]]:
    """Equity of each player of many turn deals (four board cards known), exact, in few calls.

    ``holes[d]`` is deal ``d``'s ``(players, 2)`` hole cards and ``boards[d]`` its four board
    cards.  The result for each deal is exactly ``equity(holes[d], boards[d]).equity`` (same
    boards in the same order, same pot arithmetic): a turn deal has at most 46 boards, so one
    :func:`pipeline.core.probability.equity.equity` call per deal is mostly call overhead.  Here the
    seven-card hands of every deal are scored in one
    :func:`pipeline.core.evaluation.evaluator.evaluate` call per batch of deals and the pots are
    counted for all deals at once.  A deal that
    :func:`pipeline.core.probability.equity.equity` would reject (a card dealt twice, an id out of
    range, a bad shape) raises the same error.

    >>> from pipeline.core.cards import parse_cards
    >>> from pipeline.core.probability.equity import equity
    >>> holes = [parse_cards([["As", "Ad"], ["Kc", "Kd"]]),
    ...          parse_cards([["Ah", "Kh"], ["Qs", "Qc"], ["7d", "6d"]])]
    >>> boards = parse_cards([["Ah", "Kh", "2c", "3d"], ["2h", "7h", "9d", "Qd"]])
    >>> results = turn_equities(holes, boards)
    >>> [[round(100 * value, 2) for value in result.tolist()] for result in results]
    [[97.73, 2.27], [16.67, 64.29, 19.05]]
    >>> all((result == equity(hole, board).equity).all()
    ...     for result, hole, board in zip(results, holes, boards))
    True
    """
    board_array = np.asarray(boards, dtype=np.uint8).reshape(-1, BOARD_SIZE - 1)
    hole_arrays = [np.asarray(hole, dtype=np.uint8) for hole in holes]
    if len(hole_arrays) != len(board_array):
        msg = f"got {len(hole_arrays)} sets of hole cards for {len(board_array)} boards"
        raise ValueError(msg)
    results: list[NDArray[np.float64]] = []
    for start in range(0, len(hole_arrays), _TURN_BATCH):
        stop = start + _TURN_BATCH
        results.extend(_turn_batch(hole_arrays[start:stop], board_array[start:stop]))
    return results


def _turn_batch(
    holes: list[NDArray[np.uint8]], boards: NDArray[np.uint8]
) -> list[NDArray[np.float64]]:
    if any(
        hole.ndim != 2 or hole.shape[1] != 2 or not 2 <= len(hole) <= MAX_PLAYERS for hole in holes
    ):
        for hole, board in zip(holes, boards, strict=True):
            check_deal_arrays(hole, board, np.zeros(0, dtype=np.uint8))
    deals = len(holes)
    if deals == 0:
        return []
    players = np.array([len(hole) for hole in holes], dtype=np.intp)
    flat_holes = np.concatenate(holes)  # (sum players, 2)
    deal_of_player = np.repeat(np.arange(deals), players)
    # Deal checks, vectorised: ids in range and no card twice (a card-bit sum equals its or).
    cards = np.concatenate([flat_holes.reshape(-1), boards.reshape(-1)])
    owner = np.concatenate([np.repeat(deal_of_player, 2), np.repeat(np.arange(deals), 4)])
    bad = np.zeros(deals, dtype=bool)
    bad[owner[cards >= DECK_SIZE]] = True
    bits = np.left_shift(np.uint64(1), np.minimum(cards, 63).astype(np.uint64))
    by_deal = np.argsort(owner, kind="stable")
    starts = np.searchsorted(owner[by_deal], np.arange(deals))
    bad |= np.bitwise_or.reduceat(bits[by_deal], starts) != np.add.reduceat(bits[by_deal], starts)
    for deal in np.flatnonzero(bad).tolist():  # equity's own check raises the right message
        check_deal_arrays(holes[deal], boards[deal], np.zeros(0, dtype=np.uint8))
    # Each deal's deck in ascending order, as equity enumerates it.
    used = np.zeros((deals, DECK_SIZE), dtype=bool)
    used[owner, cards] = True
    deck_deal, deck_card = np.nonzero(~used)
    deck_size = np.bincount(deck_deal, minlength=deals)
    deck_start = np.concatenate([[0], np.cumsum(deck_size)[:-1]])
    # One seven-card hand per player per completion: hole, board, the river card.
    per_player = deck_size[deal_of_player]
    player_of_hand = np.repeat(np.arange(len(flat_holes)), per_player)
    hand_start = np.concatenate([[0], np.cumsum(per_player)[:-1]])
    river = np.arange(len(player_of_hand)) - np.repeat(hand_start, per_player)
    deal_of_hand = deal_of_player[player_of_hand]
    hands = np.empty((len(player_of_hand), 7), dtype=np.uint8)
    hands[:, :2] = flat_holes[player_of_hand]
    hands[:, 2:6] = boards[deal_of_hand]
    hands[:, 6] = deck_card[deck_start[deal_of_hand] + river]
    strengths = evaluator.evaluate(hands, check=False)
    # Pots of every deal at once in a padded (deal, player, board) array; -1 is no hand.
    first_player = np.concatenate([[0], np.cumsum(players)[:-1]])
    seat = np.arange(len(flat_holes)) - first_player[deal_of_player]
    table = np.full((deals, int(players.max()), int(deck_size.max())), -1, dtype=np.int32)
    table[deal_of_hand, seat[player_of_hand], river] = strengths
    best = table.max(axis=1)
    winners = (table == best[:, None, :]) & (table >= 0)
    winner_count = winners.sum(axis=1)
    wins = np.count_nonzero(winners & (winner_count == 1)[:, None, :], axis=2)
    # Tied pots: each winner's 1/k shares, the deal's tied boards moved to the front in board
    # order and added in the order :func:`pipeline.core.probability.equity.count_pots` adds them,
    # so the figures are its own.
    tied = winner_count > 1
    tied_count = tied.sum(axis=1)
    width = int(tied_count.max())
    front = np.argsort(~tied, axis=1, kind="stable")[:, :width]
    in_front = np.arange(width) < tied_count[:, None]
    counts = np.where(in_front, np.take_along_axis(winner_count, front, axis=1), 1)
    shared = np.take_along_axis(winners, front[:, None, :], axis=2) & in_front[:, None, :]
    shares = wins + _row_sums(shared / counts[:, None, :].astype(np.uint8))
    return [
        shares[deal, :count] / boards_dealt
        for deal, (count, boards_dealt) in enumerate(
            zip(players.tolist(), deck_size.tolist(), strict=True)
        )
    ]


def _row_sums(terms: NDArray[np.float64]) -> NDArray[np.float64]:
    """``terms[d, p, :].sum()`` for every ``d, p``, added one term after another, in board order.

    That is the order in which :func:`pipeline.core.probability.equity.count_pots` adds a player's
    shares: its ``(players, tied boards)`` array comes from ``winners[:, tied]``, which numpy lays
    out column-major, so the row sums run down the columns one at a time (not pairwise).  Zero
    padding after a deal's last tied board changes no bit.
    """
    total = np.zeros(terms.shape[:2])
    for column in range(terms.shape[2]):
        total = total + terms[:, :, column]
    return total
