"""Synthetic videos of the printed hex board: pieces lifted and put down by hands.

A :class:`HexScene` renders a script of steps into BGR frames as the camera above the
table sees them: the A3 board (card_codes.hex_pictures) lying on wood at a pose (its
centre in the frame, its angle), the 26 round tokens on their cells, and a hand over
the cell it is working on (a lifted piece is in the hand: not drawn). Steps:

- :class:`Lift` (piece marker id): the hand goes to the piece and takes it up;
- :class:`Put` (marker, cell): the hand puts the piece it holds on ``cell``;
- :class:`Away`: the hand leaves the board;
- :class:`Nudge` (dx, dy mm, degrees): the board is pushed, over a few frames;
- :class:`Hold` (frames): nothing changes;
- :class:`Card` (notation): a move card of the ``hex`` deck turned up beside the board,
  on the one before (the card variant, H5);
- :class:`Rest` (cell): the hand comes to rest over ``cell`` and lifts nothing (a
  player thinking with a hand on a piece);
- :class:`Lean` (elbow, hand): an arm lies across the board from one cell to another;
- :class:`Flip` (marker): the piece is turned code down on its cell (its plain back up);
- :class:`Knock` (marker): the piece is knocked off the board, no hand in sight;
- :class:`Lamp` (glare): the lamp moved: its reflection from then on (None: none);
- :class:`~companion.synthetic.scene_steps.Light` (gain, gradient): the light changes
  at once, and stays so (shown for its ``frames``);
- :class:`~companion.synthetic.scene_steps.Blur` (length px, angle): a moment of motion
  blur, for its ``frames``;
- :class:`Shake` (length px, angle): motion blur on every frame of the steps after it
  (a hand working over the board while the camera shakes), until ``Shake(0)``.

Each step is shown for ``frames_per_step`` frames (a nudge for each of its small
moves, a hold for its count). ``tilt`` tips the camera (the whole frame in perspective);
``noise`` adds sensor noise of that standard deviation (grey levels) to the fixed grain;
``defocus`` softens every frame as a camera out of focus does (a Gaussian, in pixels);
``lens`` bends it as a real lens does (:class:`~companion.synthetic.lens.Lens`);
``raised`` stands the pieces up (:class:`~companion.synthetic.raised.Raised`: their
tops seen out from the camera's foot); ``offcentre`` puts each piece down up to that
many mm from its cell's centre, as players do (drawn afresh each time it is put);
``flicker`` bands every frame as a rolling shutter films a flickering lamp
(:class:`~companion.synthetic.optics.Flicker`); ``glare`` lays a lamp's reflection
over it, fixed in the picture (:class:`~companion.synthetic.glare.Glare`); ``curl``
lifts the paper off the table (:class:`~companion.synthetic.curl.Curl`).

    scene = HexScene(size=(1920, 1080), px_per_mm=3.3, seed=1)
    frames = scene.frames(START, [Lift(11), Put(11, "c2"), Away(), Hold(6)])
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np
import numpy.typing as npt

from card_codes.face_image import CARD_MM
from card_codes.hex_board import CELL_CENTRES, PIECES, TOKEN_MM
from card_codes.hex_pictures import DARK, LIGHT, board_image, token_image, token_mask
from companion.games.hex import SPEC as HEX
from companion.games.hex import Kind, Piece, Position, Side
from companion.synthetic.curl import Curl, lifted
from companion.synthetic.glare import Glare, glared
from companion.synthetic.hex_steps import (
    Away,
    Blur,
    Card,
    Flip,
    HexStep,
    Hold,
    Knock,
    Lamp,
    Lean,
    Lift,
    Light,
    Nudge,
    Put,
    Rest,
    Shake,
)
from companion.synthetic.lens import Lens, through
from companion.synthetic.optics import (
    Flicker,
    banded,
    blur_kernel,
    noise_pair,
    paste_rotated,
    under_light,
)
from companion.synthetic.raised import Raised
from companion.synthetic.sprites import CardRef, FaceCache, draw_hand, table_cloth

Image = npt.NDArray[np.uint8]
HEX_DECK = HEX.name  # the deck of the move cards (H5): the game's own
#: A nudge is shown as this many small moves, one frame each.
NUDGE_FRAMES = 4


def markers_of(position: Position) -> dict[int, str]:
    """Marker id -> cell for every piece of ``position`` (pieces of one kind numbered in
    reading order: the first strike piece of Black in reading order carries id 11)."""
    cells: dict[int, str] = {}
    for piece in PIECES:
        kind = Kind(piece.kind)
        target = Piece.of(Side(piece.side), kind)
        cells[piece.marker] = position.cells_of(target)[piece.number - 1].name
    return cells


@dataclass
class _Board:
    """What lies on the board while a script plays: each piece's cell, the pieces
    off it (in the hand, knocked off), those turned code down, and the hand's palm
    and elbow (None: no hand; no elbow: the arm comes from the table's edge)."""

    cells: dict[int, str]
    #: Each piece's offset from its cell's centre (mm).
    spots: dict[int, tuple[float, float]] = field(default_factory=dict)
    held: set[int] = field(default_factory=set)
    flipped: set[int] = field(default_factory=set)
    hand: str | None = None
    elbow: str | None = None


class HexScene:
    """Renders hex board scripts into frames (module docstring)."""

    def __init__(
        self,
        size: tuple[int, int] = (1920, 1080),
        px_per_mm: float = 3.3,
        *,
        seed: int = 0,
        tilt: float = 0.0,
        frames_per_step: int = 2,
        noise: float = 0.0,
        defocus: float = 0.0,
        offcentre: float = 0.0,
        lens: Lens | None = None,
        raised: Raised | None = None,
        flicker: Flicker | None = None,
        glare: Glare | None = None,
        curl: Curl | None = None,
    ) -> None:
        self.size = size
        self.scale = px_per_mm
        self.tilt = tilt
        self.frames_per_step = frames_per_step
        rng = np.random.default_rng(seed)
        self.rng = rng
        self.table = table_cloth(size, "wood", rng)
        grey = board_image(px_per_mm, names=True)
        self.board = np.dstack([grey, grey, (grey.astype(np.int32) * 245 // 255).astype(np.uint8)])
        diameter = round(TOKEN_MM * px_per_mm)
        self.mask = token_mask(diameter)
        self.tokens = {
            piece.marker: cv2.cvtColor(
                token_image(piece, px_per_mm)[:diameter, :diameter], cv2.COLOR_GRAY2BGR
            )
            for piece in PIECES
        }
        self.pose = (size[0] / 2, size[1] / 2, 0.0)  # board centre in px, degrees
        # Sensor noise: two fixed grains, one added and one taken off in turn.
        self.noise = [rng.integers(0, 5, (size[1], size[0], 3), dtype=np.uint8) for _ in range(2)]
        self.grain = False
        self.zoom = 1.0
        #: The move card lying beside the board (the card variant), and its sprite's width.
        self.card: str | None = None
        self.card_width = round(CARD_MM[0] * px_per_mm)
        #: A piece turned code down shows its plain back: the shade of its side's bands.
        self.backs = {
            side: np.full((diameter, diameter, 3), shade, dtype=np.uint8)
            for side, shade in ((Side.BLACK, DARK), (Side.WHITE, LIGHT))
        }
        #: The light (gain, gradient), the camera's shake (blur length, angle), and
        #: ``noise``: more sensor noise (its standard deviation in grey levels) on top.
        self.light = (1.0, 0.0)
        self.blur: tuple[int, float] | None = None
        self.shake: tuple[int, float] | None = None  # the blur of every frame (Shake)
        self.sensor = noise_pair(rng, size, noise) if noise > 0 else None
        #: A camera out of focus: every frame softened (a Gaussian of this many pixels).
        self.defocus = defocus
        #: How far off its cell's centre a piece may be put down (mm).
        self.offcentre = offcentre
        #: The lamp's flicker, and the frames drawn so far (its bands drift by frame).
        self.flicker = flicker
        self.drawn = 0
        #: The lens's bending of the picture (None: a perfect lens).
        self.lens = None if lens is None or not lens.percent else lens.maps(size)
        #: Pieces standing up: their tops drawn out from the camera's foot.
        self.raised = raised
        #: A lamp's reflection in the picture, and the paper's rise off the table.
        self.glare = glare
        self.curl = None if curl is None or curl.flat else curl

    def frames(self, start: Position, steps: Sequence[HexStep]) -> Iterator[Image]:
        """Every frame of ``steps`` from ``start``."""
        state = _Board(markers_of(start))
        state.spots = {marker: self._spot() for marker in state.cells}
        for step in steps:
            if isinstance(step, Nudge):
                self.blur = self.shake
                x, y, angle = self.pose
                for _ in range(NUDGE_FRAMES):
                    x += step.dx * self.scale / NUDGE_FRAMES
                    y += step.dy * self.scale / NUDGE_FRAMES
                    angle += step.degrees / NUDGE_FRAMES
                    self.pose = (x, y, angle)
                    yield self._render(state)
                continue
            if isinstance(step, Shake):
                self.shake = (step.length, step.angle) if step.length > 1 else None
                continue
            self.blur = (step.length, step.angle) if isinstance(step, Blur) else self.shake
            for _ in range(self._apply(step, state)):
                yield self._render(state)
            self.blur = None

    def _apply(self, step: HexStep, state: _Board) -> int:
        """Change ``state`` (or the scene) by ``step``; the frames it is shown for."""
        if isinstance(step, Lift):
            state.hand, state.elbow = state.cells[step.marker], None
            state.held.add(step.marker)
        elif isinstance(step, Put):
            state.held.discard(step.marker)
            state.flipped.discard(step.marker)
            state.cells[step.marker] = step.cell
            state.spots[step.marker] = self._spot() if step.off is None else step.off
            state.hand, state.elbow = step.cell, None
        elif isinstance(step, Away):
            state.hand = state.elbow = None
        elif isinstance(step, Hold):
            return step.frames
        elif isinstance(step, Card):
            self.card = step.notation
        elif isinstance(step, Rest):
            state.hand, state.elbow = step.cell, None
        elif isinstance(step, Lean):
            state.hand, state.elbow = step.hand, step.elbow
        elif isinstance(step, Flip):
            state.flipped.add(step.marker)
        elif isinstance(step, Knock):
            state.held.add(step.marker)
        elif isinstance(step, Light):
            self.light = (step.gain, step.gradient)
            return step.frames
        elif isinstance(step, Lamp):
            self.glare = step.glare
        elif isinstance(step, Blur):
            return step.frames
        return self.frames_per_step

    def scale_board(self, zoom: float) -> None:
        """Show the board ``zoom`` times its size (a camera higher or lower)."""
        self.zoom = zoom

    def _board_to_frame(self) -> npt.NDArray[np.float64]:
        """The 3x3 map from board-canvas pixels to frame pixels (pose, then tilt)."""
        x, y, angle = self.pose
        h, w = self.board.shape[:2]
        rot = cv2.getRotationMatrix2D((w / 2, h / 2), angle, self.zoom)
        rot[0, 2] += x - w / 2
        rot[1, 2] += y - h / 2
        place = np.vstack([rot, [0.0, 0.0, 1.0]])
        return np.asarray(self._tilt() @ place, dtype=np.float64)

    def _tilt(self) -> npt.NDArray[np.float64]:
        if not self.tilt:
            return np.eye(3)
        w, h = self.size
        shrink = math.tan(math.radians(self.tilt)) * 0.2 * w
        src = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float32)
        dst = np.array([[shrink, 0], [w - shrink, 0], [w, h], [0, h]], dtype=np.float32)
        return np.asarray(cv2.getPerspectiveTransform(src, dst), dtype=np.float64)

    def where(self, x: float, y: float) -> tuple[float, float]:
        """Board point (mm) in the picture as the board lies now (fractions: for glare)."""
        h, w = self.board.shape[:2]
        p = self._board_to_frame() @ np.array([w / 2 + x * self.scale, h / 2 + y * self.scale, 1])
        return (float(p[0] / p[2] / self.size[0]), float(p[1] / p[2] / self.size[1]))

    def _cell_px(self, cell: str) -> tuple[float, float]:
        """A cell's centre on the board canvas."""
        x, y = CELL_CENTRES[cell]
        h, w = self.board.shape[:2]
        return (w / 2 + x * self.scale, h / 2 + y * self.scale)

    def _render(self, state: _Board) -> Image:
        canvas = self.board.copy()
        diameter = self.mask.shape[0]
        matrix = self._board_to_frame()
        foot, scale = self._foot(matrix)
        for marker, cell in state.cells.items():
            if marker in state.held:
                continue
            cx, cy = self._cell_px(cell)
            dx, dy = state.spots.get(marker, (0.0, 0.0))
            cx, cy = cx + dx * self.scale, cy + dy * self.scale
            cx, cy = foot[0] + (cx - foot[0]) * scale, foot[1] + (cy - foot[1]) * scale
            left, top = round(cx - diameter / 2), round(cy - diameter / 2)
            patch = canvas[top : top + diameter, left : left + diameter]
            face = self.backs[side_of(marker)] if marker in state.flipped else self.tokens[marker]
            patch[self.mask] = face[self.mask]
        if self.curl is not None:
            canvas = lifted(canvas, self.curl, self.scale, foot, self._above())
        frame = self.table.copy()
        cv2.warpPerspective(canvas, matrix, self.size, dst=frame, borderMode=cv2.BORDER_TRANSPARENT)
        if self.card is not None:
            self._draw_card(frame, self.card)
        if state.hand is not None:
            tip = self._frame_point(matrix, state.hand)
            if state.elbow is None:
                root = (tip[0] * 0.3 + self.size[0] * 0.35, float(self.size[1]))
            else:
                root = self._frame_point(matrix, state.elbow)
            draw_hand(frame, tip, root, round(40 * self.scale))
        if self.lens is not None:
            frame = through(frame, self.lens)
        frame = self._optics(frame)
        self.grain = not self.grain
        grained = (
            cv2.add(frame, self.noise[1]) if self.grain else cv2.subtract(frame, self.noise[0])
        )
        return np.asarray(grained, dtype=np.uint8)

    def _spot(self) -> tuple[float, float]:
        """Where a piece put down lies from its cell's centre (mm): anywhere within
        ``offcentre``, evenly over the disc."""
        if not self.offcentre:
            return (0.0, 0.0)
        radius = self.offcentre * math.sqrt(self.rng.random())
        angle = self.rng.random() * 2 * math.pi
        return (radius * math.cos(angle), radius * math.sin(angle))

    def _foot(self, matrix: npt.NDArray[np.float64]) -> tuple[tuple[float, float], float]:
        """The camera's foot on the board canvas, and how much farther from it the
        pieces' tops seem (1: flat pieces)."""
        w, h = self.size
        x, y = (self.raised or Raised(0.0)).foot
        foot = np.linalg.inv(matrix) @ np.array([x * w, y * h, 1.0])
        at = (float(foot[0] / foot[2]), float(foot[1] / foot[2]))
        if self.raised is None or not self.raised.height:
            return at, 1.0
        return at, self.raised.scale(w, self.scale * self.zoom)

    def _above(self) -> float:
        """The camera's height above the table (mm)."""
        return (self.raised or Raised(0.0)).camera_height(self.size[0], self.scale * self.zoom)

    def _frame_point(self, matrix: npt.NDArray[np.float64], cell: str) -> tuple[float, float]:
        point = matrix @ np.array([*self._cell_px(cell), 1.0])
        return (float(point[0] / point[2]), float(point[1] / point[2]))

    def _optics(self, frame: Image) -> Image:
        """The light, the camera's shake and the extra sensor noise, when asked for."""
        frame = under_light(frame, *self.light)
        if self.flicker is not None and self.flicker.amplitude:
            frame = banded(frame, self.flicker, self.drawn)
        if self.glare is not None:
            frame = glared(frame, self.glare, self.scale * self.zoom)
        self.drawn += 1
        if self.defocus > 0:
            frame = np.asarray(cv2.GaussianBlur(frame, (0, 0), self.defocus), dtype=np.uint8)
        if self.blur is not None:
            frame = np.asarray(cv2.filter2D(frame, -1, blur_kernel(*self.blur)), dtype=np.uint8)
        if self.sensor is not None:
            brighter, darker = self.sensor
            frame = np.asarray(cv2.subtract(cv2.add(frame, brighter), darker), dtype=np.uint8)
        return frame

    def _draw_card(self, frame: Image, notation: str) -> None:
        """The move card face up left of the board, a little turned, as a hand left it."""
        face = FaceCache(self.card_width).face(CardRef(HEX_DECK, notation))
        x = max(self.card_width * 0.6, (self.size[0] - self.board.shape[1] * self.zoom) / 4)
        paste_rotated(frame, face, x, self.size[1] / 2, 4.0)


def side_of(marker: int) -> Side:
    """The side of the piece with ``marker``."""
    return Side(next(piece.side for piece in PIECES if piece.marker == marker))


__all__ = [
    "Away",
    "Blur",
    "Card",
    "Flip",
    "HexScene",
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
    "markers_of",
    "side_of",
]
