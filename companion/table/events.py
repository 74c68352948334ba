"""What the tracker reports, and what it is told of where a decode looked.

Events (table time ``at``, the frames' timestamps): :class:`CardPlaced`,
:class:`CardRemoved`, :class:`DuplicateCard`, :class:`CardsGathered` (the removals of
one update that left one zone together: a set picked up in one gesture), and the
reader's :class:`~companion.table.cards.StrayCard`. :class:`Coverage` says which parts
of the frame one decode looked at.

The events a game takes (:data:`CardInput`: a card placed, removed, or
:class:`CardSighted`, seen and not yet confirmed) go on to the flow as they are and
are journaled by their own :meth:`~CardEvent.to_json` (the rows journals have always
had: the card's fields and ``event``); :func:`card_input` reads a row back.

    >>> placed = CardPlaced(TableCard("t/1/R1", "trump", "R1", "play"), at=2.0)
    >>> placed.kind, placed.to_json()["event"]
    ('table', 'placed')
    >>> card_input(placed.kind, placed.to_json(), at=2.0) == placed
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from companion.games.json_types import JSON, JSONObject
from companion.table.cards import StrayCard, TableCard
from companion.table.errors import EventError
from companion.table.layout import Box, Point


@dataclass(frozen=True)
class Coverage:
    """Which parts of a frame a decode looked at (boxes in frame fractions).

    ``decoded`` are the regions decoded; ``hidden`` the parts inside them that were
    still moving (a hand) and so prove nothing. A card's place is *seen* when its
    box lies inside one decoded region and touches no hidden one.
    """

    decoded: tuple[Box, ...]
    hidden: tuple[Box, ...] = ()

    def sees(self, box: Box) -> bool:
        return any(_inside(box, region) for region in self.decoded) and not any(
            _overlap(box, region) for region in self.hidden
        )


FULL_FRAME = Coverage(((0.0, 0.0, 1.0, 1.0),))


def _inside(box: Box, region: Box, slack: float = 1e-6) -> bool:
    return (
        box[0] >= region[0] - slack
        and box[1] >= region[1] - slack
        and box[2] <= region[2] + slack
        and box[3] <= region[3] + slack
    )


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(frozen=True)
class CardEvent:
    """A card a game takes from the table at ``at`` (table time): journaled as its
    card's fields and its ``event`` name, in rows of the kind ``kind``."""

    card: TableCard
    at: float = 0.0
    #: The event's name in its journal row, and the row's kind.
    event: ClassVar[str]
    kind: ClassVar[str] = "table"

    def to_json(self) -> JSONObject:
        """The journal row's payload (``at`` is the row's own time)."""
        return {**self.card.to_json(), "event": self.event}


@dataclass(frozen=True)
class CardPlaced(CardEvent):
    """A card is now steadily on the table in ``card.zone`` (``at``: table time)."""

    event: ClassVar[str] = "placed"


@dataclass(frozen=True)
class CardRemoved(CardEvent):
    """A card placed before has left its place (``card`` as it was placed)."""

    event: ClassVar[str] = "removed"


@dataclass(frozen=True)
class CardSighted(CardEvent):
    """A card seen, not yet confirmed (it may never be: swept away at once); the flows
    and a restarted tracker take note of it (issue 10 item 4, issue 22 item 6)."""

    event: ClassVar[str] = "sighted"
    kind: ClassVar[str] = "sighting"


#: The card events a game takes, as the flows get them and the journal keeps them.
CardInput = CardPlaced | CardRemoved | CardSighted
#: Each by its journal kind and event name.
_BY_KIND: dict[str, dict[str, type[CardInput]]] = {
    "table": {CardPlaced.event: CardPlaced, CardRemoved.event: CardRemoved},
    "sighting": {CardSighted.event: CardSighted},
}


def card_input(kind: str, payload: Mapping[str, JSON], *, at: float = 0.0) -> CardInput:
    """The event of a journal row of ``kind`` (``table`` or ``sighting``), the inverse
    of :meth:`CardEvent.to_json`; :class:`EventError` names what is wrong."""
    events = _BY_KIND.get(kind, {})
    event = payload.get("event")
    made = events.get(event) if isinstance(event, str) else None
    if made is None:
        if not isinstance(event, str):
            raise EventError(f"table event: 'event' is {event!r}, not a text")
        raise EventError(f"table event: {event!r} is not {' or '.join(events) or kind}")
    return made(TableCard.from_json(payload), at)


@dataclass(frozen=True)
class DuplicateCard:
    """One card identity seen in two or more places at once: a copied code."""

    key: str
    positions: tuple[Point, ...]
    at: float = 0.0


@dataclass(frozen=True)
class CardsGathered:
    """Two or more cards left ``zone`` together (a set picked up in one gesture, to be
    turned over and closed, R4): the same update's :class:`CardRemoved` events name
    them too, and come first. ``cards`` are in set order for the zone's seat (base
    first, :func:`companion.table.seats.set_order`)."""

    zone: str
    cards: tuple[TableCard, ...]
    at: float = 0.0


TableEvent = CardPlaced | CardRemoved | DuplicateCard | StrayCard | CardsGathered
