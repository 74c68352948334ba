"""Finding and reading every card code in an image: our cards, and the codes that are not.

The decoder (zxing-cpp by default, pyzbar on request) reads the raw codes; the bytes of
every code go through :func:`card_codes.payload.parse_code`, the one acceptance rule
(exactly a payload's bytes, whichever decoder read them), so a code that is not one of
our cards, or a damaged one, lands in ``rejected`` with its reason and is never a card.

    >>> from card_codes.catalogue import card
    >>> from card_codes.payload import encode_payload
    >>> from card_codes.qr import code_image
    >>> result = decode_image(code_image(encode_payload(card("trump", "B7")), module_px=4))
    >>> [d.card.notation for d in result.cards], result.rejected
    (['B7'], ())

With ``second_pass`` (the default) a frame of at most :data:`SECOND_PASS_MAX_PIXELS`
is read again enlarged 2x (bicubic): the measured best second pass for small codes
(README.md "Reading QR codes"). The same code read twice is reported once.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import dist

import numpy as np
from PIL import Image

from card_codes.backends import RawCode, available_backends, reader, upscaled
from card_codes.catalogue import CardIdentity
from card_codes.errors import CardCodeError, ImageShapeError
from card_codes.geometry import Corners, Point, centre
from card_codes.payload import Rejection, parse_code

__all__ = [
    "Corners",
    "DecodeResult",
    "Detection",
    "available_backends",
    "decode_image",
    "to_grey",
]

#: Frames larger than this (1280 x 720) are read once: enlarging them costs more than
#: their codes, already large enough, gain from it.
SECOND_PASS_MAX_PIXELS = 1280 * 720
UPSCALE = 2
#: The longest side zxing-cpp reads (it raises beyond); the same for every backend.
MAX_SIDE = 65535


@dataclass(frozen=True)
class Detection:
    """One of our cards' codes, read at ``corners`` (pixels, TL TR BR BL of the code)."""

    card: CardIdentity
    payload: str
    corners: Corners

    @property
    def centre(self) -> Point:
        return centre(self.corners)


@dataclass(frozen=True)
class DecodeResult:
    """The card codes read in one image, and the other codes with why they were rejected.

    A printed card may carry several codes (corner codes and a large one): each is a
    detection, so ``cards`` may name one card more than once; :meth:`identities` does not.
    """

    cards: tuple[Detection, ...]
    rejected: tuple[Rejection, ...]

    def identities(self) -> tuple[CardIdentity, ...]:
        """The distinct cards read, in the order first read."""
        return tuple(dict.fromkeys(d.card for d in self.cards))


def to_grey(image: np.ndarray | Image.Image) -> np.ndarray:
    """A C-contiguous ``uint8`` greyscale array from a PIL image or a grey/BGR/RGB(A) array.

    Colour is weighed as BGR (OpenCV's order); an RGB array gives a grey that differs
    only in how red and blue are weighed, which does not matter to black-on-white codes.
    """
    if isinstance(image, Image.Image):
        return np.ascontiguousarray(np.asarray(image.convert("L")))
    if not isinstance(image, np.ndarray):
        raise CardCodeError(f"an image is a numpy array or a PIL image, not {type(image).__name__}")
    array = image
    if array.ndim == 3 and array.shape[2] in (3, 4) and array.dtype == np.uint8:
        import cv2

        code = cv2.COLOR_BGR2GRAY if array.shape[2] == 3 else cv2.COLOR_BGRA2GRAY
        return np.ascontiguousarray(cv2.cvtColor(np.ascontiguousarray(array), code))
    if array.ndim == 3 and array.shape[2] in (1, 3, 4):
        channels = array[..., : min(3, array.shape[2])].astype(np.float32)
        array = channels.mean(axis=2)
    elif array.ndim != 2:
        raise CardCodeError(f"an image array is H x W or H x W x 1/3/4, not {array.shape}")
    if array.dtype == np.bool_:
        array = array.astype(np.float32) * 255
    elif array.dtype.kind == "f" and array.size and float(np.nanmax(array)) <= 1.0:
        array = array * 255
    if array.dtype != np.uint8:
        array = np.clip(np.nan_to_num(array), 0, 255).round().astype(np.uint8)
    return np.ascontiguousarray(array)


def _scaled(code: RawCode, factor: float) -> RawCode:
    corners = tuple((x / factor, y / factor) for x, y in code.corners)
    return RawCode(code.data, corners)  # type: ignore[arg-type]


def _same_code(a: RawCode, b: RawCode) -> bool:
    """The same bytes within about half a code's side: one code read twice."""
    if a.data != b.data:
        return False
    side = max(dist(a.corners[0], a.corners[1]), dist(a.corners[0], a.corners[3]), 1.0)
    return dist(centre(a.corners), centre(b.corners)) < side / 2


def _merge(codes: list[RawCode], more: list[RawCode]) -> list[RawCode]:
    merged = list(codes)
    for code in more:
        if not any(_same_code(code, kept) for kept in merged):
            merged.append(code)
    return merged


def read_codes(
    grey: np.ndarray, *, backend: str = "zxing", second_pass: bool = True
) -> list[RawCode]:
    """The raw codes in a greyscale frame, second pass included, each code once.

    A frame wider or taller than :data:`MAX_SIDE` is refused (ImageShapeError), and the
    second pass is skipped where the enlarged frame would be, so a thin frame
    (1 x 60000) reads like any other.
    """
    height, width = grey.shape[:2]
    if max(height, width) > MAX_SIDE:
        raise ImageShapeError(
            f"an image of {width} x {height} pixels: the decoders read at most {MAX_SIDE} "
            "pixels a side"
        )
    read = reader(backend)
    codes = _merge([], read(grey))
    enlarged = max(height, width) * UPSCALE <= MAX_SIDE
    if second_pass and enlarged and 0 < grey.size <= SECOND_PASS_MAX_PIXELS:
        again = [_scaled(code, UPSCALE) for code in read(upscaled(grey, UPSCALE))]
        codes = _merge(codes, again)
    return codes


def decode_image(
    image: np.ndarray | Image.Image,
    *,
    backend: str = "zxing",
    staff_key: bytes | None = None,
    second_pass: bool = True,
) -> DecodeResult:
    """Every code in ``image``: our cards in ``cards``, the rest in ``rejected``.

    Raises :class:`CardCodeError` for an unknown backend or an image it cannot read,
    :class:`BackendUnavailableError` when the backend's library is missing.
    """
    grey = to_grey(image)
    cards: list[Detection] = []
    rejected: list[Rejection] = []
    for code in read_codes(grey, backend=backend, second_pass=second_pass):
        result = parse_code(code.data, staff_key=staff_key)
        if isinstance(result, Rejection):
            rejected.append(Rejection(result.payload, result.reason, code.corners))
        else:
            cards.append(Detection(result, code.text, code.corners))
    return DecodeResult(tuple(cards), tuple(rejected))
