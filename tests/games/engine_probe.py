"""What the engine tests look at in an engine (helpers, not tests themselves).

:func:`snapshot` is what the table and the flows ask an engine, :func:`glance` the
same without the record (whose writing grows with the game), and :func:`count_steps`
counts the actions an engine carries out, so that a test or ``bench/undo.py`` can tell
an undo that takes an action back from one that replays the game (issue 23).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from companion.games import GameState


def glance(state: GameState[Any]) -> tuple[Any, ...]:
    """The score, whose turn, the legal actions in their order, the end, the flags and
    the history."""
    return (
        json.dumps(state.report().to_json(), sort_keys=True),
        state.current_player(),
        repr(list(state.legal_actions())),
        state.outcome(),
        state.flags(),
        state.history,
    )


def snapshot(state: GameState[Any]) -> tuple[Any, ...]:
    """:func:`glance` and the record."""
    return (json.dumps(state.to_record(), sort_keys=True), *glance(state))


def count_steps(state: GameState[Any]) -> list[int]:
    """Count the actions ``state`` carries out (calls of its ``_do``) from now on; the
    count is the list's one item."""
    count = [0]
    do: Callable[[Any], None] = state._do

    def counted(action: Any) -> None:
        count[0] += 1
        do(action)

    state._do = counted  # type: ignore[method-assign]
    return count
