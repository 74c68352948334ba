"""Fonts for printed card faces: DejaVu when the machine has it, PIL's own font otherwise.

The bootstrap installs the Debian package ``fonts-dejavu-core``; Raspberry Pi OS, most
Linux desktops and macOS with Homebrew put the files in one of a few standard places.
Without them the faces still print (PIL's built-in font scales since Pillow 10.1), and a
warning says how to get the proper fonts once.

    >>> font = face_font(40, bold=True)
    >>> font.getbbox("13")[3] > 20
    True
"""

from __future__ import annotations

import functools
import os
import warnings
from pathlib import Path

from PIL import ImageFont

#: Where DejaVu is found on the systems we run on; ``$CARD_CODES_FONT_DIR`` is tried first.
FONT_DIRS: tuple[str, ...] = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
    "/usr/local/share/fonts",
    "/opt/homebrew/share/fonts",
    "/Library/Fonts",
)

_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


class FontFallbackWarning(UserWarning):
    """DejaVu was not found: faces are drawn with PIL's default font."""


def font_path(*, bold: bool) -> Path | None:
    """The DejaVu Sans file (bold or regular) on this machine, or None."""
    dirs = [os.environ["CARD_CODES_FONT_DIR"]] if os.environ.get("CARD_CODES_FONT_DIR") else []
    for folder in (*dirs, *FONT_DIRS):
        candidate = Path(folder) / _FILES[bold]
        if candidate.is_file():
            return candidate
    return None


@functools.lru_cache(maxsize=64)
def face_font(size_px: int, *, bold: bool = False) -> Font:
    """A font whose em is ``size_px`` pixels; PIL's default font if DejaVu is missing."""
    path = font_path(bold=bold)
    if path is not None:
        return ImageFont.truetype(str(path), size_px)
    _warn_fallback()
    return ImageFont.load_default(size=size_px)


@functools.cache
def _warn_fallback() -> None:
    warnings.warn(
        "DejaVu Sans not found in "
        + ", ".join(FONT_DIRS)
        + ": card faces use PIL's default font (apt install fonts-dejavu-core)",
        FontFallbackWarning,
        stacklevel=3,
    )
