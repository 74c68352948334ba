"""What a seat has at the end of a round: closed sets, open sets and the hand.

This is what a rummy record holds for every seat (DESIGN.md "Game records"):

    >>> from companion.games.rummy.deck import DECK_21
    >>> table = SeatTable.from_json(
    ...     {"closed": [["21"]], "open": [["B5", "8"]], "hand": ["W", "2"]}, DECK_21)
    >>> table.to_json()
    {'closed': [['21']], 'open': [['B5', '8']], 'hand': ['W', '2']}

Cards keep the serials they were written with, so a record written back reads as
the one read.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from companion.games.errors import Place
from companion.games.json_types import JSON, JSONObject, as_list, list_field
from companion.games.rummy.cards import Card
from companion.games.rummy.deck import Deck
from companion.games.rummy.notation import parse_cards

CardSet = tuple[Card, ...]
CLOSED_SET = "closed set"
HAND = Place.of("hand")


@dataclass(frozen=True)
class SeatTable:
    """One seat's cards at the end of a round; sets are listed from their start card."""

    closed: tuple[CardSet, ...] = ()
    open: tuple[CardSet, ...] = ()
    hand: CardSet = ()

    @property
    def sets(self) -> tuple[CardSet, ...]:
        return (*self.closed, *self.open)

    def places(self) -> Iterator[tuple[Place, CardSet]]:
        """Every group of cards with its place: closed set 2, open set 1, hand."""
        for number, cards in enumerate(self.closed, start=1):
            yield Place.of(CLOSED_SET, number), cards
        for number, cards in enumerate(self.open, start=1):
            yield Place.of("open set", number), cards
        yield HAND, self.hand

    def to_json(self) -> JSONObject:
        return {
            "closed": [[str(card) for card in cards] for cards in self.closed],
            "open": [[str(card) for card in cards] for cards in self.open],
            "hand": [str(card) for card in self.hand],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON], deck: Deck) -> SeatTable:
        """Read a well-shaped table (the record reader checks the shape first)."""
        return cls(
            tuple(parse_cards(as_list(cards), deck) for cards in list_field(data, "closed")),
            tuple(parse_cards(as_list(cards), deck) for cards in list_field(data, "open")),
            parse_cards(list_field(data, "hand"), deck),
        )


@dataclass(frozen=True)
class RoundResult:
    """The end of a round: who went out (or None), every seat's table, the points (R7)."""

    out: int | None
    tables: tuple[SeatTable, ...]
    points: tuple[int, ...]

    def to_json(self) -> JSONObject:
        return {"out": self.out, "tables": [table.to_json() for table in self.tables]}
