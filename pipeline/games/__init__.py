"""Games: each declared once (:class:`pipeline.games.base.Game`) and registered here.

Adding a game is its own folder and one line in :data:`GAMES`; the job finds a sheet's game
through :data:`GAME_OF_LAYOUT` and never branches on which one it is.
"""

from __future__ import annotations

from pipeline.games.base import Game
from pipeline.games.poker.game import FIVE_CARD_POKER, HOLDEM
from pipeline.games.poker.logs.hand_log_game import HAND_LOG_GAME
from pipeline.games.yatzy.game import YATZY_GAME

GAMES: dict[str, Game] = {
    game.name: game for game in (HOLDEM, FIVE_CARD_POKER, HAND_LOG_GAME, YATZY_GAME)
}
"""Every game the job scores, by name."""

GAME_OF_LAYOUT: dict[str, Game] = {
    layout: game for game in GAMES.values() for layout in game.layouts
}
"""The game that scores each layout a sheet can match."""
