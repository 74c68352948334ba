"""QR decoder backends: zxing-cpp (the default, fastest and best measured) and pyzbar.

Each backend takes a greyscale ``uint8`` array and returns the raw codes it read, text
and corners in the QR's own order (top left, top right, bottom right, bottom left).
Vendor libraries are imported inside the function that uses them, so this module
imports anywhere and a missing library gives :class:`BackendUnavailableError` with
the command that installs it. /work/shared/bench/README.md has the measurements
behind the settings (QR model 2 only, try_rotate/try_downscale/try_invert off).

    >>> "zxing" in available_backends()
    True
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from card_codes.errors import BackendUnavailableError, CardCodeError
from card_codes.geometry import Corners

if TYPE_CHECKING:  # numpy only in annotations: `companion scan` registers without loading it
    import numpy as np

#: How to get each backend's library.
INSTALL_HINTS: dict[str, str] = {
    "zxing": "pip install zxing-cpp",
    "pyzbar": "apt-get install --no-install-recommends libzbar0 && pip install "
    "'table-companion[zbar]'",
}


@dataclass(frozen=True)
class RawCode:
    """One code a decoder read: its text and where it lies."""

    text: str
    corners: Corners


Reader = Callable[["np.ndarray"], list[RawCode]]


def read_zxing(grey: np.ndarray) -> list[RawCode]:
    """zxing-cpp with the fast settings; only results it marks valid."""
    try:
        import zxingcpp
    except ImportError as exc:
        raise _unavailable("zxing", exc) from None
    found = zxingcpp.read_barcodes(
        grey,
        formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCodeModel2),
        try_rotate=False,
        try_downscale=False,
        try_invert=False,
    )
    codes = []
    for barcode in found:
        if not barcode.valid:
            continue
        where = barcode.position
        points = (where.top_left, where.top_right, where.bottom_right, where.bottom_left)
        corners = tuple((float(p.x), float(p.y)) for p in points)
        codes.append(RawCode(barcode.text, corners))  # type: ignore[arg-type]
    return codes


#: zbar's polygon runs TL, BL, BR, TR for an upright code; its ``orientation`` says by
#: how many quarter turns to shift the clockwise order to start from the QR's top left.
_ZBAR_SHIFT = {"UP": 0, "RIGHT": 1, "DOWN": 2, "LEFT": 3}


def read_pyzbar(grey: np.ndarray) -> list[RawCode]:
    """pyzbar (zbar) restricted to QR codes; Shift-JIS or binary codes come back undecoded."""
    try:
        from pyzbar import pyzbar
    except ImportError as exc:
        raise _unavailable("pyzbar", exc) from None
    codes = []
    for symbol in pyzbar.decode(grey, symbols=[pyzbar.ZBarSymbol.QRCODE]):
        try:
            text = symbol.data.decode("utf-8")
        except UnicodeDecodeError:
            text = symbol.data.decode("latin-1")
        codes.append(RawCode(text, _zbar_corners(symbol)))
    return codes


def _zbar_corners(symbol: object) -> Corners:
    polygon = [(float(p.x), float(p.y)) for p in getattr(symbol, "polygon", [])]
    if len(polygon) != 4:
        left, top, width, height = getattr(symbol, "rect")  # noqa: B009
        polygon = [
            (left, top),
            (left, top + height),
            (left + width, top + height),
            (left + width, top),
        ]
    clockwise = [polygon[0], polygon[3], polygon[2], polygon[1]]
    shift = _ZBAR_SHIFT.get(str(getattr(symbol, "orientation", "UP")), 0)
    return (
        clockwise[shift % 4],
        clockwise[(shift + 1) % 4],
        clockwise[(shift + 2) % 4],
        clockwise[(shift + 3) % 4],
    )


def _unavailable(name: str, exc: ImportError) -> BackendUnavailableError:
    return BackendUnavailableError(
        f"decoder backend {name!r} is not available ({exc}): {INSTALL_HINTS[name]}"
    )


BACKENDS: dict[str, Reader] = {"zxing": read_zxing, "pyzbar": read_pyzbar}


def reader(name: str) -> Reader:
    """The backend called ``name``; raise CardCodeError naming the choices."""
    try:
        return BACKENDS[name]
    except KeyError:
        raise CardCodeError(
            f"unknown decoder backend {name!r}: choose one of {', '.join(BACKENDS)}"
        ) from None


def available_backends() -> tuple[str, ...]:
    """The backends whose library loads here, the default first."""
    names = []
    if importlib.util.find_spec("zxingcpp") is not None:
        names.append("zxing")
    if importlib.util.find_spec("pyzbar") is not None:
        try:
            from pyzbar import pyzbar  # noqa: F401  (loads libzbar)
        except ImportError:
            pass
        else:
            names.append("pyzbar")
    return tuple(names)


def upscaled(grey: np.ndarray, factor: int = 2) -> np.ndarray:
    """``grey`` enlarged ``factor`` times with bicubic interpolation (the second pass)."""
    import cv2

    height, width = grey.shape[:2]
    result: np.ndarray = cv2.resize(
        grey, (width * factor, height * factor), interpolation=cv2.INTER_CUBIC
    )
    return result
