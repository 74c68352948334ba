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
  on the one before (the card variant, H5).

Each step is shown for ``frames_per_step`` frames (a nudge for each of its small
moves, a hold for its count). ``tilt`` tips the camera (the whole frame in perspective).

    scene = HexScene(size=(1920, 1080), px_per_mm=3.3, seed=1)
    frames = scene.frames(START, [Lift(11), Put(11, "c2"), Away(), Hold(6)])
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from card_codes.face_image import CARD_MM
from card_codes.hex_board import CELL_CENTRES, PIECES, TOKEN_MM
from card_codes.hex_pictures import board_image, token_image, token_mask
from companion.games.hex import SPEC as HEX
from companion.games.hex import Kind, Piece, Position, Side
from companion.synthetic.optics import paste_rotated
from companion.synthetic.sprites import CardRef, FaceCache, draw_hand, table_cloth

Image = npt.NDArray[np.uint8]
#: The deck of the move cards (H5): the game's own.
HEX_DECK = HEX.name


@dataclass(frozen=True)
class Lift:
    marker: int


@dataclass(frozen=True)
class Put:
    marker: int
    cell: str


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


HexStep = Lift | Put | Away | Nudge | Hold | Card
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

    def frames(self, start: Position, steps: Sequence[HexStep]) -> Iterator[Image]:
        """Every frame of ``steps`` from ``start``."""
        cells = markers_of(start)
        held: set[int] = set()
        hand: str | None = None
        for step in steps:
            count = self.frames_per_step
            if isinstance(step, Lift):
                hand = cells[step.marker]
                held.add(step.marker)
            elif isinstance(step, Put):
                held.discard(step.marker)
                cells[step.marker] = step.cell
                hand = step.cell
            elif isinstance(step, Away):
                hand = None
            elif isinstance(step, Hold):
                count = step.frames
            elif isinstance(step, Card):
                self.card = step.notation
            else:
                x, y, angle = self.pose
                for _ in range(NUDGE_FRAMES):
                    x += step.dx * self.scale / NUDGE_FRAMES
                    y += step.dy * self.scale / NUDGE_FRAMES
                    angle += step.degrees / NUDGE_FRAMES
                    self.pose = (x, y, angle)
                    yield self._render(cells, held, hand)
                continue
            for _ in range(count):
                yield self._render(cells, held, hand)

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

    def _cell_px(self, cell: str) -> tuple[float, float]:
        """A cell's centre on the board canvas."""
        x, y = CELL_CENTRES[cell]
        h, w = self.board.shape[:2]
        return (w / 2 + x * self.scale, h / 2 + y * self.scale)

    def _render(self, cells: dict[int, str], held: set[int], hand: str | None) -> Image:
        canvas = self.board.copy()
        diameter = self.mask.shape[0]
        for marker, cell in cells.items():
            if marker in held:
                continue
            cx, cy = self._cell_px(cell)
            left, top = round(cx - diameter / 2), round(cy - diameter / 2)
            patch = canvas[top : top + diameter, left : left + diameter]
            patch[self.mask] = self.tokens[marker][self.mask]
        matrix = self._board_to_frame()
        frame = self.table.copy()
        cv2.warpPerspective(canvas, matrix, self.size, dst=frame, borderMode=cv2.BORDER_TRANSPARENT)
        if self.card is not None:
            self._draw_card(frame, self.card)
        if hand is not None:
            point = matrix @ np.array([*self._cell_px(hand), 1.0])
            tip = (float(point[0] / point[2]), float(point[1] / point[2]))
            root = (tip[0] * 0.3 + self.size[0] * 0.35, float(self.size[1]))
            draw_hand(frame, tip, root, round(40 * self.scale))
        self.grain = not self.grain
        grained = (
            cv2.add(frame, self.noise[1]) if self.grain else cv2.subtract(frame, self.noise[0])
        )
        return np.asarray(grained, dtype=np.uint8)

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
    "Card",
    "HexScene",
    "HexStep",
    "Hold",
    "Lift",
    "Nudge",
    "Put",
    "markers_of",
    "side_of",
]
