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
from ctypes import c_void_p, cast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from card_codes.errors import BackendUnavailableError, CardCodeError
from card_codes.geometry import Corners
from card_codes.payload import code_text

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
    """One code a decoder read: the exact bytes of its data and where it lies.

    Every backend hands over the bytes the code holds, unconverted (zbar in its binary
    mode, which keeps a byte-order mark zbar would otherwise drop), so one rule decides
    what is a card whatever the decoder: :func:`card_codes.payload.parse_code`.
    """

    data: bytes
    corners: Corners

    @property
    def text(self) -> str:
        """The data as text for people: UTF-8, else Latin-1 (``payload.code_text``)."""
        return code_text(self.data)


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
        codes.append(RawCode(bytes(barcode.bytes), corners))  # type: ignore[arg-type]
    return codes


#: zbar's polygon runs TL, BL, BR, TR for an upright code; its ``orientation`` says by
#: how many quarter turns to shift the clockwise order to start from the QR's top left.
_ZBAR_SHIFT = {"UP": 0, "RIGHT": 1, "DOWN": 2, "LEFT": 3}


#: zbar's ZBAR_CFG_BINARY (zbar.h, 0.23 and later): hand over a QR code's bytes as they
#: are. Without it zbar converts them to UTF-8 from the encoding it guesses and drops a
#: leading byte-order mark, so U+FEFF + a card's payload would read as that card.
_ZBAR_CFG_BINARY = 4


def read_pyzbar(grey: np.ndarray) -> list[RawCode]:
    """pyzbar (zbar) restricted to QR codes, in binary mode: each code's exact bytes.

    pyzbar's ``decode`` cannot set binary mode, so this is its body (pyzbar 0.1.9) with
    that setting added; a zbar too old to have it is refused, not trusted.
    """
    try:
        from pyzbar import pyzbar as zbar
        from pyzbar import wrapper
    except ImportError as exc:
        raise _unavailable("pyzbar", exc) from None
    pixels, width, height = zbar._pixel_data(grey)
    qr = wrapper.ZBarSymbol.QRCODE
    with zbar._image_scanner() as scanner:
        for symbol in set(wrapper.ZBarSymbol) - {qr}:
            wrapper.zbar_image_scanner_set_config(scanner, symbol, wrapper.ZBarConfig.CFG_ENABLE, 0)
        wrapper.zbar_image_scanner_set_config(scanner, qr, wrapper.ZBarConfig.CFG_ENABLE, 1)
        if wrapper.zbar_image_scanner_set_config(scanner, qr, _ZBAR_CFG_BINARY, 1) != 0:
            raise BackendUnavailableError(
                "decoder backend 'pyzbar': this libzbar has no binary mode (zbar 0.23 or "
                f"later hands over a code's exact bytes): {INSTALL_HINTS['pyzbar']}"
            )
        with zbar._image() as image:
            wrapper.zbar_image_set_format(image, zbar._FOURCC["L800"])
            wrapper.zbar_image_set_size(image, width, height)
            wrapper.zbar_image_set_data(image, cast(pixels, c_void_p), len(pixels), None)
            if wrapper.zbar_scan_image(scanner, image) < 0:
                raise CardCodeError("pyzbar: zbar cannot scan this image")
            symbols = list(zbar._decode_symbols(zbar._symbols_for_image(image)))
    return [RawCode(symbol.data, _zbar_corners(symbol)) for symbol in symbols]


class _Point(Protocol):
    @property
    def x(self) -> float: ...
    @property
    def y(self) -> float: ...


class _ZbarSymbol(Protocol):
    """What is read of pyzbar's ``Decoded`` (pyzbar 0.1.9 and later: ``orientation``,
    None where libzbar cannot tell it)."""

    @property
    def polygon(self) -> list[_Point]: ...
    @property
    def rect(self) -> tuple[int, int, int, int]: ...
    @property
    def orientation(self) -> str | None: ...


def _zbar_corners(symbol: _ZbarSymbol) -> Corners:
    polygon = [(float(p.x), float(p.y)) for p in symbol.polygon]
    if len(polygon) != 4:
        left, top, width, height = symbol.rect
        polygon = [
            (left, top),
            (left, top + height),
            (left + width, top + height),
            (left + width, top),
        ]
    clockwise = [polygon[0], polygon[3], polygon[2], polygon[1]]
    shift = _ZBAR_SHIFT.get(str(symbol.orientation), 0)
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
