"""Where a code lies in an image: its four corner points, in pixels.

>>> centre(((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)))
(5.0, 5.0)
"""

from __future__ import annotations

Point = tuple[float, float]
#: The code's corners in the QR's own order: top left, top right, bottom right, bottom left
#: (as the code reads, whatever its rotation in the image).
Corners = tuple[Point, Point, Point, Point]


def centre(corners: Corners) -> Point:
    """The mean of the four corners."""
    return (
        sum(x for x, _ in corners) / len(corners),
        sum(y for _, y in corners) / len(corners),
    )
