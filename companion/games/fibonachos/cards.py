"""Card notation of Fibonachos (DESIGN.md "Card notation", rules F1 and F2).

Nacho cards are a suit letter and a rank, spicy cards ``S`` and a value; a physical
card's serial may follow after ``#``. Every parser has its serialiser:

    >>> card = Nacho.parse("R1#2")
    >>> card.suit, card.rank, card.serial, str(card), str(card.face)
    (<Suit.RED: 'R'>, 1, 2, 'R1#2', 'R1')
    >>> Spicy.parse("S5").value
    5

A serial counts from 1 up to the copies the deck holds, so ``R1#2`` (the second red
1) exists and ``R5#2`` does not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import Enum
from typing import Self

from companion.games.fibonachos.errors import UnknownCardError

#: F2: the ranks that are fibonachos (both 1s of every suit).
FIBONACHO_RANKS = frozenset({1, 2, 3, 5, 8, 13})
#: F1: the ranks of a suit, 1 twice.
RANKS = (1, 1, *range(2, 17))
#: F1: the spicy values, three cards each.
SPICY_VALUES = (0, 1, 2, 3, 5)
SPICY_COPIES = 3

_NACHO = re.compile(r"([RGY])(1[0-6]|[1-9])(?:#([1-9][0-9]{0,5}))?")
_SPICY = re.compile(r"S([0-9])(?:#([1-9][0-9]{0,5}))?")


class Suit(Enum):
    """The three suits (F1): the rulebook names them by colour only."""

    RED = "R"
    GREEN = "G"
    YELLOW = "Y"

    @property
    def title(self) -> str:
        return {"R": "Red", "G": "Green", "Y": "Yellow"}[self.value]


SUITS = tuple(Suit)


def nacho_copies(rank: int) -> int:
    """How many cards of one suit show ``rank`` (F1: two 1s, one of the rest)."""
    return RANKS.count(rank)


def _check_serial(text: str, serial: int | None, copies: int) -> None:
    if serial is not None and not 1 <= serial <= copies:
        held = "one" if copies == 1 else str(copies)
        raise UnknownCardError(f"unknown card {text!r}: the deck holds {held}, serials 1-{copies}")


#: What an unknown card's message says the cards are (F1), in capitals as written.
NACHO_NAMES = "nacho cards are R1 ... R16, G1 ... G16, Y1 ... Y16"
SPICY_NAMES = "spicy cards are S0 S1 S2 S3 S5"


@dataclass(frozen=True)
class Nacho:
    """A nacho card: ``R``/``G``/``Y`` and a rank 1-16, maybe a serial (``R1#2``)."""

    suit: Suit
    rank: int
    serial: int | None = None

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise UnknownCardError(f"unknown nacho card {self.suit.value}{self.rank}")
        _check_serial(f"{self.suit.value}{self.rank}#{self.serial}", self.serial, self.copies)

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read ``R13``, ``G1#2``...; raise :class:`UnknownCardError` naming the text."""
        match = _NACHO.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise UnknownCardError(f"unknown card {text!r}: {NACHO_NAMES}")
        serial = int(match[3]) if match[3] else None
        return cls(Suit(match[1]), int(match[2]), serial)

    def __str__(self) -> str:
        tail = f"#{self.serial}" if self.serial is not None else ""
        return f"{self.suit.value}{self.rank}{tail}"

    @property
    def face(self) -> Nacho:
        """The card without its serial: what the rules look at."""
        return replace(self, serial=None) if self.serial is not None else self

    @property
    def copies(self) -> int:
        return nacho_copies(self.rank)

    @property
    def is_fibonacho(self) -> bool:
        """F2: ranks 1, 2, 3, 5, 8 and 13 of any suit."""
        return self.rank in FIBONACHO_RANKS

    def sort_key(self) -> tuple[int, int, int]:
        """Suits in the order R G Y, then rank, then serial (no serial first)."""
        return (SUITS.index(self.suit), self.rank, self.serial or 0)


@dataclass(frozen=True)
class Spicy:
    """A spicy card ``S0`` ``S1`` ``S2`` ``S3`` ``S5``, maybe a serial (``S3#3``)."""

    value: int
    serial: int | None = None

    def __post_init__(self) -> None:
        if self.value not in SPICY_VALUES:
            raise UnknownCardError(f"unknown spicy card S{self.value}")
        _check_serial(f"S{self.value}#{self.serial}", self.serial, self.copies)

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read ``S3``, ``S0#2``...; raise :class:`UnknownCardError` naming the text."""
        match = _SPICY.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise UnknownCardError(f"unknown card {text!r}: {SPICY_NAMES}")
        return cls(int(match[1]), int(match[2]) if match[2] else None)

    def __str__(self) -> str:
        tail = f"#{self.serial}" if self.serial is not None else ""
        return f"S{self.value}{tail}"

    @property
    def face(self) -> Spicy:
        return replace(self, serial=None) if self.serial is not None else self

    @property
    def copies(self) -> int:
        return SPICY_COPIES

    def sort_key(self) -> tuple[int, int]:
        return (self.value, self.serial or 0)


Card = Nacho | Spicy


def parse_card(text: str) -> Card:
    """Either kind of card, by its first letter: ``S`` is spicy, the rest nacho."""
    if isinstance(text, str) and text.startswith("S"):
        return Spicy.parse(text)
    return Nacho.parse(text)
