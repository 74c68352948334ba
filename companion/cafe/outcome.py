"""What an ended game's result says for the leaderboard: totals, winners, and whether
it counts. The one place the server reads a game's report (the journal's ``result``:
``{"reason", "record", "score"}``), so a typed report replaces only this function.

A game counts once it has ended with a winner by its rules: a Fibonachos or Trump
game played to its end (``complete``), a hex game with a winner. The rummy games
set no end (R9): the players stop when they like, so an ended rummy game with at
least one round scored counts, won by the highest total.

    >>> score = {"game": "trump", "totals": [5, 9], "complete": True, "winners": [1]}
    >>> outcome_of({"reason": "over", "score": score}, 2)
    Outcome(totals=(5, 9), winners=(1,), counts=True)
    >>> outcome_of({"reason": "abandoned", "score": {**score, "complete": False}}, 2).counts
    False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.bus.contract import GameRow
from companion.cafe.store import SeatRow
from companion.games.json_types import JSON
from companion.games.registry import all_games
from companion.games.report import NO_END

#: The games whose sides are named (the hex games: a score names the winning side).
HEX_GAMES = tuple(spec.name for spec in all_games() if spec.seats)
#: The hex games' sides, in seat order (H1: Black moves first, seat 0).
SIDES = ("black", "white")


@dataclass(frozen=True)
class Outcome:
    totals: tuple[int, ...] | None
    winners: tuple[int, ...]
    counts: bool


def _seats(value: Any, players: int) -> tuple[int, ...]:
    if not isinstance(value, list):
        return ()
    return tuple(
        v for v in value if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < players
    )


def score_of(result: Mapping[str, JSON] | None) -> Mapping[str, JSON]:
    """The ``companion score --json`` object kept with a result ({} when there is none)."""
    score = (result or {}).get("score")
    return score if isinstance(score, dict) else {}


def outcome_of(result: Mapping[str, JSON] | None, players: int) -> Outcome:
    score = score_of(result)
    game = score.get("game")
    if game in HEX_GAMES:
        winner = score.get("winner")
        seats = (SIDES.index(winner),) if winner in SIDES and players == 2 else ()
        return Outcome(None, seats, bool(seats))
    raw = score.get("totals")
    numbers = [int(t) for t in raw if isinstance(t, int)] if isinstance(raw, list) else []
    totals = (
        tuple(numbers)
        if isinstance(raw, list) and len(raw) == players and len(numbers) == players
        else None
    )
    if score.get("complete") is True:
        return Outcome(totals, _seats(score.get("winners"), players), totals is not None)
    rounds = score.get("rounds")
    if game in NO_END and totals and isinstance(rounds, list) and rounds:
        best = max(totals)
        return Outcome(totals, tuple(i for i, t in enumerate(totals) if t == best), True)
    return Outcome(totals, (), False)


def seats_of(row: GameRow) -> list[SeatRow]:
    """The leaderboard's rows of an ended game that counts (none for the others)."""
    if row.ended is None:
        return []
    outcome = outcome_of(row.result, len(row.players))
    if not outcome.counts:
        return []
    return [
        SeatRow(
            table=row.table,
            game_id=row.id,
            game=row.game,
            ended=row.ended,
            seat=seat,
            player=name.strip(),
            total=outcome.totals[seat] if outcome.totals else None,
            won=seat in outcome.winners,
        )
        for seat, name in enumerate(row.players)
    ]


def rounds_of(score: Mapping[str, JSON], players: int) -> list[tuple[int, ...]]:
    """The points of each round per seat, as far as the score has them."""
    rounds = score.get("rounds")
    out = []
    for rnd in rounds if isinstance(rounds, list) else []:
        points = rnd.get("points") if isinstance(rnd, dict) else None
        if isinstance(points, list) and len(points) == players:
            out.append(tuple(int(p) for p in points if isinstance(p, int | float)))
    return out
