"""Where the hex board's blur threshold comes from: the sharpness of frames smeared by motion blur.

    PYTHONPATH=$PWD .venv/bin/python bench/hex_sharpness.py

On the synthetic board (companion.synthetic.hex_scene: H1's start, the board turned 8
degrees and shown at 0.9 of its size), at 1280x720 (2.1 px a mm) and at 1920x1080 (3.0
px a mm) with the camera tilted 12 degrees, under the generator's lights (plain, dim
with a gradient, bright) and more sensor noise, each frame is smeared by a motion blur
of 0 to 15 px along 0, 30, 90 and 135 degrees. Printed per blur length: the frame's
:func:`~companion.table.hex_sharpness.sharpness` (lowest and highest over the
directions) and the fewest pieces read (of 26; "-" where the board itself was lost).
:data:`~companion.table.hex_sharpness.BLURRED` lies below every sharp frame and above
the frames where the pieces' codes are lost. Then a camera out of focus (the frame
softened by a Gaussian of 0 to 2.4 px, plain light), alone and under a 3 px smear
across: its sharpness, and the pieces read. Then the cost: the CPU time of
:func:`sharpness` in :func:`~companion.table.hex_board.read_board`, at 1920x1080, one
thread.
"""

from __future__ import annotations

import statistics
import time

import cv2
from hex_cover import LIGHTS as COVER_LIGHTS
from hex_cover import SIZES

from companion.games.hex import START
from companion.synthetic.hex_scene import HexScene, Hold, Shake
from companion.table.hex_board import read_board
from companion.table.hex_sharpness import BLURRED, sharpness

#: The sizes and lights of bench/hex_cover.py (this folder is the script's, on the path),
#: without its frame of motion blur: the blur is what varies here.
LIGHTS = {name: light for name, light in COVER_LIGHTS.items() if name != "motion blur"}
LENGTHS = (0, 2, 3, 4, 5, 6, 7, 9, 12, 15)
DEFOCUS = (0.0, 0.6, 0.9, 1.2, 1.6, 2.0, 2.4)
ANGLES = (0.0, 30.0, 90.0, 135.0)


def measure() -> None:
    """Sharpness and pieces read per blur length (module docstring)."""
    print(f"BLURRED {BLURRED}: blur px: sharpness lowest-highest / fewest pieces read")
    for size_name, (size, scale, tilt) in SIZES.items():
        for light_name, (light, noise) in LIGHTS.items():
            scene = HexScene(size, scale, seed=3, tilt=tilt, frames_per_step=1, noise=noise)
            scene.pose = (size[0] / 2 + 7, size[1] / 2 - 5, 8.0)
            scene.scale_board(0.9)
            cells = []
            for length in LENGTHS:
                values, reads = [], []
                for angle in ANGLES[: 1 if length == 0 else None]:
                    *_, frame = scene.frames(START, [*light, Shake(length, angle), Hold(1)])
                    reading = read_board(frame)
                    if not reading.found:
                        continue
                    values.append(reading.sharpness)
                    reads.append(sum(cell is not None for cell in reading.pieces.values()))
                if not values:
                    cells.append(f"{length}: -")
                    continue
                cells.append(f"{length}: {min(values):.2f}-{max(values):.2f}/{min(reads)}")
            print(f"{size_name}, {light_name} | " + " | ".join(cells))


def out_of_focus() -> None:
    """Sharpness and pieces read per defocus, still and smeared (module docstring)."""
    print("out of focus: Gaussian px: sharpness/pieces read, still | under a 3 px smear")
    for size_name, (size, scale, tilt) in SIZES.items():
        cells = []
        for sigma in DEFOCUS:
            scene = HexScene(size, scale, seed=3, tilt=tilt, frames_per_step=1, defocus=sigma)
            scene.pose = (size[0] / 2 + 7, size[1] / 2 - 5, 8.0)
            scene.scale_board(0.9)
            shown = []
            for length in (0, 3):
                *_, frame = scene.frames(START, [Shake(length), Hold(1)])
                reading = read_board(frame)
                read = sum(cell is not None for cell in reading.pieces.values())
                shown.append(f"{reading.sharpness:.2f}/{read}" if reading.found else "-")
            cells.append(f"{sigma}: {' '.join(shown)}")
        print(f"{size_name} | " + " | ".join(cells))


def cost(count: int = 40) -> None:
    """CPU per frame of the sharpness, beside the whole reading (module docstring)."""
    cv2.setNumThreads(1)
    scene = HexScene((1920, 1080), 3.3, seed=1, frames_per_step=1)
    frames = list(scene.frames(START, [Hold(count)]))
    first = read_board(frames[0])  # the detector and the print's figures are made once
    assert first.view is not None
    spent, whole = [], []
    for frame in frames:
        grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        began = time.process_time()
        reading = read_board(frame)
        whole.append((time.process_time() - began) * 1000)
        assert reading.view is not None
        began = time.process_time()
        sharpness(grey, reading.view, reading.fiducial_ids)
        spent.append((time.process_time() - began) * 1000)
    print(
        f"{count} frames 1920x1080, one thread: sharpness median "
        f"{statistics.median(spent):.2f} ms a frame; read_board (all of it) median "
        f"{statistics.median(whole):.1f} ms"
    )


def main() -> None:
    measure()
    out_of_focus()
    cost()


if __name__ == "__main__":
    main()
