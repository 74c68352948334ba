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

from companion.games.errors import GameError
from companion.games.faces import FaceGroup
from companion.games.registry import get_game
from companion.views.i18n import _

#: A group of a deck's faces (the game's spec gives them: ``face_groups``).
DeckGroup = FaceGroup


def group_label(group: DeckGroup) -> str:
    """The group's name in the table's language."""
    return _(group.label)


def deck_groups(game: str) -> tuple[DeckGroup, ...]:
    """The groups of faces of ``game``'s deck, from the game's own card definitions
    (empty for a game without table cards to correct, such as the hex referee)."""
    try:
        return get_game(game).face_groups
    except GameError:  # no game yet, or one the registry does not know: nothing to choose
        return ()


def locate(game: str, notation: str) -> tuple[int, int]:
    """The group and face index of ``notation`` (its serial ignored); (0, 0) if not found."""
    face = notation.split("#", 1)[0]
    for group_index, group in enumerate(deck_groups(game)):
        if face in group.faces:
            return group_index, group.faces.index(face)
    return 0, 0
