"""Where the game in play stands, as the ``game`` of the table's ``state``
(:class:`~companion.bus.contract.TableState`): facts the cafe's dashboard shows.

The contract's messages, topics and version are :mod:`companion.bus.contract`'s.
"""

from __future__ import annotations

from typing import Any

from companion.flows.base import GameFlow
from companion.flows.status import HexStatus, RummyStatus, Scores, TrickStatus
from companion.games import GameReport, HexRefereeReport, HexReport
from companion.games.registry import get_game


def _outcome(report: GameReport) -> tuple[list[int] | None, list[int]]:
    """The totals (None for the hex games, which count no points) and the winning seats."""
    if isinstance(report, HexReport | HexRefereeReport):
        return None, [] if report.winner is None else [report.winner.seat]
    return list(report.totals), list(report.winners)


def game_state(game_id: int | None, flow: GameFlow, players: list[str]) -> dict[str, Any]:
    """The ``game`` of the state: where the game in play stands, as facts."""
    status = flow.status()
    totals, winners = _outcome(flow.report())
    round_: int | None = None
    to_play: int | None = None
    if isinstance(status, TrickStatus):
        round_, to_play = status.round, status.to_play
    elif isinstance(status, RummyStatus | Scores):
        round_ = status.round
    elif isinstance(status, HexStatus):
        to_play = status.side.seat
    return {
        "id": game_id,
        "game": flow.game,
        "label": get_game(flow.game).label,
        "players": players,
        "round": round_,
        "to_play": to_play,
        "totals": totals,
        "over": flow.is_over(),
        "winners": winners,
    }
