"""The faces of each deck in groups, for choosing the right card with four buttons.

Correcting a misread card takes two short lists instead of one long one: the group
(a suit, the spicy cards, the rummy kinds), then the face within it. Both lists start
on the misread card's own group and face, so a near miss costs a press or two.

    >>> [group.label for group in deck_groups("trump")]
    ['Red', 'Green', 'Blue', 'Yellow', 'Purple']
    >>> deck_groups("rummy8")[0].faces
    ('B2', 'B3', 'B5')
    >>> locate("fibonachos", "G7#2")
    (1, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.games.rummy.deck import DECKS


@dataclass(frozen=True)
class DeckGroup:
    label: str
    faces: tuple[str, ...]


def _suits(letters: str, names: tuple[str, ...], top: int) -> list[DeckGroup]:
    return [
        DeckGroup(name, tuple(f"{letter}{n}" for n in range(1, top + 1)))
        for letter, name in zip(letters, names, strict=True)
    ]


@cache
def deck_groups(game: str) -> tuple[DeckGroup, ...]:
    """The groups of faces of ``game``'s deck (empty for a game without cards to correct)."""
    if game == "fibonachos":
        spicy = DeckGroup("Spicy", ("S0", "S1", "S2", "S3", "S5"))
        return (*_suits("RGY", ("Red", "Green", "Yellow"), 16), spicy)
    if game == "trump":
        return tuple(_suits("RGBYP", ("Red", "Green", "Blue", "Yellow", "Purple"), 10))
    if game in DECKS:
        deck = DECKS[game]
        groups = [
            DeckGroup("Base", tuple(f"B{n}" for n in deck.bases)),
            DeckGroup("Standard", tuple(str(n) for n in deck.standards)),
            DeckGroup(f"Top {deck.target}", (str(deck.target),)),
            DeckGroup("Wild", ("W",)),
        ]
        if deck.bonus is not None:
            groups.append(DeckGroup("Bonus", ("X",)))
        return tuple(groups)
    if game == "hex":
        return (DeckGroup("Move card", tuple(f"M{n}" for n in range(1, 7))),)
    return ()


def locate(game: str, notation: str) -> tuple[int, int]:
    """The group and face index of ``notation`` (its serial ignored); (0, 0) if not found."""
    face = notation.split("#", 1)[0]
    for group_index, group in enumerate(deck_groups(game)):
        if face in group.faces:
            return group_index, group.faces.index(face)
    return 0, 0
