"""The actions of a rummy round: chance's deal and reshuffle, a player's turn (R4-R6),
and the end of a round as a record holds it.

A turn is: two :class:`Draw` (at most one from the discard pile), meld actions,
one :class:`Discard`. Sets are named by the number they stand on (``base``): a
base number, or the target for the top card's set, since a player has at most one
set per base (R2). ``position`` counts the cards of a set from 0 (its start card).

    >>> from companion.games.rummy.cards import Card, Kind, WILD
    >>> Add(WILD.declared(13), base=8)
    Add(card=Card(kind=<Kind.WILD: 'W'>, number=13, serial=None), base=8)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.games.rummy.cards import Card
from companion.games.rummy.table import CardSet, SeatTable


class Pile(Enum):
    STOCK = "stock"
    DISCARD = "discard"


@dataclass(frozen=True)
class Deal:
    """Chance deals seven cards each and turns up the discard pile's first card.

    ``hands`` and ``stock`` (its top card first) are ``None`` at a real table,
    where the companion never sees them: then any card not yet seen may be melded
    or discarded, and the round is scored by a :class:`RoundEnd`.
    """

    dealer: int
    upcard: Card
    hands: tuple[CardSet, ...] | None = None
    stock: CardSet | None = None


@dataclass(frozen=True)
class Reshuffle:
    """The stock ran out: the discard pile but its top card becomes the new stock.

    The rulebook does not say; this is the usual rummy reading. ``stock`` is the
    new order (top first) when the hands are seen.
    """

    stock: CardSet | None = None


@dataclass(frozen=True)
class Draw:
    """R4: take the top card of the stock or of the discard pile."""

    pile: Pile = Pile.STOCK


@dataclass(frozen=True)
class Open:
    """R3: put down the top card and enough base cards at once, each a set of its own."""

    starts: CardSet


@dataclass(frozen=True)
class Start:
    """After the opening: start one more set (a base card, the bonus card, a wild card)."""

    card: Card


@dataclass(frozen=True)
class Add:
    """Put a card from the hand on one's own open set (a wild card with its number)."""

    card: Card
    base: int


@dataclass(frozen=True)
class Move:
    """R4: move a card between one's own open sets, at any time: ``seat`` moves out of
    turn (``None``: the player to act)."""

    base: int
    position: int
    to: int
    seat: int | None = None


@dataclass(frozen=True)
class TakeBack:
    """Return a card from one's own open set to the hand (a wild card loses its number)."""

    base: int
    position: int


@dataclass(frozen=True)
class Redeclare:
    """R5: give a wild card in an open set another number (never the top number)."""

    base: int
    position: int
    number: int


@dataclass(frozen=True)
class Swap:
    """R4: put the base card from the hand in place of the wild card standing for it."""

    base: int


@dataclass(frozen=True)
class Close:
    """R4: turn a complete set face down; it never changes again."""

    base: int


@dataclass(frozen=True)
class Discard:
    """R4: the turn ends with one card on the discard pile (R6: the last one goes out)."""

    card: Card


@dataclass(frozen=True)
class RoundEnd:
    """The end of a round as the table reports it (a record's round): ``out`` is the
    seat that went out or ``None``; ``tables`` one per seat. Between rounds it stands
    for a whole round; during a round dealt unseen it ends that round."""

    out: int | None
    tables: tuple[SeatTable, ...]


Meld = Open | Start | Add | Move | TakeBack | Redeclare | Swap | Close
Action = Deal | Reshuffle | Draw | Meld | Discard | RoundEnd
