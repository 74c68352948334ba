"""One seat during a round: its hand (seen or not) and its sets on the table.

With the hands seen, ``known`` is the whole hand. With the hands unseen (a real
table) ``hidden`` counts the cards the companion has not seen and ``known`` holds
the ones it has (taken from the discard pile, taken back from a set): a card
melded or discarded comes from ``known`` first, else from the hidden cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.games.base import UndoNote
from companion.games.rummy.cards import Card
from companion.games.rummy.deck import Deck
from companion.games.rummy.table import SeatTable


@dataclass
class TableSet:
    """A set on the table, listed from its start card."""

    cards: list[Card]
    closed: bool = False

    def total(self, deck: Deck) -> int:
        return sum(deck.value(card) for card in self.cards)


@dataclass
class Seat:
    known: Counter[Card] = field(default_factory=Counter)
    hidden: int = 0
    #: The sets by the number they stand on, in the order they were put down.
    sets: dict[int, TableSet] = field(default_factory=dict)
    opened: bool = False

    @classmethod
    def dealt(cls, hand: Iterable[Card] | None, size: int) -> Seat:
        if hand is None:
            return cls(hidden=size)
        return cls(known=Counter(card.physical for card in hand))

    def frozen(self) -> FrozenSeat:
        """The seat as it is now, immutable (an undo thaws it back)."""
        return FrozenSeat(
            tuple(self.known.items()),
            self.hidden,
            tuple((base, tuple(put.cards), put.closed) for base, put in self.sets.items()),
            self.opened,
        )

    @property
    def hand_size(self) -> int:
        return self.known.total() + self.hidden

    def open_sets(self) -> list[tuple[int, TableSet]]:
        return [(base, cards) for base, cards in self.sets.items() if not cards.closed]

    def all_complete(self, deck: Deck) -> bool:
        """R6: every set of the game is on the table and complete."""
        return len(self.sets) == deck.max_sets and all(
            cards.total(deck) == deck.target for cards in self.sets.values()
        )

    def all_closed(self, deck: Deck) -> bool:
        return len(self.sets) == deck.max_sets and all(c.closed for c in self.sets.values())

    def take(self, card: Card) -> None:
        """Take a card out of the hand (checked before): a known one if there is one."""
        face = card.physical
        if self.known[face] > 0:
            self.known[face] -= 1
            if not self.known[face]:
                del self.known[face]
        else:
            self.hidden -= 1

    def give(self, card: Card) -> None:
        """Put a seen card into the hand (a wild card without its number)."""
        self.known[card.physical] += 1

    def table(self) -> SeatTable:
        """The seat's cards as a record holds them (the known hand only)."""
        closed = tuple(tuple(s.cards) for s in self.sets.values() if s.closed)
        open_ = tuple(tuple(s.cards) for s in self.sets.values() if not s.closed)
        hand = sorted(self.known.elements(), key=Card.sort_key)
        return SeatTable(closed, open_, tuple(hand))


@dataclass(frozen=True)
class FrozenSeat(UndoNote):
    """A :class:`Seat` at one moment, immutable; the order of the hand and of the sets
    is kept (the legal actions and the record list them in that order)."""

    known: tuple[tuple[Card, int], ...]
    hidden: int
    sets: tuple[tuple[int, tuple[Card, ...], bool], ...]
    opened: bool

    def thaw(self) -> Seat:
        """A new seat as this one was."""
        sets = {base: TableSet(list(cards), closed) for base, cards, closed in self.sets}
        return Seat(Counter(dict(self.known)), self.hidden, sets, self.opened)
