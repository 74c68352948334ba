"""What a card's face prints, read from its notation: the one reader every view uses.

A game's spec (:class:`~companion.games.registry.GameSpec`) carries its ``face``
reader, so that the screens' names ("Red 13", "Base 5", "Wild 8") and the phone
page's card objects (``{"face": "R13", "kind": "red", "number": 13}``) ask the game
rather than branch on its name. A face is language-free: its ``kind`` is what the
printed face says above the big number (a colour, ``spicy``, ``base``, ``top``,
``standard``, ``wild``, ``bonus``, ``move``), None for a notation the game does not
know (a view shows ``face`` then). The serial (``#2``) is dropped, except where it
tells two printings apart (deck 8's top ``8`` from its standard ``8``).

    >>> read = coloured({"R": "red", "S": "spicy"})
    >>> read("R13#2")
    Face(face='R13', kind='red', number=13)
    >>> read("Q7"), read("R13#2").named
    (Face(face='Q7', kind=None, number=None), True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

#: The loose shape of every card game's notation: a letter, a number, a declared number.
_NOTATION = re.compile(r"([A-Z]?)([0-9]*)(?:=([0-9]+))?")


@dataclass(frozen=True)
class Face:
    """A card as its face prints it: ``kind`` None for a notation the game does not know."""

    face: str
    kind: str | None = None
    number: int | None = None

    @property
    def named(self) -> bool:
        """Whether the game knows this face (a view names it, else shows ``face``)."""
        return self.kind is not None


class Parts(NamedTuple):
    """A notation cut into its parts (:func:`split`); ``None`` where a part is absent."""

    face: str
    letter: str
    number: int | None
    declared: int | None
    serial: int | None


@dataclass(frozen=True)
class FaceGroup:
    """A group of a deck's faces (a suit, the spicy cards, a rummy kind), for choosing a
    face with four buttons; ``label`` is English, marked for the catalogue."""

    label: str
    faces: tuple[str, ...]


#: A game's face reader: a notation (with or without its serial) to its :class:`Face`.
FaceReader = Callable[[str], Face]


def split(notation: str) -> Parts | None:
    """``notation`` in parts, or None when it has not the notation's shape.

    >>> split("W=8#1")
    Parts(face='W=8', letter='W', number=None, declared=8, serial=1)
    """
    face, _, serial = notation.partition("#")
    match = _NOTATION.fullmatch(face)
    if match is None:
        return None
    letter, digits, declared = match.groups()
    return Parts(
        face,
        letter,
        int(digits) if digits else None,
        int(declared) if declared else None,
        int(serial) if serial.isdigit() else None,
    )


def unknown(notation: str) -> Face:
    """The face of a card no game names: its notation without the serial."""
    return Face(notation.partition("#")[0])


def coloured(kinds: Mapping[str, str]) -> FaceReader:
    """The reader of a deck of numbered cards whose letter says the colour (F1, T1, H5)."""

    def read(notation: str) -> Face:
        parts = split(notation)
        if parts is None:
            return unknown(notation)
        kind = kinds.get(parts.letter)
        if kind is None or parts.number is None:
            return Face(parts.face)
        return Face(parts.face, kind, parts.number)

    return read
