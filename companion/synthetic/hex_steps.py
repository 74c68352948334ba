"""The steps of a hex board script (:class:`~companion.synthetic.hex_scene.HexScene`
renders them; its docstring says what each does).

    steps = [Lift(11), Put(11, "c2"), Away(), Hold(6)]
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.synthetic.glare import Glare
from companion.synthetic.scene_steps import Blur, Light


@dataclass(frozen=True)
class Lift:
    marker: int


@dataclass(frozen=True)
class Put:
    marker: int
    cell: str
    #: Where it lies from the cell's centre (mm; None: as the scene's ``offcentre``).
    off: tuple[float, float] | None = None


@dataclass(frozen=True)
class Away:
    pass


@dataclass(frozen=True)
class Nudge:
    dx: float
    dy: float
    degrees: float


@dataclass(frozen=True)
class Hold:
    frames: int


@dataclass(frozen=True)
class Card:
    notation: str  # a card of the hex deck with its serial: "M4#1"


@dataclass(frozen=True)
class Rest:
    cell: str


@dataclass(frozen=True)
class Lean:
    elbow: str
    hand: str


@dataclass(frozen=True)
class Flip:
    marker: int


@dataclass(frozen=True)
class Knock:
    marker: int


@dataclass(frozen=True)
class Shake:
    length: int
    angle: float = 0.0


@dataclass(frozen=True)
class Lamp:
    glare: Glare | None  # the lamp's reflection from now on (None: moved off the board)


HexStep = (
    Lift
    | Put
    | Away
    | Nudge
    | Hold
    | Card
    | Rest
    | Lean
    | Flip
    | Knock
    | Light
    | Blur
    | Shake
    | Lamp
)


__all__ = [
    "Away",
    "Blur",
    "Card",
    "Flip",
    "HexStep",
    "Hold",
    "Knock",
    "Lamp",
    "Lean",
    "Lift",
    "Light",
    "Nudge",
    "Put",
    "Rest",
    "Shake",
]
