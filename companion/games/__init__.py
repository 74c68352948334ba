"""Pure rules engines: Fibonachos, Fibonacci's Trump, the Fibonacci rummy games, the hex game.

Nothing here does I/O, reads a clock or draws randomness that is not handed in;
only the standard library is imported.
"""

from companion.games.base import CHANCE, TERMINAL, Flag, GameState, Outcome
from companion.games.errors import (
    GameError,
    IllegalActionError,
    NotationError,
    RecordError,
    UnknownGameError,
    UnknownVariantError,
)
from companion.games.registry import GameSpec, all_games, get_game

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Flag",
    "GameError",
    "GameSpec",
    "GameState",
    "IllegalActionError",
    "NotationError",
    "Outcome",
    "RecordError",
    "UnknownGameError",
    "UnknownVariantError",
    "all_games",
    "get_game",
]
