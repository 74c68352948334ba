"""Frames for the reader tests: real card codes pasted on a cloth, a hand passing.

``mini_decoder`` stands in for card_codes' ``decode_image`` (same result shape) so
the reader's tests do not wait on the full decoder: zxing-cpp finds the codes and
card_codes' payload check accepts or rejects them.

    frame = Shot(table_image(), 0.0)
    frame = Shot(with_code(frame.image, payload("R3"), (0.5, 0.5)), 0.1)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from card_codes.catalogue import CardIdentity, card
from card_codes.payload import Rejection, encode_payload, parse_payload
from card_codes.qr import code_image

W, H = 640, 360
Image = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class Shot:
    image: Image
    timestamp: float


@dataclass(frozen=True)
class Found:
    card: CardIdentity
    payload: str
    corners: tuple[tuple[float, float], ...]


@dataclass
class Result:
    cards: list[Found] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)


@dataclass
class CountingDecoder:
    """mini_decoder that also records the size of every image it was given."""

    sizes: list[tuple[int, int]] = field(default_factory=list)

    def __call__(self, image: Image) -> Result:
        self.sizes.append((image.shape[1], image.shape[0]))
        return mini_decoder(image)


def mini_decoder(image: Image) -> Result:
    import zxingcpp

    result = Result()
    for code in zxingcpp.read_barcodes(
        image, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
    ):
        p = code.position
        corners = tuple(
            (float(q.x), float(q.y))
            for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left)
        )
        parsed = parse_payload(code.text)
        if isinstance(parsed, Rejection):
            result.rejected.append(parsed)
        else:
            result.cards.append(Found(parsed, code.text, corners))
    return result


def payload(notation: str, deck: str = "fibonachos", copy: int = 1) -> str:
    return encode_payload(card(deck, notation, copy=copy))


def table_image() -> Image:
    rng = np.random.default_rng(11)
    image = np.full((H, W, 3), (50, 100, 45), np.uint8)
    image += rng.integers(0, 3, image.shape, dtype=np.uint8)
    return image


def with_code(image: Image, text: str, at: tuple[float, float], module_px: int = 3) -> Image:
    """A white card with the code on it, centred at ``at`` (frame fractions)."""
    code = np.asarray(code_image(text, module_px=module_px))
    out = image.copy()
    side = code.shape[0]
    x0 = int(at[0] * W) - side // 2
    y0 = int(at[1] * H) - side // 2
    out[y0 - 6 : y0 + side + 6, x0 - 6 : x0 + side + 6] = 255  # the card around the code
    out[y0 : y0 + side, x0 : x0 + side] = code[:, :, None]
    return out


def with_hand(image: Image, at: tuple[float, float]) -> Image:
    """A skin-coloured blob (palm and forearm) whose palm is centred at ``at``."""
    out = image.copy()
    x, y = int(at[0] * W), int(at[1] * H)
    out[max(0, y - 50) : y + 50, max(0, x - 45) : x + 45] = (110, 150, 215)
    out[y + 50 : H, max(0, x - 30) : x + 30] = (100, 140, 205)
    return out
