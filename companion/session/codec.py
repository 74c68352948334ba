"""The journal's rows of a game's inputs, to and from the typed inputs the flows take.

An input is a value from the reader or the buttons to the flow
(:data:`~companion.flows.base.FlowInput`: a
:class:`~companion.table.events.CardPlaced`, :class:`~companion.table.events.CardRemoved`
or :class:`~companion.table.events.CardSighted`, the hex board's
:class:`~companion.table.hex_events.BoardSeen`, or a
:class:`~companion.flows.commands.Command`); each writes its own row's payload
(``to_json``) and names the row's kind (``kind``: ``table``, ``sighting``, ``board``
or ``command``). :func:`decode` reads a row back into the same value. The rows are the
ones journals have always had, so a journal written before the inputs were typed
replays unchanged.

    >>> from companion.table.cards import TableCard
    >>> from companion.table.events import CardPlaced
    >>> placed = CardPlaced(TableCard("t/1/R1", "trump", "R1", "play"), at=3.0)
    >>> kind, payload = encode(placed)
    >>> kind, decode(kind, payload, at=3.0) == placed
    ('table', True)
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.flows.base import FlowInput
from companion.flows.commands import from_json
from companion.games.json_types import JSON, JSONObject
from companion.table.errors import EventError
from companion.table.events import card_input
from companion.table.hex_events import BoardSeen, board_input

#: The kinds of the rows that hold a game's inputs.
KINDS = ("table", "sighting", BoardSeen.kind, "command")


def encode(event: FlowInput) -> tuple[str, JSONObject]:
    """The journal row of ``event``: its kind and its payload."""
    return event.kind, event.to_json()


def decode(kind: str, payload: Mapping[str, JSON], *, at: float = 0.0) -> FlowInput:
    """The input a journal row of ``kind`` holds (``at``: the row's time).

    A row no input answers to raises :class:`~companion.table.errors.EventError` (a
    card row) or :class:`~companion.flows.errors.CommandError` (a command row), each
    a ``ValueError`` naming what is wrong.
    """
    if kind == "command":
        return from_json(payload)
    if kind == BoardSeen.kind:
        return board_input(kind, payload, at=at)
    if kind in KINDS:
        return card_input(kind, payload, at=at)
    raise EventError(f"journal: {kind!r} is no kind of input (the kinds are: {', '.join(KINDS)})")
