"""The ``companion score --json`` object of the card games, built one way for all three.

>>> card_game_report("trump", ["Ana", "Ben"], [RoundReport((3, 0), {"symbols": (5, 2)})],
...                  complete=False, flags=[])["totals"]
[3, 0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.base import Flag


@dataclass(frozen=True)
class RoundReport:
    """The points of one round per seat, and per-seat extras (``spicy``, ``tricks``...)."""

    points: tuple[int, ...]
    extra: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"points": list(self.points)}
        for key, values in self.extra.items():
            out[key] = list(values)
        return out


def totals_of(players: int, rounds: Sequence[RoundReport]) -> list[int]:
    return [sum(r.points[seat] for r in rounds) for seat in range(players)]


def leaders(totals: Sequence[int]) -> list[int]:
    """The seats with the highest total (several when it is shared)."""
    if not totals:
        return []
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def card_game_report(
    game: str,
    players: Sequence[str],
    rounds: Sequence[RoundReport],
    *,
    complete: bool,
    flags: Sequence[Flag],
) -> dict[str, Any]:
    """DESIGN.md's score object: winners only once the game is complete."""
    totals = totals_of(len(players), rounds)
    return {
        "game": game,
        "players": list(players),
        "rounds": [r.to_json() for r in rounds],
        "totals": totals,
        "complete": complete,
        "winners": leaders(totals) if complete else [],
        "flags": [f.to_json() for f in flags],
    }
