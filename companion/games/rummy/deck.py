"""The four rummy decks (R1) and what each game asks of a player (R2, R3).

    >>> DECK_21.size, DECK_13.size, DECK_8.size, DECK_89.size
    (89, 73, 67, 89)
    >>> DECK_13.bases, DECK_13.target, DECK_13.max_sets, DECK_13.opening_bases
    ((2, 3, 5, 8), 13, 5, 2)

Deck 13 is deck 21 less the four 21s and the twelve standard 13s; its four base 13s
are its top card ``13``. Deck 8 is deck 13 less the four base 13s and the two bonus
cards; its four base 8s are its top card ``8``. The twelve standard 8s stay in
deck 8 (67 cards, the rulebook's stated count) and are written ``8`` like the top
card: the notation cannot tell them apart, so :meth:`Deck.copies` counts 16 cards
``8`` there, and a table read from a record may use any of them as the top card.
Deck 89 follows the pattern on 8, 13, 21, 34, 55 and 89 (its bonus card is a base 8
plus two 13s, worth 34).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from companion.games.rummy.cards import BONUS, WILD, Card, Kind

BASE_COPIES = 4
TOP_COPIES = 4
STANDARD_COPIES = 12
WILD_COPIES = 3
BONUS_COPIES = 2
#: The cards dealt to each player (the rulebook: "deals seven cards to all players").
HAND_SIZE = 7


@dataclass(frozen=True)
class Bonus:
    """The bonus card: a base card plus standard cards on one card (R1)."""

    base: int
    extra: tuple[int, ...]

    @property
    def worth(self) -> int:
        return self.base + sum(self.extra)


@dataclass(frozen=True)
class Deck:
    """One deck: ``target`` is what a set adds up to and the top card's number."""

    game: str
    target: int
    bases: tuple[int, ...]
    standards: tuple[int, ...]
    bonus: Bonus | None
    #: R3: the base sets to put down with the top card before adding other cards.
    opening_bases: int

    @property
    def top(self) -> Card:
        return Card(Kind.TOP, self.target)

    @property
    def max_sets(self) -> int:
        """R2: one set per base number plus the top card's."""
        return len(self.bases) + 1

    @property
    def slots(self) -> tuple[int, ...]:
        """The numbers a player's sets stand on: the top card's first, then the bases."""
        return (self.target, *self.bases)

    @property
    def numbers(self) -> tuple[int, ...]:
        """R5: the numbers a wild card may be declared (every card number of the deck)."""
        return tuple(sorted({*self.bases, *self.standards, self.target}))

    @cached_property
    def contents(self) -> tuple[Card, ...]:
        """Every card of the deck, with repeats, in a fixed order."""
        cards: list[Card] = [self.top] * TOP_COPIES
        for number in self.bases:
            cards += [Card(Kind.BASE, number)] * BASE_COPIES
        for number in self.standards:
            cards += [Card(Kind.STANDARD, number)] * STANDARD_COPIES
        cards += [WILD] * WILD_COPIES
        if self.bonus is not None:
            cards += [BONUS] * BONUS_COPIES
        return tuple(cards)

    @property
    def size(self) -> int:
        return len(self.contents)

    @cached_property
    def _copy_counts(self) -> Counter[str]:
        return Counter(str(card) for card in self.contents)

    def counts(self) -> Counter[str]:
        """Every notation of the deck with its number of copies (a counter of its own)."""
        return Counter(self._copy_counts)

    @cached_property
    def faces(self) -> Mapping[str, Card]:
        """Each notation of the deck and its card."""
        faces: dict[str, Card] = {}
        for card in self.contents:
            faces.setdefault(str(card), card)
        return faces

    def copies(self, card: Card) -> int:
        """How many cards with this card's notation the deck holds (0: not in the deck)."""
        return self._copy_counts[str(card.physical)]

    def value(self, card: Card) -> int:
        """A card's number in a set: the bonus card counts its worth, a wild its declaration."""
        if card.kind is Kind.BONUS:
            return self.bonus.worth if self.bonus is not None else 0
        return card.number or 0

    def slot(self, card: Card) -> int | None:
        """The set a card starts, by its number: the top card's, a base's, or None."""
        if card.kind is Kind.BONUS:
            return self.bonus.base if self.bonus is not None else None
        if card.number == self.target and card.kind in (Kind.TOP, Kind.WILD):
            return self.target
        if card.number in self.bases and card.kind in (Kind.BASE, Kind.WILD, Kind.STANDARD):
            return card.number
        return None


DECK_21 = Deck("rummy21", 21, (2, 3, 5, 8, 13), (2, 3, 5, 8, 13), Bonus(2, (3, 3)), 3)
DECK_13 = Deck("rummy13", 13, (2, 3, 5, 8), (2, 3, 5, 8), Bonus(2, (3, 3)), 2)
DECK_8 = Deck("rummy8", 8, (2, 3, 5), (2, 3, 5, 8), None, 1)
DECK_89 = Deck("rummy89", 89, (8, 13, 21, 34, 55), (8, 13, 21, 34, 55), Bonus(8, (13, 13)), 3)

#: The decks by game name, in menu order.
DECKS: dict[str, Deck] = {deck.game: deck for deck in (DECK_21, DECK_13, DECK_8, DECK_89)}
