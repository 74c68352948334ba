"""What is printed on every physical card of every deck, in the catalogue's fixed order.

A :class:`CardFace` tells a printer everything it needs to draw a card that a person
can read without the companion: the big label, the colour and suit, the marks
(fibonacho, rabbit, wild, bonus ...), the Trump symbol, a short note. The contents of
each deck follow RULES.md (F1, T1, R1, H5) and the control cards of issue 3.

The order of each deck's tuple is part of the payload format (a card's index in it is
written in its QR code, docs/payload.md), so new cards are only ever appended.

    >>> notation, face = fibonachos()[0]
    >>> notation, face.label, face.colour, face.suit, sorted(face.marks)
    ('R1#1', '1', 'red', 'salsa', ['fibonacho'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

RGB = tuple[int, int, int]

#: Colour names as printed, with a print-friendly RGB value.
PALETTE: dict[str, RGB] = {
    "red": (200, 30, 45),
    "green": (30, 140, 60),
    "yellow": (230, 180, 0),
    "blue": (30, 80, 190),
    "purple": (120, 50, 160),
    "black": (20, 20, 20),
    "white": (235, 235, 235),
}

FIBONACHO_RANKS = frozenset({1, 2, 3, 5, 8, 13})
FIBONACHO_SUITS = (("R", "red", "salsa"), ("G", "green", "guacamole"), ("Y", "yellow", "cheese"))
SPICY_VALUES = (0, 1, 2, 3, 5)
SPICY_COPIES = 3

TRUMP_COLOURS = (("R", "red"), ("G", "green"), ("B", "blue"), ("Y", "yellow"), ("P", "purple"))
#: T1: the symbols in order; colour index c, number n shows SYMBOLS[(n - 1 + c) mod 5].
TRUMP_SYMBOLS = ("plus", "circle", "square", "star", "waves")
TRUMP_BOARD = "TRUMP-BOARD"
SYMBOL_BOARD = "SYMBOL-BOARD"

HEX_PILES = ("black", "white")
HEX_VALUES = (1, 2, 3, 4, 5, 6)
HEX_COPIES = 2

CONTROL_NOTATIONS = (
    "NEW-GAME",
    "NEXT-ROUND",
    "UNDO",
    "CONFIRM",
    *(f"SEAT{n}" for n in range(1, 6)),
)
STAFF_NOTATIONS = ("STAFF-SETTINGS", "STAFF-RESET")


@dataclass(frozen=True)
class CardFace:
    """What is printed on one physical card.

    ``label`` is the big text of the face, in the players' words (``"13"``, ``"W"``, ``"4"``
    on a hex move card, ``"NEW GAME"``), never a notation a player does not read;
    ``colour`` a :data:`PALETTE` name or None; ``suit`` the Fibonachos suit name;
    ``symbol`` the Trump symbol; ``marks`` flags among ``fibonacho``, ``spicy``,
    ``rabbit`` (a base card), ``top``, ``standard``, ``wild``, ``bonus``, ``board``,
    ``move``, ``control``, ``seat``, ``staff``; ``note`` a short line for the foot of
    the card (``"base 2 + 3 + 3, worth 8"``).
    """

    label: str
    title: str
    number: int | None = None
    colour: str | None = None
    suit: str | None = None
    symbol: str | None = None
    marks: frozenset[str] = field(default_factory=frozenset)
    note: str = ""

    @property
    def rgb(self) -> RGB | None:
        """The colour to print, or None for a card without one."""
        return PALETTE[self.colour] if self.colour is not None else None


Entry = tuple[str, CardFace]


def serials(face: str, count: int, start: int = 1) -> list[str]:
    """``serials("R1", 2)`` -> ``["R1#1", "R1#2"]``; a unique card keeps its bare face."""
    if count == 1 and start == 1:
        return [face]
    return [f"{face}#{n}" for n in range(start, start + count)]


def fibonachos() -> tuple[Entry, ...]:
    """F1: three suits of 1, 1, 2 ... 16 (51 nacho cards), then spicy 0-5 three each."""
    entries: list[Entry] = []
    for letter, colour, suit in FIBONACHO_SUITS:
        for rank in range(1, 17):
            marks = frozenset({"fibonacho"}) if rank in FIBONACHO_RANKS else frozenset()
            face = CardFace(str(rank), f"{colour} {rank}", rank, colour, suit, marks=marks)
            entries += [(name, face) for name in serials(f"{letter}{rank}", 2 if rank == 1 else 1)]
    for value in SPICY_VALUES:
        face = CardFace(
            str(value), f"spicy {value}", value, suit="spicy", marks=frozenset({"spicy"})
        )
        entries += [(name, face) for name in serials(f"S{value}", SPICY_COPIES)]
    return tuple(entries)


def trump() -> tuple[Entry, ...]:
    """T1: five colours of 1-10 with their symbols, then the two indicator boards (T2)."""
    entries: list[Entry] = []
    for index, (letter, colour) in enumerate(TRUMP_COLOURS):
        for number in range(1, 11):
            symbol = TRUMP_SYMBOLS[(number - 1 + index) % len(TRUMP_SYMBOLS)]
            face = CardFace(str(number), f"{colour} {number}", number, colour, symbol=symbol)
            entries.append((f"{letter}{number}", face))
    board = frozenset({"board"})
    entries.append(
        (TRUMP_BOARD, CardFace("TRUMP", "Trump indicator", marks=board, note="trump colour"))
    )
    entries.append(
        (SYMBOL_BOARD, CardFace("SYMBOL", "Symbol indicator", marks=board, note="scored symbol"))
    )
    return tuple(entries)


@dataclass(frozen=True)
class RummyDeck:
    """R1 in numbers: the top card, base and standard numbers, the bonus card."""

    target: int
    bases: tuple[int, ...]
    standards: tuple[int, ...]
    #: The bonus card as (base, extras), or None (deck 8 has none).
    bonus: tuple[int, tuple[int, ...]] | None
    #: Decks 13 and 8: the top card is physically a base card of the target number.
    top_is_base: bool


RUMMY_DECKS: dict[str, RummyDeck] = {
    "rummy21": RummyDeck(21, (2, 3, 5, 8, 13), (2, 3, 5, 8, 13), (2, (3, 3)), False),
    "rummy13": RummyDeck(13, (2, 3, 5, 8), (2, 3, 5, 8), (2, (3, 3)), True),
    "rummy8": RummyDeck(8, (2, 3, 5), (2, 3, 5, 8), None, True),
    "rummy89": RummyDeck(89, (8, 13, 21, 34, 55), (8, 13, 21, 34, 55), (8, (13, 13)), False),
}
RUMMY_BASE_COPIES = 4
RUMMY_TOP_COPIES = 4
RUMMY_STANDARD_COPIES = 12
RUMMY_WILD_COPIES = 3
RUMMY_BONUS_COPIES = 2


def rummy(deck: RummyDeck) -> tuple[Entry, ...]:
    """R1: top cards, base cards, standard cards, wild cards, bonus cards, in that order.

    The notation cannot tell deck 8's top card (a base 8) from its standard 8s: both are
    ``8``, serials 1-4 the top cards and 5-16 the standard ones.
    """
    target = str(deck.target)
    top_marks = {"top", "rabbit"} if deck.top_is_base else {"top"}
    top_note = f"base {target}: a complete set" if deck.top_is_base else "a complete set"
    top = CardFace(
        target, f"top card {target}", deck.target, marks=frozenset(top_marks), note=top_note
    )
    total_of_target = RUMMY_TOP_COPIES + (
        RUMMY_STANDARD_COPIES if deck.target in deck.standards else 0
    )
    serial = serials(target, total_of_target)
    entries: list[Entry] = [(name, top) for name in serial[:RUMMY_TOP_COPIES]]
    for number in deck.bases:
        face = CardFace(str(number), f"base {number}", number, marks=frozenset({"rabbit"}))
        entries += [(name, face) for name in serials(f"B{number}", RUMMY_BASE_COPIES)]
    for number in deck.standards:
        face = CardFace(str(number), f"standard {number}", number, marks=frozenset({"standard"}))
        names = (
            serial[RUMMY_TOP_COPIES:]
            if number == deck.target
            else serials(str(number), RUMMY_STANDARD_COPIES)
        )
        entries += [(name, face) for name in names]
    wild = CardFace("W", "wild card", marks=frozenset({"wild"}), note="any number")
    entries += [(name, wild) for name in serials("W", RUMMY_WILD_COPIES)]
    if deck.bonus is not None:
        base, extra = deck.bonus
        parts = " + ".join(str(n) for n in (base, *extra))
        worth = base + sum(extra)
        bonus = CardFace(
            "X",
            "bonus card",
            worth,
            marks=frozenset({"bonus", "rabbit"}),
            note=f"base {parts}, worth {worth}",
        )
        entries += [(name, bonus) for name in serials("X", RUMMY_BONUS_COPIES)]
    return tuple(entries)


def hex_moves() -> tuple[Entry, ...]:
    """H5: Black's pile then White's, M1-M6 twice each; serials 1-2 Black's, 3-4 White's."""
    entries: list[Entry] = []
    for pile_index, pile in enumerate(HEX_PILES):
        for value in HEX_VALUES:
            face = CardFace(  # the big label a player reads: the moves (not "M3")
                str(value),
                f"{value} move{'s' if value > 1 else ''} ({pile})",
                value,
                colour=pile,
                marks=frozenset({"move"}),
                note=f"{pile.title()}'s pile",
            )
            names = serials(f"M{value}", HEX_COPIES, start=1 + pile_index * HEX_COPIES)
            entries += [(name, face) for name in names]
    return tuple(entries)


def _control_face(notation: str, marks: set[str]) -> CardFace:
    label = notation.replace("-", " ")
    if notation.startswith("SEAT"):
        marks = marks | {"seat"}
        label = f"SEAT {notation[4:]}"
        return CardFace(label, label.lower(), int(notation[4:]), marks=frozenset(marks))
    return CardFace(label, label.lower(), marks=frozenset(marks))


def control() -> tuple[Entry, ...]:
    """The table's control cards (issue 3): new game, next round, undo, confirm, seats 1-5."""
    return tuple((name, _control_face(name, {"control"})) for name in CONTROL_NOTATIONS)


def staff() -> tuple[Entry, ...]:
    """The signed staff cards: settings, reset a table (their payload carries an HMAC)."""
    return tuple((name, _control_face(name, {"control", "staff"})) for name in STAFF_NOTATIONS)
