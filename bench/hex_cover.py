"""How well, and how cheaply, the companion tells a hand over a hex piece from a missing piece.

    PYTHONPATH=$PWD .venv/bin/python bench/hex_cover.py             # the measure, then the cost
    PYTHONPATH=$PWD .venv/bin/python bench/hex_cover.py --frames 20
    PYTHONPATH=$PWD .venv/bin/python bench/hex_cover.py --plain     # the light not taken out

The measure (companion.table.hex_cover): a piece's last cell, and its neighbours,
compared with the board's print by normalized correlation. On the synthetic board
(companion.synthetic.hex_scene: H1's start, the board turned 8 degrees), each of half
the pieces in turn is knocked off (its cell empty), turned code down (its cell alone
covered) and under a resting hand, at 1280x720 and at 1920x1080 with the camera tilted
12 degrees, under the generator's light (dim with a gradient, bright), more sensor
noise, a frame of motion blur, and a lamp flickering with the mains (bands 30%
brighter and darker, 3.3 of them over the picture as a sensor read out in 1/30 s
films a 100 Hz flicker, and 6 for a slower sensor, drifting a third of a band a
frame: companion.synthetic.optics.Flicker). Printed per case: the lowest correlation of an
empty cell, the highest of a covered one (:data:`PRINT_MATCH` lies between), and the
neighbours found covered (:data:`HAND_CELLS` or more is a hand); a frame too blurred
to judge (companion.table.hex_sharpness) gets no look, as in the reader, and is
counted apart.

The cost: at 1920x1080, with OpenCV held to one thread, the CPU time of the looks
:class:`~companion.table.hex_reader.BoardReader` makes in each frame where a hand
rests over pieces (one per unseen piece's cell; none while every piece is seen or
the board moves), beside :func:`read_board`'s on the same frames.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

import cv2
import numpy as np
import numpy.typing as npt

from companion.games.hex import START
from companion.synthetic.hex_scene import (
    Blur,
    Flip,
    HexScene,
    HexStep,
    Hold,
    Knock,
    Light,
    Rest,
    markers_of,
)
from companion.synthetic.optics import Flicker
from companion.table import hex_cover
from companion.table.hex_board import read_board
from companion.table.hex_cover import HAND_CELLS, PRINT_MATCH, Cover, Look, look
from companion.table.hex_reader import BoardReader

SIZES = {"1280x720": ((1280, 720), 2.3, 0.0), "1920x1080 tilted": ((1920, 1080), 3.3, 12.0)}
#: Each light: its steps, the extra sensor noise, and the lamp's flicker (bands).
LIGHTS: dict[str, tuple[list[HexStep], float, Flicker | None]] = {
    "plain": ([], 0.0, None),
    "dim, gradient": ([Light(0.55, 0.4, frames=1)], 0.0, None),
    "bright": ([Light(1.25, -0.3, frames=1)], 0.0, None),
    "noisy": ([], 6.0, None),
    "motion blur": ([Blur(7, 20.0, frames=1)], 0.0, None),
    "flickering lamp": ([], 0.0, Flicker(0.3)),
    "flickering, fast": ([], 0.0, Flicker(0.3, 6.0)),
}


def _look(scene: HexScene, steps: Sequence[HexStep], cell: str) -> Look | None:
    """The look at ``cell`` in the last frame of ``steps``; None if the frame is too
    blurred to judge (the reader makes no look then, companion.table.hex_sharpness)."""
    *_, frame = scene.frames(START, [*steps])
    reading = read_board(frame)
    assert reading.view is not None, "the board was not found"
    if reading.blurred:
        return None
    read = {c for c in reading.pieces.values() if c is not None}
    return look(frame, reading.view, cell, read)


def measure() -> None:
    """The correlations and covered neighbours per case (module docstring)."""
    cells = markers_of(START)
    print(f"PRINT_MATCH {PRINT_MATCH}, HAND_CELLS {HAND_CELLS}")
    print("case | empty: lowest | code down: highest, covered | hand: highest, covered")
    for size_name, (size, scale, tilt) in SIZES.items():
        for light_name, (light, noise, flicker) in LIGHTS.items():
            scene = HexScene(
                size, scale, seed=3, tilt=tilt, frames_per_step=1, noise=noise, flicker=flicker
            )
            scene.pose = (size[0] / 2 + 7, size[1] / 2 - 5, 8.0)
            scene.scale_board(0.9)
            looks: list[Look | None] = []
            knocked: list[Look] = []
            flipped: list[Look] = []
            hands: list[Look] = []
            for marker, cell in sorted(cells.items())[::2]:
                for kind, steps in (
                    (knocked, [Knock(marker), *light]),
                    (flipped, [Flip(marker), *light]),
                    (hands, [Rest(cell), *light]),
                ):
                    seen = _look(scene, steps, cell)
                    looks.append(seen)
                    if seen is not None:
                        kind.append(seen)
            blurred = sum(seen is None for seen in looks)
            if blurred == len(looks):
                print(f"{size_name}, {light_name} | every frame too blurred: no look made")
                continue
            wrong = sum(seen.cover is not Cover.EMPTY for seen in knocked)
            wrong += sum(seen.cover is Cover.HIDDEN for seen in flipped)
            wrong += sum(seen.cover is not Cover.HIDDEN for seen in hands)
            print(
                f"{size_name}, {light_name} | {min(s.match for s in knocked):.2f}"
                f" | {max(s.match for s in flipped):.2f}, {max(len(s.covered) for s in flipped)}"
                f" | {max(s.match for s in hands):.2f}, {min(len(s.covered) for s in hands)}"
                f" | {wrong} of {len(looks) - blurred} told wrong, {blurred} too blurred"
            )


def cost(count: int) -> None:
    """CPU per frame of the looks, and of the whole reader, a hand resting (module
    docstring)."""
    cv2.setNumThreads(1)
    for cell in ("k3", "b2"):
        scene = HexScene((1920, 1080), 3.3, seed=1, frames_per_step=1)
        frames = list(scene.frames(START, [Hold(4), Rest(cell), Hold(count)]))
        reader = BoardReader()
        for index, frame in enumerate(frames[:6]):  # the print is drawn on the first look
            reader.feed(frame, index / 5)
        alone, whole, looks = [], [], []
        for index, frame in enumerate(frames[6:], start=6):
            began = time.process_time()
            reading = read_board(frame)
            alone.append((time.process_time() - began) * 1000)
            began = time.process_time()
            reader.feed(frame, index / 5)
            whole.append((time.process_time() - began) * 1000)
            # the looks the reader made, again: one per cell of a piece not seen
            assert reading.view is not None
            read = {c for c in reading.pieces.values() if c is not None}
            cells = {seen.cell for seen in reader.hidden.values()}
            began = time.process_time()
            for hidden in cells:
                look(frame, reading.view, hidden, read)
            looks.append(((time.process_time() - began) * 1000, len(cells)))
        spent, most = statistics.median(t for t, _ in looks), max(n for _, n in looks)
        print(
            f"hand on {cell}, {len(frames) - 6} frames 1920x1080: {len(reader.hidden)} pieces"
            f" hidden, {most} cells looked at a frame: the looks take median {spent:.1f} ms"
            f" a frame ({spent / most:.2f} ms a cell); read_board median "
            f"{statistics.median(alone):.1f} ms, BoardReader.feed (all of it) "
            f"{statistics.median(whole):.1f} ms"
        )


def _even_light(run: npt.NDArray[np.intp], down: int) -> npt.NDArray[np.float32]:
    """The light's strength alone, as one unit column over the cell's pixels."""
    return np.full((len(run), 1), 1 / np.sqrt(len(run)), dtype=np.float32)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument(
        "--plain",
        action="store_true",
        help="compare each cell with its print by plain normalized correlation, only the "
        "light's strength taken out (how the look compared before the bands were)",
    )
    args = parser.parse_args()
    if args.plain:
        setattr(hex_cover, "_light_shapes", _even_light)  # noqa: B010
    measure()
    cost(args.frames)


if __name__ == "__main__":
    main()
