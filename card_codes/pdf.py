"""Drawing on PDF pages in millimetres from the top-left corner, and QR codes as vectors.

reportlab measures in points from the bottom-left; the card and label layouts are
easier to read in millimetres from the top-left, like the face images. Codes are drawn
as vector squares (one rectangle per run of dark modules), so they print crisp at any
printer resolution and the module is exactly the size the layout asks for.

    >>> from io import BytesIO
    >>> page = MmPage.open(BytesIO(), (210.0, 297.0))
    >>> round(page.x(10.0), 2), round(page.y(0.0), 2)
    (28.35, 841.89)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import IO

import numpy as np
from PIL import Image
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from card_codes.errors import CardCodeError

#: Paper sizes in mm (portrait).
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

#: Where a PDF goes: a path or a binary file.
Target = str | os.PathLike[str] | IO[bytes]


def paper_size(paper: str) -> tuple[float, float]:
    """The (width, height) of ``paper`` in mm; raise CardCodeError for an unknown one."""
    try:
        return PAPERS[paper.lower()]
    except KeyError:
        raise CardCodeError(f"paper {paper!r}: the papers are {', '.join(PAPERS)}") from None


def dark_runs(matrix: np.ndarray) -> list[tuple[int, int, int]]:
    """(row, first column, column after the last) of every run of dark modules.

    >>> dark_runs(np.array([[True, True, False, True]]))
    [(0, 0, 2), (0, 3, 4)]
    """
    runs = []
    for row, line in enumerate(matrix.tolist()):
        col, width = 0, len(line)
        while col < width:
            if not line[col]:
                col += 1
                continue
            start = col
            while col < width and line[col]:
                col += 1
            runs.append((row, start, col))
    return runs


@dataclass
class MmPage:
    """A reportlab canvas addressed in mm from the top-left corner of the page."""

    canvas: Canvas
    size: tuple[float, float]

    @classmethod
    def open(cls, out: Target, size: tuple[float, float], *, title: str = "") -> MmPage:
        destination = os.fspath(out) if isinstance(out, os.PathLike) else out
        canvas = Canvas(destination, pagesize=(size[0] * mm, size[1] * mm), pageCompression=1)
        if title:
            canvas.setTitle(title)
        canvas.setCreator("Table Companion")
        return cls(canvas, size)

    def x(self, left: float) -> float:
        return float(left * mm)

    def y(self, top: float) -> float:
        return float((self.size[1] - top) * mm)

    def line(self, x0: float, y0: float, x1: float, y1: float, *, width: float = 0.2) -> None:
        self.canvas.setLineWidth(width * mm)
        self.canvas.line(self.x(x0), self.y(y0), self.x(x1), self.y(y1))

    def text(
        self,
        left: float,
        baseline: float,
        text: str,
        *,
        size: float,
        bold: bool = False,
        align: str = "left",
        turned: bool = False,
        grey: float = 0.0,
        angle: float = 0.0,
    ) -> None:
        """Write ``text`` in Helvetica of ``size`` points; ``align`` left, centre or right.

        ``turned`` text is rotated 180 degrees about (left, baseline), upside down like
        the bottom half of a card; ``angle`` turns it anticlockwise by that many degrees
        (90: reading up the page, along a side margin).
        """
        canvas = self.canvas
        canvas.saveState()
        canvas.setFillGray(grey)
        canvas.setFont("Helvetica-Bold" if bold else "Helvetica", size)
        canvas.translate(self.x(left), self.y(baseline))
        if turned or angle:
            canvas.rotate(180 if turned else angle)
        draw = {
            "left": canvas.drawString,
            "centre": canvas.drawCentredString,
            "right": canvas.drawRightString,
        }[align]
        draw(0, 0, text)
        canvas.restoreState()

    def image(
        self, image: Image.Image, left: float, top: float, width: float, height: float
    ) -> None:
        self.canvas.drawImage(
            ImageReader(image), self.x(left), self.y(top + height), width * mm, height * mm
        )

    def code(
        self, matrix: np.ndarray, left: float, top: float, side: float, *, turned: bool = False
    ) -> float:
        """Draw the code ``matrix`` (True is a dark module, quiet zone included) as vectors.

        The code fills the square ``side`` mm at (left, top); ``turned`` rotates it 180
        degrees. Returns the module size in mm.
        """
        if turned:
            matrix = matrix[::-1, ::-1]
        modules = int(matrix.shape[0])
        module = side / modules
        self.canvas.setFillColorRGB(0, 0, 0)
        path = self.canvas.beginPath()
        for row, start, stop in dark_runs(matrix):
            path.rect(
                self.x(left + start * module),
                self.y(top + (row + 1) * module),
                (stop - start) * module * mm,
                module * mm,
            )
        self.canvas.drawPath(path, stroke=0, fill=1)
        return module

    def next_page(self) -> None:
        self.canvas.showPage()

    def save(self) -> None:
        self.canvas.save()
