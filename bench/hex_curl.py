"""What paper that does not lie flat does to the hex board's reading.

    PYTHONPATH=$PWD .venv/bin/python bench/hex_curl.py

The synthetic board (companion.synthetic.hex_scene) at 1920x1080, 3.3 px a mm, under a
camera 45 cm up (a 66-degree lens) straight above the board's centre and set back as
a 20-degree slant puts it (its foot under the picture's bottom edge), printed on
paper that does not lie flat (companion.synthetic.curl): an A3 sheet whose edges curl
up (by 5-30 mm, over the outer 40 mm of the sheet, or over 100 mm: a sheet that was
rolled), and the four A4 tiles lifted along their seams (the board's middle lines,
across and down: 2-8 mm, a ridge 15 mm or 30 mm wide). The camera sees raised paper
out from its foot, as it sees a standing piece's top (companion.synthetic.raised).

Each row, over H1's start and 5 positions of the 26 pieces on random cells, each put
down up to 3 mm off its cell's centre: how well the six corner squares fit one flat
board (mm, root mean square: what ``companion calibrate --board`` shows, and asks
for the board laid flat past 1 mm), the pieces read on a wrong cell and not read (of
156), and the farthest a piece's code is read from its cell's centre (mm; 12 mm is
the next cell's edge).
"""

from __future__ import annotations

import numpy as np

from card_codes.hex_board import CELL_CENTRES
from companion.games.hex import START
from companion.synthetic.curl import Curl
from companion.synthetic.hex_games import scattered
from companion.synthetic.hex_scene import HexScene, Hold, markers_of
from companion.synthetic.raised import Raised
from companion.table.hex_board import read_board

SIZE = (1920, 1080)
SCALE = 3.3
OFFCENTRE = 3.0
FEET = {"straight": (0.5, 0.5), "20 deg": (0.5, 1.0)}
CURLS = {
    "flat": Curl(),
    "edges 5 mm": Curl(edge=5.0),
    "edges 10 mm": Curl(edge=10.0),
    "edges 20 mm": Curl(edge=20.0),
    "edges 30 mm": Curl(edge=30.0),
    "rolled, edges 10 mm": Curl(edge=10.0, reach=100.0),
    "rolled, edges 20 mm": Curl(edge=20.0, reach=100.0),
    "seams 2 mm": Curl(seam=2.0),
    "seams 4 mm": Curl(seam=4.0),
    "seams 8 mm": Curl(seam=8.0),
    "seams 4 mm, 30 wide": Curl(seam=4.0, seam_width=30.0),
    "seams 8 mm, 30 wide": Curl(seam=8.0, seam_width=30.0),
}


def row(curl: Curl, foot: tuple[float, float]) -> str:
    rng = np.random.default_rng(3)
    positions = [START, *(scattered(rng) for _ in range(5))]
    fits: list[float] = []
    wrong = lost = 0
    far = 0.0
    for position in positions:
        raised = Raised(0.0, foot)  # flat tokens; the camera's foot
        scene = HexScene(SIZE, SCALE, seed=1, curl=curl, raised=raised, offcentre=OFFCENTRE)
        *_, frame = scene.frames(position, [Hold(1)])
        reading = read_board(frame)
        truth = markers_of(position)
        if reading.view is None:
            return "board not found"
        fits.append(reading.view.residual)
        wrong += sum(reading.pieces.get(m) not in (cell, None) for m, cell in truth.items())
        lost += sum(reading.pieces.get(m) is None for m in truth)
        seen = [m for m in truth if m in reading.quads]
        middles = np.array([reading.quads[m].mean(axis=0) for m in seen])
        codes = reading.view.to_board(middles)
        cells = np.array([CELL_CENTRES[truth[m]] for m in seen])
        far = max(far, float(np.linalg.norm(codes - cells, axis=1).max()))
    count = len(positions) * 26
    return (
        f"corner fit {max(fits):.2f} mm, {wrong} of {count} on a wrong cell, "
        f"{lost} not read, codes up to {far:.1f} mm off"
    )


def main() -> None:
    for name, curl in CURLS.items():
        for camera, foot in FEET.items():
            print(f"{name}, camera {camera}: {row(curl, foot)}", flush=True)


if __name__ == "__main__":
    main()
