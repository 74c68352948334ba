"""Find a game engine by the name a record or a command line uses."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import GameState
from companion.games.errors import UnknownGameError


@dataclass(frozen=True)
class GameSpec:
    """What the rest of the product needs to know of one game.

    ``new(players, variants)`` starts a game for the given player names (its chance
    node deals); ``from_record(record)`` replays a record.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    variants: frozenset[str]
    new: Callable[[Sequence[str], Sequence[str]], GameState[Any]]
    from_record: Callable[[Mapping[str, Any]], GameState[Any]]


def _specs() -> tuple[GameSpec, ...]:
    from companion.games.fibonachos import SPEC as FIBONACHOS
    from companion.games.hex import SPEC as HEX
    from companion.games.hexref import SPEC as HEX_REFEREE
    from companion.games.rummy import SPECS as RUMMY
    from companion.games.trump import SPEC as TRUMP

    return (FIBONACHOS, TRUMP, *RUMMY, HEX, HEX_REFEREE)


def all_games() -> tuple[GameSpec, ...]:
    """Every game the companion knows, in menu order."""
    return _specs()


def get_game(name: str) -> GameSpec:
    """The game called ``name``; raise :class:`UnknownGameError` naming the choices."""
    specs = {spec.name: spec for spec in _specs()}
    try:
        return specs[name]
    except KeyError:
        raise UnknownGameError(f"unknown game {name!r} (known: {', '.join(specs)})") from None
