"""Where each rummy seat's sets lie in a synthetic table: seats on every side of the picture.

A player sits at one side of the picture (``bottom``, ``left``, ``top``, ``right``;
two players face each other, bottom and top; four go round clockwise from the
bottom). Their meld zone is the strip of table in front of them. Seen by that
player, sets lie side by side from their left to their right, and each set grows
towards them: the base card farthest away, every next card a strip nearer, over
the card below (the rulebook's "lower edge on top of the coloured area of the
card below"). Cards face the player, so a top seat's cards are upside down in the
picture and a side seat's lie across.

Positions are frame fractions (0-1); vectors are worked in pixels, then divided
by the frame's size, so a card keeps its shape whatever the frame's aspect.

    >>> seats = seat_geometry(("bottom", "top"), (1920, 1080), 150)
    >>> [(s.side, s.angle, s.edge) for s in seats]
    [('bottom', 0.0, 'bottom'), ('top', 180.0, 'top')]
    >>> seats[0].card(0, 1)[1] > seats[0].card(0, 0)[1]   # a bottom set grows down
    True
    >>> seats[1].card(0, 1)[1] < seats[1].card(0, 0)[1]   # a top set grows up
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from companion.synthetic.sprites import CARD_ASPECT
from companion.table.layout import MELD_WIDTH

#: The sides of the picture in clockwise order from the bottom (the camera's view).
SIDES: Final = ("bottom", "left", "top", "right")
#: Each side's player: the direction they face (pixels, y down) and their cards' angle.
_FACING: Final = {
    "bottom": ((0.0, -1.0), 0.0),
    "left": ((1.0, 0.0), -90.0),
    "top": ((0.0, 1.0), 180.0),
    "right": ((-1.0, 0.0), 90.0),
}
#: A set's next card lies this many card heights nearer its player (card_codes' strip).
STRIP: Final = 0.25
#: Sets lie this many card widths apart, side by side; hand cards a little closer.
SET_PITCH: Final = 1.3
HAND_PITCH: Final = 1.12
#: A zone's margin around its cards, in card widths.
MARGIN: Final = 0.12
#: The longest set a zone is made deep enough for: at least a base card and three more,
#: at most the rulebook's longest sets (issue 11: "six sets of up to eight cards").
DEEPEST: Final = 4
LONGEST: Final = 8
#: How far into its zone a seat marker lies from the table's edge (of the zone's depth).
NEAR_EDGE: Final = 0.3
#: The most sets a player has (R2: six in 21 and 89): a zone holds this many side by side.
SETS: Final = 6


def picture_for(players: int) -> tuple[int, int]:
    """The picture docs/rummy.md "The camera" recommends for ``players`` at a small table
    with cards 190 px wide: the Camera Module 3's binned 2304 x 1296 for two facing
    players, 2560 x 1440 when seats sit at the sides too (six sets along the bottom)."""
    return (2304, 1296) if players <= 2 else (2560, 1440)


def sides_for(players: int) -> tuple[str, ...]:
    """The sides ``players`` sit at: 2 face each other, 3 and 4 go round clockwise."""
    if players == 2:
        return ("bottom", "top")
    return SIDES[:players]


@dataclass(frozen=True)
class SeatGeometry:
    """One seat's meld zone and how its cards lie (module docstring).

    ``zone`` is the zone's rectangle (x0, y0, x1, y1) in frame fractions; ``first``
    the centre of the first set's base card; ``across`` the step from one set to
    the next, ``toward`` the step from a card to the next one of its set, both
    per card width (fractions); ``angle`` the cards' turn (degrees, counter-clockwise);
    ``edge`` the side of the picture a hand comes from.
    """

    side: str
    zone: tuple[float, float, float, float]
    first: tuple[float, float]
    across: tuple[float, float]
    toward: tuple[float, float]
    angle: float
    edge: str
    #: The cards a column holds: a longer set folds into the next column (docs/rummy.md).
    holds: int = DEEPEST

    def card(self, column: float, depth: int) -> tuple[float, float]:
        """The centre of card ``depth`` (0: the base) of the set in ``column``, were the
        zone as deep as that (:meth:`place` folds a long set)."""
        return (
            self.first[0] + self.across[0] * column + self.toward[0] * depth,
            self.first[1] + self.across[1] * column + self.toward[1] * depth,
        )

    def place(self, column: int, depth: int) -> tuple[float, float]:
        """Where card ``depth`` of the set starting in ``column`` lies: a set longer than
        :attr:`holds` goes on in the next column, from the far side again (folded)."""
        return self.card(column + depth // self.holds, depth % self.holds)

    def columns(self, cards: int) -> int:
        """How many columns a set of ``cards`` cards takes (at least one)."""
        return max(1, -(-cards // self.holds))

    def hand(self, slot: int, columns: int) -> tuple[float, float]:
        """Where hand card ``slot`` goes: in a row after the ``columns`` set columns."""
        return self.card(columns + slot * HAND_PITCH / SET_PITCH, 0)


def _depth(cards: int, card_width: float) -> float:
    """How deep a zone is (pixels) for sets of ``cards`` cards: the cards and a margin."""
    return card_width / CARD_ASPECT * (1 + STRIP * (cards - 1)) + 2 * MARGIN * card_width


def deepest_for(sides: Sequence[str], size: tuple[int, int], card_width: int) -> int:
    """The longest set (:data:`DEEPEST` to :data:`LONGEST` cards) the zones of ``sides``
    are made for in a ``size`` picture: facing zones leave a card's length of table
    between them (the draw and discard piles) and a zone still holds :data:`SETS` sets
    side by side. A picture too small for either keeps :data:`DEEPEST`.

        >>> deepest_for(("bottom", "top"), (1920, 1080), 190)
        4
        >>> deepest_for(SIDES, (2560, 1440), 190), deepest_for(SIDES, (4608, 2592), 190)
        (4, 8)
    """
    card_height = card_width / CARD_ASPECT
    for cards in range(LONGEST, DEEPEST, -1):
        depth = _depth(cards, card_width)
        seats = seat_geometry(sides, size, card_width, deepest=cards)
        piles = all(
            2 * depth + card_height <= (size[1] if side in ("bottom", "top") else size[0])
            for side in sides
        )
        if piles and all(columns_of(seat, size, card_width) >= SETS for seat in seats):
            return cards
    return DEEPEST


def _inset(width: int, depth: float, card_width: int) -> float:
    """Where a bottom or top zone starts beside the side seats' zones (pixels): at the
    product's own side bands (:func:`companion.table.layout.rummy_layout`, the layout
    `seats = N` and `companion calibrate --write-layout` make) when :data:`SETS` sets
    still fit between them, else just past the side zones' depth (a small table: the
    outer sets' corners reach into the side bands, their centres stay in the zone)."""
    band = MELD_WIDTH * width
    room = width - 2 * band
    return band if room >= (SETS * SET_PITCH + 2 * MARGIN) * card_width else depth


def seat_geometry(
    sides: Sequence[str], size: tuple[int, int], card_width: int, *, deepest: int | None = None
) -> list[SeatGeometry]:
    """The seats at ``sides`` of a ``size`` picture with cards ``card_width`` px wide.

    Bottom and top zones span the picture's width between the side zones (or all of
    it with two players); a side zone spans the whole height. A zone is as deep as a
    set of ``deepest`` cards and a margin (default: what the picture allows,
    :func:`deepest_for`).
    """
    if deepest is None:
        deepest = deepest_for(sides, size, card_width)
    width, height = size
    card_height = card_width / CARD_ASPECT
    margin = MARGIN * card_width
    depth = _depth(deepest, card_width)
    sided = any(side in ("left", "right") for side in sides)
    seats = []
    for side in sides:
        (fx, fy), angle = _FACING[side]
        right = (-fy, fx)  # the player's right hand, in pixels
        if side in ("bottom", "top"):
            inset = _inset(width, depth, card_width) if sided else 0.0
            x0, x1 = inset, width - inset
            y0, y1 = (height - depth, height) if side == "bottom" else (0.0, depth)
            length = x1 - x0
        else:
            y0, y1 = 0.0, height
            x0, x1 = (0.0, depth) if side == "left" else (width - depth, width)
            length = y1 - y0
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        # The base row is the far side of the zone from the player (depth / 2 inward).
        far = depth / 2 - margin - card_height / 2
        start = length / 2 - margin - card_width * 0.6
        base = (
            centre[0] + fx * far - right[0] * start,
            centre[1] + fy * far - right[1] * start,
        )
        pitch = SET_PITCH * card_width
        step = STRIP * card_height
        seats.append(
            SeatGeometry(
                side,
                (x0 / width, y0 / height, x1 / width, y1 / height),
                (base[0] / width, base[1] / height),
                (right[0] * pitch / width, right[1] * pitch / height),
                (-fx * step / width, -fy * step / height),
                angle,
                side,
                deepest,
            )
        )
    return seats


def columns_of(seat: SeatGeometry, size: tuple[int, int], card_width: int) -> int:
    """How many set columns (and hand slots) fit along ``seat``'s zone."""
    x0, y0, x1, y1 = seat.zone
    along = (x1 - x0) * size[0] if seat.side in ("bottom", "top") else (y1 - y0) * size[1]
    return int((along - 0.24 * card_width) // (SET_PITCH * card_width))


def layout_toml(seats: Sequence[SeatGeometry], card_size: tuple[float, float] | None = None) -> str:
    """A layout file (TOML, docs/layout.md) with seat N's zone ``meld-N`` and, if given,
    the card's size (frame fractions of an upright card)."""
    lines = (
        [] if card_size is None else [f"card_size = [{card_size[0]:.4f}, {card_size[1]:.4f}]", ""]
    )
    for number, seat in enumerate(seats):
        x0, y0, x1, y1 = seat.zone
        lines += [
            "[[zone]]",
            f'name = "meld-{number}"',
            f"polygon = [[{x0:.4f}, {y0:.4f}], [{x1:.4f}, {y0:.4f}], "
            f"[{x1:.4f}, {y1:.4f}], [{x0:.4f}, {y1:.4f}]]",
            "",
        ]
    return "\n".join(lines)


def marker_spots(seats: Sequence[SeatGeometry]) -> list[tuple[float, float, float]]:
    """Where each seat's player puts their ``SEATn`` card for ``companion calibrate
    --write-layout`` (docs/rummy.md): in the middle of their zone's near edge, a card's
    height from the table's edge, facing them: (x, y, angle) each, frame fractions."""
    spots = []
    for seat in seats:
        x0, y0, x1, y1 = seat.zone
        (fx, fy), angle = _FACING[seat.side]
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        # The near edge is the picture's own edge on the player's side.
        x = {"left": 0.0, "right": 1.0}.get(seat.side, mx)
        y = {"bottom": 1.0, "top": 0.0}.get(seat.side, my)
        spots.append((x + fx * NEAR_EDGE * abs(x1 - x0), y + fy * NEAR_EDGE * abs(y1 - y0), angle))
    return spots
