"""A stored game as the dashboard shows it: its record and score, kept with its result
when it ended, else replayed from the events the server holds (the same flows and
the same replay step the table uses, :func:`companion.session.feed`).

A game the server cannot replay (events still on their way, a game this version does
not know) shows what it has: its players, and no rounds.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from companion.bus.contract import EventRow, GameRow
from companion.games import GameReport, HexReport
from companion.games.hex import Move, Position
from companion.games.json_types import JSON, JSONObject

if TYPE_CHECKING:
    from companion.flows.base import GameFlow

log = logging.getLogger("companion.cafe")


def replayed(row: GameRow, events: Sequence[EventRow]) -> GameFlow:
    """The game's flow with the events held replayed (raises what the flow raises)."""
    from companion.flows.registry import make_flow
    from companion.session import feed

    flow = make_flow(row.game, row.players, row.variants, options=row.options)
    for event in events:
        feed(flow, event.kind, event.payload)
    return flow


def _bare(row: GameRow) -> JSONObject:
    return {"game": row.game, "players": list(row.players), "variants": list(row.variants)}


def record_and_score(
    row: GameRow, events: Sequence[EventRow]
) -> tuple[Mapping[str, JSON], GameReport | None]:
    """The game record (what ``companion score`` reads) and its score."""
    kept = row.result.record if row.result is not None else None
    score = row.result.score if row.result is not None else None
    if kept is not None and score is not None:
        return kept, score
    try:
        flow = replayed(row, events)
        return flow.record(), flow.report()
    except Exception as exc:  # a game the server's version cannot replay: shown bare
        log.info(
            "cafe: %s game %d not replayed (%s: %s)", row.table, row.id, type(exc).__name__, exc
        )
        return (kept if kept is not None else _bare(row)), score


def board_of(score: GameReport | None) -> tuple[Position | None, tuple[Move, ...]]:
    """A hex game's board as the game has it (None where it was not seen: the button
    referee) and the moves of its latest turn that made any, for the game's page."""
    if not isinstance(score, HexReport) or score.board is None:
        return None, ()
    return score.board, score.last_moves
