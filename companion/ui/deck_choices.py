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

from companion.games.fibonachos.cards import RANKS, SPICY_VALUES, SUITS
from companion.games.i18n import N_
from companion.games.rummy.deck import DECKS
from companion.games.trump.cards import NUMBERS, Colour
from companion.views.cards import COLOURS
from companion.views.i18n import _


@dataclass(frozen=True)
class DeckGroup:
    """A group of faces; ``label`` is English (marked for the catalogue): the menus
    show :func:`group_label`."""

    label: str
    faces: tuple[str, ...]


def group_label(group: DeckGroup) -> str:
    """The group's name in the table's language."""
    return _(group.label)


@cache
def deck_groups(game: str) -> tuple[DeckGroup, ...]:
    """The groups of faces of ``game``'s deck, from the game's own card definitions
    (empty for a game without table cards to correct, such as the hex referee)."""
    if game == "fibonachos":
        ranks = dict.fromkeys(RANKS)  # F1: the 1 is there twice
        suits = [DeckGroup(COLOURS[s.value], tuple(f"{s.value}{n}" for n in ranks)) for s in SUITS]
        return (*suits, DeckGroup(N_("Spicy"), tuple(f"S{v}" for v in SPICY_VALUES)))
    if game == "trump":
        return tuple(
            DeckGroup(COLOURS[c.name], tuple(f"{c.name}{n}" for n in NUMBERS)) for c in Colour
        )
    if game in DECKS:
        deck = DECKS[game]
        groups = [
            DeckGroup(N_("Base"), tuple(f"B{n}" for n in deck.bases)),
            DeckGroup(N_("Standard"), tuple(str(n) for n in deck.standards)),
            DeckGroup(N_("Top card"), (str(deck.target),)),
            DeckGroup(N_("Wild"), ("W",)),
        ]
        if deck.bonus is not None:
            groups.append(DeckGroup(N_("Bonus"), ("X",)))
        return tuple(groups)
    return ()


def locate(game: str, notation: str) -> tuple[int, int]:
    """The group and face index of ``notation`` (its serial ignored); (0, 0) if not found."""
    face = notation.split("#", 1)[0]
    for group_index, group in enumerate(deck_groups(game)):
        if face in group.faces:
            return group_index, group.faces.index(face)
    return 0, 0
