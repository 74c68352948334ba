"""Paper that does not lie flat, for the synthetic scenes: a curled sheet, a lifted seam.

An A3 sheet off the roll or out of a folder curls up at its edges; four A4 tiles taped
together lift along their seams. Where the paper stands ``z`` mm above the table, the
camera sees it out from its *foot* (the table point straight under it) by ``z / (H -
z)`` of its distance from the foot, ``H`` the camera's height, as it sees a standing
piece's top (:mod:`companion.synthetic.raised`): the print, and the pieces on it, drawn
where the camera sees them.

:class:`Curl` is the sheet's height over the board (mm, x right and y down from the
board's middle, as :mod:`card_codes.hex_board` lays it out): the sheet's four edges
raised ``edge`` mm, falling off as a square over ``reach`` mm inwards; and the seams
of the A4 tiles (the board's middle lines, across and down) raised ``seam`` mm, a ridge
``seam_width`` mm wide (its height half gone there). :meth:`Curl.height` gives it;
:func:`lifted` draws a board canvas as the camera sees it (the canvas's own pixels
moved, so the scene's homography after it places it in the picture).

    >>> curl = Curl(edge=8.0, reach=40.0)
    >>> [round(float(curl.height(x, 0.0)), 1) for x in (210.0, 190.0, 170.0, 0.0)]
    [8.0, 2.0, 0.0, 0.0]
    >>> round(float(Curl(seam=3.0).height(0.0, 50.0)), 1)
    3.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
Floats = npt.NDArray[np.float32]

#: The A3 sheet's half width and half height (mm).
HALF_SHEET: Final = (210.0, 148.5)
#: The fixed-point rounds that find, for each point of the picture, the paper seen there.
_ROUNDS: Final = 3


@dataclass(frozen=True)
class Curl:
    """The sheet's height above the table (module docstring), all mm."""

    edge: float = 0.0
    reach: float = 40.0
    seam: float = 0.0
    seam_width: float = 15.0

    def height(self, x: Floats | float, y: Floats | float) -> Floats:
        """The paper's height at board point (x, y) (mm, arrays or numbers)."""
        xs, ys = np.asarray(x, dtype=np.float32), np.asarray(y, dtype=np.float32)
        heights = np.zeros(np.broadcast(xs, ys).shape, dtype=np.float32)
        if self.edge:
            inside = np.minimum(HALF_SHEET[0] - np.abs(xs), HALF_SHEET[1] - np.abs(ys))
            rise = np.clip(1 - inside / self.reach, 0, None)
            heights += self.edge * rise * rise
        if self.seam:
            spread = self.seam_width / 2 / math.sqrt(2 * math.log(2))
            ridge = np.exp(-np.minimum(xs * xs, ys * ys) / (2 * spread * spread))
            heights += self.seam * ridge
        return heights

    @property
    def flat(self) -> bool:
        return not self.edge and not self.seam


def lifted(
    canvas: Image, curl: Curl, px_per_mm: float, foot: tuple[float, float], above: float
) -> Image:
    """``canvas`` (the board's sheet, its middle the board's, ``px_per_mm``) as a camera
    ``above`` mm over the table, its foot at canvas pixel ``foot``, sees it with the
    paper raised by ``curl``: each pixel of the result shows the paper point that is
    seen there, found by a few fixed-point rounds (``p = foot + (q - foot) (H - z(p)) /
    H``: the paper's height changes slowly)."""
    import cv2

    height, width = canvas.shape[:2]
    qx, qy = np.meshgrid(
        np.arange(width, dtype=np.float32), np.arange(height, dtype=np.float32), sparse=True
    )
    fx, fy = foot
    px, py = qx + 0 * qy, qy + 0 * qx
    for _ in range(_ROUNDS):
        z = curl.height((px - width / 2) / px_per_mm, (py - height / 2) / px_per_mm)
        keep = (above - z) / above
        px, py = fx + (qx - fx) * keep, fy + (qy - fy) * keep
    return np.asarray(
        cv2.remap(
            canvas,
            px.astype(np.float32),
            py.astype(np.float32),
            cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        ),
        dtype=np.uint8,
    )


__all__ = ["HALF_SHEET", "Curl", "lifted"]
