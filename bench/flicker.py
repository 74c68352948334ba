"""How many card codes each decoder reads under a lamp flickering with the mains.

    PYTHONPATH=$PWD .venv/bin/python bench/flicker.py

LED and fluorescent lamps flicker at twice the mains' frequency; a camera's rolling
shutter, with a short exposure, films that as bands of light and shade across the
picture (companion.synthetic.optics.Flicker: the bands 30% or 50% brighter and darker,
3.3 of them over the picture's height as a sensor read out in 1/30 s films a 100 Hz
flicker, or 6 for a slower read-out). The frames of the example trick
(examples/table/trick, 640x360) are banded so, each at another point of the bands'
drift, and every card code read is counted (corner codes and large ones: detections,
not cards), per decoder (card_codes.decode). The remedy is the camera's: a Pi camera's
``mains_hz`` (docs/camera.md) keeps each exposure to whole periods of the flicker.

Then the table's whole reader (bench/pipeline.py's five tricks at 1280x720, 30 frames a
second) under the same bands: the cards placed right of 20, taken away of 20, and the
slowest card's event after it was shown, as it reads now (each row of a frame brought
to the other frame's light before the change detection compares them,
companion.table.changes) and with that turned off (the frames compared as they come).
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from card_codes.decode import decode_image
from companion.synthetic.optics import Flicker, banded
from companion.table import changes

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pipeline

FRAMES = Path(__file__).resolve().parent.parent / "examples" / "table" / "trick"
LIGHTS = {
    "steady": None,
    "bands 30%, 3.3": Flicker(0.3),
    "bands 30%, 6": Flicker(0.3, 6.0),
    "bands 50%, 3.3": Flicker(0.5),
    "bands 50%, 6": Flicker(0.5, 6.0),
}


def tricks(flicker: Flicker | None, *, even: bool) -> str:
    """The reader over five tricks under ``flicker``, with rows evened or not."""
    saved = (changes.evened, changes.RELATIVE)
    if not even:
        changes.evened, changes.RELATIVE = (lambda small, base: small), 0.0
    try:
        out = pipeline.run(pipeline.SIZES["720p"], pipeline.trick_steps(5), flicker=flicker)
    finally:
        changes.evened, changes.RELATIVE = saved
    slowest = max(out.latencies, default=float("nan"))
    taken = f"{out.removed}/{out.expected_removed} taken"
    return f"{out.right}/{out.expected} placed, {taken}, {slowest:.2f} s"


def main() -> None:
    frames: list[npt.NDArray[np.uint8]] = [
        np.asarray(cv2.imread(str(path)), dtype=np.uint8) for path in sorted(FRAMES.glob("*.jpg"))
    ]
    print(f"{len(frames)} frames {frames[0].shape[1]}x{frames[0].shape[0]}: codes read")
    print(f"{'light':<16} {'zxing':>6} {'pyzbar':>7}")
    for name, flicker in LIGHTS.items():
        counts = []
        for backend in ("zxing", "pyzbar"):
            read = 0
            for index, frame in enumerate(frames):
                shown = frame if flicker is None else banded(frame, flicker, index)
                read += len(decode_image(shown, backend=backend).cards)
            counts.append(read)
        print(f"{name:<16} {counts[0]:>6} {counts[1]:>7}")
    print("\nthe reader, five tricks at 1280x720: as it reads | frames compared as they come")
    for name, flicker in {
        "steady": None,
        "bands 15%, 3.3": Flicker(0.15),
        "bands 20%, 3.3": Flicker(0.2),
        "bands 20%, 6": Flicker(0.2, 6.0),
        "bands 30%, 3.3": Flicker(0.3),
    }.items():
        print(f"{name:<16} {tricks(flicker, even=True)} | {tricks(flicker, even=False)}")


if __name__ == "__main__":
    main()
