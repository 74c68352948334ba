"""The cards of the rummy decks and their notation (DESIGN.md "Card notation", R1, R5).

A card is its kind and its number: a base card (rabbits, ``B5``), the top card
(``21``; in Fibonacci 13 and 8 it is physically a base card, written ``13`` / ``8``),
a standard card (``5``), a wild card (``W``, or ``W=13`` once it lies in a set with
its declared number) and the bonus card (``X``). A physical card's serial may follow
as ``#n``: ``3#7``, ``W=13#2``.

    >>> card = Card(Kind.WILD, 13, serial=2)
    >>> str(card), str(card.physical), card.in_hand
    ('W=13#2', 'W', Card(kind=<Kind.WILD: 'W'>, number=None, serial=2))

Which text is which card depends on the deck (``21`` is the top card of Fibonacci 21
and a standard card of Fibonacci 89), so reading text is
:func:`companion.games.rummy.notation.parse_card`, which knows the deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.games.errors import NotationError


class Kind(Enum):
    """What a card is for; the value is the letter the notation starts with."""

    TOP = "T"
    BASE = "B"
    BONUS = "X"
    STANDARD = "S"
    WILD = "W"


_ORDER = {kind: index for index, kind in enumerate(Kind)}


@dataclass(frozen=True)
class Card:
    """One card: ``number`` is the printed number, a wild card's declared one, or None.

    The bonus card has no number of its own: its worth belongs to the deck (R1).
    """

    kind: Kind
    number: int | None = None
    serial: int | None = None

    def __post_init__(self) -> None:
        needs_number = self.kind in (Kind.TOP, Kind.BASE, Kind.STANDARD)
        if needs_number and (self.number is None or self.number < 1):
            raise NotationError(f"a {self.kind.name.lower()} card needs a number", "R1")
        if self.kind is Kind.BONUS and self.number is not None:
            raise NotationError("the bonus card X carries no number", "R1")
        if self.serial is not None and self.serial < 1:
            raise NotationError(f"serials count from 1, not {self.serial}", "R1")

    def __str__(self) -> str:
        serial = "" if self.serial is None else f"#{self.serial}"
        if self.kind is Kind.BONUS:
            return f"X{serial}"
        if self.kind is Kind.WILD:
            declared = "" if self.number is None else f"={self.number}"
            return f"W{declared}{serial}"
        prefix = "B" if self.kind is Kind.BASE else ""
        return f"{prefix}{self.number}{serial}"

    @property
    def face(self) -> Card:
        """The card without its serial: what the rules look at."""
        return self if self.serial is None else Card(self.kind, self.number)

    @property
    def physical(self) -> Card:
        """The card as the deck holds it: no serial, a wild card without its number."""
        if self.kind is Kind.WILD:
            return Card(Kind.WILD)
        return self if self.serial is None else Card(self.kind, self.number)

    @property
    def in_hand(self) -> Card:
        """The card back in a hand: a wild card loses its declared number (R5)."""
        return Card(Kind.WILD, None, self.serial) if self.kind is Kind.WILD else self

    def declared(self, number: int) -> Card:
        """A wild card standing for ``number`` (R5); other cards cannot be declared."""
        if self.kind is not Kind.WILD:
            raise NotationError(f"only a wild card takes a declared number, not {self}", "R5")
        return Card(Kind.WILD, number, self.serial)

    def sort_key(self) -> tuple[int, int, int]:
        """Top, base, bonus, standard, wild; then number, then serial."""
        return (_ORDER[self.kind], self.number or 0, self.serial or 0)


WILD = Card(Kind.WILD)
BONUS = Card(Kind.BONUS)
