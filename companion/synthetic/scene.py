"""Synthetic table videos: cards put down and taken away under a camera, frame by frame.

Tests and benchmarks need videos of a game being played whose truth is known: which
card went down where, and when. A :class:`Scene` renders a script of steps (a card
placed at a spot, cards removed, a hand passing over, the light changing, a moment
of motion blur) into BGR frames at a fixed frame rate, as a camera above the table
would see them, optionally tilted (the whole frame in perspective). Frames are made
one at a time when asked for, so an hour of video costs the memory of one frame.

The steps are in :mod:`companion.synthetic.scene_steps` (re-exported here). Positions
are fractions of the frame (0-1, the table plane before any tilt); angles are
degrees, counter-clockwise. Cards are drawn in the order they were put down, so a
card placed later lies on top: a rummy set laid with :func:`meld_steps` shows only
the top strip of every card but the last, as the rulebook lays sets out.

    scene = Scene(size=(1280, 720), background="felt", seed=3)
    steps = [Place(CardRef("fibonachos", "R13#1"), 0.5, 0.5, zone="play"), Wait(5)]
    for frame in scene.frames(steps, fps=10):
        cv2.imwrite(f"{frame.index:06d}.png", frame.image)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

import numpy as np

from companion.synthetic.optics import (
    Flicker,
    banded,
    blur_kernel,
    noise_pair,
    paste_rotated,
    tilt_homography,
    under_light,
)
from companion.synthetic.scene_steps import Blur, Hand, Light, Place, Remove, Step, Wait, meld_steps
from companion.synthetic.sprites import (
    CardRef,
    FaceCache,
    FaceSource,
    Image,
    default_card_width,
    draw_hand,
    hands_over,
    table_cloth,
)

__all__ = [
    "Blur",
    "Hand",
    "Light",
    "Place",
    "Remove",
    "Scene",
    "SceneFrame",
    "Step",
    "Wait",
    "meld_steps",
]

# -- rendering ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SceneFrame:
    """One rendered frame and the truth about it.

    ``shown`` names the cards that became visible in this frame (the hand that put
    them down left), ``gone`` those taken away; ``table`` is every card lying on the
    table with its zone.
    """

    index: int
    timestamp: float
    image: Image
    shown: tuple[CardRef, ...] = ()
    gone: tuple[CardRef, ...] = ()
    table: tuple[tuple[CardRef, str], ...] = ()


@dataclass(frozen=True)
class _Effects:
    hands: tuple[tuple[float, float, float, str], ...] = ()
    blur: tuple[int, float] | None = None
    shown: tuple[CardRef, ...] = ()
    gone: tuple[CardRef, ...] = ()


@dataclass
class _Lying:
    card: CardRef
    x: float
    y: float
    angle: float
    zone: str
    face_down: bool


@dataclass
class _State:
    lying: list[_Lying] = field(default_factory=list)
    gain: float = 1.0
    gradient: float = 0.0
    dirty: bool = True


#: A backdrop larger than this many pixels is made afresh each time: a 12 MP table's
#: cloth and noise patterns hold 250 MB.
BACKDROP_KEPT_PIXELS = 2_100_000


def _backdrop(
    size: tuple[int, int], background: str, seed: int, noise: float
) -> tuple[Image, tuple[tuple[Image, Image], ...]]:
    """The empty table and its three sensor-noise patterns for ``seed``, read-only.
    Up to 1920x1080 the last two are kept: the tests and the demo make the same table
    many times, and each costs some 0.1 s of CPU at 1280x720."""
    if size[0] * size[1] > BACKDROP_KEPT_PIXELS:
        return _made_backdrop(size, background, seed, noise)
    return _kept_backdrop(size, background, seed, noise)


def _made_backdrop(
    size: tuple[int, int], background: str, seed: int, noise: float
) -> tuple[Image, tuple[tuple[Image, Image], ...]]:
    rng = np.random.default_rng(seed)
    cloth = table_cloth(size, background, rng)
    patterns = tuple(noise_pair(rng, size, noise) for _ in range(3))
    for image in (cloth, *(part for pair in patterns for part in pair)):
        image.flags.writeable = False
    return cloth, patterns


_kept_backdrop = lru_cache(maxsize=2)(_made_backdrop)


class Scene:
    """A table under a camera: renders scripts of steps into frames.

    ``size`` is the frame (width, height); ``background`` ``felt`` or ``wood``;
    ``seed`` fixes every random detail (cloth grain, sensor noise); ``tilt`` the
    camera's tilt in degrees (forward, sideways), which puts the whole table in
    perspective; ``hand_frames`` and ``settle`` how many frames a hand takes to
    reach in (and again to leave) and how long a card then lies still; ``noise``
    the sensor noise (standard deviation in grey levels); ``flicker`` a lamp's bands
    over every frame (:class:`~companion.synthetic.optics.Flicker`).
    """

    def __init__(
        self,
        size: tuple[int, int] = (1280, 720),
        background: str = "felt",
        seed: int = 0,
        *,
        tilt: tuple[float, float] = (0.0, 0.0),
        card_width: int | None = None,
        faces: FaceSource | None = None,
        hand_frames: int = 2,
        settle: int = 3,
        noise: float = 2.0,
        flicker: Flicker | None = None,
    ) -> None:
        self.size = size
        self.card_width = card_width if card_width is not None else default_card_width(size[0])
        self.faces = FaceCache(self.card_width, faces)
        self.hand_frames = hand_frames
        self.settle = settle
        self._cloth, self._noise = _backdrop(size, background, seed, noise)
        self._homography = tilt_homography(size, tilt)
        self.flicker = flicker

    # -- public ------------------------------------------------------------------------

    def frames(self, steps: Sequence[Step], *, fps: float = 10.0) -> Iterator[SceneFrame]:
        """Render ``steps`` one frame at a time, timestamps ``index / fps`` seconds. A
        frame where nothing moves (no hand, no blur) is read-only: the frames showing the
        same still table share one image per sensor noise pattern."""
        state = _State()
        view = self._cloth
        lit: tuple[tuple[float, float], Image] | None = None
        #: The still frames of the current picture and light, by sensor noise: a table
        #: lying still is drawn once per noise pattern, not once per frame.
        still: dict[int, Image] = {}
        index = 0
        for step in steps:
            for effects in self._step_frames(step, state):
                if state.dirty:  # the cards changed: compose and tilt once
                    view = self._tilt(self._compose(state.lying))
                    state.dirty = False
                    lit = None
                light = (state.gain, state.gradient)
                if lit is None or lit[0] != light:
                    lit = (light, self._light(view, *light))
                    still = {}
                image = self._still(still, lit[1], effects, state, index)
                image = image if self.flicker is None else banded(image, self.flicker, index)
                yield SceneFrame(
                    index,
                    index / fps,
                    image,
                    shown=effects.shown,
                    gone=effects.gone,
                    table=tuple((lying.card, lying.zone) for lying in state.lying),
                )
                index += 1

    def still(self, steps: Sequence[Step]) -> Image:
        """The last frame of ``steps`` rendered with no hands (a photo of the table)."""
        quiet = [*(_without_hand(step) for step in steps), Wait(1)]
        *_, last = self.frames(quiet)
        return last.image

    def card_fraction(self) -> tuple[float, float]:
        """A card's width and height in this scene as fractions of the frame's."""
        width, height = self.size
        return self.card_width / width, self.faces.card_height / height

    def count_frames(self, steps: Sequence[Step]) -> int:
        """How many frames ``steps`` render to (without rendering them)."""
        return sum(self._length(step) for step in steps)

    # -- the timeline ------------------------------------------------------------------

    def _length(self, step: Step) -> int:
        if isinstance(step, Place | Remove):
            hand = 2 * self.hand_frames if step.hand else 0
            return hand + (step.frames if step.frames is not None else self.settle)
        return max(0, step.frames)

    def _step_frames(self, step: Step, state: _State) -> Iterator[_Effects]:
        if isinstance(step, Place):
            yield from self._place(step, state)
        elif isinstance(step, Remove):
            yield from self._remove(step, state)
        elif isinstance(step, Hand):
            for i in range(step.frames):
                reach = _reach(i, step.frames)
                yield _Effects(hands=((step.x, step.y, reach, step.edge),))
        elif isinstance(step, Light):
            start_gain, start_gradient = state.gain, state.gradient
            for i in range(step.frames):
                share = (i + 1) / step.frames
                state.gain = start_gain + (step.gain - start_gain) * share
                state.gradient = start_gradient + (step.gradient - start_gradient) * share
                yield _Effects()
        elif isinstance(step, Blur):
            for _ in range(step.frames):
                yield _Effects(blur=(step.length, step.angle))
        else:
            for _ in range(step.frames):
                yield _Effects()

    def _place(self, step: Place, state: _State) -> Iterator[_Effects]:
        spot = (step.x, step.y)
        hands = self.hand_frames if step.hand else 0
        for i in range(hands):
            yield _Effects(hands=((*spot, (i + 1) / hands, step.edge),))
        state.lying.append(_Lying(step.card, step.x, step.y, step.angle, step.zone, step.face_down))
        state.dirty = True
        for i in range(hands):
            yield _Effects(
                hands=((*spot, 1.0 - (i + 1) / (hands + 1), step.edge),),
                shown=(step.card,) if i == hands - 1 else (),
            )
        settle = step.frames if step.frames is not None else self.settle
        for i in range(settle):
            yield _Effects(shown=(step.card,) if i == 0 and hands == 0 else ())

    def _remove(self, step: Remove, state: _State) -> Iterator[_Effects]:
        taken = [lying for lying in state.lying if lying.card in step.cards]
        missing = set(step.cards) - {lying.card for lying in taken}
        if missing:
            names = ", ".join(sorted(str(card) for card in missing))
            raise ValueError(f"scene: cannot remove {names}: not on the table")
        hands = self.hand_frames if step.hand else 0
        cx = sum(lying.x for lying in taken) / len(taken)
        cy = sum(lying.y for lying in taken) / len(taken)
        for i in range(hands):
            yield _Effects(hands=((cx, cy, (i + 1) / hands, step.edge),))
        state.lying = [lying for lying in state.lying if lying.card not in step.cards]
        state.dirty = True
        for i in range(hands):
            yield _Effects(
                hands=((cx, cy, 1.0 - (i + 1) / (hands + 1), step.edge),),
                gone=step.cards if i == 0 else (),
            )
        settle = step.frames if step.frames is not None else self.settle
        for i in range(settle):
            yield _Effects(gone=step.cards if i == 0 and hands == 0 else ())

    # -- drawing -----------------------------------------------------------------------

    def _compose(self, lying: Sequence[_Lying]) -> Image:
        table = self._cloth.copy()
        for card in lying:
            sprite = self.faces.back() if card.face_down else self.faces.face(card.card)
            paste_rotated(table, sprite, card.x * self.size[0], card.y * self.size[1], card.angle)
        return table

    def _tilt(self, table: Image) -> Image:
        if self._homography is None:
            return table
        import cv2

        return np.asarray(
            cv2.warpPerspective(
                table, self._homography, self.size, borderMode=cv2.BORDER_REPLICATE
            ),
            dtype=np.uint8,
        )

    def _light(self, view: Image, gain: float, gradient: float) -> Image:
        """The light: ``gain`` overall, ``gradient`` brighter left than right."""
        return under_light(view, gain, gradient)

    def _still(
        self, still: dict[int, Image], view: Image, effects: _Effects, state: _State, index: int
    ) -> Image:
        """:meth:`_finish`, kept in ``still`` (read-only, shared by the frames that show it)
        when nothing moves. A frame with hands is that frame with the hands' box drawn
        again: the sensor noise is pixel by pixel, so it is the same frame, made without
        noising the whole picture again (at 12 MP that was half a match's time)."""
        if effects.blur is not None:
            return self._finish(view, effects, state, index)
        noise = index % len(self._noise)
        image = still.get(noise)
        if image is None:
            image = still[noise] = self._finish(view, _Effects(), state, index)
            image.flags.writeable = False
        return self._hands(image, view, effects, state, index) if effects.hands else image

    def _hands(
        self, still: Image, view: Image, effects: _Effects, state: _State, index: int
    ) -> Image:
        width, height = self.size
        arms = []
        for x, y, reach, edge in effects.hands:
            root, tip = _arm(x * width, y * height, reach, edge, self.size)
            arms.append((self._project(tip), self._project(root)))
        noise = self._noise[index % len(self._noise)]
        return hands_over(still, view, arms, self.card_width, light=state.gain, noise=noise)

    def _finish(self, view: Image, effects: _Effects, state: _State, index: int) -> Image:
        """Hands (drawn through the camera's tilt), blur and sensor noise on ``view``."""
        import cv2

        frame = view.copy() if effects.hands else view
        width, height = self.size
        for x, y, reach, edge in effects.hands:
            root, tip = _arm(x * width, y * height, reach, edge, self.size)
            draw_hand(frame, self._project(tip), self._project(root), self.card_width, state.gain)
        if effects.blur is not None:
            frame = np.asarray(cv2.filter2D(frame, -1, blur_kernel(*effects.blur)), dtype=np.uint8)
        brighter, darker = self._noise[index % len(self._noise)]
        return np.asarray(cv2.subtract(cv2.add(frame, brighter), darker), dtype=np.uint8)

    def _project(self, point: tuple[float, float]) -> tuple[float, float]:
        """Where a point of the table plane shows in the (tilted) frame."""
        if self._homography is None:
            return point
        x, y, w = self._homography @ np.array([point[0], point[1], 1.0])
        return (float(x / w), float(y / w))


def _without_hand(step: Step) -> Step:
    if isinstance(step, Place):
        return replace(step, hand=False, frames=0)
    if isinstance(step, Remove):
        return replace(step, hand=False, frames=0)
    if isinstance(step, Hand | Blur):
        return Wait(0)
    return step


def _reach(i: int, frames: int) -> float:
    """How far a passing hand is in (0-1) in frame ``i`` of ``frames``: in, then out."""
    half = frames / 2
    return 1.0 - abs(i + 0.5 - half) / half if frames else 0.0


def _arm(
    x: float, y: float, reach: float, edge: str, size: tuple[int, int]
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The root on ``edge`` and the palm at ``reach`` (0-1) of the way to (x, y)."""
    width, height = size
    roots = {
        "bottom": (x, height + 0.0),
        "top": (x, 0.0),
        "left": (0.0, y),
        "right": (width + 0.0, y),
    }
    if edge not in roots:
        raise ValueError(f"scene hand edge {edge!r}: choose bottom, top, left or right")
    root = roots[edge]
    tip = (root[0] + (x - root[0]) * reach, root[1] + (y - root[1]) * reach)
    return root, tip
