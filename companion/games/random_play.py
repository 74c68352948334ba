"""A whole game played at random by a rules engine: the demos' scripted tables.

The randomness is handed in, like every engine's; the same seed plays the same game.

    >>> import random
    >>> record = random_record("fibonachos", ["Ana", "Ben", "Cy"], [], random.Random(7))
    >>> len(record["rounds"]), len(record["rounds"][0]["tricks"])
    (3, 17)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.games.base import CHANCE, TERMINAL
from companion.games.json_types import JSONObject
from companion.games.registry import get_game

#: A bound on the actions of one game (rummy has no end of its own, R9).
MAX_ACTIONS = 20_000


def random_record(
    game: str,
    players: Sequence[str],
    variants: Sequence[str],
    rng: random.Random,
    *,
    max_actions: int = MAX_ACTIONS,
) -> JSONObject:
    """The record of ``game`` played by uniformly random legal actions (and chance)."""
    state = get_game(game).new(list(players), list(variants))
    for _ in range(max_actions):
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(list(state.legal_actions())))
    return state.to_record()
