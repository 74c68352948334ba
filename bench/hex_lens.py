"""How far a lens's bend moves the hex pieces off their cells, plain and straightened.

    PYTHONPATH=$PWD .venv/bin/python bench/hex_lens.py

H1's start on the synthetic board (companion.synthetic.hex_scene) at 1920x1080, 3.3 px
a mm (the A3 board fills the picture's height), centred and pushed against the
picture's right edge, seen through lenses that bend it (companion.synthetic.lens:
barrel from 4 to 20% at the picture's corners, some growing faster at the edges or
with their centre off the picture's, and a pincushion). For each: the pieces read on
their true cells (of 26) and the farthest a marker is read from its cell's centre
(mm; a cell is 24 mm across, so 12 mm is the next cell's edge), through the plain
homography and through the view the reader finds (companion.table.hex_view), and the
bend it finds. The two percents measure the corners differently (the lens: where a
point a straight lens shows at the corner goes; the reader: how far the picture's
corner lies from where a straight lens would show it), so they differ as the bend
grows. Then the cost, one thread: the search for the bend (once a game), and the
whole read of a bent frame once the bend is known.
"""

from __future__ import annotations

import statistics
import time

import cv2
import numpy as np
import numpy.typing as npt

from card_codes.hex_board import CELL_CENTRES
from companion.games.hex import START
from companion.synthetic.hex_scene import HexScene, Hold, markers_of
from companion.synthetic.lens import Lens
from companion.table import hex_view
from companion.table.hex_board import BoardReading, read_board

SIZE = (1920, 1080)
SCALE = 3.3
TRUTH = markers_of(START)
LENSES = (
    Lens(-4.0),
    Lens(-8.0),
    Lens(-8.0, 0.0, (-0.04, 0.03)),
    Lens(-12.0),
    Lens(-12.0, 0.3, (0.03, -0.02)),
    Lens(-15.0, 0.3),
    Lens(-20.0),
    Lens(-20.0, 0.5),
    Lens(6.0),
)


def frame(lens: Lens, *, right: bool) -> npt.NDArray[np.uint8]:
    scene = HexScene(SIZE, SCALE, seed=4, frames_per_step=1, lens=lens)
    if right:
        scene.pose = (SIZE[0] - 0.5 * SCALE * 430, SIZE[1] / 2 + 60, 3.0)
    *_, last = scene.frames(START, [Hold(1)])
    return last


def judged(reading: BoardReading) -> str:
    """Pieces on their true cells, and the farthest miss (mm)."""
    if reading.view is None:
        return "board not found"
    right = sum(reading.pieces.get(marker) == cell for marker, cell in TRUTH.items())
    markers = [m for m in TRUTH if m in reading.quads]
    middles = np.array([reading.quads[m].mean(axis=0) for m in markers], dtype=np.float64)
    truth = np.array([CELL_CENTRES[TRUTH[m]] for m in markers])
    miss = float(np.linalg.norm(reading.view.to_board(middles) - truth, axis=1).max())
    return f"{right:2d}/26 {miss:4.1f} mm"


def plain(image: npt.NDArray[np.uint8]) -> BoardReading:
    """The reading through the plain homography (no bend looked for)."""
    kept = hex_view.REFIT_MM
    hex_view.REFIT_MM = float("inf")
    try:
        return read_board(image)
    finally:
        hex_view.REFIT_MM = kept


def measure() -> None:
    print("lens (corners %, quartic share, centre) | place | plain | straightened | bend found")
    for lens in LENSES:
        for right in (False, True):
            image = frame(lens, right=right)
            straightened = read_board(image)
            bend = straightened.view.bend.percent if straightened.view else float("nan")
            print(
                f"{lens.percent:+5.0f}% {lens.quartic:.1f} {lens.centre} | "
                f"{'right edge' if right else 'centred   '} | {judged(plain(image))} | "
                f"{judged(straightened)} | {bend:+.1f}%"
            )


def cost(count: int = 30) -> None:
    cv2.setNumThreads(1)
    image = frame(Lens(-12.0, 0.3, (0.03, -0.02)), right=True)
    straight = frame(Lens(0.0), right=True)
    first = read_board(image)
    reads: dict[str, list[float]] = {"search": [], "known": [], "straight": []}
    for _ in range(count):
        for kind, image_read, before in (
            ("search", image, None),  # no view before: the bend is looked for
            ("known", image, first.view),  # the bend known: no search
            ("straight", straight, None),  # a perfect lens: nothing to look for
        ):
            began = time.process_time()
            read_board(image_read, before)
            reads[kind].append((time.process_time() - began) * 1000)
    search, known, plain_ms = (statistics.median(reads[kind]) for kind in reads)
    print(
        f"{count} reads of a 1920x1080 frame, one thread, median CPU time: bent, with the "
        f"search {search:.1f} ms; bent, the bend known {known:.1f} ms; straight "
        f"{plain_ms:.1f} ms"
    )


def main() -> None:
    measure()
    cost()


if __name__ == "__main__":
    main()
