"""How far standing pieces' codes are seen off their cells, and how often read wrong.

    PYTHONPATH=$PWD .venv/bin/python bench/hex_parallax.py

A sticker on a real piece lies above the board, so the camera sees it out from its own
foot (companion.table.hex_parallax). The synthetic board (companion.synthetic.hex_scene)
at 1920x1080, 3.3 px a mm, under a camera 45 cm up (a 66-degree lens), is filmed with
pieces 0-20 mm tall, from a camera straight above the board's centre, set back as a
20-degree slant puts it (its foot under the picture's bottom edge), and set back
farther (30 degrees, past the docs' advice). The players put each piece down up to
5 mm off its cell's centre. The reader finds the parallax on each frame, from the
one before: here a first position (H1's start), then positions after it (the 26
pieces on random cells, put down afresh; a piece put down off centre next to another
may hide its code, which is not counted).

Each row: the farthest a code is seen off its cell's centre at the start (mm, the
put-down offset included; 12 mm is the next cell's edge); the scale the fit finds
(1: flat) beside the camera's true one; and over the later positions, the pieces
read on a wrong cell (of 26 times the positions), plain and with the parallax found.
Then the fit's cost, one thread: from the parallax of the frame before (each frame)
and from none (a reader's first frame), median of 2,000.
"""

from __future__ import annotations

import statistics
import time

import numpy as np

from card_codes.hex_board import CELL_CENTRES
from companion.games.hex import START, Position
from companion.synthetic.hex_games import scattered
from companion.synthetic.hex_scene import HexScene, Hold, markers_of
from companion.synthetic.raised import Raised
from companion.table import hex_board
from companion.table.hex_board import read_board
from companion.table.hex_parallax import Parallax, fit_parallax

SIZE = (1920, 1080)
SCALE = 3.3
OFFCENTRE = 5.0
POSITIONS = 12
HEIGHTS = (0.0, 5.0, 10.0, 15.0, 20.0)
#: The camera's foot as a fraction of the picture (x, y): straight above, under the
#: bottom edge (a 20-degree slant at 45 cm: 16 cm back), farther (30 degrees).
FEET = {"straight": (0.5, 0.5), "20 deg": (0.5, 1.0), "30 deg": (0.5, 1.3)}


def misread(position: Position, scene: HexScene, parallax: Parallax | None) -> tuple[int, int]:
    """The pieces read on a wrong cell in one frame, plain (no parallax looked for) and
    as the reader reads it (the parallax found on the first position given)."""
    *_, image = scene.frames(position, [Hold(1)])
    truth = markers_of(position)

    def wrong(pieces: dict[int, str | None]) -> int:
        return sum(1 for m, cell in truth.items() if pieces.get(m) not in (cell, None))

    setattr(hex_board, "fit_parallax", lambda *_: None)  # noqa: B010
    try:
        plain = wrong(read_board(image).pieces)
    finally:
        setattr(hex_board, "fit_parallax", fit_parallax)  # noqa: B010
    return plain, wrong(read_board(image, None, parallax).pieces)


def row(height: float, foot: tuple[float, float]) -> str:
    raised = Raised(height, foot)
    first = HexScene(SIZE, SCALE, seed=1, raised=raised, offcentre=OFFCENTRE)
    *_, image = first.frames(START, [Hold(1)])
    reading = read_board(image)
    parallax = reading.parallax
    assert reading.view is not None
    middles = {m: quad.mean(axis=0) for m, quad in reading.quads.items()}
    truth = markers_of(START)
    tops = reading.view.to_board(np.array([middles[m] for m in truth if m in middles]))
    cells = np.array([CELL_CENTRES[truth[m]] for m in truth if m in middles])
    far = float(np.linalg.norm(tops - cells, axis=1).max())
    rng = np.random.default_rng(5)
    plain = fixed = 0
    for trial in range(POSITIONS):
        scene = HexScene(SIZE, SCALE, seed=10 + trial, raised=raised, offcentre=OFFCENTRE)
        position = scattered(rng)
        before, after = misread(position, scene, parallax)
        plain, fixed = plain + before, fixed + after
    found = "-" if parallax is None else f"{parallax.scale:.4f}"
    true = raised.scale(SIZE[0], SCALE)
    total = 26 * POSITIONS
    return (
        f"{height:6.0f} mm  {far:8.1f} mm  {found:>8s} / {true:.4f}"
        f"  {plain:4d} / {total}  {fixed:4d} / {total}"
    )


def cost(height: float) -> tuple[float, float]:
    """The fit's median time (ms) from the last parallax and from none, H1's start
    with pieces ``height`` mm tall under a camera set back 20 degrees."""
    scene = HexScene(SIZE, SCALE, seed=1, raised=Raised(height, FEET["20 deg"]), offcentre=3.0)
    *_, image = scene.frames(START, [Hold(1)])
    reading = read_board(image)
    assert reading.view is not None
    middles = [quad.mean(axis=0) for marker, quad in reading.quads.items() if marker >= 10]
    tops = reading.view.to_board(np.array(middles))
    medians = []
    for start in (reading.parallax, None):
        times = []
        for _ in range(2000):
            began = time.perf_counter()
            fit_parallax(reading.view, tops, start)
            times.append(time.perf_counter() - began)
        medians.append(statistics.median(times) * 1000)
    return medians[0], medians[1]


def main() -> None:
    print(f"{SIZE[0]}x{SIZE[1]}, {SCALE} px a mm, pieces put down up to {OFFCENTRE:.0f} mm off")
    for name, foot in FEET.items():
        print(f"\ncamera {name} (foot at {foot[0]:.1f}, {foot[1]:.1f} of the picture)")
        print("height   farthest off  scale found / true  wrong plain  wrong corrected")
        for height in HEIGHTS:
            print(row(height, foot))
    print("\nthe fit's cost (median, one thread): from the frame before / from none")
    for height in (0.0, 15.0):
        last, none = cost(height)
        print(f"{height:6.0f} mm  {last:.2f} ms / {none:.2f} ms")


if __name__ == "__main__":
    main()
