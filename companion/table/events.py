"""What the tracker reports, and what it is told of where a decode looked.

Events (table time ``at``, the frames' timestamps): :class:`CardPlaced`,
:class:`CardRemoved`, :class:`DuplicateCard`, :class:`CardsGathered` (the removals of
one update that left one zone together: a set picked up in one gesture), and the
reader's :class:`~companion.table.cards.StrayCard`. :class:`Coverage` says which parts
of the frame one decode looked at.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.table.cards import StrayCard, TableCard
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
class CardPlaced:
    """A card is now steadily on the table in ``card.zone`` (``at``: table time)."""

    card: TableCard
    at: float = 0.0


@dataclass(frozen=True)
class CardRemoved:
    """A card placed before has left its place (``card`` as it was placed)."""

    card: TableCard
    at: float = 0.0


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
