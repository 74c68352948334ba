"""Rummy sets from where the cards lie, for a seat on any side of the picture.

A player lays a set out as the rulebook shows it, the way the cards face them: the
base card farthest from them, each next card a strip nearer, over the card before,
so the top strip of every card shows (card_codes prints a code in it; the
synthetic scenes' ``meld_steps`` lay sets so). "Nearer the player" is the seat's own
*down*, which the side of the picture they sit on gives (``TableCard.facing``,
from the layout: :meth:`companion.table.layout.Layout.facing`):

    side     the player's down    a set grows       cards turned (scene angle)
    bottom   +y                   down the picture   0
    top      -y                   up the picture     180
    left     -x                   leftward           270 (-90)
    right    +x                   rightward          90

:func:`seat_point` turns a frame position into the seat's own (across, along)
coordinates, in frame widths both ways so a card's length is the same whichever
way it lies; :func:`group_sets` then groups and orders the cards exactly as a bottom
seat's are grouped: base first. Distances are measured in card sizes: each card says
how big it lies in the picture (``TableCard.extent``, from the layout's ``card_size``
and the frame's shape, :func:`card_extent`), so the same rules hold for a card 190
pixels wide in a 1920 x 1080 picture and in a 12 MP one. The rules:

- a card *overlaps* the card before it when it lies further along by more than
  ``MIN_STEP`` and at most ``MAX_STEP`` card heights (at least a quarter of the
  card before shows), drifting sideways at most ``MAX_DRIFT`` card widths;
- a card joins the set whose last card it overlaps (the nearest when several do);
  one that overlaps none starts a set; a card with no position is a set of its own.

    >>> a = TableCard("k1", "rummy21", "B5", "meld-1", (0.20, 0.70), facing="top")
    >>> b = TableCard("k2", "rummy21", "8", "meld-1", (0.21, 0.65), facing="top")
    >>> [card.notation for card in group_sets([b, a])[0]]
    ['B5', '8']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final

from companion.table.cards import TableCard
from companion.table.layout import Point

#: A card's (width, height) in frame fractions when nothing better is known: the rummy
#: flow's own figures (a poker card at the camera height docs/layout.md describes).
DEFAULT_CARD: Final = (0.07, 0.15)
DEFAULT_ASPECT: Final = 16 / 9
#: How much further along the next card of a set lies (card heights): more than this ...
MIN_STEP: Final = 0.06
#: ... and at most this (a quarter of the card before still shows).
MAX_STEP: Final = 0.75
#: How far the next card's centre may drift sideways (card widths).
MAX_DRIFT: Final = 1 / 3
#: A folded set (:func:`fold_sets`): its next column starts with a column this full ...
FOLD_AT: Final = 4
#: ... this many card widths to the right of the column before (sets lie 1.3 apart) ...
FOLD_ACROSS: Final = (0.8, 2.0)
#: ... level with that column's first card (card heights).
FOLD_LEVEL: Final = 0.5
#: The seat's (across, along) axes in the frame: along is the player's down.
AXES: Final[dict[str, tuple[Point, Point]]] = {
    "bottom": ((1.0, 0.0), (0.0, 1.0)),
    "top": ((-1.0, 0.0), (0.0, -1.0)),
    "left": ((0.0, 1.0), (-1.0, 0.0)),
    "right": ((0.0, -1.0), (1.0, 0.0)),
}
#: The angle (degrees, counter-clockwise in the picture) of a card upright for the seat.
CARD_ANGLE: Final = {"bottom": 0.0, "top": 180.0, "left": 270.0, "right": 90.0}


def seat_point(position: Point, side: str | None, aspect: float = DEFAULT_ASPECT) -> Point:
    """``position`` (frame fractions) in the seat's (across, along) frame widths: along
    grows toward the player; across runs to the player's right."""
    x, y = position[0], position[1] / aspect
    across, along = AXES[side or "bottom"]
    return (x * across[0] + y * across[1], x * along[0] + y * along[1])


def card_extent(card_size: tuple[float, float], side: str | None, aspect: float) -> Point:
    """How far a card laid by the seat at ``side`` spans the picture: (along x over the
    frame's width, along y over its height). ``card_size`` is its (width, height) in
    frame fractions as a bottom seat lays it; ``aspect`` the frame's width over height.

        >>> card_extent((0.1, 0.3), "left", 2.0)   # lying across: 0.3 x 0.5 of the frame
        (0.15, 0.2)
    """
    width, height = card_size
    if side in ("left", "right"):
        return (height / aspect, width * aspect)
    return (width, height)


def group_sets(
    cards: Iterable[TableCard],
    *,
    card_size: tuple[float, float] | None = None,
    aspect: float = DEFAULT_ASPECT,
) -> list[list[TableCard]]:
    """The sets the cards of one seat form, each from its base card on, ordered by
    their base (nearest the far edge first, then from the player's left).

    Each card's ``facing`` says its seat's side (None: a bottom seat, as the rulebook
    pictures it), and its ``extent`` how big it lies in the picture. A card with no
    extent (read before cards carried one, or with a layout that gives no card size)
    is taken to be ``card_size`` (frame fractions as laid by a bottom seat; default
    :data:`DEFAULT_CARD`) in a frame of ``aspect``.
    """
    fallback = card_size if card_size is not None else DEFAULT_CARD
    placed = sorted(cards, key=_reading_order)
    groups: list[list[TableCard]] = []
    for card in placed:
        tails: list[tuple[float, int, list[TableCard]]] = []
        for group in groups:
            step = _step(card, group[-1], fallback, aspect)
            if step is not None and MIN_STEP < step[1] <= MAX_STEP and abs(step[0]) <= MAX_DRIFT:
                tails.append((step[1], len(tails), group))
        if tails:
            min(tails)[2].append(card)
        else:
            groups.append([card])
    return groups


def fold_sets(
    groups: list[list[TableCard]],
    continues: Callable[[Sequence[TableCard], TableCard], bool],
    *,
    card_size: tuple[float, float] | None = None,
    aspect: float = DEFAULT_ASPECT,
) -> list[list[TableCard]]:
    """Long sets folded into columns, joined again (docs/rummy.md "A set longer than
    your zone"): a set whose column is full goes on in the next column to its right,
    from the far side of the zone again. A group continues the set on its left when
    its first card lies level with the first card of that set's last column (at most
    ``FOLD_LEVEL`` card heights along) and ``FOLD_ACROSS`` card widths to its right,
    that column holds at least ``FOLD_AT`` cards, and ``continues(the set so far, the
    group's first card)`` (the rummy flow: a standard card, which starts no set, and
    the set not yet complete). The sets keep :func:`group_sets`' order.

        >>> column = [TableCard(f"a{i}", "rummy21", n, "meld-0", (0.2, 0.1 + 0.04 * i))
        ...           for i, n in enumerate(["B3", "2", "2", "2"])]
        >>> fold = TableCard("b", "rummy21", "3", "meld-0", (0.29, 0.1))
        >>> groups = group_sets([*column, fold])
        >>> len(groups), len(fold_sets(groups, lambda before, first: first.notation == "3"))
        (2, 1)
    """
    fallback = card_size if card_size is not None else DEFAULT_CARD
    kept: list[list[TableCard]] = []
    heads: dict[int, int] = {}  # id of a kept set -> where its last column starts
    for group in sorted(groups, key=lambda g: _reading_order(g[0])[2]):  # left to right
        joined = False
        for target in kept:
            head = heads.get(id(target), 0)
            step = _step(group[0], target[head], fallback, aspect)
            if (
                step is not None
                and FOLD_ACROSS[0] <= step[0] <= FOLD_ACROSS[1]
                and abs(step[1]) <= FOLD_LEVEL
                and len(target) - head >= FOLD_AT
                and continues(target, group[0])
            ):
                heads[id(target)] = len(target)
                target.extend(group)
                joined = True
                break
        if not joined:
            kept.append(list(group))
    by_first = {id(k[0]): k for k in kept}
    return [by_first[id(g[0])] for g in groups if id(g[0]) in by_first]


def set_order(
    cards: Iterable[TableCard],
    *,
    card_size: tuple[float, float] | None = None,
    aspect: float = DEFAULT_ASPECT,
) -> list[TableCard]:
    """The cards in set order: the sets of :func:`group_sets` one after the other."""
    groups = group_sets(cards, card_size=card_size, aspect=aspect)
    return [card for group in groups for card in group]


def _step(
    card: TableCard, before: TableCard, fallback: tuple[float, float], aspect: float
) -> Point | None:
    """How far ``card`` lies (across in card widths, along in card heights) from
    ``before``, in the seat's frame; the card before gives the size (it is the one
    whose strip must show), else the card itself, else ``fallback``."""
    if card.position is None or before.position is None:
        return None
    side = card.facing
    extent = before.extent or card.extent or card_extent(fallback, side, aspect)
    dx = (card.position[0] - before.position[0]) / extent[0]
    dy = (card.position[1] - before.position[1]) / extent[1]
    across, along = AXES[side or "bottom"]
    return (dx * across[0] + dy * across[1], dx * along[0] + dy * along[1])


def _reading_order(card: TableCard) -> tuple[bool, float, float, str]:
    """Far to near, then the player's left to right; cards with no position last (the
    order along each axis alone, so no card size is needed)."""
    if card.position is None:
        return (True, 0.0, 0.0, card.key)
    across, along = seat_point(card.position, card.facing, 1.0)
    return (False, along, across, card.key)
