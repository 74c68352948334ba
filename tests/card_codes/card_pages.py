"""Helpers for the printing tests: render PDF pages and read the codes on them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from io import BytesIO
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pypdfium2 as pdfium
from PIL import Image

from card_codes.catalogue import CardIdentity
from card_codes.decode import decode_image

MM_PER_INCH = 25.4


def render_pages(pdf: Path, dpi: int = 200) -> list[Image.Image]:
    """Every page of ``pdf`` as a greyscale image at ``dpi``."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        return [page.render(scale=dpi / 72).to_pil().convert("L") for page in document]
    finally:
        document.close()


def render_written(
    write: Callable[[BytesIO], object], dpi: int = 200
) -> list[npt.NDArray[np.uint8]]:
    """Every page that ``write`` (a sheet writer given a file) writes, greyscale at ``dpi``."""
    out = BytesIO()
    write(out)
    document = pdfium.PdfDocument(out.getvalue())
    try:
        return [
            np.asarray(page.render(scale=dpi / 72).to_pil().convert("L"), dtype=np.uint8)
            for page in document
        ]
    finally:
        document.close()


def page_sizes_mm(pdf: Path) -> list[tuple[float, float]]:
    document = pdfium.PdfDocument(str(pdf))
    try:
        return [
            (round(w / 72 * MM_PER_INCH, 1), round(h / 72 * MM_PER_INCH, 1))
            for w, h in (page.get_size() for page in document)
        ]
    finally:
        document.close()


def page_text(pdf: Path, index: int) -> str:
    document = pdfium.PdfDocument(str(pdf))
    try:
        return str(document[index].get_textpage().get_text_range())
    finally:
        document.close()


def read_cards(image: Image.Image, *, staff_key: bytes | None = None) -> Counter[CardIdentity]:
    """How many codes of each card ``image`` shows; fails on any rejected code."""
    result = decode_image(image, staff_key=staff_key)
    assert not result.rejected, result.rejected
    return Counter(detection.card for detection in result.cards)


def mm_to_px(value: float, dpi: int) -> int:
    return round(value * dpi / MM_PER_INCH)
