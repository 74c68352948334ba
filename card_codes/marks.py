"""The little pictures printed on card faces: Trump's five symbols, the fibonacho
mark, the rummy rabbit, the wild card's star and the spicy chili.

Each is drawn with plain PIL shapes into a square box, so it scales with the dpi and
needs no image files. Every mark is also named in words on the face (colour-blind
players and people who do not know the picture read the word).

    >>> from PIL import Image, ImageDraw
    >>> image = Image.new("RGB", (100, 100), "white")
    >>> draw_mark(ImageDraw.Draw(image), "star", (0, 0, 100), (0, 0, 0))
    >>> image.getpixel((50, 50))
    (0, 0, 0)
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from card_codes.errors import CardCodeError
from card_codes.faces import RGB

#: A square box: left, top, side (pixels).
Box = tuple[int, int, int]


def _outline(side: int) -> int:
    return max(1, side // 12)


def _plus(draw: ImageDraw.ImageDraw, box: Box, ink: RGB, paper: RGB) -> None:
    x, y, s = box
    w = _outline(s)
    draw.ellipse((x + w, y + w, x + s - w, y + s - w), outline=ink, width=w)
    c, r = s / 2, s * 0.3
    draw.line((x + c - r, y + c, x + c + r, y + c), fill=ink, width=w)
    draw.line((x + c, y + c - r, x + c, y + c + r), fill=ink, width=w)


def _circle(draw: ImageDraw.ImageDraw, box: Box, ink: RGB, paper: RGB) -> None:
    x, y, s = box
    w = _outline(s)
    draw.ellipse((x + w, y + w, x + s - w, y + s - w), outline=ink, width=2 * w)


def _square(draw: ImageDraw.ImageDraw, box: Box, ink: RGB, paper: RGB) -> None:
    x, y, s = box
    w = _outline(s)
    m = s * 0.12
    draw.rectangle((x + m, y + m, x + s - m, y + s - m), outline=ink, width=2 * w)


def _star_points(box: Box, points: int = 5, inner: float = 0.4) -> list[tuple[float, float]]:
    x, y, s = box
    # An odd star sits a little low, so that it looks centred; an even one is symmetric.
    cx, cy, r = x + s / 2, y + s * (0.53 if points % 2 else 0.5), s * 0.5
    out = []
    for k in range(2 * points):
        radius = r if k % 2 == 0 else r * inner
        angle = -math.pi / 2 + k * math.pi / points
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


def _star(draw: ImageDraw.ImageDraw, box: Box, ink: RGB, paper: RGB) -> None:
    draw.polygon(_star_points(box), fill=ink)


def _waves(draw: ImageDraw.ImageDraw, box: Box, ink: RGB, paper: RGB) -> None:
    x, y, s = box
    w = _outline(s) * 3 // 2
    for row in (0.25, 0.5, 0.75):
        pts = [
            (x + w + (s - 2 * w) * t / 40, y + s * row + s * 0.07 * math.sin(t / 40 * 4 * math.pi))
            for t in range(41)
        ]
        draw.line(pts, fill=ink, width=w, joint="curve")


def _fibonacho(draw: ImageDraw.ImageDraw, box: Box, ink: RGB, paper: RGB) -> None:
    """A nacho chip (a rounded triangle) with a golden spiral cut in it."""
    x, y, s = box
    w = _outline(s)
    tri = [(x + s / 2, y + s * 0.05), (x + s * 0.97, y + s * 0.9), (x + s * 0.03, y + s * 0.9)]
    draw.polygon(tri, fill=ink)
    cx, cy = x + s * 0.5, y + s * 0.62
    pts = []
    for t in range(60):
        a = t / 59 * 3.2 * math.pi
        r = s * 0.012 * math.exp(0.306 * a)
        pts.append((cx + r * math.cos(a), cy - r * math.sin(a)))
    draw.line(pts, fill=paper, width=w, joint="curve")


def _rabbit(draw: ImageDraw.ImageDraw, box: Box, ink: RGB, paper: RGB) -> None:
    """A rabbit's head: the rummy base card."""
    x, y, s = box
    draw.ellipse((x + s * 0.22, y + s * 0.42, x + s * 0.78, y + s * 0.98), fill=ink)
    draw.ellipse((x + s * 0.25, y + s * 0.0, x + s * 0.43, y + s * 0.6), fill=ink)
    draw.ellipse((x + s * 0.57, y + s * 0.0, x + s * 0.75, y + s * 0.6), fill=ink)
    eye = s * 0.05
    for ex in (0.4, 0.6):
        draw.ellipse(
            (x + s * ex - eye, y + s * 0.63 - eye, x + s * ex + eye, y + s * 0.63 + eye),
            fill=paper,
        )


def _wild(draw: ImageDraw.ImageDraw, box: Box, ink: RGB, paper: RGB) -> None:
    draw.polygon(_star_points(box, points=8, inner=0.55), fill=ink)


def _bonus(draw: ImageDraw.ImageDraw, box: Box, ink: RGB, paper: RGB) -> None:
    """A coin: the bonus card counts several cards at once."""
    x, y, s = box
    w = _outline(s)
    draw.ellipse((x, y, x + s, y + s), fill=ink)
    draw.ellipse((x + 2 * w, y + 2 * w, x + s - 2 * w, y + s - 2 * w), outline=paper, width=w)


def _chili(draw: ImageDraw.ImageDraw, box: Box, ink: RGB, paper: RGB) -> None:
    """A chili pepper: the spicy cards of Fibonachos (a tapering curved pod and a stalk)."""
    x, y, s = box

    def centre(t: float) -> tuple[float, float]:
        return x + s * (0.22 + 0.6 * math.sin(t * math.pi / 2)), y + s * (0.3 + 0.62 * t * t)

    upper, lower = [], []
    for k in range(31):
        t = k / 30
        (cx, cy), (nx, ny) = centre(t), centre(min(1.0, t + 0.01))
        dx, dy = nx - cx, ny - cy
        norm = math.hypot(dx, dy) or 1.0
        half = s * (0.17 * (1 - t) ** 0.7 + 0.01)
        upper.append((cx - dy / norm * half, cy + dx / norm * half))
        lower.append((cx + dy / norm * half, cy - dx / norm * half))
    draw.polygon(upper + lower[::-1], fill=ink)
    stalk = (x + s * 0.22, y + s * 0.2, x + s * 0.32, y + s * 0.03)
    draw.line(stalk, fill=ink, width=_outline(s) * 2)


DRAWERS: dict[str, Callable[[ImageDraw.ImageDraw, Box, RGB, RGB], None]] = {
    "plus": _plus,
    "circle": _circle,
    "square": _square,
    "star": _star,
    "waves": _waves,
    "fibonacho": _fibonacho,
    "rabbit": _rabbit,
    "wild": _wild,
    "bonus": _bonus,
    "spicy": _chili,
}


def draw_mark(
    draw: ImageDraw.ImageDraw, mark: str, box: Box, ink: RGB, paper: RGB = (255, 255, 255)
) -> None:
    """Draw ``mark`` (a key of DRAWERS) into the square ``box`` in colour ``ink``.

    ``paper`` is the colour behind it, for the parts cut out of a mark (the rabbit's
    eyes, the fibonacho's spiral).
    """
    try:
        drawer = DRAWERS[mark]
    except KeyError:
        raise CardCodeError(
            f"card face: no mark {mark!r} (known: {', '.join(sorted(DRAWERS))})"
        ) from None
    drawer(draw, box, ink, paper)
