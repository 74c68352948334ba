"""Pure rules engines: Fibonachos, Fibonacci's Trump, the Fibonacci rummy games, the hex game.

Nothing here does I/O, reads a clock or draws randomness that is not handed in;
only the standard library is imported.
"""

from companion.games.base import CHANCE, TERMINAL, Flag, GameState, Outcome, Termination
from companion.games.errors import (
    GameError,
    IllegalActionError,
    NotationError,
    Place,
    RecordError,
    UnknownGameError,
    UnknownVariantError,
)
from companion.games.hex.report import HexReport, HexTurnReport
from companion.games.registry import GameSpec, all_games, get_game
from companion.games.report import (
    CardGameReport,
    FibonachosRound,
    GameReport,
    RoundScore,
    TrumpRound,
    report_from_json,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "CardGameReport",
    "FibonachosRound",
    "Flag",
    "GameError",
    "GameReport",
    "GameSpec",
    "GameState",
    "HexReport",
    "HexTurnReport",
    "IllegalActionError",
    "NotationError",
    "Outcome",
    "Place",
    "RecordError",
    "RoundScore",
    "Termination",
    "TrumpRound",
    "UnknownGameError",
    "UnknownVariantError",
    "all_games",
    "get_game",
    "report_from_json",
]
