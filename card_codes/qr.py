"""Drawing a payload as a bare QR code image: one place decides the code's level and mode.

Payloads are QR alphanumeric text (docs/payload.md) at error correction level M, which
keeps an ordinary card at version 1 (21 x 21 modules) and a staff card at version 2.

    >>> image = code_image("TC1F0101RZBTL", module_px=4)
    >>> image.size, image.mode
    ((116, 116), 'L')
"""

from __future__ import annotations

import numpy as np
import qrcode
import qrcode.constants
from PIL import Image

from card_codes.errors import CardCodeError

#: The error correction level of every card code (issue 3: level M or higher).
ERROR_CORRECTION = qrcode.constants.ERROR_CORRECT_M
QUIET_ZONE = 4


def code_matrix(payload: str, *, border: int = QUIET_ZONE) -> np.ndarray:
    """The code's modules, True for dark, ``border`` light modules around it."""
    if border < 0:
        raise CardCodeError(f"a QR border counts modules, not {border}")
    code = qrcode.QRCode(error_correction=ERROR_CORRECTION, border=border)
    code.add_data(payload)
    code.make(fit=True)
    return np.array(code.get_matrix(), dtype=bool)


def code_image(payload: str, *, module_px: int = 10, border: int = QUIET_ZONE) -> Image.Image:
    """A greyscale image of the code: black modules of ``module_px`` pixels on white."""
    return Image.fromarray(code_pixels(code_matrix(payload, border=border), module_px))


def code_pixels(matrix: np.ndarray, module_px: int, *, light: int = 255) -> np.ndarray:
    """``matrix`` (True is dark) as a ``uint8`` array: ``module_px`` pixels a module,
    dark modules 0 and light ones ``light`` (a card's paper may be a little grey)."""
    if module_px < 1:
        raise CardCodeError(f"a QR module needs at least one pixel, not {module_px}")
    pixels = np.where(matrix, 0, light).astype(np.uint8)
    return np.repeat(np.repeat(pixels, module_px, axis=0), module_px, axis=1)
