"""The steps of a table script: what happens at the table, one step at a time.

A :class:`~companion.synthetic.scene.Scene` renders a sequence of these into frames.
Positions are fractions of the frame (0-1, the table plane before any tilt);
angles are degrees, counter-clockwise; lengths are in frames.

    steps = [Place(CardRef("trump", "B7"), 0.5, 0.5, zone="play"), Hand(0.5, 0.5), Wait(5)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.synthetic.sprites import CardRef, card_fraction


@dataclass(frozen=True)
class Place:
    """Put ``card`` down centred at (x, y), turned by ``angle`` degrees, in ``zone``.

    With ``hand`` a hand reaches in from ``edge`` (the player's side of the frame) over
    the spot first and leaves after (the card appears while the hand covers it).
    ``frames`` is how long the card then lies still before the next step (None: the
    scene's ``settle``).
    """

    card: CardRef
    x: float
    y: float
    angle: float = 0.0
    zone: str = ""
    hand: bool = True
    face_down: bool = False
    frames: int | None = None
    edge: str = "bottom"


@dataclass(frozen=True)
class Remove:
    """Take ``cards`` away together (a trick cleared, a set picked up), a hand over them."""

    cards: tuple[CardRef, ...]
    hand: bool = True
    frames: int | None = None
    edge: str = "bottom"


@dataclass(frozen=True)
class Hand:
    """A hand passes over (x, y) for ``frames`` frames, coming from ``edge``."""

    x: float
    y: float
    frames: int = 4
    edge: str = "bottom"


@dataclass(frozen=True)
class Light:
    """The light changes to ``gain`` (1 = as before the first change) over ``frames``,
    brighter on the left than on the right by ``gradient`` (0.3: +-15 %)."""

    gain: float
    gradient: float = 0.0
    frames: int = 4


@dataclass(frozen=True)
class Blur:
    """Motion blur of ``length`` px in direction ``angle`` for ``frames`` frames."""

    length: int = 9
    angle: float = 0.0
    frames: int = 2


@dataclass(frozen=True)
class Wait:
    """Nothing happens for ``frames`` frames."""

    frames: int


Step = Place | Remove | Hand | Light | Blur | Wait


#: A seat's side of the picture: the angle of a card upright for that player (degrees,
#: counter-clockwise) and the player's "down" in the picture, along which sets grow.
SEAT_SIDES: dict[str, tuple[float, tuple[int, int]]] = {
    "bottom": (0.0, (0, 1)),
    "top": (180.0, (0, -1)),
    "left": (270.0, (-1, 0)),
    "right": (90.0, (1, 0)),
}


def meld_steps(
    cards: Sequence[CardRef],
    x: float,
    y: float,
    *,
    card_height: float | None = None,
    strip: float = 0.25,
    zone: str = "",
    face_down: bool = False,
    side: str = "bottom",
    aspect: float = 16 / 9,
) -> list[Place]:
    """A rummy set laid out from its base card centred at (x, y) toward its player.

    Each card lies ``strip`` card heights nearer the player than the one before, over
    it: only the top strip of every card but the last shows (the rulebook's "lower edge
    over the card below"; 0.25 is card_codes' 22 mm strip with the corner code). The
    player sits on ``side`` of the picture (``bottom``: the set grows down the frame;
    ``top``, ``left``, ``right``: the cards turned to face that player, the set growing
    toward them; a hand reaches in from there). ``card_height`` is a card's height in
    frame heights (``Scene.card_fraction()[1]``; default: the default scale in a 16:9
    frame); ``aspect`` the frame's width over height.
    """
    if side not in SEAT_SIDES:
        raise ValueError(f"meld_steps side {side!r}: choose {', '.join(SEAT_SIDES)}")
    angle, (dx, dy) = SEAT_SIDES[side]
    height = card_height if card_height is not None else card_fraction()[1]
    step_x, step_y = dx * strip * height / aspect, dy * strip * height
    return [
        Place(
            card,
            x + i * step_x,
            y + i * step_y,
            angle=angle,
            zone=zone,
            face_down=face_down,
            edge=side,
        )
        for i, card in enumerate(cards)
    ]
