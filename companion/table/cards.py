"""The table's output: a physical card as the tracker reports it to the game flows."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableCard:
    """A physical card as the table shows it: the flow's view of a tracker event.

    ``key`` is unique per physical card (deck, copy and serial); ``notation`` is the
    face with its serial (``R1#2``, docs/notation.md); ``zone`` is the layout zone
    it lies in (``play``, ``spicy``, ``trump-indicator``, ``symbol-indicator``,
    ``meld-0`` ... ``meld-4``); ``position`` its centre in frame coordinates 0-1.
    ``facing`` is, for a card in a seat's meld zone, the side of the picture that seat
    sits on (``bottom``, ``top``, ``left``, ``right``): the way its sets grow
    (:func:`companion.table.seats.group_sets`); None elsewhere. ``extent`` is how far
    the card spans the picture as it lies, (along x, along y) in frame fractions, from
    the layout's card size and the frame's shape: what a set's overlaps and an
    indicator's board are measured in, journaled with the card so a game rebuilt from
    the journal groups its sets as the table did; None when the layout gives no size.
    """

    key: str
    deck: str
    notation: str
    zone: str
    position: tuple[float, float] | None = None
    face_down: bool = False
    facing: str | None = None
    extent: tuple[float, float] | None = None


@dataclass(frozen=True)
class StrayCard:
    """A card of another copy of the deck (another table's) put down here: refused at
    once, never played (issue 14). ``copy`` is the deck copy printed on it."""

    card: TableCard
    copy: int
    at: float = 0.0
