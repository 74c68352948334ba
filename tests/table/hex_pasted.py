"""Copies of a piece's token laid on a synthetic board's frame, where the scene drew it
(tests of what a real table shows the camera besides one board and its 26 pieces)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from card_codes.hex_board import CELL_CENTRES
from companion.synthetic.hex_scene import HexScene

Frame = npt.NDArray[np.uint8]


def paste(scene: HexScene, frame: Frame, marker: int, centre: tuple[float, float]) -> None:
    """Lay a copy of ``marker``'s token with its middle at ``centre`` (px) of ``frame``."""
    token, mask = scene.tokens[marker], scene.mask
    left, top = round(centre[0] - mask.shape[1] / 2), round(centre[1] - mask.shape[0] / 2)
    frame[top : top + mask.shape[0], left : left + mask.shape[1]][mask] = token[mask]


def on_cell(scene: HexScene, cell: str) -> tuple[float, float]:
    """Where ``cell``'s centre lies in ``scene``'s picture (px)."""
    x, y = scene.where(*CELL_CENTRES[cell])
    return (x * scene.size[0], y * scene.size[1])
