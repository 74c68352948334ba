"""Card faces as images: poker size (63 x 88 mm), readable by people and by the camera.

The face is a top strip, a middle and the top strip again turned 180 degrees at the
bottom, like the indices of ordinary playing cards::

    +-----------------------------+   0 mm
    | [corner code]  13     (*)   |   the top strip (STRIP_MM): when cards overlap in a
    |                RED · SALSA  |   rummy set only this strip shows, so it holds a code,
    |                FIBONACHO    |   the big label, the colour or kind in words, the mark
    +-----------------------------+  22 mm
    | band  [  large code  ]  band|   the large code, read from across the table
    +-----------------------------+  66 mm
    |   (the top strip, rotated)  |   turned 180 degrees: the card reads either way up
    +-----------------------------+  88 mm

Every code keeps a quiet zone of QUIET_MODULES modules inside the card (a code's quiet
zone never relies on what lies around the card). docs/cards.md says why these sizes.

    >>> from card_codes.catalogue import card
    >>> card_image(card("fibonachos", "R13"), dpi=100).size
    (248, 346)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw

from card_codes.catalogue import CardIdentity, face_description
from card_codes.errors import CardCodeError
from card_codes.face_style import WHITE, FaceStyle, face_style
from card_codes.faces import CardFace
from card_codes.fonts import Font, face_font
from card_codes.marks import draw_mark
from card_codes.payload import encode_payload
from card_codes.qr import code_matrix, code_pixels

MM_PER_INCH = 25.4
#: Poker size.
CARD_MM = (63.0, 88.0)
#: The part of a card that shows when the next card of a rummy set lies over it.
STRIP_MM = 22.0
#: A corner code (quiet zone included) sits this far from the card's edges ...
CORNER_INSET_MM = 0.75
#: ... in a square box this big: 20.5 mm makes a version-1 module 0.71 mm (21 + 2 x 4).
CORNER_BOX_MM = 20.5
#: The large code's box (quiet zone included), centred on the card.
CENTRE_BOX_MM = 37.0
QUIET_MODULES = 4
#: The small print that tells equal cards apart (``#2 c1``): its right and top edge, and
#: the box it is fitted to.
IDENTITY_AT_MM = (CARD_MM[0] - 1.5, 18.6)
IDENTITY_BOX_MM = (8.5, 2.2)
#: The coloured band across the middle of the card.
BAND_MM = (STRIP_MM + 1.0, CARD_MM[1] - STRIP_MM - 1.0)


@dataclass(frozen=True)
class CodePlace:
    """Where one code sits on the face, in mm from the card's top-left corner.

    ``side`` is the box for the code with its quiet zone; a code drawn smaller (whole
    pixels per module) is centred in it. ``turned`` codes are rotated 180 degrees.
    """

    left: float
    top: float
    side: float
    turned: bool = False


def code_places() -> tuple[CodePlace, CodePlace, CodePlace]:
    """The top-left corner code, the large centre code, the turned bottom-right one."""
    width, height = CARD_MM
    far = CORNER_INSET_MM + CORNER_BOX_MM
    return (
        CodePlace(CORNER_INSET_MM, CORNER_INSET_MM, CORNER_BOX_MM),
        CodePlace((width - CENTRE_BOX_MM) / 2, (height - CENTRE_BOX_MM) / 2, CENTRE_BOX_MM),
        CodePlace(width - far, height - far, CORNER_BOX_MM, turned=True),
    )


def px(mm: float, dpi: int) -> int:
    """Millimetres to whole pixels at ``dpi``."""
    return round(mm * dpi / MM_PER_INCH)


def scaled_code(matrix: np.ndarray, side_px: int) -> Image.Image:
    """The code ``matrix`` (True is dark, quiet zone included) at the largest whole
    number of pixels per module that fits in ``side_px``."""
    modules = int(matrix.shape[0])
    if side_px < modules:
        raise CardCodeError(f"a {modules}-module code does not fit in {side_px} px")
    return Image.fromarray(code_pixels(matrix, side_px // modules))


def _fit_font(text: str, width: int, height: int, *, bold: bool, ink: bool = True) -> Font:
    """The largest font that writes ``text`` in ``width`` and ``height`` pixels.

    With ``ink`` the text's own ink fills the height (a big label); without, a line of
    any text gets the same size (capitals and descenders of "Hg" fill the height).
    """
    probe = face_font(100, bold=bold)
    left, top, right, bottom = probe.getbbox(text)
    if not ink:
        top, bottom = probe.getbbox("Hg")[1::2]
    scale = min(width / max(1, right - left), height / max(1, bottom - top))
    return face_font(max(6, int(100 * scale)), bold=bold)


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    box: tuple[int, int],
    *,
    fill: tuple[int, int, int],
    bold: bool,
    anchor: str = "la",
    ink: bool = True,
) -> None:
    """Write ``text`` with its ink's top-left (or ``anchor``) at ``xy``, fitted to ``box``."""
    if not text:
        return
    font = _fit_font(text, *box, bold=bold, ink=ink)
    top = font.getbbox(text if ink else "H")[1] if anchor.endswith("a") else 0
    draw.text((xy[0], xy[1] - top), text, font=font, fill=fill, anchor=anchor)


def _label_lines(label: str) -> list[str]:
    words = label.split()
    return words if len(words) > 1 and len(label) > 6 else [label]


def _strip(face: CardFace, style: FaceStyle, dpi: int) -> Image.Image:
    """The top strip without its code: label, mark, the kind chip and the note."""
    width = px(CARD_MM[0], dpi)
    image = Image.new("RGB", (width, px(STRIP_MM, dpi)), WHITE)
    draw = ImageDraw.Draw(image)
    left = px(CORNER_INSET_MM + CORNER_BOX_MM + 1.2, dpi)
    right = width - px(1.5, dpi)
    mark_side = px(8.5, dpi) if style.mark else 0
    if style.mark:
        draw_mark(draw, style.mark, (right - mark_side, px(1.5, dpi), mark_side), style.band)
    lines = _label_lines(face.label)
    label_h = px(10.5 if len(lines) == 1 else 4.6, dpi)
    label_w = right - left - mark_side - px(1.0, dpi)
    for row, line in enumerate(lines):
        top = px(1.8, dpi) + row * (label_h + px(1.2, dpi))
        _text(draw, (left, top), line, (label_w, label_h), fill=(20, 20, 20), bold=True)
    chip_top, chip_bottom = px(13.6, dpi), px(17.6, dpi)
    draw.rounded_rectangle(
        (left, chip_top, right, chip_bottom),
        radius=px(1.0, dpi),
        fill=style.band,
        outline=(150, 150, 150) if style.light else None,
        width=px(0.3, dpi),
    )
    chip_text = (right - left - px(2.0, dpi), px(2.4, dpi))
    centre = ((left + right) // 2, (chip_top + chip_bottom) // 2)
    _text(
        draw, centre, style.kind, chip_text, fill=style.on_band, bold=True, anchor="mm", ink=False
    )
    note_box = (right - left - px(9.0, dpi), px(2.6, dpi))
    grey = (70, 70, 70)
    _text(draw, (left, px(18.4, dpi)), style.note, note_box, fill=grey, bold=False, ink=False)
    return image


def _identity(image: Image.Image, identity: str, dpi: int) -> None:
    """The small print at the right of the note line, top and (turned) bottom."""
    strip = Image.new("RGB", (px(IDENTITY_BOX_MM[0], dpi), px(IDENTITY_BOX_MM[1], dpi)), WHITE)
    _text(
        ImageDraw.Draw(strip),
        (strip.width, 0),
        identity,
        strip.size,
        fill=(70, 70, 70),
        bold=False,
        anchor="ra",
        ink=False,
    )
    right, top = IDENTITY_AT_MM
    left = px(right - IDENTITY_BOX_MM[0], dpi)
    image.paste(strip, (left, px(top, dpi)))
    turned = (image.width - left - strip.width, image.height - px(top, dpi) - strip.height)
    image.paste(strip.rotate(180), turned)


def _middle(draw: ImageDraw.ImageDraw, face: CardFace, style: FaceStyle, dpi: int) -> None:
    """The coloured band, the white square for the large code, the mark on either side."""
    width = px(CARD_MM[0], dpi)
    top, bottom = px(BAND_MM[0], dpi), px(BAND_MM[1], dpi)
    edge = (150, 150, 150) if style.light else None
    draw.rectangle((0, top, width, bottom), fill=style.band, outline=edge, width=px(0.3, dpi))
    centre = code_places()[1]
    pad = 0.6
    draw.rounded_rectangle(
        (
            px(centre.left - pad, dpi),
            px(centre.top - pad, dpi),
            px(centre.left + centre.side + pad, dpi),
            px(centre.top + centre.side + pad, dpi),
        ),
        radius=px(1.5, dpi),
        fill=WHITE,
    )
    side_w = px(centre.left - pad, dpi)
    size = min(side_w - px(2.0, dpi), px(9.0, dpi))
    middle = (top + bottom) // 2
    for x in (side_w // 2, width - side_w // 2):
        if style.mark:
            box = (x - size // 2, middle - size // 2, size)
            draw_mark(draw, style.mark, box, style.on_band, paper=style.band)
        elif len(face.label) <= 3:
            square = (size, size)
            _text(draw, (x, middle), face.label, square, fill=style.on_band, bold=True, anchor="mm")


def _paste_code(image: Image.Image, matrix: np.ndarray, place: CodePlace, dpi: int) -> None:
    side = px(place.side, dpi)
    code = scaled_code(matrix, side)
    if place.turned:
        code = code.rotate(180)
    offset = (side - code.width) // 2
    image.paste(code, (px(place.left, dpi) + offset, px(place.top, dpi) + offset))


def face_background(card: CardIdentity, *, dpi: int = 300) -> Image.Image:
    """The face without its codes nor its identity: the PDF draws those as vectors.

    Equal cards (twelve standard 8s) share one background, so it is made once; the
    image returned is a copy the caller may draw on.
    """
    return _background(face_description(card), dpi).copy()


def identity_text(card: CardIdentity) -> str:
    """The small print that tells equal cards apart: ``#2 c1`` (serial 2, copy 1)."""
    serial = card.notation[len(card.face) :]
    return f"{serial} c{card.copy}".strip()


@functools.lru_cache(maxsize=32)
def _background(face: CardFace, dpi: int) -> Image.Image:
    style = face_style(face)
    image = Image.new("RGB", (px(CARD_MM[0], dpi), px(CARD_MM[1], dpi)), WHITE)
    strip = _strip(face, style, dpi)
    image.paste(strip, (0, 0))
    image.paste(strip.rotate(180), (0, image.height - strip.height))
    _middle(ImageDraw.Draw(image), face, style, dpi)
    return image


def card_image(
    card: CardIdentity, *, dpi: int = 300, staff_key: bytes | None = None
) -> Image.Image:
    """The whole face of ``card`` at ``dpi``, with its three codes.

    Staff cards need the installation's ``staff_key`` (their codes are signed).
    """
    image = face_background(card, dpi=dpi)
    _identity(image, identity_text(card), dpi)
    matrix = code_matrix(encode_payload(card, staff_key=staff_key), border=QUIET_MODULES)
    for place in code_places():
        _paste_code(image, matrix, place, dpi)
    return image
