"""What the camera tells a game of the hex board: a position taken, as a journaled input.

When the board has been still with every piece on a cell, the camera's reading is a
position (:mod:`companion.table.hex_watch`); :class:`BoardSeen` carries it to the game
as a table input, like a card placed. It is journaled as its own row (kind
``board``, the position written as ``companion score --json`` writes ``board``) and
read back by :func:`board_input`, so a restarted table replays the moves the camera
saw. Journals written before the board was read have no such rows and replay as
they always did. The first position the camera takes of a game (the game begun, or
the table restarted) is marked ``first``: after a restart the referee compares it
with the game's rather than reading moves into it
(:mod:`companion.table.hex_referee`), and does the same when the journal is replayed.

    >>> from companion.games.hex import START
    >>> seen = BoardSeen(START, at=4.5)
    >>> seen.kind, seen.to_json()["board"][:8]
    ('board', 'Xxxxxx/.')
    >>> board_input(seen.kind, seen.to_json(), at=4.5) == seen
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from companion.games.errors import GameError
from companion.games.hex import Position
from companion.games.json_types import JSON, JSONObject
from companion.table.errors import EventError


@dataclass(frozen=True)
class BoardSeen:
    """The hex board still, every piece on a cell: ``position`` at ``at`` (table time);
    ``first``: the first the camera took of this game since it began watching it."""

    position: Position
    at: float = 0.0
    first: bool = False
    #: The event's name in its journal row, and the row's kind.
    event: ClassVar[str] = "seen"
    kind: ClassVar[str] = "board"

    def to_json(self) -> JSONObject:
        """The journal row's payload (``at`` is the row's own time; ``first`` only when
        true, so rows of a game under way read as they always did)."""
        payload: JSONObject = {"event": self.event, "board": self.position.board()}
        if self.first:
            payload["first"] = True
        return payload


def board_input(kind: str, payload: Mapping[str, JSON], *, at: float = 0.0) -> BoardSeen:
    """The :class:`BoardSeen` of a journal row of ``kind`` ``board``, the inverse of
    :meth:`BoardSeen.to_json`; :class:`EventError` names what is wrong."""
    event, board = payload.get("event"), payload.get("board")
    if kind != BoardSeen.kind or event != BoardSeen.event:
        raise EventError(f"board event: {kind!r}/{event!r} is not {BoardSeen.kind}/seen")
    if not isinstance(board, str):
        raise EventError(f"board event: 'board' is {board!r}, not a diagram (H1)")
    first = payload.get("first", False)
    if not isinstance(first, bool):
        raise EventError(f"board event: 'first' is {first!r}, not true or false")
    try:
        return BoardSeen(Position.parse(board), at, first)
    except GameError as exc:
        raise EventError(f"board event: {exc}") from None
