"""The Fibonacci's Trump deck (T1): colours, symbols, cards and their notation.

Fifty cards: five colours R G B Y P (index 0-4), numbers 1-10, one of each. The
symbol is not printed in the notation because it follows from the card:
SYMBOLS[(n - 1 + c) mod 5], so each colour holds each symbol twice and one number
never shows the same symbol in two colours.

    >>> card = parse_card("B7")
    >>> card.colour.title, card.number, card.symbol.name
    ('blue', 7, 'STAR')
    >>> str(parse_card("R1#1"))
    'R1#1'

A physical card's serial may follow as ``#n``. The deck holds one copy of each
face, so the only serial there is is ``#1``; it is kept when given so that a record
written back reads as the one read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from functools import cached_property

from companion.games.errors import NotationError

NUMBERS = range(1, 11)


class Colour(IntEnum):
    """The five colours in their T1 order; the name is the notation letter."""

    R = 0
    G = 1
    B = 2
    Y = 3
    P = 4

    @property
    def title(self) -> str:
        return ("red", "green", "blue", "yellow", "purple")[self]


class Symbol(IntEnum):
    """The five symbols in their T1 order (circled plus ... three wavy lines)."""

    PLUS = 0
    CIRCLE = 1
    SQUARE = 2
    STAR = 3
    WAVES = 4

    @property
    def glyph(self) -> str:
        """A one-character face for screens and printed cards."""
        return ("⊕", "○", "□", "★", "≋")[self]


def symbol_of(colour: Colour, number: int) -> Symbol:
    """T1: the symbol of colour index c, number n is SYMBOLS[(n - 1 + c) mod 5]."""
    return Symbol((number - 1 + colour) % len(Symbol))


_CARD = re.compile(r"([RGBYP])(10|[1-9])(?:#([1-9][0-9]*))?")


@dataclass(frozen=True)
class Card:
    """One card of the deck; ``serial`` is the ``#n`` written after it, if any.

    Two cards are the same *face* when colour and number agree; rules compare faces
    (``card.face``), records keep the serial as written.
    """

    colour: Colour
    number: int
    serial: int | None = None

    def __post_init__(self) -> None:
        if self.number not in NUMBERS:
            raise NotationError(f"{self.colour.name}{self.number}: numbers run 1-10", "T1")
        if self.serial is not None and self.serial != 1:
            raise NotationError(
                f"{self.colour.name}{self.number}#{self.serial}: the deck holds one "
                f"{self.colour.name}{self.number}, serial 1",
                "T1",
            )

    @property
    def face(self) -> Card:
        """The card without its serial: what the rules look at."""
        return Card(self.colour, self.number) if self.serial is not None else self

    @property
    def symbol(self) -> Symbol:
        return symbol_of(self.colour, self.number)

    def sort_key(self) -> tuple[int, int]:
        return (self.colour, self.number)

    @cached_property
    def notation(self) -> str:
        """``R7``, ``P10#1``: worked out once, as records write thousands of cards."""
        serial = f"#{self.serial}" if self.serial is not None else ""
        return f"{self.colour.name}{self.number}{serial}"

    def __str__(self) -> str:
        return self.notation


def parse_card(text: object) -> Card:
    """Read ``R1`` ... ``P10`` (optionally ``#1``); raise :class:`NotationError` otherwise."""
    if not isinstance(text, str):
        raise NotationError(f"a card is written as text like 'R7', not {text!r}", "T1")
    match = _CARD.fullmatch(text)
    if match is None:
        raise NotationError(f"unknown card {text!r}: cards are R1 ... P10", "T1")
    colour, number, serial = match.groups()
    return Card(Colour[colour], int(number), int(serial) if serial else None)


#: The 50 faces in colour then number order.
DECK: tuple[Card, ...] = tuple(Card(c, n) for c in Colour for n in NUMBERS)

#: The two indicator boards (docs/notation.md): printed cards of the deck that are
#: never played; the first card left over is put on the Trump board, the second on
#: the Symbol board (T2). By name, what the card lying on each indicates.
BOARDS: dict[str, str] = {"TRUMP-BOARD": "trump", "SYMBOL-BOARD": "symbol"}
#: The two indicators by what they are used as (a record's round fields, T2).
TRUMP_INDICATOR, SYMBOL_INDICATOR = BOARDS.values()


def lowest_trump(trump: Card, symbol: Card) -> Card:
    """T3: the lowest card of the trump colour that lies on neither indicator, whose
    holder leads round 1.

    >>> str(lowest_trump(parse_card("R1"), parse_card("G1")))
    'R2'
    >>> str(lowest_trump(parse_card("B4"), parse_card("B1")))
    'B2'
    """
    on_indicators = {trump.face, symbol.face}
    return next(c for c in DECK if c.colour == trump.colour and c not in on_indicators)
