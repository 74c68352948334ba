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


def meld_steps(
    cards: Sequence[CardRef],
    x: float,
    y: float,
    *,
    card_height: float | None = None,
    strip: float = 0.25,
    zone: str = "",
    face_down: bool = False,
) -> list[Place]:
    """A rummy set laid out from its base card centred at (x, y) down the table.

    Each card lies ``strip`` card heights below the one before, over it: only the top
    strip of every card but the last shows (the rulebook's "lower edge over the card
    below"; 0.25 is card_codes' 22 mm strip with the corner code). ``card_height`` is a
    card's height in frame fractions (``Scene.card_fraction()[1]``; default: the
    default scale in a 16:9 frame).
    """
    height = card_height if card_height is not None else card_fraction()[1]
    return [
        Place(card, x, y + i * strip * height, zone=zone, face_down=face_down)
        for i, card in enumerate(cards)
    ]
