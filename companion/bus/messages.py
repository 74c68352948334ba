"""Where the game in play stands, as the ``game`` of the table's ``state``
(:class:`~companion.bus.contract.TableState`): facts the cafe's dashboard shows.

The contract's messages, topics and version are :mod:`companion.bus.contract`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.bus.contract.facts import GameFacts
from companion.flows.base import GameFlow
from companion.flows.status import Awaiting, HexStatus, TrickStatus
from companion.games.registry import get_game
from companion.views.live_sections import standing
from companion.views.plugins import views_of


def game_state(game_id: int | None, flow: GameFlow, players: Sequence[str]) -> GameFacts:
    """The ``game`` of the state: its round and seat to play from the flow's status
    (in rummy the seat laying cards now, R4), its totals and winners from its report;
    with the totals counting the round under way while it has points (issue 26: as the
    phones show them); a hex game's turn, with its moves left and allowed while the
    turn has an allowance (H2; H5: none while the move card is due)."""
    status = flow.status()
    totals, winners = standing(flow.report())
    over = flow.is_over()
    running = None
    if isinstance(status, TrickStatus) and any(status.points) and not over:
        running = tuple(t + p for t, p in zip(status.totals, status.points, strict=True))
    turn, left, allowed = None, None, None
    if isinstance(status, HexStatus) and not over:
        turn = status.turn
        if status.awaiting is not Awaiting.MOVE_CARD:
            left, allowed = status.left, status.allowed
    return GameFacts(
        id=game_id,
        game=flow.game,
        label=get_game(flow.game).label,
        players=tuple(players),
        round=status.round,
        to_play=views_of(flow.game).seat_playing(status),
        totals=totals,
        over=over,
        winners=winners,
        running=running,
        turn=turn,
        moves_left=left,
        moves_allowed=allowed,
    )
