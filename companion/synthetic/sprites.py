"""What a synthetic table is made of: the cloth, the card faces and the players' hands.

The scene renderer (``companion.synthetic.scene``) composes these into frames. Card
faces come from ``card_codes.face_image.card_image`` (the picture the print sheets
use, with the card's real codes), scaled to the size a card has on the table, and
are cached per card: a round of Fibonachos draws each face once, however many
frames it is on.

Scale. A poker card is 63 x 88 mm. The default scene draws it 110 px wide at
1280 x 720 (8.6 % of the frame width): the frame then spans about 73 cm of table,
what a camera some 75 cm above the table sees through a 52 degree lens (a Camera
Module 3 or a webcam at its usual 60-70 degrees sees more from 60-65 cm). Other
frame sizes scale the card with the width, so a 1920 x 1080 scene shows the same
table with the card 165 px wide.

A whole rummy table is wider: about 1 m across for two facing players with their
sets and hands laid out (issue 11). The Camera Module 3's full frame, 4608 px wide,
then has 4.6 px per mm and a card is 290 px wide (:func:`table_card_width`). A
corner code is 20.5 mm for 29 modules (21 and a 4-module quiet zone each side):
3.3 px per module (:func:`corner_module_px`), above the 2 px decoders need, with
a third to spare for a tilted camera, the lens's soft corners and blur. At
1920x1080 the same table gives 1.4 px per module: too few (issue 11's failures).

    >>> faces = FaceCache(card_width=110)
    >>> faces.face(CardRef("fibonachos", "R13")).shape[:2]
    (154, 110)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]

#: Width over height of a poker card (63 x 88 mm).
CARD_ASPECT = 63 / 88
#: The card width in pixels at a frame width of 1280 (see the module docstring).
CARD_WIDTH_AT_1280 = 110
#: The resolution faces are asked for: enough for a 165 px wide card at 1080p, and
#: for a 12 MP frame of a 1 m table (a card 290 px wide, 372 px at 150 dpi).
FACE_DPI = 150
#: The Camera Module 3's full frame (12 MP) and the table it covers for rummy, in mm.
FULL_FRAME_12MP = (4608, 2592)
RUMMY_TABLE_MM = 1000.0

#: A deck name that is not ours: the "card" is a plain QR code of its notation text
#: (a menu, a phone), which the reader must ignore.
FOREIGN = "foreign"


@dataclass(frozen=True)
class CardRef:
    """One physical card: its deck (``fibonachos``, ``trump``, ``rummy21``...) and its
    notation with the serial (``R1#2``). ``deck="foreign"`` is a QR code that is not
    one of our cards; its notation is the text the code holds.
    """

    deck: str
    notation: str

    def __str__(self) -> str:
        return f"{self.deck}:{self.notation}"


FaceSource = Callable[[CardRef], Image]


def default_card_width(frame_width: int) -> int:
    """The card width in pixels for a frame ``frame_width`` wide (110 at 1280)."""
    return max(8, round(CARD_WIDTH_AT_1280 * frame_width / 1280))


def table_card_width(frame_width: int, table_mm: float = RUMMY_TABLE_MM) -> int:
    """The card width in pixels when a frame ``frame_width`` wide spans ``table_mm`` of
    table (290 px for a 12 MP frame of a 1 m table).

    >>> table_card_width(4608)
    290
    """
    from card_codes.face_image import CARD_MM

    return max(8, round(CARD_MM[0] * frame_width / table_mm))


def corner_module_px(frame_width: int, table_mm: float = RUMMY_TABLE_MM) -> float:
    """Pixels per module of a card's corner code, printed (vector codes fill their
    box), when a frame ``frame_width`` wide spans ``table_mm`` of table.

    >>> round(corner_module_px(4608), 2), round(corner_module_px(1920), 2)
    (3.26, 1.36)
    """
    from card_codes.face_image import CORNER_BOX_MM, QUIET_MODULES

    modules = 21 + 2 * QUIET_MODULES  # version 1, an ordinary card's code
    return CORNER_BOX_MM / modules * frame_width / table_mm


def card_fraction(aspect: float = 16 / 9) -> tuple[float, float]:
    """A card's width and height as fractions of the frame's width and height, at the
    default scale, for frames of ``aspect`` (width over height)."""
    width = CARD_WIDTH_AT_1280 / 1280
    return width, width / CARD_ASPECT * aspect


def _to_bgr(picture: object) -> Image:
    """A PIL image or a numpy array (grey, RGB from PIL, BGR from OpenCV) as BGR uint8."""
    import cv2

    from_pil = hasattr(picture, "convert")
    array = np.asarray(picture.convert("RGB") if from_pil else picture)  # type: ignore[attr-defined]
    if array.dtype != np.uint8:
        array = array.astype(np.uint8)
    if array.ndim == 2:
        return np.asarray(cv2.cvtColor(array, cv2.COLOR_GRAY2BGR), dtype=np.uint8)
    if from_pil:
        return np.ascontiguousarray(array[:, :, ::-1])
    return np.ascontiguousarray(array[:, :, :3])


def _foreign_face(ref: CardRef) -> Image:
    """A foreign code as a menu or a phone shows it: a plain QR code of its text (black
    on white, the quiet zone around it), card_codes' own QR drawing."""
    from card_codes.qr import code_image

    return _to_bgr(code_image(ref.notation, module_px=8))


@cache
def card_codes_faces() -> FaceSource:
    """The printed faces of card_codes (with their real payloads); foreign codes as QR codes.

    One function for the process, so scaled faces are shared by every scene.
    """
    from card_codes import catalogue, face_image

    def face(ref: CardRef) -> Image:
        if ref.deck == FOREIGN:
            return _foreign_face(ref)
        identity = catalogue.card(ref.deck, ref.notation)
        return _to_bgr(face_image.card_image(identity, dpi=FACE_DPI))

    return face


def card_back(width: int, height: int) -> Image:
    """The back of a card (a closed rummy set lies face down): a plain blue pattern."""
    back = np.zeros((height, width, 3), dtype=np.uint8)
    back[:] = (140, 60, 30)
    step = max(4, width // 10)
    for offset in range(-height, width, step):
        rows = np.arange(height)
        cols = rows + offset
        keep = (cols >= 0) & (cols < width)
        back[rows[keep], cols[keep]] = (200, 150, 90)
    return back


#: Scaled faces shared by every scene in the process: (source, card, width) -> face.
#: A card at 110 px is 50 kB; a few decks' worth is a few MB.
_SCALED: dict[tuple[FaceSource, CardRef, int], Image] = {}


class FaceCache:
    """Card faces scaled to the table, each drawn once (foreign codes keep their size)."""

    def __init__(self, card_width: int, source: FaceSource | None = None) -> None:
        self.card_width = card_width
        self.card_height = round(card_width / CARD_ASPECT)
        self.source = source if source is not None else card_codes_faces()
        self._back: Image | None = None

    def face(self, ref: CardRef) -> Image:
        """The face of ``ref`` at table scale, BGR."""
        key = (self.source, ref, self.card_width)
        cached = _SCALED.get(key)
        if cached is None:
            cached = self._scaled(ref)
            _SCALED[key] = cached
        return cached

    def back(self) -> Image:
        if self._back is None:
            self._back = card_back(self.card_width, self.card_height)
        return self._back

    def _scaled(self, ref: CardRef) -> Image:
        import cv2

        picture = self.source(ref)
        if ref.deck == FOREIGN:  # a square code about as wide as a card
            size = (self.card_width, self.card_width)
        else:
            size = (self.card_width, self.card_height)
        return np.asarray(cv2.resize(picture, size, interpolation=cv2.INTER_AREA), dtype=np.uint8)


def table_cloth(size: tuple[int, int], kind: str, rng: np.random.Generator) -> Image:
    """The empty table, ``felt`` (green, fine grain) or ``wood`` (brown, grain lines)."""
    import cv2

    width, height = size
    if kind == "felt":
        base = np.array([40, 105, 35], dtype=np.float32)
        raw = rng.normal(0.0, 9.0, (height, width)).astype(np.float32)
        grain = np.asarray(cv2.GaussianBlur(raw, (0, 0), 1.2), dtype=np.float32)
    elif kind == "wood":
        base = np.array([45, 90, 150], dtype=np.float32)
        rows = np.linspace(0.0, 60.0 * np.pi, height, dtype=np.float32)
        wobble = rng.normal(0.0, 1.0, width).cumsum().astype(np.float32) * 0.05
        grain = (14.0 * np.sin(rows[:, None] + wobble[None, :])).astype(np.float32)
        grain += rng.normal(0.0, 5.0, (height, width)).astype(np.float32)
    else:
        raise ValueError(f"scene background {kind!r}: choose 'felt' or 'wood'")
    cloth = base[None, None, :] * (1.0 + grain[:, :, None] / 100.0)
    return np.clip(cloth, 0, 255).astype(np.uint8)


SKIN = (120, 160, 215)  # BGR


def draw_hand(
    frame: Image,
    tip: tuple[float, float],
    root: tuple[float, float],
    width: int,
    light: float = 1.0,
) -> None:
    """An arm from ``root`` (on the frame's edge) to a palm at ``tip``, in place;
    ``light`` scales the skin colour with the scene's light."""
    import cv2

    skin = tuple(min(255, int(c * light)) for c in SKIN)
    shade = tuple(int(c * 0.8) for c in skin)
    tip_px = (round(tip[0]), round(tip[1]))
    root_px = (round(root[0]), round(root[1]))
    arm, palm, stripe = _hand_sizes(width)
    cv2.line(frame, root_px, tip_px, skin, thickness=arm)
    cv2.circle(frame, tip_px, palm, skin, thickness=-1)
    cv2.line(frame, root_px, tip_px, shade, thickness=stripe)


def _hand_sizes(width: int) -> tuple[int, int, int]:
    """A hand's arm thickness, palm radius and shade stripe's thickness, in pixels, for
    cards ``width`` wide."""
    return max(2, int(width * 0.8)), max(2, int(width * 0.65)), max(1, int(width * 0.15))


def hands_over(
    still: Image,
    view: Image,
    arms: Sequence[tuple[tuple[float, float], tuple[float, float]]],
    width: int,
    *,
    light: float,
    noise: tuple[Image, Image],
) -> Image:
    """``still`` (``view`` with the sensor ``noise`` added and taken away) with the
    arms (tip, root) of :func:`draw_hand` over it: only the hands' box is drawn and
    noised again. The noise is pixel by pixel, so this is the frame drawing the hands
    on ``view`` and noising it whole gives, made without noising the whole picture
    (at 12 MP that was half the time of a match's video)."""
    import cv2

    pixels = [((round(t[0]), round(t[1])), (round(r[0]), round(r[1]))) for t, r in arms]
    height, frame_width = view.shape[:2]
    arm, palm, _ = _hand_sizes(width)
    margin = max(arm // 2 + 1, palm) + 2  # half the arm or the palm, and a seam
    xs = [x for tip, root in pixels for x in (tip[0], root[0])]
    ys = [y for tip, root in pixels for y in (tip[1], root[1])]
    left, top = max(0, min(xs) - margin), max(0, min(ys) - margin)
    right = max(left, min(frame_width, max(xs) + margin + 1))
    bottom = max(top, min(height, max(ys) + margin + 1))
    frame = still.copy()
    if right == left or bottom == top:
        return frame  # the hands are beyond the frame's edges
    region = view[top:bottom, left:right].copy()
    for (tx, ty), (rx, ry) in pixels:  # whole pixels: the same rounding, shifted
        draw_hand(region, (tx - left, ty - top), (rx - left, ry - top), width, light)
    brighter, darker = (n[top:bottom, left:right] for n in noise)
    frame[top:bottom, left:right] = cv2.subtract(cv2.add(region, brighter), darker)
    return frame
