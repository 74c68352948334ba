"""Where the game in play stands, as the ``game`` of the table's ``state``
(:class:`~companion.bus.contract.TableState`): facts the cafe's dashboard shows.

The contract's messages, topics and version are :mod:`companion.bus.contract`'s.
"""

from __future__ import annotations

from companion.flows.base import GameFlow
from companion.games.json_types import JSONObject
from companion.views.live import game_facts


def game_state(game_id: int | None, flow: GameFlow, players: list[str]) -> JSONObject:
    """The ``game`` of the state: where the game in play stands, as facts (the game's
    live view gives them, :func:`companion.views.live.game_facts`)."""
    return game_facts(game_id, flow, players)
